"""Janggi game ends on the Python Board against Fairy-Stockfish: every row of
``data/rules/janggi_endings.tsv`` (pyffish's verdicts, written by
``tools/janggi_endings_data.py``) replayed on ``Board(fen, variant=...)``. Before each move the
game goes on; after the last, ``outcome()`` names pyffish's termination and winner and the FEN
is pyffish's (so the counted material, and the points, are pyffish's too)."""

from __future__ import annotations

from collections import Counter

import pytest

import xiangqi
from conftest import read_tsv
from xiangqi import Board

CASES = read_tsv("rules/janggi_endings.tsv")
WINNERS = {"red": xiangqi.RED, "black": xiangqi.BLACK, "draw": None}


def verdict(board: Board) -> tuple[str, object]:
    outcome = board.outcome()
    if outcome is None:
        return "none", "-"
    return outcome.termination.name.lower(), outcome.winner


def expected(case: dict) -> tuple[str, object]:
    if case["termination"] == "none":
        return "none", "-"
    return case["termination"], WINNERS[case["winner"]]


@pytest.mark.parametrize(
    "case",
    CASES,
    ids=lambda c: f"{c['variant']}-{c['termination']}",
)
def test_the_board_judges_the_ending_as_fairy_stockfish(case: dict) -> None:
    board = Board(case["fen"], variant=case["variant"])
    moves = [] if case["moves_iccs"] == "-" else case["moves_iccs"].split(" ")
    for text in moves:
        assert board.outcome() is None, f"over before {text}"
        board.push_uci(text)
    assert verdict(board) == expected(case)
    outcome = board.outcome()
    assert (outcome is not None and outcome.counted) == (case["cho_points"] != "-")
    assert board.is_game_over() == (case["termination"] != "none")
    assert board.fen() == case["fen_after"]
    if case["termination"] in ("bikjang", "double_pass", "checkmate"):
        assert len(board.legal_moves) == 0


def test_every_kind_of_ending_is_there() -> None:
    kinds = Counter((c["variant"], c["termination"]) for c in CASES)
    for kind in ("checkmate", "double_pass", "bikjang", "repetition", "perpetual_check", "move_limit"):
        assert kinds["janggi", kind] >= 24, kind
    for variant in ("janggitraditional", "janggimodern", "janggicasual"):
        assert sum(n for (v, _), n in kinds.items() if v == variant) >= 20, variant


@pytest.mark.timeout(300)
def test_the_engine_review_scores_each_ending_as_fairy_stockfish_does() -> None:
    from xiangqi.engine import Cp, Engine, Limit, Mate, MateGiven

    engine = Engine(hash_mb=8, seed=1)
    checked = 0
    for case in CASES:
        board = Board(case["fen"], variant=case["variant"])
        moves = [] if case["moves_iccs"] == "-" else case["moves_iccs"].split(" ")
        for text in moves:
            board.push_uci(text)
        reviews = engine.review(board, Limit(depth=1))
        assert len(reviews) == len(moves) + 1
        score, _, best = reviews[-1]
        winner = WINNERS.get(case["winner"])
        if case["termination"] == "none":
            assert best is not None and best in board.legal_moves, case
        elif winner is None:
            assert (score, best) == (Cp(0), None), case
        else:
            assert (score, best) == ((MateGiven if winner == board.turn else Mate(0)), None), case
            checked += winner == board.turn
    # Endings the side to move has won (counting, the opponent's perpetual check or shuttling).
    assert checked >= 20, checked
