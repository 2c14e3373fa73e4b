"""The built-in engine, searching in this process with the GIL released.

    >>> import xiangqi, xiangqi.engine
    >>> engine = xiangqi.engine.Engine(level="master")
    >>> board = xiangqi.Board()
    >>> result = engine.play(board, xiangqi.engine.Limit(depth=6))
    >>> result.move in board.legal_moves
    True
    >>> info = engine.analyse(board, xiangqi.engine.Limit(depth=6))
    >>> info["score"].pov(xiangqi.RED).score() is not None
    True

Shaped like ``chess.engine``: ``play`` returns a ``PlayResult``, ``analyse`` an ``InfoDict`` (a
list of them with ``multipv``), ``analysis`` an ``AnalysisResult`` read while the search runs;
``configure``, ``config``, ``id`` and ``quit`` as there. Scores are ``PovScore``s: ``relative`` is from the side to
move's view, ``pov(color)`` from either side's; a ``Score`` is a ``Cp`` (centipawns) or a
``Mate`` (moves to mate), ordered from worst to best. ``Limit``, ``PlayResult``, ``InfoDict`` and
the scores are shared with the external engines of ``xiangqi.uci``: both modules take them from
``xiangqi._engine_model``, and neither imports the other for them.

One ``Engine`` searches one position at a time: calls from several threads wait their turn
(with the GIL released, so the running search goes on). ``stop()`` ends a running search from
any thread, which then returns its best move so far; reading ``level`` never waits. An ``info``
callback may read the engine, but a search started from inside it raises ``EngineBusyError``.
Ctrl-C stops a search. Several engines search in parallel threads.

The levels, weakest first: beginner, casual, club, strong, master (see ``LEVELS``).
"""

import os
import threading
import time as _time
import typing
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple, Union

from xiangqi._analysis import AnalysisComplete, AnalysisResult, BestMove
from xiangqi._engine_model import (
    Cp,
    InfoDict,
    Limit,
    Mate,
    MateGiven,
    PlayResult,
    PovScore,
    Score,
    _check_play_limit,
    _info,
    _is_unbounded,
    _relative_score,
    _score,
)
from xiangqi._xiangqi import MAX_SECONDS, Board, Move, _Engine, engine_id, engine_levels, search_params
from xiangqi._xiangqi import DEFAULT_EVALUATION
from xiangqi._xiangqi import evaluate as _evaluate
from xiangqi.exceptions import EngineError, EngineTerminatedError, XiangqiError

if TYPE_CHECKING:
    from xiangqi.uci import AsyncEngine, SimpleEngine

__all__ = [
    "Engine",
    "evaluate",
    "DEFAULT_EVALUATION",
    "SEARCH_PARAMS",
    "Limit",
    "PlayResult",
    "InfoDict",
    "Score",
    "Cp",
    "Mate",
    "MateGiven",
    "PovScore",
    "LEVELS",
    "MAX_SECONDS",
    "AnalysisResult",
    "AnalysisComplete",
    "BestMove",
    "SimpleEngine",
    "AsyncEngine",
]

LEVELS: Dict[str, str] = dict(engine_levels())
"""Each level's name and how it plays."""


def _whole(name: str, value: Any) -> int:
    if isinstance(value, bool):
        raise XiangqiError(f"option {name} is a whole number, not {value!r}")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise XiangqiError(f"option {name} is a whole number, not {value!r}") from None


#: The options ``Engine.configure`` takes (any case), as the engine's UCI front end names them.
OPTIONS = ("Threads", "Hash", "Level", "Rules", "Seed", "Evaluation", "EvalFile", "Clear Hash")

#: The search's run-time numbers, also options of ``Engine.configure`` (any case), as the UCI
#: front end takes them (hidden from its option list): each name with ``(default, min, max,
#: step)``, ``step`` being a tuning run's perturbation at its end (``xiangqi tune``).
SEARCH_PARAMS: Dict[str, Tuple[int, int, int, int]] = {name: (default, lo, hi, step) for name, default, lo, hi, step in search_params()}
_SEARCH_PARAM_NAMES = {name.lower(): name for name in SEARCH_PARAMS}



class Engine:
    """The engine at a level (``"beginner"`` .. ``"master"``), with ``threads`` search threads,
    a ``hash_mb`` transposition table (at most ``MAX_HASH_MB``; ``LimitError`` above it,
    ``MemoryError`` when it does not fit), judging repetitions by ``rules`` (``"casual"``,
    ``"simple"``, ``"axf"``; by default the board's own). ``seed`` fixes the weaker levels'
    random choices. ``evaluation`` is ``"nnue"`` (the learned evaluation: the shipped net, or
    the net file ``eval_file``; ``NetError`` when it cannot be used), ``"classical"`` (the
    hand-written one) or ``None``, the engine's default (``DEFAULT_EVALUATION``).

    As python-chess's engines: ``play``, ``analyse``, ``analysis`` (a search read while it
    runs), ``configure`` (the UCI option names of ``OPTIONS``), ``config``, ``id`` and
    ``quit()``."""

    def __init__(
        self,
        level: str = "master",
        threads: int = 1,
        hash_mb: int = 64,
        rules: Optional[str] = None,
        seed: Optional[int] = None,
        *,
        evaluation: Optional[str] = None,
        eval_file: Optional[Union[str, "os.PathLike[str]"]] = None,
    ) -> None:
        self._rules = rules
        self._engine = _Engine(
            level, threads, hash_mb, rules or "axf", seed, evaluation, None if eval_file is None else os.fspath(eval_file)
        )
        self._quit = False
        name, author = engine_id()
        #: ``name`` and ``author``, as the engine gives them over UCI.
        self.id: Dict[str, str] = {"name": name, "author": author}

    @property
    def config(self) -> Dict[str, Any]:
        """The options in use, by their UCI names (``Rules`` is ``None`` when each board's own
        rules are used)."""
        threads, hash_mb, level, _, seed = self._engine.options
        return {
            "Threads": threads,
            "Hash": hash_mb,
            "Level": level,
            "Rules": self._rules,
            "Seed": seed,
            "Evaluation": self.evaluation,
        }

    @property
    def search_params(self) -> Dict[str, int]:
        """The search numbers in use (``SEARCH_PARAMS`` names them), by name."""
        return dict(self._engine.search_param_values())

    def configure(self, options: typing.Mapping[str, Any]) -> None:
        """Sets options by their UCI names (any case): ``Threads``, ``Hash`` (MiB), ``Level``,
        ``Rules`` (``None``: each board's own), ``Seed`` (``None``: from the clock),
        ``Evaluation`` (``nnue`` or ``classical``), ``EvalFile`` (a net file, which selects
        ``nnue``; ``<embedded>`` the shipped net), ``Clear Hash`` (any value) and the search
        numbers of ``SEARCH_PARAMS`` (``LimitError`` outside their ranges). An unknown
        name, or ``MultiPV`` (given per call, as python-chess does), raises ``EngineError``; a
        bad value ``XiangqiError``. Applied after a running search."""
        for name, value in options.items():
            key = name.strip().lower()
            if key == "threads":
                self._engine.set_threads(_whole(name, value))
            elif key == "hash":
                self._engine.set_hash_mb(_whole(name, value))
            elif key == "level":
                self.set_level(str(value))
            elif key == "rules":
                if value is not None:
                    self._engine.set_rules(str(value))
                self._rules = None if value is None else str(value)
            elif key == "seed":
                self._engine.set_seed(None if value is None else _whole(name, value))
            elif key == "evaluation":
                self.set_evaluation(str(value))
            elif key == "evalfile":
                self.set_evaluation("nnue", None if value in (None, "<embedded>") else value)
            elif key == "clear hash":
                self.new_game()
            elif key in _SEARCH_PARAM_NAMES:
                # Beyond 64 bits is as far out of range as the largest 64-bit number.
                number = max(min(_whole(name, value), 2**63 - 1), -(2**63))
                self._engine.set_search_param(_SEARCH_PARAM_NAMES[key], number)
            elif key == "multipv":
                raise EngineError("MultiPV is given per call: analyse(board, limit, multipv=3)")
            else:
                raise EngineError(f"the engine has no option {name!r} (options: {', '.join(OPTIONS)})")

    def _check_open(self) -> None:
        if self._quit:
            raise EngineTerminatedError("the engine was quit")

    @property
    def evaluation(self) -> str:
        """``"nnue"`` or ``"classical"``."""
        return self._engine.evaluation

    def set_evaluation(self, evaluation: str, eval_file: Optional[Union[str, "os.PathLike[str]"]] = None) -> None:
        """Changes the evaluation (see the class); the transposition table is cleared. A net
        file serves the game its header names and the other game's net is kept; ``NetError``
        when it cannot be used, and the evaluation stays as it was."""
        self._engine.set_evaluation(evaluation, None if eval_file is None else os.fspath(eval_file))

    def load_net(self, path: Union[str, "os.PathLike[str]"], variant: Optional[str] = None) -> None:
        """Evaluates with the net file ``path`` for the game its header names, keeping the
        other game's net. With ``variant`` (``"xiangqi"``, ``"janggi"``, ...) a net of the
        other game is refused too. ``NetError`` when the file cannot be used; the evaluation
        stays as it was."""
        self._engine.load_net(os.fspath(path), variant)

    @property
    def level(self) -> str:
        """The level's name (readable during a search)."""
        return self._engine.level

    def set_level(self, level: str) -> None:
        """Changes the level (after the running search, if any)."""
        self._engine.set_level(level)

    def new_game(self) -> None:
        """Forgets what earlier searches learned."""
        self._engine.new_game()

    def stop(self) -> None:
        """Ends the running search (call it from another thread); does nothing when idle."""
        self._engine.stop()

    def _search(
        self, board: Board, limit: Limit, multipv: int, info: Optional[Callable[[InfoDict], Any]]
    ) -> Tuple[Dict[str, Any], List[Dict[str, Any]]]:
        self._check_open()
        turn = board.turn
        callback = None if info is None else (lambda raw: info(_info(raw, turn)))
        rules = self._rules or board.rules
        return self._engine.search(
            board, limit.depth, limit.nodes, limit.time, multipv, callback, limit.clock(), limit.mate, rules
        )

    def play(self, board: Board, limit: Limit, *, info: Optional[Callable[[InfoDict], Any]] = None) -> PlayResult:
        """The move to play in the board's position, found within ``limit``. An empty
        ``Limit()`` raises ``XiangqiError``: it would search until stopped (``analysis`` is for
        that)."""
        _check_play_limit(limit)
        start = _time.monotonic()
        raw, lines = self._search(board, limit, 1, info)
        elapsed = _time.monotonic() - start
        return PlayResult(
            move=raw["move"],
            ponder=raw["ponder"],
            score=_score(raw["score"], board.turn),
            pv=raw["pv"],
            depth=raw["depth"],
            nodes=raw["nodes"],
            time=raw["time"],
            elapsed=elapsed,
            info=_info(lines[0], board.turn) if lines else InfoDict(),
        )

    def analyse(
        self,
        board: Board,
        limit: Limit,
        *,
        multipv: Optional[int] = None,
        info: Optional[Callable[[InfoDict], Any]] = None,
    ) -> Union[InfoDict, List[InfoDict]]:
        """The analysis of the board's position: an ``InfoDict`` with ``score`` (a ``PovScore``),
        ``pv``, ``depth``, ``seldepth``, ``nodes``, ``nps``, ``time``; with ``multipv`` a list of
        them, best first. ``info`` is called with each intermediate info dict."""
        turn = board.turn
        raw, lines = self._search(board, limit, multipv or 1, info)
        infos = [_info(line, turn) for line in lines]
        if not infos:
            # No legal move: the search reports only its result.
            infos = [
                InfoDict(score=_score(raw["score"], turn), pv=[], depth=0, nodes=raw["nodes"], time=raw["time"])
            ]
        return infos if multipv is not None else infos[0]

    def review(self, board: Board, limit: Limit) -> List[Tuple[Score, int, Optional[Move]]]:
        """Every position of the board's game, from its start to the board's position, searched
        within ``limit`` each under the board's rules: the one review of ``xiangqi.analyse`` and
        the play page (``xiangqi_search::review``). One ``(score, depth, best)`` a position, the
        start first: ``score`` from that position's side to move's view, and where the rules
        have already ended the game ``Mate(0)`` (lost), ``MateGiven`` (won: janggi counting,
        the opponent's perpetual check) or ``Cp(0)`` (drawn), with ``best`` ``None``; else
        ``best`` is the engine's move. ``stop()`` from another thread ends the review after the
        position under way."""
        self._check_open()
        _check_play_limit(limit)
        rows = self._engine.review(board, limit.depth, limit.nodes, limit.time)
        return [(_relative_score(score), depth, None if best is None else Move.from_uci(best)) for score, depth, best in rows]

    def analysis(self, board: Board, limit: Optional[Limit] = None, *, multipv: Optional[int] = None) -> AnalysisResult:
        """Starts analysing the board's position (a copy of it) in a thread of its own and
        returns at once: iterate over the ``AnalysisResult`` for each info dict as the search
        deepens; ``stop()`` it, or leave its ``with`` block. Without a ``limit`` (or with an
        empty one) it searches until stopped. ``multipv`` lines are reported (``info["multipv"]``
        numbers them). Other calls on this engine wait until the analysis ends."""
        self._check_open()
        limit = Limit() if limit is None else limit
        board = board.copy()
        result = AnalysisResult(self.stop)

        def run() -> None:
            try:
                raw, _ = self._search(board, limit, multipv or 1, result.post)
            except BaseException as e:  # handed to the reader
                result.finish(None, e)
            else:
                result.finish(BestMove(raw["move"], raw["ponder"]))

        threading.Thread(target=run, name="xiangqi-analysis", daemon=True).start()
        return result

    def quit(self) -> None:
        """Stops a running search and ends the engine: later searches raise
        ``EngineTerminatedError`` (its memory goes with its last reference)."""
        self.stop()
        self._quit = True

    def close(self) -> None:
        """Stops a running search. Unlike ``quit()`` (and unlike python-chess, whose engines
        are processes to end) the engine stays usable: there is nothing to end in-process."""
        self.stop()

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def __getattr__(name: str) -> Any:
    """External engines live in :mod:`xiangqi.uci` (which builds on this module); they are also
    reachable here, as ``xiangqi.engine.SimpleEngine.popen_uci(...)``, like python-chess."""
    if name in ("SimpleEngine", "AsyncEngine"):
        from xiangqi import uci

        return getattr(uci, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def evaluate(
    board: Board, *, evaluation: Optional[str] = None, eval_file: Optional[Union[str, "os.PathLike[str]"]] = None
) -> int:
    """The static evaluation of ``board`` in centipawns for the side to move, without search:
    ``evaluation="nnue"`` (the shipped net, or ``eval_file``), ``"classical"``, or by default
    the engine's (``DEFAULT_EVALUATION``).

    >>> import xiangqi
    >>> abs(xiangqi.engine.evaluate(xiangqi.Board())) < 100
    True
    """
    return _evaluate(board, evaluation, None if eval_file is None else os.fspath(eval_file))
