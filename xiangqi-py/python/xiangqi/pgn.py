"""Xiangqi PGN: read and write game records.

``[Game "Chinese Chess"]`` records with moves in ICCS (``H2-E2``), WXF (``C2=5``) or Chinese
(``炮二平五``), named by the ``Format`` tag; the reader also takes each move in whichever notation
it is written, and reads UTF-8 or GBK text. Shaped like ``chess.pgn``::

    >>> import io, xiangqi.pgn
    >>> game = xiangqi.pgn.read_game(io.StringIO('[Format "WXF"]\\n\\n1. C2=5 H8+7 *\\n'))
    >>> [m.uci() for m in game.mainline_moves()]
    ['h2e2', 'h9g7']
    >>> print(xiangqi.pgn.write(game, notation="chinese").splitlines()[-2])
    1. 炮二平五 马8进7 *

Variations are skipped when reading (their moves are still checked) and comments and NAGs are
kept on the main line.
"""

from __future__ import annotations

from typing import IO, Dict, Iterator, List, Optional, Sequence, Union

from xiangqi._xiangqi import STARTING_FEN, Board, Move, PgnError, pgn_from_board, pgn_read, pgn_write

__all__ = ["Game", "PgnError", "read_game", "read_games", "write"]

Source = Union[str, IO[str]]


class Game:
    """One game record: headers, start position, main-line moves with comments and NAGs, result."""

    def __init__(
        self,
        headers: Optional[Dict[str, str]] = None,
        fen: str = STARTING_FEN,
        moves: Sequence[Move] = (),
        result: str = "*",
    ) -> None:
        self.headers: Dict[str, str] = {"Game": "Chinese Chess", **(headers or {})}
        self.fen = fen
        self.moves: List[Move] = list(moves)
        self.comments: List[Optional[str]] = [None] * len(self.moves)
        self.nags: List[List[int]] = [[] for _ in self.moves]
        self.comment: Optional[str] = None
        self.result = result
        # Every move must be legal: play them once now.
        self.end()

    @classmethod
    def from_board(cls, board: Board, headers: Optional[Dict[str, str]] = None) -> "Game":
        """The game of a board's move stack, from its root position; when the game is over,
        with its result, a ``Termination`` tag and the ruling explained in the final comment."""
        game = cls._from_record(pgn_from_board(board))
        game.headers = {"Game": "Chinese Chess", **game.headers, **(headers or {})}
        return game

    def board(self) -> Board:
        """The start position."""
        return Board(self.fen)

    def end(self) -> Board:
        """A board after the main line, with the moves on its move stack."""
        board = Board(self.fen)
        for m in self.moves:
            board.push(m)
        return board

    def mainline_moves(self) -> List[Move]:
        """The moves of the main line."""
        return list(self.moves)

    def add_move(self, move: Move, comment: Optional[str] = None, nags: Sequence[int] = ()) -> None:
        """Appends a (legal) move to the main line."""
        self.end().push(move)
        self.moves.append(move)
        self.comments.append(comment)
        self.nags.append(list(nags))

    def pgn(self, notation: str = "iccs", line_width: int = 80) -> str:
        """The record as PGN text (see ``write``)."""
        return write(self, notation=notation, line_width=line_width)

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        return f"<Game {self.headers.get('Red', '?')} vs {self.headers.get('Black', '?')}, {len(self.moves)} plies, {self.result}>"

    @classmethod
    def _from_record(cls, record: dict) -> "Game":
        game = cls.__new__(cls)
        game.headers = dict(record["headers"])
        game.fen = record["fen"]
        game.moves = list(record["moves"])
        game.comments = list(record["comments"])
        game.nags = [list(n) for n in record["nags"]]
        game.comment = record["comment"]
        game.result = record["result"]
        return game


def _read_one_record(handle: IO[str]) -> str:
    """The text of the next record of a stream: up to the first result token after the moves."""
    lines: List[str] = []
    in_moves = False
    depth = 0  # inside { } comments
    while True:
        line = handle.readline()
        if not line:
            break
        lines.append(line)
        stripped = line.strip()
        if not stripped or (stripped.startswith("[") and depth == 0 and not in_moves):
            continue
        in_moves = True
        depth += stripped.count("{") - stripped.count("}")
        tokens = stripped.split()
        if depth <= 0 and tokens and tokens[-1] in ("1-0", "0-1", "1/2-1/2", "*"):
            break
    return "".join(lines)


def read_game(source: Source) -> Optional[Game]:
    """Reads the next game from a text stream (or the first game of a string). Returns ``None``
    at the end of the input; raises ``PgnError`` for a malformed record."""
    text = source if isinstance(source, str) else _read_one_record(source)
    if not text.strip():
        return None
    for record in pgn_read(text):
        if isinstance(record, str):
            raise PgnError(record)
        return Game._from_record(record)
    return None


def read_games(source: Source, *, skip_errors: bool = False) -> Iterator[Game]:
    """Every game of a string or text stream. A malformed record raises ``PgnError``, or is
    skipped with ``skip_errors=True``."""
    text = source if isinstance(source, str) else source.read()
    for record in pgn_read(text):
        if isinstance(record, str):
            if skip_errors:
                continue
            raise PgnError(record)
        yield Game._from_record(record)


def write(game: Union[Game, Board], notation: str = "iccs", line_width: int = 80) -> str:
    """A game (or a board's move stack) as PGN, moves in ``"iccs"``, ``"wxf"``, ``"chinese"`` or
    ``"chinese-traditional"``."""
    if isinstance(game, Board):
        game = Game.from_board(game)
    return pgn_write(
        list(game.headers.items()),
        game.fen,
        game.moves,
        game.comments,
        game.nags,
        game.comment,
        game.result,
        notation,
        line_width,
    )

