//! Reads a file or folder of records and prints what it holds, with the time taken.
//!
//! ```text
//! cargo run --release -p xiangqi-records --example read_dir -- PATH [THREADS]
//! ```

use std::time::Instant;
use xiangqi_records::{read_path, ReadOptions, Stats};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: read_dir PATH [THREADS]");
    if let Some(threads) = args.next().and_then(|t| t.parse().ok()) {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global()
            .expect("a thread pool");
    }
    let start = Instant::now();
    let files = read_path(path.as_ref(), &ReadOptions::default()).expect("a readable path");
    let seconds = start.elapsed().as_secs_f64();
    let verbose = std::env::var_os("VERBOSE").is_some();
    let mut stats = Stats::default();
    for file in &files {
        stats.add_file(file);
        for game in &file.games {
            match game {
                Err(e) => println!("error {}: {e}", file.path.display()),
                Ok(game) if verbose => {
                    for w in &game.warnings {
                        println!("warning {}: {w}", file.path.display());
                    }
                }
                Ok(_) => {}
            }
        }
    }
    print!("{stats}");
    println!(
        "time {seconds:.3} s, {:.0} games/s",
        stats.games as f64 / seconds
    );
}
