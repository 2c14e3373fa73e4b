//! Re-checking a puzzle file with a (deeper) search: every puzzle that fails is named with
//! the reason.

use crate::judge::{
    balance, goes_on, mate_within, solver_won, Budget, Judge, Verdict, MIN_REALIZED_GAIN,
};
use crate::record::PuzzleRecord;
use xiangqi_search::Score;

/// Why a puzzle fails.
pub type Failure = String;

/// Checks one puzzle: its FEN and line parse and are legal; its first move is the only
/// winning move; a mate puzzle mates in exactly its `mate-in-N` (each solver move keeps the
/// mate at the remaining length, the last one mates, no shorter mate exists); a gain
/// puzzle's every solver move is the best and only winning one and the material shows by the
/// end.
pub fn verify_one(judge: &mut Judge, p: &PuzzleRecord, budget: Budget) -> Result<(), Failure> {
    let (pos, moves) = p.parse()?;
    let lines = judge.lines(&pos, budget, 2);
    let verdict = Judge::verdict(&lines);
    let first = lines.first().ok_or("no legal move")?;
    let mut cur = pos.clone();
    match p.mate_in() {
        Some(n) => {
            if verdict != Verdict::Mate(n) {
                return Err(format!(
                    "first move: expected the only mate in {n}, the search says {verdict:?} ({} {})",
                    first.mv, first.score
                ));
            }
            if first.mv != moves[0] {
                return Err(format!("first move: the mate starts with {}", first.mv));
            }
            if moves.len() != 2 * n as usize - 1 {
                return Err(format!("mate in {n} needs {} moves in the line", 2 * n - 1));
            }
            if n <= 3 && mate_within(&mut pos.clone(), n - 1) {
                return Err(format!("a shorter mate than {n} exists"));
            }
            for (k, &mv) in moves.iter().enumerate() {
                if k % 2 == 0 {
                    let remaining = n as i32 - (k / 2) as i32;
                    if k > 0 {
                        let s = judge.score_of(&cur, mv, budget);
                        if s != Some(Score::Mate(remaining)) {
                            return Err(format!(
                                "solver move {} ({mv}) scores {s:?}, not mate in {remaining}",
                                k / 2 + 1
                            ));
                        }
                    }
                }
                cur.play(mv).map_err(|e| e.to_string())?;
            }
            if !solver_won(&cur, pos.turn()) {
                return Err("the line does not end in mate".into());
            }
        }
        None => {
            let solver = pos.turn();
            let start = balance(&pos, solver);
            if verdict != Verdict::Gain || first.mv != moves[0] {
                return Err(format!(
                    "first move: expected {} to be the only winning move, the search says {verdict:?} with {} {}",
                    moves[0], first.mv, first.score
                ));
            }
            for (k, &mv) in moves.iter().enumerate() {
                if k % 2 == 0 && k > 0 {
                    let lines = judge.lines(&cur, budget, 2);
                    let v = Judge::verdict(&lines);
                    if !matches!(v, Verdict::Gain | Verdict::Mate(_)) || lines[0].mv != mv {
                        return Err(format!(
                            "solver move {} ({mv}): the search says {v:?} with {}",
                            k / 2 + 1,
                            lines
                                .first()
                                .map_or("none".into(), |l| format!("{} {}", l.mv, l.score))
                        ));
                    }
                }
                cur.play(mv).map_err(|e| e.to_string())?;
            }
            if goes_on(&cur) {
                if let Some(reply) = judge.best(&cur, budget) {
                    cur.play(reply.mv).map_err(|e| e.to_string())?;
                }
                let gain = balance(&cur, solver) - start;
                if gain < MIN_REALIZED_GAIN {
                    return Err(format!("the line wins only {gain} (after the best reply)"));
                }
            }
        }
    }
    Ok(())
}

/// Verifies `puzzles` on `threads` threads; returns each puzzle's result, in order: the
/// record (with themes, level and daily flag worked out again when `refresh_records`), or why
/// it fails.
pub fn verify_all(
    puzzles: &[PuzzleRecord],
    budget: Budget,
    threads: usize,
    refresh_records: bool,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Result<PuzzleRecord, Failure>> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<Result<PuzzleRecord, Failure>>>> = puzzles
        .iter()
        .map(|_| std::sync::Mutex::new(None))
        .collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut judge = Judge::new(16);
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(p) = puzzles.get(i) else { break };
                    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        verify_one(&mut judge, p, budget)?;
                        if refresh_records {
                            refresh(&mut judge, p)
                        } else {
                            Ok(p.clone())
                        }
                    }))
                    .unwrap_or_else(|_| {
                        judge = Judge::new(16);
                        Err("the search failed".into())
                    });
                    if let Ok(mut slot) = results[i].lock() {
                        *slot = Some(r);
                    }
                    progress(i);
                }
            });
        }
    });
    results
        .into_iter()
        .map(|m| {
            m.into_inner()
                .ok()
                .flatten()
                .unwrap_or_else(|| Err("not checked".into()))
        })
        .collect()
}

/// The record with its themes, level and daily flag worked out again by the current tagger
/// and grader (for a puzzle that passed [`verify_one`]).
pub fn refresh(judge: &mut Judge, p: &PuzzleRecord) -> Result<PuzzleRecord, Failure> {
    let (pos, moves) = p.parse()?;
    let mate = p.mate_in();
    let solution = crate::judge::Solution {
        moves,
        mate,
        gain: 0,
        score: Score::Cp(0),
    };
    let level = judge.grade(&pos, solution.moves[0], mate.is_some());
    let mut out = crate::mine::make_record(&pos, &solution, level, &p.source);
    out.id = p.id.clone();
    Ok(out)
}
