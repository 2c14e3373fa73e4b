"""What python-chess users call next on an engine: ``analysis()`` (an iterator of infos that
can be stopped), ``configure()``, ``config``, ``id``, ``quit()``; and ``play`` refusing an empty
``Limit()``, which would search forever. The in-process engine and our binary over UCI alike."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any, Iterator, List, Union

import pytest

import xiangqi
from xiangqi.engine import AnalysisComplete, AnalysisResult, BestMove, Engine, Limit
from xiangqi.exceptions import EngineError, EngineTerminatedError
from xiangqi.uci import SimpleEngine

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "xiangqi"

pytestmark = pytest.mark.timeout(120)

AnyEngine = Union[Engine, SimpleEngine]


@pytest.fixture(params=["in-process", "uci"])
def engine(request: pytest.FixtureRequest) -> Iterator[AnyEngine]:
    if request.param == "in-process":
        with Engine(level="master", hash_mb=16) as e:
            yield e
    else:
        if not BINARY.exists():
            pytest.fail(f"{BINARY} is missing: build it with `make build` (make python-test does)")
        with SimpleEngine.popen_uci([str(BINARY), "uci"], options={"Hash": 16}) as e:
            yield e


def test_play_refuses_an_empty_limit(engine: AnyEngine) -> None:
    board = xiangqi.Board()
    started = time.monotonic()
    with pytest.raises(xiangqi.XiangqiError, match="needs a limit.*analysis"):
        engine.play(board, Limit())
    assert time.monotonic() - started < 5
    # Any one limit will do, the mate limit too.
    assert engine.play(board, Limit(depth=2)).move in board.legal_moves
    assert engine.play(board, Limit(mate=1)).move in board.legal_moves


def test_an_analysis_without_limit_runs_until_stopped(engine: AnyEngine) -> None:
    board = xiangqi.Board()
    depths: List[int] = []
    with engine.analysis(board) as analysis:
        assert isinstance(analysis, AnalysisResult)
        for info in analysis:
            if "depth" in info:
                depths.append(info["depth"])
            if info.get("depth", 0) >= 6:
                break
    best = analysis.wait()
    assert isinstance(best, BestMove) and best.move in board.legal_moves
    assert depths[:2] == [1, 2] and depths[-1] >= 6
    assert analysis.info["depth"] >= 6 and analysis.info["pv"][0] in board.legal_moves
    assert analysis.info["score"].relative is not None
    # Read to the end after the stop: the iteration ends, get() says complete.
    list(analysis)
    assert analysis.next() is None and analysis.empty() and not analysis.would_block()
    with pytest.raises(AnalysisComplete):
        analysis.get()
    # The engine is free again.
    assert engine.play(board, Limit(depth=3)).move in board.legal_moves


def test_an_analysis_with_a_limit_ends_by_itself_with_multipv(engine: AnyEngine) -> None:
    board = xiangqi.Board()
    analysis = engine.analysis(board, Limit(depth=5), multipv=3)
    infos = list(analysis)
    assert {i.get("multipv", 1) for i in infos if "pv" in i} == {1, 2, 3}
    assert len(analysis.multipv) == 3 and all(line["depth"] == 5 for line in analysis.multipv)
    assert analysis.wait().move == analysis.multipv[0]["pv"][0]


def test_a_stop_from_another_thread_and_before_the_search_starts(engine: AnyEngine) -> None:
    board = xiangqi.Board()
    analysis = engine.analysis(board)
    analysis.stop()  # at once: possibly before the search began
    assert analysis.wait().move in board.legal_moves
    analysis = engine.analysis(board)
    threading.Timer(0.3, analysis.stop).start()
    started = time.monotonic()
    assert analysis.wait().move in board.legal_moves
    assert time.monotonic() - started < 10


def test_the_board_is_copied(engine: AnyEngine) -> None:
    board = xiangqi.Board()
    analysis = engine.analysis(board, Limit(depth=4))
    board.push_uci("h2e2")  # the analysis is of the start position still
    assert analysis.wait().move in xiangqi.Board().legal_moves


def test_in_process_configure_config_id_and_quit() -> None:
    engine = Engine(level="club", hash_mb=8)
    assert engine.id["name"].startswith("xiangqi ") and engine.id["author"]
    default = xiangqi.engine.DEFAULT_EVALUATION
    assert engine.config == {"Threads": 1, "Hash": 8, "Level": "club", "Rules": None, "Seed": None, "Evaluation": default}
    engine.configure({"Threads": 2, "hash": "16", "Level": "strong", "Rules": "casual", "Seed": 7, "Clear Hash": True})
    assert engine.config == {"Threads": 2, "Hash": 16, "Level": "strong", "Rules": "casual", "Seed": 7, "Evaluation": default}
    assert engine.level == "strong"
    with pytest.raises(EngineError, match="no option 'Ponder'"):
        engine.configure({"Ponder": True})
    with pytest.raises(EngineError, match="MultiPV"):
        engine.configure({"MultiPV": 3})
    with pytest.raises(xiangqi.XiangqiError):
        engine.configure({"Threads": "many"})
    with pytest.raises(xiangqi.LimitError):
        engine.configure({"Threads": 100000})
    with pytest.raises(xiangqi.XiangqiError):
        engine.configure({"Hash": -1})
    assert engine.config["Hash"] == 16  # refused sizes keep the table
    with engine:
        pass
    assert engine.play(xiangqi.Board(), Limit(depth=1)).move is not None  # a with block only stops
    engine.quit()
    with pytest.raises(EngineTerminatedError):
        engine.play(xiangqi.Board(), Limit(depth=1))
    with pytest.raises(EngineTerminatedError):
        engine.analysis(xiangqi.Board())


def test_search_numbers_are_options_in_process_and_over_uci() -> None:
    params = xiangqi.engine.SEARCH_PARAMS
    assert params["RFP_MARGIN"][1] <= params["RFP_MARGIN"][0] <= params["RFP_MARGIN"][2]
    engine = Engine(hash_mb=4)
    shipped = engine.search_params
    assert shipped == {name: default for name, (default, _, _, _) in params.items()}
    board = xiangqi.Board()
    board.push_uci("h2e2")
    nodes = engine.analyse(board, Limit(depth=7))["nodes"]
    engine.configure({"lmr_base": params["LMR_BASE"][2]})  # any case; the most reduction
    assert engine.search_params["LMR_BASE"] == params["LMR_BASE"][2]
    engine.configure({"Clear Hash": True})
    assert engine.analyse(board, Limit(depth=7))["nodes"] < nodes  # the search reads it
    for bad in (params["LMR_BASE"][2] + 1, 10**30, -(10**30)):
        with pytest.raises(xiangqi.LimitError, match="LMR_BASE"):
            engine.configure({"LMR_BASE": bad})
    with pytest.raises(xiangqi.XiangqiError):
        engine.configure({"LMR_BASE": "many"})
    assert engine.search_params["LMR_BASE"] == params["LMR_BASE"][2]  # refused values change nothing
    engine.quit()
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing")
    uci: Any = SimpleEngine.popen_uci([str(BINARY), "uci"])
    assert "RFP_MARGIN" not in uci.options  # listed by a tuning build only (`--features tune`)
    with pytest.raises(EngineError, match="RFP_MARGIN"):
        uci.configure({"RFP_MARGIN": 140})  # this client sets only what an engine announces
    uci.quit()


def test_the_same_names_over_uci() -> None:
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing")
    engine: Any = SimpleEngine.popen_uci([str(BINARY), "uci"])
    assert engine.id["name"] == Engine().id["name"]
    engine.configure({"Hash": 16})
    assert engine.config["Hash"] == "16"
    engine.quit()


def test_async_analysis() -> None:
    import asyncio

    from xiangqi.uci import AsyncEngine

    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing")

    async def main() -> None:
        engine = await AsyncEngine.popen_uci([str(BINARY), "uci"])
        try:
            analysis = await engine.analysis(xiangqi.Board())
            depths = []
            async for info in analysis:
                depths.append(info.get("depth", 0))
                if depths[-1] >= 4:
                    analysis.stop()
            best = await analysis.wait_async()
            assert best.move in xiangqi.Board().legal_moves and max(depths) >= 4
        finally:
            await engine.quit()

    asyncio.run(main())


def test_an_analysis_left_running_does_not_hold_up_the_exit(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = tmp_path / "leave.py"
    script.write_text(
        "import xiangqi\nfrom xiangqi.engine import Engine\n"
        "analysis = Engine(hash_mb=16).analysis(xiangqi.Board())\nnext(iter(analysis))\nprint('leaving')\n",
        encoding="utf-8",
    )
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "leaving", done.stderr
    assert time.monotonic() - started < 30
