//! Chinese notation on hand-worked positions: every expected move below was worked out on the
//! board from the rules of the notation, not taken from the writer.

use xiangqi_core::{Move, MoveParseError, Notation, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mv(iccs: &str) -> Move {
    xiangqi_core::notation::iccs::parse_coords(iccs, xiangqi_core::RankDialect::Zero).unwrap()
}

/// (position, text written by the writer in simplified characters, move, other spellings).
fn cases() -> Vec<(Position, &'static str, &'static str, Vec<&'static str>)> {
    let start = Position::startpos();
    let after_central_cannon = start.after(mv("h2e2")).unwrap();
    let rooks = pos("3k5/9/9/9/9/9/2R6/9/2R6/4K4 w - - 0 1");
    let horses = pos("4k4/9/2n6/9/2n6/9/9/9/9/3K5 b - - 0 1");
    let three = pos("5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1");
    let four = pos("5k3/4P4/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1");
    let two_files = pos("5k3/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1");
    let advisors = pos("3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1");
    let black_pawns = pos("4k4/9/9/9/2p1p4/2p1p4/9/9/9/3K5 b - - 0 1");
    vec![
        (
            start.clone(),
            "炮二平五",
            "h2e2",
            vec!["炮2平5", "砲二平五", "包二平五", "炮 二 平 五"],
        ),
        (start.clone(), "炮八平五", "b2e2", vec![]),
        (
            start.clone(),
            "马二进三",
            "h0g2",
            vec!["馬二進三", "傌二進三", "马２进３"],
        ),
        (start.clone(), "马八进七", "b0c2", vec![]),
        (
            start.clone(),
            "车一进一",
            "i0i1",
            vec!["車一進一", "俥一進一"],
        ),
        (start.clone(), "兵三进一", "g3g4", vec!["卒三进一"]),
        (start.clone(), "相三进五", "g0e2", vec!["象三进五"]),
        (start.clone(), "仕四进五", "f0e1", vec!["士四进五"]),
        (
            start.clone(),
            "帅五进一",
            "e0e1",
            vec!["帥五進一", "将五进一", "將五進一"],
        ),
        (
            after_central_cannon.clone(),
            "马8进7",
            "h9g7",
            vec!["馬８進７", "马８进７", "马八进七"],
        ),
        (
            after_central_cannon.clone(),
            "炮8平5",
            "h7e7",
            vec!["砲8平5"],
        ),
        (after_central_cannon.clone(), "炮2平5", "b7e7", vec![]),
        (
            after_central_cannon.clone(),
            "车1进1",
            "a9a8",
            vec!["車１進１"],
        ),
        (after_central_cannon.clone(), "卒7进1", "g6g5", vec![]),
        (
            after_central_cannon.clone(),
            "象3进5",
            "c9e7",
            vec!["相3进5"],
        ),
        (after_central_cannon.clone(), "士4进5", "d9e8", vec![]),
        (
            after_central_cannon.clone(),
            "将5进1",
            "e9e8",
            vec!["將５進１"],
        ),
        (
            rooks.clone(),
            "前车平二",
            "c3h3",
            vec!["前車平二", "车前平二", "一车平二", "前车七平二"],
        ),
        (
            rooks.clone(),
            "后车进一",
            "c1c2",
            vec!["後車進一", "后俥进一"],
        ),
        (rooks.clone(), "前车进一", "c3c4", vec![]),
        (rooks.clone(), "后车退一", "c1c0", vec![]),
        (horses.clone(), "前马进2", "c5b3", vec!["前馬進２"]),
        (horses.clone(), "后马进4", "c7d5", vec![]),
        (horses.clone(), "后马退2", "c7b9", vec![]),
        (
            three.clone(),
            "前兵进一",
            "e7e8",
            vec!["一兵进一", "前兵五进一"],
        ),
        (
            three.clone(),
            "中兵平四",
            "e6f6",
            vec!["二兵平四", "兵五平四"],
        ),
        (three.clone(), "后兵平六", "e5d5", vec!["三兵平六"]),
        (four.clone(), "一兵平四", "e8f8", vec!["前兵平四"]),
        (four.clone(), "二兵平六", "e7d7", vec![]),
        (four.clone(), "三兵平四", "e6f6", vec![]),
        (four.clone(), "四兵平六", "e5d5", vec!["后兵平六"]),
        (
            two_files.clone(),
            "前七进一",
            "c6c7",
            vec!["前兵七进一", "一七进一"],
        ),
        (two_files.clone(), "后七平八", "c5b5", vec!["后兵七平八"]),
        (two_files.clone(), "前三平二", "g6h6", vec![]),
        (two_files.clone(), "后三平四", "g5f5", vec![]),
        (black_pawns.clone(), "前3平2", "c4b4", vec!["前卒3平2"]),
        (black_pawns.clone(), "前5进1", "e4e3", vec!["前卒５进１"]),
        (advisors.clone(), "仕六进五", "d0e1", vec![]),
        (advisors.clone(), "仕六退五", "d2e1", vec!["士6退5"]),
    ]
}

#[test]
fn hand_worked_moves_write_and_parse() {
    for (pos, text, iccs, others) in cases() {
        let m = mv(iccs);
        assert!(pos.is_legal(m), "{iccs} in {}", pos.fen());
        assert_eq!(
            pos.to_chinese(m, false),
            text,
            "write {iccs} in {}",
            pos.fen()
        );
        assert_eq!(
            pos.parse_chinese(text),
            Ok(m),
            "parse {text} in {}",
            pos.fen()
        );
        assert_eq!(pos.parse_any(text), Ok(m), "parse_any {text}");
        for other in others {
            assert_eq!(
                pos.parse_chinese(other),
                Ok(m),
                "parse {other} in {}",
                pos.fen()
            );
        }
        // Traditional characters read back too.
        let traditional = pos.to_chinese(m, true);
        assert_eq!(pos.parse_chinese(&traditional), Ok(m), "{traditional}");
    }
}

#[test]
fn traditional_characters() {
    let start = Position::startpos();
    assert_eq!(start.to_chinese(mv("h0g2"), true), "傌二進三");
    assert_eq!(start.to_chinese(mv("i0i1"), true), "俥一進一");
    assert_eq!(start.to_chinese(mv("e0e1"), true), "帥五進一");
    let black = start.after(mv("h2e2")).unwrap();
    assert_eq!(black.to_chinese(mv("h9g7"), true), "馬8進7");
    assert_eq!(black.to_chinese(mv("h7e7"), true), "砲8平5");
    assert_eq!(black.to_chinese(mv("a9a8"), true), "車1進1");
    let rooks = pos("3k5/9/9/9/9/9/2R6/9/2R6/4K4 w - - 0 1");
    assert_eq!(rooks.to_chinese(mv("c1c0"), true), "後俥退一");
    assert_eq!(
        rooks
            .format_move(mv("c1c0"), Notation::ChineseTraditional)
            .unwrap(),
        "後俥退一"
    );
}

#[test]
fn errors_are_told_apart() {
    let start = Position::startpos();
    for text in [
        "",
        "炮二平",
        "炮二平十",
        "炮二走五",
        "二平五炮",
        "炮二平五五",
        "C2=5",
        "炮二平五炮二平五",
    ] {
        assert!(
            matches!(
                start.parse_chinese(text),
                Err(MoveParseError::Invalid { .. })
            ),
            "{text:?}"
        );
    }
    // Well formed but not possible here: the cannon cannot take without a screen, there is no
    // horse on file 5, no two chariots share a file, a soldier cannot go back.
    for text in ["炮二进五", "马五进三", "前车进一", "兵三退一"] {
        assert!(
            matches!(
                start.parse_chinese(text),
                Err(MoveParseError::Illegal { .. })
            ),
            "{text:?}"
        );
    }
    let rooks = pos("3k5/9/9/9/9/9/2R6/9/2R6/4K4 w - - 0 1");
    assert!(matches!(
        rooks.parse_chinese("车七平二"),
        Err(MoveParseError::Ambiguous { .. })
    ));
}
