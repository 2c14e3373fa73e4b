"""Sizes and numbers beyond what the package accepts raise typed errors (never abort the
interpreter, never a PanicException); huge time limits saturate."""

import math
import time
from typing import Any, Callable, List, Tuple

import numpy as np
import pytest

import xiangqi
from xiangqi import Board, VecEnv
from xiangqi.engine import MAX_SECONDS, Engine, Limit


def test_huge_sizes_raise_limit_errors() -> None:
    with pytest.raises(xiangqi.LimitError, match="hash"):
        Engine(hash_mb=10**6)
    with pytest.raises(xiangqi.LimitError, match="num_envs"):
        VecEnv(10**8)
    with pytest.raises(xiangqi.LimitError, match="num_envs"):
        VecEnv(2**62)
    for history in (10**7, 2**62, 2**64 - 1):
        with pytest.raises(xiangqi.LimitError, match="history"):
            Board().planes(history=history)
        with pytest.raises(xiangqi.LimitError, match="history"):
            VecEnv(1, history=history)
    with pytest.raises(xiangqi.LimitError, match="num_threads"):
        VecEnv(1, num_threads=10**9)
    assert issubclass(xiangqi.LimitError, xiangqi.XiangqiError) and issubclass(xiangqi.LimitError, ValueError)
    # Within the limits everything works.
    assert Board().planes(history=xiangqi.MAX_HISTORY).shape == (14 * (xiangqi.MAX_HISTORY + 1) + 2, 10, 9)


@pytest.mark.timeout(60)
def test_time_limits_saturate_or_are_refused() -> None:
    board = Board()
    for huge in (1e300, math.inf, 10**30):
        limit = Limit(time=huge, depth=3)
        assert Engine().play(board, limit).depth == 3
    assert Engine().play(board, Limit(red_clock=1e300, black_clock=1e300, depth=2)).depth == 2
    for bad in (math.nan, -1.0, -math.inf):
        with pytest.raises(xiangqi.XiangqiError, match="non-negative"):
            Limit(time=bad)
        with pytest.raises(xiangqi.XiangqiError, match="non-negative"):
            Limit(red_clock=bad)
    with pytest.raises(xiangqi.XiangqiError):
        Limit(depth=2.5)  # type: ignore[arg-type]
    assert MAX_SECONDS >= 1e9


@pytest.mark.timeout(60)
def test_the_in_process_engine_manages_a_clock() -> None:
    # One second on the clock: the engine spends a share of it, as over UCI.
    start = time.monotonic()
    result = Engine().play(Board(), Limit(red_clock=1.0, black_clock=1.0))
    elapsed = time.monotonic() - start
    assert result.move is not None and elapsed < 1.0


BAD_INPUTS: List[Tuple[str, Callable[[], Any]]] = [
    ("hash", lambda: Engine(hash_mb=10**6)),
    ("threads", lambda: Engine(threads=10**6)),
    ("negative hash", lambda: Engine(hash_mb=-1)),
    ("num_envs", lambda: VecEnv(2**62)),
    ("num_envs overflow", lambda: VecEnv(2**70)),
    ("history", lambda: Board().planes(history=2**64 - 1)),
    ("time", lambda: Engine().play(Board(), Limit(time=float("nan")))),
    ("depth overflow", lambda: Engine().play(Board(), Limit(depth=2**40))),
    ("square", lambda: Board().piece_at(2**70)),
    ("move", lambda: xiangqi.Move(-1, 2**63)),
    ("fen", lambda: Board("x" * 10_000)),
    ("rank base", lambda: xiangqi.Move.from_uci("h2e2", 300)),
    ("perft depth", lambda: Board().perft(-1)),
    ("action", lambda: VecEnv(1).step(np.array([2**40]))),
    ("float action", lambda: VecEnv(1).step(np.array([1.5]))),
    ("action shape", lambda: VecEnv(2).step(np.zeros((2, 2), dtype=np.int64))),
    ("index", lambda: xiangqi.encoding.index_to_move(2**63, turn=True)),
    ("termination", lambda: xiangqi.Termination(99)),
]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("name,call", BAD_INPUTS, ids=[n for n, _ in BAD_INPUTS])
def test_bad_inputs_raise_ordinary_exceptions(name: str, call: Callable[[], Any]) -> None:
    try:
        call()
    except BaseException as e:  # noqa: B036 - the point: what does it derive from?
        assert isinstance(e, Exception), f"{name}: {type(e).__name__} is not an Exception"
        assert type(e).__name__ != "PanicException", f"{name}: {e}"
    else:
        pytest.fail(f"{name}: no error")
