//! Xiangqi (Chinese chess) rules: the board, legal moves, FEN, notations, game records,
//! adjudication and perft.
//!
//! ```
//! use xiangqi_core::{Position, Move, Square, perft};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 44);
//! pos.play(Move::new(Square::H2, Square::E2)).unwrap(); // 炮二平五
//! assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! assert_eq!(perft(&Position::startpos(), 2), 1920);
//! ```
//!
//! Points are named in ICCS coordinates: files `a`..`i` from Red's left, ranks `0`..`9` from
//! Red's side, so Red's general starts on `e0`. A [`Position`] holds no history; a game with its
//! repetition rules lives in the game module.
//!
//! Each rule has one home, which everything else (the engine, the bindings, the page) calls:
//! movement and attacks in [`attacks`] (janggi's in [`attacks::janggi`]); each game's legal
//! move generation, check queries, start positions and reachable points in one file,
//! `variants/xiangqi.rs` and `variants/janggi.rs`, which the position's methods
//! (`position.rs`, `movegen.rs`) call through one dispatch on the variant; the board's
//! regions (palace, river) in [`Square::in_palace`] and [`Rank::is_home_of`]; the
//! reasons a move is illegal in [`legality`]; the order of the game-end rules in
//! [`adjudication`] ([`adjudicate`], which [`Game::outcome`] and the engine's search share);
//! repetition rulings in [`repetition`], chases in [`chase`], rule sets in [`rules`],
//! terminations and their words in [`outcome`]; notations in [`notation`]; records in [`pgn`],
//! [`xqf`], [`dhtmlxq`] and [`encoding`] (their text encodings).

#![warn(missing_docs)]

pub mod adjudication;
pub mod attacks;
mod bitboard;
mod board;
pub mod chase;
mod color;
pub mod dhtmlxq;
pub mod encoding;
pub mod fen;
pub mod game;
pub mod gib;
pub mod janggi;
pub mod legality;
mod movegen;
mod moves;
pub mod notation;
pub mod outcome;
mod perft;
pub mod pgn;
mod position;
pub mod record;
pub mod repetition;
mod role;
pub mod rules;
mod setup;
mod square;
mod variant;
mod variants;
pub mod xqf;
pub mod zobrist;

pub use adjudication::{adjudicate, NoMoveTest};
pub use bitboard::Bitboard;
pub use color::{ByColor, Color};
pub use fen::{FenError, FenField, STARTING_FEN};
pub use game::{Game, GameOver};
pub use legality::IllegalMoveReason;
pub use moves::{Move, MoveList, MAX_MOVES};
pub use notation::{Chinese, ChineseStyle, Iccs, MoveParseError, Notation, RankDialect, Wxf};
pub use outcome::{ChasedPiece, Outcome, Ruling, Termination, Violation};
pub use perft::{perft, perft_divide, perft_divide_with, perft_with};
#[cfg(feature = "parallel")]
pub use perft::{perft_divide_parallel, perft_parallel};
pub use position::{IllegalMove, Position, PositionError, Undo, MAX_FULLMOVES};
pub use repetition::{
    fill_chases, fill_cycle_chases, judge_cycle, CycleVerdict, PieceId, PieceSet, PlyRecord,
};
pub use role::{ByRole, Piece, Role};
pub use rules::{ParseRulesError, RepetitionRule, Rules};
pub use setup::{PositionProblem, Setup};
pub use square::{File, ParseSquareError, Rank, Square};
pub use variant::{ParseVariantError, Variant};
pub use variants::xiangqi::reachable;
