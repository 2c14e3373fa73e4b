"""The Board names a python-chess user reaches for, with python-chess's behaviour:
``can_claim_draw``, ``outcome(claim_draw=True)``, ``epd``, ``uci``, ``lan``,
``Piece.unicode_symbol``, ``checkers``/``attackers``/``pieces`` as ``SquareSet``s, ``Board(None)``
(an empty board being set up; ``set_piece_at``, ``remove_piece_at`` and ``set_piece_map`` edit
a board, test_board_setup.py has the rest), and why a move is illegal:
``Board.illegal_reason`` and ``IllegalMoveError.reason``."""

from __future__ import annotations

import pytest

import xiangqi
from xiangqi import Board, IllegalMoveReason, Move, SquareSet

# Red's chariot checks along the e-file; the only escape is e9f9 (see test_board.py).
ONE_ESCAPE = "3ak4/4a4/9/9/4R4/9/9/9/9/3K5 b - - 0 1"


def test_checkers_attackers_and_pieces_are_square_sets() -> None:
    board = Board("4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1")
    checkers = board.checkers()
    assert isinstance(checkers, SquareSet)
    assert checkers == [xiangqi.E5] and list(checkers) == [xiangqi.E5] and xiangqi.E5 in checkers
    assert len(checkers) == 1 and bool(checkers) and int(checkers) == 1 << xiangqi.E5
    assert not Board().checkers() and len(Board().checkers()) == 0
    # Two checkers: a chariot and a horse, listed in ascending order.
    double = Board("4k4/9/3N5/9/4R4/9/9/9/9/3K5 b - - 0 1")
    assert list(double.checkers()) == [xiangqi.E5, xiangqi.D7]
    red = Board().pieces(xiangqi.CHARIOT, xiangqi.RED)
    assert isinstance(red, SquareSet) and red == {xiangqi.A0, xiangqi.I0}
    assert red | Board().pieces(xiangqi.CHARIOT, xiangqi.BLACK) == [xiangqi.A0, xiangqi.I0, xiangqi.A9, xiangqi.I9]
    assert isinstance(board.attackers(xiangqi.RED, xiangqi.E9), SquareSet)
    assert board.attackers(xiangqi.RED, xiangqi.E9) == [xiangqi.E5]
    assert len(~SquareSet()) == 90 and SquareSet(range(90)) == ~SquareSet()
    with pytest.raises(ValueError):
        SquareSet([90])


def test_uci_and_lan() -> None:
    board = Board()
    move = Move.from_uci("h2e2")
    assert board.uci(move) == "h2e2" == move.uci() and board.uci(move, rank_base=1) == "h3e3"
    assert board.lan(move) == "Ch2-e2"
    assert board.lan(Move.from_uci("h2h9")) == "Ch2xh9"  # over the cannon on h7, onto the horse
    assert board.lan(Move.from_uci("b0c2")) == "Hb0-c2"
    with pytest.raises(xiangqi.IllegalMoveError):
        board.lan(Move.from_uci("a0a5"))
    # Check and mate marks: the chariot from a0 to d0 mates (b0 holds the other file).
    mate = Board("3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1")
    assert mate.lan(Move.from_uci("b0d0")) == "Rb0-d0#"
    check = Board("4k4/9/9/9/R8/9/9/9/9/3K5 w - - 0 1")  # e9f9 escapes
    assert check.lan(Move.from_uci("a5e5")) == "Ra5-e5+"


def test_epd_is_the_fen_without_counters_and_with_operations() -> None:
    board = Board("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 7 12")
    assert board.epd() == " ".join(board.fen().split()[:4])
    text = board.epd(bm=Move.from_uci("h2e2"), id='opening "1"', ce=12, am=[Move.from_uci("a0a1"), Move.from_uci("i0i1")], noop=None)
    assert text == board.epd() + ' bm h2e2; id "opening \\"1\\""; ce 12; am a0a1 i0i1; noop;'
    with pytest.raises(xiangqi.XiangqiError):
        board.epd(**{"bad key": 1})


def test_unicode_symbol() -> None:
    assert xiangqi.Piece(xiangqi.CHARIOT, xiangqi.RED).unicode_symbol() == "俥"
    assert xiangqi.Piece(xiangqi.CHARIOT, xiangqi.RED).unicode_symbol(invert_color=True) == "車"
    assert xiangqi.Piece(xiangqi.GENERAL, xiangqi.BLACK).unicode_symbol() == "將"
    symbols = "".join(xiangqi.Piece(t, c).unicode_symbol() for c in (True, False) for t in xiangqi.PIECE_TYPES)
    assert symbols == "帥仕相傌俥炮兵將士象馬車砲卒"


def test_board_none_is_an_empty_board_being_set_up() -> None:
    empty = Board(None)
    assert empty.piece_map() == {} and not empty.is_valid()
    with pytest.raises(xiangqi.FenError, match="both generals"):
        empty.push_uci("e0e1")
    assert Board().fen() == xiangqi.STARTING_FEN == Board(xiangqi.STARTING_FEN).fen()
    assert Board(rules="casual").rules == "casual"


def test_draw_claims() -> None:
    # A repetition under casual rules: the third occurrence is a draw, ruled at once.
    board = Board("4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1", rules="casual")
    assert not board.can_claim_draw() and board.outcome(claim_draw=True) is None
    for _ in range(2):
        for uci in ["f0f1", "e9e8", "f1f0", "e8e9"]:
            board.push_uci(uci)
    assert board.is_repetition(3)
    assert board.can_claim_draw()
    outcome = board.outcome(claim_draw=True)
    assert outcome == board.outcome() and outcome is not None
    assert outcome.termination is xiangqi.Termination.REPETITION and outcome.winner is None
    assert board.is_game_over(claim_draw=True) and board.result(claim_draw=True) == "1/2-1/2"
    # A checkmate is no draw to claim.
    mate = Board("3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1")
    mate.push_uci("b0d0")
    assert mate.is_checkmate() and not mate.can_claim_draw()


@pytest.mark.parametrize(
    "fen,uci,reason",
    [
        (xiangqi.STARTING_FEN, "e4e5", IllegalMoveReason.NO_PIECE_OF_YOURS),
        (xiangqi.STARTING_FEN, "b0b2", IllegalMoveReason.NOT_HOW_IT_MOVES),
        (xiangqi.STARTING_FEN, "a0a5", IllegalMoveReason.PATH_BLOCKED),
        (xiangqi.STARTING_FEN, "h2h9", None),  # legal: the cannon on h7 is the screen
        (xiangqi.STARTING_FEN, "b2b7", IllegalMoveReason.CANNON_NEEDS_SCREEN),
        (xiangqi.STARTING_FEN, "a0a3", IllegalMoveReason.OWN_PIECE_THERE),
        ("4k4/9/9/9/9/9/9/9/4C4/3AK4 w - - 0 1", "e1d1", IllegalMoveReason.GENERALS_FACE),
        ("4k4/9/9/9/4r4/9/9/9/9/3K5 w - - 0 1", "d0e0", IllegalMoveReason.LEAVES_GENERAL_ATTACKED),
    ],
)
def test_illegal_reasons(fen: str, uci: str, reason: "IllegalMoveReason | None") -> None:
    board = Board(fen)
    move = Move.from_uci(uci)
    assert board.illegal_reason(move) is reason
    if reason is None:
        assert move in board.legal_moves
        return
    for attempt in (lambda: board.push(move), lambda: board.push_uci(uci), lambda: board.san(move)):
        with pytest.raises(xiangqi.IllegalMoveError) as caught:
            attempt()
        assert caught.value.reason is reason
        assert reason.description() in str(caught.value)
    assert reason.description() == {
        1: "no piece of yours there",
        2: "that piece does not move so",
        3: "the path is blocked",
        4: "a cannon captures only by jumping exactly one piece",
        5: "your own piece stands there",
        6: "the generals would face each other",
        7: "it leaves your general attacked",
    }[reason.value]


def test_reasons_in_every_notation_and_none_where_not_about_a_move() -> None:
    board = Board()
    with pytest.raises(xiangqi.IllegalMoveError) as caught:
        board.push_san("R1+5")  # WXF for a0a5: blocked by the soldier on a3
    assert caught.value.reason is IllegalMoveReason.PATH_BLOCKED
    with pytest.raises(xiangqi.IllegalMoveError) as caught:
        board.push_chinese("车九进五")
    assert caught.value.reason is IllegalMoveReason.PATH_BLOCKED
    assert xiangqi.IllegalMoveError("any").reason is None
    assert [r.value for r in IllegalMoveReason] == list(range(1, 9))


def test_editing_the_pieces() -> None:
    board = Board()
    board.push_uci("h2e2")
    assert board.remove_piece_at(xiangqi.A0) == xiangqi.Piece(xiangqi.CHARIOT, xiangqi.RED)
    assert board.piece_at(xiangqi.A0) is None and not board.move_stack  # the stack starts again
    assert board.turn == xiangqi.BLACK and board.fen().startswith("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/1NBAKABNR b")
    board.set_piece_at(xiangqi.A0, xiangqi.Piece(xiangqi.CHARIOT, xiangqi.RED))
    assert board.piece_at(xiangqi.A0) == xiangqi.Piece(xiangqi.CHARIOT, xiangqi.RED)
    # An edit that leaves no legal position is made all the same: the board is being set up.
    assert board.remove_piece_at(xiangqi.E0) == xiangqi.Piece(xiangqi.GENERAL, xiangqi.RED)
    assert board.status() == ["red has no general"]
    board.set_piece_at(xiangqi.A4, xiangqi.Piece(xiangqi.GENERAL, xiangqi.BLACK))
    assert "the general on a4 is outside its palace" in board.status()
    board.remove_piece_at(xiangqi.A4)
    board.set_piece_at(xiangqi.E0, xiangqi.Piece(xiangqi.GENERAL, xiangqi.RED))
    assert board.is_valid() and board.status() == []
    # A whole position at once, python-chess's way of building one.
    board.set_piece_map({
        xiangqi.D0: xiangqi.Piece(xiangqi.GENERAL, xiangqi.RED),
        xiangqi.E9: xiangqi.Piece(xiangqi.GENERAL, xiangqi.BLACK),
        xiangqi.A5: xiangqi.Piece(xiangqi.CHARIOT, xiangqi.RED),
    })
    assert board.board_fen() == "4k4/9/9/9/R8/9/9/9/9/3K5" and len(board.piece_map()) == 3
    board.set_piece_map({})
    assert board.piece_map() == {} and not board.is_valid()
