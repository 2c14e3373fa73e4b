//! Property tests: no input makes a parser panic (FEN, ICCS, WXF, Chinese, any-notation, PGN,
//! and the reader of records of any format, `record::read_any`).

mod common;

use common::{random_crowded_position, Rng};
use proptest::prelude::*;
use xiangqi_core::notation::iccs::parse_coords;
use xiangqi_core::pgn::{PgnLineReader, PgnReader, ReadOptions, TextEncoding};
use xiangqi_core::record::{self, Format};
use xiangqi_core::{Game, Notation, Position, RankDialect, Rules};

fn positions() -> Vec<Position> {
    let mut rng = Rng::with_seed(5);
    let mut all = vec![Position::startpos()];
    all.extend((0..8).map(|_| random_crowded_position(&mut rng)));
    all
}

/// Strings from the characters the move parsers look at, to reach past the first checks.
fn move_like() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            'K', 'A', 'E', 'H', 'R', 'C', 'P', 'B', 'N', 'p', 'r', '+', '-', '=', '.', '0', '1',
            '2', '3', '5', '9', 'a', 'e', 'i', '前', '中', '后', '後', '车', '車', '马', '炮',
            '兵', '卒', '士', '象', '帅', '进', '退', '平', '一', '三', '五', '九', '１', '９',
            ' ', '！',
        ]),
        0..8,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

fn pgn_like() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "[",
            "]",
            "\"",
            "Game",
            "FEN",
            "Format",
            " \"WXF\"",
            " \"Chinese\"",
            "{",
            "}",
            "(",
            ")",
            ";",
            "$1",
            "$",
            "1.",
            "1...",
            "...",
            " ",
            "\n",
            "\r\n",
            "h2e2",
            "H2-E2",
            "h9g7",
            "C2=5",
            "C2.5",
            "H8+7",
            "15.6",
            "炮二平五",
            "马8进7",
            "前车进一",
            "1-0",
            "0-1",
            "1/2-1/2",
            "*",
            "!?",
            "%",
            "\\",
            "\u{feff}",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        ]),
        0..40,
    )
    .prop_map(|parts| parts.concat())
}

/// Reads every record; each record uses up at least one byte, so more records than bytes would
/// mean the reader stopped making progress.
fn read_all(bytes: &[u8], options: ReadOptions) {
    let records = PgnReader::with_options(bytes, options)
        .take(bytes.len() + 2)
        .count();
    assert!(
        records <= bytes.len(),
        "{records} records from {} bytes",
        bytes.len()
    );
    // Fed a line at a time, the line that ends a record given back from where the next begins.
    if matches!(
        options.encoding,
        TextEncoding::Utf16Le | TextEncoding::Utf16Be
    ) {
        return;
    }
    let mut reader = PgnLineReader::new(options);
    let (mut at, mut records) = (0, 0);
    while at < bytes.len() {
        let len = bytes[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len() - at, |k| k + 1);
        let mut step = len;
        if let Some((_, next)) = reader.feed(&bytes[at..at + len]) {
            records += 1;
            step = next.unwrap_or(len);
            assert!(
                step < len || next.is_none(),
                "the next record begins past its line"
            );
        }
        assert!(
            records <= bytes.len() + 1,
            "{records} records from {} bytes",
            bytes.len()
        );
        at += step;
    }
    reader.finish();
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn move_parsers_never_panic(text in prop_oneof![any::<String>(), move_like()]) {
        for pos in positions() {
            let _ = pos.parse_wxf(&text);
            let _ = pos.parse_chinese(&text);
            let _ = pos.parse_iccs(&text, RankDialect::Zero);
            let _ = pos.parse_iccs(&text, RankDialect::One);
            let _ = pos.parse_any(&text);
            for notation in Notation::ALL {
                if let Ok(m) = pos.parse_move(&text, notation) {
                    prop_assert!(pos.is_legal(m));
                }
            }
        }
        let _ = parse_coords(&text, RankDialect::Zero);
        let _ = parse_coords(&text, RankDialect::One);
        let _ = text.parse::<Notation>();
    }

    #[test]
    fn fen_parser_never_panics(text in prop_oneof![
        any::<String>(),
        "[rnbakcpRNBAKCPEH1-9/ ]{0,80}( [wrb])?( -)?( -)?( [0-9]{1,3})?( [0-9]{1,3})?",
    ]) {
        if let Ok(pos) = Position::from_fen(&text) {
            // A position that parses writes a FEN that parses to the same position.
            prop_assert_eq!(Position::from_fen(&pos.fen()).ok(), Some(pos));
        }
    }

    #[test]
    fn pgn_reader_never_panics(text in prop_oneof![any::<String>(), pgn_like()]) {
        for variations in [true, false] {
            let options = ReadOptions { variations, ..ReadOptions::default() };
            read_all(text.as_bytes(), options);
        }
    }

    #[test]
    fn pgn_reader_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        for encoding in [TextEncoding::Auto, TextEncoding::Utf8, TextEncoding::Gbk] {
            read_all(&bytes, ReadOptions { encoding, ..ReadOptions::default() });
        }
    }

    /// Bytes of any kind, and the openings of each format with anything after them: the
    /// format found is read without a panic, and every record read replays its moves legally.
    #[test]
    fn records_of_any_format_never_panic(
        head in prop::sample::select(vec!["", "XQ", "[DhtmlXQ]", "[초차림 \"상마상마\"]\n", "[Event \"x\"]\n", "4k4/9/9/9/9/9/9/9/R8/1R1K5 w\n"]),
        tail in prop::collection::vec(any::<u8>(), 0..300),
    ) {
        let mut bytes = head.as_bytes().to_vec();
        bytes.extend_from_slice(&tail);
        let (format, _, games) = record::read_any(&bytes, &ReadOptions::default());
        prop_assert_eq!(format, Format::sniff(&bytes));
        prop_assert!(games.len() <= bytes.len() + 1);
        for game in games.into_iter().flatten() {
            let mut replay = Game::new(game.start.clone(), Rules::casual());
            for m in game.mainline() {
                prop_assert!(replay.push(m).is_ok(), "{:?} in {:?}", m, format);
            }
        }
    }
}
