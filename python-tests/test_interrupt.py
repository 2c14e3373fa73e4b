"""Long calls answer Ctrl-C: perft and an endless search end with KeyboardInterrupt."""

import _thread
import signal
import threading
import time
from typing import Iterator

import pytest

from xiangqi import Board
from xiangqi.engine import Engine, Limit


@pytest.fixture(autouse=True)
def python_handles_ctrl_c() -> Iterator[None]:
    """Python's own Ctrl-C handler, whatever the process inherited: a shell starts a background
    job (`make test &`) with SIGINT ignored, and Python then neither installs its handler nor
    lets `_thread.interrupt_main` raise."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def interrupt_after(seconds: float) -> threading.Timer:
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    return timer


@pytest.mark.timeout(60)
def test_perft_answers_ctrl_c() -> None:
    timer = interrupt_after(0.3)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        Board().perft(100)
    assert time.monotonic() - start < 10
    timer.join()
    timer = interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        Board().perft_divide(100)
    timer.join()
    assert Board().perft(3) == 79_666  # and the next call counts as ever


@pytest.mark.timeout(60)
def test_an_endless_search_answers_ctrl_c() -> None:
    engine = Engine(hash_mb=16)
    timer = interrupt_after(0.3)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        engine.analyse(Board(), Limit())
    assert time.monotonic() - start < 10
    timer.join()
    assert engine.play(Board(), Limit(depth=4)).depth == 4
