//! Prints every record of a file or folder as PGN (ICCS moves), for looking at what was read.
//!
//! ```text
//! cargo run -p xiangqi-records --example dump -- PATH
//! ```

use xiangqi_core::pgn::WriteOptions;
use xiangqi_records::{read_path, ReadOptions};

fn main() {
    let path = std::env::args().nth(1).expect("usage: dump PATH");
    let options = WriteOptions {
        iccs_dashed: false,
        ..WriteOptions::default()
    };
    for file in read_path(path.as_ref(), &ReadOptions::default()).expect("a readable path") {
        println!("== {} ({})", file.path.display(), file.encoding);
        for game in &file.games {
            match game {
                Ok(game) => {
                    for w in &game.warnings {
                        println!("warning: {w}");
                    }
                    print!("{}", game.to_pgn(&options).unwrap_or_default());
                }
                Err(e) => println!("error: {e}"),
            }
        }
    }
}
