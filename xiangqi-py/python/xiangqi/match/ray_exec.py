"""Matches on a Ray cluster: each game is a Ray task.

    >>> from xiangqi.match import Match, EngineConfig
    >>> from xiangqi.match.ray_exec import RayExecutor
    >>> match = Match([EngineConfig(level="master"), EngineConfig(level="strong")],
    ...               games=100, nodes=20_000, pgn="games.pgn", executor=RayExecutor("auto"))
    >>> result = match.run()  # doctest: +SKIP

The driver (this process) schedules the games, keeps the score, the SPRT and the PGN exactly as
a local run does; the workers only play. A game whose worker dies (a killed process, a lost
machine) is played again from its start on another worker by Ray's task retries, and each game
is counted once, by its number. Games in flight when the match stops (Ctrl-C, the SPRT) are
cancelled and not recorded; ``resume`` plays them later.

An external engine (``cmd=``) is started on the worker that plays the game, so its command must
exist there (same path on every machine); where it does not, that game is lost by the engine's
side with the reason in the PGN, and the match goes on.
"""

from __future__ import annotations

import collections
import uuid
from typing import TYPE_CHECKING, Any, Deque, Dict, List, Optional, Tuple

from xiangqi import _ray
from xiangqi.match.players import Player, make_player
from xiangqi.match.runner import Executor, MatchError

if TYPE_CHECKING:
    from xiangqi.match.runner import GameRecord, Match, _Task

__all__ = ["RayExecutor"]

#: How often (seconds) the driver looks up from waiting, to notice a stop.
POLL_SECONDS = 0.2

# The players of the match this worker process last played for: engines (and their hash tables,
# or their processes) are kept between the games of one match, as a local game slot keeps them.
_worker_players: Dict[str, Dict[int, Player]] = {}


def _players_for(token: str) -> Dict[int, Player]:
    if token not in _worker_players:
        for old in _worker_players.values():
            for player in old.values():
                player.close()
        _worker_players.clear()
        _worker_players[token] = {}
    return _worker_players[token]


def _play_game(match: "Match", token: str, task: "_Task") -> Optional["GameRecord"]:
    """The body of a game's Ray task: plays ``task`` with this worker's players."""
    players = _players_for(token)
    for index in (task.red, task.black):
        if index not in players:
            players[index] = make_player(match.engines[index], match.rules)
    return match._play(task, players[task.red], players[task.black])


class RayExecutor(Executor):
    """Plays a match's games as Ray tasks on the cluster at ``address`` (see
    :mod:`xiangqi._ray`: ``None``, ``"auto"``, ``"local"``, ``"HOST:PORT"``).

    ``concurrency`` is the number of games in flight (by default the cluster's CPUs divided by
    the CPUs a game needs: the most search threads of any engine); ``max_retries`` how many
    times a game whose worker died is played again before the match fails."""

    def __init__(self, address: Optional[str] = None, concurrency: Optional[int] = None, max_retries: int = 3) -> None:
        if concurrency is not None and concurrency < 1:
            raise ValueError("concurrency is at least 1")
        self.address = address
        self.concurrency = concurrency
        self.max_retries = max_retries
        self._ray: Any = None

    def start(self, match: "Match") -> int:
        """Joins the cluster (raises ``RayUnavailableError`` when it cannot) and returns the
        number of games that will be in flight; the match reports it as its concurrency."""
        if self._ray is None:
            self._ray = _ray.connect(self.address)
        if self.concurrency is None:
            self.concurrency = max(1, _ray.cluster_cpus(self._ray) // self._cpus_per_game(match))
        match.concurrency = self.concurrency
        return self.concurrency

    @staticmethod
    def _cpus_per_game(match: "Match") -> int:
        return max(1, max(config.threads for config in match.engines))

    def describe(self) -> str:
        """Where the games run, in words."""
        return f"Ray cluster ({self.address or 'default'})"

    def play(self, match: "Match", tasks: List["_Task"]) -> None:
        """Plays ``tasks``; hands each finished game to the match once; returns when all are
        done or the match stopped. A game that failed on every try stops the match with a
        ``MatchError`` (the finished games stay in the PGN)."""
        concurrency = self.start(match)
        ray = self._ray
        remote = ray.remote(_play_game).options(
            num_cpus=self._cpus_per_game(match), max_retries=self.max_retries, retry_exceptions=False
        )
        shared = ray.put(match)
        token = uuid.uuid4().hex
        todo: Deque["_Task"] = collections.deque(tasks)
        in_flight: Dict[Any, "_Task"] = {}
        counted: set = set()
        try:
            while (todo or in_flight) and not match._stop.is_set():
                while todo and len(in_flight) < concurrency:
                    task = todo.popleft()
                    in_flight[remote.remote(shared, token, task)] = task
                ready, _ = ray.wait(list(in_flight), num_returns=1, timeout=POLL_SECONDS)
                for ref in ready:
                    task = in_flight.pop(ref)
                    record, error = self._outcome(ref)
                    if error is not None:
                        raise MatchError(f"game {task.number} failed on the cluster: {error}")
                    if record is not None and record.number not in counted and not match._stop.is_set():
                        counted.add(record.number)
                        match._finish(record)
        finally:
            for ref in in_flight:
                ray.cancel(ref, force=True)

    def _outcome(self, ref: Any) -> Tuple[Optional["GameRecord"], Optional[str]]:
        ray = self._ray
        try:
            return ray.get(ref), None
        except ray.exceptions.RayTaskError as e:
            cause = e.cause if getattr(e, "cause", None) is not None else e
            return None, f"{type(cause).__name__}: {cause}"
        except ray.exceptions.RayError as e:
            return None, f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
