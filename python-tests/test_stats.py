"""Match statistics against values worked by hand from the published formulas.

Logistic Elo: E(s) = -400 log10(1/s - 1). A 95% interval maps score +/- 1.959964 * stderr through
E. The SPRT's LLR is Van den Bergh's GSPRT approximation (as in fishtest and fastchess):
LLR = N/2 * ln(sigma0^2 / sigma1^2), sigma_k^2 = sum_i p_i (a_i - s_k)^2, s_k = 1 / (1 + 10^(-elo_k/400)).
"""

from __future__ import annotations

import math

import pytest

from xiangqi.match.stats import Pentanomial, Sprt, Trinomial, elo_from_score, los, score_from_elo


def test_elo_of_a_score() -> None:
    # 0.75: -400 log10(1/0.75 - 1) = -400 log10(1/3) = 400 * 0.4771213 = 190.85.
    assert elo_from_score(0.75) == pytest.approx(190.85, abs=0.005)
    assert elo_from_score(0.25) == pytest.approx(-190.85, abs=0.005)
    assert elo_from_score(0.5) == 0.0
    # 10^(-190.85/400) = 1/3, so the score is 1 / (1 + 1/3) = 0.75.
    assert score_from_elo(190.8485) == pytest.approx(0.75, abs=1e-6)
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf


def test_trinomial_elo_and_interval() -> None:
    # 6 wins, 2 draws, 2 losses in 10 games.
    # mean = (6 + 2/2) / 10 = 0.7
    # variance = (6 (1 - 0.7)^2 + 2 (0.5 - 0.7)^2 + 2 (0 - 0.7)^2) / 10 = (0.54 + 0.08 + 0.98) / 10 = 0.16
    # stderr = sqrt(0.16 / 10) = 0.1264911; 1.959964 * stderr = 0.2479180
    # score interval [0.4520820, 0.9479180]
    # Elo = 400 log10(0.7 / 0.3) = 147.19; lower = 400 log10(0.452082 / 0.547918) = -33.40;
    # upper = 400 log10(0.947918 / 0.052082) = 504.03
    results = Trinomial(wins=6, draws=2, losses=2)
    assert results.score() == pytest.approx(0.7)
    assert results.variance() == pytest.approx(0.16)
    elo = results.elo()
    assert elo.stderr == pytest.approx(0.1264911, abs=1e-7)
    assert elo.elo == pytest.approx(147.19, abs=0.01)
    assert elo.lower == pytest.approx(-33.40, abs=0.01)
    assert elo.upper == pytest.approx(504.03, abs=0.01)
    assert elo.error == pytest.approx((504.03 + 33.40) / 2, abs=0.01)


def test_pentanomial_elo_and_interval() -> None:
    # Ten pairs by points 0, 1/2, 1, 3/2, 2: [0, 1, 3, 4, 2]; per-game values 0, .25, .5, .75, 1.
    # mean = (1 * 0.25 + 3 * 0.5 + 4 * 0.75 + 2 * 1) / 10 = 6.75 / 10 = 0.675
    # variance = 0.1 (0.25 - 0.675)^2 + 0.3 (0.5 - 0.675)^2 + 0.4 (0.75 - 0.675)^2 + 0.2 (1 - 0.675)^2
    #          = 0.0180625 + 0.0091875 + 0.00225 + 0.021125 = 0.050625
    # stderr = sqrt(0.050625 / 10) = 0.0711512; interval 0.675 +/- 0.1394538 = [0.535546, 0.814454]
    # Elo = 400 log10(0.675 / 0.325) = 126.97; lower = 400 log10(0.535546 / 0.464454) = 24.74;
    # upper = 400 log10(0.814454 / 0.185546) = 256.97
    pairs = Pentanomial((0, 1, 3, 4, 2))
    assert pairs.pairs == 10
    assert pairs.score() == pytest.approx(0.675)
    assert pairs.variance() == pytest.approx(0.050625)
    elo = pairs.elo()
    assert elo.elo == pytest.approx(126.97, abs=0.01)
    assert elo.lower == pytest.approx(24.74, abs=0.01)
    assert elo.upper == pytest.approx(256.97, abs=0.01)
    # Pairs are counted by their points.
    assert Pentanomial().add(2).add(1.5).add(0.5).counts == (0, 1, 0, 1, 1)
    with pytest.raises(ValueError):
        Pentanomial().add(0.75)


def test_sprt_llr_worked_step_by_step() -> None:
    # The same ten pairs, elo0 = 0, elo1 = 10.
    # s0 = 0.5; s1 = 1 / (1 + 10^(-10/400)) = 1 / (1 + 0.9440609) = 0.5143872
    # sigma0^2 = 0.1 (0.25 - 0.5)^2 + 0.3 (0.5 - 0.5)^2 + 0.4 (0.75 - 0.5)^2 + 0.2 (1 - 0.5)^2
    #          = 0.00625 + 0 + 0.025 + 0.05 = 0.08125
    # sigma1^2 = variance + (mean - s1)^2 = 0.050625 + (0.675 - 0.5143872)^2 = 0.0764215
    # LLR = 10/2 * ln(0.08125 / 0.0764215) = 5 * 0.0612671 = 0.3063
    sprt = Sprt(elo0=0, elo1=10, alpha=0.05, beta=0.05)
    assert sprt.llr(Pentanomial((0, 1, 3, 4, 2))) == pytest.approx(0.3063, abs=1e-4)
    # Bounds: ln(0.05 / 0.95) = -2.9444 and ln(0.95 / 0.05) = +2.9444.
    assert sprt.lower_bound == pytest.approx(-2.9444, abs=1e-4)
    assert sprt.upper_bound == pytest.approx(2.9444, abs=1e-4)
    assert sprt.decision(0.3063) is None
    assert Sprt(0, 5, alpha=0.1, beta=0.2).lower_bound == pytest.approx(math.log(0.2 / 0.9))


def test_sprt_stops_on_a_lopsided_result_set() -> None:
    # Only pairs of two wins, elo0 = 0, elo1 = 200: every pair sits at a = 1.
    # s1 = 1 / (1 + 10^-0.5) = 0.7597469; sigma0^2 = (1 - 0.5)^2 = 0.25; sigma1^2 = (1 - s1)^2 = 0.0577215
    # LLR per pair = 1/2 ln(0.25 / 0.0577215) = 1/2 ln(4.331139) = 0.7329152
    # 4 pairs: 2.9317 < 2.9444 (go on); 5 pairs: 3.6646 >= 2.9444 (H1).
    sprt = Sprt(elo0=0, elo1=200)
    four = Pentanomial((0, 0, 0, 0, 4))
    five = four.add(2)
    assert sprt.llr(four) == pytest.approx(2.9317, abs=1e-4)
    assert sprt.decision(sprt.llr(four)) is None
    assert sprt.llr(five) == pytest.approx(3.6646, abs=1e-4)
    assert sprt.decision(sprt.llr(five)) == "H1"
    # Pairs of two losses (a = 0) weigh less against H1 than wins weigh for it:
    # sigma1^2 = s1^2 = 0.5772154; LLR per pair = 1/2 ln(0.25 / 0.5772154) = -0.4183710,
    # so 7 pairs give -2.9286 (go on) and 8 pairs -3.3470 (H0).
    assert sprt.llr(Pentanomial((7, 0, 0, 0, 0))) == pytest.approx(-2.9286, abs=1e-4)
    assert sprt.decision(sprt.llr(Pentanomial((7, 0, 0, 0, 0)))) is None
    assert sprt.decision(sprt.llr(Pentanomial((8, 0, 0, 0, 0)))) == "H0"


def test_trinomial_llr_and_degenerate_cases() -> None:
    # 6-2-2 again, elo0 = 0, elo1 = 10: sigma0^2 = 0.16 + (0.7 - 0.5)^2 = 0.2,
    # sigma1^2 = 0.16 + (0.7 - 0.5143872)^2 = 0.1944520; LLR = 10/2 ln(0.2 / 0.194452) = 0.14066
    assert Sprt(0, 10).llr(Trinomial(6, 2, 2)) == pytest.approx(0.14066, abs=1e-4)
    # No results, or every pair exactly on H0's score: no information, LLR 0.
    assert Sprt(0, 10).llr(Pentanomial()) == 0.0
    assert Sprt(0, 10).llr(Pentanomial((0, 0, 7, 0, 0))) == 0.0
    with pytest.raises(ValueError):
        Sprt(elo0=5, elo1=0)


def test_likelihood_of_superiority() -> None:
    # 6 wins, 2 losses: 1/2 (1 + erf((6 - 2) / sqrt(2 * 8))) = 1/2 (1 + erf(1)) = 0.9213504
    assert los(6, 2) == pytest.approx(0.9213504, abs=1e-7)
    assert los(3, 3) == 0.5 and los(0, 0) == 0.5
