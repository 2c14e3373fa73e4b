"""xiangqi.pgn: reading and writing records."""

from __future__ import annotations

import io

import pytest

import xiangqi
import xiangqi.pgn
from xiangqi import Board, Move

RECORD = """[Game "Chinese Chess"]
[Event "Club championship"]
[Red "Li"]
[Black "Wang"]
[Result "1-0"]
[Format "Chinese"]

1. 炮二平五 {the central cannon} 马８进７ 2. 马二进三 (2. 兵七进一 卒7进1) 车９平８ 1-0

[Game "Chinese Chess"]
[FEN "4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1"]
[Format "ICCS"]

1. A5-E5 1-0
"""


def test_read_games_from_a_stream_one_at_a_time() -> None:
    handle = io.StringIO(RECORD)
    first = xiangqi.pgn.read_game(handle)
    assert first is not None
    assert first.headers["Red"] == "Li" and first.headers["Event"] == "Club championship"
    assert [m.uci() for m in first.mainline_moves()] == ["h2e2", "h9g7", "h0g2", "i9h9"]
    assert first.comments[0] == "the central cannon"
    assert first.result == "1-0"
    assert first.board().fen() == xiangqi.STARTING_FEN
    assert first.end().board().move_stack == first.moves
    second = xiangqi.pgn.read_game(handle)
    assert second is not None and second.fen == "4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1"
    assert second.end().board().is_checkmate()
    assert xiangqi.pgn.read_game(handle) is None


def test_read_games_and_errors() -> None:
    assert len(list(xiangqi.pgn.read_games(RECORD))) == 2
    bad = '[Format "ICCS"]\n\n1. H2-E2 H9-G7 2. H2-H8 *\n\n' + RECORD
    # As in python-chess: the broken record comes with what was read and its errors.
    games = list(xiangqi.pgn.read_games(bad))
    assert len(games) == 3 and [len(g.errors) for g in games] == [1, 0, 0]
    assert [m.uci() for m in games[0].mainline_moves()] == ["h2e2", "h9g7"]
    assert isinstance(games[0].errors[0], xiangqi.PgnError) and "line 3" in str(games[0].errors[0])
    assert len(list(xiangqi.pgn.read_games(bad, skip_errors=True))) == 2
    with pytest.raises(xiangqi.PgnError, match="line 3.*skip_errors=True"):
        list(xiangqi.pgn.read_games(bad, strict=True))
    game = xiangqi.pgn.read_game('[Format "WXF"]\n\n1. C2=5 R1+5 *\n')  # a9 cannot pass a6
    assert game is not None and len(game.errors) == 1 and [m.uci() for m in game.mainline_moves()] == ["h2e2"]
    with pytest.raises(xiangqi.PgnError):
        xiangqi.pgn.read_game('[Format "WXF"]\n\n1. C2=5 R1+5 *\n', strict=True)


@pytest.mark.parametrize(
    "notation,movetext",
    [
        ("iccs", "1. H2-E2 H9-G7 2. H0-G2 *"),
        ("wxf", "1. C2=5 H8+7 2. H2+3 *"),
        ("chinese", "1. 炮二平五 马8进7 2. 马二进三 *"),
        ("chinese-traditional", "1. 炮二平五 馬8進7 2. 傌二進三 *"),
    ],
)
def test_write_and_read_back(notation: str, movetext: str) -> None:
    board = Board()
    for uci in ["h2e2", "h9g7", "h0g2"]:
        board.push_uci(uci)
    text = xiangqi.pgn.write(board, notation=notation)
    assert movetext in text
    assert '[Game "Chinese Chess"]' in text
    again = xiangqi.pgn.read_game(text)
    assert again is not None and again.moves == board.move_stack


def test_game_building() -> None:
    game = xiangqi.pgn.Game({"Red": "A", "Black": "B"}, result="1/2-1/2")
    game.add_move(Move.from_uci("h2e2"), comment="opening")
    with pytest.raises(xiangqi.IllegalMoveError):
        game.add_move(Move.from_uci("h2e2"))  # Black to move now
    text = game.pgn(notation="wxf")
    assert "1. C2=5 {opening} 1/2-1/2" in text and '[Red "A"]' in text
    with pytest.raises(xiangqi.IllegalMoveError):
        xiangqi.pgn.Game(moves=[Move.from_uci("a9a8")])


def test_a_finished_board_records_its_result_and_ruling() -> None:
    board = Board("4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1")
    board.push_uci("a5e5")
    game = xiangqi.pgn.Game.from_board(board, {"Red": "Me"})
    assert game.result == "1-0" and game.headers["Termination"] == "checkmate"
    assert game.headers["Red"] == "Me" and game.fen == "4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1"
    text = xiangqi.pgn.write(board, notation="wxf")
    assert '[Result "1-0"]' in text and '[Termination "checkmate"]' in text and "checkmate" in text.split("\n\n", 1)[1]


def test_read_game_reads_records_without_results_one_at_a_time(tmp_path) -> None:
    # Records that end without a result token (as exports often do) end at the next record's tag
    # pairs; a "[" inside a comment is not a tag.
    text = (
        '[Event "a"]\n\n1. h2e2 h9g7\n\n'
        '[Event "b"]\n\n1. b0c2 {a comment\n[not a tag]} b9c7\n\n'
        '[Event "c"]\n\n1. h0g2 *\n'
    )
    path = tmp_path / "no-results.pgn"
    path.write_text(text)
    import io

    with path.open() as as_text, path.open("rb") as as_bytes:
        for stream in (io.StringIO(text), io.BytesIO(text.encode()), as_text, as_bytes):
            games = []
            while (game := xiangqi.pgn.read_game(stream)) is not None:
                games.append((game.headers["Event"], [m.uci() for m in game.mainline_moves()]))
            assert games == [("a", ["h2e2", "h9g7"]), ("b", ["b0c2", "b9c7"]), ("c", ["h0g2"])]
