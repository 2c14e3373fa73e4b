//! The shared sample of a real corpus (3,000 Big5 files of the Chinese Chess Practical
//! Dataset): read from raw bytes, encodings found, every move legal, the failures listed.
//! Public XQF files, when a copy is at hand, read too.

mod common;

use common::shared;
use std::path::PathBuf;
use xiangqi_core::encoding::TextEncoding;
use xiangqi_core::pgn::WriteOptions;
use xiangqi_records::{read_path, stream_path, Format, ReadOptions, Stats};

#[test]
fn the_ccpd_sample_reads_from_raw_bytes() {
    let Some(shared) = shared() else { return };
    let dir = shared.join("corpus/ccpd-sample");
    let files = read_path(&dir, &ReadOptions::default()).unwrap();
    assert_eq!(files.len(), 3000);
    let mut stats = Stats::default();
    let mut failed = Vec::new();
    for file in &files {
        stats.add_file(file);
        assert_eq!(file.encoding, TextEncoding::Big5, "{}", file.path.display());
        let errors: Vec<String> = file
            .games
            .iter()
            .filter_map(|g| g.as_ref().err().map(|e| e.to_string()))
            .collect();
        if !errors.is_empty() || file.games.is_empty() {
            failed.push(format!("{}: {}", file.path.display(), errors.join("; ")));
        }
        for game in file.games.iter().flatten() {
            // Legal by construction; playing them again proves it.
            game.end_position().unwrap();
            game.to_pgn(&WriteOptions::default()).unwrap();
        }
    }
    for f in &failed {
        eprintln!("not read: {f}");
    }
    assert!(
        failed.len() * 1000 <= files.len(),
        "{} of {} files not read",
        failed.len(),
        files.len()
    );
    assert_eq!(stats.games as usize + failed.len(), 3000);
    // Unescaped quotes in tag values are in the published files, and are repaired.
    assert!(stats.warned > 0);

    // One game checked by hand: 相三進五 炮２平６ 馬八進七 馬２進３ (g0e2 b7f7 b0c2 b9c7).
    let file = files
        .iter()
        .find(|f| f.path.ends_with("全盤戰術/00000117.pgn"))
        .unwrap();
    let game = file.games[0].as_ref().unwrap();
    let moves: Vec<String> = game.mainline().take(4).map(|m| m.to_string()).collect();
    assert_eq!(moves, ["g0e2", "b7f7", "b0c2", "b9c7"]);
    assert_eq!(game.tag("Red"), Some("火車頭崔巖"));
    assert_eq!(game.tag("ECCO"), Some("A35"));

    // Streaming gives the same files in the same order.
    let streamed: Vec<PathBuf> = stream_path(&dir, &ReadOptions::default())
        .unwrap()
        .map(|f| f.path)
        .collect();
    let listed: Vec<PathBuf> = files.iter().map(|f| f.path.clone()).collect();
    assert_eq!(streamed, listed);
    // A stream dropped early stops its reader, and others go on; within a deadline, since a
    // reader that does not stop would hang the test.
    let (done, finished) = std::sync::mpsc::channel();
    let first_listed = listed.first().cloned();
    std::thread::spawn(move || {
        for _ in 0..3 {
            let first = stream_path(&dir, &ReadOptions::default()).unwrap().next();
            assert_eq!(first.map(|f| f.path), first_listed);
        }
        let _ = done.send(());
    });
    finished
        .recv_timeout(std::time::Duration::from_secs(120))
        .expect("a stream dropped early did not stop its reader within 120 s");
}

/// Public XQF files (versions 1.0, 1.2, 1.6 and 1.8), fetched outside the repository (their
/// licence does not let the repository ship them): set `XQF_SAMPLES` to their folder (default
/// `/work/ext/xqf-samples`) and run the ignored tests. Ignored, so that a run without them
/// says so instead of passing; run without the files it fails, naming the folder.
#[test]
#[ignore = "needs public XQF files in XQF_SAMPLES, which the repository may not ship"]
fn public_xqf_samples() {
    let dir = std::env::var_os("XQF_SAMPLES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/ext/xqf-samples"));
    assert!(
        dir.is_dir(),
        "no XQF samples at {} (set XQF_SAMPLES to their folder)",
        dir.display()
    );
    let files = read_path(&dir, &ReadOptions::default()).unwrap();
    assert!(!files.is_empty());
    for file in &files {
        assert_eq!(file.format, Format::Xqf);
        for game in &file.games {
            let game = game
                .as_ref()
                .unwrap_or_else(|e| panic!("{}: {e}", file.path.display()));
            game.end_position().unwrap();
        }
    }
    // ucci_test1.xqf comes with its moves written out: 炮五进四 士５进６ 车六平五 将５平４.
    if let Some(file) = files.iter().find(|f| f.path.ends_with("ucci_test1.xqf")) {
        let game = file.games[0].as_ref().unwrap();
        let moves: Vec<String> = game.mainline().take(4).map(|m| m.to_string()).collect();
        assert_eq!(moves, ["e2e6", "e8f7", "d7e7", "e9d9"]);
    }
}
