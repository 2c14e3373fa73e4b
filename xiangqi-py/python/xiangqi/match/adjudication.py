"""Adjudication of a match game by its engines' scores: a side resigns once its own score has
been lost for long enough (optionally with its opponent's agreement), both agree a draw once
their scores have stayed level long enough. The result is declared through the core's game
(``Board.resign``, ``Board.agree_draw``), as every other way a game ends."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from xiangqi._xiangqi import MATE_CP, Board
from xiangqi.engine import Cp, PovScore, Score

__all__ = ["ResignAdjudication", "DrawAdjudication", "adjudicate", "centipawns", "score_text"]

RED, BLACK = True, False


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


def score_text(score: Optional[PovScore], turn: bool) -> str:
    """The mover's score as a PGN comment gives it: ``+0.35``, or ``+M3`` for a mate."""
    if score is None:
        return ""
    own = score.pov(turn)
    mate = own.mate()
    if mate is not None:
        return f"{'+' if own > Cp(0) else '-'}M{abs(mate)}"
    return f"{(own.score() or 0) / 100:+.2f}"


def centipawns(score: Score) -> int:
    """A score in centipawns, a mate on the search's ``MATE_CP`` scale."""
    return score.score(mate_score=MATE_CP) or 0


def adjudicate(
    resign: Optional[ResignAdjudication],
    draw: Optional[DrawAdjudication],
    board: Board,
    scores: Dict[bool, List[Optional[int]]],
    mover: bool,
    start_ply: int,
) -> Optional[Tuple[str, str, str]]:
    """A result (result, termination, reason) by engine scores after ``mover``'s move, if the
    settings call one; ``scores`` holds each side's own scores in centipawns, move by move
    (``None`` where an engine gave none); ``start_ply`` is the ply the engines started from."""
    if resign is not None:
        own = scores[mover][-resign.move_count :]
        other = scores[not mover][-resign.move_count :]
        losing = len(own) == resign.move_count and all(s is not None and s <= -resign.score for s in own)
        agreed = len(other) == resign.move_count and all(s is not None and s >= resign.score for s in other)
        if losing and (agreed or not resign.two_sided):
            who = "Red" if mover == RED else "Black"
            board.resign(mover)
            return (board.result(), "adjudication", f"{who} resigns by adjudication")
    if draw is not None and (board.ply() - start_ply) // 2 + 1 >= draw.move_number:
        both = [scores[c][-draw.move_count :] for c in (RED, BLACK)]
        if all(
            len(s) == draw.move_count and all(v is not None and abs(v) <= draw.score for v in s) for s in both
        ):
            board.agree_draw()
            return (board.result(), "adjudication", "draw by adjudication")
    return None
