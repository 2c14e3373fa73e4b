//! The judge on hand-made positions with one and with two winning moves, and mate lengths
//! against the Fairy-Stockfish-verified mates of `data/puzzles/mates.tsv`.

use xiangqi_core::{Move, Notation, Position};
use xiangqi_puzzles::judge::{mate_within, Budget, Judge, Rejection, Verdict};

const BUDGET: Budget = Budget::nodes(60_000);

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn mv(p: &Position, text: &str) -> Move {
    p.parse_move(text, Notation::Iccs).unwrap()
}

#[test]
fn one_mating_move_is_a_mate_puzzle() {
    // Red's chariot to d0 mates (d8 is on its file, e9 faces Red's general, the horse on g1
    // keeps Black's chariot from d1); a0a9 only checks. Any other move loses to Black's two
    // chariots.
    let p = pos("3k4r/9/9/9/9/9/9/9/6Nr1/R3K4 w - - 0 1");
    assert!(p.after(mv(&p, "a0d0")).unwrap().is_checkmate());
    assert!(!p.after(mv(&p, "a0a9")).unwrap().is_checkmate());
    let mut judge = Judge::new(4);
    let lines = judge.lines(&p, BUDGET, 2);
    assert_eq!(Judge::verdict(&lines), Verdict::Mate(1));
    let solution = judge.solve(&p, BUDGET).unwrap();
    assert_eq!(solution.moves, vec![mv(&p, "a0d0")]);
    assert_eq!(solution.mate, Some(1));
}

#[test]
fn two_mating_moves_are_not_a_puzzle() {
    // Either chariot mates on the d-file.
    let p = pos("3k4r/9/9/9/9/9/9/R8/6Nr1/R3K4 w - - 0 1");
    assert!(p.after(mv(&p, "a0d0")).unwrap().is_checkmate());
    assert!(p.after(mv(&p, "a2d2")).unwrap().is_checkmate());
    let mut judge = Judge::new(4);
    let lines = judge.lines(&p, BUDGET, 2);
    assert_eq!(Judge::verdict(&lines), Verdict::NotUnique);
    assert_eq!(judge.solve(&p, BUDGET), Err(Rejection::NotUnique));
}

#[test]
fn one_winning_capture_is_a_gain_puzzle() {
    // Red takes the chariot on a9; any other move loses its own chariot or leaves chariot against chariot.
    let p = pos("r2aka3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    let mut judge = Judge::new(4);
    let lines = judge.lines(&p, BUDGET, 2);
    eprintln!("{lines:?}");
    assert_eq!(lines[0].mv, mv(&p, "a0a9"));
    assert!(matches!(
        Judge::verdict(&lines),
        Verdict::Gain | Verdict::Mate(_)
    ));
    assert!(lines[1].score.sort_key() < 0, "{:?}", lines[1]);
    let solution = judge.solve(&p, BUDGET).unwrap();
    assert_eq!(solution.moves[0], mv(&p, "a0a9"));
}

#[test]
fn two_winning_captures_are_not_a_puzzle() {
    // The black chariot on a5 can be taken by the chariot on a0 or the one on i5.
    let p = pos("3k5/9/9/9/r7R/9/9/9/9/R3K4 w - - 0 1");
    assert!(p.is_legal(mv(&p, "a0a5")) && p.is_legal(mv(&p, "i5a5")));
    let mut judge = Judge::new(4);
    let lines = judge.lines(&p, BUDGET, 2);
    assert_eq!(Judge::verdict(&lines), Verdict::NotUnique);
    assert_eq!(judge.solve(&p, BUDGET), Err(Rejection::NotUnique));
}

#[test]
fn a_quiet_position_has_no_winning_move() {
    let mut judge = Judge::new(4);
    assert_eq!(
        judge.solve(&Position::startpos(), BUDGET),
        Err(Rejection::NotWinning)
    );
}

#[test]
fn exhaustive_mate_search_agrees_with_fairy_stockfish_lengths() {
    // mates.tsv: mate lengths verified with Fairy-Stockfish; columns id fen mate_in_moves ...
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/puzzles/mates.tsv"
    ))
    .unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let n: u32 = cols[2].parse().unwrap();
        if n > 3 {
            continue;
        }
        // A mate in n: the listed first move, then every reply leaves a mate in n - 1;
        // and no mate in n - 1 from the start.
        let mut p = pos(cols[1]);
        let first = mv(&p, cols[3].split_whitespace().next().unwrap());
        let mut after = p.after(first).unwrap();
        let replies = after.legal_moves();
        assert!(!replies.is_empty());
        for &r in replies.iter() {
            let undo = after.make_move(r);
            assert!(mate_within(&mut after, n - 1), "{}: {r} escapes", cols[0]);
            after.unmake_move(r, undo);
        }
        assert!(
            !mate_within(&mut p, n - 1),
            "{}: a mate in {}",
            cols[0],
            n - 1
        );
        checked += 1;
    }
    assert!(checked >= 3);
    // The exhaustive search also proves the hand-made mate in one.
    let mut p = pos("3k4r/9/9/9/9/9/9/9/6Nr1/R3K4 w - - 0 1");
    assert!(mate_within(&mut p, 1));
    assert!(!mate_within(
        &mut pos("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
        2
    ));
    eprintln!("{checked} short mates of mates.tsv checked");
}
