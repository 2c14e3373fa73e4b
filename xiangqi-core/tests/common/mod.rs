//! Seeded random positions for the notation and PGN tests.

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
