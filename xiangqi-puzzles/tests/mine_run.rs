//! A mining run over a folder with a Big5 game and broken games: the broken ones are skipped
//! and counted by reason, the run finishes, and a second run resumes without redoing anything.

use xiangqi_puzzles::judge::Budget;
use xiangqi_puzzles::mine::{mine, MineConfig};

#[test]
fn bad_games_are_counted_and_a_run_resumes() {
    let dir = std::env::temp_dir().join(format!("xiangqi-mine-{}", std::process::id()));
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    // A game in Big5 with traditional characters and full-width digits, as the CCPD corpus.
    let text = "[Game \"Chinese Chess\"]\n[Event \"測試\"]\n[Result \"1-0\"]\n\n\
                1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 3. 車一平二 卒７進１ 1-0\n";
    let (big5, _, unmappable) = encoding_rs::BIG5.encode(text);
    assert!(!unmappable);
    assert!(std::str::from_utf8(&big5).is_err());
    std::fs::write(games.join("a.pgn"), &big5).unwrap();
    std::fs::write(
        games.join("b.pgn"),
        "[Game \"Chinese Chess\"\n\n1. h2e2 1-0\n",
    )
    .unwrap();
    std::fs::write(
        games.join("c.pgn"),
        "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 2. i0i9 1-0\n",
    )
    .unwrap();
    let out = dir.join("mined.tsv");
    let config = MineConfig {
        scan: Budget::nodes(300),
        prefilter: Budget::nodes(500),
        verify: Budget::nodes(2_000),
        skip_plies: 0,
        progress: false,
        ..MineConfig::default()
    };
    let first = mine(&games, &out, &config).unwrap();
    assert_eq!(first.games, 1, "{first:?}");
    assert_eq!(first.positions, 6, "{first:?}");
    assert_eq!(first.skipped.get("tag"), Some(&1), "{first:?}");
    assert_eq!(first.skipped.get("move"), Some(&1), "{first:?}");
    let again = mine(&games, &out, &config).unwrap();
    assert_eq!((again.games, again.resumed), (0, 3), "{again:?}");
    let done = std::fs::read_to_string(dir.join("mined.tsv.done")).unwrap();
    assert_eq!(done.lines().count(), 3);
    assert!(done.contains("b.pgn\tskipped\ttag"));
    let header = std::fs::read_to_string(&out).unwrap();
    assert_eq!(header.lines().filter(|l| l.starts_with("id\t")).count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}
