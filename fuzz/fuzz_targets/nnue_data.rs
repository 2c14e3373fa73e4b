//! Arbitrary bytes as an NNUE training-data file: the reader never panics, every record read
//! rebuilds into training samples without panicking, and resuming (opening the file to append,
//! which cuts a damaged tail) keeps exactly the records before the first bad one. The bytes are
//! tried as given and with each record's checksum made right, so that the fuzzer gets past the
//! checksums to the boards and moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_nnue::data::{DataFile, DataReader, MAGIC};
use xiangqi_nnue::train::{game_samples, Filter};
use xiangqi_nnue::NetGame;

fn fnv1a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    h
}

/// The bytes with every whole record's checksum recomputed.
fn with_checksums(data: &[u8]) -> Vec<u8> {
    let mut out = data.to_vec();
    let mut at = MAGIC.len();
    while at + 4 <= out.len() {
        let len = u32::from_le_bytes(out[at..at + 4].try_into().unwrap()) as usize;
        let body = at + 4;
        if len < 4 || body + len > out.len() {
            break;
        }
        let checksum = fnv1a(&out[body..body + len - 4]);
        out[body + len - 4..body + len].copy_from_slice(&checksum.to_le_bytes());
        at = body + len;
    }
    out
}

fn read(bytes: &[u8]) {
    let Ok(reader) = DataReader::new(bytes) else {
        return;
    };
    let mut good = 0u64;
    let mut indices = std::collections::BTreeSet::new();
    let mut positions = 0u64;
    let mut samples = Vec::new();
    for record in reader {
        let Ok(record) = record else { break };
        good += 1;
        indices.insert(record.index);
        positions += record.moves.len() as u64;
        for game in [NetGame::Xiangqi, NetGame::Janggi] {
            let filter = Filter {
                game,
                ..Filter::default()
            };
            samples.clear();
            game_samples(&record, &filter, &mut samples);
            assert!(samples.len() <= record.moves.len());
        }
    }
    // Resuming: the same bytes as a file opened to append.
    let path = std::env::temp_dir().join(format!("xiangqi-fuzz-data-{}", std::process::id()));
    std::fs::write(&path, bytes).expect("the temporary file is writable");
    let file = DataFile::open(&path).expect("a file that starts with the magic opens");
    assert_eq!(file.games(), indices.len() as u64);
    assert_eq!(file.positions(), positions);
    drop(file);
    let kept = std::fs::read(&path).unwrap();
    let again: Vec<_> = DataReader::new(&kept[..]).unwrap().collect();
    assert_eq!(
        again.len() as u64,
        good,
        "the kept file holds the good records only"
    );
    assert!(again.iter().all(Result::is_ok));
    let _ = std::fs::remove_file(&path);
}

fuzz_target!(|data: &[u8]| {
    read(data);
    let fixed = with_checksums(data);
    if fixed != data {
        read(&fixed);
    }
});
