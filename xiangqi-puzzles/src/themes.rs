//! Theme tags of a solution.
//!
//! - `mate`, `mate-in-N` (N solver moves, exact), or `material-gain` with
//!   `wins-chariot` / `wins-horse` / `wins-cannon` / `wins-advisor` / `wins-elephant` /
//!   `wins-soldier` for the most valuable piece won net;
//! - the pieces the solver moves: `by-chariot`, `by-horse`, `by-cannon`, `by-soldier`,
//!   `by-advisor`, `by-elephant`, `by-general`;
//! - the phase of the game: `opening`, `middlegame`, `endgame` (by the attacking material on
//!   the board and the move number);
//! - motifs seen in the solver's moves: `discovered-check` (a check by a piece other than the
//!   one that moved, opened by the move), `double-check` (two checkers at once), `pin` (the
//!   first move, not a check, leaves an enemy piece other than the general shielding its
//!   general from one of the solver's pieces where it did not before), `fork` (the first move's piece attacks
//!   two or more enemy pieces worth a horse or more, or the general and one such piece),
//!   `sacrifice` (somewhere in the line the solver is behind the material it started with),
//!   `quiet-move` (the first move neither captures nor checks).

use crate::judge::{balance, Solution};
use xiangqi_core::{Color, Move, Position, Role};

/// Every theme name the tagger can give (without the `mate-in-N` family).
pub const THEMES: &[&str] = &[
    "mate",
    "material-gain",
    "wins-chariot",
    "wins-horse",
    "wins-cannon",
    "wins-advisor",
    "wins-elephant",
    "wins-soldier",
    "by-chariot",
    "by-horse",
    "by-cannon",
    "by-soldier",
    "by-advisor",
    "by-elephant",
    "by-general",
    "opening",
    "middlegame",
    "endgame",
    "discovered-check",
    "double-check",
    "pin",
    "fork",
    "sacrifice",
    "quiet-move",
];

/// Chariots count 4, horses and cannons 2, both sides: 32 at the start.
fn phase(pos: &Position) -> u32 {
    Color::ALL
        .iter()
        .map(|&c| {
            4 * pos.count(c, Role::Chariot)
                + 2 * pos.count(c, Role::Horse)
                + 2 * pos.count(c, Role::Cannon)
        })
        .sum()
}

/// The phase name of a position: `opening` up to move 12 with at least 28 of the 32 phase
/// points (chariot 4, horse and cannon 2) on the board, `endgame` at 14 or fewer, else
/// `middlegame`.
pub fn phase_name(pos: &Position) -> &'static str {
    let p = phase(pos);
    if p <= 14 {
        "endgame"
    } else if pos.fullmoves() <= 12 && p >= 28 {
        "opening"
    } else {
        "middlegame"
    }
}

/// A piece's worth as a fork target: core's material value, the general above everything.
fn value(role: Role) -> i32 {
    match role {
        Role::General => 10_000,
        _ => role.value(),
    }
}

/// The theme tags of `solution` from `pos`, in a fixed order.
pub fn themes(pos: &Position, solution: &Solution) -> Vec<String> {
    let solver = pos.turn();
    let mut tags: Vec<String> = Vec::new();
    if let Some(n) = solution.mate {
        tags.push("mate".into());
        tags.push(format!("mate-in-{n}"));
    } else {
        tags.push("material-gain".into());
    }

    // Walk the line: pieces used, captures, motifs.
    let mut cur = pos.clone();
    let start = balance(pos, solver);
    let mut won = [0i32; 7];
    let mut used = [false; 7];
    let mut discovered = false;
    let mut double = false;
    let mut sacrifice = false;
    for (i, &m) in solution.moves.iter().enumerate() {
        let Some(piece) = cur.piece_at(m.from()) else {
            break;
        };
        let captured = cur.piece_at(m.to());
        if i % 2 == 0 {
            used[piece.role.index()] = true;
            if let Some(c) = captured {
                won[c.role.index()] += 1;
            }
        } else if let Some(c) = captured {
            won[c.role.index()] -= 1;
        }
        if cur.play(m).is_err() {
            break;
        }
        if i % 2 == 0 {
            let checkers = cur.checkers();
            if checkers.more_than_one() {
                double = true;
            }
            if checkers.any() && is_discovered(&cur, m, checkers) {
                discovered = true;
            }
        } else if balance(&cur, solver) < start - 150 {
            sacrifice = true;
        }
    }
    if solution.mate.is_none() {
        if let Some(role) = [
            Role::Chariot,
            Role::Horse,
            Role::Cannon,
            Role::Advisor,
            Role::Elephant,
            Role::Soldier,
        ]
        .into_iter()
        .find(|r| won[r.index()] > 0)
        {
            tags.push(format!("wins-{}", role.name()));
        }
    }
    for role in Role::ALL {
        if used[role.index()] {
            tags.push(format!("by-{}", role.name()));
        }
    }
    tags.push(phase_name(pos).into());
    if discovered {
        tags.push("discovered-check".into());
    }
    if double {
        tags.push("double-check".into());
    }
    if let Some(&first) = solution.moves.first() {
        if let Ok(after) = pos.after(first) {
            if !after.is_check() && makes_pin(pos, &after) {
                tags.push("pin".into());
            }
            if is_fork(&after, first) {
                tags.push("fork".into());
            }
            if pos.piece_at(first.to()).is_none() && !after.is_check() {
                tags.push("quiet-move".into());
            }
        }
    }
    if sacrifice {
        tags.push("sacrifice".into());
    }
    tags
}

/// A check after `m` by a piece other than the one that moved, which the moved piece had been
/// blocking (not a cannon for which the moved piece became the screen).
fn is_discovered(after: &Position, m: Move, checkers: xiangqi_core::Bitboard) -> bool {
    let general = after.general(after.turn());
    let mut rest = checkers.without(m.to());
    while let Some(sq) = rest.pop_first() {
        let becomes_screen = after.piece_at(sq).is_some_and(|p| p.role == Role::Cannon)
            && xiangqi_core::attacks::between(sq, general).contains(m.to());
        if !becomes_screen {
            return true;
        }
    }
    false
}

/// Some enemy piece (not the general) newly shields its general.
fn makes_pin(before: &Position, after: &Position) -> bool {
    let defender = after.turn();
    let mut pieces = after.by_color(defender);
    while let Some(sq) = pieces.pop_first() {
        if after.piece_at(sq).is_some_and(|p| p.role == Role::General) {
            continue;
        }
        if after.shields_general(sq) && !before.shields_general(sq) {
            return true;
        }
    }
    false
}

/// The moved piece attacks two valuable enemy pieces (the general counting as one).
fn is_fork(after: &Position, m: Move) -> bool {
    let Some(piece) = after.piece_at(m.to()) else {
        return false;
    };
    let mut targets = 0;
    let mut enemies = after.by_color(!piece.color);
    while let Some(sq) = enemies.pop_first() {
        let Some(target) = after.piece_at(sq) else {
            continue;
        };
        let attacked = after.attackers(sq, piece.color).contains(m.to());
        // Worth at least the attacker (the general counting as the most), or undefended.
        let worth = value(target.role) >= value(piece.role).min(1000)
            || (target.role != Role::General && !after.attackers(sq, !piece.color).any());
        if attacked && value(target.role) >= 450 && worth {
            targets += 1;
        }
    }
    targets >= 2
}
