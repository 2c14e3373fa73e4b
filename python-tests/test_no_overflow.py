"""Every bad number raises ``XiangqiError`` as the README promises: negative sizes and counts
(which PyO3 would turn into ``OverflowError``), numbers beyond any limit (``LimitError``), FEN
move numbers that are too large."""

from __future__ import annotations

from typing import Any, Callable

import pytest

import xiangqi
from xiangqi.engine import Engine

HUGE = 2**200


@pytest.mark.parametrize(
    "call",
    [
        lambda: xiangqi.Board().perft(-1),
        lambda: xiangqi.Board().perft_divide(-1),
        lambda: xiangqi.Board().planes(history=-1),
        lambda: xiangqi.Board().is_repetition(-2),
        lambda: xiangqi.Board().parse_uci("h2e2", rank_base=-1),
        lambda: xiangqi.Board().action_to_move(-5),
        lambda: xiangqi.Move.from_uci("h2e2", rank_base=-1),
        lambda: xiangqi.Move.from_uci("h2e2").uci(rank_base=-1),
        lambda: xiangqi.VecEnv(-1),
        lambda: xiangqi.VecEnv(2, seed=-1),
        lambda: xiangqi.VecEnv(2, max_plies=-1),
        lambda: xiangqi.VecEnv(2, history=-1),
        lambda: xiangqi.VecEnv(2, num_threads=-1),
        lambda: xiangqi.VecEnv(2).reset(seed=-3),
        lambda: xiangqi.VecEnv(2).board(-1),
        lambda: Engine(threads=-1),
        lambda: Engine(hash_mb=-1),
        lambda: Engine(seed=-1),
    ],
)
def test_negative_numbers_raise_xiangqi_error(call: Callable[[], Any]) -> None:
    with pytest.raises(xiangqi.XiangqiError, match="negative"):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: xiangqi.Board().perft(HUGE),
        lambda: xiangqi.Board().planes(history=HUGE),
        lambda: xiangqi.VecEnv(HUGE),
        lambda: xiangqi.VecEnv(2, seed=HUGE),
        lambda: Engine(hash_mb=HUGE),
        lambda: Engine(threads=2**40),
    ],
)
def test_numbers_beyond_every_limit_raise_limit_error(call: Callable[[], Any]) -> None:
    with pytest.raises(xiangqi.LimitError):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: xiangqi.square_name(HUGE),
        lambda: xiangqi.square_name(-HUGE),
        lambda: xiangqi.Board().piece_at(HUGE),
        lambda: xiangqi.Board().attackers(xiangqi.RED, HUGE),
        lambda: xiangqi.Board().is_attacked_by(xiangqi.RED, -HUGE),
        lambda: xiangqi.Board().pieces(HUGE, xiangqi.RED),
        lambda: xiangqi.Move(HUGE, 0),
        lambda: xiangqi.Piece(-HUGE, xiangqi.RED),
        lambda: xiangqi.encoding.index_to_move(HUGE, turn=xiangqi.RED),
    ],
)
def test_squares_and_codes_beyond_64_bits_raise_xiangqi_error(call: Callable[[], Any]) -> None:
    with pytest.raises(xiangqi.XiangqiError):
        call()


def test_a_float_is_still_a_type_error() -> None:
    with pytest.raises(TypeError):
        xiangqi.Board().perft(1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize("number", ["1000000001", "4294967296", "99999999999999999999"])
def test_a_fen_move_number_too_large_says_so(number: str) -> None:
    with pytest.raises(xiangqi.FenError, match="too large"):
        xiangqi.Board(f"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 {number}")
