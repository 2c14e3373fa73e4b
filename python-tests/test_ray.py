"""Matches, self-play and database analysis on a real Ray cluster started here (a head with two
CPUs on 127.0.0.1, one for the whole file): results equal to a local run, a worker killed in the
middle of a game, external engines missing on the workers, resuming, malformed shards and
databases, unreachable addresses, and the package without Ray."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path
from typing import Any, Iterator, List

import pytest

from fake_engine import write_fake_engine
from sprt_replay import assert_stopped_at_first_crossing
from xiangqi import Board, Move, encoding
from xiangqi.analyse import AnalysisConfig, AnalysisError
from xiangqi.analyse import run as analyse_run
from xiangqi.match import EngineConfig, Match, Sprt
from xiangqi.match.ray_exec import RayExecutor
from xiangqi.pgn import read_games, write
from xiangqi.selfplay import SelfPlayConfig, SelfPlayError, read_shards
from xiangqi.selfplay import run as selfplay_run

ray = pytest.importorskip("ray", reason="Ray is in requirements-dev.txt; install it to run these tests")
pa = pytest.importorskip("pyarrow")
pytest.importorskip("pyarrow.parquet")

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "ray.md"
BINARY = ROOT / "target" / "release" / "xiangqi"
#: A master game from the CCPD corpus, Big5 as published (see data/analysis/README.md).
REAL_GAME = ROOT / "data" / "analysis" / "ccpd-master-game.pgn"
# Ray on two shared cores is slow to start: a generous limit per test.
pytestmark = pytest.mark.timeout(150)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        object_store_memory=96 * 1024 * 1024,
        log_to_driver=False,
        configure_logging=False,
        _node_ip_address="127.0.0.1",
        # At the tests' priority, not Ray's default of 15 lower: the machine is shared.
        _system_config={"worker_niceness": 0},
    )
    try:
        yield ray
    finally:
        ray.shutdown()


def engines() -> List[EngineConfig]:
    return [EngineConfig(name="Master", level="master", seed=7), EngineConfig(name="Strong", level="strong", seed=7)]


def by_number(games: List[Any]) -> List[Any]:
    return [(g.number, g.result, [m.uci() for m in g.moves]) for g in sorted(games, key=lambda g: g.number)]


# ----- matches ---------------------------------------------------------------------------------


def test_a_match_on_ray_plays_the_games_of_a_local_run_and_resumes(cluster: Any, tmp_path: Path) -> None:
    settings = dict(games=4, nodes=300, max_moves=25, order="sequential")
    local = Match(engines(), **settings).run()  # type: ignore[arg-type]
    pgn = tmp_path / "ray.pgn"

    first: Match
    lines: List[str] = []

    def stop_after_two(line: str) -> None:
        lines.append(line)
        if line.startswith("[2/"):
            first.stop()

    first = Match(engines(), pgn=pgn, resume=True, progress=stop_after_two, executor=RayExecutor(), **settings)  # type: ignore[arg-type]
    partial = first.run()
    assert first.concurrency == 2  # the cluster's CPUs
    assert len(partial.games) == 2 and partial.interrupted
    done = Match(engines(), pgn=pgn, resume=True, executor=RayExecutor(concurrency=2), **settings).run()  # type: ignore[arg-type]
    assert not done.interrupted and len(done.games) == 4
    # The same games as in threads here: a game depends only on its number and the settings.
    assert by_number(done.games) == by_number(local.games)
    records = list(read_games(pgn.read_text(encoding="utf-8")))
    assert sorted(int(g.headers["Round"]) for g in records) == [1, 2, 3, 4]
    for game in records:
        board = Board(game.fen, "axf")
        for move in game.moves:
            assert board.outcome() is None
            board.push(move)
    assert done.pair(0, 1).games == 4 and done.pair(0, 1).pentanomial.pairs == 2


def wrapper_engine(tmp_path: Path) -> List[str]:
    """Our binary behind a script that first notes its parent's PID (the Ray worker playing),
    then keeps a copy of what it is told."""
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: build it with `make build` (make python-test does)")
    script = tmp_path / "noting-engine"
    script.write_text(f'#!/bin/sh\necho $PPID $$ >> "{tmp_path / "workers"}"\ntee -a "{tmp_path}/told.$$" | "{BINARY}" uci\n')
    script.chmod(0o755)
    return [str(script)]


def test_a_worker_killed_during_a_game_replays_it_and_counts_it_once(cluster: Any, tmp_path: Path) -> None:
    noted = tmp_path / "workers"
    theirs = EngineConfig(name="Binary", command=wrapper_engine(tmp_path), options={"Level": "master"}, seed=7)
    settings = dict(games=4, nodes=1500, max_moves=40, order="sequential")
    ours = EngineConfig(name="Master", level="master", seed=7)
    direct = EngineConfig(name="Binary", command=[str(BINARY), "uci"], options={"Level": "master"}, seed=7)
    reference = Match([ours, direct], concurrency=2, **settings).run()  # type: ignore[arg-type]
    killed: List[int] = []
    lines: List[str] = []
    finished_at_kill: List[int] = []

    def in_a_game(told: Path) -> bool:
        # The engine has been asked for a few moves of the game it began last.
        words = told.read_text().split() if told.exists() else []
        return "ucinewgame" in words and words[len(words) - words[::-1].index("ucinewgame") :].count("go") >= 3

    def kill_the_first_worker() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            first = noted.read_text().split()[:2] if noted.exists() else []
            if len(first) == 2 and in_a_game(tmp_path / f"told.{first[1]}"):
                finished_at_kill.append(len(lines))
                os.kill(int(first[0]), signal.SIGKILL)
                killed.append(int(first[0]))
                return
            time.sleep(0.02)

    killer = threading.Thread(target=kill_the_first_worker, daemon=True)
    killer.start()
    pgn = tmp_path / "games.pgn"
    result = Match(
        [ours, theirs], pgn=pgn, progress=lines.append, executor=RayExecutor(concurrency=2), **settings  # type: ignore[arg-type]
    ).run()
    killer.join(5)
    assert killed, "no worker was seen playing"
    with pytest.raises(ProcessLookupError):
        os.kill(killed[0], 0)
    # Killed in a game: five games were begun, four finished; the lost one was played again,
    # whole, elsewhere: the games are those of an undisturbed run.
    assert finished_at_kill[0] < 4
    begun = sum(p.read_text().split().count("ucinewgame") for p in tmp_path.glob("told.*"))
    assert begun == 5
    assert not result.interrupted
    assert by_number(result.games) == by_number(reference.games)
    assert sorted(g.number for g in result.games) == [1, 2, 3, 4]
    assert len([line for line in lines if line.startswith("[")]) == 4
    records = list(read_games(pgn.read_text(encoding="utf-8")))
    assert sorted(int(g.headers["Round"]) for g in records) == [1, 2, 3, 4]
    assert all(g.headers["Termination"] in ("normal", "adjudication") for g in records)
    assert result.pair(0, 1).games == 4


def test_the_sprt_stops_a_lopsided_match_on_ray(cluster: Any, tmp_path: Path) -> None:
    # As in test_match: a first-legal-move player loses pairs until the LLR passes elo1 = 200;
    # the games in flight then are cancelled, not counted.
    weak = EngineConfig(name="First", command=write_fake_engine(tmp_path), depth=1)
    lines: List[str] = []
    result = Match(
        [EngineConfig(name="Master", level="master", nodes=1000), weak],
        games=40, sprt=Sprt(0, 200), progress=lines.append, executor=RayExecutor(),
    ).run()
    assert result.sprt_decision == "H1" and not result.interrupted
    assert len(result.games) < 40 and len({g.number for g in result.games}) == len(result.games)
    assert_stopped_at_first_crossing(result, Sprt(0, 200), "H1")
    assert sum(1 for line in lines if line.startswith("[")) == len(result.games)
    assert any("SPRT: H1 accepted" in line for line in lines)


def test_an_engine_missing_on_the_workers_loses_its_games_not_the_match(cluster: Any, tmp_path: Path) -> None:
    missing = EngineConfig(name="Missing", command=[str(tmp_path / "no-such-engine")])
    result = Match([missing, engines()[0]], games=2, nodes=200, executor=RayExecutor()).run()
    assert len(result.games) == 2 and not result.interrupted
    for game in result.games:
        assert game.points(0) == 0.0 and game.termination == "abandoned"
        assert "no-such-engine" in game.reason and "failed to start" in game.reason


# ----- self-play ---------------------------------------------------------------------------------


SELFPLAY = SelfPlayConfig(nodes=300, multipv=4, explore_plies=6, max_plies=40, seed=5)


def test_selfplay_on_ray_writes_checked_shards_equal_to_local_ones(
    cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    on_ray = selfplay_run(4, tmp_path / "selfplay", SELFPLAY, games_per_shard=2, use_ray=True)
    assert on_ray.games == 4 and on_ray.shards_written == 2 and on_ray.positions > 0
    local = selfplay_run(4, tmp_path / "local", SELFPLAY, games_per_shard=2, workers=2)
    table = read_shards(tmp_path / "selfplay")
    assert table.equals(read_shards(tmp_path / "local"))
    rows = table.to_pylist()
    assert len(rows) == on_ray.positions == local.positions
    games = sorted({r["game"] for r in rows})
    assert games == [0, 1, 2, 3]
    for number in games:
        plies = [r for r in rows if r["game"] == number]
        board = Board(plies[0]["fen"], "axf")
        for i, row in enumerate(plies):
            assert board.fen() == row["fen"] and board.turn == row["red_to_move"]
            move = Move.from_uci(row["move"])
            assert move in board.legal_moves
            # The action indices name the move in the side-to-move view.
            assert encoding.index_to_move(row["action_2086"], "2086", turn=board.turn) == move
            assert encoding.index_to_move(row["action_8100"], "8100", turn=board.turn) == move
            assert row["move"] in row["policy_moves"] and len(set(row["policy_moves"])) == len(row["policy_moves"])
            assert all(Move.from_uci(m) in board.legal_moves for m in row["policy_moves"])
            assert [encoding.index_to_move(a, "2086", turn=board.turn).uci() for a in row["policy_2086"]] == row["policy_moves"]
            assert abs(sum(row["policy"]) - 1.0) < 1e-5 and row["policy"] == sorted(row["policy"], reverse=True)
            assert row["plies_to_end"] == len(plies) - i
            board.push(move)
        # The result, judged afresh from the last position (or the ply limit).
        outcome = board.outcome()
        result = plies[0]["result"]
        if outcome is not None:
            assert outcome.result() == result
        else:
            assert len(plies) == SELFPLAY.max_plies and result == "1/2-1/2"
        red_points = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}[result]
        assert all(r["outcome"] == (red_points if r["red_to_move"] else -red_points) for r in plies)
    # Readable by pandas and by Ray Data, as docs/ray.md shows (its example runs here as written).
    example = next(b for b in re.findall(r"```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S) if "read_shards" in b)
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    with warnings.catch_warnings():
        # Ray Data's own settings warn of their deprecations when it starts.
        warnings.simplefilter("ignore", DeprecationWarning)
        exec(compile(example, str(DOCS), "exec"), namespace)
        assert namespace["positions"].count() == len(rows)
    assert namespace["table"].equals(table)
    frame = namespace["frame"]
    assert len(frame) == len(rows) and list(frame.columns)[:3] == ["game", "ply", "fen"]
    assert [f for f in frame.columns] == [line.split("`")[1] for line in DOCS.read_text(encoding="utf-8").splitlines() if re.match(r"^\| `[a-z_0-9]+` \| (int|string|bool|list)", line)]


def test_selfplay_resumes_and_reports_malformed_shards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from xiangqi.selfplay import main

    out = tmp_path / "out"
    selfplay_run(4, out, SELFPLAY, games_per_shard=2, workers=1)
    before = read_shards(out)
    lost = pa.parquet.read_table(out / "shard-000001.parquet").num_rows
    (out / "shard-000001.parquet").unlink()
    again = selfplay_run(4, out, SELFPLAY, games_per_shard=2, workers=1)
    assert (again.shards_kept, again.shards_written, again.positions) == (1, 1, lost)
    assert read_shards(out).equals(before)
    with pytest.raises(SelfPlayError, match="other settings"):
        selfplay_run(4, out, SelfPlayConfig(nodes=400), games_per_shard=2, workers=1)
    shard = out / "shard-000000.parquet"
    shard.write_bytes(shard.read_bytes()[:100])
    args = ["--games", "4", "--nodes", "300", "--out", str(out), "--games-per-shard", "2", "--workers", "1"]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "shard-000000.parquet is not a readable Parquet shard" in err and "Traceback" not in err
    (tmp_path / "plain").write_text("not a directory")
    assert main(["--games", "1", "--nodes", "300", "--out", str(tmp_path / "plain")]) == 1
    assert "is a file" in capsys.readouterr().err
    assert main(["--games", "1", "--out", str(tmp_path / "x")]) == 2  # master without a limit
    assert "--nodes" in capsys.readouterr().err


# ----- analysis ----------------------------------------------------------------------------------


def blunder_game() -> str:
    """Red's chariot steps onto the rank Black's chariot holds, unprotected: a clear ??."""
    board = Board("3k5/9/9/9/9/9/9/9/r8/4K3R w - - 0 1")
    for uci in ("i0i1", "a1i1", "e0f0"):
        board.push_uci(uci)
    return write(board)


NOTE = re.compile(r"(^| )(#|([+-]\d+\.\d\d|#[+-]\d+)/\d+)(, better \S+ ([+-]\d+\.\d\d|#[+-]\d+))?$")


def test_analysis_on_ray_flags_the_blunder_and_resumes(cluster: Any, tmp_path: Path) -> None:
    database = tmp_path / "db"
    (database / "sub").mkdir(parents=True)
    (database / "a-blunder.pgn").write_text(blunder_game(), encoding="utf-8")
    (database / "sub" / "b-real.pgn").write_bytes(REAL_GAME.read_bytes())
    (database / "c-broken.pgn").write_text('[Game "Chinese Chess"]\n\n1. h2e2 z9z9 *\n', encoding="utf-8")
    out = tmp_path / "annotated.pgn"
    config = AnalysisConfig(nodes=1500)
    skipped: List[str] = []
    result = analyse_run(database, out, config, use_ray=True, report=skipped.append, notation="wxf")
    assert result.games == 2 and result.skipped == 1 and "c-broken.pgn: record 1 skipped" in skipped[0]
    games = list(read_games(out.read_text(encoding="utf-8")))
    assert len(games) == 2
    blunder, annotated = games
    assert all(g.headers["Annotator"] == config.describe() for g in games)
    assert blunder.nags[0] == [4] and "better" in (blunder.comments[0] or "")
    better = (blunder.comments[0] or "").split("better ")[1].split()[0]
    board = Board(blunder.fen)
    board.push_wxf(better)
    assert board.peek() != Move.from_uci("i0i1")
    assert blunder.nags[1] == []  # taking the chariot is right
    # Black is a chariot up after the capture: the evaluation says so.
    assert (blunder.comments[1] or "").startswith(("-", "#-"))
    source = next(read_games(REAL_GAME.read_bytes().decode("big5")))
    assert annotated.moves == source.moves and annotated.headers["Red"] == source.headers["Red"]
    for game in games:
        for comment, nags in zip(game.comments, game.nags):
            assert NOTE.search(comment or ""), comment
            assert bool(nags and nags[0] in (2, 4, 6)) == ("better" in (comment or ""))
    # Resuming: a record cut short is dropped and played again, the rest is kept.
    text = out.read_text(encoding="utf-8")
    cut = text.index("[Game", 10)
    out.write_text(text[: cut + 40], encoding="utf-8")
    with pytest.raises(AnalysisError, match="exists"):
        analyse_run(database, out, config, use_ray=True)
    again = analyse_run(database, out, config, use_ray=True, resume=True, notation="wxf")
    assert (again.kept, again.games) == (1, 1)
    assert [g.moves for g in read_games(out.read_text(encoding="utf-8"))] == [g.moves for g in games]


def test_analysis_reports_a_bad_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from xiangqi.analyse import main

    assert main([str(tmp_path / "nothing"), "--out", str(tmp_path / "o.pgn")]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    junk = tmp_path / "junk.pgn"
    junk.write_bytes(b"\xff\xfe\x00garbage that is no PGN \x81\x82")
    assert main([str(junk), "--out", str(tmp_path / "o.pgn"), "--nodes", "100", "--workers", "1"]) == 1
    err = capsys.readouterr().err
    assert "no games could be read" in err and "Traceback" not in err


# ----- the command lines, bad addresses, no Ray at all ----------------------------------------


def run_python(code_or_args: List[str], timeout: float = 60) -> "subprocess.CompletedProcess[str]":
    return subprocess.run([sys.executable, *code_or_args], capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def test_an_unreachable_address_is_a_clear_error(tmp_path: Path) -> None:
    commands = [
        ["-m", "xiangqi.match", "--engine", "level:master", "--engine", "level:strong", "--nodes", "100", "--ray", "127.0.0.1:9"],
        ["-m", "xiangqi.selfplay", "--games", "1", "--nodes", "100", "--out", str(tmp_path / "s"), "--ray", "127.0.0.1:9"],
        ["-m", "xiangqi.analyse", str(BINARY), "--out", str(tmp_path / "a.pgn"), "--ray", "127.0.0.1:9"],
    ]
    # All at once: each is a fresh interpreter.
    started = [
        subprocess.Popen([sys.executable, *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        for command in commands + [commands[0][:-1] + ["nonsense"]]
    ]
    outputs = [process.communicate(timeout=60) for process in started]
    for process, (_, err) in zip(started[:-1], outputs):
        assert process.returncode == 1, err
        assert "no Ray cluster at 127.0.0.1:9" in err and "Traceback" not in err
    assert started[-1].returncode == 1 and "HOST:PORT" in outputs[-1][1]


def test_the_package_works_without_ray(tmp_path: Path) -> None:
    code = f"""
import sys
sys.modules["ray"] = None  # importing ray now fails, as where it is not installed
import xiangqi, xiangqi.match, xiangqi.match.ray_exec, xiangqi.selfplay, xiangqi.analyse
from xiangqi import _ray
from xiangqi.selfplay import SelfPlayConfig, run
result = run(1, {str(tmp_path / 'out')!r}, SelfPlayConfig(nodes=100, max_plies=6), workers=1)
assert result.positions == 6, result
try:
    _ray.connect()
except _ray.RayUnavailableError as e:
    assert "pip install 'xiangqi[ray]'" in str(e), e
else:
    raise AssertionError("connected without ray")
from xiangqi.match.cli import main
sys.exit(main(["--engine", "level:master", "--engine", "level:strong", "--nodes", "100", "--ray"]))
"""
    done = run_python(["-c", code])
    assert done.returncode == 1, done.stderr
    assert "Ray is not installed" in done.stderr and "Traceback" not in done.stderr


def test_the_three_commands_run_on_the_cluster(cluster: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from xiangqi.analyse import main as analyse_main
    from xiangqi.match.cli import main as match_main
    from xiangqi.selfplay import main as selfplay_main

    pgn = tmp_path / "match.pgn"
    args = ["--engine", "level:master", "--engine", "level:strong", "--nodes", "200", "--maxmoves", "8", "--games", "2"]
    assert match_main(args + ["--pgn", str(pgn), "--ray"]) == 0
    out = capsys.readouterr().out
    assert "concurrency 2 on a Ray cluster" in out and "[2/2]" in out and "Master vs Strong:" in out
    assert selfplay_main(["--games", "2", "--nodes", "200", "--max-plies", "10", "--out", str(tmp_path / "sp"), "--ray"]) == 0
    assert "2 games, 20 positions" in capsys.readouterr().out
    assert analyse_main([str(pgn), "--out", str(tmp_path / "a.pgn"), "--nodes", "200", "--ray", "--notation", "chinese"]) == 0
    assert "2 games (32 moves) annotated" in capsys.readouterr().out
    assert [g.moves for g in read_games((tmp_path / "a.pgn").read_text(encoding="utf-8"))] == [
        g.moves for g in read_games(pgn.read_text(encoding="utf-8"))
    ]
