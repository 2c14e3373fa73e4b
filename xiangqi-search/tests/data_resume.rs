//! Training data written by the generator and resumed after damage: a file cut inside a game,
//! or with bytes after its last game, is read up to its last whole game, and a resumed run
//! plays exactly the missing games, so that the file ends with each requested game once.

use std::sync::atomic::AtomicBool;
use xiangqi_nnue::data::{DataFile, DataReader};
use xiangqi_nnue::train::{Dataset, Filter};
use xiangqi_search::datagen::{self, GenConfig};
use xiangqi_search::Evaluation;

const GAMES: u64 = 10;

fn config() -> GenConfig {
    GenConfig {
        nodes: 150,
        evaluation: Evaluation::Classical,
        hash_mb: 1,
        max_plies: 60,
        seed: 9,
        ..GenConfig::default()
    }
}

/// The game numbers of a file in the order stored, and the offset where each game ends.
fn games_of(path: &std::path::Path) -> Vec<(u64, u64)> {
    let mut reader = DataReader::open(path).unwrap();
    let mut out = Vec::new();
    while let Some(record) = reader.next_whole_game().unwrap() {
        out.push((record.index, reader.offset()));
    }
    out
}

#[test]
fn a_damaged_generated_file_resumes_to_each_requested_game_once() {
    let dir = std::env::temp_dir().join(format!("xq-data-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let original = dir.join("games.bin");
    let _ = std::fs::remove_file(&original);
    let stop = AtomicBool::new(false);
    let mut data = DataFile::open(&original).unwrap();
    datagen::run(&config(), &mut data, GAMES, 2, &stop, &mut |_| {}).unwrap();
    drop(data);
    let bytes = std::fs::read(&original).unwrap();
    let stored = games_of(&original);
    assert_eq!(stored.len() as u64, GAMES);

    // Cuts inside the header, inside games (just after a game's start, in its middle, a
    // byte short of its end) and exactly between games; then garbage after whole games.
    let mut damaged: Vec<(String, Vec<u8>, usize)> = Vec::new();
    for cut in [0usize, 3, 8] {
        damaged.push((format!("cut at {cut}"), bytes[..cut].to_vec(), 0));
    }
    let mut start = 8u64;
    for (k, &(_, end)) in stored.iter().enumerate() {
        for cut in [start + 1, (start + end) / 2, end - 1, end] {
            let whole = k + usize::from(cut == end);
            damaged.push((
                format!("cut at {cut}"),
                bytes[..cut as usize].to_vec(),
                whole,
            ));
        }
        start = end;
    }
    let mut s: u64 = 0x9e37_79b9_7f4a_7c15;
    for k in [0usize, 4, GAMES as usize] {
        for len in [1usize, 7, 300, 70_000] {
            let end = if k == 0 { 8 } else { stored[k - 1].1 as usize };
            let mut file = bytes[..end].to_vec();
            file.extend((0..len).map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                s as u8
            }));
            damaged.push((format!("{len} random bytes after {k} games"), file, k));
        }
    }

    let path = dir.join("damaged.bin");
    for (what, file, whole) in damaged {
        std::fs::write(&path, &file).unwrap();
        if file.len() >= 8 {
            // Training reads the whole games and leaves the rest out.
            let set = Dataset::load(&[path.as_path()], &Filter::default(), 0).unwrap();
            assert_eq!(set.games, whole as u64, "{what}");
            let tails = set.damaged_tails.len();
            let clean = whole == 0 && file.len() == 8
                || whole > 0 && file.len() as u64 == stored[whole - 1].1;
            assert_eq!(tails, usize::from(!clean), "{what}");
        }
        let mut data = DataFile::open(&path).unwrap();
        assert_eq!(data.games(), whole as u64, "{what}");
        let mut played = 0;
        datagen::run(&config(), &mut data, GAMES, 2, &stop, &mut |_| played += 1).unwrap();
        assert_eq!(
            played,
            GAMES as usize - whole,
            "{what}: only the missing games are played"
        );
        assert_eq!(data.games(), GAMES, "{what}");
        drop(data);
        let after = games_of(&path);
        let mut numbers: Vec<u64> = after.iter().map(|&(i, _)| i).collect();
        numbers.sort_unstable();
        assert_eq!(
            numbers,
            (0..GAMES).collect::<Vec<_>>(),
            "{what}: each game once"
        );
        // The whole games before the damage are kept byte for byte, in their order.
        let kept = if whole == 0 {
            8
        } else {
            stored[whole - 1].1 as usize
        };
        assert_eq!(
            std::fs::read(&path).unwrap()[..kept],
            bytes[..kept],
            "{what}"
        );
        let mut reader = DataReader::open(&path).unwrap();
        while reader.next_whole_game().unwrap().is_some() {}
        assert_eq!(reader.damaged_tail(), None, "{what}: no garbage is kept");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
