"""XQF: XQStudio's binary game records, the format of most downloadable collections, read
and written.

Every version is read, from 1.0 to the encrypted 1.2 and later files, with comments and
variations; the header's fields become headers (``Title``, ``Event``, ``Date``, ``Site``,
``Red``, ``Black``, ``TimeControl``, ``RedTime``, ``BlackTime``, ``Annotator``, ``Author``,
``Result``, ``FEN``). The result is the same ``Game`` as ``xiangqi.pgn`` gives::

    >>> import xiangqi.xqf
    >>> data = bytearray(1024)
    >>> data[:3] = b"XQ\\x0a"
    >>> data[16:48] = bytes([0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83,
    ...                      9, 19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6, 26, 46, 66, 86])
    >>> data += bytes([0x18, 0x20, 0xF0, 0, 0, 0, 0, 0, 72 + 0x18, 42 + 0x20, 0, 0, 0, 0, 0, 0])
    >>> game = xiangqi.xqf.read_game(bytes(data))
    >>> [m.uci() for m in game.mainline_moves()]
    ['h2e2']
    >>> xiangqi.xqf.read_game(xiangqi.xqf.write(game)).mainline_moves() == game.mainline_moves()
    True

``write`` makes a version 1.0 file (unencrypted, read by every XQF program) with the headers
above in GBK; XQF has no place for NAGs (left out) or a variation's opening comment (put
before the comment of its first move).
"""

from __future__ import annotations

import os
from typing import IO, Union

from xiangqi._xiangqi import PgnError, xqf_read, xqf_write
from xiangqi.pgn import Game

__all__ = ["read_game", "write", "PgnError"]


def read_game(source: Union[str, "os.PathLike[str]", bytes, bytearray, IO[bytes]]) -> Game:
    """Reads an XQF file: a path, its bytes or a binary file. Raises ``PgnError`` for a file
    that is not XQF or is damaged."""
    if isinstance(source, (bytes, bytearray)):
        data = bytes(source)
    elif isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as handle:
            data = handle.read()
    else:
        data = source.read()
        if not isinstance(data, bytes):
            raise TypeError("XQF files are binary: open them with 'rb'")
    return Game._from_record(xqf_read(data))


def write(game: Game) -> bytes:
    """The game as an XQF 1.0 file, variations and comments included. Raises ``XiangqiError``
    for a start position XQF cannot hold."""
    return xqf_write(game._to_record())
