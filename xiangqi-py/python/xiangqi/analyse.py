"""Database analysis: every move of every game evaluated, mistakes flagged with the better move.

    python -m xiangqi.analyse games.pgn --out annotated.pgn --nodes 20000
    python -m xiangqi.analyse database/ --out annotated.pgn --ray auto --resume

``DB`` is a record file or a folder of them (searched recursively): PGN in UTF-8, UTF-16, GBK
or Big5, XQF or DhtmlXQ, read by the Rust records reader (``xiangqi.pgn.read_games``'s). The
output is one PGN file with the games in the order read (files by name, then as they stand in
each file), each with an ``Annotator`` tag and, after every move, a comment with the evaluation
of the position it leads to, from Red's view, in soldiers (``+0.35/12``: score/depth; ``#+3``:
Red mates in three). A move that throws away part of the mover's expected score gets a NAG,
``?!`` (``$6``), ``?`` (``$2``) or ``??`` (``$4``), and the comment names the better move and its
evaluation (``better C2=5 +0.40``). The expected score of ``cp`` centipawns is
``1 / (1 + 10 ** (-cp / 400))``; the thresholds are drops of 0.06, 0.12 and 0.24 of it.

Each game is a job for a local process or, with ``--ray``, a Ray task; finished games are
written in order as soon as all before them are, so ``--resume`` continues an interrupted run
(it checks that the games already written are the database's first ones). Records the reader
rejects are reported (file, record, reason) and skipped.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from xiangqi import _jobs
from xiangqi._xiangqi import Board, Move, RecordStream
from xiangqi._xiangqi import MATE_CP, THRESHOLDS, judge_move
from xiangqi._xiangqi import expected_score as _expected_score
from xiangqi.engine import LEVELS, Cp, Engine, Limit, Mate, Score
from xiangqi.exceptions import XiangqiError
from xiangqi.pgn import Game, read_games

__all__ = ["AnalysisConfig", "AnalysisError", "AnalysisResult", "MoveNote", "analyse_game", "annotate", "load_database", "run", "main"]

# MATE_CP (a mate counts as this many centipawns, less the moves to it) and THRESHOLDS (the
# drops of the mover's expected score that earn ?!, ? and ??) come from the Rust rule,
# xiangqi_search::review, which the play page's game review uses too.
NAG_DUBIOUS, NAG_MISTAKE, NAG_BLUNDER = 6, 2, 4
NAG_SYMBOLS = {NAG_DUBIOUS: "?!", NAG_MISTAKE: "?", NAG_BLUNDER: "??"}


class AnalysisError(XiangqiError):
    """An analysis that cannot run as asked (a missing database, an output of another run)."""


@dataclass(frozen=True)
class AnalysisConfig:
    """The engine's search per position: ``level`` and ``nodes``, ``depth`` or ``time``
    (seconds); ``rules`` judge repetitions; ``thresholds`` are the expected-score drops of
    ?!, ? and ??."""

    level: str = "master"
    nodes: Optional[int] = 20_000
    depth: Optional[int] = None
    time: Optional[float] = None
    rules: str = "axf"
    hash_mb: int = 32
    thresholds: Tuple[float, float, float] = THRESHOLDS

    def check(self) -> None:
        if self.level not in LEVELS:
            raise AnalysisError(f"unknown level {self.level!r}; the levels are {', '.join(LEVELS)}")
        if self.nodes is None and self.depth is None and self.time is None:
            raise AnalysisError("give a search limit: nodes, depth or time")
        if not (0 < self.thresholds[0] <= self.thresholds[1] <= self.thresholds[2] < 1):
            raise AnalysisError(f"thresholds rise within (0, 1): {self.thresholds}")
        Board(rules=self.rules)

    def describe(self) -> str:
        parts = [self.level]
        for name in ("nodes", "depth", "time"):
            if getattr(self, name) is not None:
                parts.append(f"{name}={getattr(self, name):g}")
        return "xiangqi " + " ".join(parts)


@dataclass(frozen=True)
class MoveNote:
    """The verdict on one move: the evaluation after it (``score`` from Red's view, a ``Score``),
    the depth, the engine's best move in the position before it with its evaluation (Red's
    view), the drop of the mover's expected score, and the NAG (0: none). ``final`` marks a
    move after which the side to move has no legal move (it has lost)."""

    score: Score
    depth: int
    best: Optional[str]
    best_score: Optional[Score]
    drop: float
    nag: int
    final: bool = False


def _cp(score: Score) -> int:
    return score.score(mate_score=MATE_CP) or 0


def expected_score(cp: int) -> float:
    """The expected score of a side ``cp`` centipawns ahead (logistic, 400 per tenfold odds)."""
    return _expected_score(cp)


_engines: Dict[AnalysisConfig, Engine] = {}


def _engine(config: AnalysisConfig) -> Engine:
    # One engine per worker process and settings: its hash table is allocated once.
    if config not in _engines:
        _engines.clear()
        _engines[config] = Engine(config.level, 1, config.hash_mb, config.rules)
    return _engines[config]


def analyse_game(config: AnalysisConfig, fen: str, moves: Sequence[str]) -> List[MoveNote]:
    """The notes on each move of the game from ``fen`` (moves in ICCS), as a worker's job."""
    engine = _engine(config)
    board = Board(fen, config.rules)
    for text in moves:
        board.push(Move.from_uci(text))
    limit = Limit(time=config.time, depth=config.depth, nodes=config.nodes)
    # Each position's score from its side to move's view, its depth and its best move: the
    # engine's review (a position the rules have ended scored by its outcome).
    evals: List[Tuple[Score, int, Optional[str]]] = [
        (score, depth, None if best is None else best.uci()) for score, depth, best in engine.review(board, limit)
    ]
    notes: List[MoveNote] = []
    red = Board(fen, config.rules).turn
    for ply, text in enumerate(moves[: len(evals) - 1]):
        before, _, best = evals[ply]
        after, depth, _ = evals[ply + 1]
        mover_red = red if ply % 2 == 0 else not red
        # The mover's expected score before (best play) and after the move.
        drop, nag = judge_move(_cp(before), _cp(after), best == text, config.thresholds)
        # After the move the other side is to move: its view, turned to Red's.
        after_red = -after if mover_red else after
        best_red = before if mover_red else -before
        final = ply + 1 == len(moves) and evals[ply + 1][2] is None and after == Mate(0)
        notes.append(MoveNote(after_red, depth, best if nag else None, best_red if nag else None, drop, nag, final))
    return notes


def _score_text(score: Score) -> str:
    mate = score.mate()
    if mate is not None:
        return f"#{'+' if score > Cp(0) else '-'}{abs(mate)}"
    return f"{(score.score() or 0) / 100:+.2f}"


def _move_text(board: Board, move: Move, notation: str) -> str:
    if notation == "wxf":
        return board.wxf(move)
    if notation in ("chinese", "chinese-traditional"):
        return board.chinese(move, traditional=notation == "chinese-traditional")
    if notation == "vietnamese":
        return board.vietnamese(move)
    return move.uci()


def annotate(game: Game, notes: Sequence[MoveNote], annotator: str, notation: str = "iccs") -> Game:
    """A copy of ``game`` with the notes as comments and NAGs (see the module's notes)."""
    out = Game(dict(game.headers), game.fen, list(game.moves), game.result)
    out.headers["Annotator"] = annotator
    out.comment = game.comment
    board = Board(game.fen)
    for i, (move, note) in enumerate(zip(game.moves, notes)):
        text = "#" if note.final else f"{_score_text(note.score)}/{note.depth}"
        if note.best is not None and note.best_score is not None:
            text += f", better {_move_text(board, Move.from_uci(note.best), notation)} {_score_text(note.best_score)}"
        original = game.comments[i] if i < len(game.comments) else None
        out.comments[i] = f"{original} {text}" if original else text
        kept = [n for n in (game.nags[i] if i < len(game.nags) else []) if not 1 <= n <= 6]
        out.nags[i] = ([note.nag] if note.nag else []) + kept
        board.push(move)
    return out


# ----- reading a database ---------------------------------------------------------------------


def check_database(path: Any) -> Path:
    """``path`` as a ``Path``, once it is known to name a file or a folder."""
    path = Path(path)
    if not path.exists():
        raise AnalysisError(f"{path}: no such file or folder")
    return path


def load_database(path: Any, report: Optional[Callable[[str], Any]] = None) -> Iterator[Game]:
    """The games of a database, in order: a record file, or every record file of a folder and
    its subfolders (PGN, XQF, DhtmlXQ; files in sorted order), read by ``xiangqi-records`` as
    ``xiangqi.pgn.read_games`` reads a path (a batch of files at a time on all cores, each
    file's text encoding detected). Records that cannot be read are passed to ``report`` as one
    line each (file, record number, reason) and skipped."""
    path = check_database(path)
    for file, _format, _encoding, records in RecordStream(os.fspath(path)):
        for number, record in enumerate(records, 1):
            if record.get("errors"):
                if report is not None:
                    report(f"{file}: record {number} skipped: {record['errors'][0]}")
                continue
            yield Game._from_record(record)


# ----- running --------------------------------------------------------------------------------


@dataclass
class AnalysisResult:
    """What a run did."""

    games: int = 0
    moves: int = 0
    kept: int = 0
    skipped: int = 0
    flagged: Dict[str, int] = field(default_factory=lambda: {"?!": 0, "?": 0, "??": 0})
    seconds: float = 0.0
    workers: int = 0


def _same_game(a: Game, b: Game) -> bool:
    return a.fen == b.fen and a.moves == b.moves and a.headers.get("Red") == b.headers.get("Red")


def _resume(out: Path, games: Iterator[Game]) -> int:
    """Checks that ``out`` starts with the database's first games; rewrites it without a
    record cut short; returns how many games it holds."""
    written = list(read_games(out.read_text(encoding="utf-8"), skip_errors=True))
    kept: List[str] = []
    for number, done in enumerate(written, 1):
        source = next(games, None)
        if source is None or not _same_game(source, done):
            raise AnalysisError(
                f"{out} does not belong to this database: its game {number} ({done.headers.get('Red', '?')} vs"
                f" {done.headers.get('Black', '?')}) is not the database's game {number}"
            )
        kept.append(done.pgn())
    out.write_text("".join(kept), encoding="utf-8")
    return len(written)


def run(
    database: Any,
    out: Any,
    config: AnalysisConfig = AnalysisConfig(),
    *,
    resume: bool = False,
    notation: str = "iccs",
    workers: Optional[int] = None,
    ray: Optional[str] = None,
    use_ray: bool = False,
    progress: Optional[Callable[[str], Any]] = None,
    report: Optional[Callable[[str], Any]] = None,
) -> AnalysisResult:
    """Annotates every game of ``database`` into the PGN file ``out`` (continued with
    ``resume``). Jobs run in ``workers`` local processes, or as Ray tasks with ``use_ray`` on
    the cluster at ``ray``. ``report`` gets a line per skipped record."""
    config.check()
    if notation not in ("iccs", "wxf", "chinese", "chinese-traditional", "vietnamese"):
        raise AnalysisError(f"notation is iccs, wxf, chinese, chinese-traditional or vietnamese, not {notation!r}")
    database = check_database(database)  # a missing database fails before anything is written
    out = Path(out)
    result = AnalysisResult()

    def skipped(line: str) -> None:
        result.skipped += 1
        if report is not None:
            report(line)

    games = load_database(database, skipped)
    if out.exists() and out.stat().st_size > 0:
        if not resume:
            raise AnalysisError(f"{out} exists: continue it with --resume, or choose another file")
        result.kept = _resume(out, games)
        if progress is not None:
            progress(f"resuming {out}: {result.kept} games already annotated")
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("", encoding="utf-8")
    annotator = config.describe()
    waiting: Dict[int, Tuple[Game, List[MoveNote]]] = {}
    originals: Dict[int, Game] = {}
    next_to_write = [result.kept]
    start = time.monotonic()

    def jobs() -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        for index, game in enumerate(games, result.kept):
            originals[index] = game
            yield index, (config, game.fen, [m.uci() for m in game.moves])

    def finished(index: int, notes: List[MoveNote]) -> None:
        waiting[index] = (originals.pop(index), notes)
        with open(out, "a", encoding="utf-8") as handle:
            while next_to_write[0] in waiting:
                game, game_notes = waiting.pop(next_to_write[0])
                handle.write(annotate(game, game_notes, annotator, notation).pgn(notation=notation))
                handle.flush()
                result.games += 1
                result.moves += len(game_notes)
                for note in game_notes:
                    if note.nag:
                        result.flagged[NAG_SYMBOLS[note.nag]] += 1
                if progress is not None:
                    elapsed = time.monotonic() - start
                    progress(
                        f"[{next_to_write[0] + 1}] {game.headers.get('Red', '?')} - {game.headers.get('Black', '?')}"
                        f" {game.result}: {len(game_notes)} moves, "
                        + " ".join(f"{k} {sum(1 for n in game_notes if NAG_SYMBOLS.get(n.nag) == k)}" for k in ("?!", "?", "??"))
                        + f" ({result.moves / max(elapsed, 1e-9):.1f} moves/s)"
                    )
                next_to_write[0] += 1
            os.fsync(handle.fileno())

    result.workers = _jobs.run_jobs(analyse_game, jobs(), finished, ray_address=ray, use_ray=use_ray, workers=workers)
    result.seconds = time.monotonic() - start
    if result.games + result.kept == 0:
        raise AnalysisError(f"{database}: no games could be read")
    return result


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m xiangqi.analyse",
        description="Annotate a PGN database: the engine's evaluation after every move, mistakes flagged with the better move.",
    )
    parser.add_argument("database", metavar="DB", help="a PGN file or a folder of them (UTF-8, GBK or Big5)")
    parser.add_argument("--out", required=True, help="the annotated PGN file")
    parser.add_argument("--resume", action="store_true", help="continue the annotation in --out")
    parser.add_argument("--level", default="master", help="the engine's level (default master)")
    parser.add_argument("--nodes", type=int, help="nodes per position (default 20000 unless --depth or --time)")
    parser.add_argument("--depth", type=int, help="depth per position")
    parser.add_argument("--time", type=float, help="seconds per position")
    parser.add_argument("--rules", default="axf", help="casual, simple or axf (default axf)")
    parser.add_argument("--notation", default="iccs", help="moves written in iccs, wxf, chinese, chinese-traditional or vietnamese")
    parser.add_argument("--thresholds", help="expected-score drops of ?!, ? and ??, e.g. 0.06,0.12,0.24")
    _jobs.add_arguments(parser, "analyse")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line; returns the exit status (0 done, 1 failed, 2 bad arguments, 130
    interrupted)."""
    args = build_parser().parse_args(argv)
    try:
        limits = {"nodes": args.nodes, "depth": args.depth, "time": args.time}
        if all(v is None for v in limits.values()):
            limits["nodes"] = AnalysisConfig.nodes
        thresholds = THRESHOLDS
        if args.thresholds:
            values = tuple(float(v) for v in args.thresholds.split(","))
            if len(values) != 3:
                raise AnalysisError("--thresholds takes three numbers: ?!,?,??")
            thresholds = values  # type: ignore[assignment]
        config = AnalysisConfig(level=args.level.lower(), rules=args.rules, thresholds=thresholds, **limits)
        config.check()
        check_database(args.database)
    except (XiangqiError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        result = run(
            args.database, args.out, config, resume=args.resume, notation=args.notation, workers=args.workers,
            ray=args.ray or None, use_ray=args.ray is not None,
            progress=None if args.quiet else (lambda line: print(line, flush=True)),
            report=lambda line: print(f"warning: {line}", file=sys.stderr, flush=True),
        )
    except KeyboardInterrupt:
        print("interrupted: continue with --resume", file=sys.stderr)
        return 130
    except (XiangqiError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    flags = ", ".join(f"{k} {v}" for k, v in result.flagged.items())
    print(
        f"{result.games} games ({result.moves} moves) annotated in {result.seconds:.1f}s with {result.workers} workers"
        f" ({result.kept} from before, {result.skipped} records skipped); {flags}; in {args.out}"
    )
    return 0


if __name__ == "__main__":
    # Run through the importable module, so that workers find the functions by name.
    from xiangqi.analyse import main as _main

    sys.exit(_main())
