"""Action encodings, legal-action masks, piece arrays and feature planes."""

from __future__ import annotations

import numpy as np
import pytest

import xiangqi
from conftest import random_games
from xiangqi import Board, Move, encoding


def test_sizes() -> None:
    assert encoding.action_size("2086") == 2086
    assert encoding.action_size("8100") == 8100
    assert encoding.SIZES == {"2086": 2086, "8100": 8100, "janggi": 2451}
    with pytest.raises(xiangqi.XiangqiError):
        encoding.action_size("4096")


def test_8100_is_from_times_90_plus_to() -> None:
    m = Move.from_uci("h2e2")
    assert encoding.move_to_index(m, "8100", turn=xiangqi.RED) == xiangqi.H2 * 90 + xiangqi.E2
    assert encoding.index_to_move(xiangqi.H2 * 90 + xiangqi.E2, "8100", turn=xiangqi.RED) == m
    with pytest.raises(xiangqi.XiangqiError):
        encoding.index_to_move(8100, "8100", turn=xiangqi.RED)


def test_2086_holds_exactly_the_move_shapes_in_order() -> None:
    moves = encoding.all_moves("2086")
    assert len(moves) == len(set(moves)) == 2086
    keys = [m.from_square * 90 + m.to_square for m in moves]
    assert keys == sorted(keys)
    assert moves[0] == Move.from_uci("a0b0")

    def family(m: Move) -> str:
        df = abs(m.from_square % 9 - m.to_square % 9)
        dr = abs(m.from_square // 9 - m.to_square // 9)
        if df == 0 or dr == 0:
            return "line"
        return {(1, 2): "horse", (2, 1): "horse", (1, 1): "advisor", (2, 2): "elephant"}[(df, dr)]

    counts: dict = {}
    for m in moves:
        counts[family(m)] = counts.get(family(m), 0) + 1
    # Worked out by hand: 90 points x (8 on the rank + 9 on the file); advisors: 4 diagonals
    # each way in 2 palaces; elephants: 8 diagonals each way in 2 halves; horses: the rest.
    assert counts == {"line": 1530, "horse": 508, "advisor": 16, "elephant": 32}
    advisor = [m.uci() for m in moves if family(m) == "advisor"]
    assert "d0e1" in advisor and "e8f9" in advisor and "d1e2" not in advisor
    elephant = [m.uci() for m in moves if family(m) == "elephant"]
    assert "c0e2" in elephant and "e2g4" in elephant and "c4e6" not in elephant


def test_black_moves_are_mirrored() -> None:
    black = Move.from_uci("b9c7")
    red = Move.from_uci("b0c2")
    for name in encoding.ENCODINGS:
        assert encoding.move_to_index(black, name, turn=xiangqi.BLACK) == encoding.move_to_index(red, name, turn=xiangqi.RED)
        i = encoding.move_to_index(black, name, turn=xiangqi.BLACK)
        assert encoding.index_to_move(i, name, turn=xiangqi.BLACK) == black


def test_masks_match_legal_moves_over_random_games() -> None:
    for game in random_games(4, 120, seed=7):
        for board in game[::5]:
            legal = set(board.legal_moves)
            for name in encoding.XIANGQI_ENCODINGS:
                mask = board.legal_action_mask(name)
                assert mask.dtype == np.bool_ and mask.shape == (encoding.SIZES[name],)
                assert int(mask.sum()) == len(legal)
                decoded = {board.action_to_move(int(i), name) for i in np.flatnonzero(mask)}
                assert decoded == legal
                for m in legal:
                    assert mask[board.move_to_action(m, name)]
                absolute = board.legal_action_mask(name, perspective="red")
                assert {encoding.index_to_move(int(i), name, turn=xiangqi.RED) for i in np.flatnonzero(absolute)} == legal


def test_black_to_move_looks_like_its_mirror_with_red_to_move() -> None:
    # Mirroring swaps colours and flips ranks: the side-to-move encodings must not change.
    for game in random_games(3, 80, seed=11):
        for board in game[1::2]:  # Black to move
            assert board.turn == xiangqi.BLACK
            mirrored = board.mirror()
            assert np.array_equal(board.legal_action_mask(), mirrored.legal_action_mask())
            ours, theirs = board.planes(), mirrored.planes()
            assert np.array_equal(ours[:14], theirs[:14])
            assert ours[14].sum() == 0 and theirs[14].sum() == 90  # the colour plane differs


def test_to_array_of_the_start_position() -> None:
    arr = Board().to_array()
    assert arr.dtype == np.int8 and arr.shape == (10, 9)
    # Codes: general 1, advisor 2, elephant 3, horse 4, chariot 5, cannon 6, soldier 7; Black < 0.
    assert arr[0].tolist() == [5, 4, 3, 2, 1, 2, 3, 4, 5]
    assert arr[9].tolist() == [-5, -4, -3, -2, -1, -2, -3, -4, -5]
    assert arr[2].tolist() == [0, 6, 0, 0, 0, 0, 0, 6, 0]
    assert arr[6].tolist() == [-7, 0, -7, 0, -7, 0, -7, 0, -7]
    assert arr.reshape(-1)[xiangqi.E0] == 1
    assert int(np.abs(arr).astype(bool).sum()) == 32


def test_planes_layout() -> None:
    board = Board()
    planes = board.planes()
    assert planes.shape == (16, 10, 9) and planes.dtype == np.float32
    assert np.flatnonzero(planes[4]).tolist() == [xiangqi.A0, xiangqi.I0]  # own chariots
    assert np.flatnonzero(planes[7 + 4]).tolist() == [xiangqi.A9, xiangqi.I9]  # their chariots
    assert planes[14].min() == 1.0  # Red to move
    assert planes[15].max() == 0.0  # no quiet moves yet
    board.push_uci("h2e2")
    # Black to move, seen from Black's side: its chariots now on row 0.
    black_view = board.planes()
    assert np.flatnonzero(black_view[4]).tolist() == [xiangqi.A0, xiangqi.I0]
    assert np.flatnonzero(black_view[7 + 5]).tolist() == [xiangqi.B7, xiangqi.E7]  # Red's cannons, flipped
    assert black_view[14].max() == 0.0
    assert black_view[15, 0, 0] == pytest.approx(1 / 120)
    red_view = board.planes(perspective="red")
    assert np.flatnonzero(red_view[5]).tolist() == [xiangqi.B2, xiangqi.E2]
    assert board.planes(dtype="uint8")[15, 0, 0] == 1
    # History: the position before h2e2, from the current (Black) perspective.
    hist = board.planes(history=2)
    assert hist.shape == (14 * 3 + 2, 10, 9)
    assert np.flatnonzero(hist[14 + 7 + 5]).tolist() == [xiangqi.B7, xiangqi.H7]
    assert hist[28:42].sum() == 0  # before the root: zeros
    with pytest.raises(xiangqi.XiangqiError):
        board.planes(perspective="blue")
    with pytest.raises(xiangqi.XiangqiError):
        board.planes(dtype="int64")
