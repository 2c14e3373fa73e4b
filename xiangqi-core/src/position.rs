//! A validated position: the board, the side to move and the counters, with fast make/unmake.

use crate::bitboard::{bit, Bitboard};
use crate::board::Board;
use crate::color::Color;
use crate::moves::Move;
use crate::role::{Piece, Role};
use crate::setup::{PositionProblem, Setup};
use crate::square::Square;
use crate::variant::Variant;
use crate::variants::{self, dispatch, Family};
use crate::zobrist;
use core::fmt;

/// The largest move number a FEN or a [`Setup`] may give. Far above any real game, and low
/// enough that counting on from it cannot wrap: the move number, and the ply count derived from
/// it, stay exact for more than two billion further moves.
pub const MAX_FULLMOVES: u32 = 1_000_000_000;

/// A legal position of xiangqi or janggi (its [`Variant`], which its moves, FEN and game end
/// follow). It knows no history: see [`Game`](crate::Game) for move lists, repetitions and
/// adjudication.
///
/// Build one with [`Position::startpos`], [`Position::from_fen`] or [`Position::from_setup`];
/// every constructor validates, so the methods here can trust the board (one general per side,
/// inside its palace).
#[derive(Clone)]
pub struct Position {
    /// The pieces, the side to move, the variant and the janggi history: what the rules read.
    board: Board,
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
}

/// What [`Position::make_move`] returns, to be handed back to [`Position::unmake_move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The piece the move captured, if any.
    pub captured: Option<Piece>,
    janggi_history: u8,
    halfmoves: u32,
}

/// The error of [`Position::play`]: the move is not legal here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The rejected move.
    pub mv: Move,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.mv)
    }
}

impl std::error::Error for IllegalMove {}

/// Why a [`Setup`] was rejected: every problem found, in board order.
#[derive(Clone, Debug)]
pub struct PositionError {
    pub(crate) problems: Vec<PositionProblem>,
    pub(crate) position: Option<Box<Position>>,
}

impl PositionError {
    /// Every problem found.
    pub fn problems(&self) -> &[PositionProblem] {
        &self.problems
    }

    /// Accepts the position anyway when every problem satisfies `tolerate` and is
    /// [tolerable](PositionProblem::is_tolerable); otherwise returns the error unchanged.
    ///
    /// ```
    /// use xiangqi_core::{Position, PositionProblem};
    /// // Bare generals facing each other: not a legal game position, but fine to inspect.
    /// let setup = xiangqi_core::fen::parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
    /// let err = Position::from_setup(setup).unwrap_err();
    /// assert!(err.problems().contains(&PositionProblem::GeneralsFacing));
    /// let pos = err.ignore(|p| p.is_tolerable()).unwrap();
    /// assert!(pos.is_check()); // the red general "attacks" along the open file
    /// ```
    pub fn ignore(
        self,
        tolerate: impl Fn(&PositionProblem) -> bool,
    ) -> Result<Position, PositionError> {
        if !self
            .problems
            .iter()
            .all(|p| p.is_tolerable() && tolerate(p))
        {
            return Err(self);
        }
        match self.position {
            Some(position) => Ok(*position),
            None => Err(self),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

impl PartialEq for PositionError {
    fn eq(&self, other: &PositionError) -> bool {
        self.problems == other.problems
    }
}

impl Position {
    /// The standard start position.
    pub fn startpos() -> Position {
        Position::from_setup(Setup::start()).expect("the start position is legal")
    }

    /// The start position of `variant` (janggi: Fairy-Stockfish's, both sides 마상상마).
    pub fn start_of(variant: Variant) -> Position {
        Position::from_setup(variants::start(variant)).expect("start positions are legal")
    }

    /// Builds the position without any check. Move generation needs one general per side.
    fn from_setup_raw(setup: &Setup) -> Position {
        let mut pos = Position {
            board: Board::empty(setup.variant, setup.turn),
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.clamp(1, MAX_FULLMOVES),
            hash: setup.zobrist_hash(),
        };
        for sq in Square::ALL {
            if let Some(piece) = setup.board[sq.index()] {
                pos.board.put(sq, piece);
            }
        }
        pos
    }

    /// Validates a [`Setup`]. The error lists every problem found (see [`PositionProblem`]).
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut problems = Vec::new();
        let mut counts = [[0u8; 7]; 2];
        let mut movegen_safe = true;
        for sq in Square::ALL {
            if let Some(piece) = setup.board[sq.index()] {
                counts[piece.color.index()][piece.role.index()] += 1;
                if !variants::reachable(setup.variant, piece, sq) {
                    if piece.role == Role::General {
                        problems.push(PositionProblem::GeneralOutsidePalace(sq));
                        movegen_safe = false;
                    } else {
                        problems.push(PositionProblem::UnreachablePoint(piece, sq));
                    }
                }
            }
        }
        for color in Color::ALL {
            for role in Role::ALL {
                let count = counts[color.index()][role.index()];
                if role == Role::General && count == 0 {
                    problems.push(PositionProblem::MissingGeneral(color));
                    movegen_safe = false;
                } else if count > role.max_count() {
                    problems.push(PositionProblem::TooManyPieces { color, role, count });
                    movegen_safe = false;
                }
            }
        }
        let mut position = None;
        if movegen_safe {
            let pos = Position::from_setup_raw(&setup);
            // In janggi facing generals are bikjang, a legal position.
            let may_face = dispatch!(pos.board.variant, G => G::GENERALS_MAY_FACE);
            if !may_face && pos.board.generals_facing() {
                problems.push(PositionProblem::GeneralsFacing);
            }
            if pos.is_attacked(pos.general(!pos.board.turn), pos.board.turn) {
                problems.push(PositionProblem::OpponentInCheck);
            }
            if problems.is_empty() {
                return Ok(pos);
            }
            position = Some(Box::new(pos));
        }
        Err(PositionError { problems, position })
    }

    /// The plain data of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.squares,
            turn: self.board.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            variant: self.board.variant,
        }
    }

    /// The state the rules read.
    #[inline(always)]
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    // ----- accessors -------------------------------------------------------------------------

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.squares[sq.index()]
    }

    /// The game this position is played by.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.board.variant
    }

    /// The same position played by `variant` (validated again: a xiangqi position need not be
    /// a janggi one, nor the reverse).
    ///
    /// ```
    /// use xiangqi_core::{Position, Variant};
    /// let pos = Position::start_of(Variant::Janggi);
    /// let modern = pos.with_variant(Variant::JanggiModern).unwrap();
    /// assert_eq!(modern.variant(), Variant::JanggiModern);
    /// // Generals facing on an open file: bikjang in janggi, no xiangqi position.
    /// let bare = Position::from_fen_variant("4k4/9/9/9/9/9/9/9/9/4K4 w", Variant::Janggi).unwrap();
    /// assert!(bare.with_variant(Variant::Xiangqi).is_err());
    /// ```
    pub fn with_variant(&self, variant: Variant) -> Result<Position, PositionError> {
        let mut setup = self.to_setup();
        setup.variant = variant;
        Position::from_setup(setup)
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.board.turn
    }

    /// Plies since the last capture.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (1 at the start, increased after each Black move; it stops at
    /// `u32::MAX` rather than wrap).
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Plies since move 1 with Red to move, counted from the move number and the side to move
    /// (in 64 bits, so it never wraps).
    ///
    /// ```
    /// use xiangqi_core::Position;
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1000000000").unwrap();
    /// assert_eq!(pos.ply(), 1_999_999_999);
    /// ```
    #[inline]
    pub fn ply(&self) -> u64 {
        2 * (u64::from(self.fullmoves) - 1) + u64::from(self.board.turn == Color::Black)
    }

    /// Sets the no-capture counter and move number (as a FEN's last two fields would); the move
    /// number is clamped to 1..=[`MAX_FULLMOVES`].
    pub fn set_counters(&mut self, halfmoves: u32, fullmoves: u32) {
        self.halfmoves = halfmoves;
        self.fullmoves = fullmoves.clamp(1, MAX_FULLMOVES);
    }

    /// The Zobrist hash of the pieces and the side to move (counters excluded).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// [`Position::hash`] with the janggi history that decides how the game can end: whether
    /// the last move was a pass (a pass now ends the game) and whether bikjang stood on the
    /// ply before as well. Two positions with the same pieces but different futures get
    /// different keys, as a transposition table needs; repetitions compare [`Position::hash`].
    /// In xiangqi it is [`Position::hash`].
    #[inline]
    pub fn history_hash(&self) -> u64 {
        if self.board.janggi_history == 0 {
            return self.hash;
        }
        let mut key = self.hash;
        if self.board.janggi_history & 1 != 0 {
            key ^= zobrist::JANGGI_LAST_PASS;
        }
        if self.board.janggi_history & 4 != 0 && variants::janggi::is_bikjang(&self.board) {
            key ^= zobrist::JANGGI_BIKJANG_TWICE;
        }
        key
    }

    /// Every occupied point.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.board.occupied
    }

    /// The points of one side's pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.board.by_color[color.index()]
    }

    /// The points of one kind of piece of one side.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.board.by_piece[color.index() * 7 + role.index()]
    }

    /// The points of one piece.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.board.by_piece[piece.index()]
    }

    /// Where `color`'s general stands.
    #[inline]
    pub fn general(&self, color: Color) -> Square {
        self.board.generals[color.index()]
    }

    /// The 10-bit occupancy of a file (bit `r` set when rank `r` is occupied).
    #[inline]
    pub fn file_occupancy(&self, file: crate::File) -> u16 {
        self.board.file_occ[file.index()]
    }

    /// How many pieces of each kind a side has.
    pub fn count(&self, color: Color, role: Role) -> u32 {
        self.pieces(color, role).count()
    }

    // ----- attacks (each a dispatch to the variant's game, `variants/`) -------------------------

    /// `true` when `sq` is attacked by a piece of `by` (for the general: along an open file, the
    /// flying-general rule). Attacks are computed as captures would be, whatever stands on `sq`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        dispatch!(self.board.variant, G => G::is_attacked(&self.board, sq, by))
    }

    /// Every piece of `by` that attacks `sq` (the flying general included).
    pub fn attackers(&self, sq: Square, by: Color) -> Bitboard {
        dispatch!(self.board.variant, G => G::attackers(&self.board, sq, by))
    }

    /// The pieces of the sides in `sides` that would attack `sq` on the board `occupied`: the
    /// pieces of this position still standing on `occupied`, with lines, screens, legs and eyes
    /// as `occupied` has them (a general by its palace step only: an exchange on `sq` sees the
    /// flying-general rule apart). For exchange evaluation, where pieces come off one by one.
    ///
    /// ```
    /// use xiangqi_core::{Bitboard, Color, Position, Square};
    /// // Black's soldier on e5 is defended by the e9 chariot; Red's e0 chariot attacks it.
    /// let pos = Position::from_fen("3kr4/9/9/9/4p4/9/9/9/9/4RK3 w - - 0 1").unwrap();
    /// let both = pos.attackers_to(Square::E5, pos.occupied(), [Color::Red, Color::Black]);
    /// assert_eq!(both.count(), 2);
    /// // With the red chariot gone from e0, only the black one is left.
    /// let after = pos.occupied().without(Square::E0);
    /// assert_eq!(pos.attackers_to(Square::E5, after, [Color::Red, Color::Black]).count(), 1);
    /// ```
    #[inline]
    pub fn attackers_to<const N: usize>(
        &self,
        sq: Square,
        occupied: Bitboard,
        sides: [Color; N],
    ) -> Bitboard {
        dispatch!(self.board.variant, G => G::attackers_to(&self.board, sq, occupied, sides))
    }

    /// `true` when the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        dispatch!(self.board.variant, G => G::is_check(&self.board))
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        self.attackers(self.general(self.board.turn), !self.board.turn)
    }

    /// `true` when the piece on `sq` shields its own general: lifted off the board, it would
    /// leave the general attacked. A piece pinned on a line, a horse's leg in front of the
    /// general, and one of two cannon screens all shield. `false` for an empty point and for
    /// the general itself.
    pub fn shields_general(&self, sq: Square) -> bool {
        let Some(piece) = self.board.squares[sq.index()] else {
            return false;
        };
        let ksq = self.board.generals[piece.color.index()];
        if ksq == sq {
            return false;
        }
        dispatch!(self.board.variant, G => G::shields_general(&self.board, sq, piece, ksq))
    }

    // ----- make / unmake ---------------------------------------------------------------------

    /// Plays a move without checking it, for search.
    ///
    /// # Panics
    /// May panic or corrupt the position when `m` is not pseudo-legal here (its `from` point
    /// must hold a piece of the side to move). Use [`Position::play`] for untrusted moves.
    #[inline]
    pub fn make_move(&mut self, m: Move) -> Undo {
        dispatch!(self.board.variant, G => if G::HAS_PASS {
            self.make_move_with_history::<G>(m)
        } else {
            self.make_board_move(m)
        })
    }

    /// [`Position::make_move`] in a game with a pass and a history of the last plies (janggi).
    /// Never inlined, so that xiangqi's `make_move` stays its own body.
    #[inline(never)]
    fn make_move_with_history<G: Family>(&mut self, m: Move) -> Undo {
        let history = G::history_after(&self.board, m);
        let old = self.board.janggi_history;
        let mut undo = if m.from() == m.to() {
            self.make_pass()
        } else {
            self.make_board_move(m)
        };
        undo.janggi_history = old;
        self.board.janggi_history = history;
        undo
    }

    /// `true` when the last move was a janggi pass (known only for moves made on this value).
    #[inline]
    pub fn last_move_was_pass(&self) -> bool {
        self.board.janggi_history & 1 != 0
    }

    /// `true` when the move before the last was a janggi pass.
    #[inline]
    pub fn previous_move_was_pass(&self) -> bool {
        self.board.janggi_history & 2 != 0
    }

    #[inline]
    fn make_board_move(&mut self, m: Move) -> Undo {
        let (from, to) = (m.from(), m.to());
        let piece =
            self.board.squares[from.index()].expect("make_move: no piece on the from point");
        let captured = self.board.squares[to.index()];
        let undo = Undo {
            captured,
            janggi_history: 0,
            halfmoves: self.halfmoves,
        };
        let from_bb = bit(from as u32);
        let to_bb = bit(to as u32);
        if let Some(victim) = captured {
            self.board.by_piece[victim.index()].0 ^= to_bb;
            self.board.by_color[victim.color.index()].0 ^= to_bb;
            self.hash ^= zobrist::PIECE_SQUARE[victim.index()][to.index()];
            self.halfmoves = 0;
        } else {
            self.board.occupied.0 ^= to_bb;
            self.board.file_occ[to.file().index()] ^= 1 << to.rank().index();
            // Saturating: a clock read from a FEN may start at u32::MAX, and the undo record
            // restores the exact value.
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        self.board.occupied.0 ^= from_bb;
        self.board.file_occ[from.file().index()] ^= 1 << from.rank().index();
        self.board.by_piece[piece.index()].0 ^= from_bb | to_bb;
        self.board.by_color[piece.color.index()].0 ^= from_bb | to_bb;
        self.board.squares[from.index()] = None;
        self.board.squares[to.index()] = Some(piece);
        let keys = &zobrist::PIECE_SQUARE[piece.index()];
        self.hash ^= keys[from.index()] ^ keys[to.index()] ^ zobrist::BLACK_TO_MOVE;
        if piece.role == Role::General {
            self.board.generals[piece.color.index()] = to;
        }
        if self.board.turn == Color::Black {
            // Starting at most at MAX_FULLMOVES, it would take billions of moves to saturate.
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.board.turn = !self.board.turn;
        undo
    }

    /// Takes back a move made by [`Position::make_move`], given what it returned.
    ///
    /// # Panics
    /// May panic or corrupt the position unless `m` and `undo` are the last move made and its result.
    #[inline]
    pub fn unmake_move(&mut self, m: Move, undo: Undo) {
        let (from, to) = (m.from(), m.to());
        if dispatch!(self.board.variant, G => G::HAS_PASS) {
            self.board.janggi_history = undo.janggi_history;
            if from == to {
                return self.unmake_pass(undo);
            }
        }
        let piece = self.board.squares[to.index()].expect("unmake_move: no piece on the to point");
        self.board.turn = !self.board.turn;
        if self.board.turn == Color::Black {
            self.fullmoves -= 1;
        }
        let from_bb = bit(from as u32);
        let to_bb = bit(to as u32);
        self.board.by_piece[piece.index()].0 ^= from_bb | to_bb;
        self.board.by_color[piece.color.index()].0 ^= from_bb | to_bb;
        self.board.occupied.0 ^= from_bb;
        self.board.file_occ[from.file().index()] ^= 1 << from.rank().index();
        let keys = &zobrist::PIECE_SQUARE[piece.index()];
        self.hash ^= keys[from.index()] ^ keys[to.index()] ^ zobrist::BLACK_TO_MOVE;
        self.board.squares[from.index()] = Some(piece);
        self.board.squares[to.index()] = undo.captured;
        if let Some(victim) = undo.captured {
            self.board.by_piece[victim.index()].0 ^= to_bb;
            self.board.by_color[victim.color.index()].0 ^= to_bb;
            self.hash ^= zobrist::PIECE_SQUARE[victim.index()][to.index()];
        } else {
            self.board.occupied.0 ^= to_bb;
            self.board.file_occ[to.file().index()] ^= 1 << to.rank().index();
        }
        if piece.role == Role::General {
            self.board.generals[piece.color.index()] = from;
        }
        self.halfmoves = undo.halfmoves;
    }

    /// Plays a janggi pass (a move from the general's point to itself): the turn changes, the
    /// no-capture counter and, after Han's pass, the move number go on.
    #[cold]
    fn make_pass(&mut self) -> Undo {
        let undo = self.make_null_move();
        if self.board.turn == Color::Red {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        undo
    }

    #[cold]
    fn unmake_pass(&mut self, undo: Undo) {
        if self.board.turn == Color::Red {
            self.fullmoves -= 1;
        }
        self.unmake_null_move(undo);
    }

    /// Passes the turn (a "null move", for search). Not a legal xiangqi move; in janggi a pass
    /// also counts the move number ([`Position::pass_move`] played with [`Position::make_move`]).
    #[inline]
    pub fn make_null_move(&mut self) -> Undo {
        let undo = Undo {
            captured: None,
            janggi_history: self.board.janggi_history,
            halfmoves: self.halfmoves,
        };
        self.hash ^= zobrist::BLACK_TO_MOVE;
        self.halfmoves = self.halfmoves.saturating_add(1);
        self.board.turn = !self.board.turn;
        undo
    }

    /// Takes back [`Position::make_null_move`].
    #[inline]
    pub fn unmake_null_move(&mut self, undo: Undo) {
        self.hash ^= zobrist::BLACK_TO_MOVE;
        self.board.turn = !self.board.turn;
        self.halfmoves = undo.halfmoves;
    }

    /// Plays `m` when it is legal; otherwise leaves the position unchanged.
    ///
    /// ```
    /// use xiangqi_core::{Position, Move, Square};
    /// let mut pos = Position::startpos();
    /// pos.play(Move::new(Square::H2, Square::E2)).unwrap(); // central cannon
    /// assert!(pos.play(Move::new(Square::A0, Square::A5)).is_err()); // not Red's turn
    /// ```
    pub fn play(&mut self, m: Move) -> Result<Undo, IllegalMove> {
        if self.is_legal(m) {
            Ok(self.make_move(m))
        } else {
            Err(IllegalMove { mv: m })
        }
    }

    /// The position after `m`, when `m` is legal.
    pub fn after(&self, m: Move) -> Result<Position, IllegalMove> {
        let mut pos = self.clone();
        pos.play(m)?;
        Ok(pos)
    }

    /// `true` when the legal move `m` leaves the opponent's general attacked: directly, or by a
    /// line it opens, a horse's leg it clears, or a cannon screen it adds or removes. Answered
    /// from the attack tables without playing the move, so the search can ask it of every move.
    ///
    /// ```
    /// use xiangqi_core::{Move, Position, Square};
    /// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4C4/R2K5 w - - 0 1").unwrap();
    /// assert!(pos.gives_check(Move::new(Square::A0, Square::A9))); // along rank 9
    /// assert!(!pos.gives_check(Move::new(Square::A0, Square::A8)));
    /// ```
    ///
    /// For a move that is not legal the answer means nothing (it may panic on an empty `from`).
    #[inline]
    pub fn gives_check(&self, m: Move) -> bool {
        dispatch!(self.board.variant, G => G::gives_check(&self.board, m))
    }

    /// The Zobrist hash computed from scratch (the incremental [`Position::hash`] must equal it).
    pub fn compute_hash(&self) -> u64 {
        self.to_setup().zobrist_hash()
    }

    /// The same position with colours swapped and the board turned top to bottom.
    pub fn mirror(&self) -> Position {
        Position::from_setup_raw(&self.to_setup().mirror())
    }

    /// Checks the incremental state against the board (for tests and debugging).
    pub fn is_consistent(&self) -> bool {
        let rebuilt = Position::from_setup_raw(&self.to_setup());
        rebuilt.board.by_piece == self.board.by_piece
            && rebuilt.board.by_color == self.board.by_color
            && rebuilt.board.occupied == self.board.occupied
            && rebuilt.board.file_occ == self.board.file_occ
            && rebuilt.board.generals == self.board.generals
            && rebuilt.hash == self.hash
    }

    /// Draws the board with letters (Black on top), one rank a line, as a debugging aid.
    pub fn ascii(&self) -> String {
        let mut out = String::new();
        for r in (0..10).rev() {
            out.push_str(&format!("{r} "));
            for f in 0..9 {
                let sq = Square::ALL[r * 9 + f];
                out.push(self.board.squares[sq.index()].map_or('.', |p| p.fen_char()));
                if f < 8 {
                    out.push(' ');
                }
            }
            out.push('\n');
        }
        out.push_str("  a b c d e f g h i\n");
        out
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl PartialEq for Position {
    /// Positions are equal when pieces, side to move and counters are.
    fn eq(&self, other: &Position) -> bool {
        self.board.squares == other.board.squares
            && self.board.variant == other.board.variant
            && self.board.turn == other.board.turn
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
        self.halfmoves.hash(state);
        self.fullmoves.hash(state);
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.ascii())
    }
}
