"""The PettingZoo AEC adapter passes PettingZoo's API test."""

from __future__ import annotations

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo", reason="pettingzoo is not installed")

import xiangqi  # noqa: E402
import xiangqi.pettingzoo  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402


# api_test suggests plain array observations but exempts its own board games (chess, go), which
# use this same dict of observation and action mask; ours gets the same exemption here.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
def test_api_test() -> None:
    api_test(xiangqi.pettingzoo.env(), num_cycles=300, verbose_progress=False)
    api_test(xiangqi.pettingzoo.env(render_mode="ansi", encoding="8100"), num_cycles=50)


def test_a_game_ends_with_opposite_rewards() -> None:
    env = xiangqi.pettingzoo.env(fen="4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1")
    env.reset(seed=0)
    obs, _, _, _, _ = env.last()
    board = xiangqi.Board("4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1")
    action = board.move_to_action(xiangqi.Move.from_uci("a5e5"))
    assert obs["action_mask"][action] == 1
    env.step(action)
    assert env.terminations == {"red_0": True, "black_0": True}
    assert env._cumulative_rewards == {"red_0": 1.0, "black_0": -1.0}


def test_observations_are_each_agents_view() -> None:
    env = xiangqi.pettingzoo.env()
    env.reset(seed=0)
    red = env.observe("red_0")
    black = env.observe("black_0")
    # Each sees its own chariots on its back rank (row 0 of plane 4).
    assert np.flatnonzero(red["observation"][4]).tolist() == [xiangqi.A0, xiangqi.I0]
    assert np.flatnonzero(black["observation"][4]).tolist() == [xiangqi.A0, xiangqi.I0]
    assert red["action_mask"].sum() == 44 and black["action_mask"].sum() == 0
