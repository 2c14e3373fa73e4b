"""The in-process engine: play, analyse, MultiPV, stop from another thread, the GIL released."""

from __future__ import annotations

import threading
import time

import pytest

import xiangqi
import xiangqi.engine
from conftest import read_tsv
from xiangqi import Board, Move
from xiangqi.engine import Engine, Limit

MATES = [row for row in read_tsv("puzzles/mates.tsv") if int(row["mate_in_moves"]) <= 3]


def test_a_mate_limit_alone_finds_the_mate_and_stops() -> None:
    # Red mates with a1a9 (the C engine test's position); the depth never exceeds what the
    # mate needs, by the one formula the Rust search defines.
    board = Board("4k4/9/9/5N3/9/9/9/9/R8/3K5 w - - 0 1")
    result = Engine(level="master").play(board, Limit(mate=1))
    assert result.move == Move.from_uci("a1a9")
    assert result.score.relative == xiangqi.engine.Mate(1)
    assert result.depth <= 3


def test_play_from_the_start() -> None:
    engine = Engine(level="master")
    board = Board()
    result = engine.play(board, Limit(depth=6))
    assert result.move is not None and result.move in board.legal_moves
    assert result.pv[0] == result.move and result.depth == 6 and result.nodes > 0
    score = result.score.pov(xiangqi.RED)
    assert isinstance(score, xiangqi.engine.Cp) and not score.is_mate() and not result.score.is_mate()
    assert score.mate() is None and abs(score.cp) < 200 and score.score() == score.cp
    assert result.score.pov(xiangqi.BLACK) == -score
    assert list(xiangqi.engine.LEVELS) == ["beginner", "casual", "club", "strong", "master"]


@pytest.mark.parametrize("row", MATES, ids=[r["id"] for r in MATES])
def test_finds_the_shared_mates(row: dict) -> None:
    engine = Engine(level="master")
    board = Board(row["fen"])
    n = int(row["mate_in_moves"])
    # The search needs a few plies beyond the mate to prove it (checks, extensions, pruning).
    info = engine.analyse(board, Limit(depth=2 * n + 5))
    assert isinstance(info, dict)
    # The binding's job: a mate score for the side to move (never shorter than the verified
    # shortest mate) and a principal variation that, played out, wins.
    mate = info["score"].relative.mate()
    assert info["score"].is_mate() and mate is not None and mate >= n
    assert len(info["pv"]) == 2 * mate - 1
    for move in info["pv"]:
        board.push(move)
    assert board.is_checkmate() or board.is_stalemate()
    assert board.outcome() is not None and board.outcome().winner == xiangqi.RED  # type: ignore[union-attr]


def test_multipv_and_info_callback() -> None:
    engine = Engine()
    seen: list = []
    lines = engine.analyse(Board(), Limit(depth=5), multipv=3, info=seen.append)
    assert isinstance(lines, list) and len(lines) == 3
    firsts = [line["pv"][0] for line in lines]
    assert len(set(firsts)) == 3
    keys = [line["score"].relative.score() for line in lines]
    assert keys == sorted(keys, reverse=True)
    depths = [i["depth"] for i in seen]
    assert depths == sorted(depths) and depths[-1] == 5


def test_no_legal_move() -> None:
    board = Board("4k4/9/9/9/4R4/9/9/9/9/3K1R3 b - - 0 1")
    result = Engine().play(board, Limit(depth=3))
    assert result.move is None
    assert result.score.relative == xiangqi.engine.Mate(0) and result.score.red() == xiangqi.engine.MateGiven


def test_stop_from_another_thread_and_gil_released() -> None:
    engine = Engine()
    results: list = []
    thread = threading.Thread(target=lambda: results.append(engine.analyse(Board(), Limit())))
    thread.start()
    # The search runs without the GIL, so this thread keeps running Python meanwhile.
    count = 0
    deadline = time.perf_counter() + 0.5
    while time.perf_counter() < deadline:
        count += 1
    assert count > 10_000
    engine.stop()
    thread.join(timeout=10)
    assert not thread.is_alive()
    assert results and results[0]["pv"][0] in Board().legal_moves


def test_engines_search_in_parallel_threads() -> None:
    boards = [Board(), Board("4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1")]
    results: dict = {}

    def run(i: int) -> None:
        results[i] = Engine().play(boards[i], Limit(depth=5))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0].move in boards[0].legal_moves
    assert results[1].move == Move.from_uci("a5e5") and results[1].score.relative == xiangqi.engine.Mate(1)


def test_levels_and_errors() -> None:
    board = Board()
    for level in xiangqi.engine.LEVELS:
        move = Engine(level=level, seed=1).play(board, Limit(nodes=2000)).move
        assert move in board.legal_moves
    with pytest.raises(xiangqi.XiangqiError):
        Engine(level="grandmaster")
    with pytest.raises(xiangqi.XiangqiError):
        Engine().play(board, Limit(time=-1))
    # An exception in the info callback ends the search and propagates.
    def boom(info: dict) -> None:
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        Engine().analyse(board, Limit(depth=4), info=boom)


def test_gym_env_against_an_engine_level() -> None:
    gymnasium = pytest.importorskip("gymnasium", reason="gymnasium is not installed")
    import numpy as np

    import xiangqi.gym

    env = gymnasium.make(xiangqi.gym.ENV_ID, opponent="beginner", opponent_time=0.01).unwrapped
    obs, info = env.reset(seed=0)
    action = int(np.flatnonzero(info["action_mask"])[0])
    env.step(action)
    assert len(env.board.move_stack) == 2  # our move and the engine's reply
