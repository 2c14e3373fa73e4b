//! DhtmlXQ: a record as a web page writes it, random trees written and read back, junk.

mod common;

use common::{add_random_variations, random_game, Rng};
use xiangqi_core::dhtmlxq;
use xiangqi_core::pgn::{GameTree, PgnGame, PgnResult};
use xiangqi_core::Position;

/// The main line and two variations in the numbering web sites use: line 1 replaces ply 2 of
/// the main line, line 2 replaces ply 3 of line 1.
const PAGE: &str = "<html><body><div>[DhtmlXQ]
[DhtmlXQ_ver]www_dhtmlxq_com[/DhtmlXQ_ver]
[DhtmlXQ_title]测试[/DhtmlXQ_title]
[DhtmlXQ_red]红方[/DhtmlXQ_red][DhtmlXQ_black]黑方[/DhtmlXQ_black]
[DhtmlXQ_result]黑胜[/DhtmlXQ_result]
[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]
[DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]
[DhtmlXQ_move_0_2_1]12427967[/DhtmlXQ_move_0_2_1]
[DhtmlXQ_move_1_3_2]1927[/DhtmlXQ_move_1_3_2]
[DhtmlXQ_comment0]开局||两行[/DhtmlXQ_comment0]
[DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1]
[DhtmlXQ_comment2_3]另一步[/DhtmlXQ_comment2_3]
[/DhtmlXQ]</div></body></html>";

fn iccs(moves: &[xiangqi_core::pgn::PgnMove]) -> Vec<String> {
    moves.iter().map(|m| m.mv.to_string()).collect()
}

#[test]
fn a_web_page_record() {
    let game = dhtmlxq::read(PAGE).unwrap();
    assert_eq!(game.tag("Title"), Some("测试"));
    assert_eq!(game.tag("Red"), Some("红方"));
    assert_eq!(game.result, PgnResult::BlackWins);
    // Worked out on the board: 7747 h2e2, 7062 h9g7, 7967 h0g2; 1242 b7e7; 1927 b0c2.
    assert_eq!(iccs(&game.moves), ["h2e2", "h9g7", "h0g2"]);
    let line1 = &game.moves[1].variations[0];
    assert_eq!(iccs(&line1.moves), ["b7e7", "h0g2"]);
    let line2 = &line1.moves[1].variations[0];
    assert_eq!(iccs(&line2.moves), ["b0c2"]);
    assert_eq!(line2.moves[0].comment.as_deref(), Some("另一步"));
    assert_eq!(game.comment.as_deref(), Some("开局\n两行"));
    assert_eq!(game.moves[0].comment.as_deref(), Some("中炮"));
    let again = dhtmlxq::read(&dhtmlxq::write(&game).unwrap()).unwrap();
    assert_eq!(again.moves, game.moves);
    assert_eq!(again.comment, game.comment);
}

#[test]
fn random_trees_write_and_read_back() {
    let mut rng = Rng::with_seed(0xd47);
    for _ in 0..200 {
        let plies = rng.usize(..50);
        let moves = random_game(&mut rng, plies);
        let record = PgnGame::from_moves(Position::startpos(), moves).unwrap();
        let mut tree = GameTree::from_record(&record);
        add_random_variations(&mut tree, &mut rng);
        let expected = tree.to_record();
        let read = dhtmlxq::read(&dhtmlxq::write(&expected).unwrap()).unwrap();
        assert_eq!(read.moves, expected.moves);
    }
}

#[test]
fn junk_gives_errors_or_legal_games() {
    let mut rng = Rng::with_seed(5);
    let pieces = [
        "[DhtmlXQ]",
        "[/DhtmlXQ]",
        "[DhtmlXQ_movelist]",
        "[/DhtmlXQ_movelist]",
        "7747",
        "99",
        "[DhtmlXQ_binit]",
        "[/DhtmlXQ_binit]",
        "[DhtmlXQ_move_0_1_1]",
        "[/DhtmlXQ_move_0_1_1]",
        "1234",
        "[DhtmlXQ_comment0]",
        "x",
        "]",
        "[",
    ];
    for _ in 0..2000 {
        let text: String = (0..rng.usize(..30))
            .map(|_| pieces[rng.usize(..pieces.len())])
            .collect();
        for game in dhtmlxq::read_all(&text).into_iter().flatten() {
            game.end_position().unwrap();
        }
    }
    assert!(dhtmlxq::read("no record").is_err());
}
