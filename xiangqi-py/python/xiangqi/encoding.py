"""Fixed action indexings for learning: every move gets an integer, every position a mask.

Two encodings for xiangqi and one for janggi:

``"8100"``
    ``from_square * 90 + to_square``: every ordered pair of points. Simple; most actions are
    never legal.

``"2086"``
    Only the (from, to) shapes that some piece can make on an empty board, as AlphaZero-style
    xiangqi projects use: every pair of distinct points on one file or rank (1530: chariots,
    cannons, generals, soldiers), the horse's L-shapes (508), the advisors' palace diagonals
    (16) and the elephants' two-point diagonals (32), for both palaces and both halves. The
    actions are sorted by ``from_square * 90 + to_square``: index 0 is ``a0b0``, index 9 is
    ``a0c1``; ``index_to_move(i)`` lists them all.

``"janggi"``
    Every (from, to) pair some janggi piece could ever make (the core's janggi movement from
    every point each piece can stand on): 1530 line moves (chariots, cannons, the steps of
    generals, guards and soldiers), 508 horse moves, 388 elephant moves (one step then two
    diagonal steps) and 24 moves along the palace diagonals (steps of general, guards and
    soldiers; chariots and cannons from corner to corner), sorted by
    ``from_square * 90 + to_square``; then the pass, the last action (``JANGGI_PASS_ACTION``,
    2450): 2451 actions. Any move from a point to itself is the pass; ``index_to_move`` gives
    it as ``Move.null()`` (``0000``, which ``Board.push_uci`` reads as the pass), while
    ``Board.action_to_move`` gives the board's own (its general's point twice).

A board's methods (``Board.legal_action_mask``, ``move_to_action``, ``action_to_move``) use
its game's encoding unless told otherwise (``default_encoding(variant)``); an encoding of the
other game raises ``XiangqiError``, as it would leave moves without an action.

Both sides share one action space: in the side-to-move perspective (the default of
``Board.legal_action_mask``; ``turn=BLACK`` here, which ``move_to_index`` always needs), Black's moves are mirrored first (ranks flipped, files
kept: ``b9c7`` is indexed as ``b0c2``), so a network sees every position as Red would.
``Board.planes()`` flips its planes the same way.

    >>> import xiangqi
    >>> from xiangqi import encoding
    >>> i = encoding.move_to_index(xiangqi.Move.from_uci("b9c7"), "2086", turn=xiangqi.BLACK)
    >>> i == encoding.move_to_index(xiangqi.Move.from_uci("b0c2"), "2086", turn=xiangqi.RED)
    True
    >>> janggi = xiangqi.Board(variant="janggi")
    >>> mask = janggi.legal_action_mask()
    >>> mask.shape, int(mask.sum()), bool(mask[encoding.JANGGI_PASS_ACTION])
    ((2451,), 32, True)
    >>> janggi.action_to_move(encoding.JANGGI_PASS_ACTION)
    Move.from_uci('e1e1')
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, List

from xiangqi._xiangqi import (
    JANGGI_PASS_ACTION,
    Move,
    action_size,
    default_encoding,
    file_mirror,
    index_to_move,
    move_to_index,
)

__all__ = [
    "ENCODINGS",
    "XIANGQI_ENCODINGS",
    "JANGGI_ENCODINGS",
    "SIZES",
    "JANGGI_PASS_ACTION",
    "action_size",
    "default_encoding",
    "move_to_index",
    "index_to_move",
    "all_moves",
    "file_mirror",
]

XIANGQI_ENCODINGS: List[str] = ["2086", "8100"]
"""The encodings of xiangqi games."""

JANGGI_ENCODINGS: List[str] = ["janggi"]
"""The encoding of janggi games (all four rule sets)."""

ENCODINGS: List[str] = XIANGQI_ENCODINGS + JANGGI_ENCODINGS
"""The encoding names."""

SIZES: Dict[str, int] = {name: action_size(name) for name in ENCODINGS}
"""How many actions each encoding has."""


def all_moves(encoding: str = "2086") -> List[Move]:
    """Every action's move in index order, as Red plays it (the 8100 encoding's from == to
    pairs, which are no move, are left out; the janggi pass comes last as ``Move.null()``)."""
    if encoding == "8100":
        return [index_to_move(i, "8100", turn=True) for i in range(8100) if i // 90 != i % 90]
    return [index_to_move(i, encoding, turn=True) for i in range(action_size(encoding))]
