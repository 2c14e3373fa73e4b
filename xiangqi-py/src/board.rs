//! `Board`: a position with its move stack, shaped like python-chess's `Board`.

use crate::encoding::{self, Encoding, PlaneLayout};
use crate::errors::{
    fen_error, illegal_move, limit_error, move_parse_error, setting_up_error, Count, Int,
    XiangqiError,
};
use crate::interrupt::run_interruptible;
use crate::types::{
    color_from_py, color_to_py, dialect, role_from_py, square_from_py, Move, Piece,
};
use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray3, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyType};
use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};
use xiangqi_core::janggi::Arrangement;
use xiangqi_core::{
    fen, Color, Game, Move as CoreMove, Notation, Position, PositionError, Role, Rules, Setup,
    Square, Variant, STARTING_FEN,
};

/// The side whose view the encodings take: the side to move, or a fixed side. Black's view is
/// mirrored (ranks flipped) so that it plays up the board as Red does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perspective {
    /// The side to move.
    SideToMove,
    /// Red's view (the board as it stands), whoever is to move.
    Red,
    /// Black's view, whoever is to move.
    Black,
}

impl Perspective {
    /// Parses `"side_to_move"`, `"red"` or `"black"`.
    pub fn parse(name: &str) -> PyResult<Perspective> {
        match name {
            "side_to_move" => Ok(Perspective::SideToMove),
            "red" | "absolute" => Ok(Perspective::Red),
            "black" => Ok(Perspective::Black),
            _ => Err(XiangqiError::new_err(format!(
                "perspective must be \"side_to_move\", \"red\" or \"black\", not {name:?}"
            ))),
        }
    }

    /// The side whose view this is when `turn` is to move.
    pub fn side(self, turn: Color) -> Color {
        match self {
            Perspective::SideToMove => turn,
            Perspective::Red => Color::Red,
            Perspective::Black => Color::Black,
        }
    }

    /// Whether moves and points are mirrored when `turn` is to move.
    pub fn mirror(self, turn: Color) -> bool {
        self.side(turn) == Color::Black
    }
}

/// Parses a notation name.
pub fn parse_notation(name: &str) -> PyResult<Notation> {
    name.parse::<Notation>()
        .map_err(|e| XiangqiError::new_err(e.to_string()))
}

/// Parses an encoding name.
pub fn parse_encoding(name: &str) -> PyResult<Encoding> {
    Encoding::parse(name).ok_or_else(|| {
        XiangqiError::new_err(format!(
            "encoding must be \"2086\", \"8100\" or \"janggi\", not {name:?}"
        ))
    })
}

/// The encoding named `name` for a `variant` game (its own when `None`); `XiangqiError` when
/// the encoding lacks some of the game's moves (a xiangqi encoding for janggi, or the reverse).
pub fn encoding_for(name: Option<&str>, variant: Variant) -> PyResult<Encoding> {
    let Some(name) = name else {
        return Ok(Encoding::of_variant(variant));
    };
    let enc = parse_encoding(name)?;
    if enc.fits(variant) {
        Ok(enc)
    } else {
        Err(XiangqiError::new_err(format!(
            "the {:?} encoding is not for {variant} games: use encoding={:?}",
            enc.name(),
            Encoding::of_variant(variant).name()
        )))
    }
}

/// What `Board.__reduce__` returns: the class, its arguments (root FEN, rules, variant; no FEN
/// for a board being set up) and the state `__setstate__` restores.
type Reduced = (Py<PyAny>, (Option<String>, String, String), PickledState);

/// The state of a pickled board: the moves played from its root, or the FEN of a board being
/// set up (read without the legality check a FEN argument gets).
#[derive(FromPyObject, IntoPyObject)]
pub enum PickledState {
    /// The pieces of a board being set up, as a FEN.
    Setup(String),
    /// The move stack of a game.
    Moves(Vec<Move>),
}

/// The current position and up to `count` earlier ones of `game`, newest first.
fn recent_positions(game: &Game, count: usize) -> Vec<Position> {
    let moves: Vec<CoreMove> = game.moves().collect();
    let keep_from = moves.len().saturating_sub(count);
    let mut pos = game.start().clone();
    let mut out = Vec::with_capacity(count.min(moves.len()) + 1);
    if keep_from == 0 {
        out.push(pos.clone());
    }
    for (i, &m) in moves.iter().enumerate() {
        pos.make_move(m);
        if i + 1 >= keep_from {
            out.push(pos.clone());
        }
    }
    out.reverse();
    out
}

/// A xiangqi board: the position, the side to move and the moves played.
///
/// `Board()` is the start position; `Board(fen)` any legal position; `Board(None)` an empty
/// board being set up. Moves are pushed and popped as in python-chess; `legal_moves` is a lazy
/// view that supports `in`, `len()` and iteration.
#[pyclass(module = "xiangqi", subclass)]
#[derive(Clone)]
pub struct Board {
    state: BoardState,
}

/// A board's pieces and state as the reading methods see them: a game's position, or the
/// pieces being set up.
enum Placement<'a> {
    Position(&'a Position),
    Setup(&'a Setup),
}

impl Placement<'_> {
    fn turn(&self) -> Color {
        match self {
            Placement::Position(pos) => pos.turn(),
            Placement::Setup(setup) => setup.turn,
        }
    }

    fn halfmoves(&self) -> u32 {
        match self {
            Placement::Position(pos) => pos.halfmoves(),
            Placement::Setup(setup) => setup.halfmoves,
        }
    }

    fn fullmoves(&self) -> u32 {
        match self {
            Placement::Position(pos) => pos.fullmoves(),
            Placement::Setup(setup) => setup.fullmoves,
        }
    }

    fn variant(&self) -> Variant {
        match self {
            Placement::Position(pos) => pos.variant(),
            Placement::Setup(setup) => setup.variant,
        }
    }

    fn piece_at(&self, sq: Square) -> Option<xiangqi_core::Piece> {
        match self {
            Placement::Position(pos) => pos.piece_at(sq),
            Placement::Setup(setup) => setup.piece_at(sq),
        }
    }

    fn pieces(&self, color: Color, role: Role) -> xiangqi_core::Bitboard {
        match self {
            Placement::Position(pos) => pos.pieces(color, role),
            Placement::Setup(setup) => setup.pieces(color, role),
        }
    }

    fn zobrist_hash(&self) -> u64 {
        match self {
            Placement::Position(pos) => pos.hash(),
            Placement::Setup(setup) => setup.zobrist_hash(),
        }
    }
}

/// What a board holds. Every method that needs the rules reaches the game through
/// [`Board::game`], which refuses a board being set up; the methods that only read the pieces
/// read a [`Setup`] or the position in both states ([`Board::setup`], [`Board::placement`]).
// Almost every board holds a game: boxing it to shrink the rare board being set up would cost
// every board an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
enum BoardState {
    /// A legal position and the moves played from the game's root.
    Game(Game),
    /// Pieces being set up that are not a legal position yet (`error` says why): no rule
    /// applies until an edit makes them one.
    SettingUp {
        setup: Setup,
        rules: Rules,
        error: PositionError,
    },
}

/// Parses a rule set: a preset name (`casual`, `simple`, `axf`) or a custom combination such as
/// `axf,no-capture=off`.
pub fn parse_rules(rules: &str) -> PyResult<Rules> {
    rules
        .parse::<Rules>()
        .map_err(|e| XiangqiError::new_err(e.to_string()))
}

/// Parses a variant name (`xiangqi`, `janggi`, `janggitraditional`, `janggimodern`,
/// `janggicasual`).
pub fn parse_variant(name: &str) -> PyResult<Variant> {
    name.parse::<Variant>()
        .map_err(|e| XiangqiError::new_err(e.to_string()))
}

/// Parses a janggi setup name (`masangsangma`, `마상상마`, ...).
fn parse_arrangement(name: &str) -> PyResult<Arrangement> {
    name.parse::<Arrangement>()
        .map_err(|e| XiangqiError::new_err(e.to_string()))
}

/// The start position of a `variant` janggi game with Cho's and Han's arrangements;
/// `XiangqiError` for xiangqi or an unknown arrangement.
pub fn janggi_start(cho: &str, han: &str, variant: Variant) -> PyResult<Position> {
    if !variant.is_janggi() {
        return Err(XiangqiError::new_err(format!(
            "the setups {cho:?} and {han:?} are janggi's; {variant} has one start position"
        )));
    }
    Position::janggi_start(parse_arrangement(cho)?, parse_arrangement(han)?)
        .with_variant(variant)
        .map_err(|e| XiangqiError::new_err(e.to_string()))
}

impl Board {
    /// A board at `pos` with no move stack.
    pub fn from_position(pos: Position, rules: Rules) -> Board {
        Board::from_game(Game::new(pos, rules))
    }

    /// A board over a game.
    pub fn from_game(game: Game) -> Board {
        Board {
            state: BoardState::Game(game),
        }
    }

    /// A board at `setup` under `rules` with no move stack: a game there when `setup` is a
    /// legal position (core's `Position::from_setup`), else a board being set up.
    pub fn from_setup(setup: Setup, rules: Rules) -> Board {
        let state = match Position::from_setup(setup.clone()) {
            Ok(pos) => BoardState::Game(Game::new(pos, rules)),
            Err(error) => BoardState::SettingUp {
                setup,
                rules,
                error,
            },
        };
        Board { state }
    }

    /// The game, for every method that needs the rules; `FenError` naming the problems and
    /// how to finish the position when the board is being set up.
    pub fn game(&self) -> PyResult<&Game> {
        match &self.state {
            BoardState::Game(game) => Ok(game),
            BoardState::SettingUp { error, .. } => Err(setting_up_error(error)),
        }
    }

    /// The game, to play on: as [`Board::game`].
    pub fn game_mut(&mut self) -> PyResult<&mut Game> {
        match &mut self.state {
            BoardState::Game(game) => Ok(game),
            BoardState::SettingUp { error, .. } => Err(setting_up_error(error)),
        }
    }

    /// The current position, for a method that needs the rules (see [`Board::game`]).
    fn position(&self) -> PyResult<&Position> {
        self.game().map(Game::position)
    }

    /// The pieces, side to move, counters and variant, whichever the state: what the methods
    /// that only read the board read.
    fn setup(&self) -> Cow<'_, Setup> {
        match &self.state {
            BoardState::Game(game) => Cow::Owned(game.position().to_setup()),
            BoardState::SettingUp { setup, .. } => Cow::Borrowed(setup),
        }
    }

    /// The pieces and state, whichever the board's state, without copying a game's position:
    /// what the reading methods called in loops read.
    fn placement(&self) -> Placement<'_> {
        match &self.state {
            BoardState::Game(game) => Placement::Position(game.position()),
            BoardState::SettingUp { setup, .. } => Placement::Setup(setup),
        }
    }

    /// The rules the board's games are judged by.
    fn board_rules(&self) -> Rules {
        match &self.state {
            BoardState::Game(game) => game.rules(),
            BoardState::SettingUp { rules, .. } => *rules,
        }
    }

    /// Changes the pieces, side to move or counters with `change`: the board becomes a game
    /// at the result when it is a legal position (the move stack starts again there), else a
    /// board being set up. Never fails: legality is no reason to refuse an edit.
    fn edit(&mut self, change: impl FnOnce(&mut Setup)) {
        let mut setup = self.setup().into_owned();
        change(&mut setup);
        *self = Board::from_setup(setup, self.board_rules());
    }

    /// A board like this one (same rules) at `pos`, with no move stack.
    fn fresh(&self, pos: Position) -> Board {
        Board::from_position(pos, self.board_rules())
    }

    fn legal(&self, m: &Move) -> PyResult<CoreMove> {
        let pos = self.position()?;
        if pos.is_legal(m.inner) {
            Ok(m.inner)
        } else {
            Err(illegal_move(xiangqi_core::IllegalMove { mv: m.inner }, pos))
        }
    }

    fn format(&self, m: &Move, notation: Notation) -> PyResult<String> {
        let pos = self.position()?;
        pos.format_move(m.inner, notation)
            .map_err(|e| illegal_move(e, pos))
    }

    fn parse_in(&self, text: &str, notation: Notation) -> PyResult<Move> {
        self.position()?
            .parse_move(text, notation)
            .map(Move::wrap)
            .map_err(move_parse_error)
    }

    /// Parses a move in `notation`, plays it and returns it.
    fn push_in(&mut self, text: &str, notation: Notation) -> PyResult<Move> {
        let m = self.parse_in(text, notation)?;
        self.game_mut()?.push_unchecked(m.inner);
        Ok(m)
    }
}

#[pymethods]
impl Board {
    /// `Board(fen)` is a legal position (`FenError` otherwise); `Board(None)` is an empty
    /// board of `variant` being set up, Red to move, as python-chess's.
    #[new]
    #[pyo3(signature = (fen = Some(STARTING_FEN), rules = None, variant = "xiangqi"))]
    fn py_new(fen: Option<&str>, rules: Option<&str>, variant: &str) -> PyResult<Board> {
        let variant = parse_variant(variant)?;
        let rules = match rules {
            Some(rules) => parse_rules(rules)?,
            None => variant.default_rules(),
        };
        let pos = match fen {
            None => {
                let setup = Setup {
                    variant,
                    ..Setup::empty()
                };
                return Ok(Board::from_setup(setup, rules));
            }
            Some(fen) if fen == STARTING_FEN => Position::start_of(variant),
            Some(fen) => Position::from_fen_variant(fen, variant).map_err(fen_error)?,
        };
        Ok(Board::from_position(pos, rules))
    }

    /// A janggi board from the setups the two sides chose: `cho` and `han` each one of
    /// `masangsangma` (마상상마, both elephants inside), `sangmamasang` (상마마상),
    /// `masangmasang` (마상마상) or `sangmasangma` (상마상마), read from the side's own left
    /// (`JANGGI_ARRANGEMENTS` lists them). `variant` is a janggi rule set (`"janggi"`,
    /// `"janggitraditional"`, `"janggimodern"`, `"janggicasual"`); the rules default to its.
    #[staticmethod]
    #[pyo3(signature = (cho = "masangsangma", han = "masangsangma", rules = None, variant = "janggi"))]
    fn janggi(cho: &str, han: &str, rules: Option<&str>, variant: &str) -> PyResult<Board> {
        let pos = janggi_start(cho, han, parse_variant(variant)?)?;
        let rules = match rules {
            Some(rules) => parse_rules(rules)?,
            None => pos.variant().default_rules(),
        };
        Ok(Board::from_position(pos, rules))
    }

    /// The game: `"xiangqi"`, or a janggi rule set (`"janggi"`, `"janggitraditional"`,
    /// `"janggimodern"`, `"janggicasual"`).
    #[getter]
    fn variant(&self) -> String {
        self.placement().variant().to_string()
    }

    /// The pass (janggi: the general's point twice, `e1e1` at the start). It is legal only
    /// where `is_legal` says so; xiangqi has none.
    fn pass_move(&self) -> PyResult<Move> {
        Ok(Move::wrap(self.position()?.pass_move()))
    }

    /// The rules: `"casual"`, `"simple"`, `"axf"`, or a custom combination such as
    /// `"axf,no-capture=off"`.
    #[getter]
    fn rules(&self) -> String {
        self.board_rules().to_string()
    }

    /// Changes the rules (the game is judged afresh under them).
    #[setter]
    fn set_rules(&mut self, rules: &str) -> PyResult<()> {
        let rules = parse_rules(rules)?;
        match &mut self.state {
            BoardState::Game(game) => game.set_rules(rules),
            BoardState::SettingUp { rules: own, .. } => *own = rules,
        }
        Ok(())
    }

    /// The side to move: `RED` (`True`) or `BLACK` (`False`).
    #[getter]
    fn turn(&self) -> bool {
        color_to_py(self.placement().turn())
    }

    /// Sets the side to move, an edit as `set_piece_at` (the side not to move left in check
    /// makes a board being set up).
    #[setter]
    fn set_turn(&mut self, turn: bool) {
        self.edit(|setup| setup.turn = color_from_py(turn));
    }

    /// Plies since the last capture (the FEN's fifth field).
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.placement().halfmoves()
    }

    /// The move number, 1 at the start and increased after each Black move.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.placement().fullmoves()
    }

    /// The FEN of the current position (of the pieces being set up too).
    fn fen(&self) -> String {
        fen::write_fen(&self.setup())
    }

    /// The piece-placement field of the FEN.
    fn board_fen(&self) -> String {
        fen::board_fen(&self.setup())
    }

    /// Sets the position from a FEN and clears the move stack; `FenError` for a FEN that is
    /// not a legal position (build one piece by piece with `set_piece_at` instead).
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        let variant = self.setup().variant;
        let pos = Position::from_fen_variant(fen, variant).map_err(fen_error)?;
        *self = self.fresh(pos);
        Ok(())
    }

    /// Puts `piece` on `square` (`None` empties it), as python-chess's `set_piece_at`. Any
    /// result is accepted: a legal position makes an ordinary board whose move stack starts
    /// again there, anything else a board being set up (see `is_valid`).
    #[pyo3(signature = (square, piece))]
    fn set_piece_at(&mut self, square: Int, piece: Option<PyRef<'_, Piece>>) -> PyResult<()> {
        let sq = square_from_py(square.0)?;
        self.edit(|setup| setup.set(sq, piece.map(|p| p.inner)));
        Ok(())
    }

    /// Empties `square` and returns the piece that stood there (`None` if none), as
    /// python-chess's `remove_piece_at`; an edit as `set_piece_at`.
    fn remove_piece_at(&mut self, square: Int) -> PyResult<Option<Piece>> {
        let sq = square_from_py(square.0)?;
        let removed = self.placement().piece_at(sq);
        self.edit(|setup| setup.set(sq, None));
        Ok(removed.map(Piece::wrap))
    }

    /// Replaces every piece by those of `pieces` (square -> `Piece`), as python-chess's
    /// `set_piece_map`; the side to move and the counters stay. An edit as `set_piece_at`.
    fn set_piece_map(&mut self, pieces: &Bound<'_, PyDict>) -> PyResult<()> {
        let mut placed = Vec::with_capacity(pieces.len());
        for (square, piece) in pieces.iter() {
            let sq = square_from_py(square.extract()?)?;
            let piece: PyRef<'_, Piece> = piece.extract()?;
            placed.push((sq, piece.inner));
        }
        self.edit(|setup| {
            setup.board = [None; 90];
            for (sq, piece) in placed {
                setup.set(sq, Some(piece));
            }
        });
        Ok(())
    }

    /// Removes every piece, as python-chess's `clear_board`: a board being set up, the side
    /// to move and the counters kept.
    fn clear_board(&mut self) {
        self.edit(|setup| setup.board = [None; 90]);
    }

    /// Removes every piece and starts afresh, as python-chess's `clear`: an empty board being
    /// set up, Red to move, counters 0 and 1, no moves (the variant and rules kept).
    fn clear(&mut self) {
        self.edit(|setup| {
            *setup = Setup {
                variant: setup.variant,
                ..Setup::empty()
            }
        });
    }

    /// Back to the start position, with an empty move stack.
    fn reset(&mut self) {
        *self = self.fresh(Position::start_of(self.placement().variant()));
    }

    /// `True` for a legal position, `False` for a board being set up (whose `status()` says
    /// why), as python-chess's `is_valid`.
    fn is_valid(&self) -> bool {
        matches!(self.state, BoardState::Game(_))
    }

    /// Why the pieces are not a legal position, one text a problem (`"red has no general"`,
    /// `"the side not to move is in check"`, ...), or an empty list for a legal one: falsy
    /// when valid, as python-chess's `status()` is `STATUS_VALID` (0).
    fn status(&self) -> Vec<String> {
        match &self.state {
            BoardState::Game(_) => Vec::new(),
            BoardState::SettingUp { error, .. } => {
                error.problems().iter().map(ToString::to_string).collect()
            }
        }
    }

    /// The Zobrist hash of the pieces and side to move (as the engine's transposition table).
    fn zobrist_hash(&self) -> u64 {
        self.placement().zobrist_hash()
    }

    /// A copy of the same class (a subclass's attributes copied too); with `stack=False` the
    /// copy starts at the current position with no moves. A board being set up copies as one.
    #[pyo3(signature = (*, stack = true))]
    fn copy<'py>(slf: &Bound<'py, Self>, stack: bool) -> PyResult<Bound<'py, PyAny>> {
        let this = slf.borrow();
        let board = match &this.state {
            BoardState::Game(game) if !stack => this.fresh(game.position().clone()),
            _ => this.clone(),
        };
        drop(this);
        Board::same_class(slf, board, None)
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let board = slf.borrow().clone();
        Board::same_class(slf, board, None)
    }

    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let board = slf.borrow().clone();
        Board::same_class(slf, board, Some(memo))
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<Reduced> {
        let this = slf.borrow();
        let (root, state) = match &this.state {
            BoardState::Game(game) => (
                Some(game.start().fen()),
                PickledState::Moves(game.moves().map(Move::wrap).collect()),
            ),
            BoardState::SettingUp { setup, .. } => {
                (None, PickledState::Setup(fen::write_fen(setup)))
            }
        };
        Ok((
            slf.get_type().into_any().unbind(),
            (root, this.rules(), this.variant()),
            state,
        ))
    }

    /// Restores a pickled board (see `__reduce__`): plays the moves, or sets up the pieces of
    /// the FEN without checking that they are a legal position.
    fn __setstate__(&mut self, state: PickledState) -> PyResult<()> {
        match state {
            PickledState::Moves(moves) => {
                for m in moves {
                    self.push(&m)?;
                }
            }
            PickledState::Setup(text) => {
                let mut setup = fen::parse_fen(&text).map_err(fen_error)?;
                setup.variant = self.setup().variant;
                *self = Board::from_setup(setup, self.board_rules());
            }
        }
        Ok(())
    }

    /// The move in WXF, xiangqi's standard algebraic notation (`C2=5`), as python-chess's
    /// `san`; raises `IllegalMoveError` for an illegal move.
    fn san(&self, r#move: &Move) -> PyResult<String> {
        self.format(r#move, Notation::Wxf)
    }

    /// Parses a WXF move (see `parse_wxf`), as python-chess's `parse_san`.
    fn parse_san(&self, san: &str) -> PyResult<Move> {
        self.parse_in(san, Notation::Wxf)
    }

    /// Parses a WXF move, plays it and returns it, as python-chess's `push_san`.
    fn push_san(&mut self, san: &str) -> PyResult<Move> {
        self.push_wxf(san)
    }

    /// A line of moves from this position in WXF with move numbers, e.g.
    /// `"1. C2=5 H8+7 2. H2+3"` (`"1... H8+7"` when Black moves first). Raises
    /// `IllegalMoveError` when a move is not legal where it is played.
    fn variation_san(&self, variation: Vec<Move>) -> PyResult<String> {
        let mut pos = self.position()?.clone();
        let mut words: Vec<String> = Vec::with_capacity(variation.len() + variation.len() / 2 + 1);
        for (i, m) in variation.iter().enumerate() {
            let text = pos
                .format_move(m.inner, Notation::Wxf)
                .map_err(|e| illegal_move(e, &pos))?;
            match pos.turn() {
                Color::Red => words.push(format!("{}.", pos.fullmoves())),
                Color::Black if i == 0 => words.push(format!("{}...", pos.fullmoves())),
                Color::Black => {}
            }
            words.push(text);
            pos.play(m.inner).map_err(|e| illegal_move(e, &pos))?;
        }
        Ok(words.join(" "))
    }

    /// The board at the start of the move stack: the game's root, so a board being set up
    /// has none (`FenError`).
    fn root(&self) -> PyResult<Board> {
        Ok(self.fresh(self.game()?.start().clone()))
    }

    /// The same pieces with the colours swapped and the board turned top to bottom (no move
    /// stack); a board being set up mirrors into one.
    fn mirror(&self) -> Board {
        Board::from_setup(self.setup().mirror(), self.board_rules())
    }

    /// Plays a legal move; raises `IllegalMoveError` otherwise.
    pub fn push(&mut self, r#move: &Move) -> PyResult<()> {
        let m = r#move;
        let m = self.legal(m)?;
        self.game_mut()?.push_unchecked(m);
        Ok(())
    }

    /// Takes back the last move and returns it; raises `IndexError` when there is none.
    fn pop(&mut self) -> PyResult<Move> {
        self.game_mut()?
            .pop()
            .map(Move::wrap)
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))
    }

    /// The last move played; raises `IndexError` when there is none.
    fn peek(&self) -> PyResult<Move> {
        self.game()?
            .peek()
            .map(Move::wrap)
            .ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))
    }

    /// The moves played since the root, oldest first (none on a board being set up).
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        match &self.state {
            BoardState::Game(game) => game.moves().map(Move::wrap).collect(),
            BoardState::SettingUp { .. } => Vec::new(),
        }
    }

    /// Plies since the start of the game, counted from the move number and side to move.
    fn ply(&self) -> u32 {
        let setup = self.setup();
        2 * setup.fullmoves.saturating_sub(1) + u32::from(setup.turn == Color::Black)
    }

    /// The lazy collection of legal moves.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> PyResult<LegalMoveGenerator> {
        slf.borrow().game()?;
        Ok(LegalMoveGenerator {
            board: slf.clone().unbind(),
        })
    }

    /// `True` when the move is legal here.
    fn is_legal(&self, r#move: &Move) -> PyResult<bool> {
        Ok(self.position()?.is_legal(r#move.inner))
    }

    /// `True` when the move moves a piece of the side to move as it moves, ignoring checks.
    fn is_pseudo_legal(&self, r#move: &Move) -> PyResult<bool> {
        Ok(self.position()?.is_pseudo_legal(r#move.inner))
    }

    /// Parses coordinates (`h2e2`, or `h3e3` with `rank_base=1`) and checks legality.
    #[pyo3(signature = (text, rank_base = Count(0)), text_signature = "($self, text, rank_base=0)")]
    fn parse_uci(&self, text: &str, rank_base: Count<u8>) -> PyResult<Move> {
        self.position()?
            .parse_iccs(text, dialect(rank_base.0)?)
            .map(Move::wrap)
            .map_err(move_parse_error)
    }

    /// Parses coordinates, plays the move and returns it.
    #[pyo3(signature = (text, rank_base = Count(0)), text_signature = "($self, text, rank_base=0)")]
    fn push_uci(&mut self, text: &str, rank_base: Count<u8>) -> PyResult<Move> {
        let m = self.parse_uci(text, rank_base)?;
        self.game_mut()?.push_unchecked(m.inner);
        Ok(m)
    }

    /// The move in WXF notation (`C2=5`); raises `IllegalMoveError` for an illegal move.
    fn wxf(&self, r#move: &Move) -> PyResult<String> {
        self.format(r#move, Notation::Wxf)
    }

    /// Parses a WXF move (`C2=5`, `H8+7`, `R+.3`; Fairy-Stockfish's pawn numbering too).
    fn parse_wxf(&self, text: &str) -> PyResult<Move> {
        self.parse_in(text, Notation::Wxf)
    }

    /// Parses a WXF move, plays it and returns it.
    fn push_wxf(&mut self, text: &str) -> PyResult<Move> {
        self.push_in(text, Notation::Wxf)
    }

    /// The move in Chinese notation (`炮二平五`), simplified characters unless `traditional`.
    #[pyo3(signature = (r#move, traditional = false))]
    fn chinese(&self, r#move: &Move, traditional: bool) -> PyResult<String> {
        let notation = if traditional {
            Notation::ChineseTraditional
        } else {
            Notation::Chinese
        };
        self.format(r#move, notation)
    }

    /// Parses a Chinese move (`炮二平五`, `马8进7`, `前车进一`; simplified or traditional).
    fn parse_chinese(&self, text: &str) -> PyResult<Move> {
        self.parse_in(text, Notation::Chinese)
    }

    /// Parses a Chinese move, plays it and returns it.
    fn push_chinese(&mut self, text: &str) -> PyResult<Move> {
        self.push_in(text, Notation::Chinese)
    }

    /// The move in Vietnamese notation (`P2-5`, `M8.7`, `Pt/1`); raises `IllegalMoveError`
    /// for an illegal move.
    fn vietnamese(&self, r#move: &Move) -> PyResult<String> {
        self.format(r#move, Notation::Vietnamese)
    }

    /// Parses a Vietnamese move (`P2-5`, `M8.7`, `X1-2`, `Pt/1`; `C` for the soldier too).
    fn parse_vietnamese(&self, text: &str) -> PyResult<Move> {
        self.parse_in(text, Notation::Vietnamese)
    }

    /// Parses a Vietnamese move, plays it and returns it.
    fn push_vietnamese(&mut self, text: &str) -> PyResult<Move> {
        self.push_in(text, Notation::Vietnamese)
    }

    /// Parses a move in ICCS coordinates, WXF, Chinese or Vietnamese, whichever the text is.
    fn parse_any(&self, text: &str) -> PyResult<Move> {
        self.position()?
            .parse_any(text)
            .map(Move::wrap)
            .map_err(move_parse_error)
    }

    /// Parses a move in any notation (see `parse_any`), plays it and returns it.
    fn push_any(&mut self, text: &str) -> PyResult<Move> {
        let m = self.parse_any(text)?;
        self.game_mut()?.push_unchecked(m.inner);
        Ok(m)
    }

    /// The move written in `notation`: `"iccs"` (`h2e2`), `"iccs1"` (`h3e3`), `"wxf"`,
    /// `"chinese"`, `"chinese-traditional"`, `"vietnamese"`, `"korean"` (`79졸78`) or
    /// `"korean-fsf"` (`P79-78`).
    #[pyo3(signature = (r#move, notation = "wxf"))]
    fn format_move(&self, r#move: &Move, notation: &str) -> PyResult<String> {
        self.format(r#move, parse_notation(notation)?)
    }

    /// Parses a move written in `notation` (see `format_move`) and checks it is legal.
    fn parse_move(&self, text: &str, notation: &str) -> PyResult<Move> {
        self.parse_in(text, parse_notation(notation)?)
    }

    /// The piece on a square, or `None`.
    fn piece_at(&self, square: Int) -> PyResult<Option<Piece>> {
        let sq = square_from_py(square.0)?;
        Ok(self.placement().piece_at(sq).map(Piece::wrap))
    }

    /// Every piece by square.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let map = PyDict::new(py);
        let setup = self.setup();
        for sq in Square::ALL {
            if let Some(p) = setup.piece_at(sq) {
                map.set_item(sq as u8, Piece::wrap(p))?;
            }
        }
        Ok(map)
    }

    /// The squares of one kind of piece of one side, as a `SquareSet`.
    fn pieces<'py>(
        &self,
        py: Python<'py>,
        piece_type: Int,
        color: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let role = role_from_py(piece_type.0)?;
        square_set(py, self.placement().pieces(color_from_py(color), role))
    }

    /// The square of a side's general, as python-chess's `king`: `None` when the side has
    /// none or several (a board being set up).
    fn king(&self, color: bool) -> Option<u8> {
        let generals = self.placement().pieces(color_from_py(color), Role::General);
        generals.single().map(|sq| sq as u8)
    }

    /// `True` when the side to move is in check.
    fn is_check(&self) -> PyResult<bool> {
        Ok(self.position()?.is_check())
    }

    /// The squares of the pieces giving check, as a `SquareSet` (as in python-chess).
    fn checkers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.position()?.checkers())
    }

    /// The squares of `color`'s pieces that attack `square` (the flying general included), as
    /// a `SquareSet`.
    fn attackers<'py>(
        &self,
        py: Python<'py>,
        color: bool,
        square: Int,
    ) -> PyResult<Bound<'py, PyAny>> {
        let sq = square_from_py(square.0)?;
        square_set(py, self.position()?.attackers(sq, color_from_py(color)))
    }

    /// Why `move` is illegal here (an `IllegalMoveReason`), or `None` when it is legal.
    fn illegal_reason<'py>(
        &self,
        py: Python<'py>,
        r#move: &Move,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.position()?
            .illegal_reason(r#move.inner)
            .map(|r| crate::errors::reason_object(py, r))
            .transpose()
    }

    /// The move's coordinates (`h2e2`; `rank_base=1`: `h3e3`), as python-chess's `Board.uci`:
    /// legal or not.
    #[pyo3(signature = (r#move, rank_base = Count(0)), text_signature = "($self, move, rank_base=0)")]
    fn uci(&self, r#move: &Move, rank_base: Count<u8>) -> PyResult<String> {
        r#move.uci(rank_base)
    }

    /// The move in long algebraic notation, as python-chess's `Board.lan`: the piece letter
    /// (K A E H R C P), both points, `-` or `x` for a capture, `+` for check, `#` for mate:
    /// `Ch2-e2`, `Cb2xb9`. Raises `IllegalMoveError` for an illegal move.
    fn lan(&self, r#move: &Move) -> PyResult<String> {
        let m = self.legal(r#move)?;
        let pos = self.position()?;
        let piece = pos.piece_at(m.from()).map_or('?', |p| p.role.letter());
        let capture = if pos.piece_at(m.to()).is_some() {
            'x'
        } else {
            '-'
        };
        let mut text = format!("{piece}{}{capture}{}", m.from().name(), m.to().name());
        if pos.gives_check(m) {
            let after = pos.after(m).map_err(|e| illegal_move(e, pos))?;
            text.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        Ok(text)
    }

    /// The position as EPD, as python-chess's `Board.epd`: the FEN without its move counters
    /// (`board turn - -`), then each operation (`epd(bm=move, id="x")`): `key;` for `None`, a
    /// number as is, a `Move` in ICCS, a list of them space separated, other values as a
    /// quoted string.
    #[pyo3(signature = (**operations))]
    fn epd(&self, operations: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        let setup = self.setup();
        let mut out = format!("{} {} - -", fen::board_fen(&setup), setup.turn.fen_char());
        for (key, value) in operations.into_iter().flat_map(|d| d.iter()) {
            let key: String = key.extract()?;
            if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(XiangqiError::new_err(format!("not an EPD opcode: {key:?}")));
            }
            out.push(' ');
            out.push_str(&key);
            if value.is_none() {
                out.push(';');
                continue;
            }
            out.push(' ');
            if let Ok(m) = value.cast::<Move>() {
                out.push_str(&m.get().uci(Count(0))?);
            } else if value.is_instance_of::<pyo3::types::PyInt>()
                || value.is_instance_of::<pyo3::types::PyFloat>()
            {
                out.push_str(&value.str()?.to_string());
            } else if let Ok(moves) = value.extract::<Vec<PyRef<'_, Move>>>() {
                let words = moves
                    .iter()
                    .map(|m| m.uci(Count(0)))
                    .collect::<PyResult<Vec<_>>>()?;
                out.push_str(&words.join(" "));
            } else {
                let text = value.str()?.to_string();
                out.push('"');
                out.push_str(
                    &text
                        .replace('\\', "\\\\")
                        .replace('"', "\\\"")
                        .replace(['\r', '\n'], " "),
                );
                out.push('"');
            }
            out.push(';');
        }
        Ok(out)
    }

    /// `True` when a piece of `color` attacks `square`.
    fn is_attacked_by(&self, color: bool, square: Int) -> PyResult<bool> {
        let sq = square_from_py(square.0)?;
        Ok(self.position()?.is_attacked(sq, color_from_py(color)))
    }

    /// `True` when the (legal) move gives check; raises `IllegalMoveError` for an illegal move.
    fn gives_check(&self, r#move: &Move) -> PyResult<bool> {
        let m = r#move;
        let m = self.legal(m)?;
        Ok(self.position()?.gives_check(m))
    }

    /// `True` when the (legal) move captures; raises `IllegalMoveError` for an illegal move.
    fn is_capture(&self, r#move: &Move) -> PyResult<bool> {
        let m = r#move;
        let m = self.legal(m)?;
        Ok(self.position()?.is_capture(m))
    }

    /// `True` when the side to move is checkmated (a loss).
    fn is_checkmate(&self) -> PyResult<bool> {
        Ok(self.position()?.is_checkmate())
    }

    /// `True` when the side to move has no legal move but is not in check (in xiangqi, a loss).
    fn is_stalemate(&self) -> PyResult<bool> {
        Ok(self.position()?.is_stalemate())
    }

    /// `True` when neither side has a piece that can cross the river (general, advisors and
    /// elephants only): neither can ever mate.
    fn is_insufficient_material(&self) -> PyResult<bool> {
        Ok(self.position()?.is_insufficient_material())
    }

    /// `True` when `color` alone has too little material to ever mate.
    fn has_insufficient_material(&self, color: bool) -> PyResult<bool> {
        Ok(self
            .position()?
            .has_insufficient_material(color_from_py(color)))
    }

    /// How the game has ended under the board's rules, or `None` while it goes on: checkmate
    /// and stalemate (both lost for the side to move), threefold repetition judged by the rules
    /// (perpetual check or chase loses under `simple`/`axf`), the no-capture limit, insufficient
    /// material, or a resignation or agreed draw.
    ///
    /// `claim_draw` is accepted as in python-chess: xiangqi's rules rule a repetition and the
    /// no-capture limit the moment they arise, so there is nothing left to claim and the
    /// outcome is the same either way.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome<'py>(
        &self,
        py: Python<'py>,
        claim_draw: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let _ = claim_draw;
        self.game()?
            .outcome()
            .map(|o| crate::outcome::outcome_object(py, &o))
            .transpose()
    }

    /// `True` once `outcome()` is not `None` (`claim_draw` as in `outcome`).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> PyResult<bool> {
        let _ = claim_draw;
        Ok(self.game()?.is_over())
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game goes on (`claim_draw` as in
    /// `outcome`).
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> PyResult<&'static str> {
        let _ = claim_draw;
        Ok(self.game()?.outcome().map_or("*", |o| o.result()))
    }

    /// `True` when a draw by repetition or by the no-capture limit is due, as python-chess's
    /// `can_claim_draw`. Xiangqi's rules rule these at once (`outcome()` is then that draw),
    /// and a repetition that the rules make a loss (perpetual check or chase) is no draw.
    fn can_claim_draw(&self) -> PyResult<bool> {
        Ok(matches!(
            self.game()?.outcome().map(|o| o.termination),
            Some(xiangqi_core::Termination::Repetition | xiangqi_core::Termination::MoveLimit)
        ))
    }

    /// `True` when the current position has occurred at least `count` times (same side to move).
    #[pyo3(signature = (count = Count(3)), text_signature = "($self, count=3)")]
    fn is_repetition(&self, count: Count<u32>) -> PyResult<bool> {
        Ok(self.game()?.is_repetition(count.0))
    }

    /// Plies since the last capture, counted over the game (the start position's own count
    /// when no capture has been made yet): what the no-capture limit compares.
    fn plies_since_capture(&self) -> PyResult<u32> {
        Ok(self.game()?.plies_since_capture())
    }

    /// How many times the current position has occurred, this time included.
    fn repetition_count(&self) -> PyResult<u32> {
        Ok(self.game()?.repetition_count())
    }

    /// `color` resigns: the other side wins. Raises `XiangqiError` when the game is over.
    fn resign(&mut self, color: bool) -> PyResult<()> {
        self.game_mut()?.resign(color_from_py(color)).map_err(|e| {
            XiangqiError::new_err(format!("the game is already over: {}", e.outcome.explain()))
        })
    }

    /// `color` ran out of time (its flag fell): the other side wins, with
    /// `Termination.TIME`. Raises `XiangqiError` when the game is over.
    fn flag(&mut self, color: bool) -> PyResult<()> {
        self.game_mut()?.flag(color_from_py(color)).map_err(|e| {
            XiangqiError::new_err(format!("the game is already over: {}", e.outcome.explain()))
        })
    }

    /// A legal move after which the rules draw the game (a repetition or the no-capture
    /// limit), with that `Outcome`, or `None`: what makes a draw claim valid in match play
    /// (the core's `Game::drawing_move`).
    fn drawing_move<'py>(&self, py: Python<'py>) -> PyResult<Option<(Move, Bound<'py, PyAny>)>> {
        self.game()?
            .drawing_move()
            .map(|(m, o)| Ok((Move::wrap(m), crate::outcome::outcome_object(py, &o)?)))
            .transpose()
    }

    /// The part of the game the repetition rules can see (the core's
    /// `Game::since_last_capture`): the FEN of the position after the last capture (or the
    /// root) and the moves played since.
    fn since_last_capture(&self) -> PyResult<(String, Vec<Move>)> {
        let (position, moves) = self.game()?.since_last_capture();
        Ok((position.fen(), moves.into_iter().map(Move::wrap).collect()))
    }

    /// The players agree a draw. Raises `XiangqiError` when the game is over.
    fn agree_draw(&mut self) -> PyResult<()> {
        self.game_mut()?.agree_draw().map_err(|e| {
            XiangqiError::new_err(format!("the game is already over: {}", e.outcome.explain()))
        })
    }

    /// The number of leaf nodes `depth` plies below this position, counted in parallel with the
    /// GIL released. Ctrl-C ends it (`KeyboardInterrupt`).
    fn perft(&self, py: Python<'_>, depth: Count<u32>) -> PyResult<u64> {
        let depth = depth.0;
        let pos = self.position()?.clone();
        let cancel = AtomicBool::new(false);
        let counted = run_interruptible(py, &|| cancel.store(true, Ordering::Relaxed), || {
            crate::perft::perft(&pos, depth, &cancel)
        })?;
        counted.ok_or_else(|| XiangqiError::new_err("perft was cancelled"))
    }

    /// The perft count below each legal move. Ctrl-C ends it (`KeyboardInterrupt`).
    fn perft_divide(&self, py: Python<'_>, depth: Count<u32>) -> PyResult<Vec<(Move, u64)>> {
        let depth = depth.0;
        let pos = self.position()?.clone();
        let cancel = AtomicBool::new(false);
        let counted = run_interruptible(py, &|| cancel.store(true, Ordering::Relaxed), || {
            crate::perft::perft_divide(&pos, depth, &cancel)
        })?;
        Ok(counted
            .ok_or_else(|| XiangqiError::new_err("perft was cancelled"))?
            .into_iter()
            .map(|(m, n)| (Move::wrap(m), n))
            .collect())
    }

    /// The (10, 9) int8 array of piece codes, indexed `[rank, file]` (row 0 is Red's back rank,
    /// so `array.reshape(-1)[square]` is the piece on `square`): +1..+7 for Red's general,
    /// advisor, elephant, horse, chariot, cannon, soldier; -1..-7 for Black's; 0 for empty.
    fn to_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let setup = self.setup();
        let out: Vec<i8> = setup
            .board
            .iter()
            .map(|&p| encoding::piece_code(p))
            .collect();
        out.into_pyarray(py).reshape([10, 9])
    }

    /// Feature planes, shape `(14 * (history + 1) + 2, 10, 9)` for xiangqi and
    /// `(14 * (history + 1) + 5, 10, 9)` for janggi (one more with `repetitions=True`), indexed
    /// `[plane, rank, file]`.
    ///
    /// For each of the current position and the `history` positions before it (newest first;
    /// all zero before the root): 7 planes of the perspective side's general, advisor, elephant,
    /// horse, chariot, cannon, soldier, then the same 7 for the other side. Then a plane of ones
    /// when Red (janggi: Cho) is to move, and a no-capture plane (`halfmove_clock / 120` capped
    /// at 1.0 for float32, janggi's by the rules' limit, 100 or 200 plies; the clock capped at
    /// 255 for uint8). Janggi adds three planes: ones when the last move was a pass (a pass now
    /// ends the game), then the perspective side's counting points and the other side's (Han's
    /// 1.5 included; half points / 147 for float32, half points for uint8); bikjang, the
    /// generals facing on an open file, shows in the piece planes. With
    /// `perspective="side_to_move"` and Black to move, ranks are flipped so the side to move
    /// always plays up the board (row 0 is its back rank); with `"red"` the board is as it
    /// stands; with `"black"` always Black's view. With `repetitions=True` a last plane tells
    /// how often the current position occurred before (0, 1, 2 or more: 0.0, 0.5, 1.0 for
    /// float32; the count for uint8). `history` is at most `MAX_HISTORY`.
    #[pyo3(
        signature = (history = Count(0), perspective = "side_to_move", dtype = "float32", repetitions = false),
        text_signature = "($self, history=0, perspective='side_to_move', dtype='float32', repetitions=False)"
    )]
    fn planes<'py>(
        &self,
        py: Python<'py>,
        history: Count<u64>,
        perspective: &str,
        dtype: &str,
        repetitions: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let history = check_history(history.0)?;
        let perspective = Perspective::parse(perspective)?;
        let game = self.game()?;
        let turn = game.position().turn();
        let own = perspective.side(turn);
        let mirror = perspective.mirror(turn);
        let positions = recent_positions(game, history);
        let refs: Vec<&Position> = positions.iter().collect();
        let repeated = repetitions.then(|| game.repetition_count().saturating_sub(1));
        let layout = PlaneLayout::of(game.position().variant(), &game.rules());
        let shape = (layout.count(history) + usize::from(repetitions), 10, 9);
        let planes = PlanesOf {
            layout,
            positions: &refs,
            history,
            own,
            mirror,
            repeated,
            shape,
        };
        match dtype {
            "float32" | "float" | "f4" => Ok(planes.array::<f32>(py)),
            "uint8" | "u1" => Ok(planes.array::<u8>(py)),
            _ => Err(XiangqiError::new_err(format!(
                "dtype must be \"float32\" or \"uint8\", not {dtype:?}"
            ))),
        }
    }

    /// A bool array over the actions of `encoding` (`"2086"` or `"8100"` for xiangqi,
    /// `"janggi"` for janggi; by default the board's game's own: `"2086"` or `"janggi"`), true
    /// for each legal move (the janggi pass included). With `perspective="side_to_move"` Black's
    /// moves are mirrored (see `xiangqi.encoding`). An encoding of the other game raises
    /// `XiangqiError`.
    #[pyo3(signature = (encoding = None, perspective = "side_to_move"))]
    fn legal_action_mask<'py>(
        &self,
        py: Python<'py>,
        encoding: Option<&str>,
        perspective: &str,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let pos = self.position()?;
        let enc = encoding_for(encoding, pos.variant())?;
        let mirror = Perspective::parse(perspective)?.mirror(pos.turn());
        let mut mask = vec![false; enc.size()];
        encoding::write_mask(pos, enc, mirror, &mut mask);
        Ok(mask.into_pyarray(py))
    }

    /// The action index of a move for this position's side to move (see `xiangqi.encoding`;
    /// `encoding` as in `legal_action_mask`). In janggi the pass is the last action.
    #[pyo3(signature = (r#move, encoding = None, perspective = "side_to_move"))]
    fn move_to_action(
        &self,
        r#move: &Move,
        encoding: Option<&str>,
        perspective: &str,
    ) -> PyResult<usize> {
        let m = r#move;
        let pos = self.position()?;
        let enc = encoding_for(encoding, pos.variant())?;
        let mirror = Perspective::parse(perspective)?.mirror(pos.turn());
        enc.index(m.inner, mirror).ok_or_else(|| {
            XiangqiError::new_err(format!(
                "{} has no index in the {} encoding",
                m.inner,
                enc.name()
            ))
        })
    }

    /// The move of an action index for this position's side to move (legal or not; the janggi
    /// pass is this position's, `pass_move()`).
    #[pyo3(signature = (action, encoding = None, perspective = "side_to_move"))]
    fn action_to_move(
        &self,
        action: Count<usize>,
        encoding: Option<&str>,
        perspective: &str,
    ) -> PyResult<Move> {
        let action = action.0;
        let pos = self.position()?;
        let enc = encoding_for(encoding, pos.variant())?;
        let mirror = Perspective::parse(perspective)?.mirror(pos.turn());
        enc.decode(action, pos, mirror)
            .map(Move::wrap)
            .ok_or_else(|| {
                XiangqiError::new_err(format!(
                    "action {action} out of range for the {} encoding",
                    enc.name()
                ))
            })
    }

    /// The board drawn with letters (K A E H R C P, Red upper case), Black at the top.
    fn __str__(&self) -> String {
        let pos = self.setup();
        let mut out = String::new();
        for r in (0..10).rev() {
            for f in 0..9 {
                let sq = Square::ALL[r * 9 + f];
                out.push(pos.piece_at(sq).map_or('.', |p| p.letter()));
                out.push(if f < 8 { ' ' } else { '\n' });
            }
        }
        out.pop();
        out
    }

    /// The board drawn with Chinese characters, Black at the top (or Red with
    /// `orientation=BLACK`), ranks and files labelled.
    #[pyo3(signature = (*, traditional = true, empty_square = "＋", orientation = true, coordinates = true))]
    fn unicode(
        &self,
        traditional: bool,
        empty_square: &str,
        orientation: bool,
        coordinates: bool,
    ) -> String {
        let pos = self.setup();
        let ranks: Vec<usize> = if orientation {
            (0..10).rev().collect()
        } else {
            (0..10).collect()
        };
        let files: Vec<usize> = if orientation {
            (0..9).collect()
        } else {
            (0..9).rev().collect()
        };
        let mut lines = Vec::new();
        for &r in &ranks {
            let mut line = String::new();
            if coordinates {
                line.push_str(&format!("{r} "));
            }
            for &f in &files {
                let sq = Square::ALL[r * 9 + f];
                match pos.piece_at(sq) {
                    Some(p) => line.push(p.chinese_char(traditional)),
                    None => line.push_str(empty_square),
                }
            }
            lines.push(line);
        }
        if coordinates {
            // Full-width letters keep the labels under the double-width characters.
            let labels: String = files
                .iter()
                .map(|&f| char::from_u32(0xFF41 + f as u32).unwrap_or('?'))
                .collect();
            lines.push(format!("  {labels}"));
        }
        lines.join("\n")
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", self.fen())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Board>() {
            Ok(other) => {
                let other = other.borrow();
                self.setup() == other.setup()
            }
            Err(_) => false,
        }
    }

    /// An SVG drawing of the board for notebooks (see `xiangqi.svg.board`).
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        crate::package_types::get(slf.py(), crate::package_types::PackageType::BoardSvg)?
            .call1((slf,))?
            .extract()
    }
}

/// The legal moves of a board, computed when asked: `len()`, `in`, iteration, `bool()`.
/// `LegalMoveGenerator(board)` is `board.legal_moves`.
#[pyclass(module = "xiangqi")]
pub struct LegalMoveGenerator {
    board: Py<Board>,
}

#[pymethods]
impl LegalMoveGenerator {
    #[new]
    fn py_new(board: Py<Board>) -> LegalMoveGenerator {
        LegalMoveGenerator { board }
    }

    /// The board whose moves these are.
    #[getter]
    fn board(&self, py: Python<'_>) -> Py<Board> {
        self.board.clone_ref(py)
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (Py<Board>,))> {
        Ok((
            slf.get_type().into_any().unbind(),
            (slf.borrow().board.clone_ref(slf.py()),),
        ))
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.board.borrow(py).position()?.count_legal_moves() as usize)
    }

    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.board.borrow(py).position()?.has_legal_moves())
    }

    fn __contains__(&self, py: Python<'_>, m: &Bound<'_, PyAny>) -> PyResult<bool> {
        let board = self.board.borrow(py);
        let pos = board.position()?;
        Ok(m.cast::<Move>().is_ok_and(|m| pos.is_legal(m.get().inner)))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = PyList::empty(py);
        for &m in self.board.borrow(py).position()?.legal_moves().iter() {
            list.append(Move::object(py, m)?)?;
        }
        list.try_iter().map(|it| it.into_any())
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let board = self.board.borrow(py);
        match board.position() {
            Ok(pos) => {
                let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
                format!("<LegalMoveGenerator ({})>", moves.join(", "))
            }
            // A repr never raises: the view of a board being set up says so instead.
            Err(_) => "<LegalMoveGenerator (a board being set up)>".to_string(),
        }
    }
}

/// The most history steps `Board.planes` and `VecEnv` take.
pub const MAX_HISTORY: usize = 1024;

/// A history length, checked against `MAX_HISTORY`.
pub fn check_history(history: u64) -> PyResult<usize> {
    usize::try_from(history)
        .ok()
        .filter(|&h| h <= MAX_HISTORY)
        .ok_or_else(|| limit_error("history", history, MAX_HISTORY))
}

/// A `xiangqi.SquareSet` of a bitboard's squares.
fn square_set<'py>(py: Python<'py>, bb: xiangqi_core::Bitboard) -> PyResult<Bound<'py, PyAny>> {
    crate::package_types::get(py, crate::package_types::PackageType::SquareSet)?.call1((bb.0,))
}

impl Board {
    /// A new board of `slf`'s class holding `board`'s state, with `slf`'s instance attributes
    /// (deep copied when `memo` is given, as `copy.deepcopy` passes it).
    fn same_class<'py>(
        slf: &Bound<'py, Self>,
        board: Board,
        memo: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let cls: Bound<'py, PyType> = slf.get_type();
        let new = cls.call_method1("__new__", (&cls,))?;
        *new.cast::<Board>()?.borrow_mut() = board;
        if let Ok(dict) = slf.getattr("__dict__") {
            let dict = match memo {
                Some(memo) => py.import("copy")?.call_method1("deepcopy", (dict, memo))?,
                None => dict.call_method0("copy")?,
            };
            new.getattr("__dict__")?.call_method1("update", (dict,))?;
        }
        Ok(new)
    }
}

/// Adds the board classes to the module.
/// Every square `piece` can ever stand on in a `variant` game, as a `SquareSet`: a general's
/// palace, xiangqi's advisors' five and elephants' seven points, a soldier's points ahead of
/// its start, every square for the others (core's tables; `Variant::reachable_points`).
#[pyfunction]
#[pyo3(signature = (piece, variant = "xiangqi"))]
fn reachable_squares<'py>(
    py: Python<'py>,
    piece: crate::types::Piece,
    variant: &str,
) -> PyResult<Bound<'py, PyAny>> {
    square_set(py, parse_variant(variant)?.reachable_points(piece.inner))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Board>()?;
    m.add_class::<LegalMoveGenerator>()?;
    m.add_function(wrap_pyfunction!(reachable_squares, m)?)?;
    m.add("MAX_HISTORY", MAX_HISTORY)?;
    Ok(())
}

/// What [`Board::planes`] writes, for an array of either element type.
struct PlanesOf<'a> {
    layout: PlaneLayout,
    /// The current position, then the earlier ones, latest first.
    positions: &'a [&'a Position],
    history: usize,
    own: Color,
    mirror: bool,
    repeated: Option<u32>,
    shape: (usize, usize, usize),
}

impl PlanesOf<'_> {
    /// The planes as a new numpy array of `T`.
    fn array<'py, T: xiangqi_learn::PlaneValue + numpy::Element>(
        &self,
        py: Python<'py>,
    ) -> Bound<'py, PyAny> {
        let mut out = Array3::<T>::from_elem(self.shape, T::default());
        self.layout.write(
            self.positions[0],
            self.positions[1..].iter().copied(),
            self.history,
            self.own,
            self.mirror,
            self.repeated,
            out.as_slice_mut().expect("a new array is contiguous"),
        );
        PyArray3::from_owned_array(py, out).into_any()
    }
}
