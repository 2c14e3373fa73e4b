//! Fixed action indexings and array observations, shared by `Board` and `VecEnv`.
//!
//! Two action encodings map a move to an integer:
//!
//! - `"8100"`: `from * 90 + to`, every ordered pair of points (most never legal).
//! - `"2086"`: only the (from, to) shapes some piece can make on an empty board: every pair of
//!   distinct points on one file or one rank (chariot, cannon, general and soldier steps), the
//!   horse's eight L-shapes, the advisors' palace diagonals and the elephants' two-point
//!   diagonals (both sides' palaces and halves). Sorted by `from * 90 + to`, so index 0 is
//!   `a0b0`. The count, 1530 line moves + 508 horse moves + 16 advisor moves + 32 elephant
//!   moves, is the 2086 of AlphaZero-style xiangqi projects.
//!
//! Janggi has one encoding, `"janggi"`: the (from, to) pairs some janggi piece could ever
//! make, as core's [`janggi::reach`] gives them from every point the piece can stand on (1530
//! line moves, 508 horse moves, 388 elephant moves, 24 moves along the palace diagonals),
//! sorted by `from * 90 + to`, then the pass as the last action (2451 in all).
//!
//! In the side-to-move perspective Black's moves are mirrored (ranks flipped, files kept), so
//! both sides share one action space and one network sees every position as Red would.
//!
//! [`janggi::reach`]: xiangqi_core::attacks::janggi::reach

use std::sync::LazyLock;
use xiangqi_core::attacks::janggi as janggi_attacks;
use xiangqi_core::rules::JANGGI_NO_CAPTURE_LIMIT;
use xiangqi_core::{janggi, reachable, Color, Move, Piece, Position, Role, Square, Variant};

/// An action encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// `from * 90 + to`.
    Pairs8100,
    /// The 2086 move shapes.
    Shapes2086,
    /// Janggi's move shapes and the pass.
    Janggi,
}

impl Encoding {
    /// Parses `"8100"` or `"2086"`.
    pub fn parse(name: &str) -> Option<Encoding> {
        match name {
            "8100" => Some(Encoding::Pairs8100),
            "2086" => Some(Encoding::Shapes2086),
            "janggi" => Some(Encoding::Janggi),
            _ => None,
        }
    }

    /// The name, `"8100"`, `"2086"` or `"janggi"`.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Pairs8100 => "8100",
            Encoding::Shapes2086 => "2086",
            Encoding::Janggi => "janggi",
        }
    }

    /// How many actions there are.
    pub fn size(self) -> usize {
        match self {
            Encoding::Pairs8100 => 8100,
            Encoding::Shapes2086 => SHAPES.moves.len(),
            Encoding::Janggi => JANGGI_SHAPES.moves.len() + 1,
        }
    }

    /// The encoding a game of `variant` uses when none is named: `"2086"` for xiangqi,
    /// `"janggi"` for the janggi variants.
    pub fn of_variant(variant: Variant) -> Encoding {
        if variant.is_janggi() {
            Encoding::Janggi
        } else {
            Encoding::Shapes2086
        }
    }

    /// `true` when the encoding has an action for every legal move of a `variant` game: the
    /// xiangqi encodings lack janggi's moves and its pass, the janggi one xiangqi's elephants.
    pub fn fits(self, variant: Variant) -> bool {
        (self == Encoding::Janggi) == variant.is_janggi()
    }

    /// The pass's action (the last one) in the janggi encoding; `None` in the others.
    pub fn pass_action(self) -> Option<usize> {
        (self == Encoding::Janggi).then(|| JANGGI_SHAPES.moves.len())
    }

    /// The action index of `m` (mirrored first when `mirror`), or `None` when the encoding has
    /// no such shape. In the janggi encoding every move from a point to itself is the pass.
    #[inline]
    pub fn index(self, m: Move, mirror: bool) -> Option<usize> {
        let m = if mirror { m.flip_rank() } else { m };
        let pair = m.from().index() * 90 + m.to().index();
        match self {
            Encoding::Pairs8100 => (m.from() != m.to()).then_some(pair),
            Encoding::Shapes2086 => {
                let i = SHAPES.index_of[pair];
                (i != NO_INDEX).then_some(i as usize)
            }
            Encoding::Janggi => {
                if m.from() == m.to() {
                    return Some(JANGGI_SHAPES.moves.len());
                }
                let i = JANGGI_SHAPES.index_of[pair];
                (i != NO_INDEX).then_some(i as usize)
            }
        }
    }

    /// The move of action `index` (mirrored back when `mirror`), or `None` when out of range.
    /// The janggi pass, whose point is the general's, is [`Move::NULL`] here (`0000`); see
    /// [`Encoding::decode`] for the pass of a position.
    #[inline]
    pub fn action_move(self, index: usize, mirror: bool) -> Option<Move> {
        let m = match self {
            Encoding::Pairs8100 => {
                if index >= 8100 || index / 90 == index % 90 {
                    return None;
                }
                Move::new(Square::ALL[index / 90], Square::ALL[index % 90])
            }
            Encoding::Shapes2086 => *SHAPES.moves.get(index)?,
            Encoding::Janggi => match JANGGI_SHAPES.moves.get(index) {
                Some(&m) => m,
                None if index == JANGGI_SHAPES.moves.len() => return Some(Move::NULL),
                None => return None,
            },
        };
        Some(if mirror { m.flip_rank() } else { m })
    }

    /// Sets `mask[index(m)]` for each of `moves` that has an action (the mask is not cleared).
    /// One match on the encoding for the whole list: this is the masks' inner loop.
    #[inline]
    pub fn mark(self, moves: &[Move], mirror: bool, mask: &mut [bool]) {
        let flip = |m: Move| if mirror { m.flip_rank() } else { m };
        let pair = |m: Move| m.from().index() * 90 + m.to().index();
        match self {
            Encoding::Pairs8100 => {
                for &m in moves {
                    let m = flip(m);
                    if m.from() != m.to() {
                        mask[pair(m)] = true;
                    }
                }
            }
            Encoding::Shapes2086 => {
                let index_of = &SHAPES.index_of;
                for &m in moves {
                    let i = index_of[pair(flip(m))];
                    if i != NO_INDEX {
                        mask[i as usize] = true;
                    }
                }
            }
            Encoding::Janggi => {
                let shapes: &Shapes = &JANGGI_SHAPES;
                for &m in moves {
                    if m.from() == m.to() {
                        mask[shapes.moves.len()] = true;
                        continue;
                    }
                    let i = shapes.index_of[pair(flip(m))];
                    if i != NO_INDEX {
                        mask[i as usize] = true;
                    }
                }
            }
        }
    }

    /// The move of action `index` in `pos` (legal or not): [`Encoding::action_move`], with the
    /// janggi pass as `pos`'s own ([`Position::pass_move`], the general's point twice).
    #[inline]
    pub fn decode(self, index: usize, pos: &Position, mirror: bool) -> Option<Move> {
        if self == Encoding::Janggi && index == JANGGI_SHAPES.moves.len() {
            return Some(pos.pass_move());
        }
        self.action_move(index, mirror)
    }
}

const NO_INDEX: u16 = u16::MAX;

struct Shapes {
    index_of: Vec<u16>,
    moves: Vec<Move>,
}

/// `true` when some piece could move `from` -> `to` on an empty board.
fn is_shape(from: Square, to: Square) -> bool {
    if from == to {
        return false;
    }
    let df = (from.file().index() as i32 - to.file().index() as i32).abs();
    let dr = (from.rank().index() as i32 - to.rank().index() as i32).abs();
    let both = |role: Role| {
        Color::ALL.iter().any(|&c| {
            let piece = Piece::new(c, role);
            reachable(piece, from) && reachable(piece, to)
        })
    };
    df == 0
        || dr == 0
        || (df, dr) == (1, 2)
        || (df, dr) == (2, 1)
        || (df == 1 && dr == 1 && both(Role::Advisor))
        || (df == 2 && dr == 2 && both(Role::Elephant))
}

impl Shapes {
    /// The pairs `is_shape` accepts, in `from * 90 + to` order.
    fn collect(is_shape: impl Fn(Square, Square) -> bool) -> Shapes {
        let mut index_of = vec![NO_INDEX; 8100];
        let mut moves = Vec::new();
        for from in Square::ALL {
            for to in Square::ALL {
                if is_shape(from, to) {
                    index_of[from.index() * 90 + to.index()] = moves.len() as u16;
                    moves.push(Move::new(from, to));
                }
            }
        }
        Shapes { index_of, moves }
    }
}

static SHAPES: LazyLock<Shapes> = LazyLock::new(|| Shapes::collect(is_shape));

/// Janggi's shapes: where some piece of either side could ever go from a point it can stand
/// on, as core's janggi movement says (a cannon's jumps counted as a chariot's slides).
static JANGGI_SHAPES: LazyLock<Shapes> = LazyLock::new(|| {
    let mut targets = [xiangqi_core::Bitboard::EMPTY; 90];
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            for from in Square::ALL {
                if janggi::reachable(piece, from) {
                    for to in janggi_attacks::reach(piece, from) {
                        targets[from.index()].add(to);
                    }
                }
            }
        }
    }
    Shapes::collect(|from, to| from != to && targets[from.index()].contains(to))
});

/// Writes the legal-action mask of `pos` (cleared first) for the given encoding.
pub fn write_mask(pos: &Position, encoding: Encoding, mirror: bool, mask: &mut [bool]) {
    mask.fill(false);
    encoding.mark(&pos.legal_moves(), mirror, mask);
}

/// The piece code of `to_array`: +1..+7 for Red's general..soldier, -1..-7 for Black's, 0 empty.
#[inline]
pub fn piece_code(piece: Option<Piece>) -> i8 {
    match piece {
        None => 0,
        Some(p) => {
            let t = p.role.index() as i8 + 1;
            if p.color == Color::Red {
                t
            } else {
                -t
            }
        }
    }
}

/// Writes the (10, 9) piece-code array, `out[rank * 9 + file]`.
pub fn write_array(pos: &Position, out: &mut [i8]) {
    for sq in Square::ALL {
        out[sq.index()] = piece_code(pos.piece_at(sq));
    }
}

/// Which planes follow the 14 piece planes of each position: xiangqi's colour and no-capture
/// planes, or janggi's five (see [`PlaneLayout::write`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaneLayout {
    /// Xiangqi's planes.
    Xiangqi,
    /// Janggi's planes, the no-capture plane measured against `no_capture_scale` plies.
    Janggi {
        /// The no-capture count that fills the no-capture plane as 1.0.
        no_capture_scale: u32,
    },
}

impl PlaneLayout {
    /// The layout of a `variant` game played under `rules`: janggi's no-capture plane counts
    /// towards the rules' limit (100 plies, 200 in janggimodern; 100 when the rules have none).
    pub fn of(variant: Variant, rules: &xiangqi_core::Rules) -> PlaneLayout {
        if variant.is_janggi() {
            PlaneLayout::Janggi {
                no_capture_scale: rules
                    .no_capture_limit
                    .unwrap_or(JANGGI_NO_CAPTURE_LIMIT)
                    .max(1),
            }
        } else {
            PlaneLayout::Xiangqi
        }
    }

    /// How many planes `planes(history)` has: 14 piece planes per position, plus the colour and
    /// no-capture planes, and for janggi the pass plane and the two sides' counting points.
    pub fn count(self, history: usize) -> usize {
        14 * (history + 1)
            + match self {
                PlaneLayout::Xiangqi => 2,
                PlaneLayout::Janggi { .. } => 5,
            }
    }

    /// Writes the planes of a game (see `Board.planes`): `positions[0]` is the current
    /// position, the others earlier ones (newest first); missing history stays zero. `own` is
    /// the colour whose pieces fill planes 0..7 of each step; `mirror` flips ranks so that
    /// colour plays up the board. After the piece planes: a plane of ones when Red (Cho) is to
    /// move, the no-capture count as a fraction of the layout's scale; for janggi then a plane
    /// of ones when the last move was a pass (a pass now ends the game) and the counting points
    /// of `own` and of the other side ([`janggi::half_points`]: Han's 1.5 included). With
    /// `repeated` (how often the current position occurred before) a last plane holds it.
    #[inline]
    pub fn write<T: PlaneValue>(
        self,
        positions: &[&Position],
        history: usize,
        own: Color,
        mirror: bool,
        repeated: Option<u32>,
        out: &mut [T],
    ) {
        write_piece_planes(positions, history, own, mirror, out);
        let current = positions[0];
        let pieces = 14 * (history + 1);
        let plane = |k: usize| (pieces + k) * 90..(pieces + k + 1) * 90;
        if current.turn() == Color::Red {
            out[plane(0)].fill(T::ONE);
        }
        let scale = match self {
            PlaneLayout::Xiangqi => NO_CAPTURE_SCALE,
            PlaneLayout::Janggi { no_capture_scale } => no_capture_scale,
        };
        out[plane(1)].fill(T::progress(current.halfmoves(), scale));
        if let PlaneLayout::Janggi { .. } = self {
            if current.last_move_was_pass() {
                out[plane(2)].fill(T::ONE);
            }
            out[plane(3)].fill(T::points(janggi::half_points(current, own)));
            out[plane(4)].fill(T::points(janggi::half_points(current, !own)));
        }
        if let Some(earlier) = repeated {
            out[plane(self.count(history) - pieces)].fill(T::repeated(earlier));
        }
    }
}

/// The no-capture count that fills the xiangqi no-capture plane as 1.0 (the draw limit of
/// every preset).
pub const NO_CAPTURE_SCALE: u32 = 120;

/// The most counting points a janggi side can hold, in half points: Han's whole army (72
/// points) and its 1.5 points of compensation. The float32 points planes are divided by it.
pub const MAX_HALF_POINTS: u32 = 147;

/// A plane element type: `f32` or `u8`.
pub trait PlaneValue: Copy + Default + Send {
    /// The value of an occupied point.
    const ONE: Self;
    /// The value of the no-capture plane: `halfmoves` of `scale` (float) or the count (uint8).
    fn progress(halfmoves: u32, scale: u32) -> Self;
    /// The value of the repetition plane for a position seen `earlier` times before.
    fn repeated(earlier: u32) -> Self;
    /// The value of a janggi points plane for a side holding `half_points`.
    fn points(half_points: u32) -> Self;
}

impl PlaneValue for f32 {
    const ONE: f32 = 1.0;
    #[inline]
    fn progress(halfmoves: u32, scale: u32) -> f32 {
        (halfmoves as f32 / scale as f32).min(1.0)
    }
    fn repeated(earlier: u32) -> f32 {
        earlier.min(2) as f32 / 2.0
    }
    fn points(half_points: u32) -> f32 {
        (half_points as f32 / MAX_HALF_POINTS as f32).min(1.0)
    }
}

impl PlaneValue for u8 {
    const ONE: u8 = 1;
    #[inline]
    fn progress(halfmoves: u32, _scale: u32) -> u8 {
        halfmoves.min(255) as u8
    }
    fn repeated(earlier: u32) -> u8 {
        earlier.min(255) as u8
    }
    fn points(half_points: u32) -> u8 {
        half_points.min(255) as u8
    }
}

/// Clears `out` and writes the 14 piece planes of each position.
#[inline]
fn write_piece_planes<T: PlaneValue>(
    positions: &[&Position],
    history: usize,
    own: Color,
    mirror: bool,
    out: &mut [T],
) {
    out.fill(T::default());
    for (step, pos) in positions.iter().take(history + 1).enumerate() {
        let base = step * 14 * 90;
        for sq in pos.occupied() {
            if let Some(p) = pos.piece_at(sq) {
                let side = usize::from(p.color != own);
                let plane = side * 7 + p.role.index();
                let point = if mirror { sq.flip_rank() } else { sq };
                out[base + plane * 90 + point.index()] = T::ONE;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shape_encoding_has_2086_actions_made_of_the_four_move_families() {
        let mut lines = 0;
        let mut horse = 0;
        let mut advisor = 0;
        let mut elephant = 0;
        for i in 0..Encoding::Shapes2086.size() {
            let m = Encoding::Shapes2086.action_move(i, false).unwrap();
            let df = (m.from().file().index() as i32 - m.to().file().index() as i32).abs();
            let dr = (m.from().rank().index() as i32 - m.to().rank().index() as i32).abs();
            match (df, dr) {
                (0, _) | (_, 0) => lines += 1,
                (1, 2) | (2, 1) => horse += 1,
                (1, 1) => advisor += 1,
                (2, 2) => elephant += 1,
                other => panic!("unexpected shape {other:?} for {m}"),
            }
        }
        // Lines: each of the 90 points sees 8 others on its rank and 9 on its file.
        assert_eq!(lines, 90 * 17);
        // Advisors: 4 corner <-> centre diagonals, both ways, in 2 palaces.
        assert_eq!(advisor, 4 * 2 * 2);
        // Elephants: 8 diagonals between the 7 elephant points of a half, both ways, 2 halves.
        assert_eq!(elephant, 8 * 2 * 2);
        assert_eq!(horse, 508);
        assert_eq!(Encoding::Shapes2086.size(), 2086);
    }

    #[test]
    fn every_legal_move_of_random_games_has_an_index_in_both_encodings_and_round_trips() {
        let mut pos = Position::startpos();
        let mut rng = fastrand::Rng::with_seed(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                pos = Position::startpos();
                continue;
            }
            for &m in moves.iter() {
                for enc in [Encoding::Pairs8100, Encoding::Shapes2086] {
                    for mirror in [false, true] {
                        let i = enc.index(m, mirror).expect("every legal move has an index");
                        assert_eq!(enc.action_move(i, mirror), Some(m));
                    }
                }
            }
            pos.make_move(moves[rng.usize(..moves.len())]);
        }
    }

    #[test]
    fn the_first_shapes_follow_the_documented_order() {
        // From a0 (point 0) the targets sort by point index: the rank b0..i0 (1..8), then a1 (9),
        // the horse jump c1 (11), a2 (18) and the horse jump b2 (19).
        let names: Vec<String> = (0..12)
            .map(|i| {
                Encoding::Shapes2086
                    .action_move(i, false)
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_eq!(
            names,
            [
                "a0b0", "a0c0", "a0d0", "a0e0", "a0f0", "a0g0", "a0h0", "a0i0", "a0a1", "a0c1",
                "a0a2", "a0b2"
            ]
        );
    }

    #[test]
    fn black_moves_mirror_onto_red_shapes() {
        // Black's horse b9c7 is Red's b0c2 seen from the other side.
        let black = Move::new(Square::B9, Square::C7);
        let red = Move::new(Square::B0, Square::C2);
        for enc in [Encoding::Pairs8100, Encoding::Shapes2086] {
            assert_eq!(enc.index(black, true), enc.index(red, false));
        }
        assert_eq!(Encoding::Pairs8100.index(red, false), Some(90 + 2 * 9 + 2));
    }

    /// Random janggi games (`games` from each of the sixteen setups), every position.
    fn janggi_positions(games: usize, plies: usize, mut each: impl FnMut(&Position)) {
        use xiangqi_core::janggi::Arrangement;
        let mut rng = fastrand::Rng::with_seed(0x2545_f491_4f6c_dd1d);
        for cho in Arrangement::ALL {
            for han in Arrangement::ALL.into_iter().cycle().take(4 * games) {
                let mut pos = Position::janggi_start(cho, han);
                for _ in 0..plies {
                    each(&pos);
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.make_move(moves[rng.usize(..moves.len())]);
                }
            }
        }
    }

    #[test]
    fn the_janggi_encoding_has_the_four_move_families_and_the_pass() {
        let enc = Encoding::Janggi;
        let (mut lines, mut horse, mut elephant, mut diagonal) = (0, 0, 0, 0);
        let pass = enc.pass_action().unwrap();
        assert_eq!(pass, enc.size() - 1);
        for i in 0..pass {
            let m = enc.action_move(i, false).unwrap();
            let df = (m.from().file().index() as i32 - m.to().file().index() as i32).abs();
            let dr = (m.from().rank().index() as i32 - m.to().rank().index() as i32).abs();
            match (df, dr) {
                (0, _) | (_, 0) => lines += 1,
                (1, 2) | (2, 1) => horse += 1,
                (2, 3) | (3, 2) => elephant += 1,
                (1, 1) | (2, 2) => diagonal += 1,
                other => panic!("unexpected shape {other:?} for {m}"),
            }
        }
        assert_eq!(lines, 90 * 17);
        assert_eq!(horse, 508);
        // Elephants: files 2 apart (7 pairs each way) by ranks 3 apart (7 each way), and files 3
        // apart (6 each way) by ranks 2 apart (8 each way).
        assert_eq!(elephant, 14 * 14 + 12 * 16);
        // Per palace: 4 corner-centre steps each way and 4 corner-to-corner moves.
        assert_eq!(diagonal, 2 * (8 + 4));
        assert_eq!(enc.size(), 2451);
        assert_eq!(enc.action_move(pass, false), Some(Move::NULL));
        assert_eq!(enc.action_move(pass + 1, false), None);
    }

    #[test]
    fn every_legal_janggi_move_has_one_action_and_decodes_back() {
        let enc = Encoding::Janggi;
        let mut count = 0;
        janggi_positions(8, 200, |pos| {
            let mirror = pos.turn() == Color::Black;
            let mut seen = vec![false; enc.size()];
            for &m in pos.legal_moves().iter() {
                let i = enc
                    .index(m, mirror)
                    .expect("every legal move has an action");
                assert!(!seen[i], "two moves of {} share action {i}", pos.fen());
                seen[i] = true;
                assert_eq!(enc.decode(i, pos, mirror), Some(m));
                count += 1;
            }
        });
        assert!(count > 500_000, "{count}");
    }

    #[test]
    fn mark_sets_the_actions_index_gives() {
        let mut positions = Vec::new();
        janggi_positions(1, 60, |pos| positions.push(pos.clone()));
        let mut pos = Position::startpos();
        for i in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            positions.push(pos.clone());
            pos.make_move(moves[(i * 7) % moves.len()]);
        }
        for pos in &positions {
            let moves = pos.legal_moves();
            for enc in [Encoding::Pairs8100, Encoding::Shapes2086, Encoding::Janggi] {
                if !enc.fits(pos.variant()) {
                    continue;
                }
                for mirror in [false, true] {
                    let mut marked = vec![false; enc.size()];
                    enc.mark(&moves, mirror, &mut marked);
                    let mut indexed = vec![false; enc.size()];
                    for &m in moves.iter() {
                        indexed[enc.index(m, mirror).unwrap()] = true;
                    }
                    assert_eq!(marked, indexed, "{} {}", enc.name(), pos.fen());
                }
            }
        }
    }

    #[test]
    fn encodings_fit_their_own_game_only() {
        assert!(Encoding::Shapes2086.fits(Variant::Xiangqi));
        assert!(Encoding::Pairs8100.fits(Variant::Xiangqi));
        assert!(!Encoding::Shapes2086.fits(Variant::Janggi));
        for v in [
            Variant::Janggi,
            Variant::JanggiModern,
            Variant::JanggiCasual,
        ] {
            assert!(Encoding::Janggi.fits(v) && Encoding::of_variant(v) == Encoding::Janggi);
        }
        assert!(!Encoding::Janggi.fits(Variant::Xiangqi));
        // A xiangqi elephant's jump is no janggi shape.
        assert_eq!(
            Encoding::Janggi.index(Move::new(Square::C0, Square::E2), false),
            None
        );
    }

    #[test]
    fn the_points_planes_are_scaled_by_hans_whole_army() {
        let start = Position::start_of(Variant::Janggi);
        assert_eq!(janggi::half_points(&start, Color::Black), MAX_HALF_POINTS);
    }
}
