"""Board: construction, push/pop, legal moves, checks and endings, drawing as text."""

from __future__ import annotations

import copy
import pickle

import pytest

import xiangqi
from xiangqi import Board, Move

# Hand-worked positions (ranks listed from Black's back rank, rank 9, down to Red's, rank 0).
# Black general e9 checked by a chariot on e5: e8 stays on the file, d9 faces the red general
# on the open d-file, f9 is covered by the chariot on f0. Checkmate.
MATE = "4k4/9/9/9/4R4/9/9/9/9/3K1R3 b - - 0 1"
# The same net without the check: a chariot on a8 covers e8. Black cannot move: stalemate.
STALEMATE = "4k4/R8/9/9/9/9/9/9/9/3K1R3 b - - 0 1"
# A chariot on e5 checks; only e9f9 escapes (e8 stays on the file, d9 faces the general on d0).
ONE_ESCAPE = "4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1"


def test_start_position() -> None:
    board = Board()
    assert board.fen() == xiangqi.STARTING_FEN
    assert board.turn == xiangqi.RED
    assert board.rules == "axf"
    assert board.halfmove_clock == 0 and board.fullmove_number == 1
    assert len(board.legal_moves) == 44
    assert board.ply() == 0
    assert repr(board) == f"Board('{xiangqi.STARTING_FEN}')"


def test_push_pop_peek_and_move_stack() -> None:
    board = Board()
    central_cannon = Move(xiangqi.H2, xiangqi.E2)
    board.push(central_cannon)
    assert board.turn == xiangqi.BLACK
    assert board.fen() == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    horse = board.push_uci("h9g7")
    assert horse == Move.from_uci("h9g7")
    assert board.fullmove_number == 2 and board.ply() == 2
    assert board.move_stack == [central_cannon, horse]
    assert board.peek() == horse
    assert board.pop() == horse
    assert board.pop() == central_cannon
    assert board.fen() == xiangqi.STARTING_FEN
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_illegal_push_raises_and_changes_nothing() -> None:
    board = Board()
    with pytest.raises(xiangqi.IllegalMoveError):
        board.push(Move.from_uci("a9a8"))  # Black's chariot, but Red is to move
    with pytest.raises(ValueError):  # every error of the package is a ValueError
        board.push(Move.from_uci("h2h8"))  # the cannon cannot move through h7
    assert board.fen() == xiangqi.STARTING_FEN and board.move_stack == []


def test_legal_moves_view_is_lazy_and_complete() -> None:
    board = Board()
    view = board.legal_moves
    moves = list(view)
    assert len(moves) == len(set(moves)) == 44
    assert Move.from_uci("h2h9") in view  # the cannon captures over the h7 cannon
    assert Move.from_uci("h2h8") not in view
    assert "h2e2" not in view  # only Move objects are members
    assert bool(view)
    board.push_uci("h2e2")
    # The view follows the board.
    assert Move.from_uci("h2h9") not in view
    assert all(m.from_square >= 45 for m in view)  # Black's pieces are all on ranks 5..9


def test_parse_uci_errors_are_typed() -> None:
    board = Board()
    with pytest.raises(xiangqi.InvalidMoveError):
        board.parse_uci("z9z9")
    with pytest.raises(xiangqi.InvalidMoveError):
        board.parse_uci("h2e2x")
    with pytest.raises(xiangqi.IllegalMoveError):
        board.parse_uci("h2h8")
    assert issubclass(xiangqi.InvalidMoveError, xiangqi.XiangqiError)
    assert issubclass(xiangqi.XiangqiError, ValueError)
    # Ranks 1..10 (Fairy-Stockfish's UCI) only when asked for.
    assert board.parse_uci("h3e3", rank_base=1) == Move.from_uci("h2e2")
    assert Move.from_uci("b10c8", rank_base=1) == Move.from_uci("b9c7")
    assert Move.from_uci("b9c7").uci(rank_base=1) == "b10c8"
    with pytest.raises(xiangqi.XiangqiError):
        board.parse_uci("h2e2", rank_base=2)


def test_flying_general_pins_the_piece_between() -> None:
    # With the black general on d9 the chariot is free to leave the e-file.
    free = Board("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1")
    assert Move.from_uci("e1d1") in free.legal_moves
    # A cannon on e1 is all that stands between the generals: it may not leave the file.
    pinned = Board("4k4/9/9/9/9/9/9/9/4C4/3AK4 w - - 0 1")
    assert Move.from_uci("e1d1") not in pinned.legal_moves
    assert Move.from_uci("e1e5") in pinned.legal_moves
    # The general may not step onto the open file facing the other general.
    assert Move.from_uci("e0d0") not in Board("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").legal_moves


def test_check_checkers_and_single_escape() -> None:
    board = Board(ONE_ESCAPE)
    assert board.is_check()
    assert board.checkers() == [xiangqi.E5]
    assert list(board.legal_moves) == [Move.from_uci("e9f9")]
    assert board.attackers(xiangqi.RED, xiangqi.E9) == [xiangqi.E5]
    assert board.is_attacked_by(xiangqi.RED, xiangqi.D9)  # the flying general
    assert not board.is_attacked_by(xiangqi.RED, xiangqi.F9)


def test_gives_check_and_is_capture() -> None:
    board = Board("4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1")
    assert board.gives_check(Move.from_uci("a5e5"))
    assert not board.gives_check(Move.from_uci("a5a6"))
    start = Board()
    assert start.is_capture(Move.from_uci("h2h9"))
    assert not start.is_capture(Move.from_uci("h2e2"))
    with pytest.raises(xiangqi.IllegalMoveError):
        start.gives_check(Move.from_uci("h2h8"))


def test_checkmate_and_stalemate() -> None:
    mate = Board(MATE)
    assert mate.is_check() and mate.is_checkmate() and not mate.is_stalemate()
    assert len(mate.legal_moves) == 0 and not mate.legal_moves
    stalemate = Board(STALEMATE)
    assert not stalemate.is_check() and stalemate.is_stalemate() and not stalemate.is_checkmate()
    # Red delivers the mate with a5e5 from the position before.
    before = Board("4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1")
    before.push_uci("a5e5")
    assert before.fen() == MATE.replace(" 0 1", " 1 1")
    assert before.is_checkmate()


def test_insufficient_material_matches_the_shared_data() -> None:
    from conftest import read_tsv

    for row in read_tsv("rules/insufficient_material.tsv"):
        fen = row["fen"]
        try:
            board = Board(fen)
        except xiangqi.FenError:
            # Facing generals: not a legal game position, the library refuses it.
            assert "generals" in row["source"] or "face" in row["source"], row
            continue
        red = row["red_insufficient"] == "true"
        black = row["black_insufficient"] == "true"
        assert board.has_insufficient_material(xiangqi.RED) == red, fen
        assert board.has_insufficient_material(xiangqi.BLACK) == black, fen
        assert board.is_insufficient_material() == (red and black), fen
        outcome = board.outcome()
        if red and black:
            assert outcome is not None and outcome.termination == xiangqi.Termination.INSUFFICIENT_MATERIAL
            assert outcome.winner is None
        else:
            assert outcome is None or outcome.termination != xiangqi.Termination.INSUFFICIENT_MATERIAL


def test_pieces_piece_at_and_king() -> None:
    board = Board()
    assert board.piece_at(xiangqi.E0) == xiangqi.Piece(xiangqi.GENERAL, xiangqi.RED)
    assert board.piece_at(xiangqi.E4) is None
    assert board.pieces(xiangqi.CHARIOT, xiangqi.RED) == [xiangqi.A0, xiangqi.I0]
    assert board.pieces(xiangqi.SOLDIER, xiangqi.BLACK) == [
        xiangqi.A6, xiangqi.C6, xiangqi.E6, xiangqi.G6, xiangqi.I6
    ]
    assert board.king(xiangqi.BLACK) == xiangqi.E9
    assert len(board.piece_map()) == 32


def test_fen_errors() -> None:
    with pytest.raises(xiangqi.FenError, match="rank"):
        Board("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1")
    with pytest.raises(xiangqi.FenError):
        Board("not a fen")
    with pytest.raises(xiangqi.FenError):
        Board("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")  # the generals face each other
    with pytest.raises(xiangqi.XiangqiError):
        Board(rules="chess")
    board = Board()
    board.push_uci("h2e2")
    board.set_fen(STALEMATE)
    assert board.move_stack == [] and board.fen() == STALEMATE


def test_copy_root_mirror_and_pickle() -> None:
    board = Board()
    board.push_uci("h2e2")
    board.push_uci("h9g7")
    clone = board.copy()
    clone.push_uci("h0g2")
    assert len(board.move_stack) == 2 and len(clone.move_stack) == 3
    assert board.copy(stack=False).move_stack == []
    assert copy.deepcopy(board) == board and copy.copy(board).move_stack == board.move_stack
    assert board.root().fen() == xiangqi.STARTING_FEN
    restored = pickle.loads(pickle.dumps(board))
    assert restored.fen() == board.fen() and restored.move_stack == board.move_stack
    # Mirroring swaps colours and turns the board top to bottom, by hand:
    mirrored = Board("4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1").mirror()
    assert mirrored.fen() == "3k1r3/9/9/9/9/r8/9/9/9/4K4 b - - 0 1"
    assert mirrored.mirror().fen() == "4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1"


def test_str_draws_letters_and_unicode_draws_characters() -> None:
    expected = "\n".join(
        [
            "r h e a k a e h r",
            ". . . . . . . . .",
            ". c . . . . . c .",
            "p . p . p . p . p",
            ". . . . . . . . .",
            ". . . . . . . . .",
            "P . P . P . P . P",
            ". C . . . . . C .",
            ". . . . . . . . .",
            "R H E A K A E H R",
        ]
    )
    assert str(Board()) == expected
    text = Board().unicode(coordinates=False)
    assert text.splitlines()[0] == "車馬象士將士象馬車"
    assert text.splitlines()[-1] == "俥傌相仕帥仕相傌俥"
    simplified = Board().unicode(traditional=False, coordinates=False, empty_square=".")
    assert simplified.splitlines()[-1] == "车马相仕帅仕相马车"
    assert simplified.splitlines()[2] == ".炮.....炮."
    flipped = Board().unicode(orientation=xiangqi.BLACK, coordinates=False)
    assert flipped.splitlines()[0] == "俥傌相仕帥仕相傌俥"
