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


def test_one_encoding_name_everywhere() -> None:
    env = gymnasium.make(xiangqi.gym.ENV_ID, encoding="8100")
    assert env.action_space.n == 8100 == xiangqi.VecEnv(1, encoding="8100").single_action_space.n
    obs, info = env.reset(seed=0)
    assert info["action_mask"].shape == (8100,) and int(info["action_mask"].sum()) == 44
    with pytest.warns(DeprecationWarning, match="encoding"):
        old = xiangqi.gym.XiangqiEnv(encoding_name="8100")
    assert old.action_space.n == 8100
    with pytest.raises(xiangqi.XiangqiError):
        xiangqi.gym.XiangqiEnv(encoding="9000")


def test_the_single_env_truncates_after_max_plies_counting_both_sides() -> None:
    env = xiangqi.gym.XiangqiEnv(opponent="random", max_plies=6)
    obs, info = env.reset(seed=1)
    steps = 0
    truncated = terminated = False
    while not (truncated or terminated):
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(legal[0]))
        steps += 1
    assert truncated and not terminated and reward == 0.0
    assert len(env.board.move_stack) == 6 and steps == 3  # the agent's three and the opponent's three


def test_vecenv_winner_values_and_the_single_env_illegal_action_differ() -> None:
    # Red mates with b0d0; the winner is 1 (Red), the mover's reward +1.
    fen = "3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1"
    env = xiangqi.VecEnv(1, fens=[fen])
    env.reset()
    action = Board(fen).move_to_action(Move.from_uci("b0d0"))
    _, rewards, terminated, _, infos = env.step([action])
    assert terminated[0] and rewards[0] == 1.0
    assert infos["final_info"]["winner"][0] == 1 and infos["_final_obs"][0]
    # Black mates: -1.
    black = "rr2k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1"
    env = xiangqi.VecEnv(1, fens=[black])
    env.reset()
    _, rewards, _, _, infos = env.step([Board(black).move_to_action(Move.from_uci("b9d9"))])
    assert rewards[0] == 1.0 and infos["final_info"]["winner"][0] == -1
    # An illegal action (the generals would face each other): VecEnv raises, the single env
    # (test_illegal_action_loses) ends the game with reward -1.
    with pytest.raises(xiangqi.IllegalMoveError) as caught:
        env.step([Board(black).move_to_action(Move.from_uci("e9d9"))])
    assert caught.value.reason is xiangqi.IllegalMoveReason.GENERALS_FACE
