"""The command line of ``python -m xiangqi.match``.

    python -m xiangqi.match \\
        --engine level:master name=Master --engine level:strong name=Strong \\
        --each tc=10+0.1 --games 100 --concurrency 2 --pgn master-strong.pgn \\
        --sprt elo0=0 elo1=20

An engine is ``level:NAME`` (built in) or ``cmd=COMMAND`` (``proto=uci|ucci``, ``ranks=0|1``,
``option.NAME=VALUE``), with ``name=``, ``tc=``, ``st=``, ``nodes=``, ``depth=``, ``threads=``,
``hash=``, ``seed=``, ``timemargin=``, ``timeout=``, ``starttimeout=``, ``dir=``. ``--each`` gives settings to every
engine (an engine's own win).
"""

from __future__ import annotations

import argparse
import sys
from typing import Dict, List, Optional, Sequence

from xiangqi.exceptions import XiangqiError
from xiangqi.match.players import EngineConfig, TimeControl
from xiangqi.match.runner import DrawAdjudication, Executor, Match, MatchError, ResignAdjudication
from xiangqi.match.stats import Sprt

__all__ = ["main", "build_parser"]


def _pairs(tokens: Sequence[str], what: str, allowed: Sequence[str]) -> Dict[str, str]:
    values: Dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if not sep or key.lower() not in allowed:
            raise MatchError(f"{what} takes {', '.join(k + '=' for k in allowed)}; not {token!r}")
        values[key.lower()] = value
    return values


def _flag(text: str) -> bool:
    if text.lower() in ("true", "1", "yes", "on"):
        return True
    if text.lower() in ("false", "0", "no", "off"):
        return False
    raise MatchError(f"expected true or false, not {text!r}")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m xiangqi.match",
        description="Play engines against each other; xiangqi's rules judge the games.",
        epilog=(
            "Engine settings: level:NAME | cmd=COMMAND [proto=uci|ucci] [ranks=0|1] [option.NAME=VALUE]..., "
            "and name=, tc=10+0.1, st=SECONDS, nodes=N, depth=N, threads=N, hash=MB, seed=N, "
            "timemargin=SECONDS, timeout=SECONDS, starttimeout=SECONDS, dir=PATH."
        ),
    )
    parser.add_argument("--engine", nargs="+", action="append", required=True, metavar="SETTING", help="an engine (give two or more)")
    parser.add_argument("--each", nargs="+", default=[], metavar="SETTING", help="settings for every engine")
    parser.add_argument("--tc", help="time control for every engine: 10+0.1, 40/60, 1:30+1")
    parser.add_argument("--st", type=float, help="seconds per move for every engine")
    parser.add_argument("--nodes", type=int, help="nodes per move for every engine")
    parser.add_argument("--depth", type=int, help="depth per move for every engine")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--games", type=int, help="games per pair of engines (default 2)")
    group.add_argument("--rounds", type=int, help="rounds: each pair plays one opening twice per round")
    parser.add_argument("--concurrency", type=int, help="games played at once (default 1; with --ray, the cluster's CPUs)")
    parser.add_argument(
        "--ray", nargs="?", const="", metavar="ADDRESS",
        help="play each game as a task on a Ray cluster: HOST:PORT, auto (running), local (new); alone: RAY_ADDRESS, a running one or a new one",
    )
    parser.add_argument("--openings", nargs="+", default=[], metavar="SETTING", help="file=PATH (EPD or PGN) order=random|sequential; default: the shipped balanced set")
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        help="seed of the opening order and of every engine without its own seed= (default 1): "
        "the same command with node or depth limits plays the same games",
    )
    parser.add_argument("--rules", default="axf", help="rules preset judging the games: casual, simple, axf (default axf)")
    parser.add_argument("--maxmoves", type=int, help="draw after this many moves of each side")
    parser.add_argument("--resign", nargs="+", metavar="SETTING", help="movecount=3 score=600 [twosided=false]")
    parser.add_argument("--draw", nargs="+", metavar="SETTING", help="movenumber=40 movecount=8 score=10")
    parser.add_argument("--sprt", nargs="+", metavar="SETTING", help="elo0=0 elo1=5 [alpha=0.05] [beta=0.05]")
    parser.add_argument("--pgn", help="append each finished game to this file")
    parser.add_argument("--resume", action="store_true", help="continue the match recorded in --pgn")
    parser.add_argument("--event", default="xiangqi match", help="the PGN's Event tag")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    parser.add_argument("--progress", type=float, default=60.0, metavar="SECONDS", help="a line about each game under way this often (default 60)")
    return parser


def _match(args: argparse.Namespace) -> Match:
    engines: List[EngineConfig] = []
    for tokens in args.engine:
        engines.append(EngineConfig.parse(list(args.each) + list(tokens)))
    openings = _pairs(args.openings, "--openings", ("file", "order"))
    resign = draw = sprt = None
    if args.resign:
        r = _pairs(args.resign, "--resign", ("movecount", "score", "twosided"))
        resign = ResignAdjudication(int(r.get("movecount", 3)), int(r.get("score", 600)), _flag(r.get("twosided", "false")))
    if args.draw:
        d = _pairs(args.draw, "--draw", ("movenumber", "movecount", "score"))
        draw = DrawAdjudication(int(d.get("movenumber", 40)), int(d.get("movecount", 8)), int(d.get("score", 10)))
    if args.sprt:
        s = _pairs(args.sprt, "--sprt", ("elo0", "elo1", "alpha", "beta"))
        sprt = Sprt(float(s.get("elo0", 0)), float(s.get("elo1", 5)), float(s.get("alpha", 0.05)), float(s.get("beta", 0.05)))
    if args.resume and not args.pgn:
        raise MatchError("--resume needs --pgn")
    return Match(
        engines,
        games=args.games,
        rounds=args.rounds,
        tc=TimeControl.parse(args.tc) if args.tc else None,
        st=args.st,
        nodes=args.nodes,
        depth=args.depth,
        concurrency=args.concurrency or 1,
        openings=openings.get("file"),
        order=openings.get("order", "random"),
        seed=args.seed,
        rules=args.rules,
        max_moves=args.maxmoves,
        resign=resign,
        draw=draw,
        sprt=sprt,
        pgn=args.pgn,
        resume=args.resume,
        event=args.event,
        progress_interval=args.progress,
        progress=None if args.quiet else (lambda line: print(line, flush=True)),
        executor=_executor(args),
    )


def _executor(args: argparse.Namespace) -> Optional[Executor]:
    if args.ray is None:
        return None
    from xiangqi.match.ray_exec import RayExecutor

    return RayExecutor(args.ray or None, args.concurrency)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the command line; returns the exit status (0 done, 1 failed, 2 bad arguments,
    130 interrupted)."""
    args = build_parser().parse_args(argv)
    try:
        match = _match(args)
    except (XiangqiError, ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    where = ""
    if match.executor is not None:
        from xiangqi.match.ray_exec import RayExecutor

        assert isinstance(match.executor, RayExecutor)
        try:
            match.executor.start(match)
        except XiangqiError as e:
            print(f"error: {e}", file=sys.stderr)
            return 1
        where = f" on a {match.executor.describe()}"
    names = ", ".join(f"{n} ({c.describe()})" for n, c in zip(match.names, match.engines))
    print(f"{len(match.tasks)} games: {names}; rules {match.rules}; concurrency {match.concurrency}{where}", flush=True)
    try:
        result = match.run()
    except (XiangqiError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print()
    print(result.summary())
    return 130 if result.interrupted else 0
