//! The fast move generator against a slow, independent one written from the rules alone:
//! a mailbox board, every piece's moves spelled out, legality by "play it and look whether the own
//! general can be captured (or faces the other general)". Random games from the start position and
//! from the perft suite positions; every position of every game must agree exactly.

use std::collections::BTreeSet;
use xiangqi_core::{Color, Move, Piece, Position, Role, Square};

type Board = [Option<Piece>; 90];

fn at(board: &Board, f: i32, r: i32) -> Option<Option<Piece>> {
    if (0..9).contains(&f) && (0..10).contains(&r) {
        Some(board[(r * 9 + f) as usize])
    } else {
        None
    }
}

fn in_palace(color: Color, f: i32, r: i32) -> bool {
    (3..=5).contains(&f) && if color == Color::Red { r <= 2 } else { r >= 7 }
}

/// Every move of `color` by the piece rules alone (own general's safety ignored).
fn pseudo_moves(board: &Board, color: Color) -> Vec<(i32, i32, i32, i32)> {
    let mut out = Vec::new();
    for r in 0..10 {
        for f in 0..9 {
            let Some(piece) = board[(r * 9 + f) as usize] else {
                continue;
            };
            if piece.color != color {
                continue;
            }
            let mut add = |tf: i32, tr: i32| match at(board, tf, tr) {
                Some(None) => out.push((f, r, tf, tr)),
                Some(Some(p)) if p.color != color => out.push((f, r, tf, tr)),
                _ => {}
            };
            match piece.role {
                Role::General => {
                    for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                        if in_palace(color, f + df, r + dr) {
                            add(f + df, r + dr);
                        }
                    }
                }
                Role::Advisor => {
                    for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        if in_palace(color, f + df, r + dr) {
                            add(f + df, r + dr);
                        }
                    }
                }
                Role::Elephant => {
                    for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        let (tf, tr) = (f + 2 * df, r + 2 * dr);
                        let own_side = if color == Color::Red {
                            tr <= 4
                        } else {
                            tr >= 5
                        };
                        if own_side && at(board, f + df, r + dr) == Some(None) {
                            add(tf, tr);
                        }
                    }
                }
                Role::Horse => {
                    for (lf, lr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                        if at(board, f + lf, r + lr) != Some(None) {
                            continue;
                        }
                        let (sf, sr) = (lr, lf); // sideways relative to the leg
                        add(f + 2 * lf + sf, r + 2 * lr + sr);
                        add(f + 2 * lf - sf, r + 2 * lr - sr);
                    }
                }
                Role::Chariot | Role::Cannon => {
                    for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                        let (mut tf, mut tr) = (f + df, r + dr);
                        let mut jumped = false;
                        while let Some(square) = at(board, tf, tr) {
                            match (square, piece.role, jumped) {
                                (None, _, false) => add(tf, tr),
                                (None, _, true) => {}
                                (Some(_), Role::Chariot, _) => {
                                    add(tf, tr);
                                    break;
                                }
                                (Some(_), _, false) => jumped = true,
                                (Some(_), _, true) => {
                                    add(tf, tr);
                                    break;
                                }
                            }
                            tf += df;
                            tr += dr;
                        }
                    }
                }
                Role::Soldier => {
                    let fwd = if color == Color::Red { 1 } else { -1 };
                    add(f, r + fwd);
                    let crossed = if color == Color::Red { r >= 5 } else { r <= 4 };
                    if crossed {
                        add(f - 1, r);
                        add(f + 1, r);
                    }
                }
            }
        }
    }
    out
}

fn general_of(board: &Board, color: Color) -> (i32, i32) {
    let i = board
        .iter()
        .position(|p| *p == Some(Piece::new(color, Role::General)))
        .expect("a general");
    ((i % 9) as i32, (i / 9) as i32)
}

/// `true` when `color`'s general can be captured by the other side, or the generals face.
fn general_exposed(board: &Board, color: Color) -> bool {
    let (kf, kr) = general_of(board, color);
    let (of, or) = general_of(board, color.other());
    if kf == of {
        let (lo, hi) = (kr.min(or), kr.max(or));
        if (lo + 1..hi).all(|r| board[(r * 9 + kf) as usize].is_none()) {
            return true;
        }
    }
    pseudo_moves(board, color.other())
        .iter()
        .any(|&(_, _, tf, tr)| (tf, tr) == (kf, kr))
}

fn reference_legal_moves(pos: &Position) -> BTreeSet<String> {
    let board = pos.to_setup().board;
    let us = pos.turn();
    pseudo_moves(&board, us)
        .into_iter()
        .filter(|&(f, r, tf, tr)| {
            let mut next = board;
            next[(tr * 9 + tf) as usize] = next[(r * 9 + f) as usize].take();
            !general_exposed(&next, us)
        })
        .map(|(f, r, tf, tr)| {
            format!(
                "{}{}{}{}",
                (b'a' + f as u8) as char,
                r,
                (b'a' + tf as u8) as char,
                tr
            )
        })
        .collect()
}

fn starting_positions() -> Vec<Position> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/perft/suite.epd");
    let text = std::fs::read_to_string(path).expect("perft suite");
    text.lines()
        .filter_map(|l| l.split(';').next())
        .filter(|f| !f.trim().is_empty())
        .map(|f| Position::from_fen(f.trim()).expect("suite FEN"))
        .collect()
}

#[test]
fn random_games_agree_with_reference_generator() {
    let mut rng = fastrand::Rng::with_seed(0x2545_f491_4f6c_dd1d);
    let mut positions_checked = 0;
    for (game, start) in starting_positions().iter().cycle().take(150).enumerate() {
        let mut pos = start.clone();
        for _ply in 0..(60 + game % 80) {
            let fast: BTreeSet<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            let slow = reference_legal_moves(&pos);
            assert_eq!(fast, slow, "{}", pos.fen());
            assert_eq!(
                pos.count_legal_moves() as usize,
                slow.len(),
                "{}",
                pos.fen()
            );
            assert_eq!(pos.has_legal_moves(), !slow.is_empty());
            let board = pos.to_setup().board;
            assert_eq!(
                pos.is_check(),
                general_exposed(&board, pos.turn()),
                "{}",
                pos.fen()
            );
            // Captures are exactly the legal moves onto an enemy piece.
            let captures: BTreeSet<String> =
                pos.legal_captures().iter().map(|m| m.to_string()).collect();
            let expected: BTreeSet<String> = slow
                .iter()
                .filter(|m| pos.is_capture(m.parse_move()))
                .cloned()
                .collect();
            assert_eq!(captures, expected, "{}", pos.fen());
            positions_checked += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.usize(..moves.len())];
            pos.play(m).expect("generated move is legal");
            assert!(pos.is_consistent(), "{}", pos.fen());
            assert_eq!(pos.hash(), pos.compute_hash(), "{}", pos.fen());
        }
    }
    assert!(positions_checked > 10_000, "{positions_checked}");
}

trait ParseMove {
    fn parse_move(&self) -> Move;
}
impl ParseMove for String {
    fn parse_move(&self) -> Move {
        let b = self.as_bytes();
        Move::new(
            Square::from_ascii(&b[0..2]).unwrap(),
            Square::from_ascii(&b[2..4]).unwrap(),
        )
    }
}

#[test]
fn is_legal_agrees_with_generation_for_every_move_value() {
    // Every one of the 90 x 90 from/to pairs in a few positions: is_legal must say yes exactly
    // for the generated moves.
    for pos in starting_positions().iter().take(12) {
        let legal: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
        for from in Square::ALL {
            for to in Square::ALL {
                let m = Move::new(from, to);
                assert_eq!(pos.is_legal(m), legal.contains(&m), "{} {m}", pos.fen());
            }
        }
    }
}

#[test]
fn make_unmake_restores_everything() {
    let mut rng = fastrand::Rng::with_seed(0x9e37_79b9_7f4a_7c15);
    for start in starting_positions() {
        let mut pos = start.clone();
        let mut stack = Vec::new();
        for _ in 0..100 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.usize(..moves.len())];
            stack.push((m, pos.make_move(m)));
        }
        while let Some((m, undo)) = stack.pop() {
            pos.unmake_move(m, undo);
        }
        assert_eq!(pos, start);
        assert_eq!(pos.hash(), start.hash());
        assert!(pos.is_consistent());
    }
}
