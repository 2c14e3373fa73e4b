//! `xq_game`: a game (start position, moves, rules) with legal moves, notations, undo,
//! adjudication and perft.

use crate::status::xq_status;
use crate::util::{c_str, from_mut_ptr, from_ptr, guard, write_out, write_str};
use std::ffi::c_char;
use xiangqi_core::janggi::Arrangement;
use xiangqi_core::{
    perft, Color, Game, IllegalMoveReason, Move, MoveParseError, Notation, Position, Role, Rules,
    Square, Termination, Variant, MAX_MOVES,
};

/// A game: the position, the moves that led to it and the rules it is judged by. Owned by the
/// caller (a Box behind the pointer) from `xq_game_new`/`xq_game_from_fen`/`xq_game_clone` until
/// `xq_game_free`.
pub struct xq_game {
    game: Game,
}

/// A move packed in 16 bits: `from | to << 7`, squares numbered 0..89 as `rank * 9 + file`
/// (a0 = 0, i0 = 8, a9 = 81, i9 = 89). 0 is no move.
pub type xq_move = u16;

/// A square number 0..89 (`rank * 9 + file`, files a..i from Red's left, ranks 0..9 from Red's side).
pub type xq_square = u8;

/// A side: `XQ_COLOR_RED` or `XQ_COLOR_BLACK`. The numbers are Rust's (`xiangqi_core::Color`
/// as an index); Python's `RED` is `True` and `BLACK` is `False`, as in python-chess.
pub type xq_color = u32;
/// Red, who moves first.
pub const XQ_COLOR_RED: xq_color = 0;
/// Black.
pub const XQ_COLOR_BLACK: xq_color = 1;

/// A piece kind: `XQ_ROLE_GENERAL` (0) .. `XQ_ROLE_SOLDIER` (6), the numbers of
/// `xiangqi_core::Role`. Python numbers its piece types from 1, as python-chess does:
/// `xiangqi.GENERAL == XQ_ROLE_GENERAL + 1` .. `xiangqi.SOLDIER == XQ_ROLE_SOLDIER + 1`. A piece
/// is `color * 7 + role` (`xq_game_piece_at`), `xiangqi_core::Piece::index()` in Rust.
pub type xq_role = u32;
/// General.
pub const XQ_ROLE_GENERAL: xq_role = 0;
/// Advisor.
pub const XQ_ROLE_ADVISOR: xq_role = 1;
/// Elephant.
pub const XQ_ROLE_ELEPHANT: xq_role = 2;
/// Horse.
pub const XQ_ROLE_HORSE: xq_role = 3;
/// Chariot.
pub const XQ_ROLE_CHARIOT: xq_role = 4;
/// Cannon.
pub const XQ_ROLE_CANNON: xq_role = 5;
/// Soldier.
pub const XQ_ROLE_SOLDIER: xq_role = 6;

/// A rule preset for game ends.
pub type xq_rules = u32;
/// Third occurrence of a position draws, whatever caused it.
pub const XQ_RULES_CASUAL: xq_rules = 0;
/// Perpetual check loses; other repetitions draw.
pub const XQ_RULES_SIMPLE: xq_rules = 1;
/// Asian Xiangqi Federation: perpetual check and one-sided perpetual chase lose.
pub const XQ_RULES_AXF: xq_rules = 2;

/// A move notation.
pub type xq_notation = u32;
/// ICCS coordinates, ranks 0..9: `h2e2`.
pub const XQ_NOTATION_ICCS: xq_notation = 0;
/// Coordinates with ranks 1..10 (Fairy-Stockfish's UCI dialect): `h3e3`.
pub const XQ_NOTATION_ICCS_ONE_BASED: xq_notation = 1;
/// WXF: `C2=5`.
pub const XQ_NOTATION_WXF: xq_notation = 2;
/// Chinese, simplified characters: `炮二平五`.
pub const XQ_NOTATION_CHINESE: xq_notation = 3;
/// Chinese, traditional characters: `炮二平五` with 傌/俥 etc.
pub const XQ_NOTATION_CHINESE_TRADITIONAL: xq_notation = 4;
/// Parsing only: ICCS (ranks 0..9), WXF or Chinese, whichever the text is.
pub const XQ_NOTATION_ANY: xq_notation = 5;
/// Janggi's Korean coordinates: `79졸78`, the pass `한수쉼` (UTF-8).
pub const XQ_NOTATION_KOREAN: xq_notation = 6;
/// Fairy-Stockfish's janggi notation: `P79-78`, `H02x83`.
pub const XQ_NOTATION_KOREAN_FSF: xq_notation = 7;

/// The game a position belongs to: xiangqi, or janggi under one of Fairy-Stockfish's rule
/// sets. The numbers never change.
pub type xq_variant = u32;
/// Xiangqi.
pub const XQ_VARIANT_XIANGQI: xq_variant = 0;
/// Janggi, Korean tournament rules: bikjang and counting.
pub const XQ_VARIANT_JANGGI: xq_variant = 1;
/// Janggi: bikjang, no counting (those endings draw).
pub const XQ_VARIANT_JANGGI_TRADITIONAL: xq_variant = 2;
/// Janggi, Kakao rules: no bikjang, counting, fourfold repetition.
pub const XQ_VARIANT_JANGGI_MODERN: xq_variant = 3;
/// Janggi: no bikjang, no counting.
pub const XQ_VARIANT_JANGGI_CASUAL: xq_variant = 4;

/// A side's janggi setup: where its horses (마) and elephants (상) start, read from its own
/// left.
pub type xq_janggi_setup = u32;
/// 마상상마: both elephants inside.
pub const XQ_JANGGI_SETUP_MA_SANG_SANG_MA: xq_janggi_setup = 0;
/// 상마마상: both elephants outside.
pub const XQ_JANGGI_SETUP_SANG_MA_MA_SANG: xq_janggi_setup = 1;
/// 마상마상.
pub const XQ_JANGGI_SETUP_MA_SANG_MA_SANG: xq_janggi_setup = 2;
/// 상마상마.
pub const XQ_JANGGI_SETUP_SANG_MA_SANG_MA: xq_janggi_setup = 3;

/// Why a game ended (`XQ_TERMINATION_NONE` while it goes on). The numbers are
/// `xiangqi_core::Termination::code()` and Python's `Termination` values, and never change.
pub type xq_termination = u32;
/// The game goes on.
pub const XQ_TERMINATION_NONE: xq_termination = 0;
/// Checkmate.
pub const XQ_TERMINATION_CHECKMATE: xq_termination = 1;
/// No legal move while not in check: a loss for the side to move.
pub const XQ_TERMINATION_STALEMATE: xq_termination = 2;
/// Perpetual check (the checking side loses).
pub const XQ_TERMINATION_PERPETUAL_CHECK: xq_termination = 3;
/// Perpetual chase (the chasing side loses; axf rules).
pub const XQ_TERMINATION_PERPETUAL_CHASE: xq_termination = 4;
/// Repetition draw.
pub const XQ_TERMINATION_REPETITION: xq_termination = 5;
/// No-capture limit reached: draw.
pub const XQ_TERMINATION_MOVE_LIMIT: xq_termination = 6;
/// Neither side can mate: draw.
pub const XQ_TERMINATION_INSUFFICIENT_MATERIAL: xq_termination = 7;
/// A side resigned.
pub const XQ_TERMINATION_RESIGNATION: xq_termination = 8;
/// Draw by agreement.
pub const XQ_TERMINATION_AGREEMENT: xq_termination = 9;
/// A side ran out of time (its flag fell): it loses.
pub const XQ_TERMINATION_TIME: xq_termination = 10;
/// Janggi: the generals faced each other on two plies in a row (bikjang); counting decides, or
/// it is a draw.
pub const XQ_TERMINATION_BIKJANG: xq_termination = 11;
/// Janggi: both sides passed in a row; counting decides, or it is a draw.
pub const XQ_TERMINATION_DOUBLE_PASS: xq_termination = 12;
/// Janggimodern: the side that moved last shuttled one piece back and forth; it loses.
pub const XQ_TERMINATION_BACK_AND_FORTH: xq_termination = 13;

/// Why a move is illegal (`XQ_ILLEGAL_NONE` for a legal move); `xq_illegal_reason_message`
/// gives the text. The numbers are `xiangqi_core::IllegalMoveReason::code()` and never change.
pub type xq_illegal_reason = u32;
/// The move is legal.
pub const XQ_ILLEGAL_NONE: xq_illegal_reason = 0;
/// The point it leaves holds no piece of the side to move.
pub const XQ_ILLEGAL_NO_PIECE_OF_YOURS: xq_illegal_reason = 1;
/// The piece cannot reach that point even on an empty board.
pub const XQ_ILLEGAL_NOT_HOW_IT_MOVES: xq_illegal_reason = 2;
/// A piece stands in the path, on the horse's leg or on the elephant's eye.
pub const XQ_ILLEGAL_PATH_BLOCKED: xq_illegal_reason = 3;
/// A cannon captures only by jumping exactly one piece.
pub const XQ_ILLEGAL_CANNON_NEEDS_SCREEN: xq_illegal_reason = 4;
/// A piece of the mover's own side stands on the target point.
pub const XQ_ILLEGAL_OWN_PIECE_THERE: xq_illegal_reason = 5;
/// The two generals would face each other on an open file.
pub const XQ_ILLEGAL_GENERALS_FACE: xq_illegal_reason = 6;
/// The mover's general would be attacked after the move.
pub const XQ_ILLEGAL_LEAVES_GENERAL_ATTACKED: xq_illegal_reason = 7;
/// Janggi: the game has already ended (two passes, or bikjang on two plies, in a row).
pub const XQ_ILLEGAL_GAME_OVER: xq_illegal_reason = 8;

/// The size of a buffer that holds any FEN `xq_game_fen` writes, the terminating NUL included:
/// 99 characters of board at most (ten ranks of at most nine, nine slashes), the side to move,
/// two `-` fields, two counters of at most ten digits and five spaces.
pub const XQ_MAX_FEN: usize = 128;

// The header's numbers are the core's: checked when the library is built.
const _: () = {
    assert!(matches!(
        Variant::ALL[XQ_VARIANT_XIANGQI as usize],
        Variant::Xiangqi
    ));
    assert!(matches!(
        Variant::ALL[XQ_VARIANT_JANGGI as usize],
        Variant::Janggi
    ));
    assert!(matches!(
        Variant::ALL[XQ_VARIANT_JANGGI_TRADITIONAL as usize],
        Variant::JanggiTraditional
    ));
    assert!(matches!(
        Variant::ALL[XQ_VARIANT_JANGGI_MODERN as usize],
        Variant::JanggiModern
    ));
    assert!(matches!(
        Variant::ALL[XQ_VARIANT_JANGGI_CASUAL as usize],
        Variant::JanggiCasual
    ));
    assert!(matches!(
        Arrangement::ALL[XQ_JANGGI_SETUP_SANG_MA_SANG_MA as usize],
        Arrangement::SangMaSangMa
    ));
    assert!(XQ_COLOR_RED as usize == Color::Red.index());
    assert!(XQ_COLOR_BLACK as usize == Color::Black.index());
    assert!(XQ_ROLE_GENERAL as usize == Role::General.index());
    assert!(XQ_ROLE_ADVISOR as usize == Role::Advisor.index());
    assert!(XQ_ROLE_ELEPHANT as usize == Role::Elephant.index());
    assert!(XQ_ROLE_HORSE as usize == Role::Horse.index());
    assert!(XQ_ROLE_CHARIOT as usize == Role::Chariot.index());
    assert!(XQ_ROLE_CANNON as usize == Role::Cannon.index());
    assert!(XQ_ROLE_SOLDIER as usize == Role::Soldier.index());
    assert!(XQ_TERMINATION_CHECKMATE == Termination::Checkmate.code() as u32);
    assert!(XQ_TERMINATION_STALEMATE == Termination::Stalemate.code() as u32);
    assert!(XQ_TERMINATION_PERPETUAL_CHECK == Termination::PerpetualCheck.code() as u32);
    assert!(XQ_TERMINATION_PERPETUAL_CHASE == Termination::PerpetualChase.code() as u32);
    assert!(XQ_TERMINATION_REPETITION == Termination::Repetition.code() as u32);
    assert!(XQ_TERMINATION_MOVE_LIMIT == Termination::MoveLimit.code() as u32);
    assert!(
        XQ_TERMINATION_INSUFFICIENT_MATERIAL == Termination::InsufficientMaterial.code() as u32
    );
    assert!(XQ_TERMINATION_RESIGNATION == Termination::Resignation.code() as u32);
    assert!(XQ_TERMINATION_AGREEMENT == Termination::Agreement.code() as u32);
    assert!(XQ_TERMINATION_TIME == Termination::Time.code() as u32);
    assert!(XQ_TERMINATION_BIKJANG == Termination::Bikjang.code() as u32);
    assert!(XQ_TERMINATION_DOUBLE_PASS == Termination::DoublePass.code() as u32);
    assert!(XQ_TERMINATION_BACK_AND_FORTH == Termination::BackAndForth.code() as u32);
    assert!(XQ_ILLEGAL_NO_PIECE_OF_YOURS == IllegalMoveReason::NoPieceOfYours.code() as u32);
    assert!(XQ_ILLEGAL_NOT_HOW_IT_MOVES == IllegalMoveReason::NotHowItMoves.code() as u32);
    assert!(XQ_ILLEGAL_PATH_BLOCKED == IllegalMoveReason::PathBlocked.code() as u32);
    assert!(XQ_ILLEGAL_CANNON_NEEDS_SCREEN == IllegalMoveReason::CannonNeedsScreen.code() as u32);
    assert!(XQ_ILLEGAL_OWN_PIECE_THERE == IllegalMoveReason::OwnPieceThere.code() as u32);
    assert!(XQ_ILLEGAL_GENERALS_FACE == IllegalMoveReason::GeneralsFace.code() as u32);
    assert!(
        XQ_ILLEGAL_LEAVES_GENERAL_ATTACKED
            == IllegalMoveReason::LeavesGeneralAttacked.code() as u32
    );
    assert!(XQ_ILLEGAL_GAME_OVER == IllegalMoveReason::GameOver.code() as u32);
    // Every value of the core's enums has its constant: a new one fails the build here until
    // the header names it (the highest constant is the last value).
    assert!(Variant::ALL.len() == XQ_VARIANT_JANGGI_CASUAL as usize + 1);
    assert!(Arrangement::ALL.len() == XQ_JANGGI_SETUP_SANG_MA_SANG_MA as usize + 1);
    assert!(Role::ALL.len() == XQ_ROLE_SOLDIER as usize + 1);
    assert!(Termination::ALL.len() == XQ_TERMINATION_BACK_AND_FORTH as usize);
    assert!(IllegalMoveReason::ALL.len() == XQ_ILLEGAL_GAME_OVER as usize);
};

/// The state of a game: over or not, why, and who won.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct xq_outcome {
    /// `true` once the game has ended.
    pub is_over: bool,
    /// Why it ended (`XQ_TERMINATION_NONE` while it goes on).
    pub termination: xq_termination,
    /// The winner: `XQ_COLOR_RED`, `XQ_COLOR_BLACK`, or -1 for a draw or a game that goes on.
    pub winner: i32,
}

pub(crate) fn rules_from(rules: xq_rules) -> Result<Rules, xq_status> {
    match rules {
        XQ_RULES_CASUAL => Ok(Rules::casual()),
        XQ_RULES_SIMPLE => Ok(Rules::simple()),
        XQ_RULES_AXF => Ok(Rules::axf()),
        _ => Err(xq_status::InvalidArgument),
    }
}

fn notation_from(notation: xq_notation) -> Result<Notation, xq_status> {
    Ok(match notation {
        XQ_NOTATION_ICCS => Notation::Iccs,
        XQ_NOTATION_ICCS_ONE_BASED => Notation::IccsOneBased,
        XQ_NOTATION_WXF => Notation::Wxf,
        XQ_NOTATION_CHINESE => Notation::Chinese,
        XQ_NOTATION_CHINESE_TRADITIONAL => Notation::ChineseTraditional,
        XQ_NOTATION_KOREAN => Notation::Korean,
        XQ_NOTATION_KOREAN_FSF => Notation::KoreanFsf,
        _ => return Err(xq_status::InvalidArgument),
    })
}

pub(crate) fn variant_from(variant: xq_variant) -> Result<Variant, xq_status> {
    Variant::ALL
        .get(variant as usize)
        .copied()
        .ok_or(xq_status::InvalidArgument)
}

fn setup_from(setup: xq_janggi_setup) -> Result<Arrangement, xq_status> {
    Arrangement::ALL
        .get(setup as usize)
        .copied()
        .ok_or(xq_status::InvalidArgument)
}

pub(crate) fn move_from(value: xq_move) -> Result<Move, xq_status> {
    Move::from_u16(value).ok_or(xq_status::InvalidArgument)
}

/// Parses move text in `notation` (`XQ_NOTATION_ANY`: whichever it is); an unknown notation is
/// `InvalidArgument`, a refused text the inner error.
fn parse_text(
    pos: &Position,
    text: &str,
    notation: xq_notation,
) -> Result<Result<Move, MoveParseError>, xq_status> {
    Ok(if notation == XQ_NOTATION_ANY {
        pos.parse_any(text)
    } else {
        pos.parse_move(text, notation_from(notation)?)
    })
}

/// Runs `body` on a live game and writes the text it makes into `buf` (the string conventions
/// of `write_str`), under `guard`.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or valid for `len` bytes; `needed` NULL or valid for a write.
unsafe fn game_text(
    game: *const xq_game,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
    body: impl FnOnce(&Game) -> Result<String, xq_status>,
) -> xq_status {
    let write = |g: &Game| {
        let text = body(g)?;
        // SAFETY: the caller guarantees buf/len/needed.
        unsafe { write_str(&text, buf, len, needed) }
    };
    // SAFETY: the caller guarantees game is NULL or live.
    unsafe { with_game(game, write) }
}

/// Runs `body` on a live game under `guard`; a NULL `game` is `NullArgument`.
///
/// # Safety
/// `game` NULL or live.
unsafe fn with_game(
    game: *const xq_game,
    body: impl FnOnce(&Game) -> Result<(), xq_status>,
) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees game is NULL or live.
        let game = unsafe { from_ptr(game) }?;
        body(&game.game)
    })
}

/// Runs `body` on a live game and writes the value it gives to `out`, under `guard`: a NULL
/// `game` or `out` is `NullArgument`, an error of `body` its status.
///
/// # Safety
/// `game` NULL or live; `out` NULL or valid for a write.
unsafe fn game_value<T>(
    game: *const xq_game,
    out: *mut T,
    body: impl FnOnce(&Game) -> Result<T, xq_status>,
) -> xq_status {
    let write = |g: &Game| {
        let value = body(g)?;
        // SAFETY: write_out checks NULL; the caller guarantees validity otherwise.
        unsafe { write_out(out, value) }
    };
    // SAFETY: the caller guarantees game is NULL or live.
    unsafe { with_game(game, write) }
}

/// Runs `body` on a live game that it may change, under `guard`.
///
/// # Safety
/// `game` NULL or live and not used by another thread meanwhile.
unsafe fn game_change(
    game: *mut xq_game,
    body: impl FnOnce(&mut Game) -> Result<(), xq_status>,
) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees game is NULL or live and unshared.
        let game = unsafe { from_mut_ptr(game) }?;
        body(&mut game.game)
    })
}

fn parse_error_status(err: &MoveParseError) -> xq_status {
    match err {
        MoveParseError::Invalid { .. } => xq_status::InvalidMove,
        MoveParseError::Illegal { .. } => xq_status::IllegalMove,
        MoveParseError::Ambiguous { .. } => xq_status::AmbiguousMove,
    }
}

fn termination_code(termination: Termination) -> xq_termination {
    xq_termination::from(termination.code())
}

pub(crate) fn color_code(color: Color) -> xq_color {
    match color {
        Color::Red => XQ_COLOR_RED,
        Color::Black => XQ_COLOR_BLACK,
    }
}

impl xq_game {
    pub(crate) fn game(&self) -> &Game {
        &self.game
    }

    pub(crate) fn boxed(game: Game) -> *mut xq_game {
        Box::into_raw(Box::new(xq_game { game }))
    }
}

/// Hands a new game to the caller through `out`: a NULL `out` is `NullArgument` before `make`
/// runs, an error of `make` its status.
///
/// # Safety
/// `out` must be NULL or valid for a write.
pub(crate) unsafe fn hand_out(
    out: *mut *mut xq_game,
    make: impl FnOnce() -> Result<Game, xq_status>,
) -> Result<(), xq_status> {
    if out.is_null() {
        return Err(xq_status::NullArgument);
    }
    let game = make()?;
    // SAFETY: out checked non-NULL above; the caller guarantees it is writable.
    unsafe { write_out(out, xq_game::boxed(game)) }
}

/// A new game from the start position under `rules` (an `XQ_RULES_*` value).
///
/// # Safety
/// `out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_new(rules: xq_rules, out: *mut *mut xq_game) -> xq_status {
    guard(|| {
        let rules = rules_from(rules)?;
        // SAFETY: the caller guarantees out.
        unsafe { hand_out(out, || Ok(Game::new(Position::startpos(), rules))) }
    })
}

/// A new game of `variant` (an `XQ_VARIANT_*` value) under the variant's own rules, from a FEN
/// (NUL-terminated, read in that variant) or, with `fen` NULL, from the variant's start. A
/// malformed or illegal FEN gives `XQ_STATUS_INVALID_FEN`.
///
/// # Safety
/// `fen` must be NULL or a NUL-terminated string; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_new_variant(
    variant: xq_variant,
    fen: *const c_char,
    out: *mut *mut xq_game,
) -> xq_status {
    guard(|| {
        let variant = variant_from(variant)?;
        let fen = if fen.is_null() {
            None
        } else {
            // SAFETY: fen is non-NULL here; the caller guarantees it is NUL-terminated.
            Some(unsafe { c_str(fen) }?)
        };
        // SAFETY: the caller guarantees out.
        unsafe {
            hand_out(out, || {
                Game::of_variant(variant, fen).map_err(|_| xq_status::InvalidFen)
            })
        }
    })
}

/// A new janggi game (Korean tournament rules) from the setups the two sides chose
/// (`XQ_JANGGI_SETUP_*` values).
///
/// # Safety
/// `out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_new_janggi(
    cho: xq_janggi_setup,
    han: xq_janggi_setup,
    out: *mut *mut xq_game,
) -> xq_status {
    guard(|| {
        let start = Position::janggi_start(setup_from(cho)?, setup_from(han)?);
        // SAFETY: the caller guarantees out.
        unsafe {
            hand_out(out, || {
                Ok(Game::new(start, Variant::Janggi.default_rules()))
            })
        }
    })
}

/// The game's variant (an `XQ_VARIANT_*` value).
///
/// # Safety
/// `game` must be NULL or a live game; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_variant(game: *const xq_game, out: *mut xq_variant) -> xq_status {
    // SAFETY: the caller guarantees game and out.
    unsafe {
        game_value(game, out, |g| {
            let variant = g.position().variant();
            let code = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
            Ok(code as xq_variant)
        })
    }
}

/// The pass of the current position (janggi: the general's point twice); play it with
/// `xq_game_play`, which refuses it where it is illegal (in check, in xiangqi).
///
/// # Safety
/// `game` must be NULL or a live game; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_pass_move(game: *const xq_game, out: *mut xq_move) -> xq_status {
    // SAFETY: the caller guarantees game and out.
    unsafe { game_value(game, out, |g| Ok(g.position().pass_move().to_u16())) }
}

/// A new game from a FEN (NUL-terminated) under `rules`. A malformed or illegal FEN gives
/// `XQ_STATUS_INVALID_FEN`; `xq_fen_error` explains why.
///
/// # Safety
/// `fen` must be NULL or a NUL-terminated string; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_from_fen(
    fen: *const c_char,
    rules: xq_rules,
    out: *mut *mut xq_game,
) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees fen is NULL or NUL-terminated.
        let fen = unsafe { c_str(fen) }?;
        let rules = rules_from(rules)?;
        // SAFETY: the caller guarantees out.
        unsafe {
            hand_out(out, || {
                Game::from_fen(fen, rules).map_err(|_| xq_status::InvalidFen)
            })
        }
    })
}

/// Explains why a FEN is rejected (which field, which rank, why) into `buf`; writes an empty
/// string for a valid FEN.
///
/// # Safety
/// `fen` must be NULL or NUL-terminated; `buf` NULL or valid for `len` bytes; `needed` NULL or
/// valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_fen_error(
    fen: *const c_char,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees fen is NULL or NUL-terminated.
        let fen = unsafe { c_str(fen) }?;
        let text = Position::from_fen(fen)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        // SAFETY: the caller guarantees buf/len/needed.
        unsafe { write_str(&text, buf, len, needed) }
    })
}

/// Frees a game. NULL is harmless.
///
/// # Safety
/// `game` must be NULL or a pointer from a game constructor that was not freed yet.
#[no_mangle]
pub unsafe extern "C" fn xq_game_free(game: *mut xq_game) {
    if !game.is_null() {
        // SAFETY: the caller guarantees the pointer came from Box::into_raw and is freed once.
        let _ = std::panic::catch_unwind(|| drop(unsafe { Box::from_raw(game) }));
    }
}

/// A copy of a game (position, moves and rules), to be freed separately.
///
/// # Safety
/// `game` must be NULL or a live game; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_clone(game: *const xq_game, out: *mut *mut xq_game) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees game is NULL or live.
        let game = unsafe { from_ptr(game) }?;
        // SAFETY: the caller guarantees out.
        unsafe { hand_out(out, || Ok(game.game.clone())) }
    })
}

/// The FEN of the current position into `buf` (see the string conventions at the top).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or valid for `len` bytes; `needed` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_fen(
    game: *const xq_game,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> xq_status {
    // SAFETY: the caller guarantees game/buf/len/needed.
    unsafe { game_text(game, buf, len, needed, |g| Ok(g.position().fen())) }
}

/// The side to move (`XQ_COLOR_RED` or `XQ_COLOR_BLACK`).
///
/// # Safety
/// `game` NULL or live; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_turn(game: *const xq_game, out: *mut xq_color) -> xq_status {
    // SAFETY: the caller guarantees game and out.
    unsafe { game_value(game, out, |g| Ok(color_code(g.position().turn()))) }
}

/// The piece on `square`: `*out` receives -1 for an empty point, else `color * 7 + role`
/// (`XQ_COLOR_*`, `XQ_ROLE_*`).
///
/// # Safety
/// `game` NULL or live; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_piece_at(
    game: *const xq_game,
    square: xq_square,
    out: *mut i32,
) -> xq_status {
    // SAFETY: the caller guarantees game and out.
    unsafe {
        game_value(game, out, |g| {
            let sq = Square::new(u32::from(square)).ok_or(xq_status::InvalidArgument)?;
            Ok(g.position().piece_at(sq).map_or(-1, |p| p.index() as i32))
        })
    }
}

/// The legal moves of the current position into `moves` (room for `capacity` moves; 128 is
/// always enough), their number into `count`. When `capacity` is too small, nothing is written
/// to `moves`, `*count` receives the number needed and the status is `XQ_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `game` NULL or live; `moves` NULL or valid for `capacity` writes; `count` NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn xq_game_legal_moves(
    game: *const xq_game,
    moves: *mut xq_move,
    capacity: usize,
    count: *mut usize,
) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees game is NULL or live.
        let game = unsafe { from_ptr(game) }?;
        if count.is_null() {
            return Err(xq_status::NullArgument);
        }
        let list = game.game.position().legal_moves();
        // SAFETY: count checked non-NULL above.
        unsafe { count.write(list.len()) };
        if list.len() > capacity {
            return Err(xq_status::BufferTooSmall);
        }
        if moves.is_null() && !list.is_empty() {
            return Err(xq_status::NullArgument);
        }
        for (i, m) in list.iter().enumerate() {
            // SAFETY: i < list.len() <= capacity and the caller guarantees capacity writes.
            unsafe { moves.add(i).write(m.to_u16()) };
        }
        Ok(())
    })
}

/// The most moves `xq_game_legal_moves` can ever write.
pub const XQ_MAX_MOVES: usize = 128;

const _: () = assert!(
    XQ_MAX_MOVES == MAX_MOVES,
    "the header constant must equal the core bound"
);

/// Plays a move. `XQ_STATUS_ILLEGAL_MOVE` when it is not legal, `XQ_STATUS_GAME_OVER` when the
/// game has already ended (checkmate, repetition ruling, ...).
///
/// # Safety
/// `game` NULL or live and not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn xq_game_play(game: *mut xq_game, mv: xq_move) -> xq_status {
    // SAFETY: the caller guarantees game.
    unsafe {
        game_change(game, |g| {
            let m = move_from(mv)?;
            if g.is_over() {
                return Err(xq_status::GameOver);
            }
            g.push(m).map_err(|_| xq_status::IllegalMove)
        })
    }
}

/// Parses move text (NUL-terminated UTF-8) in `notation` (`XQ_NOTATION_ANY` accepts ICCS, WXF
/// or Chinese) against the current position.
///
/// # Safety
/// `game` NULL or live; `text` NULL or NUL-terminated; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_parse_move(
    game: *const xq_game,
    text: *const c_char,
    notation: xq_notation,
    out: *mut xq_move,
) -> xq_status {
    let parse = |g: &Game| {
        // SAFETY: the caller guarantees text is NULL or NUL-terminated.
        let text = unsafe { c_str(text) }?;
        let parsed = parse_text(g.position(), text, notation)?;
        let m = parsed.map_err(|e| parse_error_status(&e))?;
        Ok(m.to_u16())
    };
    // SAFETY: the caller guarantees game and out.
    unsafe { game_value(game, out, parse) }
}

/// Parses and plays a move text in one step.
///
/// # Safety
/// `game` NULL or live and unshared; `text` NULL or NUL-terminated.
#[no_mangle]
pub unsafe extern "C" fn xq_game_play_text(
    game: *mut xq_game,
    text: *const c_char,
    notation: xq_notation,
) -> xq_status {
    let mut m: xq_move = 0;
    // SAFETY: the caller's guarantees carry over; m is a valid local.
    let status = unsafe { xq_game_parse_move(game, text, notation, &mut m) };
    if status != xq_status::Ok {
        return status;
    }
    // SAFETY: as above.
    unsafe { xq_game_play(game, m) }
}

/// Why `mv` is illegal in the current position: `*out` receives an `XQ_ILLEGAL_*` reason, or
/// `XQ_ILLEGAL_NONE` when the move is legal. Any move value with squares 0..89 may be asked
/// about (`XQ_STATUS_INVALID_ARGUMENT` otherwise).
///
/// # Safety
/// `game` NULL or live; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_illegal_reason(
    game: *const xq_game,
    mv: xq_move,
    out: *mut xq_illegal_reason,
) -> xq_status {
    // SAFETY: the caller guarantees game and out.
    unsafe {
        game_value(game, out, |g| {
            let m = move_from(mv)?;
            Ok(g.position()
                .illegal_reason(m)
                .map_or(XQ_ILLEGAL_NONE, |r| xq_illegal_reason::from(r.code())))
        })
    }
}

/// The text of an illegal-move reason, as a player reads it ("the path is blocked", ...): a
/// static NUL-terminated string, never NULL. `XQ_ILLEGAL_NONE` gives "legal", unknown numbers
/// "unknown reason".
#[no_mangle]
pub extern "C" fn xq_illegal_reason_message(reason: xq_illegal_reason) -> *const c_char {
    const TEXTS: [&[u8]; 7] = [
        b"no piece of yours there\0",
        b"that piece does not move so\0",
        b"the path is blocked\0",
        b"a cannon captures only by jumping exactly one piece\0",
        b"your own piece stands there\0",
        b"the generals would face each other\0",
        b"it leaves your general attacked\0",
    ];
    let text: &'static [u8] = match reason {
        XQ_ILLEGAL_NONE => b"legal\0",
        r => u8::try_from(r)
            .ok()
            .and_then(IllegalMoveReason::from_code)
            .map_or(b"unknown reason\0", |r| TEXTS[r.code() as usize - 1]),
    };
    text.as_ptr().cast()
}

/// Explains why a move text is refused in the current position (for `xq_game_parse_move` and
/// `xq_game_play_text`), into `buf`: for example `illegal move "h0h2": that piece does not move
/// so`, or `invalid move "x": ...`. Writes an empty string when the text is a legal move.
///
/// # Safety
/// `game` NULL or live; `text` NULL or NUL-terminated; `buf` NULL or valid for `len` bytes;
/// `needed` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_move_error(
    game: *const xq_game,
    text: *const c_char,
    notation: xq_notation,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> xq_status {
    let message = |g: &Game| {
        // SAFETY: the caller guarantees text is NULL or NUL-terminated.
        let text = unsafe { c_str(text) }?;
        let parsed = parse_text(g.position(), text, notation)?;
        Ok(parsed.err().map(|e| e.to_string()).unwrap_or_default())
    };
    // SAFETY: the caller guarantees game/buf/len/needed.
    unsafe { game_text(game, buf, len, needed, message) }
}

/// Writes a legal move of the current position in `notation` into `buf` (`XQ_NOTATION_ANY` is
/// not a writing notation).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or valid for `len` bytes; `needed` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_format_move(
    game: *const xq_game,
    mv: xq_move,
    notation: xq_notation,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> xq_status {
    // SAFETY: the caller guarantees game/buf/len/needed.
    unsafe {
        game_text(game, buf, len, needed, |g| {
            let m = move_from(mv)?;
            g.position()
                .format_move(m, notation_from(notation)?)
                .map_err(|_| xq_status::IllegalMove)
        })
    }
}

/// Takes back the last move. `XQ_STATUS_NOTHING_TO_UNDO` at the start.
///
/// # Safety
/// `game` NULL or live and unshared.
#[no_mangle]
pub unsafe extern "C" fn xq_game_undo(game: *mut xq_game) -> xq_status {
    // SAFETY: the caller guarantees game.
    unsafe {
        game_change(game, |g| {
            g.pop().map(|_| ()).ok_or(xq_status::NothingToUndo)
        })
    }
}

/// How many plies have been played.
///
/// # Safety
/// `game` NULL or live; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_ply(game: *const xq_game, out: *mut usize) -> xq_status {
    // SAFETY: the caller guarantees game and out.
    unsafe { game_value(game, out, |g| Ok(g.ply())) }
}

/// Whether the side to move is in check.
///
/// # Safety
/// `game` NULL or live; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_is_check(game: *const xq_game, out: *mut bool) -> xq_status {
    // SAFETY: the caller guarantees game and out.
    unsafe { game_value(game, out, |g| Ok(g.position().is_check())) }
}

/// Changes the rules the game is judged by.
///
/// # Safety
/// `game` NULL or live and unshared.
#[no_mangle]
pub unsafe extern "C" fn xq_game_set_rules(game: *mut xq_game, rules: xq_rules) -> xq_status {
    // SAFETY: the caller guarantees game.
    unsafe {
        game_change(game, |g| {
            g.set_rules(rules_from(rules)?);
            Ok(())
        })
    }
}

/// Whether the game is over, why, and who won, under the game's rules.
///
/// # Safety
/// `game` NULL or live; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_outcome(game: *const xq_game, out: *mut xq_outcome) -> xq_status {
    // SAFETY: the caller guarantees game and out.
    unsafe {
        game_value(game, out, |g| {
            Ok(match g.outcome() {
                None => xq_outcome {
                    is_over: false,
                    termination: XQ_TERMINATION_NONE,
                    winner: -1,
                },
                Some(o) => xq_outcome {
                    is_over: true,
                    termination: termination_code(o.termination),
                    winner: o.winner.map_or(-1, |c| color_code(c) as i32),
                },
            })
        })
    }
}

/// Whether janggi counting decided the game's result (core's `Outcome::counted`): `true` only
/// for a game that is over, under rules that count, by an ending left to counting (bikjang, two
/// passes, a repetition without a perpetual checker, the move limit); `false` while the game
/// goes on and for every xiangqi game.
///
/// # Safety
/// `game` NULL or live; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_outcome_counted(
    game: *const xq_game,
    out: *mut bool,
) -> xq_status {
    // SAFETY: the caller guarantees game and out.
    unsafe { game_value(game, out, |g| Ok(g.outcome().is_some_and(|o| o.counted))) }
}

/// The outcome explained in words (the rule, the side, a chased piece and the cycle for
/// repetition rulings); an empty string while the game goes on.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or valid for `len` bytes; `needed` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_outcome_text(
    game: *const xq_game,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> xq_status {
    // SAFETY: the caller guarantees game/buf/len/needed.
    unsafe {
        game_text(game, buf, len, needed, |g| {
            Ok(g.outcome().map(|o| o.explain()).unwrap_or_default())
        })
    }
}

fn color_from(color: xq_color) -> Result<Color, xq_status> {
    match color {
        XQ_COLOR_RED => Ok(Color::Red),
        XQ_COLOR_BLACK => Ok(Color::Black),
        _ => Err(xq_status::InvalidArgument),
    }
}

/// Declares a result by the core's `Game::resign`, `agree_draw` or `flag`.
///
/// # Safety
/// `game` NULL or live and unshared.
unsafe fn declare(
    game: *mut xq_game,
    declare: impl FnOnce(&mut Game) -> Result<(), xiangqi_core::GameOver>,
) -> xq_status {
    // SAFETY: the caller guarantees game.
    unsafe { game_change(game, |g| declare(g).map_err(|_| xq_status::GameOver)) }
}

/// `color` resigns: the other side wins (`XQ_TERMINATION_RESIGNATION`). `XQ_STATUS_GAME_OVER`
/// when the game has already ended; taking back the move before the resignation withdraws it.
///
/// # Safety
/// `game` NULL or live and unshared.
#[no_mangle]
pub unsafe extern "C" fn xq_game_resign(game: *mut xq_game, color: xq_color) -> xq_status {
    let color = match color_from(color) {
        Ok(c) => c,
        Err(status) => return status,
    };
    // SAFETY: passed on from the caller.
    unsafe { declare(game, |g| g.resign(color)) }
}

/// The players agree a draw (`XQ_TERMINATION_AGREEMENT`); `XQ_STATUS_GAME_OVER` when the game
/// has already ended.
///
/// # Safety
/// `game` NULL or live and unshared.
#[no_mangle]
pub unsafe extern "C" fn xq_game_agree_draw(game: *mut xq_game) -> xq_status {
    // SAFETY: passed on from the caller.
    unsafe { declare(game, Game::agree_draw) }
}

/// `color` ran out of time: the other side wins (`XQ_TERMINATION_TIME`); `XQ_STATUS_GAME_OVER`
/// when the game has already ended.
///
/// # Safety
/// `game` NULL or live and unshared.
#[no_mangle]
pub unsafe extern "C" fn xq_game_flag(game: *mut xq_game, color: xq_color) -> xq_status {
    let color = match color_from(color) {
        Ok(c) => c,
        Err(status) => return status,
    };
    // SAFETY: passed on from the caller.
    unsafe { declare(game, |g| g.flag(color)) }
}

/// The name of a termination code (`"checkmate"`, `"perpetual check"`, ...), from the core's
/// table; `""` for `XQ_TERMINATION_NONE` and unknown codes. Static, never NULL.
#[no_mangle]
pub extern "C" fn xq_termination_name(termination: xq_termination) -> *const c_char {
    static NAMES: std::sync::OnceLock<Vec<std::ffi::CString>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        Termination::ALL
            .iter()
            .map(|t| std::ffi::CString::new(t.name()).expect("names have no NUL"))
            .collect()
    });
    u8::try_from(termination)
        .ok()
        .and_then(Termination::from_code)
        .map_or(c"".as_ptr(), |t| names[usize::from(t.code()) - 1].as_ptr())
}

/// The conventional value of a piece kind in centipawns (`XQ_ROLE_SOLDIER` 100, advisor and
/// elephant 200, horse and cannon 450, chariot 1000, general 0), from the core's table; -1 for
/// an unknown role.
#[no_mangle]
pub extern "C" fn xq_role_value(role: xq_role) -> i32 {
    usize::try_from(role)
        .ok()
        .and_then(|i| Role::ALL.get(i))
        .map_or(-1, |r| r.value())
}

/// Perft: the number of leaf nodes `depth` plies below the current position (depth at most 8).
///
/// # Safety
/// `game` NULL or live; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_perft(
    game: *const xq_game,
    depth: u32,
    out: *mut u64,
) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees game is NULL or live.
        let game = unsafe { from_ptr(game) }?;
        if depth > 8 {
            return Err(xq_status::InvalidArgument);
        }
        if out.is_null() {
            return Err(xq_status::NullArgument);
        }
        let nodes = perft(game.game.position(), depth);
        // SAFETY: out checked non-NULL above.
        unsafe { write_out(out, nodes) }
    })
}

/// Makes a move from two squares (0..89). `XQ_STATUS_INVALID_ARGUMENT` for a square above 89.
///
/// # Safety
/// `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_move_new(
    from: xq_square,
    to: xq_square,
    out: *mut xq_move,
) -> xq_status {
    guard(|| {
        let from = Square::new(u32::from(from)).ok_or(xq_status::InvalidArgument)?;
        let to = Square::new(u32::from(to)).ok_or(xq_status::InvalidArgument)?;
        // SAFETY: write_out checks NULL.
        unsafe { write_out(out, Move::new(from, to).to_u16()) }
    })
}

/// The square a move leaves (the low 7 bits).
#[no_mangle]
pub extern "C" fn xq_move_from(mv: xq_move) -> xq_square {
    (mv & 0x7f) as xq_square
}

/// The square a move arrives on.
#[no_mangle]
pub extern "C" fn xq_move_to(mv: xq_move) -> xq_square {
    ((mv >> 7) & 0x7f) as xq_square
}
