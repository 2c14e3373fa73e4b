"""SVG drawings: well-formed XML with the parts a board needs."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import xiangqi
import xiangqi.svg
from xiangqi import Board, Move

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # raises on malformed XML
    assert root.tag == NS + "svg"
    return root


def by_class(root: ET.Element, prefix: str) -> list:
    return [e for e in root.iter() if e.get("class", "").startswith(prefix)]


def texts(root: ET.Element) -> list:
    return [e.text for e in root.iter(NS + "text")]


def test_start_position_drawing() -> None:
    root = parse(xiangqi.svg.board(Board(), size=450))
    assert root.get("width") == "450"
    pieces = by_class(root, "piece ")
    assert len(pieces) == 32
    red = [p for p in pieces if " red " in p.get("class")]
    black = [p for p in pieces if " black " in p.get("class")]
    assert len(red) == len(black) == 16
    # Red pieces carry a double ring, Black a single one (beside the shadow disc).
    assert all(len(p.findall(NS + "circle")) == 3 for p in red)
    assert all(len(p.findall(NS + "circle")) == 2 for p in black)
    words = texts(root)
    for char in "帥將俥車砲炮兵卒楚河漢界":
        assert char in words
    grid = by_class(root, "grid")[0]
    # 10 ranks + 2 edge files + 7 inner files in two halves + 4 palace diagonals.
    assert len(grid.findall(NS + "line")) == 10 + 2 + 14 + 4


def test_letters_orientation_marks_and_arrows() -> None:
    board = Board("4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1")
    board.push_uci("a5e5")
    svg = xiangqi.svg.board(
        board,
        orientation=xiangqi.BLACK,
        characters=False,
        lastmove=board.peek(),
        check=board.king(board.turn),
        arrows=[(xiangqi.F0, xiangqi.F9), xiangqi.svg.Arrow(xiangqi.E5, xiangqi.E5, "green")],
        squares=[xiangqi.D9, xiangqi.F9],
    )
    root = parse(svg)
    assert "K" in texts(root) and "R" in texts(root) and "k" not in texts(root)
    assert len(by_class(root, "lastmove")) == 2
    assert len(by_class(root, "check")) == 1
    assert len(by_class(root, "arrow")) == 2
    assert len(by_class(root, "squares")[0]) == 2
    # Flipped: Black's general (e9) is drawn near the bottom, below Red's (d0).
    general_y = {
        p.get("class").split()[1]: float(p.findall(NS + "circle")[1].get("cy"))
        for p in by_class(root, "piece ")
        if p.get("class").endswith("general")
    }
    assert general_y["black"] > general_y["red"]


def test_repr_svg_marks_last_move_and_check() -> None:
    board = Board("4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1")
    assert not by_class(parse(board._repr_svg_()), "lastmove")
    board.push(Move.from_uci("a5e5"))
    root = parse(board._repr_svg_())
    assert len(by_class(root, "lastmove")) == 2 and len(by_class(root, "check")) == 1


def test_empty_board() -> None:
    root = parse(xiangqi.svg.board())
    assert not by_class(root, "piece ")
