"""Game endings through Board.outcome(), against the shared rule data and hand-worked cases."""

from __future__ import annotations

import pytest

import xiangqi
import xiangqi.engine
from conftest import read_tsv
from xiangqi import Board, Termination

SIMPLE = read_tsv("rules/repetition_simple.tsv")
AXF = read_tsv("rules/repetition_axf.tsv")
WINNERS = {"red_wins": xiangqi.RED, "black_wins": xiangqi.BLACK, "draw": None}


@pytest.mark.parametrize("rules", ["casual", "simple", "axf"])
@pytest.mark.parametrize("row", SIMPLE, ids=[f"simple{i}" for i in range(len(SIMPLE))])
def test_plain_repetition_is_a_draw_under_every_preset(row: dict, rules: str) -> None:
    board = Board(row["fen"], rules=rules)
    moves = row["moves_iccs"].split()
    until = int(row["plies_until_draw"])
    for ply, uci in enumerate(moves[:until], start=1):
        assert board.outcome() is None, f"ended before ply {ply}"
        board.push_uci(uci)
    outcome = board.outcome()
    assert outcome is not None and outcome.termination == Termination.REPETITION
    assert outcome.winner is None and board.result() == "1/2-1/2"
    assert board.is_repetition(3) and board.repetition_count() == 3
    assert board.is_game_over()


@pytest.mark.parametrize("row", AXF, ids=[f"axf{i}" for i in range(len(AXF))])
def test_axf_rulings(row: dict) -> None:
    board = Board(row["fen"], rules="axf")
    moves = row["moves_iccs"].split()
    for uci in moves[:-1]:
        board.push_uci(uci)
        if row["ended_before"] == "false":
            assert board.outcome() is None
    board.push_uci(moves[-1])
    outcome = board.outcome()
    assert outcome is not None, row["note"]
    assert outcome.winner == WINNERS[row["ruling"]], row["note"]
    if outcome.winner is None:
        assert outcome.termination == Termination.REPETITION
    else:
        assert outcome.termination in (Termination.PERPETUAL_CHECK, Termination.PERPETUAL_CHASE)
        loser = "Red" if outcome.winner == xiangqi.BLACK else "Black"
        assert loser in outcome.reason
    ruling = outcome.ruling
    assert ruling is not None and ruling["rule"] == "axf"
    assert ruling["loser"] == (None if outcome.winner is None else not outcome.winner)
    assert 1 <= ruling["first_ply"] < ruling["last_ply"] == len(moves)


def test_the_same_cycle_under_three_presets() -> None:
    # A black soldier checks with every move (the AXF data's pawn perpetual check).
    row = next(r for r in AXF if r["fen"].startswith("3k5/9/9/9/9/5p3"))
    results = {}
    for rules in xiangqi.RULES:
        board = Board(row["fen"], rules=rules)
        for uci in row["moves_iccs"].split():
            board.push_uci(uci)
        results[rules] = board.outcome()
    assert results["casual"] is not None and results["casual"].termination == Termination.REPETITION
    assert results["simple"] is not None and results["simple"].termination == Termination.PERPETUAL_CHECK
    assert results["simple"].winner == xiangqi.RED
    assert results["axf"] is not None and results["axf"].winner == xiangqi.RED


def test_checkmate_stalemate_results() -> None:
    board = Board("4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1")
    assert board.outcome() is None and board.result() == "*"
    board.push_uci("a5e5")
    outcome = board.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner, outcome.result()) == (Termination.CHECKMATE, xiangqi.RED, "1-0")
    assert outcome.ruling is None
    stalemate = Board("4k4/R8/9/9/9/9/9/9/9/3K1R3 b - - 0 1")
    outcome = stalemate.outcome()
    assert outcome is not None and outcome.termination == Termination.STALEMATE
    assert outcome.winner == xiangqi.RED and stalemate.result() == "1-0"


def test_no_capture_limit_and_insufficient_material() -> None:
    # 119 quiet plies already: one more quiet move reaches the 120-ply limit.
    board = Board("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 119 80")
    assert board.outcome() is None
    board.push_uci("e1e2")
    outcome = board.outcome()
    assert outcome is not None and outcome.termination == Termination.MOVE_LIMIT
    assert outcome.winner is None
    # Without the limit the game goes on.
    custom = Board("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 119 80", rules="casual,no-capture=off")
    custom.push_uci("e1e2")
    assert custom.outcome() is None and custom.rules == "casual,no-capture=off"
    bare = Board("3ak4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1")
    outcome = bare.outcome()
    assert outcome is not None and outcome.termination == Termination.INSUFFICIENT_MATERIAL


def test_resign_agree_and_rules_change() -> None:
    board = Board()
    board.resign(xiangqi.RED)
    outcome = board.outcome()
    assert outcome is not None and outcome.termination == Termination.RESIGNATION
    assert outcome.winner == xiangqi.BLACK and board.result() == "0-1"
    with pytest.raises(xiangqi.XiangqiError):
        board.agree_draw()
    other = Board()
    other.agree_draw()
    assert other.result() == "1/2-1/2"
    with pytest.raises(xiangqi.XiangqiError):
        Board(rules="fide")
    board = Board()
    board.rules = "axf"
    assert board.rules == "axf"


def test_termination_values() -> None:
    assert [t.value for t in (Termination.CHECKMATE, Termination.STALEMATE, Termination.PERPETUAL_CHECK,
                              Termination.PERPETUAL_CHASE, Termination.REPETITION, Termination.MOVE_LIMIT,
                              Termination.INSUFFICIENT_MATERIAL)] == [1, 2, 3, 4, 5, 6, 7]
    assert Termination.PERPETUAL_CHECK.name == "PERPETUAL_CHECK"
    assert Termination.PERPETUAL_CHECK.description() == "perpetual check"


MOVE_LIMIT = read_tsv("rules/move_limit.tsv")


@pytest.mark.parametrize("row", MOVE_LIMIT, ids=[f"limit{i}" for i in range(len(MOVE_LIMIT))])
def test_the_no_capture_limit_gives_way_to_mate_and_repetition(row: dict) -> None:
    board = Board(row["fen"], rules="axf")
    for uci in row["moves_iccs"].split():
        assert board.outcome() is None
        board.push_uci(uci)
    assert board.halfmove_clock == 120
    outcome = board.outcome()
    assert outcome is not None, row["note"]
    assert outcome.termination == Termination[row["termination"].upper()], row["note"]
    assert outcome.winner == {"red": xiangqi.RED, "black": xiangqi.BLACK, "draw": None}[row["winner"]]


def test_the_engine_plays_a_win_on_the_ply_that_reaches_the_limit() -> None:
    # Every move is the 120th ply without a capture; only a mate (or stalemate) does not draw.
    board = Board(MOVE_LIMIT[0]["fen"], rules="axf")
    with xiangqi.engine.Engine(hash_mb=8, seed=1) as engine:
        result = engine.play(board, xiangqi.engine.Limit(depth=4))
    assert result.score.relative == xiangqi.engine.Mate(1)
    board.push(result.move)
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == xiangqi.RED


def test_a_drawing_move_is_found_by_the_core() -> None:
    # The first row of repetition_simple.tsv: its eighth ply repeats the start a third time.
    row = SIMPLE[0]
    board = Board(row["fen"], rules="casual")
    moves = row["moves_iccs"].split()
    for uci in moves[:7]:
        assert board.drawing_move() is None
        board.push_uci(uci)
    found = board.drawing_move()
    assert found is not None
    move, outcome = found
    assert move.uci() == moves[7] and outcome.termination == Termination.REPETITION
    # The history the rules can see: from the position after the last capture.
    fen, since = board.since_last_capture()
    assert fen == row["fen"] and [m.uci() for m in since] == moves[:7]
    board.push_uci("h7h0")  # the black cannon takes the horse on h0 over the h2 cannon
    fen, since = board.since_last_capture()
    assert Board(fen).halfmove_clock == 0 and since == []
