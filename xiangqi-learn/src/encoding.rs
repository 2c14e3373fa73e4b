//! Fixed action indexings: a move as an integer, for policy networks.
//!
//! Two xiangqi encodings map a move to an integer:
//!
//! - `"8100"`: `from * 90 + to`, every ordered pair of points (most never legal).
//! - `"2086"`: only the (from, to) shapes some piece could ever make: where core's move tables
//!   ([`attacks::moves`] on an empty board) take each piece of either side from every point it
//!   can stand on ([`xiangqi_core::reachable`]). That is every pair of distinct points on one
//!   file or one rank (chariot and cannon lines, which hold the general's and soldiers' steps),
//!   the horse's eight L-shapes, the advisors' palace diagonals and the elephants' two-point
//!   diagonals (both sides' palaces and halves). Sorted by `from * 90 + to`, so index 0 is
//!   `a0b0`. The count, 1530 line moves + 508 horse moves + 16 advisor moves + 32 elephant
//!   moves, is the 2086 of AlphaZero-style xiangqi projects.
//!
//! Janggi has one encoding, `"janggi"`: the (from, to) pairs some janggi piece could ever
//! make, as core's [`janggi_attacks::reach`] gives them from every point the piece can stand on
//! (1530 line moves, 508 horse moves, 388 elephant moves, 24 moves along the palace diagonals),
//! sorted by `from * 90 + to`, then the pass as the last action (2451 in all).
//!
//! In the side-to-move perspective Black's moves are mirrored (ranks flipped, files kept), so
//! both sides share one action space and one network sees every position as Red would.

use std::sync::LazyLock;
use xiangqi_core::attacks::{self, janggi as janggi_attacks};
use xiangqi_core::{
    janggi, reachable, Bitboard, Color, Move, Piece, Position, Role, Square, Variant,
};

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
    /// Every encoding: `"8100"`, `"2086"`, `"janggi"`.
    pub const ALL: [Encoding; 3] = [Encoding::Pairs8100, Encoding::Shapes2086, Encoding::Janggi];

    /// Parses `"8100"`, `"2086"` or `"janggi"`.
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

/// For each point, where some piece of either side standing there could ever go: the union of
/// `reach(piece, from)` over the pieces that can stand on `from`.
fn targets(
    can_stand: impl Fn(Piece, Square) -> bool,
    reach: impl Fn(Piece, Square) -> Bitboard,
) -> [Bitboard; 90] {
    let mut targets = [Bitboard::EMPTY; 90];
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            for from in Square::ALL {
                if can_stand(piece, from) {
                    for to in reach(piece, from) {
                        targets[from.index()].add(to);
                    }
                }
            }
        }
    }
    targets
}

/// Xiangqi's shapes: core's move tables on an empty board ([`attacks::moves`]: a cannon's
/// captures lie on its slides' lines) from every point each piece can stand on.
static SHAPES: LazyLock<Shapes> = LazyLock::new(|| {
    let targets = targets(reachable, |piece, from| {
        attacks::moves(piece, from, Bitboard::EMPTY)
    });
    Shapes::collect(|from, to| from != to && targets[from.index()].contains(to))
});

/// Janggi's shapes: where some piece of either side could ever go from a point it can stand
/// on, as core's janggi movement says (a cannon's jumps counted as a chariot's slides).
static JANGGI_SHAPES: LazyLock<Shapes> = LazyLock::new(|| {
    let targets = targets(janggi::reachable, janggi_attacks::reach);
    Shapes::collect(|from, to| from != to && targets[from.index()].contains(to))
});

/// Writes the legal-action mask of `pos` (cleared first) for the given encoding; `mask` holds
/// [`Encoding::size`] entries.
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

/// Writes the (10, 9) piece-code array, `out[rank * 9 + file]` (90 entries).
pub fn write_array(pos: &Position, out: &mut [i8]) {
    for sq in Square::ALL {
        out[sq.index()] = piece_code(pos.piece_at(sq));
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

    /// The geometry of xiangqi's moves as the rules state them, independent of core's tables:
    /// any two points on one line (chariot, cannon; the general's and soldiers' steps are
    /// among them), a horse's L anywhere, an advisor's step between a palace corner and its
    /// centre, an elephant's two-point diagonal inside one half from one of its seven points.
    fn rule_geometry(from: Square, to: Square) -> bool {
        let (f0, r0) = (from.file().index() as i32, from.rank().index() as i32);
        let (f1, r1) = (to.file().index() as i32, to.rank().index() as i32);
        let (df, dr) = ((f0 - f1).abs(), (r0 - r1).abs());
        let in_palace = |f: i32, r: i32| (3..=5).contains(&f) && (r <= 2 || r >= 7);
        let centre = |f: i32, r: i32| f == 4 && (r == 1 || r == 8);
        let half = |r: i32| r / 5;
        let elephant_point = |f: i32, r: i32| {
            let r = if r >= 5 { 9 - r } else { r };
            matches!((f, r), (2 | 6, 0 | 4) | (0 | 4 | 8, 2))
        };
        if from == to {
            return false;
        }
        df == 0
            || dr == 0
            || (df, dr) == (1, 2)
            || (df, dr) == (2, 1)
            || ((df, dr) == (1, 1)
                && in_palace(f0, r0)
                && in_palace(f1, r1)
                && (centre(f0, r0) || centre(f1, r1)))
            || ((df, dr) == (2, 2) && half(r0) == half(r1) && elephant_point(f0, r0))
    }

    #[test]
    fn the_2086_encoding_is_a_bijection_onto_the_rules_move_geometry() {
        let enc = Encoding::Shapes2086;
        let mut geometric = 0;
        for from in Square::ALL {
            for to in Square::ALL {
                let m = Move::new(from, to);
                match enc.index(m, false) {
                    Some(i) => {
                        assert!(rule_geometry(from, to), "{m} has action {i}");
                        assert_eq!(enc.action_move(i, false), Some(m));
                        geometric += 1;
                    }
                    None => assert!(!rule_geometry(from, to), "{m} has no action"),
                }
            }
        }
        assert_eq!(geometric, enc.size());
        // Every action decodes to a distinct move whose index is the action.
        for i in 0..enc.size() {
            let m = enc.action_move(i, false).unwrap();
            assert_eq!(enc.index(m, false), Some(i));
        }
        assert_eq!(enc.action_move(enc.size(), false), None);
    }

    /// The positions of a perft file of `data/perft` with their depth-1 and depth-2 counts.
    fn perft_positions(name: &str, variant: Variant) -> Vec<(Position, Vec<(u32, u64)>)> {
        let path = format!("{}/../data/perft/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        text.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|line| {
                let data = line.split(" # ").next().unwrap();
                let mut parts = data.split(';');
                let fen = parts.next().unwrap().trim();
                let pos = Position::from_fen_variant(fen, variant)
                    .unwrap_or_else(|e| panic!("{fen}: {e}"));
                let counts = parts
                    .map(|p| {
                        let (d, n) = p.trim().split_once(' ').unwrap();
                        (
                            d.trim_start_matches('D').parse().unwrap(),
                            n.parse().unwrap(),
                        )
                    })
                    .collect();
                (pos, counts)
            })
            .collect()
    }

    /// Every legal move of `pos` and of the positions one move on maps to a distinct action of
    /// `enc` from the side to move's view, and the action decodes back to the move; the move
    /// counts are the file's (D1, D2).
    fn check_perft_positions(name: &str, variant: Variant, enc: Encoding) {
        let cases = perft_positions(name, variant);
        assert!(cases.len() >= 20, "{name}: {} positions", cases.len());
        let mut checked = 0;
        let mut check = |pos: &Position| {
            let mirror = pos.turn() == Color::Black;
            let moves = pos.legal_moves();
            let mut seen = vec![false; enc.size()];
            for &m in moves.iter() {
                let i = enc
                    .index(m, mirror)
                    .unwrap_or_else(|| panic!("{m} of {} has no action", pos.fen()));
                assert!(!seen[i], "two moves of {} share action {i}", pos.fen());
                seen[i] = true;
                assert_eq!(enc.decode(i, pos, mirror), Some(m));
                checked += 1;
            }
            moves.len() as u64
        };
        for (pos, counts) in &cases {
            let d1 = check(pos);
            let mut d2 = 0;
            for &m in pos.legal_moves().iter() {
                let mut child = pos.clone();
                child.make_move(m);
                d2 += check(&child);
            }
            for &(depth, expected) in counts {
                match depth {
                    1 => assert_eq!(d1, expected, "{} D1", pos.fen()),
                    2 => assert_eq!(d2, expected, "{} D2", pos.fen()),
                    _ => {}
                }
            }
        }
        assert!(checked > 10_000, "{name}: {checked} moves");
    }

    #[test]
    fn every_legal_move_of_the_perft_suite_maps_to_an_action_and_back() {
        for enc in [Encoding::Shapes2086, Encoding::Pairs8100] {
            check_perft_positions("suite.epd", Variant::Xiangqi, enc);
        }
    }

    #[test]
    fn every_legal_move_of_the_janggi_perft_positions_maps_to_an_action_and_back() {
        check_perft_positions("janggi.epd", Variant::Janggi, Encoding::Janggi);
    }

    #[test]
    fn the_mask_is_the_set_of_legal_moves() {
        let mut pos = Position::startpos();
        let mut rng = fastrand::Rng::with_seed(5);
        let enc = Encoding::Shapes2086;
        let mut mask = vec![false; enc.size()];
        for _ in 0..300 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                pos = Position::startpos();
                continue;
            }
            let mirror = pos.turn() == Color::Black;
            write_mask(&pos, enc, mirror, &mut mask);
            let set: Vec<usize> = (0..enc.size()).filter(|&i| mask[i]).collect();
            assert_eq!(set.len(), moves.len());
            for i in set {
                let m = enc.decode(i, &pos, mirror).unwrap();
                assert!(pos.is_legal(m), "{m} in {}", pos.fen());
            }
            pos.make_move(moves[rng.usize(..moves.len())]);
        }
    }
}
