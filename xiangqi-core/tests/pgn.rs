//! PGN reading and writing.

mod common;

use common::{random_game, Rng};
use xiangqi_core::pgn::{
    MoveFormat, PgnErrorKind, PgnGame, PgnReader, PgnResult, ReadOptions, WriteOptions,
};
use xiangqi_core::{ChineseStyle, MoveParseError, Position};

fn read_one(text: &str) -> PgnGame {
    let mut games: Vec<_> = PgnReader::new(text.as_bytes()).collect();
    assert_eq!(games.len(), 1, "{games:?}");
    games.pop().unwrap().unwrap_or_else(|e| panic!("{e}"))
}

fn iccs(game: &PgnGame) -> Vec<String> {
    game.mainline().map(|m| m.to_string()).collect()
}

const XQBASE_STYLE: &str = "[Game \"Chinese Chess\"]
[Event \"许银川让九子对聂棋圣\"]
[Site \"广州\"]
[Date \"1999.12.09\"]
[Red \"许银川\"]
[Black \"聂卫平\"]
[Result \"1-0\"]
[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR r - - 0 1\"]
{　　评注：许银川
　　开局前的说明。}

1. 炮八平五 炮８平５
{　　红方首着架中炮。}
2. 炮五进五 象７进５ 3. 炮二平五
{　　再架中炮。}
马８进７ 4. 马二进三 车９平８ 1-0
";

#[test]
fn reads_a_chinese_record_with_comments() {
    let game = read_one(XQBASE_STYLE);
    assert_eq!(game.tag("Red"), Some("许银川"));
    assert_eq!(game.tag("Event"), Some("许银川让九子对聂棋圣"));
    assert_eq!(game.result, PgnResult::RedWins);
    assert_eq!(
        game.start.fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"
    );
    // Worked out on the board: 炮八平五 b2e2, 炮８平５ h7e7, 炮五进五 e2e7 (takes the cannon),
    // 象７进５ g9e7 (takes back), 炮二平五 h2e2, 马８进７ h9g7, 马二进三 h0g2, 车９平８ i9h9.
    assert_eq!(
        iccs(&game),
        ["b2e2", "h7e7", "e2e7", "g9e7", "h2e2", "h9g7", "h0g2", "i9h9"]
    );
    assert!(game.comment.as_deref().unwrap().contains("开局前的说明"));
    assert!(game.moves[1]
        .comment
        .as_deref()
        .unwrap()
        .contains("红方首着架中炮"));
    assert!(game.moves[4]
        .comment
        .as_deref()
        .unwrap()
        .contains("再架中炮"));
    assert_eq!(game.moves[0].comment, None);
}

#[test]
fn move_numbers_black_to_move_nags_and_semicolon_comments() {
    let text = "[Game \"Chinese Chess\"]
[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]
[Format \"ICCS\"]

1. ... H9-G7 $1 2. H0-G2 ; the horse
i9h9!? 3.B0C2 b9c7 *
";
    let game = read_one(text);
    assert_eq!(game.start.turn(), xiangqi_core::Color::Black);
    assert_eq!(iccs(&game), ["h9g7", "h0g2", "i9h9", "b0c2", "b9c7"]);
    assert_eq!(game.moves[0].nags, [1]);
    assert_eq!(game.moves[1].comment.as_deref(), Some("the horse"));
    assert_eq!(game.moves[2].nags, [5]);
    assert_eq!(game.result, PgnResult::Unknown);
    // Written back, Black's first move carries "1...".
    let out = game.to_pgn(&WriteOptions::default()).unwrap();
    assert!(
        out.contains("1... H9-G7 $1 2. H0-G2 {the horse} 2... I9-H9 $5 3. B0-C2 B9-C7 *"),
        "{out}"
    );
}

#[test]
fn wxf_record_with_variations_kept_or_skipped() {
    let text = "[Game \"Chinese Chess\"]
[Format \"WXF\"]
[Result \"1/2-1/2\"]

1. C2.5 H8+7 (1... C8.5 2. H2+3 {same-side cannons} (2. H8+7) H8+7) 2. H2+3 R9.8 1/2-1/2
";
    let game = read_one(text);
    assert_eq!(iccs(&game), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(game.result, PgnResult::Draw);
    let variations = &game.moves[1].variations;
    assert_eq!(variations.len(), 1);
    let line: Vec<String> = variations[0]
        .moves
        .iter()
        .map(|m| m.mv.to_string())
        .collect();
    assert_eq!(line, ["h7e7", "h0g2", "h9g7"]);
    assert_eq!(
        variations[0].moves[1].comment.as_deref(),
        Some("same-side cannons")
    );
    let nested = &variations[0].moves[1].variations;
    assert_eq!(nested.len(), 1);
    assert_eq!(nested[0].moves[0].mv.to_string(), "b0c2");

    let skipping = ReadOptions {
        variations: false,
        ..ReadOptions::default()
    };
    let skipped = PgnReader::with_options(text.as_bytes(), skipping)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(iccs(&skipped), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert!(skipped.moves.iter().all(|m| m.variations.is_empty()));

    // Written and read back, the tree is the same.
    for format in [MoveFormat::Iccs, MoveFormat::Wxf, MoveFormat::Chinese] {
        let options = WriteOptions {
            format,
            ..WriteOptions::default()
        };
        let again = read_one(&game.to_pgn(&options).unwrap());
        assert_eq!(again.moves, game.moves, "{format:?}");
    }
}

fn random_record(rng: &mut Rng) -> PgnGame {
    let plies = 1 + rng.usize(..120);
    let moves = random_game(rng, plies);
    let mut game = PgnGame::from_moves(Position::startpos(), moves).unwrap();
    game.set_tag("Event", "随机对局 \"quoted\" \\ back");
    game.set_tag("Red", "红方");
    game.set_tag("Black", "Black player");
    game.result = [
        PgnResult::RedWins,
        PgnResult::BlackWins,
        PgnResult::Draw,
        PgnResult::Unknown,
    ][rng.usize(..4)];
    if rng.usize(..3) == 0 {
        game.comment = Some("开局 comment".to_owned());
    }
    for m in game.moves.iter_mut() {
        if rng.usize(..10) == 0 {
            m.comment = Some(format!("note {}", rng.usize(..1000)));
        }
        if rng.usize(..15) == 0 {
            m.nags.push(rng.usize(..7) as u8 + 1);
        }
    }
    game
}

#[test]
fn random_games_round_trip_in_every_format() {
    let mut rng = Rng::with_seed(99);
    let formats = [
        WriteOptions {
            format: MoveFormat::Iccs,
            ..WriteOptions::default()
        },
        WriteOptions {
            format: MoveFormat::Iccs,
            iccs_dashed: false,
            ..WriteOptions::default()
        },
        WriteOptions {
            format: MoveFormat::Wxf,
            ..WriteOptions::default()
        },
        WriteOptions {
            format: MoveFormat::Chinese,
            ..WriteOptions::default()
        },
        WriteOptions {
            format: MoveFormat::Chinese,
            chinese: ChineseStyle {
                traditional: true,
                full_width_digits: true,
                ..ChineseStyle::TRADITIONAL
            },
            line_width: 40,
            ..WriteOptions::default()
        },
    ];
    let games: Vec<PgnGame> = (0..200).map(|_| random_record(&mut rng)).collect();
    for options in &formats {
        let mut file = String::new();
        for game in &games {
            game.write_pgn(options, &mut file).unwrap();
        }
        if options.line_width > 0 {
            let widest = file
                .lines()
                .filter(|l| !l.starts_with('['))
                .map(|l| l.chars().count())
                .max()
                .unwrap();
            assert!(
                widest <= options.line_width,
                "a line of {widest} characters"
            );
        }
        let read: Vec<PgnGame> = PgnReader::new(file.as_bytes())
            .map(|g| g.unwrap())
            .collect();
        assert_eq!(read.len(), games.len());
        for (a, b) in games.iter().zip(&read) {
            assert_eq!(a.moves, b.moves, "{options:?}");
            assert_eq!(a.comment, b.comment);
            assert_eq!(a.result, b.result);
            assert_eq!(a.start, b.start);
            assert_eq!(b.tag("Event"), a.tag("Event"));
            assert_eq!(b.tag("Red"), Some("红方"));
            assert_eq!(b.tag("Format"), Some(options.format.tag_value()));
        }
    }
}

#[test]
#[cfg(feature = "gbk")]
fn gbk_input() {
    let text = XQBASE_STYLE;
    let (bytes, _, unmappable) = encoding_rs::GBK.encode(text);
    assert!(!unmappable);
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "the sample must not be valid UTF-8"
    );
    let mut games: Vec<_> = PgnReader::new(&bytes[..]).collect();
    assert_eq!(games.len(), 1);
    let game = games.pop().unwrap().unwrap();
    assert_eq!(game.tag("Black"), Some("聂卫平"));
    assert_eq!(
        iccs(&game),
        ["b2e2", "h7e7", "e2e7", "g9e7", "h2e2", "h9g7", "h0g2", "i9h9"]
    );
    // A file put together from an ASCII record, a GBK one and a UTF-8 one.
    let mut mixed = b"[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 *\n\n".to_vec();
    mixed.extend_from_slice(&bytes);
    mixed.extend_from_slice(
        "\n[Game \"Chinese Chess\"]\n[Red \"吕钦\"]\n\n1. 炮二平五 马8进7 *\n".as_bytes(),
    );
    let games: Vec<_> = PgnReader::new(&mixed[..]).map(|g| g.unwrap()).collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[1].tag("Red"), Some("许银川"));
    assert_eq!(games[2].tag("Red"), Some("吕钦"));
    assert_eq!(iccs(&games[2]), ["h2e2", "h9g7"]);
    // Told to read GBK, it does so from the first line.
    let gbk_only = ReadOptions {
        encoding: xiangqi_core::pgn::TextEncoding::Gbk,
        ..ReadOptions::default()
    };
    let game = PgnReader::with_options(&bytes[..], gbk_only)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(game.tag("Site"), Some("广州"));
}

#[test]
fn a_malformed_game_reports_where_and_the_next_games_still_read() {
    let text = "[Game \"Chinese Chess\"]
[Event \"one\"]

1. h2e2 h9g7 2. h0g2 1-0

[Game \"Chinese Chess\"]
[Event \"two\"]

1. h2e2 h9g7
2. h0g2 a0a5 3. i0h0 1-0

[Game \"Chinese Chess\"]
[Event \"three\"]
[FEN \"this is not a position\"]

1. h2e2 *

[Game \"Chinese Chess\"]
[Event \"four\"]

1. h2e2 {never closed

[Game \"Chinese Chess\"]
[Event \"five\"]

1. 炮二平五 马8进7 (2. 马二进三 0-1
";
    let results: Vec<_> = PgnReader::new(text.as_bytes()).collect();
    assert_eq!(results.len(), 5, "{results:?}");
    let one = results[0].as_ref().unwrap();
    assert_eq!(one.tag("Event"), Some("one"));
    assert_eq!(iccs(one), ["h2e2", "h9g7", "h0g2"]);
    // Game two: Black to move, and a0a5 moves a Red chariot.
    let two = results[1].as_ref().unwrap_err();
    assert_eq!((two.line, two.column), (10, 9), "{two}");
    assert!(
        matches!(two.kind, PgnErrorKind::Move(MoveParseError::Illegal { .. })),
        "{two}"
    );
    let three = results[2].as_ref().unwrap_err();
    assert_eq!((three.line, three.column), (14, 1), "{three}");
    assert!(matches!(three.kind, PgnErrorKind::Fen(_)), "{three}");
    let four = results[3].as_ref().unwrap_err();
    assert_eq!((four.line, four.column), (21, 9), "{four}");
    assert!(matches!(four.kind, PgnErrorKind::Unbalanced(_)), "{four}");
    // The open comment did not swallow game five, whose variation is never closed.
    let five = results[4].as_ref().unwrap_err();
    assert_eq!((five.line, five.column), (26, 14), "{five}");
    assert!(matches!(five.kind, PgnErrorKind::Unbalanced(_)), "{five}");

    // Each error keeps what its record held before it, as python-chess does.
    let partial = |e: &xiangqi_core::pgn::PgnError| e.partial.clone().expect("a partial record");
    let two = partial(two);
    assert_eq!(two.tag("Event"), Some("two"));
    assert_eq!(iccs(&two), ["h2e2", "h9g7", "h0g2"]);
    let three = partial(three);
    assert_eq!(three.tag("Event"), Some("three"));
    assert!(three.moves.is_empty());
    let four = partial(four);
    assert_eq!(
        (four.tag("Event"), iccs(&four)),
        (Some("four"), vec!["h2e2".to_owned()])
    );
    let five = partial(five);
    assert_eq!(iccs(&five), ["h2e2", "h9g7"]);
}

#[test]
fn janggi_records_carry_a_variant_tag_and_korean_moves() {
    use xiangqi_core::janggi::Arrangement;
    use xiangqi_core::Variant;
    // Korean moves (rows 1..9,0 from Han's side, the row first), a pass (한수쉼) among them.
    let text = "[Game \"Janggi\"]\n[Variant \"janggi\"]\n[Result \"*\"]\n\n\
                1. 79졸78 41병51 2. 한수쉼 12마33 *\n";
    let game = read_one(text);
    assert_eq!(game.start.variant(), Variant::Janggi);
    assert_eq!(iccs(&game), ["i3h3", "a6a5", "e1e1", "b9c7"]);
    // Written back: the Variant tag, no FEN for the default setup, the same moves.
    let options = WriteOptions {
        format: MoveFormat::Korean,
        ..WriteOptions::default()
    };
    let written = game.to_pgn(&options).unwrap();
    assert!(written.contains("[Variant \"janggi\"]"), "{written}");
    assert!(!written.contains("[FEN"), "{written}");
    assert!(
        written.contains("1. 79졸78 41병51 2. 한수쉼 12마33"),
        "{written}"
    );
    assert_eq!(
        read_one(&written).mainline().collect::<Vec<_>>(),
        game.mainline().collect::<Vec<_>>()
    );
    // Another setup travels as a FEN read in the tag's variant; ICCS writes the pass as the
    // general's point twice.
    let start = Position::janggi_start(Arrangement::SangMaMaSang, Arrangement::MaSangMaSang);
    let pass = start.pass_move();
    let record = PgnGame::from_moves(start.clone(), [pass]).unwrap();
    let written = record.to_pgn(&WriteOptions::default()).unwrap();
    assert!(written.contains("[FEN \""), "{written}");
    assert!(written.contains("E1-E1"), "{written}");
    let back = read_one(&written);
    assert_eq!(back.start, start);
    assert_eq!(back.mainline().collect::<Vec<_>>(), [pass]);
    // Without the tag the same FEN is a xiangqi position, which it cannot be.
    let xiangqi = written.replace("[Variant \"janggi\"]\n", "");
    assert!(PgnReader::new(xiangqi.as_bytes()).next().unwrap().is_err());
}
