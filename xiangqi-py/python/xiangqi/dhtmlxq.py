"""DhtmlXQ: the game records of xiangqi web sites, read and written.

Records are ``[DhtmlXQ]`` ... ``[/DhtmlXQ]`` blocks, found anywhere in a text (a saved web
page works), with variations and comments; they read into the same ``Game`` as
``xiangqi.pgn``::

    >>> import xiangqi.dhtmlxq
    >>> page = "[DhtmlXQ][DhtmlXQ_red]Li[/DhtmlXQ_red][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]"
    >>> game = xiangqi.dhtmlxq.read_game(page)
    >>> [m.uci() for m in game.mainline_moves()], game.headers["Red"]
    (['h2e2', 'h9g7'], 'Li')
    >>> "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]" in xiangqi.dhtmlxq.write(game)
    True
"""

from __future__ import annotations

import os
from typing import IO, Iterator, List, Optional, Union, overload

from xiangqi._xiangqi import PgnError, decode_text, dhtmlxq_read, record_write, records_write_bytes
from xiangqi.pgn import Game, _raw, _undecodable

__all__ = ["read_game", "read_games", "write", "write_all", "PgnError"]

Source = Union[str, bytes, bytearray, "os.PathLike[str]", IO[str], IO[bytes]]


def _text(source: Source, encoding: Optional[str]) -> str:
    if isinstance(source, os.PathLike) or (isinstance(source, str) and "[DhtmlXQ" not in source and os.path.exists(source)):
        with open(source, "rb") as handle:
            return _text(handle.read(), encoding)
    if isinstance(source, str):
        return source
    if isinstance(source, (bytes, bytearray)):
        return decode_text(bytes(source), encoding)[0]
    try:
        data = _raw(source).read()
    except UnicodeDecodeError as e:
        raise _undecodable(e) from None
    return data if isinstance(data, str) else decode_text(data, encoding)[0]


def read_games(
    source: Source, *, skip_errors: bool = False, strict: bool = False, encoding: Optional[str] = None
) -> Iterator[Game]:
    """Every DhtmlXQ record of a text, bytes, a stream or a file named by a path (bytes in
    ``encoding``, by default the one detected). A broken record comes with ``game.errors``
    (``skip_errors=True`` leaves it out, ``strict=True`` raises ``PgnError``), as in
    ``xiangqi.pgn.read_games``."""
    for record in dhtmlxq_read(_text(source, encoding)):
        if record.get("errors"):
            if skip_errors:
                continue
            if strict:
                raise PgnError(record["errors"][0])
        yield Game._from_record(record)


def read_game(source: Source, *, encoding: Optional[str] = None, strict: bool = False) -> Optional[Game]:
    """The first DhtmlXQ record of a text, bytes, a stream or a file (``None`` if none)."""
    for game in read_games(source, encoding=encoding, strict=strict):
        return game
    return None


@overload
def write(game: Game, *, encoding: None = ...) -> str: ...
@overload
def write(game: Game, *, encoding: str) -> bytes: ...
def write(game: Game, *, encoding: Optional[str] = None) -> Union[str, bytes]:
    """The game as a DhtmlXQ block, variations and comments included; with ``encoding``, as
    bytes in it (a character the encoding lacks raises ``XiangqiError``, as in
    ``xiangqi.pgn.write``)."""
    if encoding is not None:
        return records_write_bytes([game._to_record()], "dhtmlxq", encoding=encoding)
    return record_write(game._to_record(), "dhtmlxq")


@overload
def write_all(games: List[Game], *, encoding: None = ...) -> str: ...
@overload
def write_all(games: List[Game], *, encoding: str) -> bytes: ...
def write_all(games: List[Game], *, encoding: Optional[str] = None) -> Union[str, bytes]:
    """Several games, one block each (bytes in ``encoding`` when given)."""
    if encoding is not None:
        return records_write_bytes([g._to_record() for g in games], "dhtmlxq", encoding=encoding)
    return "".join(write(g) + "\n" for g in games)
