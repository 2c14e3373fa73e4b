//! PGN as it exists in the wild: raw bytes in legacy encodings, sloppy files read with warnings,
//! hostile sizes (deep nesting, huge lines) read in bounded time and stack, the tree.

use std::sync::mpsc;
use std::time::Duration;
use xiangqi_core::pgn::{
    GameTree, MoveFormat, PgnErrorKind, PgnGame, PgnReader, PgnResult, PgnWarningKind, ReadOptions,
    TextEncoding, WriteOptions, MAX_VARIATION_DEPTH,
};
use xiangqi_core::MoveParseError;

/// Runs `f` on a thread of the default 2 MiB stack and fails when it takes longer than
/// `seconds` (or overflows its stack, which aborts the test).
fn within<T: Send + 'static>(seconds: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let _ = tx.send(f());
        })
        .unwrap();
    rx.recv_timeout(Duration::from_secs(seconds))
        .unwrap_or_else(|_| panic!("did not finish within {seconds} s"))
}

fn read_one(bytes: &[u8]) -> PgnGame {
    let mut games: Vec<_> = PgnReader::new(bytes).collect();
    assert_eq!(games.len(), 1, "{games:?}");
    games.pop().unwrap().unwrap_or_else(|e| panic!("{e}"))
}

fn iccs(game: &PgnGame) -> Vec<String> {
    game.mainline().map(|m| m.to_string()).collect()
}

/// `[Event "全國個人賽"] [Red "胡榮華"]` and `1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 1-0` in
/// Big5, as `iconv -t big5` writes them.
const BIG5: &[u8] = b"\x5b\x45\x76\x65\x6e\x74\x20\x22\xa5\xfe\xb0\xea\xad\xd3\xa4\x48\xc1\xc9\x22\x5d\x0a\x5b\x52\x65\x64\x20\x22\xad\x4a\xba\x61\xb5\xd8\x22\x5d\x0a\x0a\x31\x2e\x20\xac\xb6\xa4\x47\xa5\xad\xa4\xad\x20\xb0\xa8\xa2\xb7\xb6\x69\xa2\xb6\x20\x32\x2e\x20\xb0\xa8\xa4\x47\xb6\x69\xa4\x54\x20\xa8\xae\xa2\xb8\xa5\xad\xa2\xb7\x20\x31\x2d\x30\x0a";

/// The same record in simplified characters, in GBK (`iconv -t gbk`).
const GBK: &[u8] = b"\x5b\x45\x76\x65\x6e\x74\x20\x22\xc8\xab\xb9\xfa\xb8\xf6\xc8\xcb\xc8\xfc\x22\x5d\x0a\x5b\x52\x65\x64\x20\x22\xba\xfa\xc8\xd9\xbb\xaa\x22\x5d\x0a\x0a\x31\x2e\x20\xc5\xda\xb6\xfe\xc6\xbd\xce\xe5\x20\xc2\xed\xa3\xb8\xbd\xf8\xa3\xb7\x20\x32\x2e\x20\xc2\xed\xb6\xfe\xbd\xf8\xc8\xfd\x20\xb3\xb5\xa3\xb9\xc6\xbd\xa3\xb8\x20\x31\x2d\x30\x0a";

// Worked out on the board: 炮二平五 h2e2, 马8进7 h9g7, 马二进三 h0g2, 车9平8 i9h9.
const MOVES: [&str; 4] = ["h2e2", "h9g7", "h0g2", "i9h9"];

#[test]
fn big5_and_gbk_bytes_are_told_apart() {
    let mut reader = PgnReader::new(BIG5);
    let game = reader.next().unwrap().unwrap();
    assert_eq!(reader.encoding(), TextEncoding::Big5);
    assert_eq!(game.tag("Red"), Some("胡榮華"));
    assert_eq!(iccs(&game), MOVES);

    let mut reader = PgnReader::new(GBK);
    let game = reader.next().unwrap().unwrap();
    assert_eq!(reader.encoding(), TextEncoding::Gbk);
    assert_eq!(game.tag("Event"), Some("全国个人赛"));
    assert_eq!(iccs(&game), MOVES);

    // Named explicitly, the other way round, the text is wrong but reading does not fail.
    let options = ReadOptions {
        encoding: TextEncoding::Big5,
        ..ReadOptions::default()
    };
    let mut reader = PgnReader::with_options(BIG5, options);
    assert_eq!(reader.next().unwrap().unwrap().tag("Red"), Some("胡榮華"));
}

#[test]
fn utf16_and_bom_and_crlf() {
    let text = "[Red \"胡荣华\"]\r\n\r\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\r\n";
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let game = read_one(&utf16);
    assert_eq!(game.tag("Red"), Some("胡荣华"));
    assert_eq!(iccs(&game), MOVES);
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(text.as_bytes());
    assert_eq!(iccs(&read_one(&bom)), MOVES);
}

#[test]
fn sloppy_records_are_read_with_warnings() {
    // Unescaped quotes, no Format tag and no result, moves in three notations with full-width
    // digits, comments and NAGs anywhere, a stray bracket, a bad NAG.
    let text = "[Event \"the \"big\" one\"]\n[Red \"X]\n{before} 1. 炮二平五 {a} $1 H8+7 $x 2. h0g2 ] 马２进３ !?\n";
    let game = read_one(text.as_bytes());
    assert_eq!(game.tag("Event"), Some("the \"big\" one"));
    assert_eq!(game.tag("Red"), Some("X"));
    assert_eq!(iccs(&game), ["h2e2", "h9g7", "h0g2", "b9c7"]);
    assert_eq!(game.result, PgnResult::Unknown);
    assert_eq!(game.comment.as_deref(), Some("before"));
    assert_eq!(game.moves[0].comment.as_deref(), Some("a"));
    assert_eq!(game.moves[0].nags, [1]);
    assert_eq!(game.moves[3].nags, [5]);
    let kinds: Vec<_> = game.warnings.iter().map(|w| w.kind.clone()).collect();
    assert_eq!(
        kinds,
        [
            PgnWarningKind::UnescapedQuote,
            PgnWarningKind::UnclosedQuote,
            PgnWarningKind::BadNag("$x".into()),
            PgnWarningKind::Stray(']'),
        ]
    );
    assert_eq!((game.warnings[0].line, game.warnings[0].column), (1, 9));
    assert_eq!((game.warnings[3].line, game.warnings[3].column), (3, 41));
}

#[test]
fn junk_between_records_is_skipped() {
    let text = "Downloaded from a web site\n==========\n[Red \"A\"]\n\n1. h2e2 *\n\n\
                ---- next ----\n[Red \"B\"]\n\n1. b2e2 *\n";
    let games: Vec<_> = PgnReader::new(text.as_bytes())
        .map(|g| g.unwrap())
        .collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("Red"), Some("A"));
    assert_eq!(games[1].tag("Red"), Some("B"));
    assert_eq!(games[1].warnings[0].kind, PgnWarningKind::Junk);
    assert_eq!(games[1].warnings[0].line, 7);
    // An illegal first move is still an error, not junk.
    let bad = "[Red \"A\"]\n\n1. a0a5 *\n";
    assert!(PgnReader::new(bad.as_bytes()).next().unwrap().is_err());
}

/// A record of `depth` variations nested one in the other: each line has two moves, and the
/// next line is played instead of its second. Along the deepest line the horses on the h file
/// go out and back; every second move is a b-file horse's.
fn nested(depth: usize) -> String {
    const CYCLE: [&str; 4] = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let mut text = String::with_capacity(depth * 12 + 64);
    text.push_str("[Format \"ICCS\"]\n\nb0c2 ");
    for k in 1..=depth {
        text.push('(');
        text.push_str(CYCLE[(k - 1) % 4]);
        text.push_str(if k % 2 == 1 { " b9c7 " } else { " b0c2 " });
    }
    for _ in 0..depth {
        text.push(')');
    }
    text.push_str(" *\n");
    text
}

fn depth_of(game: &PgnGame) -> usize {
    let mut depth = 0;
    let mut line = &game.moves;
    while let Some(v) = line
        .iter()
        .find(|m| !m.variations.is_empty())
        .map(|m| &m.variations[0])
    {
        depth += 1;
        line = &v.moves;
    }
    depth
}

#[test]
fn deep_variations_are_cut_at_the_limit_with_a_warning() {
    for depth in [1_000, 100_000] {
        let text = nested(depth);
        if depth == 100_000 {
            assert!(text.len() > 1_000_000);
        }
        let game = within(20, move || {
            let game = read_one(text.as_bytes());
            // Writing, cloning, comparing and the tree all walk it.
            let pgn = game.to_pgn(&WriteOptions::default()).unwrap();
            assert_eq!(read_one(pgn.as_bytes()).moves, game.moves);
            assert_eq!(GameTree::from_record(&game).to_record().moves, game.moves);
            game
        });
        assert_eq!(iccs(&game), ["b0c2"]);
        assert_eq!(depth_of(&game), MAX_VARIATION_DEPTH);
        assert_eq!(
            game.warnings.iter().map(|w| &w.kind).collect::<Vec<_>>(),
            [&PgnWarningKind::DeepVariation {
                limit: MAX_VARIATION_DEPTH
            }]
        );
    }
    // Unclosed, it is an error, not a hang.
    let mut text = nested(100_000);
    text.truncate(text.len() - 100_000 / 2 - " *\n".len());
    let result = within(20, move || PgnReader::new(text.as_bytes()).next().unwrap());
    assert!(matches!(
        result,
        Err(e) if matches!(e.kind, PgnErrorKind::Unbalanced(_))
    ));
}

#[test]
fn a_huge_single_line_reads_in_linear_time() {
    // 15 MB of movetext on one line: horses out and back, 3 million plies, then an illegal move
    // whose column must be exact.
    let cycle = "h0g2 h9g7 g2h0 g7h9 ";
    let repeats = 15_000_000 / cycle.len();
    let mut text = String::from("[Format \"ICCS\"]\n\n");
    let line_start = text.len();
    text.push_str(&cycle.repeat(repeats));
    let column = text.len() - line_start + 1;
    text.push_str("h0h9 *\n");
    let (ok, error) = within(60, move || {
        let mut reader = PgnReader::new(text.as_bytes());
        let first = reader.next().unwrap();
        let ok = text.replace("h0h9 ", "");
        let game = PgnReader::new(ok.as_bytes()).next().unwrap().unwrap();
        (game.moves.len(), first.err())
    });
    assert_eq!(ok, repeats * 4);
    let error = error.expect("h0h9 is not legal");
    assert_eq!((error.line, error.column), (3, column));
    assert!(matches!(
        error.kind,
        PgnErrorKind::Move(MoveParseError::Illegal { .. })
    ));
}

#[test]
fn an_eighty_thousand_token_line_with_columns_per_token() {
    // Every token asks for its column (a NAG on every move is kept, comments record theirs).
    let mut text = String::from("[Format \"ICCS\"]\n\n");
    for _ in 0..20_000 {
        text.push_str("h0g2 {x} h9g7 $1 g2h0 {y} g7h9 $2 ");
    }
    text.push_str("*\n");
    let game = within(20, move || read_one(text.as_bytes()));
    assert_eq!(game.moves.len(), 80_000);
    assert_eq!(game.moves[1].nags, [1]);
}

#[test]
fn variations_comments_and_nags_round_trip_through_the_tree() {
    let text = "[Event \"e\"]\n[Format \"WXF\"]\n\n{start} 1. C2=5 $1 {center} (1. H2+3 {horse} (1. P7+1) 1... H8+7) \
                1... H8+7 2. H2+3 (2. R1+1 $6) R9=8 1-0\n";
    let game = read_one(text.as_bytes());
    let tree = GameTree::from_record(&game);
    let root = tree.root();
    assert_eq!(tree.variations(root).len(), 3);
    assert_eq!(tree.comment(root), Some("start"));
    // The tree knows no difference between a variation of a variation's first move and a
    // variation of the move itself: both are other moves from the same position.
    let back = tree.to_record();
    assert_eq!(GameTree::from_record(&back).to_record(), back);
    assert_eq!(back.moves[0].variations.len(), 2);
    assert_eq!(back.moves[0].variations[1].moves[0].mv.to_string(), "c3c4");
    assert_eq!(
        back.moves[0].variations[0].moves[0].comment.as_deref(),
        Some("horse")
    );
    for format in [MoveFormat::Iccs, MoveFormat::Wxf, MoveFormat::Chinese] {
        let options = WriteOptions {
            format,
            ..WriteOptions::default()
        };
        let again = read_one(back.to_pgn(&options).unwrap().as_bytes());
        assert_eq!(again.moves, back.moves, "{format:?}");
        assert_eq!(again.comment, game.comment);
    }
    // Editing: promote the horse, add a move, the written record follows.
    let mut tree = tree;
    let horse = tree.variations(root)[1];
    tree.promote_to_main(horse);
    let end = tree.end(root);
    let reply = tree.position(end).parse_any("C8=5").unwrap();
    let added = tree.add_variation(end, reply).unwrap();
    assert_eq!(tree.ply(added), 3);
    let pgn = tree.to_record().to_pgn(&WriteOptions::default()).unwrap();
    let again = read_one(pgn.as_bytes());
    assert_eq!(iccs(&again), ["h0g2", "h9g7", "b2e2"]);
    assert_eq!(again.moves[0].variations.len(), 2);
}
