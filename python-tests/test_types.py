"""Squares, colours, piece types, Move and Piece."""

from __future__ import annotations

import pickle

import pytest

import xiangqi
from xiangqi import Move, Piece


def test_square_numbering_and_names() -> None:
    assert (xiangqi.A0, xiangqi.I0, xiangqi.A1, xiangqi.E9, xiangqi.I9) == (0, 8, 9, 85, 89)
    assert xiangqi.SQUARE_NAMES[xiangqi.H2] == "h2" == xiangqi.square_name(xiangqi.H2)
    assert xiangqi.parse_square("e0") == xiangqi.E0
    assert xiangqi.square(4, 9) == xiangqi.E9
    assert (xiangqi.square_file(xiangqi.H2), xiangqi.square_rank(xiangqi.H2)) == (7, 2)
    assert len(xiangqi.SQUARES) == 90
    with pytest.raises(xiangqi.XiangqiError):
        xiangqi.parse_square("j0")
    with pytest.raises(xiangqi.XiangqiError):
        xiangqi.square_name(90)
    with pytest.raises(xiangqi.XiangqiError):
        xiangqi.square(9, 0)


def test_move_value_semantics() -> None:
    m = Move(xiangqi.H2, xiangqi.E2)
    assert (m.from_square, m.to_square) == (xiangqi.H2, xiangqi.E2)
    assert m.uci() == str(m) == "h2e2"
    assert m.uci(rank_base=1) == "h3e3"
    assert m == Move.from_uci("h2e2") == Move.from_uci("h3e3", rank_base=1) == Move.from_uci("h2-e2")
    assert hash(m) == hash(Move.from_uci("h2e2")) and len({m, Move.from_uci("h2e2")}) == 1
    assert repr(m) == "Move.from_uci('h2e2')"
    assert m.mirror() == Move.from_uci("h7e7")
    assert pickle.loads(pickle.dumps(m)) == m
    assert not Move.null() and bool(m)
    assert Move.from_uci("0000") == Move.null() and Move.null().uci() == "0000"
    # Moves sort by origin, then destination.
    moves = [Move.from_uci(u) for u in ["b0c2", "a0a2", "a1a0", "a0a1", "b0a2"]]
    assert [m.uci() for m in sorted(moves)] == ["a0a1", "a0a2", "b0a2", "b0c2", "a1a0"]
    for bad in ["", "h2", "h2e", "j2e2", "h2e2e", "hh"]:
        with pytest.raises(xiangqi.InvalidMoveError):
            Move.from_uci(bad)
    with pytest.raises(xiangqi.XiangqiError):
        Move(0, 90)


def test_piece() -> None:
    red_horse = Piece(xiangqi.HORSE, xiangqi.RED)
    assert red_horse.symbol() == "N" and red_horse.letter() == "H"
    assert red_horse.chinese() == "傌" and red_horse.chinese(traditional=False) == "马"
    assert red_horse.name() == "horse" == xiangqi.PIECE_NAMES[xiangqi.HORSE]
    black_cannon = Piece.from_symbol("c")
    assert (black_cannon.piece_type, black_cannon.color) == (xiangqi.CANNON, xiangqi.BLACK)
    assert black_cannon.chinese() == "砲" and black_cannon.letter() == "c"
    assert Piece.from_symbol("E") == Piece.from_symbol("B") == Piece(xiangqi.ELEPHANT, xiangqi.RED)
    assert Piece.from_symbol("H") == red_horse
    assert pickle.loads(pickle.dumps(red_horse)) == red_horse
    assert {red_horse: 1}[Piece(4, True)] == 1
    with pytest.raises(xiangqi.XiangqiError):
        Piece.from_symbol("x")
    with pytest.raises(xiangqi.XiangqiError):
        Piece(8, True)


def test_reachable_squares_are_the_points_the_rules_allow() -> None:
    P = Piece.from_symbol
    sq = xiangqi.parse_square
    palace = {sq(f + r) for f in "def" for r in "012"}
    assert set(xiangqi.reachable_squares(P("K"))) == palace
    assert set(xiangqi.reachable_squares(P("A"))) == {sq(s) for s in ("d0", "f0", "e1", "d2", "f2")}
    assert set(xiangqi.reachable_squares(P("B"))) == {sq(s) for s in ("c0", "g0", "a2", "e2", "i2", "c4", "g4")}
    assert set(xiangqi.reachable_squares(P("e"))) == {sq(s) for s in ("c9", "g9", "a7", "e7", "i7", "c5", "g5")}
    # A soldier: its five start files on ranks 3 and 4, then every point across the river.
    assert len(xiangqi.reachable_squares(P("P"))) == 10 + 45
    assert len(xiangqi.reachable_squares(P("R"))) == len(xiangqi.reachable_squares(P("N"))) == 90
    # Janggi: guards share the general's palace (with its diagonals); elephants go anywhere.
    assert set(xiangqi.reachable_squares(P("A"), "janggi")) == palace
    assert len(xiangqi.reachable_squares(P("B"), "janggi")) == 90
    with pytest.raises(xiangqi.XiangqiError):
        xiangqi.reachable_squares(P("K"), "shogi")
