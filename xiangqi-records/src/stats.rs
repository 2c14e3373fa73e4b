//! What a database holds: games, plies, errors, results, openings.

use crate::FileRecords;
use std::collections::BTreeMap;
use std::fmt;
use xiangqi_core::pgn::{PgnGame, PgnResult};

/// Counts over the records of many files, as `xiangqi pgn stats` prints them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Files read.
    pub files: u64,
    /// Records read without error.
    pub games: u64,
    /// Moves of their main lines.
    pub plies: u64,
    /// Moves in variations.
    pub variation_plies: u64,
    /// Records (or files) that could not be read.
    pub errors: u64,
    /// Records read with a repair.
    pub warned: u64,
    /// Games by result: `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub results: BTreeMap<&'static str, u64>,
    /// Games by the value of their `ECCO` tag (`-` when missing).
    pub ecco: BTreeMap<String, u64>,
    /// Files by the text encoding found.
    pub encodings: BTreeMap<&'static str, u64>,
}

impl Stats {
    /// Adds a file's records.
    pub fn add_file(&mut self, file: &FileRecords) {
        self.files += 1;
        *self.encodings.entry(file.encoding.name()).or_default() += 1;
        for game in &file.games {
            match game {
                Ok(game) => self.add_game(game),
                Err(_) => self.errors += 1,
            }
        }
    }

    /// Adds one record.
    pub fn add_game(&mut self, game: &PgnGame) {
        self.games += 1;
        self.plies += game.moves.len() as u64;
        self.variation_plies += variation_plies(game);
        if !game.warnings.is_empty() {
            self.warned += 1;
        }
        let result: PgnResult = game.result;
        *self.results.entry(result.as_str()).or_default() += 1;
        let ecco = game.tag("ECCO").filter(|v| !v.trim().is_empty());
        *self
            .ecco
            .entry(ecco.unwrap_or("-").trim().to_owned())
            .or_default() += 1;
    }
}

fn variation_plies(game: &PgnGame) -> u64 {
    let mut count = 0;
    let mut lines: Vec<&[xiangqi_core::pgn::PgnMove]> = vec![&game.moves];
    while let Some(line) = lines.pop() {
        for m in line {
            for v in &m.variations {
                count += v.moves.len() as u64;
                lines.push(&v.moves);
            }
        }
    }
    count
}

impl Stats {
    /// The report with only the `top` most frequent ECCO codes (`None`: every code), and a
    /// line saying how many codes and games the rest hold.
    pub fn report(&self, top: Option<usize>) -> Report<'_> {
        Report { stats: self, top }
    }
}

/// [`Stats`] as `xiangqi pgn stats` prints it (see [`Stats::report`]).
pub struct Report<'a> {
    stats: &'a Stats,
    top: Option<usize>,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.report(None).fmt(f)
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let this = self.stats;
        let top = self.top.unwrap_or(usize::MAX);
        writeln!(f, "files {}", this.files)?;
        writeln!(f, "games {}", this.games)?;
        writeln!(f, "plies {}", this.plies)?;
        writeln!(f, "variation plies {}", this.variation_plies)?;
        writeln!(f, "errors {}", this.errors)?;
        writeln!(f, "games with warnings {}", this.warned)?;
        for (encoding, n) in &this.encodings {
            writeln!(f, "encoding {encoding} {n}")?;
        }
        for (result, n) in &this.results {
            writeln!(f, "result {result} {n}")?;
        }
        let mut ecco: Vec<_> = this.ecco.iter().collect();
        ecco.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (code, n) in ecco.iter().take(top) {
            writeln!(f, "ecco {code} {n}")?;
        }
        if ecco.len() > top {
            let rest = &ecco[top..];
            let games: u64 = rest.iter().map(|(_, n)| **n).sum();
            writeln!(f, "ecco others: {} codes, {games} games", rest.len())?;
        }
        Ok(())
    }
}
