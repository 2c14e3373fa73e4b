"""The built-in engine, searching in this process with the GIL released.

    >>> import xiangqi, xiangqi.engine
    >>> engine = xiangqi.engine.Engine(level="master")
    >>> board = xiangqi.Board()
    >>> result = engine.play(board, xiangqi.engine.Limit(depth=6))
    >>> result.move in board.legal_moves
    True
    >>> info = engine.analyse(board, xiangqi.engine.Limit(depth=6))
    >>> info["score"].pov(xiangqi.RED).cp is not None
    True

Shaped like ``chess.engine``: ``play`` returns a ``PlayResult``, ``analyse`` an info dict (a list
of them with ``multipv``). Scores are ``PovScore``s: ``relative`` is from the side to move's
view, ``pov(color)`` from either side's. Several engines may search at once in different
threads; ``stop()`` ends a search from another thread, which then returns its best move so far.

The levels, weakest first: beginner, casual, club, strong, master (see ``LEVELS``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Union

from xiangqi._xiangqi import Board, Move, _Engine, engine_levels

if TYPE_CHECKING:
    from xiangqi.uci import AsyncEngine, SimpleEngine

__all__ = ["Engine", "Limit", "PlayResult", "Score", "PovScore", "LEVELS", "InfoDict", "SimpleEngine", "AsyncEngine"]

LEVELS: Dict[str, str] = dict(engine_levels())
"""Each level's name and how it plays."""

InfoDict = Dict[str, Any]


@dataclass(frozen=True)
class Limit:
    """When to stop searching: the first of the given limits reached. ``time`` is in seconds.
    With no limit at all a search runs until ``Engine.stop()``."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None


@dataclass(frozen=True)
class Score:
    """A score from one side's view: ``cp`` centipawns (100 is about a soldier), or ``mate`` in
    that many moves (negative: being mated; 0: already lost)."""

    cp: Optional[int] = None
    mate: Optional[int] = None

    def is_mate(self) -> bool:
        return self.mate is not None

    def __neg__(self) -> "Score":
        if self.mate is not None:
            return Score(mate=-self.mate)
        return Score(cp=-(self.cp or 0))

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """Centipawns; a mate becomes ``mate_score`` minus the moves to it (``None`` without it)."""
        if self.mate is None:
            return self.cp
        if mate_score is None:
            return None
        return mate_score - self.mate if self.mate > 0 else -mate_score - self.mate

    def __str__(self) -> str:
        return f"#{self.mate:+d}" if self.mate is not None else f"{self.cp:+d}"


@dataclass(frozen=True)
class PovScore:
    """A score and the side it is relative to."""

    relative: Score
    turn: bool

    def pov(self, color: bool) -> Score:
        """The score from ``color``'s view."""
        return self.relative if color == self.turn else -self.relative

    def red(self) -> Score:
        return self.pov(True)

    def black(self) -> Score:
        return self.pov(False)

    def __str__(self) -> str:
        return f"{self.relative} ({'red' if self.turn else 'black'} to move)"


@dataclass
class PlayResult:
    """What ``Engine.play`` found: the move (``None`` when the side to move has no legal move),
    the expected reply, the score, the principal variation and the search statistics."""

    move: Optional[Move]
    ponder: Optional[Move]
    score: PovScore
    pv: List[Move] = field(default_factory=list)
    depth: int = 0
    nodes: int = 0
    time: float = 0.0


def _score(raw: Any, turn: bool) -> PovScore:
    kind, value = raw
    relative = Score(cp=value) if kind == "cp" else Score(mate=value)
    return PovScore(relative, turn)


def _info(raw: Dict[str, Any], turn: bool) -> InfoDict:
    info = dict(raw)
    info["score"] = _score(raw["score"], turn)
    return info


class Engine:
    """The engine at a level (``"beginner"`` .. ``"master"``), with ``threads`` search threads,
    a ``hash_mb`` transposition table, judging repetitions by ``rules`` (``"casual"``,
    ``"simple"``, ``"axf"``; by default the board's own). ``seed`` fixes the weaker levels'
    random choices."""

    def __init__(
        self,
        level: str = "master",
        threads: int = 1,
        hash_mb: int = 64,
        rules: Optional[str] = None,
        seed: Optional[int] = None,
    ) -> None:
        self._rules = rules
        self._engine = _Engine(level, threads, hash_mb, rules or "casual", seed)

    @property
    def level(self) -> str:
        return self._engine.level

    def set_level(self, level: str) -> None:
        self._engine.set_level(level)

    def new_game(self) -> None:
        """Forgets what earlier searches learned."""
        self._engine.new_game()

    def stop(self) -> None:
        """Ends the running search (call it from another thread)."""
        self._engine.stop()

    def _search(self, board: Board, limit: Limit, multipv: int, info: Optional[Callable[[InfoDict], Any]]) -> Any:
        self._engine.set_rules(self._rules or board.rules)
        turn = board.turn
        callback = None if info is None else (lambda raw: info(_info(raw, turn)))
        return self._engine.search(board, limit.depth, limit.nodes, limit.time, multipv, callback)

    def play(self, board: Board, limit: Limit, *, info: Optional[Callable[[InfoDict], Any]] = None) -> PlayResult:
        """The move to play in the board's position, found within ``limit``."""
        raw, _ = self._search(board, limit, 1, info)
        return PlayResult(
            move=raw["move"],
            ponder=raw["ponder"],
            score=_score(raw["score"], board.turn),
            pv=raw["pv"],
            depth=raw["depth"],
            nodes=raw["nodes"],
            time=raw["time"],
        )

    def analyse(
        self,
        board: Board,
        limit: Limit,
        *,
        multipv: Optional[int] = None,
        info: Optional[Callable[[InfoDict], Any]] = None,
    ) -> Union[InfoDict, List[InfoDict]]:
        """The analysis of the board's position: an info dict with ``score`` (a ``PovScore``),
        ``pv``, ``depth``, ``seldepth``, ``nodes``, ``nps``, ``time``; with ``multipv`` a list of
        them, best first. ``info`` is called with each intermediate info dict."""
        turn = board.turn
        raw, lines = self._search(board, limit, multipv or 1, info)
        infos = [_info(line, turn) for line in lines]
        if not infos:
            # No legal move: the search reports only its result.
            infos = [{"score": _score(raw["score"], turn), "pv": [], "depth": 0, "nodes": raw["nodes"], "time": raw["time"]}]
        return infos if multipv is not None else infos[0]

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def __getattr__(name: str) -> Any:
    """External engines live in :mod:`xiangqi.uci` (which builds on this module); they are also
    reachable here, as ``xiangqi.engine.SimpleEngine.popen_uci(...)``, like python-chess."""
    if name in ("SimpleEngine", "AsyncEngine"):
        from xiangqi import uci

        return getattr(uci, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
