//! The shipped puzzle set: its format, its attribution, a sample re-verified by the deep
//! search (`make puzzles-verify` re-verifies all of it), and every puzzle judged by
//! Fairy-Stockfish's recorded lines (`data/puzzles/puzzles-fsf.tsv`).

use std::collections::HashSet;
use xiangqi_puzzles::judge::Budget;
use xiangqi_puzzles::record::{self, PuzzleRecord};
use xiangqi_puzzles::second_line::{self, EngineLines};
use xiangqi_puzzles::verify::verify_one;
use xiangqi_puzzles::Judge;

/// The budget the shipped set was verified with.
const SHIPPED_BUDGET: Budget = Budget::nodes(600_000);
/// Puzzles re-verified here, spread over the file.
const SAMPLE: usize = 20;
/// The share of the shipped set that must be unambiguous by Fairy-Stockfish's lines.
const MIN_UNAMBIGUOUS: f64 = 0.97;

fn shipped() -> (Vec<String>, Vec<PuzzleRecord>) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/puzzles/puzzles.tsv"
    ))
    .unwrap();
    let (comments, rows) = record::read_file(&text);
    let records = rows
        .into_iter()
        .map(|(line, r)| r.unwrap_or_else(|e| panic!("line {line}: {e}")))
        .collect();
    (comments, records)
}

#[test]
fn the_file_is_well_formed_and_attributed() {
    let (comments, puzzles) = shipped();
    // The attribution the corpus licence asks for (../shared/corpus/README.md).
    let attribution =
        "Yu-Han Tseng and Bo-Nian Chen (2026). Chinese Chess Practical Dataset (CCPD). \
                       github.com/Yvonne761/Chinese-Chess-Practical-Dataset, CC BY 4.0";
    assert!(
        comments.iter().any(|c| c.contains(attribution)),
        "{comments:?}"
    );
    let mut ids = HashSet::new();
    let mut boards = HashSet::new();
    for p in &puzzles {
        assert!(ids.insert(p.id.clone()), "duplicate id {}", p.id);
        let (pos, moves) = p.parse().unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert!(
            boards.insert(pos.board_fen() + &pos.turn().fen_char().to_string()),
            "{}: duplicate position",
            p.id
        );
        assert_eq!(p.id, record::id_of(&pos), "{}", p.id);
        assert_eq!(p.daily, record::is_daily(p.level, moves.len()), "{}", p.id);
        if let Some(n) = p.mate_in() {
            assert_eq!(moves.len(), 2 * n as usize - 1, "{}", p.id);
            let mut end = pos.clone();
            for &m in &moves {
                end.play(m).unwrap();
            }
            assert!(!end.has_legal_moves(), "{}: the line does not mate", p.id);
        } else {
            assert!(p.themes.iter().any(|t| t == "material-gain"), "{}", p.id);
        }
        assert!(
            p.source.contains("(CC BY 4.0)") || p.source.contains("(MIT OR Apache-2.0)"),
            "{}: {}",
            p.id,
            p.source
        );
    }
}

#[test]
fn enough_for_a_year_of_daily_puzzles_from_both_kinds_of_games() {
    let (_, puzzles) = shipped();
    assert!(puzzles.len() >= 1000, "{} puzzles", puzzles.len());
    let daily = puzzles.iter().filter(|p| p.daily).count();
    assert!(
        daily >= 366,
        "{daily} daily puzzles: a year would repeat some"
    );
    let master = puzzles
        .iter()
        .filter(|p| p.source.starts_with("CCPD/"))
        .count();
    let engine = puzzles
        .iter()
        .filter(|p| p.source.starts_with("engine/"))
        .count();
    assert_eq!(master + engine, puzzles.len());
    assert!(
        master > 0 && engine > 0,
        "{master} from master games, {engine} from engine games"
    );
    let mates = puzzles.iter().filter(|p| p.mate_in().is_some()).count();
    assert!(
        mates > 0 && mates < puzzles.len(),
        "{mates} mates: one kind only"
    );
}

#[test]
fn a_sample_passes_the_deep_search() {
    let (_, puzzles) = shipped();
    let step = (puzzles.len() / SAMPLE).max(1);
    let mut judge = Judge::new(16);
    let mut failures = Vec::new();
    for p in puzzles.iter().step_by(step).take(SAMPLE) {
        if let Err(why) = verify_one(&mut judge, p, SHIPPED_BUDGET) {
            failures.push(format!("{}: {why}", p.id));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Fairy-Stockfish's recorded lines: the comment lines and the rows.
fn fairy_stockfish_lines() -> (Vec<String>, Vec<EngineLines>) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/puzzles/puzzles-fsf.tsv"
    ))
    .unwrap();
    let (comments, rows) = second_line::read_file(&text);
    let lines = rows
        .into_iter()
        .map(|(line, r)| r.unwrap_or_else(|e| panic!("puzzles-fsf.tsv line {line}: {e}")))
        .collect();
    (comments, lines)
}

#[test]
fn fairy_stockfish_finds_one_good_first_move_in_the_shipped_set() {
    let (_, puzzles) = shipped();
    let (comments, lines) = fairy_stockfish_lines();
    // The lines are an independent engine's, at the settings the README states.
    let engine = comments.iter().find(|c| c.starts_with("engine:"));
    let engine = engine.unwrap_or_else(|| panic!("no engine comment: {comments:?}"));
    assert!(engine.contains("Fairy-Stockfish"), "{engine}");
    assert!(
        engine.contains("MultiPV 2") && engine.contains("go movetime 1500"),
        "{engine}"
    );
    let screening = second_line::screen(&puzzles, &lines);
    let unrecorded: Vec<&str> = screening.unrecorded.iter().map(|p| p.id.as_str()).collect();
    assert!(unrecorded.is_empty(), "no line for {unrecorded:?}");
    assert!(puzzles.len() >= 1000, "{} puzzles", puzzles.len());
    let share = screening.unambiguous.len() as f64 / puzzles.len() as f64;
    let ambiguous: Vec<String> = screening
        .ambiguous
        .iter()
        .map(|(p, why)| format!("{}: {why}", p.id))
        .collect();
    assert!(
        share >= MIN_UNAMBIGUOUS,
        "{:.1}% unambiguous: {ambiguous:#?}",
        100.0 * share
    );
}
