//! Measures PGN speed: generates random games (seeded), writes them to a temporary file in each
//! move format, then reads the file back, checking every move by playing it.
//!
//! ```text
//! cargo run --release -p xiangqi-core --example pgn_bench [games] [max plies]
//! ```

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::time::Instant;
use xiangqi_core::pgn::{MoveFormat, PgnGame, PgnReader, PgnResult, WriteOptions};
use xiangqi_core::Position;

fn random_game(rng: &mut fastrand::Rng, max_plies: usize, index: usize) -> PgnGame {
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    let plies = max_plies / 2 + rng.usize(..max_plies / 2 + 1);
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.usize(..legal.len())];
        pos.make_move(m);
        moves.push(m);
    }
    let mut game =
        PgnGame::from_moves(Position::startpos(), moves).expect("random moves are legal");
    game.set_tag("Event", format!("Random game {index}"));
    game.set_tag("Red", "Random");
    game.set_tag("Black", "Random");
    game.result = PgnResult::Unknown;
    game
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().map_or(Ok(10_000), |a| a.parse())?;
    let max_plies: usize = args.next().map_or(Ok(160), |a| a.parse())?;

    let started = Instant::now();
    // Seeded, so every run measures the same games.
    let mut rng = fastrand::Rng::with_seed(20240601);
    let games: Vec<PgnGame> = (0..count)
        .map(|i| random_game(&mut rng, max_plies, i))
        .collect();
    let plies: usize = games.iter().map(|g| g.moves.len()).sum();
    println!(
        "generated {count} games, {plies} moves ({:.1} per game) in {:.2} s",
        plies as f64 / count as f64,
        started.elapsed().as_secs_f64()
    );

    let dir = std::env::temp_dir().join(format!("xiangqi-pgn-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    for format in [MoveFormat::Iccs, MoveFormat::Wxf, MoveFormat::Chinese] {
        let path = dir.join(format!("games-{}.pgn", format.tag_value()));
        let options = WriteOptions {
            format,
            ..WriteOptions::default()
        };

        let started = Instant::now();
        let mut out = BufWriter::new(File::create(&path)?);
        let mut text = String::with_capacity(4096);
        for game in &games {
            text.clear();
            game.write_pgn(&options, &mut text)?;
            out.write_all(text.as_bytes())?;
        }
        out.flush()?;
        drop(out);
        let write_s = started.elapsed().as_secs_f64();
        let bytes = std::fs::metadata(&path)?.len();

        let started = Instant::now();
        let mut read = 0;
        let mut read_plies = 0;
        for game in PgnReader::new(BufReader::new(File::open(&path)?)) {
            let game = game?;
            read += 1;
            read_plies += game.moves.len();
        }
        let read_s = started.elapsed().as_secs_f64();
        assert_eq!(
            (read, read_plies),
            (count, plies),
            "every game and move read back"
        );
        println!(
            "{:<8} {:>6.1} MB  write {:>8.0} games/s  read+validate {:>8.0} games/s ({:.2} M moves/s)",
            format.tag_value(),
            bytes as f64 / 1e6,
            count as f64 / write_s,
            count as f64 / read_s,
            read_plies as f64 / read_s / 1e6
        );
        std::fs::remove_file(&path)?;
    }
    std::fs::remove_dir(&dir)?;
    Ok(())
}
