//! Janggi game ends against Fairy-Stockfish: every row of `data/rules/janggi_endings.tsv`
//! (written by `tools/janggi_endings_data.py` from pyffish's verdicts) replayed in a [`Game`]
//! of its variant. Before each move the game goes on; after the last, `Game::outcome` names
//! pyffish's termination and winner, the counting points are pyffish's final position counted,
//! and the final FEN is pyffish's.

use std::collections::BTreeMap;

use xiangqi_core::{janggi, Color, Game, Iccs, Termination, Variant};

/// One row of the shared file.
struct Case {
    line: usize,
    variant: Variant,
    fen: String,
    moves: Vec<String>,
    termination: String,
    winner: String,
    points: Option<(String, String)>,
    fen_after: String,
}

fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/rules/janggi_endings.tsv"
    );
    let text = std::fs::read_to_string(path).expect("read data/rules/janggi_endings.tsv");
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty());
    let (_, header) = lines.next().expect("a header");
    assert!(header.starts_with("variant\tfen\tmoves_iccs\ttermination\twinner"));
    lines
        .map(|(number, line)| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 9, "line {}: {line}", number + 1);
            Case {
                line: number + 1,
                variant: f[0].parse().expect("a janggi variant"),
                fen: f[1].to_owned(),
                moves: if f[2] == "-" {
                    Vec::new()
                } else {
                    f[2].split(' ').map(str::to_owned).collect()
                },
                termination: f[3].to_owned(),
                winner: f[4].to_owned(),
                points: (f[5] != "-").then(|| (f[5].to_owned(), f[6].to_owned())),
                fen_after: f[7].to_owned(),
            }
        })
        .collect()
}

/// The file's name of a termination.
fn name(termination: Termination) -> &'static str {
    match termination {
        Termination::Checkmate => "checkmate",
        Termination::Stalemate => "stalemate",
        Termination::PerpetualCheck => "perpetual_check",
        Termination::PerpetualChase => "perpetual_chase",
        Termination::Repetition => "repetition",
        Termination::MoveLimit => "move_limit",
        Termination::InsufficientMaterial => "insufficient_material",
        Termination::Bikjang => "bikjang",
        Termination::DoublePass => "double_pass",
        Termination::BackAndForth => "back_and_forth",
        Termination::Resignation | Termination::Agreement | Termination::Time => "declared",
    }
}

fn winner(color: Option<Color>) -> &'static str {
    match color {
        Some(Color::Red) => "red",
        Some(Color::Black) => "black",
        None => "draw",
    }
}

/// Half points as the file writes points: `72`, `73.5`.
fn points(half: u32) -> String {
    if half % 2 == 0 {
        (half / 2).to_string()
    } else {
        format!("{}.5", half / 2)
    }
}

/// Replays `case` and says where our verdict differs from pyffish's.
fn check(case: &Case) -> Result<(), String> {
    let at = format!(
        "line {} ({} {} {:?})",
        case.line, case.variant, case.fen, case.moves
    );
    if !case.variant.is_janggi() {
        return Err(format!("{at}: not a janggi variant"));
    }
    let mut game =
        Game::of_variant(case.variant, Some(&case.fen)).map_err(|e| format!("{at}: {e}"))?;
    for (i, text) in case.moves.iter().enumerate() {
        if let Some(o) = game.outcome() {
            return Err(format!("{at}: over before move {i} ({text}): {o:?}"));
        }
        let m = text
            .parse::<Iccs>()
            .and_then(|iccs| iccs.to_move(game.position()))
            .map_err(|e| format!("{at}: move {i} {text}: {e}"))?;
        game.push(m)
            .map_err(|e| format!("{at}: move {i} {text}: {e}"))?;
    }
    let outcome = game.outcome();
    let got = match outcome {
        Some(o) => (name(o.termination), winner(o.winner)),
        None => ("none", "-"),
    };
    if got != (case.termination.as_str(), case.winner.as_str()) {
        return Err(format!(
            "{at}: {} by {} expected, {} by {} given",
            case.termination, case.winner, got.0, got.1
        ));
    }
    // pyffish's points are given exactly where counting decides.
    if outcome.is_some_and(|o| o.counted) != case.points.is_some() {
        return Err(format!(
            "{at}: counted {:?}, pyffish's points {:?}",
            outcome.map(|o| o.counted),
            case.points
        ));
    }
    // These endings leave no move: nothing can be played on.
    if matches!(got.0, "bikjang" | "double_pass" | "checkmate")
        && !game.position().legal_moves().is_empty()
    {
        return Err(format!("{at}: moves after the end"));
    }
    if let Some((cho, han)) = &case.points {
        let pos = game.position();
        let ours = (
            points(janggi::half_points(pos, Color::Red)),
            points(janggi::half_points(pos, Color::Black)),
        );
        if (&ours.0, &ours.1) != (cho, han) || !game.rules().counting {
            return Err(format!(
                "{at}: points {cho}-{han} expected, {}-{} counted (rules {})",
                ours.0,
                ours.1,
                game.rules()
            ));
        }
    }
    if game.position().fen() != case.fen_after {
        return Err(format!(
            "{at}: final FEN {} expected, {} reached",
            case.fen_after,
            game.position().fen()
        ));
    }
    Ok(())
}

#[test]
fn every_janggi_ending_is_judged_as_fairy_stockfish_judges_it() {
    let cases = cases();
    let mut kinds: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for case in &cases {
        if let Err(e) = check(case) {
            failures.push(e);
        }
        *kinds
            .entry((case.variant.to_string(), case.termination.clone()))
            .or_default() += 1;
    }
    println!("{kinds:?}");
    assert!(
        failures.is_empty(),
        "{} of {} rows disagree:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    let janggi = |kind: &str| {
        kinds
            .get(&("janggi".to_owned(), kind.to_owned()))
            .copied()
            .unwrap_or(0)
    };
    for kind in [
        "checkmate",
        "double_pass",
        "bikjang",
        "repetition",
        "perpetual_check",
        "move_limit",
    ] {
        assert!(janggi(kind) >= 24, "{kind}: {}", janggi(kind));
    }
    for variant in ["janggitraditional", "janggimodern", "janggicasual"] {
        let rows: usize = kinds
            .iter()
            .filter(|((v, _), _)| v == variant)
            .map(|(_, n)| n)
            .sum();
        assert!(rows >= 20, "{variant}: {rows} rows");
    }
    let shuttles = kinds
        .get(&("janggimodern".to_owned(), "back_and_forth".to_owned()))
        .copied()
        .unwrap_or(0);
    assert!(shuttles >= 8, "back and forth: {shuttles} rows");
}
