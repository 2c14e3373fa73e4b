"""Puzzles mined from real games: positions where the side to move has exactly one winning move.

The shipped set is ``data/puzzles/puzzles.tsv`` (see ``data/puzzles/README.md``)::

    >>> from xiangqi import puzzles
    >>> mates = list(puzzles.iter_puzzles(theme="mate", level=["club", "strong", "master"]))
    >>> p = mates[0]
    >>> p.mate_in == p.solver_moves
    True
    >>> p.check(p.moves[0])
    'right'
    >>> board = p.board()          # the position, solver to move
    >>> board.push_uci(p.moves[0])
    Move.from_uci(...)

``Puzzle.check(move, step)`` tells whether a solver move is ``"right"`` (the line's move),
``"wrong"``, or ``"also-wins"``: in a mate puzzle another move that mates (at the last step),
or, given an engine, another move after which the mate still comes within the moves left, is
accepted, as lichess does.
"""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator, List, Optional, Tuple, Union

from xiangqi._xiangqi import (
    PUZZLE_COLUMNS,
    Board,
    Move,
    engine_levels,
    puzzle_from_row,
    puzzles_daily_index,
    puzzles_read,
)

if TYPE_CHECKING:
    from xiangqi.engine import Engine

__all__ = [
    "RIGHT",
    "WRONG",
    "ALSO_WINS",
    "LEVELS",
    "Puzzle",
    "default_path",
    "load",
    "iter_puzzles",
    "daily_puzzle",
]

RIGHT = "right"
WRONG = "wrong"
ALSO_WINS = "also-wins"

LEVELS: Tuple[str, ...] = tuple(name for name, _ in engine_levels())
"""The difficulty grades, easiest first: the weakest engine level that finds the first move."""

COLUMNS: Tuple[str, ...] = tuple(PUZZLE_COLUMNS)
"""The columns of a puzzle file, in the order the Rust writer writes them."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the position (solver to move), the solution line in ICCS (solver's moves at
    even indices, the defender's replies between), its theme tags, grade and origin."""

    id: str
    fen: str
    moves: Tuple[str, ...]
    themes: Tuple[str, ...]
    level: str
    daily: bool
    source: str

    @property
    def mate_in(self) -> Optional[int]:
        """N of the ``mate-in-N`` theme (solver moves to mate), ``None`` for a material gain."""
        for t in self.themes:
            if t.startswith("mate-in-"):
                return int(t[len("mate-in-"):])
        return None

    @property
    def solver_moves(self) -> int:
        """How many moves the solver makes."""
        return (len(self.moves) + 1) // 2

    def board(self, step: int = 0, rules: str = "casual") -> Board:
        """The board before the solver's move number ``step`` (from 0): the start position with
        the line played up to there (so ``board.move_stack`` holds those moves)."""
        if not 0 <= step < self.solver_moves:
            raise ValueError(f"step must be in 0..{self.solver_moves - 1}")
        board = Board(self.fen, rules=rules)
        for text in self.moves[: 2 * step]:
            board.push_uci(text)
        return board

    def check(self, move: Union[str, Move], step: int = 0, engine: Optional[Engine] = None) -> str:
        """Judges the solver's move at ``step``: ``RIGHT``, ``WRONG`` or ``ALSO_WINS``.

        A move of another mate is ``ALSO_WINS``: one that mates at once (at any step of a mate
        puzzle), or, when an ``xiangqi.engine.Engine`` is given, one after which the engine
        finds the mate within the moves left. An illegal move is ``WRONG``."""
        board = self.board(step)
        text = move.uci() if isinstance(move, Move) else str(move).strip()
        if text == self.moves[2 * step]:
            return RIGHT
        try:
            mv = board.parse_uci(text)
        except ValueError:
            return WRONG
        if not board.is_legal(mv):
            return WRONG
        mate = self.mate_in
        if mate is None:
            return WRONG
        left = mate - step
        solver = board.turn
        board.push(mv)
        outcome = board.outcome()
        if outcome is not None and outcome.winner == solver:
            # The game ends here in the solver's favour, as the core judges it (checkmate, or
            # stalemate, which loses in xiangqi as well).
            return ALSO_WINS
        if engine is not None and left > 1:
            from xiangqi.engine import Limit

            info = engine.analyse(board, Limit(nodes=300_000))
            assert not isinstance(info, list)  # one line without multipv
            score = info["score"].relative
            mate_in = score.mate()
            if mate_in is not None and -left < mate_in < 0:
                return ALSO_WINS
        return WRONG

    @classmethod
    def from_row(cls, row: str) -> "Puzzle":
        """Reads a data row of the puzzle file (columns in ``COLUMNS`` order), by the Rust reader."""
        return cls._of(puzzle_from_row(row))

    @classmethod
    def _of(cls, row: Tuple[str, str, List[str], List[str], str, bool, str]) -> "Puzzle":
        id_, fen, moves, themes, level, daily, source = row
        return cls(id_, fen, tuple(moves), tuple(themes), level, daily, source)


def default_path() -> Path:
    """Where the shipped set is read from: ``$XIANGQI_PUZZLES`` when set, else the copy next to
    this module (an installed wheel), else ``data/puzzles/puzzles.tsv`` of the source tree (an
    editable install)."""
    env = os.environ.get("XIANGQI_PUZZLES")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent
    local = here / "puzzles.tsv"
    if local.exists():
        return local
    return here.parents[2] / "data" / "puzzles" / "puzzles.tsv"


def load(path: Union[str, Path, None] = None) -> List[Puzzle]:
    """Every puzzle of a puzzle file (the shipped set by default), in file order, read by the
    Rust reader the CLI uses: columns are found by the header row's names; ``#`` lines before
    it are comments. A malformed row raises ``ValueError`` naming its line."""
    path = Path(path) if path is not None else default_path()
    try:
        return [Puzzle._of(row) for row in puzzles_read(path.read_text(encoding="utf-8"))]
    except ValueError as e:
        raise ValueError(f"{path}: {e}") from None


def _as_set(value: Union[str, Iterable[str], None]) -> Optional[set]:
    if value is None:
        return None
    return {value} if isinstance(value, str) else set(value)


def iter_puzzles(
    theme: Union[str, Iterable[str], None] = None,
    level: Union[str, Iterable[str], None] = None,
    daily: Optional[bool] = None,
    path: Union[str, Path, None] = None,
) -> Iterator[Puzzle]:
    """The puzzles that have every theme in ``theme`` (one name or several), a grade in
    ``level`` (one name or several), and, when ``daily`` is given, that daily flag."""
    themes = _as_set(theme) or set()
    levels = _as_set(level)
    if levels is not None and not levels <= set(LEVELS):
        raise ValueError(f"unknown level in {sorted(levels)}; levels are {LEVELS}")
    for p in load(path):
        if themes and not themes <= set(p.themes):
            continue
        if levels is not None and p.level not in levels:
            continue
        if daily is not None and p.daily != daily:
            continue
        yield p


def daily_puzzle(day: Optional[datetime.date] = None, path: Union[str, Path, None] = None) -> Puzzle:
    """The daily puzzle of ``day`` (today by default): the daily-suitable puzzles taken in turn
    by day number, so no puzzle repeats within as many days as there are of them."""
    day = day or datetime.date.today()
    pool = [p for p in load(path) if p.daily]
    if not pool:
        raise ValueError("no daily-suitable puzzle")
    return pool[puzzles_daily_index(day.toordinal(), len(pool))]
