//! Times the phases of reading a folder on one thread: the files, decoding, parsing.
//!
//! ```text
//! cargo run --release -p xiangqi-records --example phases -- DIR
//! ```

use std::time::Instant;
use xiangqi_core::encoding::{self, TextEncoding};
use xiangqi_core::pgn::{PgnReader, ReadOptions};

fn main() {
    let dir = std::env::args().nth(1).expect("usage: phases DIR");
    let files = xiangqi_records::list_files(dir.as_ref()).expect("a folder");
    let t = Instant::now();
    let bytes: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    println!("read   {:.3} s", t.elapsed().as_secs_f64());
    let t = Instant::now();
    let texts: Vec<String> = bytes
        .iter()
        .map(|b| encoding::decode(b, TextEncoding::Auto).text.into_owned())
        .collect();
    println!("decode {:.3} s", t.elapsed().as_secs_f64());
    let t = Instant::now();
    let texts2: Vec<String> = bytes
        .iter()
        .map(|b| encoding::decode(b, TextEncoding::Big5).text.into_owned())
        .collect();
    println!("decode as big5 {:.3} s", t.elapsed().as_secs_f64());
    assert_eq!(texts, texts2);
    let t = Instant::now();
    let mut games = 0;
    for text in &texts {
        games += PgnReader::with_options(text.as_bytes(), ReadOptions::default()).count();
    }
    println!("parse  {:.3} s ({games} games)", t.elapsed().as_secs_f64());
    let t = Instant::now();
    let mut plies = 0;
    for text in &texts {
        for game in PgnReader::new(text.as_bytes()).flatten() {
            plies += game.moves.len();
        }
    }
    println!(
        "parse again {:.3} s ({plies} plies)",
        t.elapsed().as_secs_f64()
    );
}
