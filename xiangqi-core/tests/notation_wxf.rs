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

#[test]
fn soldiers_on_two_crowded_files() {
    // Red soldiers: g5, g6, g7 (file 3) and c5, c6 (file 7). Worked out by hand.
    let pos = Position::from_fen("3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1").unwrap();
    let mv = |s| parse_coords(s, RankDialect::Zero).unwrap();
    for (iccs, wxf, chinese) in [
        ("g7f7", "3+=4", "前三平四"),
        ("g6f6", "33=4", "中三平四"),
        ("g5f5", "3-=4", "后三平四"),
        ("c6d6", "7+=6", "前七平六"),
        ("c5b5", "7-=8", "后七平八"),
    ] {
        assert_eq!(pos.to_wxf(mv(iccs)), wxf);
        assert_eq!(pos.to_chinese(mv(iccs), false), chinese);
        assert_eq!(pos.parse_wxf(wxf), Ok(mv(iccs)));
    }
    // Fairy-Stockfish numbers from the front: 13 is the first on file 3, 23 the second.
    assert_eq!(pos.parse_wxf("13=4"), Ok(mv("g7f7")));
    assert_eq!(pos.parse_wxf("23=4"), Ok(mv("g6f6")));
    assert_eq!(pos.parse_wxf("27=8"), Ok(mv("c5b5")));
    // "33" is the WXF document's middle soldier where that reading fits.
    assert_eq!(pos.parse_wxf("33=4"), Ok(mv("g6f6")));
    // With only two soldiers on file 7 there is no middle one: "77" is not a soldier.
    assert!(matches!(
        pos.parse_wxf("77=6"),
        Err(MoveParseError::Illegal { .. })
    ));
}
