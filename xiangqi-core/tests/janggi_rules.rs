//! Janggi's rules one by one, on hand-made positions: movement (palace lines, cannon, elephant,
//! soldier, no flying general), the pass, bikjang, the endings (two passes, bikjang twice, the
//! no-capture limit, repetition, perpetual check) under each rule set, counting, the setups and
//! the reasons an illegal move is refused. Expected values follow the rules as issue 20 and
//! Fairy-Stockfish state them.

use xiangqi_core::janggi::{self, Arrangement};
use xiangqi_core::{
    Color, Game, IllegalMoveReason, Move, Position, Role, Rules, Square, Termination, Variant,
};

fn pos(fen: &str) -> Position {
    Position::from_fen_variant(fen, Variant::Janggi).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mv(text: &str) -> Move {
    xiangqi_core::notation::iccs::parse_coords(text, xiangqi_core::RankDialect::Zero).unwrap()
}

fn legal(p: &Position, text: &str) -> bool {
    p.is_legal(mv(text))
}

fn targets(p: &Position, from: Square) -> Vec<String> {
    let mut t: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == from && m.to() != from)
        .map(|m| m.to().to_string())
        .collect();
    t.sort();
    t
}

#[test]
fn general_and_guards_follow_the_palace_lines() {
    let p = pos("3k5/9/9/9/9/9/9/9/4K4/3A5 w - - 0 1");
    // From the centre: all eight neighbours (d0 holds the guard); a guard in a corner: its two
    // edges and the centre (the general's).
    assert_eq!(
        targets(&p, Square::E1),
        ["d1", "d2", "e0", "e2", "f0", "f1", "f2"]
    );
    assert_eq!(targets(&p, Square::D0), ["d1", "e0"]);
    let p = pos("4k4/9/9/9/9/9/9/9/3K5/3A5 w - - 0 1");
    // d1 is no line point: no diagonal from it.
    assert_eq!(targets(&p, Square::D1), ["d2", "e1"]);
    assert_eq!(targets(&p, Square::D0), ["e0", "e1"]);
}

#[test]
fn chariot_slides_along_the_palace_diagonals() {
    // From f7, a corner of Han's palace: through the empty centre e8 to d9.
    let p = pos("9/3k5/5R3/9/9/9/9/9/4K4/9 w - - 0 1");
    assert!(legal(&p, "f7e8") && legal(&p, "f7d9"));
    // The centre occupied (a guard): taken, nothing beyond.
    let p = pos("9/3ka4/5R3/9/9/9/9/9/4K4/9 w - - 0 1");
    assert!(legal(&p, "f7e8") && !legal(&p, "f7d9"));
    assert_eq!(
        p.illegal_reason(mv("f7d9")),
        Some(IllegalMoveReason::PathBlocked)
    );
    // Outside the palace, rook moves only.
    let p = pos("9/3k5/9/9/9/9/9/9/4K4/R8 w - - 0 1");
    assert_eq!(
        p.illegal_reason(mv("a0b1")),
        Some(IllegalMoveReason::NotHowItMoves)
    );
}

#[test]
fn cannon_never_jumps_or_takes_a_cannon() {
    // c0 cannon: the c3 soldier screens, c4..c8 open, the c9 chariot taken.
    let p = pos("2rk5/9/9/9/9/9/2P6/9/4K4/2C6 w - - 0 1");
    assert_eq!(
        targets(&p, Square::C0),
        ["c4", "c5", "c6", "c7", "c8", "c9"]
    );
    // A cannon never moves without a screen.
    assert!(!legal(&p, "c0c1"));
    // The screen a cannon: no jump.
    let p = pos("2rk5/9/9/9/9/9/2c6/9/4K4/2C6 w - - 0 1");
    assert!(targets(&p, Square::C0).is_empty());
    // The far piece a cannon: not taken.
    let p = pos("2ck5/9/9/9/9/9/2P6/9/4K4/2C6 w - - 0 1");
    assert_eq!(targets(&p, Square::C0), ["c4", "c5", "c6", "c7", "c8"]);
    // Along the palace diagonal over a non-cannon at the centre.
    let p = pos("5r3/4ak3/3C5/9/9/9/9/9/9/4K4 w - - 0 1");
    assert!(legal(&p, "d7f9"));
    let p = pos("5r3/4ck3/3C5/9/9/9/9/9/9/4K4 w - - 0 1");
    assert!(!legal(&p, "d7f9"));
    assert_eq!(
        p.illegal_reason(mv("d7f9")),
        Some(IllegalMoveReason::CannonNeedsScreen)
    );
}

#[test]
fn elephant_steps_one_then_two_diagonally_and_crosses_the_river() {
    let p = pos("4k4/9/9/9/9/4B4/9/9/9/3K5 w - - 0 1");
    assert_eq!(targets(&p, Square::E4).len(), 8);
    assert!(legal(&p, "e4g7") && legal(&p, "e4c1") && legal(&p, "e4b6"));
    // Blocked at the first point (e5) and at the second (f6).
    let p = pos("4k4/9/9/9/4p4/4B4/9/9/9/3K5 w - - 0 1");
    assert!(!legal(&p, "e4g7") && !legal(&p, "e4c7"));
    assert_eq!(
        p.illegal_reason(mv("e4g7")),
        Some(IllegalMoveReason::PathBlocked)
    );
    let p = pos("4k4/9/9/5p3/9/4B4/9/9/9/3K5 w - - 0 1");
    assert!(!legal(&p, "e4g7") && legal(&p, "e4c7"));
    assert_eq!(
        p.illegal_reason(mv("e4e6")),
        Some(IllegalMoveReason::NotHowItMoves)
    );
}

#[test]
fn soldiers_go_forward_or_sideways_and_diagonally_in_the_palace() {
    let p = pos("4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1");
    assert_eq!(targets(&p, Square::E3), ["d3", "e4", "f3"]);
    assert_eq!(
        p.illegal_reason(mv("e3e2")),
        Some(IllegalMoveReason::NotHowItMoves)
    );
    let p = pos("5k3/9/3P5/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(targets(&p, Square::D7), ["c7", "d8", "e7", "e8"]);
    // Han's soldiers go down the board, into Cho's palace the same way.
    let p = pos("4k4/9/9/9/9/9/9/5p3/9/3K5 b - - 0 1");
    assert_eq!(targets(&p, Square::F2), ["e1", "e2", "f1", "g2"]);
}

#[test]
fn horses_move_as_in_xiangqi() {
    let p = pos("4k4/9/9/9/9/9/9/9/1N7/3K5 w - - 0 1");
    assert_eq!(targets(&p, Square::B1), ["a3", "c3", "d2"]); // d0: its own general
}

#[test]
fn no_flying_general_and_the_pass() {
    // Facing generals attack nothing in janggi: no check, and the pass is legal.
    let p = pos("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert!(!p.is_check());
    assert!(p.legal_moves().contains(&p.pass_move()));
    assert_eq!(p.pass_move(), mv("e0e0"));
    let after = p.after(p.pass_move()).unwrap();
    assert_eq!(after.fen(), "3k5/9/9/9/9/9/9/9/9/4K4 b - - 1 1");
    assert!(after.last_move_was_pass());
    // In check the pass is refused.
    let p = pos("4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1");
    assert!(p.is_check() && !legal(&p, "d0d0"));
    assert_eq!(
        p.illegal_reason(mv("d0d0")),
        Some(IllegalMoveReason::LeavesGeneralAttacked)
    );
    // A pass from any other point is no move.
    assert!(!legal(&p, "a0a0"));
    // Xiangqi knows no pass.
    let x = Position::startpos();
    assert!(!x.is_legal(x.pass_move()));
}

#[test]
fn bikjang_restricts_moves_and_allows_the_pass_in_check() {
    let p = pos("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert!(p.is_bikjang());
    // The general must leave the file, or pass; e1 keeps the facing.
    let mut moves: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    assert_eq!(moves, ["e0d0", "e0e0", "e0f0"]);
    assert_eq!(
        p.illegal_reason(mv("e0e1")),
        Some(IllegalMoveReason::GeneralsFace)
    );
    // In bikjang and in check (from the d0 chariot) the pass stays legal.
    let p = pos("4k4/9/9/9/9/9/9/9/9/3rK4 w - - 0 1");
    assert!(p.is_bikjang() && p.is_check());
    assert!(p.legal_moves().contains(&p.pass_move()));
    // Without the bikjang rule (janggimodern, janggicasual) facing generals are nothing.
    for variant in [Variant::JanggiModern, Variant::JanggiCasual] {
        let q = Position::from_fen_variant("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", variant).unwrap();
        assert!(!q.is_bikjang());
        assert!(q.is_legal(mv("e0e1")));
        let r = Position::from_fen_variant("4k4/9/9/9/9/9/9/9/9/3rK4 w - - 0 1", variant).unwrap();
        assert!(!r.is_legal(r.pass_move()));
    }
}

fn play(game: &mut Game, moves: &[&str]) {
    for text in moves {
        let m = mv(text);
        game.push(m).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn two_passes_end_the_game_by_counting_or_as_a_draw() {
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"; // Cho has a chariot: 13 to 1.5
    let mut game = Game::of_variant(Variant::Janggi, Some(fen)).unwrap();
    play(&mut game, &["e0e0"]);
    assert_eq!(game.outcome(), None);
    play(&mut game, &["d9d9"]);
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.termination, o.winner),
        (Termination::DoublePass, Some(Color::Red))
    );
    assert!(game.position().legal_moves().is_empty());
    assert_eq!(game.push(mv("a0a1")).unwrap_err().mv, mv("a0a1"));
    assert_eq!(
        game.position().illegal_reason(mv("a0a1")),
        Some(IllegalMoveReason::GameOver)
    );
    // Taken back, the game goes on.
    game.pop();
    assert_eq!(game.outcome(), None);
    let mut game = Game::of_variant(Variant::JanggiTraditional, Some(fen)).unwrap();
    play(&mut game, &["e0e0", "d9d9"]);
    let o = game.outcome().unwrap();
    assert_eq!((o.termination, o.winner), (Termination::DoublePass, None));
    // Pass, move, pass: no ending.
    let mut game = Game::of_variant(Variant::Janggi, Some(fen)).unwrap();
    play(&mut game, &["e0e0", "d9d8", "e0e0"]);
    assert_eq!(game.outcome(), None);
}

#[test]
fn bikjang_twice_ends_the_game() {
    // Cho's d0e0 makes bikjang; Han passes, and bikjang stands on two plies.
    let fen = "4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1";
    let mut game = Game::of_variant(Variant::Janggi, Some(fen)).unwrap();
    play(&mut game, &["d0e0"]);
    assert!(game.position().is_bikjang());
    assert_eq!(game.outcome(), None);
    play(&mut game, &["e9e9"]);
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.termination, o.winner),
        (Termination::Bikjang, Some(Color::Red))
    );
    // Traditional rules: a draw. Breaking the bikjang instead: the game goes on.
    let mut game = Game::of_variant(Variant::JanggiTraditional, Some(fen)).unwrap();
    play(&mut game, &["d0e0", "e9e9"]);
    assert_eq!(game.outcome().unwrap().winner, None);
    let mut game = Game::of_variant(Variant::Janggi, Some(fen)).unwrap();
    play(&mut game, &["d0e0", "e9d9"]);
    assert_eq!(game.outcome(), None);
    // Without the rule, no ending.
    let mut game = Game::of_variant(Variant::JanggiCasual, Some(fen)).unwrap();
    play(&mut game, &["d0e0", "e9e9"]);
    assert_eq!(game.outcome(), None);
}

#[test]
fn counting() {
    assert_eq!(janggi::counting_value(Role::Chariot), 13);
    assert_eq!(janggi::counting_value(Role::Cannon), 7);
    assert_eq!(janggi::counting_value(Role::Horse), 5);
    assert_eq!(janggi::counting_value(Role::Elephant), 3);
    assert_eq!(janggi::counting_value(Role::Advisor), 3);
    assert_eq!(janggi::counting_value(Role::Soldier), 2);
    // Equal material: Han's 1.5 decides. Cho a soldier (2) up: Cho by half a point.
    let even = pos("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(janggi::counting_winner(&even), Color::Black);
    let up = pos("3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1");
    assert_eq!(janggi::half_points(&up, Color::Red), 4);
    assert_eq!(janggi::half_points(&up, Color::Black), 3);
    assert_eq!(janggi::counting_winner(&up), Color::Red);
}

#[test]
fn no_capture_limit_is_decided_by_counting() {
    // 99 plies without a capture; the 100th ends it, Han ahead on points.
    let fen = "3k5/9/9/9/8r/9/9/9/9/4K4 w - - 99 80";
    let mut game = Game::of_variant(Variant::Janggi, Some(fen)).unwrap();
    assert_eq!(game.outcome(), None);
    play(&mut game, &["e0f0"]);
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.termination, o.winner),
        (Termination::MoveLimit, Some(Color::Black))
    );
    assert_eq!(Rules::janggi(Variant::Janggi).no_capture_limit, Some(100));
    // janggimodern waits 200 plies.
    let mut game = Game::of_variant(Variant::JanggiModern, Some(fen)).unwrap();
    play(&mut game, &["e0f0"]);
    assert_eq!(game.outcome(), None);
}

#[test]
fn repetition_perpetual_check_loses_else_counting() {
    // A shuffle without checks: a repetition, decided by counting (Cho's chariot).
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    let mut game = Game::of_variant(Variant::Janggi, Some(fen)).unwrap();
    let cycle = ["a0a1", "d9d8", "a1a0", "d8d9"];
    play(&mut game, &cycle);
    play(&mut game, &cycle);
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.termination, o.winner),
        (Termination::Repetition, Some(Color::Red))
    );
    // janggimodern: a third occurrence is not yet a repetition, a fourth is.
    let mut game = Game::of_variant(Variant::JanggiModern, Some(fen)).unwrap();
    play(&mut game, &cycle);
    play(&mut game, &cycle);
    assert_eq!(game.outcome(), None);
    play(&mut game, &cycle);
    assert_eq!(game.outcome().unwrap().termination, Termination::Repetition);
    // Perpetual check: Cho's chariot checks on every move and loses.
    let fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
    let mut game = Game::of_variant(Variant::Janggi, Some(fen)).unwrap();
    let checks = [
        "a0a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9",
    ];
    play(&mut game, &checks);
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.termination, o.winner),
        (Termination::PerpetualCheck, Some(Color::Black))
    );
}

#[test]
fn checkmate_ends_the_game() {
    // Han's general on f9: the e8 soldier covers e9, f8 and f9; the d7 soldier guards e8.
    let fen = "5k3/4P4/3P5/9/9/9/9/9/4A4/4K4 b - - 0 1";
    let game = Game::of_variant(Variant::Janggi, Some(fen)).unwrap();
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.termination, o.winner),
        (Termination::Checkmate, Some(Color::Red))
    );
}

#[test]
fn sixteen_setups() {
    let mut fens = std::collections::HashSet::new();
    for cho in Arrangement::ALL {
        for han in Arrangement::ALL {
            let p = Position::janggi_start(cho, han);
            assert_eq!(p.legal_moves().len(), 32);
            assert_eq!(p.variant(), Variant::Janggi);
            fens.insert(p.board_fen());
            // Han's arrangement read from Han's own left (file h) to right (file b).
            let roles: Vec<Role> = [Square::H9, Square::G9, Square::C9, Square::B9]
                .iter()
                .map(|&sq| p.piece_at(sq).unwrap().role)
                .collect();
            assert_eq!(roles, han.roles());
            let roles: Vec<Role> = [Square::B0, Square::C0, Square::G0, Square::H0]
                .iter()
                .map(|&sq| p.piece_at(sq).unwrap().role)
                .collect();
            assert_eq!(roles, cho.roles());
        }
    }
    assert_eq!(fens.len(), 16);
    assert_eq!(
        Position::janggi_start(Arrangement::MaSangSangMa, Arrangement::MaSangSangMa).fen(),
        janggi::STARTING_FEN
    );
    for a in Arrangement::ALL {
        assert_eq!(a.korean().parse::<Arrangement>(), Ok(a));
        assert_eq!(a.name().parse::<Arrangement>(), Ok(a));
    }
    assert!("sang-ma-ma-sang".parse::<Arrangement>().is_ok());
    assert!("마마상상".parse::<Arrangement>().is_err());
}

#[test]
fn fen_reads_both_spellings_and_checks_janggi_points() {
    let a = pos("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1");
    let b = pos("rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1");
    assert_eq!(a, b);
    // An elephant across the river is fine in janggi; a guard outside the palace is not.
    assert!(Position::from_fen_variant("4k4/9/9/4B4/9/9/9/9/9/4K4 w", Variant::Janggi).is_ok());
    assert!(Position::from_fen_variant("4k4/9/9/4A4/9/9/9/9/9/4K4 w", Variant::Janggi).is_err());
    // A soldier behind its starting rank can never stand there.
    assert!(Position::from_fen_variant("4k4/9/9/9/9/9/9/4P4/9/3K5 w", Variant::Janggi).is_err());
}

/// The generator spares the general-safety test of the moves that cannot expose the general;
/// `is_legal` tests every move. Over random games from all sixteen setups (checks, bikjang and
/// passes among them), the legal moves listed are exactly the moves of the side to move that
/// `is_legal` accepts, and `gives_check` (which skips the same way) says of each whether the
/// position after it is check.
#[test]
fn the_generator_lists_exactly_the_moves_is_legal_accepts() {
    let mut rng = fastrand::Rng::with_seed(20);
    let mut positions = 0;
    for game in 0..64 {
        let (cho, han) = (Arrangement::ALL[game % 4], Arrangement::ALL[(game / 4) % 4]);
        let mut p = Position::janggi_start(cho, han);
        for _ in 0..160 {
            let listed = p.legal_moves();
            let mut accepted: Vec<Move> = Vec::new();
            for from in p.by_color(p.turn()) {
                for to in Square::ALL {
                    let m = Move::new(from, to);
                    if p.is_legal(m) {
                        accepted.push(m);
                    }
                }
            }
            let mut sorted = listed.to_vec();
            sorted.sort_by_key(|m| (m.from() as u32, m.to() as u32));
            accepted.sort_by_key(|m| (m.from() as u32, m.to() as u32));
            assert_eq!(sorted, accepted, "{}", p.fen());
            for &m in listed.iter() {
                let mut after = p.clone();
                after.make_move(m);
                assert_eq!(p.gives_check(m), after.is_check(), "{m} in {}", p.fen());
            }
            positions += 1;
            if listed.is_empty() || p.janggi_ending().is_some() {
                break;
            }
            p.play(listed[rng.usize(..listed.len())])
                .expect("a listed move is legal");
        }
    }
    assert!(positions > 5_000, "{positions}");
}
