"""The external engine client: our own binary over UCI and UCCI, and fake engines that speak
ranks 1..10, crash, hang, or say something malformed."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path
from typing import List

import pytest

import xiangqi
from fake_engine import write_fake_engine
from xiangqi import Board, Move
from xiangqi.engine import Engine, Mate, PovScore
from xiangqi.exceptions import (
    EngineError,
    EngineIllegalMoveError,
    EngineProtocolError,
    EngineTerminatedError,
    EngineTimeoutError,
    XiangqiError,
)
from xiangqi.uci import AsyncEngine, Limit, SimpleEngine

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "xiangqi"


@pytest.fixture(scope="module")
def binary() -> List[str]:
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: build it with `make build` (make python-test does)")
    return [str(BINARY), "uci"]


def a_game() -> Board:
    """A position with history: the engine must be told the whole game."""
    board = Board()
    for text in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "h0h4", "h7i7"]:
        board.push_uci(text)
    return board


def test_our_binary_over_uci_plays_as_it_does_in_process(binary: List[str]) -> None:
    board = a_game()
    with SimpleEngine.popen_uci(binary, options={"Hash": 64, "Threads": 1}) as engine:
        assert engine.id["name"].startswith("xiangqi")
        assert engine.rank_base == 0 and "Level" in engine.options
        result = engine.play(board, Limit(nodes=5000))
        assert result.move is not None and result.move in board.legal_moves
        assert isinstance(result.score, PovScore) and result.score.turn == board.turn
        assert result.pv and result.pv[0] == result.move and result.depth > 0 and result.nodes > 0
    # The same search in this process finds the same move: the position and its history
    # reached the other process intact.
    local = Engine(level="master", threads=1, hash_mb=64).play(board, Limit(nodes=5000))
    assert local.move == result.move
    assert local.score.relative == result.score.relative


def test_analyse_with_multipv_and_info_callback(binary: List[str]) -> None:
    seen: list = []
    with SimpleEngine.popen_uci(binary) as engine:
        lines = engine.analyse(Board(), Limit(depth=5), multipv=3, info=seen.append)
        assert isinstance(lines, list) and len(lines) == 3
        firsts = [line["pv"][0] for line in lines]
        assert len(set(firsts)) == 3 and all(m in Board().legal_moves for m in firsts)
        cps = [line["score"].relative.score() for line in lines]
        assert cps == sorted(cps, reverse=True)
        assert any(i.get("depth") == 5 for i in seen)
        # Back to one line afterwards.
        single = engine.analyse(Board(), Limit(depth=3))
        assert isinstance(single, dict) and single["depth"] == 3


def test_our_binary_over_ucci_with_a_clock(binary: List[str]) -> None:
    board = a_game()
    with SimpleEngine.popen_ucci(binary, options={"hashsize": 16}) as engine:
        assert engine.protocol == "ucci" and "hashsize" in engine.options
        start = time.monotonic()
        result = engine.play(board, Limit(red_clock=2.0, black_clock=2.0, red_inc=0.1, black_inc=0.1))
        assert result.move in board.legal_moves
        # A 2-second clock is not spent on one move.
        assert time.monotonic() - start < 2.0
        mate_in_one = Board("3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1")
        found = engine.play(mate_in_one, Limit(depth=4))
        # UCCI scores are bare numbers (10000 - plies): a mate comes back as one.
        assert found.move == Move.from_uci("b0d0")
        assert found.score is not None and found.score.relative == Mate(1)


def test_ranks_one_to_ten_and_the_variant_option(tmp_path: Path) -> None:
    log = tmp_path / "received.txt"
    board = Board()
    board.push_uci("h2e2")
    with SimpleEngine.popen_uci(write_fake_engine(tmp_path, ranks=1, log=log)) as engine:
        assert engine.rank_base == 1
        result = engine.play(board, Limit(nodes=1))
    received = log.read_text()
    assert "setoption name UCI_Variant value xiangqi" in received
    # The move went out as h3e3; the fake's reply (the first legal move in ICCS order, a6a5,
    # sent as a7a6) came home as a6a5: read as ICCS it would be an empty point's move.
    assert f"position fen {xiangqi.STARTING_FEN} moves h3e3\n" in received
    assert result.move == Move.from_uci("a6a5")


def test_our_engine_offers_variants_and_keeps_iccs_ranks(binary: List[str]) -> None:
    # Its UCI_Variant starts on xiangqi (janggi beside it): ranks stay 0..9, unlike the
    # Fairy-Stockfish-like engine above, whose variant option starts on chess.
    with SimpleEngine.popen_uci(binary) as engine:
        variant = engine.find_option("UCI_Variant")
        assert variant is not None and variant.default == "xiangqi"
        assert engine.rank_base == 0
        board = Board()
        board.push_uci("h2e2")
        assert engine.play(board, Limit(nodes=500)).move in board.legal_moves


def test_the_whole_history_is_sent(tmp_path: Path) -> None:
    log = tmp_path / "received.txt"
    board = a_game()
    with SimpleEngine.popen_uci(write_fake_engine(tmp_path, log=log)) as engine:
        engine.play(board, Limit(depth=1))
    moves = " ".join(m.uci() for m in board.move_stack)
    assert f"position fen {xiangqi.STARTING_FEN} moves {moves}\n" in log.read_text()


def test_a_long_history_starts_after_the_last_capture(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Engines keep a bounded move list; no repetition reaches back across a capture.
    monkeypatch.setattr("xiangqi.uci.MAX_HISTORY", 4)
    log = tmp_path / "received.txt"
    board = Board()
    for text in ["h2e2", "h7e7", "e2e6", "e7e3", "b0c2", "b9c7"]:  # two cannon captures
        board.push_uci(text)
    after_capture = Board()
    for move in board.move_stack[:4]:
        after_capture.push(move)
    with SimpleEngine.popen_uci(write_fake_engine(tmp_path, log=log)) as engine:
        engine.play(board, Limit(depth=1))
    assert f"position fen {after_capture.fen()} moves b0c2 b9c7\n" in log.read_text()


def test_options_are_checked(tmp_path: Path) -> None:
    with SimpleEngine.popen_uci(write_fake_engine(tmp_path)) as engine:
        engine.configure({"hash": 32, "Style": "WILD"})
        assert engine.config["Hash"] == "32" and engine.config["Style"] == "wild"
        with pytest.raises(EngineError, match="no option 'Ponder'"):
            engine.configure({"Ponder": True})
        with pytest.raises(EngineError, match="1..64"):
            engine.configure({"Hash": 1000})
        with pytest.raises(EngineError, match="one of calm, wild"):
            engine.configure({"Style": "sleepy"})
        with pytest.raises(EngineError, match="MultiPV"):
            engine.analyse(Board(), Limit(depth=1), multipv=2)


def test_a_crash_is_an_engine_terminated_error(tmp_path: Path) -> None:
    engine = SimpleEngine.popen_uci(write_fake_engine(tmp_path, "crash", after=2))
    board = Board()
    engine.play(board, Limit(depth=1))
    with pytest.raises(EngineTerminatedError) as caught:
        engine.play(board, Limit(depth=1))
    assert caught.value.returncode == 3
    assert "segmentation fault (pretend)" in str(caught.value)
    assert not engine.is_alive()
    # Every later call says so at once.
    with pytest.raises(EngineTerminatedError):
        engine.play(board, Limit(depth=1))
    engine.quit()


def test_a_hang_is_a_timeout_and_the_engine_is_ended(tmp_path: Path) -> None:
    engine = SimpleEngine.popen_uci(write_fake_engine(tmp_path, "hang"))
    start = time.monotonic()
    with pytest.raises(EngineTimeoutError):
        engine.play(Board(), Limit(depth=1), timeout=0.5)
    # The deadline, then the grace a `stop` gets; the silent process is killed.
    assert time.monotonic() - start < 5.0
    assert not engine.is_alive()
    engine.quit()


def test_a_timed_move_gets_a_default_deadline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("xiangqi.uci.TIMED_SEARCH_GRACE", 0.3)
    with SimpleEngine.popen_uci(write_fake_engine(tmp_path, "hang")) as engine:
        with pytest.raises(EngineTimeoutError):
            engine.play(Board(), Limit(time=0.2))


def test_garbage_bad_info_and_illegal_moves_are_protocol_errors(tmp_path: Path) -> None:
    board = Board()
    with SimpleEngine.popen_uci(write_fake_engine(tmp_path, "garbage")) as engine:
        with pytest.raises(EngineProtocolError, match="malformed best move") as caught:
            engine.play(board, Limit(depth=1))
        assert "~~(o_o)~~" in caught.value.line
    with SimpleEngine.popen_uci(write_fake_engine(tmp_path, "badinfo")) as engine:
        with pytest.raises(EngineProtocolError, match="malformed info line"):
            engine.play(board, Limit(depth=1))
    with SimpleEngine.popen_uci(write_fake_engine(tmp_path, "illegal")) as engine:
        with pytest.raises(EngineIllegalMoveError) as illegal:
            engine.play(board, Limit(depth=1))
        assert illegal.value.move == "a0b3" and illegal.value.fen == board.fen()
    # The whole family is catchable as the package's error, and as a RuntimeError.
    assert issubclass(EngineIllegalMoveError, XiangqiError) and issubclass(EngineError, RuntimeError)


def test_start_failures(tmp_path: Path) -> None:
    with pytest.raises(EngineTerminatedError, match="cannot start"):
        SimpleEngine.popen_uci([str(tmp_path / "no-such-engine")])
    with pytest.raises(EngineTimeoutError, match="uciok"):
        SimpleEngine.popen_uci(write_fake_engine(tmp_path, "silent"), timeout=0.5)


def test_no_move_in_a_finished_position(binary: List[str]) -> None:
    mated = Board("3k5/9/9/9/9/9/9/9/9/R2RK4 b - - 1 1")
    assert mated.is_checkmate()
    with SimpleEngine.popen_uci(binary) as engine:
        result = engine.play(mated, Limit(depth=3))
    assert result.move is None


def test_the_process_ends_with_the_context(binary: List[str]) -> None:
    with SimpleEngine.popen_uci(binary) as engine:
        process = engine.process
    assert process.poll() is not None
    # An engine nobody quits ends with its last reference.
    forgotten = SimpleEngine.popen_uci(binary)
    process = forgotten.process
    del forgotten
    gc.collect()
    assert process.wait(timeout=5) is not None


def test_blocking_calls_inside_a_running_event_loop(binary: List[str]) -> None:
    # Notebooks run cells inside an event loop: the blocking API must not care.
    async def cell() -> Move:
        with SimpleEngine.popen_uci(binary) as engine:
            result = engine.play(Board(), Limit(depth=3))
        assert result.move is not None
        return result.move

    async def awaited() -> Move:
        async with await AsyncEngine.popen_uci(binary) as engine:
            result = await engine.play(Board(), Limit(depth=3))
        assert result.move is not None
        return result.move

    assert asyncio.run(cell()) == asyncio.run(awaited())


def test_simple_engine_is_reachable_from_xiangqi_engine() -> None:
    import xiangqi.engine
    import xiangqi.uci

    assert xiangqi.engine.SimpleEngine is xiangqi.uci.SimpleEngine
    assert callable(xiangqi.engine.SimpleEngine.popen_uci)
    with pytest.raises(AttributeError):
        xiangqi.engine.NoSuchThing  # noqa: B018
