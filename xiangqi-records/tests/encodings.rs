//! Every notation in every encoding: real games (the Big5 records of the shared CCPD sample,
//! with their traditional names and comments) written and read back unchanged, never with
//! character references (`&#20453;`) or any other stand-in; a character an encoding lacks is
//! refused by name.

mod common;

use common::shared;
use xiangqi_core::encoding::{self, TextEncoding};
use xiangqi_core::pgn::{MoveFormat, PgnGame, PgnMove};
use xiangqi_core::{ChineseStyle, Position, RankDialect};
use xiangqi_records::{read_bytes, read_path, write_bytes, Format, ReadOptions, WriteError};

/// The notations of `xiangqi convert --notation`.
const NOTATIONS: [(&str, MoveFormat, ChineseStyle); 5] = [
    ("iccs", MoveFormat::Iccs, ChineseStyle::SIMPLIFIED),
    ("wxf", MoveFormat::Wxf, ChineseStyle::SIMPLIFIED),
    ("chinese", MoveFormat::Chinese, ChineseStyle::SIMPLIFIED),
    (
        "chinese-traditional",
        MoveFormat::Chinese,
        ChineseStyle::TRADITIONAL,
    ),
    (
        "vietnamese",
        MoveFormat::Vietnamese,
        ChineseStyle::SIMPLIFIED,
    ),
];

const ENCODINGS: [TextEncoding; 5] = [
    TextEncoding::Utf8,
    TextEncoding::Gbk,
    TextEncoding::Big5,
    TextEncoding::Utf16Le,
    TextEncoding::Utf16Be,
];

/// Real games: every record of two folders of the CCPD sample (Big5, traditional names and
/// comments), and a constructed one with two Red chariots and horses on one file each
/// (前俥平七, 前傌進四) and a variation; `None` (the test skipped) without the shared data.
fn games() -> Option<Vec<PgnGame>> {
    let dir = shared()?.join("corpus/ccpd-sample/中局");
    let mut games: Vec<PgnGame> = read_path(&dir, &ReadOptions::default())
        .unwrap()
        .into_iter()
        .flat_map(|f| f.games)
        .filter_map(Result::ok)
        .take(60)
        .collect();
    assert!(games.len() >= 50, "{}", games.len());
    let start = Position::from_fen("4k4/9/9/9/9/9/3R2N2/3R5/6N2/5K3 w - - 0 1").unwrap();
    let mut tandem = PgnGame::new(start.clone());
    tandem.tags.push(("Event".into(), "前後車馬".into()));
    let mut pos = start;
    for text in ["d3c3", "e9e8", "g3f5", "e8e9"] {
        let m = pos.parse_iccs(text, RankDialect::Zero).unwrap();
        let mut pm = PgnMove::new(m);
        pm.comment = Some("將軍".into());
        tandem.moves.push(pm);
        pos = pos.after(m).unwrap();
    }
    games.push(tandem);
    assert!(games
        .iter()
        .any(|g| g.moves.iter().any(|m| m.comment.is_some())));
    Some(games)
}

/// What a record keeps through writing and reading: everything but the tags the writer adds
/// (`Game`, `Format`; `FEN` and `Result` from the start position and the result), the order
/// of the tags (the writer puts the standard ones first) and the reader's repairs.
type Kept<'a> = (
    Vec<(String, String)>,
    &'a Position,
    &'a Option<String>,
    &'a [PgnMove],
    String,
);

fn kept(game: &PgnGame) -> Kept<'_> {
    let mut tags: Vec<_> = game
        .tags
        .iter()
        .filter(|(name, _)| !["Game", "Format", "FEN", "Result"].contains(&name.as_str()))
        .cloned()
        .collect();
    tags.sort();
    (
        tags,
        &game.start,
        &game.comment,
        &game.moves,
        game.result.to_string(),
    )
}

fn check_round_trip(
    games: &[PgnGame],
    format: Format,
    options: &xiangqi_records::WriteOptions,
    label: &str,
) {
    let bytes = write_bytes(games, format, options).unwrap_or_else(|e| panic!("{label}: {e}"));
    assert!(
        !bytes.windows(2).any(|w| w == b"&#"),
        "{label}: a character reference was written"
    );
    let (encoding, back) = read_bytes(&bytes, format, &ReadOptions::default());
    assert_eq!(encoding, options.encoding, "{label}: detected");
    let decoded = encoding::decode(&bytes, options.encoding);
    assert_eq!(decoded.errors, 0, "{label}");
    assert!(!decoded.text.contains('\u{FFFD}'), "{label}");
    assert_eq!(back.len(), games.len(), "{label}");
    for (i, (game, read)) in games.iter().zip(&back).enumerate() {
        let read = read
            .as_ref()
            .unwrap_or_else(|e| panic!("{label}: record {i}: {e}"));
        let (got, mut written) = (kept(read), kept(game));
        if format == Format::DhtmlXq {
            // DhtmlXQ has fields for some tags only (and no empty ones): each one it read back
            // must be a tag of the record, unchanged.
            assert!(!got.0.is_empty(), "{label}: record {i}");
            assert!(
                got.0.iter().all(|tag| written.0.contains(tag)),
                "{label}: {:?}",
                got.0
            );
            written.0.clone_from(&got.0);
        }
        assert_eq!(got, written, "{label}: record {i}");
        assert!(
            read.warnings.is_empty(),
            "{label}: record {i}: {:?}",
            read.warnings
        );
    }
    if options.encoding == TextEncoding::Big5 && format == Format::Pgn {
        assert!(!decoded.text.contains('俥'), "{label}");
    }
}

#[test]
fn every_notation_in_every_encoding_reads_back_unchanged() {
    let Some(games) = games() else { return };
    for encoding in ENCODINGS {
        for (name, format, chinese) in NOTATIONS {
            let mut options = xiangqi_records::WriteOptions {
                encoding,
                ..Default::default()
            };
            options.pgn.format = format;
            options.pgn.chinese = chinese;
            check_round_trip(
                &games,
                Format::Pgn,
                &options,
                &format!("pgn {name} {encoding}"),
            );
        }
        let options = xiangqi_records::WriteOptions {
            encoding,
            ..Default::default()
        };
        check_round_trip(
            &games,
            Format::DhtmlXq,
            &options,
            &format!("dhtmlxq {encoding}"),
        );
    }
}

#[test]
fn big5_moves_are_written_as_big5_records_write_them() {
    // The CCPD's own Big5 text of a game: 車 and 馬 for both sides.
    let Some(games) = games() else { return };
    let tandem = games.last().unwrap();
    for chinese in [ChineseStyle::SIMPLIFIED, ChineseStyle::TRADITIONAL] {
        let mut options = xiangqi_records::WriteOptions {
            encoding: TextEncoding::Big5,
            ..Default::default()
        };
        options.pgn.format = MoveFormat::Chinese;
        options.pgn.chinese = chinese;
        let bytes = write_bytes(std::slice::from_ref(tandem), Format::Pgn, &options).unwrap();
        let text = encoding::decode(&bytes, TextEncoding::Big5)
            .text
            .into_owned();
        assert!(text.contains("前車平七"), "{text}");
        assert!(text.contains("前馬進四"), "{text}");
    }
    // In GBK and UTF-8 the traditional style keeps Red's own characters.
    let mut options = xiangqi_records::WriteOptions {
        encoding: TextEncoding::Gbk,
        ..Default::default()
    };
    options.pgn.format = MoveFormat::Chinese;
    options.pgn.chinese = ChineseStyle::TRADITIONAL;
    let bytes = write_bytes(std::slice::from_ref(tandem), Format::Pgn, &options).unwrap();
    assert!(encoding::decode(&bytes, TextEncoding::Gbk)
        .text
        .contains("前俥平七"));
}

#[test]
fn a_character_the_encoding_lacks_is_refused_by_name() {
    let mut game = PgnGame::new(Position::startpos());
    game.tags.push(("Red".into(), "许银川".into())); // simplified: not in Big5
    let options = xiangqi_records::WriteOptions {
        encoding: TextEncoding::Big5,
        ..Default::default()
    };
    let games = [PgnGame::new(Position::startpos()), game];
    for format in [Format::Pgn, Format::DhtmlXq] {
        match write_bytes(&games, format, &options) {
            Err(WriteError::Unencodable(1, e)) => {
                assert_eq!((e.character, e.encoding), ('许', TextEncoding::Big5));
                let message = WriteError::Unencodable(1, e).to_string();
                assert!(
                    message.contains("record 2") && message.contains('许'),
                    "{message}"
                );
            }
            other => panic!("{format:?}: {other:?}"),
        }
    }
    // GBK (written as GB18030) and UTF-16 hold every character.
    for encoding in [TextEncoding::Gbk, TextEncoding::Utf16Le, TextEncoding::Utf8] {
        let options = xiangqi_records::WriteOptions {
            encoding,
            ..Default::default()
        };
        let bytes = write_bytes(&games, Format::Pgn, &options).unwrap();
        let (_, back) = read_bytes(&bytes, Format::Pgn, &ReadOptions::default());
        assert_eq!(back[1].as_ref().unwrap().tag("Red"), Some("许银川"));
    }
}
