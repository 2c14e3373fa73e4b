//! An independent engine's two best lines for each puzzle, and the rule that calls a puzzle
//! unambiguous by them.
//!
//! `data/puzzles/puzzles-fsf.tsv` holds Fairy-Stockfish's lines (written by
//! `tools/puzzle_second_lines.py`, which runs any UCI engine with multi-PV 2). Lines starting
//! with `#` before the header row are comments (the engine's name and settings); columns are
//! found by name:
//!
//! | column | meaning |
//! |---|---|
//! | `id` | the puzzle's id |
//! | `step` | `1` for the start position, `k` for the position before the k-th solver move |
//! | `puzzle_move` | the puzzle's move there (ICCS) |
//! | `best`, `best_score` | the engine's best move and its score |
//! | `second`, `second_score` | its second-best move and score, `-` when there is no other legal move |
//! | `depth` | the depth of the best line |
//!
//! Scores are from the solver's side: centipawns, or `#N` for a mate in N moves by the
//! solver (`#-N` against it).
//!
//! A puzzle is **unambiguous** when, at its start position, the engine's best move is the
//! puzzle's move, its second-best move gives no mate of any length, and either the best line
//! is a mate or the second line is at least [`MIN_MARGIN_CP`] worse ([`judge`]).
//!
//! ```
//! use xiangqi_puzzles::second_line::{self, Ambiguity, EngineLines};
//!
//! let row = "xq0000000001\t1\th2h9\th2h9\t#3\tb2b9\t#7\t20";
//! let lines: EngineLines = row.parse().unwrap();
//! assert_eq!(second_line::judge(&lines), Err(Ambiguity::SecondMates { second: "b2b9".into(), mate_in: 7 }));
//! let row = "xq0000000002\t1\th2h9\th2h9\t650\tb2b9\t120\t14";
//! assert_eq!(second_line::judge(&row.parse().unwrap()), Ok(()));
//! ```

use crate::record::PuzzleRecord;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// The column names, in the order written.
pub const COLUMNS: [&str; 8] = [
    "id",
    "step",
    "puzzle_move",
    "best",
    "best_score",
    "second",
    "second_score",
    "depth",
];

/// How much worse, in the engine's centipawns, the second line must be than the best when the
/// best is not a mate: less and a solver could play either move and feel cheated.
pub const MIN_MARGIN_CP: i32 = 200;

/// An engine's score, from the solver's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// A mate in N moves: positive when the solver mates, negative when it is mated.
    Mate(i32),
}

impl FromStr for Score {
    type Err = String;

    fn from_str(s: &str) -> Result<Score, String> {
        let parsed = match s.strip_prefix('#') {
            Some(n) => n.parse().map(Score::Mate),
            None => s.parse().map(Score::Cp),
        };
        parsed.map_err(|_| format!("not a score: {s:?}"))
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "{cp}"),
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// One row: the engine's two best lines at one position of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineLines {
    /// The puzzle's id.
    pub id: String,
    /// 1 for the start position, k for the position before the k-th solver move.
    pub step: u32,
    /// The puzzle's move at this step.
    pub puzzle_move: String,
    /// The engine's best move.
    pub best: String,
    /// Its score.
    pub best_score: Score,
    /// The second-best move and its score; `None` when there is no other legal move.
    pub second: Option<(String, Score)>,
    /// The depth of the best line.
    pub depth: u32,
}

impl FromStr for EngineLines {
    type Err = String;

    fn from_str(row: &str) -> Result<EngineLines, String> {
        let cols: Vec<&str> = row.trim_end_matches(['\r', '\n']).split('\t').collect();
        if cols.len() != COLUMNS.len() {
            return Err(format!(
                "{} columns, expected {}",
                cols.len(),
                COLUMNS.len()
            ));
        }
        let number = |name: &str, text: &str| -> Result<u32, String> {
            text.parse()
                .map_err(|_| format!("{name}: not a number: {text:?}"))
        };
        let second = match (cols[5], cols[6]) {
            ("-", "-") => None,
            (mv, score) => Some((mv.to_owned(), score.parse()?)),
        };
        Ok(EngineLines {
            id: cols[0].to_owned(),
            step: number("step", cols[1])?,
            puzzle_move: cols[2].to_owned(),
            best: cols[3].to_owned(),
            best_score: cols[4].parse()?,
            second,
            depth: number("depth", cols[7])?,
        })
    }
}

/// Why a puzzle is ambiguous by the engine's lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ambiguity {
    /// The engine prefers another move.
    OtherBest {
        /// The engine's best move.
        best: String,
    },
    /// The second-best move mates too (however much longer), which a solver may rightly play.
    SecondMates {
        /// The second move.
        second: String,
        /// Its mate length.
        mate_in: i32,
    },
    /// The second-best move is nearly as good: less than [`MIN_MARGIN_CP`] worse.
    SecondClose {
        /// The second move.
        second: String,
        /// The best score less the second's, in centipawns.
        margin: i32,
    },
}

impl fmt::Display for Ambiguity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ambiguity::OtherBest { best } => write!(f, "the engine's best move is {best}"),
            Ambiguity::SecondMates { second, mate_in } => {
                write!(f, "{second} mates too (in {mate_in})")
            }
            Ambiguity::SecondClose { second, margin } => {
                write!(f, "{second} is only {margin} centipawns worse")
            }
        }
    }
}

/// Judges one row by the rule in the module's documentation.
pub fn judge(lines: &EngineLines) -> Result<(), Ambiguity> {
    if lines.best != lines.puzzle_move {
        return Err(Ambiguity::OtherBest {
            best: lines.best.clone(),
        });
    }
    let Some((second, second_score)) = &lines.second else {
        return Ok(());
    };
    match (lines.best_score, *second_score) {
        (_, Score::Mate(n)) if n > 0 => Err(Ambiguity::SecondMates {
            second: second.clone(),
            mate_in: n,
        }),
        (Score::Mate(n), _) if n > 0 => Ok(()),
        (Score::Cp(best), Score::Cp(other)) if best - other < MIN_MARGIN_CP => {
            Err(Ambiguity::SecondClose {
                second: second.clone(),
                margin: best - other,
            })
        }
        // The best line is a mate against the solver: the second, no better, is no rival.
        (Score::Mate(_), _) => Ok(()),
        (Score::Cp(_), _) => Ok(()),
    }
}

/// A data row with its line number (from 1): the lines, or why the row is malformed.
pub type Row = (usize, Result<EngineLines, String>);

/// Reads a lines file: the comment lines, then each data row with its line number.
pub fn read_file(text: &str) -> (Vec<String>, Vec<Row>) {
    let mut comments = Vec::new();
    let mut rows = Vec::new();
    let mut header_seen = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        if !header_seen {
            if let Some(c) = line.strip_prefix('#') {
                comments.push(c.trim_start().to_owned());
                continue;
            }
            header_seen = true;
            if line.split('\t').collect::<Vec<_>>() != COLUMNS {
                rows.push((
                    i + 1,
                    Err(format!("header row must be {}", COLUMNS.join(" "))),
                ));
            }
            continue;
        }
        rows.push((i + 1, line.parse()));
    }
    (comments, rows)
}

/// A puzzle set sorted by the engine's lines at each puzzle's start position.
#[derive(Clone, Debug, Default)]
pub struct Screening {
    /// The unambiguous puzzles, in the order given.
    pub unambiguous: Vec<PuzzleRecord>,
    /// The ambiguous ones, with the reason.
    pub ambiguous: Vec<(PuzzleRecord, Ambiguity)>,
    /// Puzzles without a start-position row (or whose row is for another first move): not judged.
    pub unrecorded: Vec<PuzzleRecord>,
}

/// Sorts `puzzles` by the step-1 rows of `lines` (later rows are ignored).
pub fn screen(puzzles: &[PuzzleRecord], lines: &[EngineLines]) -> Screening {
    let start: HashMap<&str, &EngineLines> = lines
        .iter()
        .filter(|l| l.step == 1)
        .map(|l| (l.id.as_str(), l))
        .collect();
    let mut out = Screening::default();
    for p in puzzles {
        match start.get(p.id.as_str()) {
            Some(l) if p.moves.first() == Some(&l.puzzle_move) => match judge(l) {
                Ok(()) => out.unambiguous.push(p.clone()),
                Err(why) => out.ambiguous.push((p.clone(), why)),
            },
            _ => out.unrecorded.push(p.clone()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(best: &str, best_score: &str, second: &str, second_score: &str) -> EngineLines {
        format!("xq0123456789\t1\th2h9\t{best}\t{best_score}\t{second}\t{second_score}\t12")
            .parse()
            .unwrap()
    }

    #[test]
    fn the_rule() {
        assert_eq!(judge(&row("h2h9", "#2", "a0a1", "900")), Ok(()));
        assert_eq!(judge(&row("h2h9", "#2", "a0a1", "#-3")), Ok(()));
        assert_eq!(judge(&row("h2h9", "#2", "-", "-")), Ok(()));
        assert_eq!(judge(&row("h2h9", "500", "a0a1", "300")), Ok(()));
        assert_eq!(
            judge(&row("h2h9", "500", "a0a1", "301")),
            Err(Ambiguity::SecondClose {
                second: "a0a1".into(),
                margin: 199
            })
        );
        assert_eq!(
            judge(&row("h2h9", "#2", "a0a1", "#11")),
            Err(Ambiguity::SecondMates {
                second: "a0a1".into(),
                mate_in: 11
            })
        );
        assert_eq!(
            judge(&row("h2h9", "700", "a0a1", "#9")),
            Err(Ambiguity::SecondMates {
                second: "a0a1".into(),
                mate_in: 9
            })
        );
        assert_eq!(
            judge(&row("a0a1", "#2", "h2h9", "#2")),
            Err(Ambiguity::OtherBest {
                best: "a0a1".into()
            })
        );
    }

    #[test]
    fn malformed_rows_are_errors() {
        assert!("xq1\t1\th2h9\th2h9\t#x\t-\t-\t3"
            .parse::<EngineLines>()
            .is_err());
        assert!("xq1\t1\th2h9\th2h9\t10\t-".parse::<EngineLines>().is_err());
        assert!("xq1\tone\th2h9\th2h9\t10\t-\t-\t3"
            .parse::<EngineLines>()
            .is_err());
        let (_, rows) = read_file("# c\nid\tstep\n");
        assert!(rows[0].1.is_err());
    }
}
