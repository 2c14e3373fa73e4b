"""SVG drawings of a xiangqi board, for notebooks and web pages.

``board(b)`` draws the 9 x 10 grid of lines with the river (and its text) and the palace
diagonals, the pieces as discs carrying their character (or letter: K A E H R C P), Red's pieces
with a double ring and Black's with a single one. It can mark the last move, a general in check,
points (legal destinations), and draw arrows; it can be seen from either side.

    >>> import xiangqi, xiangqi.svg
    >>> b = xiangqi.Board()
    >>> svg = xiangqi.svg.board(b, size=360, arrows=[xiangqi.svg.Arrow(xiangqi.H2, xiangqi.E2)],
    ...                         fill={xiangqi.H2: "#cc0000cc"})
    >>> svg.startswith("<svg")
    True

``board`` returns an ``SvgWrapper``: a ``str`` (the SVG text) that draws itself in a notebook,
as python-chess's does. In a notebook a ``Board`` draws itself with its last move and check
marked.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, Iterable, Optional, Sequence, Tuple, Union

if TYPE_CHECKING:
    from xiangqi import Board, Move

__all__ = ["Arrow", "SvgWrapper", "board", "piece"]

SPACING = 50.0
"""Distance between neighbouring points, in SVG units."""

MARGIN = 58.0
"""Space around the grid, room for the coordinates."""

PIECE_RADIUS = 0.44 * SPACING

COLORS: Dict[str, str] = {
    "background": "#f0d9a7",
    "line": "#5a3a1a",
    "river_text": "#7a5a3a",
    "coordinate": "#5a3a1a",
    "piece_face": "#fbeed2",
    "red": "#c0281c",
    "black": "#1c1c1c",
    "lastmove": "#3d9a3d",
    "check": "#ff2010",
    "square": "#2a6fbf",
    "arrow": "#2a6fbf",
}
"""The palette; pass ``colors={...}`` to ``board`` to change entries."""

CJK_FONTS = "'KaiTi', 'STKaiti', 'Kaiti SC', 'Noto Serif CJK SC', 'Noto Serif CJK TC', serif"
LATIN_FONTS = "'DejaVu Sans', 'Helvetica', 'Arial', sans-serif"


@dataclass(frozen=True)
class Arrow:
    """An arrow from ``tail`` to ``head`` (square indices). ``tail == head`` draws a ring."""

    tail: int
    head: int
    color: Optional[str] = None


class SvgWrapper(str):
    """SVG text that a notebook shows as a drawing (``str(wrapper)`` is the text itself)."""

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return str(self)


def _fmt(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


class _Frame:
    """Maps squares to SVG coordinates for one orientation."""

    def __init__(self, orientation: bool) -> None:
        self.orientation = orientation
        self.width = 8 * SPACING + 2 * MARGIN
        self.height = 9 * SPACING + 2 * MARGIN

    def xy(self, file_index: float, rank_index: float) -> Tuple[float, float]:
        if not self.orientation:
            file_index, rank_index = 8 - file_index, 9 - rank_index
        return MARGIN + file_index * SPACING, MARGIN + (9 - rank_index) * SPACING

    def square(self, sq: int) -> Tuple[float, float]:
        return self.xy(sq % 9, sq // 9)


def _line(parent: ET.Element, a: Tuple[float, float], b: Tuple[float, float], **attrs: str) -> None:
    ET.SubElement(
        parent,
        "line",
        {"x1": _fmt(a[0]), "y1": _fmt(a[1]), "x2": _fmt(b[0]), "y2": _fmt(b[1]), **attrs},
    )


def _square_rect(root: ET.Element, frame: _Frame, sq: int, fill: str, attrs: Dict[str, str]) -> None:
    """A rounded square filling point `sq`, in `fill`, with more attributes `attrs`."""
    x, y = frame.square(sq)
    ET.SubElement(
        root,
        "rect",
        {
            "x": _fmt(x - SPACING / 2 + 2),
            "y": _fmt(y - SPACING / 2 + 2),
            "width": _fmt(SPACING - 4),
            "height": _fmt(SPACING - 4),
            "rx": "6",
            "fill": fill,
            **attrs,
        },
    )


def _grid(root: ET.Element, frame: _Frame, colors: Dict[str, str], coordinates: bool) -> None:
    stroke = {"stroke": colors["line"], "stroke-width": "1.6", "stroke-linecap": "square"}
    grid = ET.SubElement(root, "g", {"class": "grid", **stroke})
    for r in range(10):
        _line(grid, frame.xy(0, r), frame.xy(8, r))
    for f in range(9):
        if f in (0, 8):
            _line(grid, frame.xy(f, 0), frame.xy(f, 9))
        else:
            # Inner files stop at the river.
            _line(grid, frame.xy(f, 0), frame.xy(f, 4))
            _line(grid, frame.xy(f, 5), frame.xy(f, 9))
    for low, high in ((0, 2), (7, 9)):
        _line(grid, frame.xy(3, low), frame.xy(5, high))
        _line(grid, frame.xy(5, low), frame.xy(3, high))
    # A frame around the whole board, as printed boards have.
    x0, y0 = frame.xy(0, 9) if frame.orientation else frame.xy(8, 0)
    ET.SubElement(
        grid,
        "rect",
        {
            "x": _fmt(x0 - 6),
            "y": _fmt(y0 - 6),
            "width": _fmt(8 * SPACING + 12),
            "height": _fmt(9 * SPACING + 12),
            "fill": "none",
            "stroke-width": "3",
        },
    )
    # Position marks where the cannons and soldiers start.
    marks = ET.SubElement(root, "g", {"class": "marks", **stroke, "stroke-width": "1.2", "fill": "none"})
    points = [(1, 2), (7, 2), (1, 7), (7, 7)] + [(f, r) for f in (0, 2, 4, 6, 8) for r in (3, 6)]
    gap, arm = 4.0, 9.0
    for f, r in points:
        x, y = frame.xy(f, r)
        for dx in (-1, 1):
            if (f == 0 and dx < 0) or (f == 8 and dx > 0):
                continue
            for dy in (-1, 1):
                cx, cy = x + dx * gap, y + dy * gap
                ET.SubElement(
                    marks,
                    "polyline",
                    {
                        "points": f"{_fmt(cx + dx * arm)},{_fmt(cy)} {_fmt(cx)},{_fmt(cy)} "
                        f"{_fmt(cx)},{_fmt(cy + dy * arm)}"
                    },
                )
    # The river.
    river = ET.SubElement(
        root,
        "g",
        {
            "class": "river",
            "fill": colors["river_text"],
            "font-family": CJK_FONTS,
            "font-size": _fmt(SPACING * 0.62),
            "text-anchor": "middle",
            "dominant-baseline": "central",
        },
    )
    _, y_river = frame.xy(0, 4.5)
    # The text reads left to right from either side, so it keeps its place when flipped.
    for text, column in (("楚", 1.5), ("河", 2.5), ("漢", 5.5), ("界", 6.5)):
        x, _ = frame.xy(column if frame.orientation else 8 - column, 4.5)
        ET.SubElement(river, "text", {"x": _fmt(x), "y": _fmt(y_river)}).text = text
    if coordinates:
        labels = ET.SubElement(
            root,
            "g",
            {
                "class": "coordinates",
                "fill": colors["coordinate"],
                "font-family": LATIN_FONTS,
                "font-size": "15",
                "text-anchor": "middle",
                "dominant-baseline": "central",
            },
        )
        for f in range(9):
            x, _ = frame.xy(f, 0)
            ET.SubElement(labels, "text", {"x": _fmt(x), "y": _fmt(frame.height - 16)}).text = "abcdefghi"[f]
        for r in range(10):
            _, y = frame.xy(0, r)
            ET.SubElement(labels, "text", {"x": _fmt(16), "y": _fmt(y)}).text = str(r)


def piece(
    piece_type: int,
    color: bool,
    x: float = PIECE_RADIUS,
    y: float = PIECE_RADIUS,
    *,
    characters: bool = True,
    traditional: bool = True,
    colors: Optional[Dict[str, str]] = None,
) -> ET.Element:
    """The SVG group of one piece centred on ``(x, y)``: a disc with its character or letter,
    two rings for Red, one for Black."""
    from xiangqi import Piece

    palette = {**COLORS, **(colors or {})}
    p = Piece(piece_type, color)
    ink = palette["red" if color else "black"]
    group = ET.SubElement(
        ET.Element("g"),
        "g",
        {"class": f"piece {'red' if color else 'black'} {p.name()}"},
    )
    ET.SubElement(
        group,
        "circle",
        {"cx": _fmt(x), "cy": _fmt(y + 1.5), "r": _fmt(PIECE_RADIUS), "fill": "#000", "opacity": "0.25"},
    )
    ET.SubElement(
        group,
        "circle",
        {"cx": _fmt(x), "cy": _fmt(y), "r": _fmt(PIECE_RADIUS), "fill": palette["piece_face"], "stroke": ink, "stroke-width": "2"},
    )
    if color:
        ET.SubElement(
            group,
            "circle",
            {"cx": _fmt(x), "cy": _fmt(y), "r": _fmt(PIECE_RADIUS - 4.5), "fill": "none", "stroke": ink, "stroke-width": "1.2"},
        )
    if characters:
        text, fonts, size = p.chinese(traditional), CJK_FONTS, SPACING * 0.5
    else:
        text, fonts, size = p.letter().upper(), LATIN_FONTS, SPACING * 0.42
    label = ET.SubElement(
        group,
        "text",
        {
            "x": _fmt(x),
            "y": _fmt(y),
            "fill": ink,
            "font-family": fonts,
            "font-size": _fmt(size),
            "font-weight": "bold",
            "text-anchor": "middle",
            "dominant-baseline": "central",
        },
    )
    label.text = text
    return group


def _arrow(root: ET.Element, frame: _Frame, arrow: Arrow, colors: Dict[str, str]) -> None:
    color = arrow.color or colors["arrow"]
    tx, ty = frame.square(arrow.tail)
    hx, hy = frame.square(arrow.head)
    if arrow.tail == arrow.head:
        ET.SubElement(
            root,
            "circle",
            {"cx": _fmt(tx), "cy": _fmt(ty), "r": _fmt(PIECE_RADIUS + 3), "fill": "none", "stroke": color, "stroke-width": "4", "opacity": "0.8", "class": "arrow"},
        )
        return
    dx, dy = hx - tx, hy - ty
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    head_len, head_half, shaft = 18.0, 11.0, 6.0
    bx, by = hx - ux * head_len, hy - uy * head_len
    group = ET.SubElement(root, "g", {"class": "arrow", "opacity": "0.8"})
    _line(group, (tx, ty), (bx, by), stroke=color, **{"stroke-width": _fmt(shaft), "stroke-linecap": "round"})
    points = [
        (hx, hy),
        (bx - uy * head_half, by + ux * head_half),
        (bx + uy * head_half, by - ux * head_half),
    ]
    ET.SubElement(group, "polygon", {"points": " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points), "fill": color})


def board(
    board: Optional["Board"] = None,
    *,
    orientation: bool = True,
    lastmove: Optional["Move"] = None,
    check: Optional[int] = None,
    arrows: Iterable[Union[Arrow, Tuple[int, int]]] = (),
    squares: Iterable[int] = (),
    fill: Optional[Dict[int, str]] = None,
    size: Optional[int] = None,
    coordinates: bool = True,
    characters: bool = True,
    traditional: bool = True,
    colors: Optional[Dict[str, str]] = None,
) -> SvgWrapper:
    """Draws a board as an SVG document (an ``SvgWrapper``: the text, drawn in notebooks).

    ``orientation=RED`` (``True``) puts Red at the bottom, ``BLACK`` flips the board.
    ``lastmove`` marks its two points, ``check`` (a square) glows red, ``squares`` get dots
    (e.g. the legal destinations of a piece), ``fill`` maps squares to colours that fill them
    (as python-chess's ``fill``), ``arrows`` are ``Arrow``s or ``(tail, head)`` pairs. ``characters=False`` shows the letters K A E H R C P instead of Chinese characters;
    ``traditional=False`` uses simplified characters. ``size`` is the width in pixels (the
    drawing scales freely without it). With no board, an empty board is drawn.
    """
    palette = {**COLORS, **(colors or {})}
    frame = _Frame(orientation)
    attrs = {
        "xmlns": "http://www.w3.org/2000/svg",
        "version": "1.1",
        "viewBox": f"0 0 {_fmt(frame.width)} {_fmt(frame.height)}",
    }
    if size is not None:
        attrs["width"] = str(int(size))
        attrs["height"] = str(int(round(size * frame.height / frame.width)))
    root = ET.Element("svg", attrs)
    ET.SubElement(root, "rect", {"width": _fmt(frame.width), "height": _fmt(frame.height), "fill": palette["background"], "rx": "6"})
    _grid(root, frame, palette, coordinates)

    if lastmove:
        for sq in (lastmove.from_square, lastmove.to_square):
            _square_rect(root, frame, sq, palette["lastmove"], {"opacity": "0.35", "class": "lastmove"})
    for sq, color in (fill or {}).items():
        _square_rect(root, frame, sq, color, {"class": f"fill square-{sq}"})
    if check is not None:
        defs = ET.SubElement(root, "defs")
        gradient = ET.SubElement(defs, "radialGradient", {"id": "check_gradient"})
        ET.SubElement(gradient, "stop", {"offset": "0%", "stop-color": palette["check"], "stop-opacity": "1"})
        ET.SubElement(gradient, "stop", {"offset": "60%", "stop-color": palette["check"], "stop-opacity": "0.6"})
        ET.SubElement(gradient, "stop", {"offset": "100%", "stop-color": palette["check"], "stop-opacity": "0"})
        x, y = frame.square(check)
        ET.SubElement(root, "circle", {"cx": _fmt(x), "cy": _fmt(y), "r": _fmt(SPACING * 0.62), "fill": "url(#check_gradient)", "class": "check"})

    if board is not None:
        pieces = ET.SubElement(root, "g", {"class": "pieces"})
        for sq, p in sorted(board.piece_map().items()):
            x, y = frame.square(sq)
            pieces.append(piece(p.piece_type, p.color, x, y, characters=characters, traditional=traditional, colors=palette))

    dots = ET.SubElement(root, "g", {"class": "squares", "fill": palette["square"], "opacity": "0.7"})
    for sq in squares:
        x, y = frame.square(sq)
        ET.SubElement(dots, "circle", {"cx": _fmt(x), "cy": _fmt(y), "r": _fmt(SPACING * 0.13)})

    for a in arrows:
        _arrow(root, frame, a if isinstance(a, Arrow) else Arrow(a[0], a[1]), palette)

    return SvgWrapper(ET.tostring(root, encoding="unicode"))


def _repr_board(b: "Board") -> str:
    """What a ``Board`` shows in a notebook: its last move and any check marked (a board being
    set up has neither)."""
    stack: Sequence["Move"] = b.move_stack
    lastmove = stack[-1] if stack else None
    check = b.king(b.turn) if b.is_valid() and b.is_check() else None
    return str(board(b, lastmove=lastmove, check=check, size=400))
