"""The match runner's draw claims (an engine answering no move while legal moves exist, as
ElephantEye's ``nobestmove``), its Elo interval for a handful of games and its progress lines
during a game."""

from pathlib import Path
from typing import List

import pytest

import xiangqi
from fake_engine import write_fake_engine
from xiangqi import Move
from xiangqi.match import EngineConfig, Match, Opening
from xiangqi.match.stats import Pentanomial, Trinomial

# Red's and Black's right horses out and back, then out and Red's back again: Black to move,
# and g7h9 brings the start position a third time with no check or chase, a drawn repetition.
SHUFFLE = ["h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0"]


def claimant(tmp_path: Path) -> EngineConfig:
    return EngineConfig(name="Claimant", command=write_fake_engine(tmp_path, "claim"), depth=1)


@pytest.mark.timeout(120)
def test_a_valid_draw_claim_draws(tmp_path: Path) -> None:
    opening = Opening(xiangqi.STARTING_FEN, tuple(Move.from_uci(m) for m in SHUFFLE))
    board = opening.board("axf")
    assert board.outcome() is None and not board.turn  # Black to move, the game goes on
    ours = EngineConfig(name="Master", level="master", depth=2)
    result = Match([ours, claimant(tmp_path)], games=1, openings=[opening], rules="axf").run()
    (game,) = result.games
    assert game.black_name == "Claimant" and game.moves == []
    assert game.result == "1/2-1/2" and game.termination == "normal"
    assert game.reason.startswith("Black claims a draw") and "repetition" in game.reason.lower()


@pytest.mark.timeout(120)
def test_an_invalid_draw_claim_loses(tmp_path: Path) -> None:
    ours = EngineConfig(name="Master", level="master", depth=2)
    result = Match([claimant(tmp_path), ours], games=2, rules="axf").run()
    assert len(result.games) == 2
    for game in result.games:
        claimant_is_red = game.red_name == "Claimant"
        assert game.result == ("0-1" if claimant_is_red else "1-0")
        assert game.termination == "rules infraction"
        assert "claims a draw" in game.reason and "no move draws the game under the axf rules" in game.reason
        assert "protocol" not in game.reason


def test_the_elo_interval_of_a_few_games_is_finite() -> None:
    for results in (Trinomial(4, 0, 0), Trinomial(0, 0, 4), Trinomial(1, 1, 0), Trinomial(3, 1, 0)):
        text = str(results.elo())
        assert "inf" not in text and "nan" not in text, text
    assert "inf" not in str(Pentanomial((0, 0, 0, 0, 2)).elo())
    four_wins = Trinomial(4, 0, 0).elo()
    assert 0 < four_wins.lower < four_wins.elo  # Wilson's interval: a real lower bound
    # Enough games with losses and wins: the usual normal interval, unchanged.
    assert str(Trinomial(6, 2, 2).elo()).endswith("+/- 268.7")


@pytest.mark.timeout(120)
def test_progress_lines_during_a_game() -> None:
    lines: List[str] = []
    engines = [EngineConfig(name=n, level="beginner", seed=1, nodes=50) for n in ("A", "B")]
    Match(engines, games=1, max_moves=4, progress=lines.append, progress_interval=0.0).run()
    during = [line for line in lines if line.startswith("game 1: A - B, move")]
    assert len(during) >= 6, lines
    assert "plies played" in during[-1] and "last " in during[-1]
    assert lines[-1].startswith("[1/1]")
