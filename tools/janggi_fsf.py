"""What the janggi tools that talk to Fairy-Stockfish share: the start position of each pair of
setups, and reading its move texts (ranks 1..10, `a1a10` style) and FENs.

The tools run as `python tools/<name>.py`, which puts this folder on the import path.
"""

# The four setups by name, as the horse (N) and elephant (B) letters read from the side's left.
ARRANGEMENTS = {"masangsangma": "NBBN", "sangmamasang": "BNNB", "masangmasang": "NBNB", "sangmasangma": "BNBN"}


def start(cho: str, han: str, halfmoves: int = 0) -> str:
    """The start FEN for Cho's and Han's setups, with `halfmoves` on the no-capture counter."""
    # Cho reads files b c g h from its left; Han, facing the other way, h g c b.
    c, h = ARRANGEMENTS[cho], ARRANGEMENTS[han]
    han_row = f"r{h[3]}{h[2]}a1a{h[1]}{h[0]}r".lower()
    cho_row = f"R{c[0]}{c[1]}A1A{c[2]}{c[3]}R"
    return f"{han_row}/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/{cho_row} w - - {halfmoves} 1"


def split(move: str) -> tuple[str, str]:
    """A coordinate move's two points: `"a1a10"` -> `("a1", "a10")`."""
    i = next(k for k in range(1, len(move)) if move[k].isalpha())
    return move[:i], move[i:]


def piece_on(fen: str, point: str) -> str | None:
    """The FEN letter of the piece on `point` (ranks 1..10, `"e9"`) in `fen`, or `None`."""
    file, rank = ord(point[0]) - ord("a"), int(point[1:])
    row = fen.split()[0].split("/")[10 - rank]
    f = 0
    for c in row:
        if c.isdigit():
            f += int(c)
        else:
            if f == file:
                return c
            f += 1
    return None


def piece_at(fen: str, point: str) -> bool:
    """`True` when `point` (ranks 1..10, `"e9"`) holds a piece in `fen`."""
    return piece_on(fen, point) is not None
