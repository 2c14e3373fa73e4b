"""One in-process engine used from several threads: calls wait their turn with the GIL
released, properties answer during a search, the info callback may read the engine but not
start a nested search, and a stop outside a search does not cut the next one."""

import threading
import time
from typing import Any, List

import pytest

import xiangqi
from xiangqi import Board
from xiangqi.engine import Engine, Limit
from xiangqi.exceptions import EngineBusyError, EngineError


def run_in_threads(*targets: Any, timeout: float = 60.0) -> None:
    threads = [threading.Thread(target=t, daemon=True) for t in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
        assert not t.is_alive(), "a thread hangs"


@pytest.mark.timeout(120)
def test_two_threads_playing_on_one_engine_both_finish() -> None:
    engine = Engine(level="master", hash_mb=16)
    board = Board()
    results: List[Any] = []
    run_in_threads(*(lambda: results.append(engine.play(board, Limit(depth=6))) for _ in range(2)))
    assert len(results) == 2
    assert all(r.move in board.legal_moves and r.depth == 6 for r in results)


@pytest.mark.timeout(120)
def test_level_is_readable_while_another_thread_searches() -> None:
    engine = Engine(level="strong", hash_mb=16)
    started = threading.Event()
    seen: List[str] = []

    def search() -> None:
        engine.analyse(Board(), Limit(), info=lambda _: started.set())

    def read() -> None:
        assert started.wait(30)
        begin = time.monotonic()
        seen.append(engine.level)
        assert time.monotonic() - begin < 1.0, "reading the level waited for the search"
        engine.stop()

    run_in_threads(search, read)
    assert seen == ["strong"]


@pytest.mark.timeout(120)
def test_the_info_callback_reads_the_engine_but_cannot_search_again() -> None:
    engine = Engine(level="master", hash_mb=16)
    board = Board()
    levels: List[str] = []
    errors: List[BaseException] = []

    def callback(info: Any) -> None:
        levels.append(engine.level)
        if not errors:
            try:
                engine.play(board, Limit(depth=2))
            except EngineBusyError as e:
                errors.append(e)

    result = engine.play(board, Limit(depth=4), info=callback)
    assert result.move in board.legal_moves and result.depth == 4
    assert levels and set(levels) == {"master"}
    assert len(errors) == 1 and isinstance(errors[0], EngineError) and isinstance(errors[0], xiangqi.XiangqiError)
    assert "inside this engine's own search" in str(errors[0])
    # A changing call from inside is refused the same way, and the engine still works after.
    with pytest.raises(EngineBusyError):
        engine.play(board, Limit(depth=3), info=lambda _: engine.new_game())
    assert engine.play(board, Limit(depth=3)).depth == 3


@pytest.mark.timeout(120)
def test_an_engine_reused_after_a_with_block_searches_to_full_depth() -> None:
    with Engine(level="master", hash_mb=16) as engine:
        assert engine.play(Board(), Limit(depth=5)).depth == 5
    assert engine.play(Board(), Limit(depth=6)).depth == 6
    engine.stop()  # idle: nothing to stop
    assert engine.analyse(Board(), Limit(depth=6))["depth"] == 6  # type: ignore[index]


@pytest.mark.timeout(120)
def test_one_vecenv_shared_by_threads_takes_turns() -> None:
    env = xiangqi.VecEnv(64, seed=5)
    env.reset(seed=5)
    failures: List[BaseException] = []

    def stepper() -> None:
        try:
            for _ in range(200):
                env.step(env.random_actions())
        except BaseException as e:  # noqa: B036 - any failure is the finding
            failures.append(e)

    def reader() -> None:
        try:
            for i in range(400):
                assert env.observations() is not None and env.action_masks().shape == (64, 2086)
                assert len(env.fens()) == 64 and env.board(i % 64).fen()
        except BaseException as e:  # noqa: B036
            failures.append(e)

    # One stepper (random_actions then step must not be split by another step), two readers.
    run_in_threads(stepper, reader, reader)
    assert failures == []
