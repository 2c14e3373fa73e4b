"""WXF and Chinese notation on Board, against the shared WXF data and hand-worked moves."""

from __future__ import annotations

import pytest

import xiangqi
from conftest import read_tsv
from xiangqi import Board, Move

WXF_CASES = read_tsv("rules/notation_wxf.tsv")


@pytest.mark.parametrize("row", WXF_CASES, ids=[r["wxf"] for r in WXF_CASES])
def test_wxf_against_shared_data(row: dict) -> None:
    board = Board(row["fen"])
    move = Move.from_uci(row["move_iccs"])
    assert board.wxf(move) == row["wxf"]
    assert board.parse_wxf(row["wxf"]) == move
    assert board.parse_wxf(row["wxf_fsf"]) == move
    assert board.format_move(move, "wxf") == row["wxf"]


def test_chinese_opening_by_hand() -> None:
    board = Board()
    # Central cannon (炮二平五), the horse's screen (马8进7), Red's horse (马二进三).
    assert board.push_chinese("炮二平五") == Move.from_uci("h2e2")
    assert board.push_chinese("马8进7") == Move.from_uci("h9g7")
    assert board.chinese(Move.from_uci("h0g2")) == "马二进三"
    assert board.chinese(Move.from_uci("h0g2"), traditional=True) == "傌二進三"
    assert board.push_chinese("馬二進三") == Move.from_uci("h0g2")
    assert board.push_wxf("R9=8") == Move.from_uci("i9h9")
    assert board.format_move(Move.from_uci("i0h0"), "iccs1") == "i1h1"


# Two red chariots on the e-file: 前车 is the one nearer Black (e5), 后车 the one behind (e3).
TWO_CHARIOTS = "3k5/9/9/9/4R4/9/4R4/9/9/4K4 w - - 0 1"


def test_front_and_rear_pieces_on_one_file() -> None:
    board = Board(TWO_CHARIOTS)
    assert board.parse_chinese("前车进一") == Move.from_uci("e5e6")
    assert board.parse_chinese("后车平四") == Move.from_uci("e3f3")
    assert board.wxf(Move.from_uci("e5e6")) == "R++1"
    assert board.wxf(Move.from_uci("e3f3")) == "R-=4"


def test_parse_any_and_typed_errors() -> None:
    board = Board()
    h2e2 = Move.from_uci("h2e2")
    assert board.parse_any("h2e2") == board.parse_any("C2=5") == board.parse_any("炮二平五") == h2e2
    with pytest.raises(xiangqi.InvalidMoveError):
        board.parse_any("hello")
    with pytest.raises(xiangqi.IllegalMoveError):
        board.parse_wxf("R1+5")  # the i-file chariot is blocked by the soldier on i3
    with pytest.raises(xiangqi.IllegalMoveError):
        board.wxf(Move.from_uci("h2h8"))
    with pytest.raises(xiangqi.XiangqiError):
        board.format_move(h2e2, "san")


def test_ambiguous_move_error() -> None:
    # Naming the file instead of front/rear fits both chariots on the e-file.
    board = Board(TWO_CHARIOTS)
    with pytest.raises(xiangqi.AmbiguousMoveError):
        board.parse_wxf("R5+1")
    with pytest.raises(xiangqi.AmbiguousMoveError):
        board.parse_chinese("车五进一")
