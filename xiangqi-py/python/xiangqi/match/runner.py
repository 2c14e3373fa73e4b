"""The match runner: schedules game pairs, plays them in parallel, judges them by the rules,
keeps the score and the SPRT, and writes each finished game to the PGN file at once (which is
what ``resume`` reads back)."""

from __future__ import annotations

import datetime
import itertools
import math
import os
import queue
import threading
import time as _time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, TextIO, Tuple, Union

from xiangqi._xiangqi import MATE_CP, Board, Move
from xiangqi.engine import Cp, PovScore, Score
from xiangqi.exceptions import (
    EngineError,
    EngineIllegalMoveError,
    EngineProtocolError,
    EngineTerminatedError,
    EngineTimeoutError,
    XiangqiError,
)
from xiangqi.match.openings import Opening, default_openings, load_openings, order_openings
from xiangqi.match.players import EngineConfig, ExternalPlayer, Player, TimeControl, make_player
from xiangqi.match.stats import Pentanomial, Sprt, Trinomial, los
from xiangqi.engine import Limit
from xiangqi.pgn import Game, read_games

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


@dataclass(frozen=True)
class ResignAdjudication:
    """A side loses once its engine's own score has been ``score`` centipawns or worse for
    ``move_count`` moves in a row; ``two_sided`` also needs the opponent to agree."""

    move_count: int = 3
    score: int = 600
    two_sided: bool = False


@dataclass(frozen=True)
class DrawAdjudication:
    """A draw once both engines' scores have stayed within ``score`` centipawns of zero for
    ``move_count`` moves each, from move ``move_number`` on."""

    move_number: int = 40
    move_count: int = 8
    score: int = 10


@dataclass
class GameRecord:
    """A finished game: who played it, how it went and why it ended."""

    number: int
    round: int
    red: int
    black: int
    red_name: str
    black_name: str
    opening: Opening
    moves: List[Move] = field(default_factory=list)
    comments: List[Optional[str]] = field(default_factory=list)
    result: str = "*"
    termination: str = "unterminated"
    reason: str = ""
    headers: Dict[str, str] = field(default_factory=dict)

    def points(self, engine: int) -> float:
        """The points ``engine`` (an index) scored in this game."""
        red_points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[self.result]
        return red_points if engine == self.red else 1.0 - red_points

    def pgn_game(self) -> Game:
        game = Game(self.headers, self.opening.fen, list(self.opening.moves) + self.moves, self.result)
        book: List[Optional[str]] = ["book"] * len(self.opening.moves)
        game.comments = book + list(self.comments)
        if self.reason:
            if game.comments:
                last = game.comments[-1]
                game.comments[-1] = f"{last}, {self.reason}" if last else self.reason
            else:
                game.comment = self.reason
        return game


@dataclass
class PairStats:
    """The score between two engines, from the first one's view."""

    first: int
    second: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    pentanomial: Pentanomial = field(default_factory=Pentanomial)

    @property
    def trinomial(self) -> Trinomial:
        return Trinomial(self.wins, self.draws, self.losses)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, points: float) -> None:
        if points == 1.0:
            self.wins += 1
        elif points == 0.0:
            self.losses += 1
        else:
            self.draws += 1


@dataclass
class MatchResult:
    """The state of a match: games played, scores, the SPRT."""

    names: List[str]
    games: List[GameRecord] = field(default_factory=list)
    pairs: Dict[Tuple[int, int], PairStats] = field(default_factory=dict)
    total_games: int = 0
    sprt: Optional[Sprt] = None
    sprt_decision: Optional[str] = None
    interrupted: bool = False
    time_control: str = ""

    def pair(self, first: int = 0, second: int = 1) -> PairStats:
        """The score of engine ``first`` against ``second`` (indexes in the engine list)."""
        if (first, second) in self.pairs:
            return self.pairs[(first, second)]
        stats = self.pairs.get((second, first))
        if stats is None:
            return PairStats(first, second)
        counts = stats.pentanomial.counts
        return PairStats(
            first, second, stats.losses, stats.draws, stats.wins, Pentanomial((counts[4], counts[3], counts[2], counts[1], counts[0]))
        )

    def llr(self) -> Optional[float]:
        """The SPRT's log-likelihood ratio so far (two-engine matches with an SPRT)."""
        if self.sprt is None:
            return None
        return self.sprt.llr(self.pair(0, 1).pentanomial)

    def engine_score(self, engine: int) -> Trinomial:
        """``engine``'s results against everyone."""
        w = d = l = 0
        for (a, b), stats in self.pairs.items():
            if engine == a:
                w, d, l = w + stats.wins, d + stats.draws, l + stats.losses
            elif engine == b:
                w, d, l = w + stats.losses, d + stats.draws, l + stats.wins
        return Trinomial(w, d, l)

    def progress_line(self, game: GameRecord) -> str:
        """One line for a finished game, with the running score of its two engines."""
        first, second = min(game.red, game.black), max(game.red, game.black)
        stats = self.pair(first, second)
        line = (
            f"[{len(self.games):>{len(str(self.total_games))}}/{self.total_games}] "
            f"game {game.number}: {game.red_name} - {game.black_name} {game.result} ({game.reason or game.termination})"
        )
        elo = stats.pentanomial.elo() if stats.pentanomial.pairs >= 2 else stats.trinomial.elo()
        line += (
            f" | {self.names[first]} vs {self.names[second]}: +{stats.wins} ={stats.draws} -{stats.losses}"
            f" {100 * stats.trinomial.score():.1f}% Elo {elo}"
        )
        llr = self.llr()
        if llr is not None and self.sprt is not None:
            line += f" LLR {llr:.2f} ({self.sprt.lower_bound:.2f}, {self.sprt.upper_bound:.2f})"
        return line

    def summary(self) -> str:
        """The final report: a table of engines with Elo and 95% intervals, the pair scores with
        pentanomial counts, and the SPRT's verdict."""
        lines: List[str] = []
        played = len(self.games)
        header = f"{played} of {self.total_games} games"
        if self.time_control:
            header += f", {self.time_control}"
        if self.interrupted:
            header += " (interrupted: continue with --resume)"
        lines.append(header)
        if len(self.names) > 2:
            lines.append(f"{'Rank':<5}{'Name':<24}{'Elo':>8}{'+/-':>8}{'Games':>7}{'Score':>8}{'Draw':>7}")
            rows = []
            for i, name in enumerate(self.names):
                t = self.engine_score(i)
                rows.append((t.score() if t.games else 0.0, i, name, t))
            for rank, (_, i, name, t) in enumerate(sorted(rows, key=lambda r: -r[0]), 1):
                elo = t.elo()
                draw = 100.0 * t.draws / t.games if t.games else 0.0
                err = f"{elo.error:.1f}" if math.isfinite(elo.error) else "-"
                lines.append(
                    f"{rank:<5}{name:<24}{elo.elo:>+8.1f}{err:>8}{t.games:>7}{100 * t.score():>7.1f}%{draw:>6.1f}%"
                )
            lines.append("(each engine's Elo and score against all the others)")
            lines.append("")
        for (a, b) in sorted(self.pairs):
            stats = self.pairs[(a, b)]
            if not stats.games:
                continue
            penta = stats.pentanomial
            elo = penta.elo() if penta.pairs >= 2 else stats.trinomial.elo()
            kind = "pentanomial" if penta.pairs >= 2 else "trinomial"
            points = stats.wins + stats.draws / 2.0
            lines.append(f"{self.names[a]} vs {self.names[b]}:")
            lines.append(f"  Elo: {elo} (95%, {kind}), LOS: {100 * los(stats.wins, stats.losses):.1f}%")
            lines.append(
                f"  Games: {stats.games}, Wins: {stats.wins}, Draws: {stats.draws}, Losses: {stats.losses},"
                f" Points: {points:g} ({100 * stats.trinomial.score():.1f}%)"
            )
            lines.append(f"  Ptnml(0-2): {list(penta.counts)}")
        if self.sprt is not None:
            llr = self.llr() or 0.0
            verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "no decision yet"}[self.sprt_decision]
            lines.append(
                f"  LLR: {llr:.2f} ({self.sprt.lower_bound:.2f}, {self.sprt.upper_bound:.2f})"
                f" [{self.sprt.elo0:g}, {self.sprt.elo1:g}] {verdict}"
            )
        reasons: Dict[str, int] = {}
        for game in self.games:
            if game.termination != "normal":
                reasons[game.termination] = reasons.get(game.termination, 0) + 1
        if reasons:
            lines.append("Ended other than by the rules: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
        return "\n".join(lines)


@dataclass
class _Task:
    number: int
    round: int
    red: int
    black: int
    opening: Opening


def _score_text(score: Optional[PovScore], turn: bool) -> str:
    if score is None:
        return ""
    own = score.pov(turn)
    mate = own.mate()
    if mate is not None:
        return f"{'+' if own > Cp(0) else '-'}M{abs(mate)}"
    return f"{(own.score() or 0) / 100:+.2f}"


def _centipawns(score: Score) -> int:
    return score.score(mate_score=MATE_CP) or 0


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
            except EngineTimeoutError as e:
                player.reset()
                if allowed is not None:
                    lose(turn, "time forfeit", f"{who} loses on time ({e})")
                else:
                    lose(turn, "time forfeit", f"{who}'s engine hangs ({e})")
                break
            except EngineIllegalMoveError as e:
                player.reset()
                lose(turn, "rules infraction", f"{who} plays the illegal move {e.move}")
                break
            except EngineProtocolError as e:
                player.reset()
                said = e.line.strip()[:80]
                detail = f" in {said!r}" if said and said not in str(e) else ""
                lose(turn, "rules infraction", f"{who}'s engine breaks the protocol: {e}{detail}")
                break
            except EngineTerminatedError as e:
                player.reset()
                lose(turn, "abandoned", f"{who}'s engine crashed ({e})")
                break
            except EngineError as e:
                player.reset()
                lose(turn, "abandoned", f"{who}'s engine failed ({e})")
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
            comment = _score_text(found.score, turn)
            comment = f"{comment}/{found.depth} {found.elapsed:.3f}s" if comment else f"{found.elapsed:.3f}s"
            board.push(found.move)
            record.moves.append(found.move)
            record.comments.append(comment)
            own = found.score.pov(turn) if found.score is not None else None
            scores[turn].append(_centipawns(own) if own is not None else None)
            verdict = self._adjudicate(board, scores, turn, start_ply) if board.outcome() is None else None
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

    def _adjudicate(
        self, board: Board, scores: Dict[bool, List[Optional[int]]], mover: bool, start_ply: int
    ) -> Optional[Tuple[str, str, str]]:
        """A result by engine scores after ``mover``'s move, if the settings call one."""
        resign = self.resign
        if resign is not None:
            own = scores[mover][-resign.move_count :]
            other = scores[not mover][-resign.move_count :]
            losing = len(own) == resign.move_count and all(s is not None and s <= -resign.score for s in own)
            agreed = len(other) == resign.move_count and all(s is not None and s >= resign.score for s in other)
            if losing and (agreed or not resign.two_sided):
                who = "Red" if mover == RED else "Black"
                board.resign(mover)
                return (board.result(), "adjudication", f"{who} resigns by adjudication")
        draw = self.draw
        if draw is not None and (board.ply() - start_ply) // 2 + 1 >= draw.move_number:
            both = [scores[c][-draw.move_count :] for c in (RED, BLACK)]
            if all(
                len(s) == draw.move_count and all(v is not None and abs(v) <= draw.score for v in s) for s in both
            ):
                board.agree_draw()
                return (board.result(), "adjudication", "draw by adjudication")
        return None

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
