"""Board's plies since the last capture and loss on time, both answered by the core game."""

from __future__ import annotations

import pytest

import xiangqi
from xiangqi import Board, Termination


def test_plies_since_capture_counts_over_the_game() -> None:
    # The FEN's count (7) carries on until the chariot takes the cannon on e1.
    board = Board("4k4/9/9/9/9/9/9/9/4c4/R2K5 w - - 7 20")
    assert board.plies_since_capture() == 7
    board.push_uci("a0a1")
    board.push_uci("e9e8")
    assert board.plies_since_capture() == 9
    board.push_uci("a1e1")
    assert board.plies_since_capture() == 0
    board.push_uci("e8f8")
    assert board.plies_since_capture() == 1
    board.pop()
    board.pop()
    assert board.plies_since_capture() == 9


def test_a_fallen_flag_loses() -> None:
    board = Board()
    board.push_uci("h2e2")
    board.flag(xiangqi.BLACK)
    outcome = board.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner, outcome.result()) == (Termination.TIME, xiangqi.RED, "1-0")
    assert outcome.termination.value == 10
    with pytest.raises(xiangqi.XiangqiError):
        board.flag(xiangqi.RED)
    board.pop()  # taking back the move before the flag withdraws it
    assert board.outcome() is None
