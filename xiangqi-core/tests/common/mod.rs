//! What several test files share: seeded random positions for the notation and PGN tests, the
//! perft files of `data/perft`.

#![allow(dead_code)]

use xiangqi_core::{reachable, Color, Move, Piece, Position, Role, Setup, Square};

/// The seeded generator of the tests: `Rng::with_seed(n)`.
pub type Rng = fastrand::Rng;

/// A random game from the start position: up to `plies` random legal moves. Returns the moves.
pub fn random_game(rng: &mut Rng, plies: usize) -> Vec<Move> {
    random_game_from(&Position::startpos(), rng, plies)
}

/// A random game from `start`: up to `plies` random legal moves. Returns the moves.
pub fn random_game_from(start: &Position, rng: &mut Rng, plies: usize) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.usize(..legal.len())];
        pos.make_move(m);
        moves.push(m);
    }
    moves
}

/// Every position met along `count` random games of up to `plies` plies.
pub fn random_game_positions(seed: u64, count: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng::with_seed(seed);
    let mut out = Vec::new();
    for _ in 0..count {
        let mut pos = Position::startpos();
        for m in random_game(&mut rng, plies) {
            out.push(pos.clone());
            pos.make_move(m);
        }
    }
    out
}

/// A random legal position with soldiers crowded on few files (three, four or five on one file,
/// several on two files), tandem chariots, horses and cannons, for the rarer notation forms.
pub fn random_crowded_position(rng: &mut Rng) -> Position {
    loop {
        let mut setup = Setup::empty();
        setup.turn = if rng.usize(..2) == 0 {
            Color::Red
        } else {
            Color::Black
        };
        let mut ok = true;
        for color in Color::ALL {
            let general = Piece::new(color, Role::General);
            let palace: Vec<Square> = Square::ALL
                .iter()
                .copied()
                .filter(|&sq| reachable(general, sq))
                .collect();
            setup.set(palace[rng.usize(..palace.len())], Some(general));
            // Soldiers: pick one or two files and stack them there.
            let files = [rng.usize(..9), rng.usize(..9)];
            for _ in 0..rng.usize(..6) {
                let file = files[rng.usize(..2)];
                let piece = Piece::new(color, Role::Soldier);
                let spots: Vec<Square> = Square::ALL
                    .iter()
                    .copied()
                    .filter(|&sq| {
                        sq.file().index() == file
                            && reachable(piece, sq)
                            && setup.piece_at(sq).is_none()
                    })
                    .collect();
                if spots.is_empty() {
                    continue;
                }
                setup.set(spots[rng.usize(..spots.len())], Some(piece));
            }
            for role in [
                Role::Advisor,
                Role::Elephant,
                Role::Horse,
                Role::Chariot,
                Role::Cannon,
            ] {
                let piece = Piece::new(color, role);
                let file = rng.usize(..9);
                for _ in 0..rng.usize(..3) {
                    // Half of the time on a shared file, to make tandem pieces.
                    let anywhere = rng.bool();
                    let spots: Vec<Square> = Square::ALL
                        .iter()
                        .copied()
                        .filter(|&sq| {
                            reachable(piece, sq)
                                && setup.piece_at(sq).is_none()
                                && (anywhere || sq.file().index() == file)
                        })
                        .collect();
                    if spots.is_empty() {
                        ok = false;
                        break;
                    }
                    setup.set(spots[rng.usize(..spots.len())], Some(piece));
                }
            }
        }
        if !ok {
            continue;
        }
        if let Ok(pos) = Position::from_setup(setup) {
            if pos.has_legal_moves() {
                return pos;
            }
        }
    }
}

/// Adds random variations to `tree`: up to a dozen, each of one to six random legal moves from
/// a random node, a third of the moves with a comment.
pub fn add_random_variations(tree: &mut xiangqi_core::pgn::GameTree, rng: &mut Rng) {
    for _ in 0..rng.usize(..12) {
        let nodes: Vec<_> = tree.nodes().collect();
        let mut node = nodes[rng.usize(..nodes.len())];
        let mut pos = tree.position(node);
        for _ in 0..1 + rng.usize(..6) {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.usize(..legal.len())];
            node = tree.add_variation(node, m).unwrap();
            pos.make_move(m);
            if rng.usize(..3) == 0 {
                tree.set_comment(node, Some(format!("comment {}", rng.usize(..1000))));
            }
        }
    }
}

/// A position of a perft file: its FEN, the leaf count at each depth given, and the comment
/// after ` # ` (empty when none).
pub struct PerftCase {
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
    pub comment: String,
}

/// The positions of `data/perft/<name>`: lines `FEN ;D1 n ;D2 n ... [# comment]`, blank lines
/// and lines starting with `#` skipped.
pub fn perft_cases(name: &str) -> Vec<PerftCase> {
    let path = format!("{}/../data/perft/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (data, comment) = line.split_once(" # ").unwrap_or((line, ""));
            let mut parts = data.split(';');
            let fen = parts.next().unwrap().trim().to_owned();
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').expect("Dn count");
                    (
                        d.trim_start_matches('D').parse().unwrap(),
                        n.parse().unwrap(),
                    )
                })
                .collect();
            PerftCase {
                fen,
                counts,
                comment: comment.to_owned(),
            }
        })
        .collect()
}
