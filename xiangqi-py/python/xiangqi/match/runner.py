"""The match runner: schedules game pairs, plays them in parallel, judges them by the rules,
keeps the score and the SPRT, and writes each finished game to the PGN file at once (which is
what ``resume`` reads back). The results and their statistics are in ``xiangqi.match.results``,
the adjudication by engine scores in ``xiangqi.match.adjudication``, the players in
``xiangqi.match.players``."""

from __future__ import annotations

import datetime
import itertools
import os
import queue
import threading
import time as _time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from xiangqi._xiangqi import Board
from xiangqi.exceptions import (
    EngineError,
    EngineIllegalMoveError,
    EngineProtocolError,
    EngineTerminatedError,
    EngineTimeoutError,
    XiangqiError,
)
from xiangqi.match.adjudication import DrawAdjudication, ResignAdjudication, adjudicate, centipawns, score_text
from xiangqi.match.openings import Opening, default_openings, load_openings, order_openings
from xiangqi.match.players import EngineConfig, ExternalPlayer, Player, TimeControl, make_player
from xiangqi.match.results import GameRecord, MatchResult, PairStats
from xiangqi.match.stats import Sprt
from xiangqi.engine import Limit
from xiangqi.pgn import read_games

__all__ = [
    "Match",
    "MatchError",
    "MatchResult",
    "GameRecord",
    "ResignAdjudication",
    "DrawAdjudication",
    "PairStats",
    "Executor",
]

RED, BLACK = True, False
#: How long a depth- or node-limited move may take before the engine counts as hung.
DEFAULT_MOVE_TIMEOUT = 60.0
#: How far past its clock an engine may go, in seconds.
DEFAULT_TIME_MARGIN = 0.1
#: Seconds between two progress lines about a game under way.
DEFAULT_PROGRESS_INTERVAL = 60.0


class MatchError(XiangqiError):
    """A match that cannot run as configured (or cannot resume from its PGN)."""


@dataclass
class _Task:
    number: int
    round: int
    red: int
    black: int
    opening: Opening


class Executor:
    """Where a match's games are played when not in this process's threads. ``play(match,
    tasks)`` plays each task with ``match._play`` (on a ``Match`` unpickled from this one),
    passes each finished game to ``match._finish`` once, and returns when all are done or
    ``match._stop`` is set."""

    def play(self, match: "Match", tasks: List["_Task"]) -> None:
        raise NotImplementedError


class Match:
    """A match between two or more engines (every pair plays; each opening twice, colours
    swapped).

    ``games`` is the number of games per pair of engines (or ``rounds``: pairs of games);
    ``tc``/``st``/``nodes``/``depth`` the limits of engines that set none; ``concurrency`` the
    games played at once; ``openings`` a file (EPD or PGN), a list of ``Opening``s, or the
    default set; ``order`` ``"random"`` or ``"sequential"``, shuffled with ``seed``, which also
    seeds each engine that has no ``seed`` of its own (so a node- or depth-limited match plays
    the same games on every run); ``rules``
    the preset judging the games; ``max_moves`` a draw after that many moves (each side);
    ``resign``/``draw`` adjudication by engine scores; ``sprt`` an early stop (two engines);
    ``pgn`` the record file, continued when ``resume`` is set; ``progress`` is called with a
    line after each game, and every ``progress_interval`` seconds with a line about each game
    under way; ``executor`` plays the games elsewhere (``RayExecutor``: as Ray tasks on a
    cluster) instead of in threads of this process.

    An engine that answers no move while legal moves exist (ElephantEye's ``nobestmove`` when it
    holds the game drawn by repetition or by its no-progress count) claims a draw. The claim is
    judged by the match's rules: it holds when one of the claimant's moves draws the game
    (completes a drawn repetition, reaches the no-capture limit); then the game is drawn,
    otherwise the claimant loses."""

    def __init__(
        self,
        engines: Sequence[EngineConfig],
        *,
        games: Optional[int] = None,
        rounds: Optional[int] = None,
        tc: Union[TimeControl, str, None] = None,
        st: Optional[float] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        concurrency: int = 1,
        openings: Union[str, Path, Sequence[Opening], None] = None,
        order: str = "random",
        seed: int = 1,
        rules: str = "axf",
        max_moves: Optional[int] = None,
        resign: Optional[ResignAdjudication] = None,
        draw: Optional[DrawAdjudication] = None,
        sprt: Optional[Sprt] = None,
        pgn: Union[str, Path, None] = None,
        resume: bool = False,
        event: str = "xiangqi match",
        progress: Optional[Callable[[str], Any]] = None,
        progress_interval: float = DEFAULT_PROGRESS_INTERVAL,
        executor: Optional["Executor"] = None,
    ) -> None:
        if len(engines) < 2:
            raise MatchError("a match needs at least two engines")
        if isinstance(tc, str):
            tc = TimeControl.parse(tc)
        # Reproducible by default: an engine without a seed of its own gets one derived from
        # the match's seed and its place, so the same command plays the same games.
        self.engines = [e.with_defaults(tc, st, nodes, depth).with_seed(seed, i) for i, e in enumerate(engines)]
        for config in self.engines:
            if not config.has_limit():
                raise MatchError(f"engine {config.display_name()} has no time control, time per move, nodes or depth")
        self.names = self._unique_names()
        if games is not None and rounds is not None:
            raise MatchError("give games or rounds, not both")
        if games is None:
            games = 2 * (rounds if rounds is not None else 1)
        if games < 1:
            raise MatchError("a match needs at least one game")
        if sprt is not None and len(self.engines) != 2:
            raise MatchError("the SPRT compares two engines")
        if concurrency < 1:
            raise MatchError("concurrency is at least 1")
        self.games_per_pair = games
        self.concurrency = concurrency
        self.seed = seed
        self.rules = rules
        Board(rules=rules)  # an unknown preset fails here, not in a game
        self.max_moves = max_moves
        self.resign = resign
        self.draw = draw
        self.sprt = sprt
        self.pgn_path = Path(pgn) if pgn is not None else None
        self.resume = resume
        self.event = event
        self.progress = progress
        self.progress_interval = progress_interval
        if openings is None:
            pool = default_openings()
        elif isinstance(openings, (str, Path)):
            pool = load_openings(openings)
        else:
            pool = list(openings)
        self.tasks = self._schedule(pool, order)
        self._stop = threading.Event()
        self._lock = threading.RLock()
        self._slots: List[Dict[int, Player]] = []
        self.result = MatchResult(
            self.names,
            total_games=len(self.tasks),
            sprt=sprt,
            time_control=", ".join(sorted({c.describe() for c in self.engines})),
        )
        for a, b in itertools.combinations(range(len(self.engines)), 2):
            self.result.pairs[(a, b)] = PairStats(a, b)
        self._pair_points: Dict[Tuple[int, int, int], List[float]] = {}
        self._errors: List[BaseException] = []
        self.executor = executor

    # What a game needs to be played in another process: the settings, not the schedule, the
    # score, the callbacks or the locks.
    _LOCAL_STATE = ("progress", "executor", "tasks", "result", "_stop", "_lock", "_slots", "_pair_points", "_errors")

    def __getstate__(self) -> Dict[str, Any]:
        return {
            k: (None if callable(v) else v) for k, v in self.__dict__.items() if k not in self._LOCAL_STATE
        }

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.progress = None
        self.executor = None
        self.tasks = []
        self.result = MatchResult(self.names)
        self._stop = threading.Event()
        self._lock = threading.RLock()
        self._slots = []
        self._pair_points = {}
        self._errors = []

    def _unique_names(self) -> List[str]:
        names: List[str] = []
        for config in self.engines:
            name = config.display_name()
            candidate, n = name, 2
            while candidate in names:
                candidate, n = f"{name} {n}", n + 1
            names.append(candidate)
        return names

    def _schedule(self, pool: Sequence[Opening], order: str) -> List[_Task]:
        pairs = list(itertools.combinations(range(len(self.engines)), 2))
        rounds = (self.games_per_pair + 1) // 2
        openings = order_openings(pool, rounds, order, self.seed)
        tasks: List[_Task] = []
        for r in range(rounds):
            for a, b in pairs:
                for g, (red, black) in enumerate(((a, b), (b, a))):
                    if 2 * r + g < self.games_per_pair:
                        tasks.append(_Task(len(tasks) + 1, r + 1, red, black, openings[r]))
        return tasks

    # ----- running --------------------------------------------------------------------------

    def stop(self) -> None:
        """Ends the match: games under way are dropped (not recorded), engines are stopped."""
        self._stop.set()
        with self._lock:
            for slot in self._slots:
                for player in slot.values():
                    player.stop()

    def run(self) -> MatchResult:
        """Plays the match (or what is left of it) and returns the result. Ctrl-C ends it with
        the finished games kept in the PGN."""
        done = self._prepare_pgn()
        if self.executor is not None:
            return self._run_elsewhere(self.executor, [t for t in self.tasks if t.number not in done])
        self._check_engines()
        todo: "queue.Queue[_Task]" = queue.Queue()
        for task in self.tasks:
            if task.number not in done:
                todo.put(task)
        if self.sprt is not None:
            self._judge_sprt()
        workers = [
            threading.Thread(target=self._worker, args=(todo,), name=f"match slot {i + 1}", daemon=True)
            for i in range(min(self.concurrency, max(1, todo.qsize())))
        ]
        for worker in workers:
            worker.start()
        try:
            for worker in workers:
                while worker.is_alive():
                    worker.join(0.2)
        except KeyboardInterrupt:
            self.result.interrupted = True
            self.stop()
            for worker in workers:
                worker.join(5.0)
        finally:
            with self._lock:
                for slot in self._slots:
                    for player in slot.values():
                        player.close()
                self._slots.clear()
        if len(self.result.games) < len(self.tasks) and self.result.sprt_decision is None:
            self.result.interrupted = self.result.interrupted or self._stop.is_set()
        if self._errors:
            raise self._errors[0]
        return self.result

    def _run_elsewhere(self, executor: "Executor", tasks: List[_Task]) -> MatchResult:
        """``run`` with the games played by ``executor``; external engines are started where
        the games are played, so a missing one loses its games there."""
        if self.sprt is not None:
            self._judge_sprt()
        try:
            if not self._stop.is_set():
                executor.play(self, tasks)
        except KeyboardInterrupt:
            self.result.interrupted = True
            self.stop()
        if len(self.result.games) < len(self.tasks) and self.result.sprt_decision is None:
            self.result.interrupted = self.result.interrupted or self._stop.is_set()
        return self.result

    def _check_engines(self) -> None:
        """Starts each external engine once, so that a wrong command or option stops the match
        before its first game rather than losing every game."""
        for config, name in zip(self.engines, self.names):
            if config.is_external:
                player = ExternalPlayer(config, self.rules)
                try:
                    player.start()
                except (EngineError, ValueError) as e:
                    raise MatchError(f"engine {name} does not start: {e}") from e
                finally:
                    player.close()

    def _worker(self, todo: "queue.Queue[_Task]") -> None:
        players: Dict[int, Player] = {}
        with self._lock:
            self._slots.append(players)
        try:
            while not self._stop.is_set():
                try:
                    task = todo.get_nowait()
                except queue.Empty:
                    return
                for index in (task.red, task.black):
                    if index not in players:
                        players[index] = make_player(self.engines[index], self.rules)
                record = self._play(task, players[task.red], players[task.black])
                if record is not None and not self._stop.is_set():
                    self._finish(record)
        except BaseException as e:  # a bug here must not pass silently
            self._errors.append(e)
            self._stop.set()

    @staticmethod
    def _limit(config: EngineConfig, tcs: Dict[bool, Optional[TimeControl]], clocks: Dict[bool, float], moves_to_go: Optional[int]) -> Limit:
        if config.tc is not None:
            # Each side's own clock and increment: time odds are allowed.
            red_tc, black_tc = tcs[RED], tcs[BLACK]
            return Limit(
                red_clock=clocks[RED],
                black_clock=clocks[BLACK],
                red_inc=red_tc.increment if red_tc is not None else 0.0,
                black_inc=black_tc.increment if black_tc is not None else 0.0,
                remaining_moves=moves_to_go,
                depth=config.depth,
                nodes=config.nodes,
            )
        return Limit(time=config.st, depth=config.depth, nodes=config.nodes)

    def _play(self, task: _Task, red: Player, black: Player) -> Optional[GameRecord]:
        """One game; ``None`` when the match stopped during it."""
        players = {RED: red, BLACK: black}
        configs = {RED: self.engines[task.red], BLACK: self.engines[task.black]}
        record = GameRecord(
            task.number, task.round, task.red, task.black, self.names[task.red], self.names[task.black], task.opening
        )
        board = task.opening.board(self.rules)
        tcs = {c: configs[c].tc for c in (RED, BLACK)}
        clocks = {c: (tc.base if tc is not None else 0.0) for c, tc in tcs.items()}
        moves_made = {RED: 0, BLACK: 0}
        scores: Dict[bool, List[Optional[int]]] = {RED: [], BLACK: []}
        start_ply = board.ply()

        def lose(color: bool, termination: str, reason: str) -> None:
            # The core declares the result: a fallen flag, or a loss like a resignation.
            (board.flag if termination == "time forfeit" else board.resign)(color)
            record.result = board.result()
            record.termination = termination
            record.reason = reason

        side_name = {RED: "Red", BLACK: "Black"}
        last_report = _time.monotonic()
        for color in (RED, BLACK):
            try:
                players[color].new_game()
            except EngineError as e:
                players[color].reset()
                lose(color, "abandoned", f"{side_name[color]}'s engine failed to start a game: {e}")
                return self._headers(record, board)
        while True:
            if self._stop.is_set():
                return None
            outcome = board.outcome()
            if outcome is not None:
                record.result = outcome.result()
                record.termination = "normal"
                record.reason = outcome.reason
                break
            if self.max_moves is not None and board.ply() - start_ply >= 2 * self.max_moves:
                board.agree_draw()
                record.result, record.termination = board.result(), "adjudication"
                record.reason = f"draw by adjudication: {self.max_moves} moves played"
                break
            if self.progress is not None and _time.monotonic() - last_report >= self.progress_interval:
                last_report = _time.monotonic()
                self.progress(self._game_progress_line(record, board, clocks, tcs))
            turn = board.turn
            config, player = configs[turn], players[turn]
            tc = config.tc
            moves_to_go = None
            if tc is not None and tc.moves:
                moves_to_go = tc.moves - moves_made[turn] % tc.moves
            limit = self._limit(config, tcs, clocks, moves_to_go)
            margin = config.time_margin if config.time_margin is not None else DEFAULT_TIME_MARGIN
            if tc is not None:
                allowed: Optional[float] = clocks[turn] + margin
            elif config.st is not None:
                allowed = config.st + margin
            else:
                allowed = None
            hang = config.move_timeout if config.move_timeout is not None else DEFAULT_MOVE_TIMEOUT
            timeout = allowed if allowed is not None else hang
            who = side_name[turn]
            try:
                found = player.play(board, limit, timeout)
            except EngineError as e:
                player.reset()
                lose(turn, *_engine_failure(e, who, timed=allowed is not None))
                break
            if self._stop.is_set():
                return None
            if allowed is not None and found.elapsed > allowed:
                lose(turn, "time forfeit", f"{who} loses on time ({found.elapsed:.3f}s used, {allowed - margin:.3f}s left)")
                break
            if found.move is None:
                # The rules ended the game above: no move here is a draw claim.
                drawn = board.drawing_move()
                if drawn is not None:
                    board.agree_draw()
                    record.result, record.termination = board.result(), "normal"
                    record.reason = f"{who} claims a draw: {drawn[1].reason}"
                else:
                    lose(
                        turn,
                        "rules infraction",
                        f"{who}'s engine claims a draw (no best move), but no move draws the game"
                        f" under the {self.rules} rules",
                    )
                break
            if tc is not None:
                moves_made[turn] += 1
                clocks[turn] = max(0.0, clocks[turn] - found.elapsed) + tc.increment
                if tc.moves and moves_made[turn] % tc.moves == 0:
                    clocks[turn] += tc.base
            comment = score_text(found.score, turn)
            comment = f"{comment}/{found.depth} {found.elapsed:.3f}s" if comment else f"{found.elapsed:.3f}s"
            board.push(found.move)
            record.moves.append(found.move)
            record.comments.append(comment)
            own = found.score.pov(turn) if found.score is not None else None
            scores[turn].append(centipawns(own) if own is not None else None)
            verdict = adjudicate(self.resign, self.draw, board, scores, turn, start_ply) if board.outcome() is None else None
            if verdict is not None:
                record.result, record.termination, record.reason = verdict
                break
        return self._headers(record, board)

    def _game_progress_line(
        self, record: GameRecord, board: Board, clocks: Dict[bool, float], tcs: Dict[bool, Optional[TimeControl]]
    ) -> str:
        """One line about a game under way: its number, players, move, last move and clocks."""
        line = f"game {record.number}: {record.red_name} - {record.black_name}, move {board.fullmove_number}"
        line += f" ({len(record.moves)} plies played)"
        if record.moves:
            line += f", last {record.moves[-1].uci()} ({record.comments[-1] or ''})"
        if tcs[RED] is not None or tcs[BLACK] is not None:
            line += f", clocks {clocks[RED]:.1f}s - {clocks[BLACK]:.1f}s"
        return line

    def _headers(self, record: GameRecord, board: Board) -> GameRecord:
        red, black = self.engines[record.red], self.engines[record.black]
        tc = red.describe() if red.describe() == black.describe() else f"{red.describe()} vs {black.describe()}"
        record.headers = {
            "Event": self.event,
            "Site": "?",
            "Date": datetime.date.today().strftime("%Y.%m.%d"),
            "Round": str(record.number),
            "Red": record.red_name,
            "Black": record.black_name,
            "TimeControl": tc,
            "Rules": self.rules,
            "Termination": record.termination,
            "PlyCount": str(len(record.opening.moves) + len(record.moves)),
        }
        return record

    # ----- bookkeeping ----------------------------------------------------------------------

    def _count(self, record: GameRecord) -> None:
        """Adds a finished game to the scores (and its pair, once both games are in)."""
        a, b = min(record.red, record.black), max(record.red, record.black)
        stats = self.result.pairs[(a, b)]
        points = record.points(a)
        stats.add(points)
        key = (record.round, a, b)
        pair = self._pair_points.setdefault(key, [])
        pair.append(points)
        if len(pair) == 2:
            stats.pentanomial = stats.pentanomial.add(sum(pair))
        self.result.games.append(record)

    def _judge_sprt(self) -> None:
        if self.sprt is None or self.result.sprt_decision is not None:
            return
        llr = self.result.llr()
        decision = self.sprt.decision(llr) if llr is not None else None
        if decision is not None:
            self.result.sprt_decision = decision
            self._stop.set()
            if self.progress is not None:
                self.progress(f"SPRT: {decision} accepted (LLR {llr:.2f}); the match stops")

    def _finish(self, record: GameRecord) -> None:
        with self._lock:
            if self._stop.is_set():
                return
            self._count(record)
            if self.pgn_path is not None:
                text = record.pgn_game().pgn()
                with open(self.pgn_path, "a", encoding="utf-8") as out:
                    out.write(text)
                    out.flush()
                    os.fsync(out.fileno())
            if self.progress is not None:
                self.progress(self.result.progress_line(record))
            self._judge_sprt()

    def _prepare_pgn(self) -> set:
        """Checks the PGN file (continuing it with ``resume``) and returns the numbers of the
        games it already holds."""
        path = self.pgn_path
        if path is None:
            return set()
        if not path.exists() or path.stat().st_size == 0:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("", encoding="utf-8")
            return set()
        if not self.resume:
            raise MatchError(f"{path} exists: continue it with resume (--resume), or choose another file")
        done: set = set()
        kept: List[str] = []
        by_number = {t.number: t for t in self.tasks}
        for game in read_games(path.read_text(encoding="utf-8"), skip_errors=True):
            try:
                number = int(game.headers.get("Round", ""))
            except ValueError:
                continue
            task = by_number.get(number)
            result = game.result
            if task is None or result == "*" or number in done:
                continue
            names = (game.headers.get("Red"), game.headers.get("Black"))
            expected = (self.names[task.red], self.names[task.black])
            book = list(task.opening.moves)
            if names != expected or game.fen != Board(task.opening.fen).fen() or game.moves[: len(book)] != book:
                raise MatchError(
                    f"{path} does not belong to this match: its game {number} is {names[0]} vs {names[1]}"
                    f" from {game.fen}, this match's is {expected[0]} vs {expected[1]} from {task.opening.fen}"
                    " (same engines, openings, order and seed are needed to resume)"
                )
            record = GameRecord(
                number, task.round, task.red, task.black, expected[0], expected[1], task.opening,
                list(game.moves[len(book):]), list(game.comments[len(book):]), result,
                game.headers.get("Termination", "normal"), "", dict(game.headers),
            )
            self._count(record)
            done.add(number)
            kept.append(game.pgn())
        # Rewritten without a record cut short by the interruption.
        path.write_text("".join(kept), encoding="utf-8")
        if self.progress is not None:
            self.progress(f"resuming {path}: {len(done)} of {len(self.tasks)} games already played")
        return done


def _engine_failure(e: EngineError, who: str, timed: bool) -> Tuple[str, str]:
    """The termination and the reason when `who`'s engine fails to move with `e`; a timeout
    under a time limit (`timed`) loses on time, one without any is a hung engine."""
    if isinstance(e, EngineTimeoutError):
        return "time forfeit", f"{who} loses on time ({e})" if timed else f"{who}'s engine hangs ({e})"
    if isinstance(e, EngineIllegalMoveError):
        return "rules infraction", f"{who} plays the illegal move {e.move}"
    if isinstance(e, EngineProtocolError):
        said = e.line.strip()[:80]
        detail = f" in {said!r}" if said and said not in str(e) else ""
        return "rules infraction", f"{who}'s engine breaks the protocol: {e}{detail}"
    if isinstance(e, EngineTerminatedError):
        return "abandoned", f"{who}'s engine crashed ({e})"
    return "abandoned", f"{who}'s engine failed ({e})"
