//! Janggi (Korean chess): start setups, counting, bikjang, the pass, and the move generator the
//! janggi [`Variant`]s use.
//!
//! Janggi is played on xiangqi's board with the same pieces under other moves (see
//! [`attacks::janggi`](crate::attacks::janggi)). The side that moves first, Cho (楚, blue or
//! green, upper-case letters in FEN), is [`Color::Red`] here; Han (漢, red, lower case) is
//! [`Color::Black`]. A player may pass instead of moving when not in check; a pass is written
//! as the general's point twice (`e1e1`, as Fairy-Stockfish writes it) and played with
//! [`Position::pass_move`].
//!
//! Each side chooses one of four [`Arrangement`]s of its horses and elephants before the game;
//! [`Position::janggi_start`] builds any of the sixteen start positions.
//!
//! ```
//! use xiangqi_core::janggi::Arrangement;
//! use xiangqi_core::{perft, Position};
//!
//! let pos = Position::janggi_start(Arrangement::SangMaSangMa, Arrangement::MaSangSangMa);
//! assert_eq!(pos.board_fen(), "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ABNR");
//! let pass = pos.pass_move();
//! assert_eq!(pass.to_string(), "e1e1");
//! assert!(pos.legal_moves().contains(&pass));
//! assert_eq!(perft(&Position::start_of(xiangqi_core::Variant::Janggi), 3), 33_000);
//! ```

use crate::attacks::{self, janggi as ja};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::movegen::MoveSink;
use crate::moves::Move;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::{File, Square};
use crate::variant::Variant;
use core::fmt;
use core::str::FromStr;

/// The start position of Fairy-Stockfish's `janggi`: both sides in the 마상상마 arrangement.
pub const STARTING_FEN: &str =
    "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

/// One side's arrangement of horses (마) and elephants (상) on the four points beside its
/// guards, named as Korean players name them: the four pieces read from the player's own left
/// to right (for Cho files b, c, g, h; for Han, who faces the other way, files h, g, c, b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Arrangement {
    /// 마상상마: both elephants inside, next to the guards.
    MaSangSangMa,
    /// 상마마상: both elephants outside, next to the chariots.
    SangMaMaSang,
    /// 마상마상: horse, elephant, horse, elephant from the player's left.
    MaSangMaSang,
    /// 상마상마: elephant, horse, elephant, horse from the player's left.
    SangMaSangMa,
}

impl Arrangement {
    /// The four arrangements.
    pub const ALL: [Arrangement; 4] = [
        Arrangement::MaSangSangMa,
        Arrangement::SangMaMaSang,
        Arrangement::MaSangMaSang,
        Arrangement::SangMaSangMa,
    ];

    /// The Korean name, e.g. `마상상마`.
    pub const fn korean(self) -> &'static str {
        match self {
            Arrangement::MaSangSangMa => "마상상마",
            Arrangement::SangMaMaSang => "상마마상",
            Arrangement::MaSangMaSang => "마상마상",
            Arrangement::SangMaSangMa => "상마상마",
        }
    }

    /// The romanised name, e.g. `masangsangma`.
    pub const fn name(self) -> &'static str {
        match self {
            Arrangement::MaSangSangMa => "masangsangma",
            Arrangement::SangMaMaSang => "sangmamasang",
            Arrangement::MaSangMaSang => "masangmasang",
            Arrangement::SangMaSangMa => "sangmasangma",
        }
    }

    /// The four roles from the player's left to right.
    pub const fn roles(self) -> [Role; 4] {
        let (h, e) = (Role::Horse, Role::Elephant);
        match self {
            Arrangement::MaSangSangMa => [h, e, e, h],
            Arrangement::SangMaMaSang => [e, h, h, e],
            Arrangement::MaSangMaSang => [h, e, h, e],
            Arrangement::SangMaSangMa => [e, h, e, h],
        }
    }
}

impl fmt::Display for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.korean())
    }
}

/// The error of parsing an [`Arrangement`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseArrangementError {
    /// The text given.
    pub input: String,
}

impl fmt::Display for ParseArrangementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown janggi arrangement {:?}: expected 마상상마, 상마마상, 마상마상, 상마상마 or their romanised names",
            self.input
        )
    }
}

impl std::error::Error for ParseArrangementError {}

impl FromStr for Arrangement {
    type Err = ParseArrangementError;
    /// Reads the Korean name or the romanised one (any letter case, `-` and spaces ignored).
    fn from_str(s: &str) -> Result<Arrangement, ParseArrangementError> {
        let key: String = s
            .chars()
            .filter(|c| !matches!(c, '-' | ' ' | '_'))
            .collect::<String>()
            .to_lowercase();
        Arrangement::ALL
            .into_iter()
            .find(|a| a.korean() == key || a.name() == key)
            .ok_or_else(|| ParseArrangementError {
                input: s.to_owned(),
            })
    }
}

/// The counting value of a role: chariot 13, cannon 7, horse 5, elephant 3, guard 3,
/// soldier 2, general 0.
pub const fn counting_value(role: Role) -> u32 {
    match role {
        Role::Chariot => 13,
        Role::Cannon => 7,
        Role::Horse => 5,
        Role::Elephant | Role::Advisor => 3,
        Role::Soldier => 2,
        Role::General => 0,
    }
}

/// A side's counting points in half points: its pieces' [`counting_value`]s, doubled, and for
/// Han (Black) the 1.5 points of compensation (3 half points) more. The full starting army
/// counts 72 points.
///
/// ```
/// use xiangqi_core::{janggi, Color, Position, Variant};
/// let pos = Position::start_of(Variant::Janggi);
/// assert_eq!(janggi::half_points(&pos, Color::Red), 144);
/// assert_eq!(janggi::half_points(&pos, Color::Black), 147);
/// assert_eq!(janggi::counting_winner(&pos), Color::Black);
/// ```
pub fn half_points(pos: &Position, color: Color) -> u32 {
    let pieces: u32 = Role::ALL
        .iter()
        .map(|&role| 2 * counting_value(role) * pos.count(color, role))
        .sum();
    pieces + if color == Color::Black { 3 } else { 0 }
}

/// The side counting declares the winner: the one with more points (Han's 1.5 included, so
/// there is never a tie).
pub fn counting_winner(pos: &Position) -> Color {
    if half_points(pos, Color::Red) > half_points(pos, Color::Black) {
        Color::Red
    } else {
        Color::Black
    }
}

/// `true` when a piece can ever stand on `sq` in a janggi game: generals and guards in their
/// palace, soldiers never behind their starting rank; the other pieces anywhere.
pub fn reachable(piece: Piece, sq: Square) -> bool {
    match piece.role {
        Role::General | Role::Advisor => sq.in_palace(piece.color),
        Role::Soldier => sq.rank().relative_to(piece.color) >= 3,
        Role::Elephant | Role::Horse | Role::Chariot | Role::Cannon => true,
    }
}

impl Position {
    /// The start position of a janggi game ([`Variant::Janggi`]) with Cho's and Han's
    /// arrangements.
    pub fn janggi_start(cho: Arrangement, han: Arrangement) -> Position {
        let mut setup = crate::fen::parse_fen(STARTING_FEN).expect("the janggi start FEN parses");
        setup.variant = Variant::Janggi;
        let files = [File::B, File::C, File::G, File::H];
        for (i, role) in cho.roles().into_iter().enumerate() {
            let sq = Square::from_coords(files[i], crate::Rank::ALL[0]);
            setup.board[sq.index()] = Some(Piece::new(Color::Red, role));
        }
        for (i, role) in han.roles().into_iter().enumerate() {
            let sq = Square::from_coords(files[3 - i], crate::Rank::ALL[9]);
            setup.board[sq.index()] = Some(Piece::new(Color::Black, role));
        }
        Position::from_setup(setup).expect("janggi start positions are legal")
    }

    /// The start position of `variant` (janggi: Fairy-Stockfish's, both sides 마상상마).
    pub fn start_of(variant: Variant) -> Position {
        match variant {
            Variant::Xiangqi => Position::startpos(),
            _ => {
                let mut setup = crate::fen::parse_fen(STARTING_FEN).expect("parses");
                setup.variant = variant;
                Position::from_setup(setup).expect("the janggi start position is legal")
            }
        }
    }

    /// The pass of the side to move: its general's point twice. Legal in the janggi variants
    /// when not in check (and under bikjang even in check); never in xiangqi.
    #[inline]
    pub fn pass_move(&self) -> Move {
        let ksq = self.general(self.turn());
        Move::new(ksq, ksq)
    }

    /// `true` when `m` is a pass (from and to the same point).
    #[inline]
    pub fn is_pass(m: Move) -> bool {
        m.from() == m.to()
    }

    /// `true` when the two generals face each other on one file with nothing between them. In
    /// xiangqi no legal position has it; in janggi variants with the bikjang rule
    /// ([`Variant::has_bikjang`]) it is bikjang.
    pub fn generals_facing(&self) -> bool {
        let (red, black) = (self.general(Color::Red), self.general(Color::Black));
        red.file() == black.file() && (attacks::between(red, black) & self.occupied()).is_empty()
    }

    /// How a janggi game ended at this position by its last plies ([`Termination::DoublePass`]
    /// or [`Termination::Bikjang`]; see [`Position::janggi_game_ended`]), or `None`.
    ///
    /// [`Termination::DoublePass`]: crate::Termination::DoublePass
    /// [`Termination::Bikjang`]: crate::Termination::Bikjang
    pub fn janggi_ending(&self) -> Option<crate::Termination> {
        if !self.janggi_game_ended() {
            None
        } else if self.last_move_was_pass() && self.previous_move_was_pass() {
            Some(crate::Termination::DoublePass)
        } else {
            Some(crate::Termination::Bikjang)
        }
    }

    /// `true` in bikjang: a janggi variant with the bikjang rule and the generals facing.
    #[inline]
    pub fn is_bikjang(&self) -> bool {
        self.variant().has_bikjang() && self.generals_facing()
    }

    // ----- the janggi move generator (crate-private; the public methods dispatch here) -------

    #[inline]
    pub(crate) fn janggi_cannons(&self) -> Bitboard {
        self.pieces(Color::Red, Role::Cannon) | self.pieces(Color::Black, Role::Cannon)
    }

    /// `true` when `sq` is attacked by `by` on the board `occupied` with cannons on `cannons`,
    /// the pieces on `removed` not counting as attackers.
    #[inline]
    pub(crate) fn janggi_attacked_with(
        &self,
        sq: Square,
        by: Color,
        occupied: Bitboard,
        cannons: Bitboard,
        removed: Bitboard,
    ) -> bool {
        let pieces = |color: Color, role: Role| self.pieces(color, role) - removed;
        ja::attackers::<1, true>(sq, occupied, cannons, [by], pieces).any()
    }

    #[inline]
    pub(crate) fn janggi_is_check(&self) -> bool {
        let us = self.turn();
        self.janggi_attacked_with(
            self.general(us),
            !us,
            self.occupied(),
            self.janggi_cannons(),
            Bitboard::EMPTY,
        )
    }

    /// The board and cannons after `from` -> `to` (not a pass).
    #[inline]
    fn janggi_after(&self, from: Square, to: Square, piece: Piece) -> (Bitboard, Bitboard) {
        let (from_bb, to_bb) = (Bitboard::from_square(from), Bitboard::from_square(to));
        let occupied = (self.occupied() - from_bb) | to_bb;
        let mut cannons = self.janggi_cannons() - from_bb - to_bb;
        if piece.role == Role::Cannon {
            cannons |= to_bb;
        }
        (occupied, cannons)
    }

    /// `true` when the pseudo-legal move `from` -> `to` of the side to move (a piece of it
    /// stands on `from`; not a pass) leaves its general safe, and, under bikjang, breaks it.
    #[inline]
    pub(crate) fn janggi_safe_after(&self, from: Square, to: Square, bikjang: bool) -> bool {
        let us = self.turn();
        let piece = Piece::new(us, self.piece_at(from).map_or(Role::General, |p| p.role));
        let (occupied, cannons) = self.janggi_after(from, to, piece);
        let ksq = if piece.role == Role::General {
            to
        } else {
            self.general(us)
        };
        if bikjang {
            let theirs = self.general(!us);
            if ksq.file() == theirs.file() && (attacks::between(ksq, theirs) & occupied).is_empty()
            {
                return false;
            }
        }
        !self.janggi_attacked_with(ksq, !us, occupied, cannons, Bitboard::from_square(to))
    }

    /// The points where a move of another piece than `color`'s general may change whether
    /// that general is attacked by the other side, out of check: each of the four half-lines
    /// from the general along its rank and file on which an enemy chariot or cannon stands (a
    /// piece leaving or entering it changes what a chariot sees and what screens a cannon
    /// has), the palace when an enemy chariot or cannon stands in it (its diagonal lines), and
    /// the points that block an enemy horse or elephant aiming at the general. A soldier's
    /// attack cannot be blocked, and the other side's general and guards stay in their own
    /// palace.
    #[inline]
    fn janggi_sensitive_points(&self, color: Color) -> Bitboard {
        let ksq = self.general(color);
        let liners = self.pieces(!color, Role::Chariot) | self.pieces(!color, Role::Cannon);
        let below = Bitboard(Bitboard::from_square(ksq).0 - 1);
        let above = Bitboard::FULL - below - Bitboard::from_square(ksq);
        let (file, rank) = (Bitboard::file(ksq.file()), Bitboard::rank(ksq.rank()));
        let mut points = attacks::horse_attack_legs(ksq, self.pieces(!color, Role::Horse))
            | ja::elephant_attack_paths(ksq, self.pieces(!color, Role::Elephant));
        for half in [file & above, file & below, rank & above, rank & below] {
            if (liners & half).any() {
                points |= half;
            }
        }
        let palace = attacks::palace(color);
        if (liners & palace).any() {
            points |= palace;
        }
        points
    }

    /// `true` when the pass is legal for the side to move: not in check, or in bikjang.
    #[inline]
    fn janggi_pass_legal(&self, in_check: bool) -> bool {
        !in_check || self.is_bikjang()
    }

    /// Generates the legal janggi moves whose target lies in `mask` (see
    /// [`Position::generate`]); the pass comes last, when `mask` holds an empty point (all
    /// moves, or the quiet ones). Never inlined: xiangqi's generator, which the same callers
    /// inline, keeps its registers to itself.
    #[inline(never)]
    pub(crate) fn janggi_generate<S: MoveSink>(&self, sink: &mut S, mask: Bitboard) {
        if self.janggi_game_ended() {
            return;
        }
        let us = self.turn();
        let occupied = self.occupied();
        let cannons = self.janggi_cannons();
        let in_check = self.janggi_is_check();
        let bikjang = self.is_bikjang();
        let targets_mask = mask - self.by_color(us);
        // Out of check and bikjang, a move of another piece than the general that neither
        // leaves nor reaches a sensitive point cannot expose the general: no test.
        let sensitive = if in_check || bikjang {
            Bitboard::FULL
        } else {
            self.janggi_sensitive_points(us)
        };
        for role in [
            Role::Chariot,
            Role::Cannon,
            Role::Horse,
            Role::Elephant,
            Role::Soldier,
            Role::Advisor,
            Role::General,
        ] {
            let piece = Piece::new(us, role);
            for from in self.pieces(us, role) {
                let targets = ja::attacks(piece, from, occupied, cannons) & targets_mask;
                let tested = if role == Role::General || sensitive.contains(from) {
                    Bitboard::FULL
                } else {
                    sensitive
                };
                for to in targets {
                    if !tested.contains(to) || self.janggi_safe_after(from, to, bikjang) {
                        sink.one(from, to);
                    }
                }
                if sink.done() {
                    return;
                }
            }
        }
        if (mask - occupied).any() && self.janggi_pass_legal(in_check) {
            let ksq = self.general(us);
            sink.one(ksq, ksq);
        }
    }

    /// `true` when `m` moves a piece of the side to move as it moves in janggi (the pass: the
    /// general's point twice), ignoring the general's safety.
    pub(crate) fn janggi_pseudo_legal(&self, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        if self.janggi_game_ended() {
            return false;
        }
        let us = self.turn();
        if from == to {
            return from == self.general(us);
        }
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        if piece.color != us || self.by_color(us).contains(to) {
            return false;
        }
        ja::attacks(piece, from, self.occupied(), self.janggi_cannons()).contains(to)
    }

    /// `true` when the pseudo-legal janggi move `m` is legal.
    pub(crate) fn janggi_legal_after_pseudo(&self, m: Move) -> bool {
        if m.from() == m.to() {
            self.janggi_pass_legal(self.janggi_is_check())
        } else {
            self.janggi_safe_after(m.from(), m.to(), self.is_bikjang())
        }
    }

    /// `true` when the legal janggi move `m` leaves the opponent's general attacked.
    pub(crate) fn janggi_gives_check(&self, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        let us = self.turn();
        if from == to {
            // A pass changes nothing on the board, where the opponent was not in check.
            return false;
        }
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        let (occupied, cannons) = self.janggi_after(from, to, piece);
        let king = self.general(!us);
        // The moved piece itself; else only a move from or to a point that can change the
        // attacks on the general (it was not attacked: the opponent would have had to answer).
        if ja::attacks(piece, to, occupied, cannons).contains(king) {
            return true;
        }
        // Every sensitive point lies on the general's rank or file or within two points of
        // it: a cheap test first.
        let (from_bb, to_bb) = (Bitboard::from_square(from), Bitboard::from_square(to));
        let touched = from_bb | to_bb;
        let around = NEAR[king.index()] | Bitboard::file(king.file()) | Bitboard::rank(king.rank());
        if (touched & around).is_empty() || (touched & self.janggi_sensitive_points(!us)).is_empty()
        {
            return false;
        }
        let moved = |color: Color, role: Role| {
            let mut bb = self.pieces(color, role) - from_bb;
            if piece.role == role {
                bb |= to_bb;
            }
            bb
        };
        ja::attackers::<1, true>(king, occupied, cannons, [us], moved).any()
    }

    /// The janggi attackers of `sq` by the sides in `sides` on the board `occupied` (pieces of
    /// this position still standing there).
    #[inline]
    pub(crate) fn janggi_attackers_to<const N: usize>(
        &self,
        sq: Square,
        occupied: Bitboard,
        sides: [Color; N],
    ) -> Bitboard {
        let pieces = |color: Color, role: Role| self.pieces(color, role) & occupied;
        ja::attackers::<N, false>(
            sq,
            occupied,
            self.janggi_cannons() & occupied,
            sides,
            pieces,
        )
    }
}

/// The points within two files and two ranks of each point (a 5 x 5 square cut by the board):
/// around a general, they hold its palace and the legs and paths of horses and elephants
/// aiming at it.
static NEAR: [Bitboard; 90] = {
    let mut t = [Bitboard::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut bits = 0u128;
        let mut other = 0u32;
        while other < 90 {
            let (g, s) = ((other % 9) as i32, (other / 9) as i32);
            if (f - g).abs() <= 2 && (r - s).abs() <= 2 {
                bits |= 1u128 << other;
            }
            other += 1;
        }
        t[sq] = Bitboard(bits);
        sq += 1;
    }
    t
};
