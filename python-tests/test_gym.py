"""The Gymnasium adapter passes Gymnasium's own checker and plays sensible games."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="gymnasium is not installed")

import xiangqi  # noqa: E402
import xiangqi.gym  # noqa: E402
from xiangqi import Board, Move  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402


def test_check_env_random_and_self_play() -> None:
    check_env(gymnasium.make(xiangqi.gym.ENV_ID, opponent="random").unwrapped)
    check_env(gymnasium.make(xiangqi.gym.ENV_ID, opponent="self", render_mode="ansi").unwrapped)


def test_masked_random_play_until_the_end() -> None:
    env = xiangqi.gym.XiangqiEnv(opponent="random", max_plies=300)
    rng = np.random.default_rng(0)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            assert obs.shape == (16, 10, 9)
            legal = np.flatnonzero(info["action_mask"])
            assert np.array_equal(info["action_mask"].astype(bool), env.action_masks())
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
            assert "illegal_move" not in info
            done = terminated or truncated
        if terminated:
            outcome = env.board.outcome()
            assert outcome is not None
            expected = 0.0 if outcome.winner is None else (1.0 if outcome.winner == xiangqi.RED else -1.0)
            assert reward == expected
        else:
            assert len(env.board.move_stack) >= 300


def test_illegal_action_loses() -> None:
    env = xiangqi.gym.XiangqiEnv()
    env.reset(seed=0)
    illegal = xiangqi.encoding.move_to_index(Move.from_uci("h2h8"), turn=xiangqi.RED)  # h7 blocks the cannon
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_move"]


@pytest.mark.parametrize("action", [3.0, 3.7, "3", None, True, np.float32(3), np.array([3]), -1, 2086, 10**20])
def test_an_action_outside_the_space_is_refused_and_changes_nothing(action: object) -> None:
    env = xiangqi.gym.XiangqiEnv(opponent="self")
    env.reset(seed=0)
    with pytest.raises(xiangqi.XiangqiError, match="action"):
        env.step(action)
    assert env.board.move_stack == []


def test_integer_actions_of_any_kind_are_accepted() -> None:
    legal = xiangqi.encoding.move_to_index(Move.from_uci("h2e2"), turn=xiangqi.RED)
    for action in (legal, np.int16(legal), np.uint32(legal), np.array(legal, dtype=np.int64)):
        env = xiangqi.gym.XiangqiEnv(opponent="self")
        env.reset(seed=0)
        _, _, terminated, _, info = env.step(action)
        assert not terminated and "illegal_move" not in info
        assert env.board.move_stack == [Move.from_uci("h2e2")]


def test_agent_as_black_and_a_callable_opponent() -> None:
    first = Move.from_uci("h2e2")

    def opponent(board: Board) -> Move:
        return first if board.ply() == 0 else sorted(board.legal_moves)[0]

    env = xiangqi.gym.XiangqiEnv(opponent=opponent, agent_color=xiangqi.BLACK)
    obs, info = env.reset(seed=1)
    assert env.board.move_stack == [first]
    assert info["agent_color"] == xiangqi.BLACK
    # The observation is the side to move's (Black's) view, mirrored like its actions.
    assert np.array_equal(obs, env.board.planes())


def test_mate_pays_the_agent() -> None:
    env = xiangqi.gym.XiangqiEnv(fen="4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1")
    env.reset(seed=0)
    action = Board("4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1").move_to_action(Move.from_uci("a5e5"))
    _, reward, terminated, truncated, _ = env.step(action)
    assert (reward, terminated, truncated) == (1.0, True, False)
