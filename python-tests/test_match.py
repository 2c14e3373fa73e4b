"""The match runner: short node-limited matches of our engine (in this process and through the
binary over UCI), the PGN they write read back and re-judged by the rules, fake engines that
crash, hang, talk nonsense or play illegal moves, resuming, the SPRT's early stop,
adjudication, openings and the command line."""

from __future__ import annotations

import re
from pathlib import Path
from typing import List, Optional

import pytest

import xiangqi
from conftest import DATA
from fake_engine import write_fake_engine
from sprt_replay import assert_stopped_at_first_crossing
from xiangqi import Board
from xiangqi.match import (
    DrawAdjudication,
    EngineConfig,
    Match,
    MatchError,
    Opening,
    ResignAdjudication,
    Sprt,
    TimeControl,
    default_openings,
    load_openings,
)
from xiangqi.match.cli import main
from xiangqi.pgn import read_games

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "xiangqi"
COMMENT = re.compile(r"^[+-](\d+\.\d\d|M\d+)/\d+ \d+\.\d{3}s")


@pytest.fixture(scope="module")
def binary() -> List[str]:
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: build it with `make build` (make python-test does)")
    return [str(BINARY), "uci"]


def master() -> EngineConfig:
    return EngineConfig(name="Master", level="master", seed=7)


def test_master_against_strong_in_process_and_over_uci(binary: List[str], tmp_path: Path) -> None:
    """The same four games whether Strong searches here or in the binary over UCI."""
    runs = []
    for external in (False, True):
        strong = (
            EngineConfig(name="Strong", command=binary, options={"Level": "strong"}, seed=7)
            if external
            else EngineConfig(name="Strong", level="strong", seed=7)
        )
        pgn = tmp_path / f"games-{external}.pgn"
        match = Match([master(), strong], games=4, nodes=1500, max_moves=60, order="sequential", pgn=pgn)
        result = match.run()
        assert len(result.games) == 4 and not result.interrupted
        runs.append((result, pgn))
    (local, local_pgn), (remote, remote_pgn) = runs
    by_number = lambda r: [(g.result, g.moves) for g in sorted(r.games, key=lambda g: g.number)]  # noqa: E731
    assert by_number(local) == by_number(remote)

    games = list(read_games(remote_pgn.read_text(encoding="utf-8")))
    assert sorted(int(g.headers["Round"]) for g in games) == [1, 2, 3, 4]
    openings = default_openings()
    for game in games:
        number = int(game.headers["Round"])
        assert game.headers["Game"] == "Chinese Chess" and game.headers["Rules"] == "axf"
        # Each opening twice, colours swapped: games 1 and 2 from the first opening, ...
        assert game.fen == openings[(number - 1) // 2].fen
        assert (game.headers["Red"], game.headers["Black"]) == (("Master", "Strong") if number % 2 else ("Strong", "Master"))
        assert all(COMMENT.match(c or "") for c in game.comments), game.comments
        # Judge the record afresh: the rules' verdict, or the 60-move limit.
        board = Board(game.fen, "axf")
        for move in game.moves:
            assert board.outcome() is None
            board.push(move)
        outcome = board.outcome()
        if game.headers["Termination"] == "normal":
            assert outcome is not None and outcome.result() == game.result
        else:
            assert outcome is None and len(game.moves) == 120 and game.result == "1/2-1/2"
    pair = remote.pair(0, 1)
    points = sum(g.points(0) for g in remote.games)
    assert pair.games == 4 and pair.wins + pair.draws / 2 == points
    assert pair.pentanomial.pairs == 2
    assert "Master vs Strong" in remote.summary() and "Ptnml(0-2)" in remote.summary()


FAILURES = [
    # mode, its limit, the Termination tag, words of the reason
    ("crash", {"nodes": 300}, "abandoned", "engine crashed"),
    ("hang", {"tc": TimeControl(0.5, 0.05)}, "time forfeit", "loses on time"),
    ("garbage", {"nodes": 300}, "rules infraction", "malformed best move"),
    ("badinfo", {"nodes": 300}, "rules infraction", "score cp lots"),
    ("illegal", {"nodes": 300}, "rules infraction", "illegal move a0b3"),
]


@pytest.mark.parametrize("mode,limits,termination,reason", FAILURES, ids=[f[0] for f in FAILURES])
def test_a_failing_engine_loses_and_the_match_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str, limits: dict, termination: str, reason: str
) -> None:
    monkeypatch.setattr("xiangqi.uci.STOP_GRACE", 0.2)
    fake = EngineConfig(name="Fake", command=write_fake_engine(tmp_path, mode, after=3), **limits)
    ours = EngineConfig(name="Master", level="master", **limits)
    pgn = tmp_path / "games.pgn"
    result = Match([fake, ours], games=2, pgn=pgn).run()
    assert len(result.games) == 2
    games = list(read_games(pgn.read_text(encoding="utf-8")))
    for game in games:
        fake_is_red = game.headers["Red"] == "Fake"
        assert game.result == ("0-1" if fake_is_red else "1-0")
        assert game.headers["Termination"] == termination
        last_words = game.comments[-1] if game.comments else game.comment
        assert last_words is not None and reason in last_words
        # Two good moves, then the failure: in both games, so the engine was restarted.
        fake_moves = game.moves[0 if fake_is_red else 1 :: 2]
        assert len(fake_moves) == 2
    assert result.pair(0, 1).losses == 2


def test_a_node_limited_engine_that_hangs_loses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("xiangqi.uci.STOP_GRACE", 0.2)
    fake = EngineConfig(name="Fake", command=write_fake_engine(tmp_path, "hang", after=2), move_timeout=0.5)
    result = Match([fake, master()], games=1, nodes=200).run()
    (game,) = result.games
    assert game.result == "0-1" and game.termination == "time forfeit" and "hangs" in game.reason


def test_a_slow_start_is_not_a_slow_move(tmp_path: Path) -> None:
    # The handshake has its own deadline: a one-second start beside a 0.5 s move timeout.
    slow = EngineConfig(name="Slow", command=write_fake_engine(tmp_path, "slowstart"), move_timeout=0.5)
    result = Match([slow, master()], games=1, nodes=200, max_moves=6).run()
    (game,) = result.games
    assert game.termination != "time forfeit", game.reason
    assert len(game.moves) >= 6
    impatient = EngineConfig(name="Slow", command=write_fake_engine(tmp_path, "slowstart"), start_timeout=0.3)
    with pytest.raises(MatchError, match="does not start.*in time"):
        Match([impatient, master()], games=1, nodes=200, max_moves=6).run()


def test_resume_plays_only_what_is_missing(tmp_path: Path) -> None:
    pgn = tmp_path / "games.pgn"

    def make(progress=None, engines: Optional[List[EngineConfig]] = None) -> Match:
        return Match(
            engines or [master(), EngineConfig(name="Club", level="club", seed=3)],
            games=4, nodes=400, max_moves=30, pgn=pgn, resume=True, progress=progress,
        )

    first: Match

    def stop_after_two(line: str) -> None:
        if line.startswith("[2/"):
            first.stop()

    first = make(stop_after_two)
    partial = first.run()
    assert len(partial.games) == 2 and partial.interrupted
    before = pgn.read_text(encoding="utf-8")
    # A record cut off mid-write by the interruption is dropped on resume.
    pgn.write_text(before + '[Game "Chinese Chess"]\n[Round "3"]\n[Red "Master"]\n\n1. H2-E2 {+0.1', encoding="utf-8")

    with pytest.raises(MatchError, match="does not belong to this match"):
        make(engines=[EngineConfig(name="Other", level="master"), EngineConfig(name="Club", level="club")]).run()
    with pytest.raises(MatchError, match="exists"):
        Match([master(), EngineConfig(name="Club", level="club")], games=4, nodes=400, pgn=pgn).run()

    lines: List[str] = []
    done = make(lines.append).run()
    assert lines[0].startswith("resuming") and "2 of 4" in lines[0]
    assert len(done.games) == 4 and not done.interrupted
    after = pgn.read_text(encoding="utf-8")
    assert after.startswith(before)
    games = list(read_games(after))
    assert sorted(int(g.headers["Round"]) for g in games) == [1, 2, 3, 4]
    assert done.pair(0, 1).games == 4


def test_sprt_stops_a_lopsided_match_early(tmp_path: Path) -> None:
    # Our engine against one that plays its first legal move. With elo0 = 0, elo1 = 200 five
    # pairs of two wins pass the upper bound (see test_stats), fewer when a pair is drawn.
    weak = EngineConfig(name="First", command=write_fake_engine(tmp_path), depth=1)
    lines: List[str] = []
    result = Match(
        [EngineConfig(name="Master", level="master", nodes=1000), weak],
        games=40, concurrency=2, sprt=Sprt(0, 200), progress=lines.append,
    ).run()
    assert result.sprt_decision == "H1"
    assert len(result.games) < 40 and result.pair(0, 1).trinomial.score() >= 0.75
    assert_stopped_at_first_crossing(result, Sprt(0, 200), "H1")
    assert any("SPRT: H1 accepted" in line for line in lines)
    assert "H1 accepted" in result.summary()


def test_adjudication_by_scores_and_length(tmp_path: Path) -> None:
    despairing = EngineConfig(name="Gloomy", command=write_fake_engine(tmp_path, score=-1000), depth=1)
    result = Match([despairing, master()], games=1, nodes=300, resign=ResignAdjudication(3, 600)).run()
    (game,) = result.games
    assert game.result == "0-1" and game.termination == "adjudication" and "Red resigns" in game.reason
    assert len(game.moves) == 5  # Red's third move ends it

    calm = [EngineConfig(name=n, command=write_fake_engine(tmp_path), depth=1) for n in ("A", "B")]
    result = Match(calm, games=1, draw=DrawAdjudication(move_number=1, move_count=2, score=10)).run()
    (game,) = result.games
    assert game.result == "1/2-1/2" and game.reason == "draw by adjudication" and len(game.moves) == 4

    result = Match(calm, games=1, max_moves=3).run()
    (game,) = result.games
    assert game.result == "1/2-1/2" and "3 moves played" in game.reason and len(game.moves) == 6


def test_openings_files_and_schedule(tmp_path: Path) -> None:
    shipped = [line for line in (DATA / "openings" / "balanced.epd").read_text().splitlines() if line and not line.startswith("#")]
    assert [o.fen for o in default_openings()] == [Board(f).fen() for f in shipped]

    epd = tmp_path / "two.epd"
    epd.write_text("# two positions, EPD style\n" + "\n".join(" ".join(f.split()[:4]) + ' id "x";' for f in shipped[:2]) + "\n")
    assert [o.fen.split()[:2] for o in load_openings(epd)] == [f.split()[:2] for f in shipped[:2]]

    engines = [EngineConfig(level="master"), EngineConfig(level="strong"), EngineConfig(level="club")]
    match = Match(engines, games=4, nodes=100, openings=epd, order="sequential")
    assert len(match.tasks) == 3 * 4
    for a, b in [(0, 1), (0, 2), (1, 2)]:
        games = [t for t in match.tasks if {t.red, t.black} == {a, b}]
        assert [(t.red, t.black) for t in games] == [(a, b), (b, a), (a, b), (b, a)]
        assert games[0].opening == games[1].opening != games[2].opening == games[3].opening
    shuffled = [t.opening.fen for t in Match(engines[:2], games=120, nodes=1).tasks[::2]]
    assert sorted(shuffled) == sorted(o.fen for o in default_openings())
    assert shuffled != [o.fen for o in default_openings()]
    assert shuffled == [t.opening.fen for t in Match(engines[:2], games=120, nodes=1).tasks[::2]]

    book = tmp_path / "book.pgn"
    book.write_text('[Game "Chinese Chess"]\n[Format "WXF"]\n\n1. C2=5 H8+7 2. H2+3 *\n', encoding="utf-8")
    (opening,) = load_openings(book)
    assert [m.uci() for m in opening.moves] == ["h2e2", "h9g7", "h0g2"]
    out = tmp_path / "games.pgn"
    Match(engines[:2], games=2, nodes=200, max_moves=10, openings=book, pgn=out).run()
    for game in read_games(out.read_text(encoding="utf-8")):
        assert game.fen == xiangqi.STARTING_FEN and game.comments[:3] == ["book"] * 3
        assert len(game.moves) == 3 + 20


def test_time_controls_and_engine_settings() -> None:
    assert TimeControl.parse("10+0.1") == TimeControl(10.0, 0.1)
    assert TimeControl.parse("40/60") == TimeControl(60.0, 0.0, 40)
    assert TimeControl.parse("1:30+1") == TimeControl(90.0, 1.0)
    assert str(TimeControl.parse("40/60+0.5")) == "40/60+0.5"
    with pytest.raises(ValueError):
        TimeControl.parse("fast")
    config = EngineConfig.parse(["cmd=./engine --uci", "proto=ucci", "option.Hash=128", "tc=5+0.05", "name=E"])
    assert config.command == ["./engine", "--uci"] and config.protocol == "ucci"
    assert config.options == {"Hash": "128"} and config.tc == TimeControl(5.0, 0.05)
    assert EngineConfig.parse(["level:strong"]).display_name() == "Strong"
    with pytest.raises(ValueError):
        EngineConfig.parse(["level:grandmaster"])
    with pytest.raises(MatchError, match="no time control"):
        Match([EngineConfig(level="master"), EngineConfig(level="club")])


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pgn = tmp_path / "cli.pgn"
    status = main(
        ["--engine", "level:master", "name=M", "--engine", "level:strong", "--tc", "1+0.05", "--maxmoves", "6",
         "--games", "2", "--concurrency", "2", "--pgn", str(pgn), "--rules", "simple"]
    )
    out = capsys.readouterr().out
    assert status == 0, out
    assert "M vs Strong:" in out and "Elo:" in out and "[2/2]" in out
    games = list(read_games(pgn.read_text(encoding="utf-8")))
    assert len(games) == 2 and all(g.headers["Rules"] == "simple" and g.headers["TimeControl"] == "1+0.05" for g in games)
    # Each in-process move spends a share of a 1-second clock: nobody loses on time.
    assert all(g.headers["Termination"] != "time forfeit" for g in games)

    assert main(["--engine", "level:grandmaster", "--engine", "level:strong", "--nodes", "1"]) == 2
    assert main(["--engine", "cmd=" + str(tmp_path / "missing"), "--engine", "level:strong", "--nodes", "1"]) == 1
    err = capsys.readouterr().err
    assert "grandmaster" in err and "does not start" in err


def test_a_node_limited_match_is_the_same_on_every_run(tmp_path: Path) -> None:
    # No engine names a seed: each gets one derived from --seed, so the weak levels' random
    # choices, and with them the games, repeat; another --seed plays other games.
    def games(seed: int, name: str) -> List[List[str]]:
        pgn = tmp_path / name
        Match(
            [EngineConfig(level="beginner"), EngineConfig(level="casual")],
            games=4, nodes=300, max_moves=40, seed=seed, pgn=pgn,
        ).run()
        return [[m.uci() for m in g.mainline_moves()] for g in read_games(pgn.read_text(encoding="utf-8"))]

    first, again, other = games(1, "a.pgn"), games(1, "b.pgn"), games(2, "c.pgn")
    assert first == again and len(first) == 4
    assert other != first
    derived = [e.seed for e in Match([EngineConfig(level="beginner"), EngineConfig(level="beginner", seed=5)], nodes=10).engines]
    assert derived[0] is not None and derived[1] == 5
    assert derived[0] == Match([EngineConfig(level="beginner"), EngineConfig(level="casual")], nodes=10).engines[0].seed


def test_an_external_engine_gets_its_derived_seed_inside_its_option_range(binary: List[str], tmp_path: Path) -> None:
    # The derived seed has 63 bits; our engine's Seed option takes 0..2^31-1. The seed is folded
    # into the range, so the match starts, and the games still repeat.
    def games(name: str) -> List[List[str]]:
        pgn = tmp_path / name
        engines = [
            EngineConfig(name="A", command=binary, options={"Level": "beginner"}),
            EngineConfig(name="B", command=binary, options={"Level": "casual"}),
        ]
        result = Match(engines, games=2, nodes=300, max_moves=30, seed=3, pgn=pgn).run()
        assert len(result.games) == 2 and all(g.termination != "abandoned" for g in result.games)
        return [[m.uci() for m in g.mainline_moves()] for g in read_games(pgn.read_text(encoding="utf-8"))]

    assert games("a.pgn") == games("b.pgn")


def test_the_elo_figures_of_docs_match_are_what_the_statistics_give() -> None:
    from xiangqi.match.stats import Pentanomial, Trinomial

    text = (ROOT / "docs" / "match.md").read_text(encoding="utf-8")
    figures = re.findall(r"Elo:? [+-][^\n]*", text)
    assert len(figures) >= 4 and not [f for f in figures if "inf" in f], figures
    # Each summary's Elo from its pentanomial counts, each progress line's from its score.
    for elo, counts in re.findall(r"Elo: (.+?) \(95%, pentanomial\).*?\n.*?\n  Ptnml\(0-2\): \[([\d, ]+)\]", text):
        penta = tuple(int(c) for c in counts.split(","))
        assert elo == str(Pentanomial(penta).elo()), (elo, penta)  # type: ignore[arg-type]
    one_win = re.search(r"\+1 =0 -0 100\.0% Elo (.+)$", text, re.M)
    assert one_win and one_win.group(1) == str(Trinomial(1, 0, 0).elo())
