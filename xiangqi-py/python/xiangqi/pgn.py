"""Xiangqi PGN: read and write game records, variations included, from any encoding.

``[Game "Chinese Chess"]`` records with moves in ICCS (``H2-E2``), WXF (``C2=5``) or Chinese
(``炮二平五``), named by the ``Format`` tag; the reader also takes each move in whichever notation
it is written. Input may be text or raw bytes: a binary file, ``bytes``, or a path, in UTF-8,
UTF-16, GBK or Big5 (detected, or named with ``encoding=``). Shaped like ``chess.pgn``::

    >>> import io, xiangqi.pgn
    >>> game = xiangqi.pgn.read_game(io.StringIO('[Format "WXF"]\\n\\n1. C2=5 (1. H2+3 {horse}) H8+7 *\\n'))
    >>> [m.uci() for m in game.mainline_moves()]
    ['h2e2', 'h9g7']
    >>> [node.move.uci() for node in game.variations]
    ['h2e2', 'h0g2']
    >>> game.variations[1].comment
    'horse'
    >>> print(xiangqi.pgn.write(game, notation="chinese").splitlines()[-2])
    1. 炮二平五 (1. 马二进三 {horse}) 1... 马8进7 *

A game is a tree of nodes (``GameNode``): the ``Game`` is the root, at the start position, and
each ``ChildNode`` stands for a move, with its ``comment``, ``starting_comment`` and ``nags``;
``variations`` are a node's children, the first the main line. The tree is the Rust core's
(``xiangqi_core::pgn::GameTree``); nodes are views of it. Repairs the reader made (an
unescaped quote in a tag, a stray bracket) are in ``game.warnings``; a record that could not be
read whole (an illegal move, a bad tag) comes, as in python-chess, with what could be read and
``game.errors`` (``strict=True`` raises instead).

``read_games(path)`` reads a whole folder (or a large file) on all cores with the GIL
released, streaming: PGN, XQF and DhtmlXQ files, by extension.
"""

from __future__ import annotations

import io
import os
import typing
import weakref
from typing import (
    IO,
    Any,
    Callable,
    Dict,
    Iterable,
    Iterator,
    List,
    MutableSequence,
    Optional,
    Sequence,
    Tuple,
    TypeVar,
    Union,
    overload,
)

from xiangqi._xiangqi import (
    STARTING_FEN,
    Board,
    Move,
    PgnError,
    RecordStream,
    XiangqiError,
    _GameTree,
    _PgnLineReader,
    pgn_from_board,
    pgn_read,
    pgn_read_bytes,
    record_write,
    records_write_bytes,
    records_read,
)

__all__ = [
    "ChildNode",
    "FileRecords",
    "Game",
    "GameNode",
    "PgnError",
    "read_files",
    "read_game",
    "read_games",
    "write",
]

Source = Union[str, bytes, bytearray, "os.PathLike[str]", IO[str], IO[bytes]]

T = TypeVar("T")


class GameNode:
    """A node of a game tree: the root (a ``Game``) or a move (a ``ChildNode``).

    The tree is core's (``xiangqi_core::pgn::GameTree``, held by the ``Game``): a node is a
    view of one of its nodes, so a move added is checked by the rules where it stands, and
    ``comment``, ``starting_comment`` and ``nags`` read and write the tree. The same node of a
    game is always the same object. ``variations`` is a new list on every read: change the
    tree with ``add_variation``, ``promote``, ``demote`` and ``remove_variation``."""

    _game: "Game"
    _id: int

    @property
    def parent(self) -> Optional["GameNode"]:
        """The node before this one (``None`` for the root)."""
        parent = self._game._tree.parent(self._id)
        return None if parent is None else self._game._node(parent)

    @property
    def move(self) -> Optional[Move]:
        """The move that leads to this node (``None`` for the root)."""
        return self._game._tree.move_at(self._id)

    @property
    def comment(self) -> Optional[str]:
        """The comment after the move (for the root: before the first move)."""
        return self._game._tree.comment(self._id)

    @comment.setter
    def comment(self, comment: Optional[str]) -> None:
        self._game._tree.set_comment(self._id, comment)

    @property
    def starting_comment(self) -> Optional[str]:
        """The comment before the move, written when it starts a variation."""
        return self._game._tree.starting_comment(self._id)

    @starting_comment.setter
    def starting_comment(self, comment: Optional[str]) -> None:
        self._game._tree.set_starting_comment(self._id, comment)

    @property
    def nags(self) -> List[int]:
        """The numeric annotation glyphs of the move (a new list: assign one to change them)."""
        return list(self._game._tree.nags(self._id))

    @nags.setter
    def nags(self, nags: Iterable[int]) -> None:
        self._game._tree.set_nags(self._id, list(nags))

    @property
    def variations(self) -> List["ChildNode"]:
        """The children: the main line first, then the other moves played here."""
        game = self._game
        return [typing.cast(ChildNode, game._node(c)) for c in game._tree.children(self._id)]

    def game(self) -> "Game":
        """The root of the tree."""
        return self._game

    root = game

    def board(self) -> Board:
        """A board at this node, with the moves from the root on its move stack."""
        board = self._game.board()
        for m in self._game._tree.moves_to(self._id):
            board.push(m)
        return board

    def ply(self) -> int:
        """How many moves lead from the root to this node."""
        return int(self._game._tree.ply(self._id))

    def turn(self) -> bool:
        """The side to move at this node (``True`` for Red)."""
        return self._game.board().turn != bool(self.ply() % 2)

    def next(self) -> Optional["ChildNode"]:
        """The main-line child, if any."""
        children = self._game._tree.children(self._id)
        return typing.cast(ChildNode, self._game._node(children[0])) if children else None

    def is_main_variation(self) -> bool:
        """``True`` when this node is its parent's first child (the root is)."""
        return bool(self._game._tree.is_main_variation(self._id))

    def is_mainline(self) -> bool:
        """``True`` when every node from the root to this one is a first child."""
        return bool(self._game._tree.is_mainline(self._id))

    def is_end(self) -> bool:
        """``True`` when the node has no children."""
        return not self._game._tree.children(self._id)

    def end(self) -> "GameNode":
        """The last node of the main line from here."""
        return self._game._node(self._game._tree.end(self._id))

    def mainline(self) -> Iterator["ChildNode"]:
        """The nodes of the main line after this one."""
        game = self._game
        return (typing.cast(ChildNode, game._node(n)) for n in game._tree.mainline(self._id))

    def mainline_moves(self) -> List[Move]:
        """The moves of the main line after this node."""
        return list(self._game._tree.mainline_moves(self._id))

    def variation(self, key: Union[int, Move]) -> "ChildNode":
        """The child at an index, or the one reached by a move (``KeyError`` if none)."""
        if isinstance(key, int):
            return self.variations[key]
        for child in self.variations:
            if child.move == key:
                return child
        raise KeyError(key)

    def has_variation(self, move: Move) -> bool:
        """``True`` when a child is reached by ``move``."""
        return any(child.move == move for child in self.variations)

    def add_variation(
        self,
        move: Move,
        *,
        comment: Optional[str] = None,
        starting_comment: Optional[str] = None,
        nags: Iterable[int] = (),
    ) -> "ChildNode":
        """Adds ``move`` as the last child and returns it (the child already reached by
        ``move``, when there is one). ``IllegalMoveError``, with its ``reason``, when the move is
        not legal here."""
        game = self._game
        child = typing.cast(ChildNode, game._node(game._tree.add_variation(self._id, move)))
        if comment is not None:
            child.comment = comment
        if starting_comment is not None:
            child.starting_comment = starting_comment
        nags = list(nags)
        if nags:
            child.nags = nags
        return child

    def add_main_variation(self, move: Move, *, comment: Optional[str] = None, nags: Iterable[int] = ()) -> "ChildNode":
        """Adds ``move`` as the first child, the new main line."""
        child = self.add_variation(move, comment=comment, nags=nags)
        self._game._tree.promote_to_main(child._id)
        return child

    def add_line(self, moves: Iterable[Move], *, comment: Optional[str] = None) -> "GameNode":
        """Adds a line of moves below this node (each as the last child); returns its end."""
        node: GameNode = self
        for m in moves:
            node = node.add_variation(m)
        if comment is not None:
            node.comment = comment
        return node

    def promote_to_main(self, move: Move) -> None:
        """Makes the child reached by ``move`` the main line."""
        self._game._tree.promote_to_main(self.variation(move)._id)

    def promote(self, move: Move) -> None:
        """Moves the child reached by ``move`` one place up."""
        self._game._tree.promote(self.variation(move)._id)

    def demote(self, move: Move) -> None:
        """Moves the child reached by ``move`` one place down."""
        self._game._tree.demote(self.variation(move)._id)

    def remove_variation(self, move: Move) -> None:
        """Removes the child reached by ``move`` and everything below it."""
        self._game._tree.remove_variation(self.variation(move)._id)


class ChildNode(GameNode):
    """A node reached by a move (made by its game's tree: ``add_variation`` and the readers)."""

    parent: GameNode
    move: Move

    def __repr__(self) -> str:
        return f"<ChildNode {self.move.uci()} at ply {self.ply()}>"


class _MainlineView(MutableSequence[T]):
    """One attribute of every main-line node, as a list that writes through to the nodes."""

    def __init__(self, game: "Game", get: Callable[[ChildNode], T], put: Callable[[ChildNode, T], None]) -> None:
        self._game = game
        self._get = get
        self._put = put

    def _nodes(self) -> List[ChildNode]:
        return list(self._game.mainline())

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> List[T]: ...

    def __getitem__(self, index: Union[int, slice]) -> Union[T, List[T]]:
        nodes = self._nodes()
        if isinstance(index, slice):
            return [self._get(n) for n in nodes[index]]
        return self._get(nodes[index])

    @overload
    def __setitem__(self, index: int, value: T) -> None: ...

    @overload
    def __setitem__(self, index: slice, value: Iterable[T]) -> None: ...

    def __setitem__(self, index: Union[int, slice], value: Any) -> None:
        nodes = self._nodes()
        if isinstance(index, slice):
            chosen = nodes[index]
            values = list(value)
            if len(values) != len(chosen):
                raise ValueError("the main line has a fixed length here")
            for n, v in zip(chosen, values):
                self._put(n, v)
        else:
            self._put(nodes[index], value)

    def __delitem__(self, index: Union[int, slice]) -> None:
        raise TypeError("main-line attributes cannot be deleted; remove variations instead")

    def __len__(self) -> int:
        return len(self._nodes())

    def insert(self, index: int, value: T) -> None:
        raise TypeError("use Game.add_move or GameNode.add_variation to add moves")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, _MainlineView)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return repr(list(self))


def _put_move(node: ChildNode, move: Move) -> None:
    raise TypeError("moves of the main line cannot be replaced")


def _put_comment(node: ChildNode, comment: Optional[str]) -> None:
    node.comment = comment


def _put_nags(node: ChildNode, nags: Sequence[int]) -> None:
    node.nags = list(nags)


class Game(GameNode):
    """A game record: headers, the start position, the tree of moves, the result.

    ``Game(headers, fen, moves, result)`` builds one from a main line (each move checked).
    ``moves``, ``comments`` and ``nags`` give the main line as lists (assigning to an element of
    ``comments`` or ``nags`` changes that node). Games pickle and copy (their tree as a record).
    """

    def __init__(
        self,
        headers: Optional[Dict[str, str]] = None,
        fen: str = STARTING_FEN,
        moves: Sequence[Move] = (),
        result: str = "*",
    ) -> None:
        self._game = self
        self._id = 0
        self._nodes: Dict[int, GameNode] = {}
        self._record: Optional[Dict[str, Any]] = None
        self._built: Optional[_GameTree] = _GameTree(fen)  # a bad FEN raises here
        self._fen = fen
        self.headers: Dict[str, str] = {"Game": "Chinese Chess", **(headers or {})}
        self.result = result
        self.warnings: List[str] = []
        self.errors: List[PgnError] = []
        GameNode.add_line(self, moves)

    # The tree is built from the reader's record when first needed: reading a database
    # stays fast when only headers or main lines are looked at.
    @property
    def _tree(self) -> _GameTree:
        tree = self._built
        if tree is None:
            record = self._record
            tree = _GameTree.from_record(record) if record is not None else _GameTree(self._fen)
            self._built, self._record = tree, None
        return tree

    def _node(self, index: int) -> GameNode:
        """The one node object of the tree's node ``index``."""
        if index == 0:
            return self
        node = self._nodes.get(index)
        if node is None:
            node = ChildNode.__new__(ChildNode)
            node._game, node._id = self, index
            self._nodes[index] = node
        return node

    @property
    def fen(self) -> str:
        """The start position. It can be set while the game has no move."""
        return self._fen

    @fen.setter
    def fen(self, fen: str) -> None:
        if self.mainline_moves():
            raise XiangqiError("the start position of a game with moves cannot change")
        comment = self.comment
        self._built, self._record, self._fen = _GameTree(fen), None, fen
        self.comment = comment

    @classmethod
    def from_board(cls, board: Board, headers: Optional[Dict[str, str]] = None) -> "Game":
        """The game of a board's move stack, from its root position; when the game is over,
        with its result, a ``Termination`` tag and the ruling explained in the final comment."""
        game = cls._from_record(pgn_from_board(board))
        game.headers = {"Game": "Chinese Chess", **game.headers, **(headers or {})}
        return game

    def board(self) -> Board:
        """The start position."""
        return Board(self._fen)

    def end(self) -> GameNode:  # type: ignore[override]
        """The last node of the main line (its ``board()`` is the position after it)."""
        return GameNode.end(self)

    def end_board(self) -> Board:
        """A board after the main line, with the moves on its move stack."""
        return self.end().board()

    @property
    def moves(self) -> _MainlineView[Move]:
        """The moves of the main line."""
        if self._record is not None:
            return list(self._record["moves"])  # type: ignore[return-value]
        return _MainlineView(self, lambda n: n.move, _put_move)

    @moves.setter
    def moves(self, moves: Sequence[Move]) -> None:
        for child in self.variations:
            self._tree.remove_variation(child._id)
        GameNode.add_line(self, moves)

    @property
    def comments(self) -> _MainlineView[Optional[str]]:
        """The comment after each move of the main line."""
        return _MainlineView(self, lambda n: n.comment, _put_comment)

    @comments.setter
    def comments(self, comments: Sequence[Optional[str]]) -> None:
        for node, comment in zip(self.mainline(), comments):
            node.comment = comment

    @property  # type: ignore[override]
    def nags(self) -> _MainlineView[List[int]]:
        """The NAGs of each move of the main line."""
        return _MainlineView(self, lambda n: n.nags, _put_nags)

    @nags.setter  # type: ignore[override]
    def nags(self, nags: Sequence[Sequence[int]]) -> None:
        for node, n in zip(self.mainline(), nags):
            node.nags = list(n)

    def mainline_moves(self) -> List[Move]:
        if self._record is not None:
            return list(self._record["moves"])
        return GameNode.mainline_moves(self)

    def add_move(self, move: Move, comment: Optional[str] = None, nags: Sequence[int] = ()) -> ChildNode:
        """Appends a (legal) move to the end of the main line."""
        return self.end().add_variation(move, comment=comment, nags=nags)

    def pgn(self, notation: str = "iccs", line_width: int = 80) -> str:
        """The record as PGN text (see ``write``)."""
        return write(self, notation=notation, line_width=line_width)

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        plies = len(self.mainline_moves())
        return f"<Game {self.headers.get('Red', '?')} vs {self.headers.get('Black', '?')}, {plies} plies, {self.result}>"

    def __getstate__(self) -> Dict[str, Any]:
        state = {k: v for k, v in self.__dict__.items() if k not in ("_built", "_record", "_nodes")}
        state["_record"] = self._to_record()
        state["errors"] = [str(e) for e in self.errors]
        return state

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._built, self._nodes = None, {}
        self.errors = [PgnError(e) for e in state["errors"]]

    @classmethod
    def _from_record(cls, record: Dict[str, Any]) -> "Game":
        game = cls.__new__(cls)
        game._game, game._id, game._nodes = game, 0, {}
        game._built, game._record = None, record
        game._fen = record["fen"]
        game.headers = dict(record["headers"])
        game.result = record["result"]
        game.warnings = list(record.get("warnings", ()))
        game.errors = [PgnError(e) for e in record.get("errors", ())]
        return game

    def _to_record(self) -> Dict[str, Any]:
        record = dict(self._record) if self._record is not None else self._tree.record()
        record.update(headers=list(self.headers.items()), fen=self._fen, result=self.result)
        return record


class FileRecords:
    """The records of one file read by ``read_files``: games and the messages of the records
    that could not be read."""

    def __init__(self, path: str, format: str, encoding: str, games: List[Game], errors: List[str]) -> None:
        self.path = path
        self.format = format
        self.encoding = encoding
        self.games = games
        self.errors = errors

    def __repr__(self) -> str:
        return f"<FileRecords {self.path!r} {self.format} {self.encoding}: {len(self.games)} games, {len(self.errors)} errors>"


def _file_records(item: Tuple[str, str, str, List[Any]]) -> FileRecords:
    path, fmt, encoding, records = item
    games = [Game._from_record(r) for r in records if not r.get("errors")]
    errors = [r["errors"][0] for r in records if r.get("errors")]
    return FileRecords(path, fmt, encoding, games, errors)


def read_files(path: Union[str, "os.PathLike[str]"], *, encoding: Optional[str] = None, format: Optional[str] = None) -> List[FileRecords]:
    """Reads a file, or every record file of a folder and its subfolders (``.pgn``, ``.xqf``,
    ``.dhtml``, ``.fen``), on all cores with the GIL released; files in sorted order."""
    return [_file_records(item) for item in records_read(os.fspath(path), encoding, format)]


def _is_path(source: object) -> bool:
    if isinstance(source, os.PathLike):
        return True
    return isinstance(source, str) and "\n" not in source and len(source) < 4096 and os.path.exists(source)


def _raw(handle: IO[Any]) -> IO[Any]:
    """The byte stream under a text stream opened on a file (``open(path)``), so that GBK
    and Big5 records read in text mode are detected like bytes instead of failing to decode
    as the locale's encoding; the text stream itself when it has no byte stream or holds text
    it decoded ahead (its position would be lost)."""
    buffer = getattr(handle, "buffer", None)
    if buffer is None or isinstance(handle, (io.BytesIO, io.StringIO)):
        return handle
    try:
        if handle.tell() != buffer.tell():
            return handle
    except (OSError, ValueError, AttributeError):
        return handle
    return typing.cast(IO[Any], buffer)


def _undecodable(error: UnicodeDecodeError) -> PgnError:
    return PgnError(
        f"the text stream could not decode the record ({error}): open the file in binary mode, "
        'open(path, "rb"), and its encoding (UTF-8, UTF-16, GBK or Big5) is found, or name it '
        "with encoding="
    )


def _records_of(source: Source, encoding: Optional[str]) -> List[Any]:
    if isinstance(source, str):
        return pgn_read(source)
    if isinstance(source, (bytes, bytearray)):
        return pgn_read_bytes(bytes(source), encoding)
    if isinstance(source, os.PathLike):
        with open(source, "rb") as handle:
            return pgn_read_bytes(handle.read(), encoding)
    try:
        data = _raw(source).read()
    except UnicodeDecodeError as e:
        raise _undecodable(e) from None
    if isinstance(data, str):
        return pgn_read(data)
    return pgn_read_bytes(data, encoding)


def _tell(handle: IO[Any]) -> Optional[int]:
    """The stream's position, or ``None`` when it cannot go back to it (a pipe, a socket)."""
    try:
        return handle.tell() if handle.seekable() else None
    except (OSError, ValueError, AttributeError):
        return None


# A stream's reader (which has learnt the stream's encoding), the encoding asked for, the rest
# of the line where the next record begins (a stream that cannot seek), and the stream's
# position after the record (a seekable stream: the reader serves again only from there).
_STREAMS: "weakref.WeakKeyDictionary[Any, Tuple[_PgnLineReader, Optional[str], Any, Optional[int]]]" = (
    weakref.WeakKeyDictionary()
)


def _ahead(handle: IO[Any], size: int) -> Optional[bytes]:
    """Up to ``size`` bytes ahead in a seekable binary stream, left unread; ``None`` for a text
    stream or one that cannot seek (the reader then learns the encoding from the lines)."""
    if isinstance(handle, io.TextIOBase):
        return None
    at = _tell(handle)
    if at is None:
        return None
    try:
        data = handle.read(size)
        handle.seek(at)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, bytes) else None


def _read_record(handle: IO[Any], encoding: Optional[str]) -> Optional[Dict[str, Any]]:
    """The next record of a stream, its lines fed one at a time to the Rust reader, which says
    where the record ends: the stream is left at the first byte of the next record (on a stream
    that cannot seek, the rest of a line that began it is kept for the next call)."""
    position = _tell(handle)
    seekable = position is not None
    try:
        state = _STREAMS.pop(handle, None)
    except TypeError:  # a stream that takes no weak reference
        state = None
    pending: Any = None
    if state is not None and state[1] == encoding and state[3] == position:
        reader, _, pending, _ = state
        first = False
    else:
        sample = _ahead(handle, _PgnLineReader.AHEAD)
        if _PgnLineReader.needs_whole_input(sample or b"", encoding):
            return _first_of_whole(handle, encoding, b"")
        reader = _PgnLineReader(encoding)
        if sample:
            reader.detect(sample)
        first = True
    # Where each line began, for a seekable stream that is not plainly binary (text: an opaque cookie).
    text_cookies = seekable and not isinstance(handle, (io.BufferedIOBase, io.RawIOBase))
    while True:
        at = handle.tell() if text_cookies else None
        if pending is not None:
            line, pending = pending, None
        else:
            try:
                line = handle.readline()
            except UnicodeDecodeError as e:
                raise _undecodable(e) from None
        if not line:
            return reader.finish()
        binary = isinstance(line, (bytes, bytearray))
        raw = bytes(line) if binary else line.encode("utf-8")
        if first and _PgnLineReader.needs_whole_input(raw, encoding):
            return _first_of_whole(handle, encoding, raw)
        first = False
        fed = reader.feed(raw)
        if fed is None:
            continue
        record, begins = fed
        rest = None
        if begins is not None:
            if not seekable:
                rest = line[begins:] if binary else raw[begins:].decode("utf-8")
            elif binary:
                handle.seek(begins - len(line), io.SEEK_CUR)
            elif at is not None:
                handle.seek(at)
                handle.read(len(raw[:begins].decode("utf-8")))
        try:
            _STREAMS[handle] = (reader, encoding, rest, _tell(handle) if seekable else None)
        except TypeError:  # a stream that takes no weak reference: the rest of a line is lost
            pass
        return typing.cast(Dict[str, Any], record)


def _first_of_whole(handle: IO[Any], encoding: Optional[str], first: bytes) -> Optional[Dict[str, Any]]:
    """UTF-16 cannot be cut at line ends: the first record of the whole rest of the stream."""
    records = pgn_read_bytes(first + handle.read(), encoding)
    return records[0] if records else None


_STRICT_HINT = "(skip_errors=True leaves such records out; without strict=True they come with game.errors)"


def _game_or_raise(record: Dict[str, Any], strict: bool, where: str = "") -> Game:
    if strict and record.get("errors"):
        raise PgnError(f"{where}{record['errors'][0]} {_STRICT_HINT}")
    return Game._from_record(record)


def read_game(source: Source, *, encoding: Optional[str] = None, strict: bool = False) -> Optional[Game]:
    """Reads the next game from a text or binary stream (or the first game of a string, of
    ``bytes`` or of a file named by a path). Returns ``None`` at the end of the input. Bytes are
    decoded as ``encoding`` or, by default, in the encoding detected; a text stream opened on
    a file (``open(path)``) is read through its bytes, so a GBK or Big5 file reads in either
    mode. A record ends where the Rust reader ends it (its result token, or the next record's
    tag pairs) and the stream is left at the next record's first byte, even within a line; on
    a stream that cannot seek, such as a pipe, the rest of that line is kept for the next
    ``read_game`` of the same stream. UTF-16 cannot be cut at line ends: its first record is
    read from the whole stream.

    As in python-chess, a record that cannot be read whole (an illegal move, a bad tag, an
    unclosed comment) comes back with what could be read and ``game.errors`` (``PgnError``s
    with line and column); ``strict=True`` raises the ``PgnError`` instead."""
    if _is_path(source):
        with open(os.fspath(source), "rb") as handle:  # type: ignore[arg-type]
            return read_game(handle, encoding=encoding, strict=strict)
    if isinstance(source, str):
        records = pgn_read(source)
    elif isinstance(source, (bytes, bytearray)):
        records = pgn_read_bytes(bytes(source), encoding)
    else:
        record = _read_record(_raw(source), encoding)  # type: ignore[arg-type]
        records = [] if record is None else [record]
    for record in records:
        return _game_or_raise(record, strict)
    return None


def read_games(
    source: Source, *, skip_errors: bool = False, strict: bool = False, encoding: Optional[str] = None
) -> Iterator[Game]:
    """Every game of a string, ``bytes``, a text or binary stream, or a path. A path to a folder
    (or a file) is read on all cores with the GIL released, a batch of files at a time, PGN,
    XQF and DhtmlXQ alike.

    Reading never stops at a broken record: by default it comes with what could be read and
    ``game.errors``, as ``read_game`` gives it; ``skip_errors=True`` leaves such records out;
    ``strict=True`` raises ``PgnError`` at the first one, naming its file."""
    if _is_path(source):
        for item in RecordStream(os.fspath(source), encoding):  # type: ignore[arg-type]
            for record in item[3]:
                if skip_errors and record.get("errors"):
                    continue
                yield _game_or_raise(record, strict, f"{item[0]}: ")
        return
    for record in _records_of(source, encoding):
        if skip_errors and record.get("errors"):
            continue
        yield _game_or_raise(record, strict)


@overload
def write(game: Union[Game, Board], notation: str = ..., line_width: int = ..., *, encoding: None = ...) -> str: ...
@overload
def write(game: Union[Game, Board], notation: str = ..., line_width: int = ..., *, encoding: str) -> bytes: ...
def write(game: Union[Game, Board], notation: str = "iccs", line_width: int = 80, *, encoding: Optional[str] = None) -> Union[str, bytes]:
    """A game (or a board's move stack) as PGN, variations, comments and NAGs included, moves
    in ``"iccs"``, ``"wxf"``, ``"chinese"`` or ``"chinese-traditional"``.

    With ``encoding`` (``"utf-8"``, ``"gbk"``, ``"big5"``, ``"utf-16le"``, ``"utf-16be"``) the
    record comes as bytes in that encoding, written with only the characters it has: in Big5,
    Chinese moves are traditional with 車 and 馬 for both sides, as Big5 records write them
    (Big5 has no 俥 and no simplified characters); a name or comment holding a character the
    encoding lacks raises ``XiangqiError`` naming it. Nothing is ever replaced (``str.encode``
    would raise on 俥, or with ``errors="xmlcharrefreplace"`` write ``&#20453;``)."""
    if isinstance(game, Board):
        game = Game.from_board(game)
    if encoding is not None:
        return records_write_bytes([game._to_record()], "pgn", notation, line_width, encoding)
    return record_write(game._to_record(), "pgn", notation, line_width)


