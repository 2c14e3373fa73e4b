//! The UCI and UCCI front end.
//!
//! Moves are ICCS coordinates with ranks 0..9 (`h2e2`), as the strongest xiangqi engines and
//! GUIs speak UCI. The dialect is UCI until the GUI says `ucci`; then `ucciok`, UCCI options
//! (`setoption hashsize 64`), `go time/increment/opptime`, `banmoves`, `nobestmove` and
//! `bye` are used.
//!
//! # Responsiveness
//! Input is read on the calling thread and commands run on a second one; searches, `go perft`
//! and `bench` run on a third, so the loop always reads on: `isready` is answered at once, even
//! while a search runs or while commands wait for one; `stop` (and `ponderhit`) ends the running
//! search or perft at once, and `quit` stops whatever runs, drops the commands still waiting and
//! ends the session. A stop sent while nothing runs has no effect on what follows.
//! Malformed input gets an `info string error: ...` line and the engine keeps running; no input
//! makes it crash, and no number wraps: clocks and move times saturate, sizes out of range are
//! refused with the range in the message, and the previous setting is kept.
//!
//! Pondering is not separate: `go ponder` searches like `go infinite`, and `ponderhit` (like
//! `stop`) ends the search with its best move. At the end of input a running search is allowed
//! to finish (an infinite one is stopped), so `echo "go depth 12" | xiangqi uci` prints a move.
//! Likewise `position`, `go`, `setoption`, `ucinewgame`, `perft` and `bench` sent during a
//! bounded search wait for its move (in order), so a piped command file loses nothing; during
//! an infinite search they are refused with an error line until `stop` (`ucinewgame` stops it).
//!
//! Options: `Hash` (MiB, at most what this machine holds: see [`crate::max_hash_mb`]),
//! `Threads`, `MultiPV`, `Level` (Beginner..Master), `Rules` (`casual`, `simple` or `axf`, or a
//! custom string such as `simple,no-capture=off`), `Seed` (the levels' randomness; 0 = from the
//! clock), `Evaluation` (`nnue`, the learned one, or `classical`, the hand-written one), `EvalFile`
//! (a net file for the game of `UCI_Variant`, which also selects `nnue`; the other game's net is
//! kept; `<embedded>` is the shipped net; a file that fails its checks, or a net of the other
//! game, gets an `info string error` and the previous net and evaluation are kept) and
//! `Clear Hash`, and `UCI_Variant` (`xiangqi`, or one of janggi's `janggi`, `janggitraditional`,
//! `janggimodern`, `janggicasual`, as Fairy-Stockfish names them: it sets the start position, how
//! FENs are read and the variant's own rules; janggi is searched with its own evaluation, and a
//! pass is the general's point twice, `e1e1`, or `0000`).
//!
//! Extra commands: `go perft N` (a move-by-move count, N at most [`MAX_PERFT_DEPTH`]),
//! `bench [depth]`, `d` (draw the board).
//!
//! # Where things are
//! - `session.rs`: the threads (input, commands, the running job), the command queue and the
//!   jobs' lifecycle: what answers at once, what waits, what `stop` and `quit` end.
//! - `commands.rs`: what each command does to the session (`position`, `go`, `setoption`, ...).
//! - `parse.rs`: command arguments to values (`go` limits, option names and values, positions,
//!   saturating numbers), with no session state.
//! - `output.rs`: the lines the engine writes (`info`, `bestmove`, the option list), in either
//!   protocol.

mod commands;
mod output;
mod parse;
mod session;

pub use output::{bestmove_line, info_line};
pub use parse::{parse, Command, PositionCommand};
pub use session::{run, run_shared};

/// The engine's name as announced to GUIs.
pub const ENGINE_NAME: &str = concat!("xiangqi ", env!("CARGO_PKG_VERSION"));
/// The authors as announced to GUIs.
pub const ENGINE_AUTHOR: &str = "the xiangqi toolkit developers";
/// The `EvalFile` value that names the net built into the engine.
pub const EMBEDDED_NET: &str = "<embedded>";
/// Deepest `go perft` accepted: counts stay far from overflowing, and depth 10 from the opening
/// already takes months (`stop` ends any of them).
pub const MAX_PERFT_DEPTH: u32 = 10;
/// UCCI has no mate scores: its engines report a mate in `n` plies as `UCCI_MATE - n` (and
/// being mated as `-(UCCI_MATE - n)`). The protocol's number, which our UCCI output writes and
/// Python's UCCI client reads.
pub const UCCI_MATE: i32 = 10_000;

/// Which protocol the GUI speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// Universal Chess Interface with ICCS moves.
    Uci,
    /// Universal Chinese Chess Protocol.
    Ucci,
}
