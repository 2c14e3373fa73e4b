//! The shared WXF cases (data/rules/notation_wxf.tsv): the writer gives the `wxf` column, and
//! both the `wxf` and the Fairy-Stockfish `wxf_fsf` columns parse back to the move.

use xiangqi_core::notation::iccs::parse_coords;
use xiangqi_core::{MoveParseError, Position, RankDialect};

struct Case {
    fen: String,
    iccs: String,
    wxf: String,
    wxf_fsf: String,
    note: String,
}

fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/rules/notation_wxf.tsv"
    );
    let text = std::fs::read_to_string(path).expect("read data/rules/notation_wxf.tsv");
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let header: Vec<&str> = lines.next().expect("a header line").split('\t').collect();
    assert_eq!(header, ["fen", "move_iccs", "wxf", "wxf_fsf", "note"]);
    lines
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 5, "{line}");
            Case {
                fen: f[0].to_owned(),
                iccs: f[1].to_owned(),
                wxf: f[2].to_owned(),
                wxf_fsf: f[3].to_owned(),
                note: f[4].to_owned(),
            }
        })
        .collect()
}

#[test]
fn every_row_writes_and_parses() {
    let cases = cases();
    assert!(cases.len() >= 40, "{} rows", cases.len());
    for case in &cases {
        let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        let m = parse_coords(&case.iccs, RankDialect::Zero).unwrap();
        assert!(
            pos.is_legal(m),
            "{} {} ({})",
            case.fen,
            case.iccs,
            case.note
        );
        assert_eq!(
            pos.to_wxf(m),
            case.wxf,
            "write {} in {} ({})",
            case.iccs,
            case.fen,
            case.note
        );
        assert_eq!(
            pos.parse_wxf(&case.wxf),
            Ok(m),
            "parse {} in {} ({})",
            case.wxf,
            case.fen,
            case.note
        );
        assert_eq!(
            pos.parse_wxf(&case.wxf_fsf),
            Ok(m),
            "parse {} in {} ({})",
            case.wxf_fsf,
            case.fen,
            case.note
        );
        // '.' for sideways reads like '='.
        let dotted = case.wxf.replace('=', ".");
        assert_eq!(
            pos.parse_wxf(&dotted),
            Ok(m),
            "parse {dotted} in {}",
            case.fen
        );
    }
}

#[test]
fn errors_are_told_apart() {
    let pos = Position::startpos();
    // Syntax.
    for text in [
        "",
        "C2",
        "C2=",
        "C2=0",
        "C2*5",
        "X2=5",
        "C0=5",
        "C2=55",
        "炮二平五",
    ] {
        assert!(
            matches!(pos.parse_wxf(text), Err(MoveParseError::Invalid { .. })),
            "{text:?}"
        );
    }
    // Well formed, but no such move: no cannon on file 3; a cannon cannot move sideways to its
    // own file; a horse cannot go straight; the general is not on file 4.
    for text in ["C3=5", "C2=2", "H2+2", "K4+1", "R1+10"] {
        assert!(pos.parse_wxf(text).is_err(), "{text:?}");
    }
    for text in ["C3=5", "C2=2", "H2+2", "K4+1"] {
        assert!(
            matches!(pos.parse_wxf(text), Err(MoveParseError::Illegal { .. })),
            "{text:?}"
        );
    }
    // Five soldiers, none sharing a file: "P+" names none of them.
    assert!(matches!(
        pos.parse_wxf("P+=4"),
        Err(MoveParseError::Illegal { .. })
    ));
    // Two chariots on one file, both able to go sideways to file 2: "R7=2" fits both.
    let pos = Position::from_fen("3k5/9/9/9/9/9/2R6/9/2R6/4K4 w - - 0 1").unwrap();
    assert!(matches!(
        pos.parse_wxf("R7=2"),
        Err(MoveParseError::Ambiguous { .. })
    ));
    assert_eq!(pos.parse_wxf("R+=2").unwrap().to_string(), "c3h3");
    assert_eq!(pos.parse_wxf("+R=2").unwrap().to_string(), "c3h3");
    assert_eq!(pos.parse_wxf("r-=2").unwrap().to_string(), "c1h1");
}
