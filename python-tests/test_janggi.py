"""Janggi on the Python Board: ``Board(variant="janggi")``, ``Board.janggi(cho, han)``, the pass
(``pass_move``, ``e1e1`` or ``0000``), the endings under each rule set and the Korean notation.
The expected values are janggi's rules (issue 20) and Fairy-Stockfish's, as the core's tests
check them against pyffish."""

from __future__ import annotations

import copy
import pickle

import pytest

import xiangqi
from xiangqi import Board, Termination

JANGGI_START = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"


def test_a_janggi_board_starts_from_the_janggi_setup() -> None:
    board = Board(variant="janggi")
    assert board.variant == "janggi" and board.fen() == JANGGI_START
    assert board.rules == "janggi"
    assert len(board.legal_moves) == 32 and board.pass_move() in board.legal_moves
    assert board.pass_move() == xiangqi.Move.from_uci("e1e1")
    assert Board().variant == "xiangqi" and Board().rules == "axf"
    # A FEN is read in the board's variant: the elephant across the river is janggi's.
    assert Board("4k4/9/9/4B4/9/9/9/9/9/4K4 w - - 0 1", variant="janggi").fen().startswith("4k4/")
    with pytest.raises(xiangqi.FenError):
        Board("4k4/9/9/4B4/9/9/9/9/9/4K4 w - - 0 1")
    with pytest.raises(xiangqi.XiangqiError):
        Board(variant="shogi")


def test_the_sixteen_setups_by_name() -> None:
    fens = set()
    for cho in ("masangsangma", "sangmamasang", "masangmasang", "sangmasangma"):
        for han in ("마상상마", "상마마상", "마상마상", "상마상마"):
            board = Board.janggi(cho, han)
            assert board.variant == "janggi" and len(board.legal_moves) == 32
            fens.add(board.board_fen())
    assert len(fens) == 16
    # Han's 상마상마 read from Han's own left (file h) to right (file b): the elephant on h9.
    piece = Board.janggi(han="sangmasangma").piece_at(xiangqi.H9)
    assert piece is not None and piece.symbol() == "b"
    with pytest.raises(xiangqi.XiangqiError):
        Board.janggi("mamasangsang")


def test_two_passes_end_the_game_by_counting() -> None:
    board = Board(variant="janggi")
    cho_pass = board.pass_move()
    board.push_uci("0000")  # the pass, as UCI writes a null move
    assert board.move_stack == [cho_pass] and not board.is_game_over()
    assert board.pass_move() == xiangqi.Move.from_uci("e8e8")  # Han's general
    board.push(board.pass_move())
    outcome = board.outcome()
    assert outcome is not None and outcome.termination is Termination.DOUBLE_PASS
    # Equal material: Han's 1.5 points win.
    assert outcome.winner == xiangqi.BLACK and board.result() == "0-1"
    assert len(board.legal_moves) == 0
    traditional = Board(variant="janggitraditional")
    traditional.push(traditional.pass_move())
    traditional.push(traditional.pass_move())
    assert traditional.result() == "1/2-1/2"


def test_bikjang_and_the_pass_in_check() -> None:
    board = Board("4k4/9/9/9/9/9/9/9/9/3rK4 w - - 0 1", variant="janggi")
    # The generals face on the e-file and the d0 chariot checks: the pass is still legal.
    assert board.is_check() and board.pass_move() in board.legal_moves
    modern = Board("4k4/9/9/9/9/9/9/9/9/3rK4 w - - 0 1", variant="janggimodern")
    assert modern.pass_move() not in modern.legal_moves


def test_korean_notation_and_copies() -> None:
    board = Board(variant="janggi")
    move = board.parse_move("79졸78", "korean")
    assert move == xiangqi.Move.from_uci("i3h3") and board.parse_any("P79-78") == move
    assert board.format_move(move, "korean") == "79졸78"
    assert board.format_move(move, "korean-fsf") == "P79-78"
    assert board.format_move(board.pass_move(), "korean") == "한수쉼"
    board.push(move)
    for other in (pickle.loads(pickle.dumps(board)), copy.deepcopy(board), board.copy()):
        assert other.variant == "janggi" and other.move_stack == board.move_stack
        assert other.fen() == board.fen()
    board.reset()
    assert board.fen() == JANGGI_START
