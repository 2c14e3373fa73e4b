"""A board as an RGB image (a numpy array), for ``render_mode="rgb_array"`` and videos.

    >>> import xiangqi, xiangqi.render
    >>> image = xiangqi.render.rgb_array(xiangqi.Board())
    >>> image.shape, image.dtype
    ((440, 400, 3), dtype('uint8'))

Drawn with numpy alone (no font or SVG library): the grid with the river and the palaces, the
pieces as discs in their side's colour, each marked with its letter (K A E H R C P).
"""

import typing

import numpy as np

if typing.TYPE_CHECKING:
    from xiangqi import Board

__all__ = ["rgb_array"]

BACKGROUND = (240, 217, 167)
LINE = (90, 58, 26)
FACE = (251, 238, 210)
INK = {True: (192, 40, 28), False: (28, 28, 28)}

# 5 x 7 glyphs of the piece letters, one string per row.
GLYPHS: typing.Dict[str, typing.Tuple[str, ...]] = {
    "K": ("1...1", "1..1.", "1.1..", "11...", "1.1..", "1..1.", "1...1"),
    "A": (".111.", "1...1", "1...1", "11111", "1...1", "1...1", "1...1"),
    "E": ("11111", "1....", "1....", "1111.", "1....", "1....", "11111"),
    "H": ("1...1", "1...1", "1...1", "11111", "1...1", "1...1", "1...1"),
    "R": ("1111.", "1...1", "1...1", "1111.", "1.1..", "1..1.", "1...1"),
    "C": (".111.", "1...1", "1....", "1....", "1....", "1...1", ".111."),
    "P": ("1111.", "1...1", "1...1", "1111.", "1....", "1....", "1...."),
}


def rgb_array(board: "Board", cell: int = 40, orientation: bool = True) -> np.ndarray:
    """The board as a ``(height, width, 3)`` uint8 image, ``cell`` pixels between points, Red
    at the bottom (``orientation=False``: Black at the bottom)."""
    margin = cell
    width, height = 8 * cell + 2 * margin, 9 * cell + 2 * margin
    image = np.empty((height, width, 3), dtype=np.uint8)
    image[:] = BACKGROUND
    left = margin

    def xy(file_index: float, rank_index: float) -> typing.Tuple[int, int]:
        if not orientation:
            file_index, rank_index = 8 - file_index, 9 - rank_index
        return int(round(left + file_index * cell)), int(round(margin + (9 - rank_index) * cell))

    def line(a: typing.Tuple[int, int], b: typing.Tuple[int, int]) -> None:
        steps = max(abs(b[0] - a[0]), abs(b[1] - a[1])) + 1
        xs = np.linspace(a[0], b[0], steps).round().astype(int)
        ys = np.linspace(a[1], b[1], steps).round().astype(int)
        for dx in (0, 1):
            for dy in (0, 1):
                image[np.clip(ys + dy, 0, height - 1), np.clip(xs + dx, 0, width - 1)] = LINE

    for r in range(10):
        line(xy(0, r), xy(8, r))
    for f in range(9):
        if f in (0, 8):
            line(xy(f, 0), xy(f, 9))
        else:
            line(xy(f, 0), xy(f, 4))
            line(xy(f, 5), xy(f, 9))
    for low, high in ((0, 2), (7, 9)):
        line(xy(3, low), xy(5, high))
        line(xy(5, low), xy(3, high))

    radius = 0.44 * cell
    scale = max(1, cell // 14)
    span = int(radius) + 2
    offsets = np.arange(-span, span + 1)
    dy, dx = np.meshgrid(offsets, offsets, indexing="ij")
    distance = np.sqrt(dx * dx + dy * dy)
    disc = distance <= radius
    rim = disc & (distance > radius - max(2, cell // 16))
    for sq, piece in board.piece_map().items():
        cx, cy = xy(sq % 9, sq // 9)
        window = image[cy - span : cy + span + 1, cx - span : cx + span + 1]
        ink = INK[piece.color]
        window[disc] = FACE
        window[rim] = ink
        glyph = GLYPHS[piece.letter().upper()]
        gx, gy = cx - (5 * scale) // 2, cy - (7 * scale) // 2
        for row, bits in enumerate(glyph):
            for col, bit in enumerate(bits):
                if bit == "1":
                    y0, x0 = gy + row * scale, gx + col * scale
                    image[y0 : y0 + scale, x0 : x0 + scale] = ink
    return image
