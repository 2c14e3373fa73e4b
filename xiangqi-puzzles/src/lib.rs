//! Puzzles mined from game records: positions where the side to move has exactly one winning
//! move, judged by the engine.
//!
//! - [`input`] reads game collections (a file or a folder of PGN files in UTF-8, GBK or Big5)
//!   and counts the games it cannot read, with the reason.
//! - [`judge`] decides whether a position has one winning move: a forced mate that no other
//!   move gives, or a decisive gain where the second-best move does not win; it extends the
//!   solution with the defender's best replies and grades it by the weakest level that finds
//!   its first move.
//! - [`themes`] tags a solution (mate length, material won, pieces, phase, motifs).
//! - [`record`] reads and writes the puzzle file (`data/puzzles/puzzles.tsv`).
//! - [`second_line`] reads an independent engine's two best lines for each puzzle
//!   (`data/puzzles/puzzles-fsf.tsv`, Fairy-Stockfish's) and judges by them which puzzles
//!   are unambiguous.
//! - [`mine`] runs the whole search over many games, resumably, on several threads;
//!   [`verify`] re-checks a puzzle file; [`selfplay`] plays engine games to mine. These three
//!   and [`input`] come with the default `mine` feature; without it (the browser build) the
//!   crate is the file format, the judge and the themes.
//!
//! ```
//! use xiangqi_core::Position;
//! use xiangqi_puzzles::judge::{Budget, Judge, Verdict};
//!
//! // Red mates at once with the chariot on d0; any other move loses to Black's chariots.
//! let pos = Position::from_fen("3k4r/9/9/9/9/9/9/9/6Nr1/R3K4 w - - 0 1").unwrap();
//! let mut judge = Judge::new(4);
//! let lines = judge.lines(&pos, Budget::nodes(20_000), 2);
//! assert_eq!(lines[0].mv.to_string(), "a0d0");
//! assert_eq!(Judge::verdict(&lines), Verdict::Mate(1));
//! ```

#[cfg(feature = "mine")]
pub mod input;
pub mod judge;
#[cfg(feature = "mine")]
pub mod mine;
pub mod record;
pub mod second_line;
pub mod selfplay;
pub mod themes;
#[cfg(feature = "mine")]
pub mod verify;

/// The evaluation the shipped puzzle set was mined and verified with, and that its tools keep,
/// so that `puzzles verify` and the seeded engine games reproduce the shipped verdicts and
/// games exactly (the learned evaluation, the engine's default, judges some close second moves
/// differently).
pub fn puzzle_evaluation() -> xiangqi_search::Evaluation {
    xiangqi_search::Evaluation::Classical
}

pub use judge::{Budget, Judge, Verdict};
pub use record::PuzzleRecord;
