"""Self-play training data: games of the engine against itself, as Parquet shards.

    python -m xiangqi.selfplay --games 1000 --nodes 2000 --out selfplay/
    python -m xiangqi.selfplay --games 1000000 --level strong --out s3-mounted/ --ray auto

Each game starts from an opening (the package's balanced set, or ``--openings FILE``: EPD or
PGN), and for its first ``explore_plies`` plies the move is drawn from the policy target (a
softmax over the engine's root move scores) instead of always the best, so that games differ.
Every position of a game becomes a row (see ``SCHEMA`` and "Self-play data" in ``docs/ray.md``);
each shard holds ``games_per_shard`` whole games and is written at once, so an interrupted run
continues where it stopped when started again with the same settings and ``--out``. Workers are
local processes, or Ray tasks with ``--ray`` (pip install 'xiangqi[ray]'); a game only depends on
its number and the settings, so a shard that Ray plays again after a lost worker is the same.

Reading the shards back::

    import pyarrow.dataset, xiangqi.selfplay
    table = xiangqi.selfplay.read_shards("selfplay/")        # checked: schema and settings
    frame = pyarrow.dataset.dataset("selfplay/").to_table().to_pandas()
    # ray.data.read_parquet("selfplay/") works as well
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import random
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from xiangqi import _jobs
from xiangqi._xiangqi import MATE_CP, Board, move_to_index
from xiangqi.engine import LEVELS, Engine, Limit, Score
from xiangqi.exceptions import XiangqiError
from xiangqi.match.openings import Opening, default_openings, load_openings

__all__ = ["SelfPlayConfig", "SelfPlayError", "SelfPlayResult", "SCHEMA_FIELDS", "schema", "play_game", "run", "read_shards", "main"]

#: The key of a shard's Parquet metadata that holds the run's settings (JSON).
METADATA_KEY = b"xiangqi.selfplay"
SHARD_PATTERN = "shard-{:06d}.parquet"
FORMAT_VERSION = 1


class SelfPlayError(XiangqiError):
    """Self-play that cannot run as asked, or shards that cannot be read."""


@dataclass(frozen=True)
class SelfPlayConfig:
    """How the games are played.

    ``level`` and ``nodes``/``depth`` limit each search (the Master level has no node cap of
    its own, so it needs one of them); ``multipv`` root moves are scored exactly and form the
    policy target, ``softmax((score - best) / temperature)`` with ``temperature`` in
    centipawns; the first ``explore_plies`` plies draw their move from it, later plies play the
    best. ``max_plies`` ends a game as a draw; ``rules`` judges the games; ``seed`` makes the
    run reproducible (a game depends only on it and its number)."""

    level: str = "master"
    nodes: Optional[int] = None
    depth: Optional[int] = None
    multipv: int = 8
    temperature: float = 100.0
    explore_plies: int = 20
    max_plies: int = 300
    rules: str = "axf"
    seed: int = 1
    hash_mb: int = 16

    def check(self) -> None:
        if self.level not in LEVELS:
            raise SelfPlayError(f"unknown level {self.level!r}; the levels are {', '.join(LEVELS)}")
        if self.level == "master" and self.nodes is None and self.depth is None:
            raise SelfPlayError("the master level searches without end: give --nodes or --depth (or a weaker --level)")
        for name in ("nodes", "depth"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise SelfPlayError(f"{name} is at least 1, not {value}")
        if self.multipv < 1 or self.temperature <= 0 or self.max_plies < 1 or self.explore_plies < 0:
            raise SelfPlayError("multipv and max_plies are at least 1, temperature above 0, explore_plies at least 0")
        Board(rules=self.rules)


SCHEMA_FIELDS: List[Tuple[str, str, str]] = [
    ("game", "int64", "the game's number in the run (0-based)"),
    ("ply", "int16", "plies played in the game before this position (book moves included)"),
    ("fen", "string", "the position, side to move included"),
    ("red_to_move", "bool", "whether Red is to move"),
    ("move", "string", "the move played, in ICCS (h2e2)"),
    ("action_8100", "int16", "the move in the 8100 encoding, side-to-move view (xiangqi.encoding)"),
    ("action_2086", "int16", "the move in the 2086 encoding, side-to-move view"),
    ("score", "int32", "the engine's score in centipawns, side to move's view (a mate in n: +/-(MATE_CP - n), MATE_CP = 100000)"),
    ("mate", "int16", "moves to mate when the score is a mate (negative: being mated), else null"),
    ("depth", "int16", "the search depth reached"),
    ("policy_moves", "list<string>", "the root moves scored, best first (ICCS)"),
    ("policy_8100", "list<int16>", "the same moves in the 8100 encoding"),
    ("policy_2086", "list<int16>", "the same moves in the 2086 encoding"),
    ("policy", "list<float32>", "the policy target over those moves (sums to 1)"),
    ("result", "string", "the game's result: 1-0, 0-1 or 1/2-1/2"),
    ("outcome", "int8", "the result for the side to move: 1 win, 0 draw, -1 loss"),
    ("plies_to_end", "int16", "plies from this position to the game's end"),
    ("termination", "string", "why the game ended (the rules' reason, or the ply limit)"),
]
"""The columns of a shard: name, Arrow type, meaning. One row per position; rows of a game are
in play order."""


def schema() -> Any:
    """The shards' ``pyarrow.Schema``."""
    pa = _pyarrow()
    types = {
        "int64": pa.int64(), "int16": pa.int16(), "int32": pa.int32(), "int8": pa.int8(), "bool": pa.bool_(),
        "string": pa.string(), "list<string>": pa.list_(pa.string()), "list<int16>": pa.list_(pa.int16()),
        "list<float32>": pa.list_(pa.float32()),
    }
    return pa.schema([pa.field(name, types[kind], nullable=(name == "mate")) for name, kind, _ in SCHEMA_FIELDS])


def _pyarrow() -> Any:
    try:
        pyarrow = importlib.import_module("pyarrow")
        importlib.import_module("pyarrow.parquet")
    except ImportError:
        raise SelfPlayError("Parquet shards need pyarrow: pip install 'xiangqi[parquet]'") from None
    return pyarrow


def _centipawns(score: Score) -> int:
    return score.score(mate_score=MATE_CP) or 0


def policy_target(scores: Sequence[int], temperature: float) -> List[float]:
    """``softmax((score - best) / temperature)`` over root move scores (centipawns)."""
    best = max(scores)
    weights = [math.exp((s - best) / temperature) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def play_game(config: SelfPlayConfig, opening: Opening, number: int, engine: Optional[Engine] = None) -> Dict[str, List[Any]]:
    """One self-play game: its rows as columns (a dict of lists, ``SCHEMA_FIELDS`` order)."""
    engine = engine or Engine(config.level, 1, config.hash_mb, config.rules, config.seed)
    engine.new_game()
    rng = random.Random(config.seed * 1_000_003 + number)
    board = opening.board(config.rules)
    limit = Limit(depth=config.depth, nodes=config.nodes)
    rows: Dict[str, List[Any]] = {name: [] for name, _, _ in SCHEMA_FIELDS}
    termination = ""
    result = "1/2-1/2"
    played = 0
    while True:
        outcome = board.outcome()
        if outcome is not None:
            result, termination = outcome.result(), outcome.reason
            break
        if played >= config.max_plies:
            termination = f"draw: {config.max_plies} plies played"
            break
        turn = board.turn
        lines = engine.analyse(board, limit, multipv=config.multipv)
        assert isinstance(lines, list)
        lines = [line for line in lines if line.get("pv")]
        if not lines:
            raise SelfPlayError(f"game {number}: the engine found no move in {board.fen()}")
        scores = [_centipawns(line["score"].relative) for line in lines]
        moves = [line["pv"][0] for line in lines]
        policy = policy_target(scores, config.temperature)
        if played < config.explore_plies:
            chosen = rng.choices(range(len(moves)), weights=policy)[0]
        else:
            chosen = 0
        move = moves[chosen]
        best = lines[0]["score"].relative
        rows["game"].append(number)
        rows["ply"].append(board.ply())
        rows["fen"].append(board.fen())
        rows["red_to_move"].append(turn)
        rows["move"].append(move.uci())
        rows["action_8100"].append(move_to_index(move, "8100", turn=turn))
        rows["action_2086"].append(move_to_index(move, "2086", turn=turn))
        rows["score"].append(scores[0])
        rows["mate"].append(best.mate())
        rows["depth"].append(int(lines[0].get("depth", 0)))
        rows["policy_moves"].append([m.uci() for m in moves])
        rows["policy_8100"].append([move_to_index(m, "8100", turn=turn) for m in moves])
        rows["policy_2086"].append([move_to_index(m, "2086", turn=turn) for m in moves])
        rows["policy"].append(policy)
        board.push(move)
        played += 1
    red_points = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}[result]
    total = len(rows["game"])
    for i, red in enumerate(rows["red_to_move"]):
        rows["result"].append(result)
        rows["outcome"].append(red_points if red else -red_points)
        rows["plies_to_end"].append(total - i)
        rows["termination"].append(termination)
    return rows


def _opening_of(openings: Sequence[Opening], config: SelfPlayConfig, number: int) -> Opening:
    # Each opening once (shuffled by the seed) before any repeats, as in a match.
    cycle, index = divmod(number, len(openings))
    order = list(range(len(openings)))
    random.Random(config.seed * 7919 + cycle).shuffle(order)
    return openings[order[index]]


def play_shard(config: SelfPlayConfig, openings: Sequence[Opening], first: int, count: int) -> Any:
    """Games ``first`` .. ``first + count - 1`` as one ``pyarrow.Table`` (a worker's job)."""
    pa = _pyarrow()
    engine = Engine(config.level, 1, config.hash_mb, config.rules, config.seed)
    columns: Dict[str, List[Any]] = {name: [] for name, _, _ in SCHEMA_FIELDS}
    for number in range(first, first + count):
        rows = play_game(config, _opening_of(openings, config, number), number, engine)
        for name in columns:
            columns[name].extend(rows[name])
    return pa.Table.from_pydict(columns, schema=schema())


def _metadata(config: SelfPlayConfig, games_per_shard: int, openings: Sequence[Opening]) -> Dict[str, Any]:
    return {
        "format": FORMAT_VERSION,
        "config": asdict(config),
        "games_per_shard": games_per_shard,
        "openings": len(openings),
        "first_opening": openings[0].fen if openings else "",
    }


@dataclass
class SelfPlayResult:
    """What a run did: games and positions written now, shards found from before, time."""

    games: int = 0
    positions: int = 0
    shards_written: int = 0
    shards_kept: int = 0
    seconds: float = 0.0
    workers: int = 0
    paths: List[Path] = field(default_factory=list)

    @property
    def positions_per_second(self) -> float:
        return self.positions / self.seconds if self.seconds > 0 else 0.0


def _read_shard(path: Path) -> Tuple[Any, Dict[str, Any]]:
    pa = _pyarrow()
    try:
        table = pa.parquet.read_table(path)
    except (OSError, pa.ArrowException) as e:
        raise SelfPlayError(f"{path} is not a readable Parquet shard: {e}") from None
    meta = (table.schema.metadata or {}).get(METADATA_KEY)
    if meta is None:
        raise SelfPlayError(f"{path} is not a xiangqi self-play shard (no {METADATA_KEY.decode()} metadata)")
    try:
        settings = json.loads(meta)
    except ValueError:
        raise SelfPlayError(f"{path}: its self-play metadata is not JSON") from None
    expected = schema()
    if not table.schema.remove_metadata().equals(expected):
        missing = [f.name for f in expected if f.name not in table.schema.names]
        raise SelfPlayError(f"{path} does not have the self-play columns" + (f" (missing {', '.join(missing)})" if missing else ""))
    return table, settings


def _shards(out: Path) -> List[Tuple[int, Path]]:
    found = []
    for path in out.glob("shard-*.parquet"):
        digits = path.name[len("shard-") : -len(".parquet")]
        if digits.isdigit():
            found.append((int(digits), path))
    return sorted(found)


def read_shards(path: Any) -> Any:
    """Every shard of a self-play directory as one ``pyarrow.Table``, checked (schema and
    metadata); a ``SelfPlayError`` names a shard that is not one."""
    pa = _pyarrow()
    out = Path(path)
    if not out.is_dir():
        raise SelfPlayError(f"{out} is not a directory of self-play shards")
    tables = [_read_shard(p)[0] for _, p in _shards(out)]
    if not tables:
        raise SelfPlayError(f"{out} holds no self-play shards (shard-NNNNNN.parquet)")
    return pa.concat_tables([t.replace_schema_metadata(None) for t in tables])


def run(
    games: int,
    out: Any,
    config: SelfPlayConfig = SelfPlayConfig(),
    *,
    openings: Optional[Sequence[Opening]] = None,
    games_per_shard: int = 16,
    workers: Optional[int] = None,
    ray: Optional[str] = None,
    use_ray: bool = False,
    progress: Optional[Callable[[str], Any]] = None,
) -> SelfPlayResult:
    """Plays ``games`` games into ``out`` (a directory), skipping the shards already there
    from a run with the same settings. ``workers`` local processes (default: the CPUs), or
    Ray tasks on the cluster at ``ray`` with ``use_ray``."""
    pa = _pyarrow()
    config.check()
    if games < 1 or games_per_shard < 1:
        raise SelfPlayError("games and games per shard are at least 1")
    pool = list(openings) if openings is not None else default_openings()
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise SelfPlayError(f"{out} is a file, not a directory for shards")
    out.mkdir(parents=True, exist_ok=True)
    meta = _metadata(config, games_per_shard, pool)
    shard_count = (games + games_per_shard - 1) // games_per_shard
    result = SelfPlayResult()
    done = set()
    for index, path in _shards(out):
        _, settings = _read_shard(path)
        if settings != meta:
            raise SelfPlayError(
                f"{out} holds shards of other settings ({path.name}: {json.dumps(settings.get('config'))});"
                " continue with the same settings or choose another --out"
            )
        done.add(index)
    for stale in out.glob(".shard-*.tmp"):
        stale.unlink()
    result.shards_kept = len(done & set(range(shard_count)))
    if progress is not None and done:
        progress(f"{out}: {result.shards_kept} of {shard_count} shards already written")
    todo = [i for i in range(shard_count) if i not in done]
    start = time.monotonic()

    def jobs() -> Any:
        for index in todo:
            first = index * games_per_shard
            yield index, (config, pool, first, min(games_per_shard, games - first))

    def write(index: int, table: Any) -> None:
        path = out / SHARD_PATTERN.format(index)
        temporary = out / f".{path.name}.tmp"
        table = table.replace_schema_metadata({METADATA_KEY: json.dumps(meta).encode()})
        pa.parquet.write_table(table, temporary)
        os.replace(temporary, path)
        result.shards_written += 1
        result.games += len(set(table.column("game").to_pylist()))
        result.positions += table.num_rows
        result.paths.append(path)
        if progress is not None:
            elapsed = time.monotonic() - start
            progress(
                f"[{result.shards_written + result.shards_kept}/{shard_count}] {path.name}: {table.num_rows} positions;"
                f" {result.positions} in {elapsed:.1f}s ({result.positions / max(elapsed, 1e-9):.0f}/s)"
            )

    result.workers = _jobs.run_jobs(play_shard, jobs(), write, ray_address=ray, use_ray=use_ray, workers=workers)
    result.seconds = time.monotonic() - start
    return result


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m xiangqi.selfplay",
        description="Games of the engine against itself, written as Parquet shards of training positions.",
    )
    parser.add_argument("--games", type=int, required=True, help="games to play")
    parser.add_argument("--level", default="master", help="the engine's level (default master; it needs --nodes or --depth)")
    parser.add_argument("--nodes", type=int, help="nodes per search")
    parser.add_argument("--depth", type=int, help="depth per search")
    parser.add_argument("--multipv", type=int, default=8, help="root moves scored for the policy target (default 8)")
    parser.add_argument("--temperature", type=float, default=100.0, help="softmax temperature of the policy, centipawns (default 100)")
    parser.add_argument("--explore-plies", type=int, default=20, help="plies whose move is drawn from the policy (default 20)")
    parser.add_argument("--max-plies", type=int, default=300, help="a draw after this many plies (default 300)")
    parser.add_argument("--rules", default="axf", help="casual, simple or axf (default axf)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--openings", help="EPD/FEN or PGN file of start positions (default: the balanced set)")
    parser.add_argument("--out", required=True, help="directory of the shards (an interrupted run continues in it)")
    parser.add_argument("--games-per-shard", type=int, default=16, help="games per shard file (default 16)")
    _jobs.add_arguments(parser, "play")
    parser.add_argument("--quiet", action="store_true", help="no line per shard")
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line; returns the exit status (0 done, 1 failed, 2 bad arguments, 130
    interrupted)."""
    args = build_parser().parse_args(argv)
    try:
        config = SelfPlayConfig(
            level=args.level.lower(), nodes=args.nodes, depth=args.depth, multipv=args.multipv,
            temperature=args.temperature, explore_plies=args.explore_plies, max_plies=args.max_plies,
            rules=args.rules, seed=args.seed,
        )
        config.check()
        openings = load_openings(args.openings) if args.openings else None
    except (XiangqiError, ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        result = run(
            args.games, args.out, config, openings=openings, games_per_shard=args.games_per_shard,
            workers=args.workers, ray=args.ray or None, use_ray=args.ray is not None,
            progress=None if args.quiet else (lambda line: print(line, flush=True)),
        )
    except KeyboardInterrupt:
        print("interrupted: run the same command again to continue", file=sys.stderr)
        return 130
    except (XiangqiError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(
        f"{result.games} games, {result.positions} positions in {result.seconds:.1f}s"
        f" ({result.positions_per_second:.0f} positions/s, {result.workers} workers);"
        f" {result.shards_written} shards written, {result.shards_kept} kept, in {args.out}"
    )
    return 0


if __name__ == "__main__":
    # Run through the importable module, so that workers find the functions by name.
    from xiangqi.selfplay import main as _main

    sys.exit(_main())
