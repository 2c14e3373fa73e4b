//! `.gib` janggi records through the record layer: named by the extension, written from a
//! janggi game and read back with the same setups, moves (a pass among them) and result.

use xiangqi_core::janggi::Arrangement;
use xiangqi_core::pgn::{PgnGame, PgnResult};
use xiangqi_core::Position;
use xiangqi_records::{read_bytes, write_bytes, Format, ReadOptions, WriteOptions};

#[test]
fn gib_records_round_trip() {
    assert_eq!(Format::from_path("games/a.GIB".as_ref()), Some(Format::Gib));
    let start = Position::janggi_start(Arrangement::SangMaSangMa, Arrangement::MaSangMaSang);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for text in ["79졸78", "41졸51", "한수쉼", "18마37"] {
        let m = pos
            .parse_korean(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make_move(m);
        moves.push(m);
    }
    let mut game = PgnGame::from_moves(start.clone(), moves.clone()).unwrap();
    game.result = PgnResult::BlackWins;
    game.set_tag("대회명", "연습");
    let bytes = write_bytes(&[game], Format::Gib, &WriteOptions::default()).unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(
        text.contains("[초차림 \"상마상마\"]") && text.contains("[한차림 \"마상마상\"]"),
        "{text}"
    );
    assert!(
        text.contains("[대국결과 \"한 승\"]") && text.contains("3. 한수쉼"),
        "{text}"
    );
    let (_, games) = read_bytes(&bytes, Format::Gib, &ReadOptions::default());
    let back = games.into_iter().next().unwrap().unwrap();
    assert_eq!(back.start, start);
    assert_eq!(back.mainline().collect::<Vec<_>>(), moves);
    assert_eq!(back.result, PgnResult::BlackWins);
    assert_eq!(back.tag("대회명"), Some("연습"));
    // A xiangqi record is no .gib record.
    let xiangqi = PgnGame::new(Position::startpos());
    assert!(write_bytes(&[xiangqi], Format::Gib, &WriteOptions::default()).is_err());
}
