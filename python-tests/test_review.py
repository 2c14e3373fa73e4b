"""The move judgement is one rule, in Rust (xiangqi_search::review), for xiangqi.analyse and the
play page: its curve and thresholds checked against the formula written out here, and the game
the page's browser test reviews marked the same way by xiangqi.analyse."""

from __future__ import annotations

import pytest

from xiangqi._xiangqi import MATE_CP, THRESHOLDS, expected_score, judge_move, nag_symbol
from xiangqi.analyse import AnalysisConfig, analyse_game
from xiangqi.exceptions import XiangqiError


def logistic(cp: int) -> float:
    cp = max(-4000, min(4000, cp))
    return 1.0 / (1.0 + 10.0 ** (-cp / 400.0))


@pytest.mark.parametrize("cp", [-100_000, -4001, -400, -1, 0, 1, 35, 400, 4000, 99_999])
def test_the_curve_is_the_logistic_one(cp: int) -> None:
    assert expected_score(cp) == pytest.approx(logistic(cp), abs=1e-12)


def test_drops_earn_the_marks_by_the_thresholds() -> None:
    assert THRESHOLDS == (0.06, 0.12, 0.24) and MATE_CP == 100_000
    for after in range(-300, 1500, 7):
        drop, nag = judge_move(0, after, False)
        want = max(0.0, 0.5 - logistic(-after))
        assert drop == pytest.approx(want, abs=1e-12)
        expected = 4 if want >= 0.24 else 2 if want >= 0.12 else 6 if want >= 0.06 else 0
        assert nag == expected, (after, drop)
    # The engine's own move never drops; other thresholds are taken, bad ones refused.
    assert judge_move(0, 900, True) == (0.0, 0)
    assert judge_move(0, 100, False, (0.01, 0.02, 0.5))[1] == 2
    with pytest.raises(XiangqiError):
        judge_move(0, 100, False, (0.3, 0.2, 0.1))
    assert [nag_symbol(n) for n in (0, 6, 2, 4)] == ["", "?!", "?", "??"]


def test_analyse_marks_the_blunder_the_page_marks() -> None:
    # Red mates with a1a9 (its only mate) but plays e0f0, and Black mates with h4h0: the page's
    # browser test (web/tests/analysis.test.mjs) expects ?? with a1a9 as the better move too.
    fen = "3k5/8R/9/9/9/7r1/9/9/R7r/4K4 w - - 0 1"
    notes = analyse_game(AnalysisConfig(rules="simple"), fen, ["e0f0", "h4h0"])
    assert notes[0].nag == 4 and notes[0].best == "a1a9"
    assert notes[1].nag == 0 and notes[1].final


def test_vietnamese_notation_from_python() -> None:
    # The opening as Vietnamese score sheets write it (tamquocchess.vn, thanglongkydao.com).
    from xiangqi import Board

    board = Board()
    for text, iccs in [("P2-5", "h2e2"), ("M8.7", "h9g7"), ("M2.3", "h0g2"), ("X9-8", "i9h9")]:
        move = board.parse_vietnamese(text)
        assert move.uci() == iccs and board.vietnamese(move) == text
        board.push_vietnamese(text)
    assert board.parse_any("X1-2").uci() == "i0h0"
