"""VecEnv as a Gymnasium vector environment: spaces, same-step autoreset with the finished
game's last observation, history and repetition planes, refused actions, wrappers; the
single environment's registration, image rendering and the PettingZoo parallel env."""

import subprocess
import sys

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="gymnasium is not installed")

import xiangqi  # noqa: E402
from xiangqi import Board, Move, VecEnv  # noqa: E402

MATE_IN_ONE = "3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1"


def test_spaces_and_autoreset_mode() -> None:
    env = VecEnv(5, seed=3)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.num_envs == 5 and env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    assert env.single_observation_space == gymnasium.spaces.Box(0.0, 1.0, (16, 10, 9), np.float32)
    assert env.single_action_space == gymnasium.spaces.Discrete(2086)
    assert env.observation_space.shape == (5, 16, 10, 9)
    assert env.action_space == gymnasium.spaces.MultiDiscrete([2086] * 5)
    obs, infos = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    for _ in range(30):
        actions = env.random_actions()
        assert env.action_space.contains(actions)
        obs, rewards, terminated, truncated, infos = env.step(actions)
        assert env.observation_space.contains(obs)
    small = VecEnv(2, obs_dtype="uint8", history=3, repetitions=True)
    assert small.single_observation_space == gymnasium.spaces.Box(0, 255, (14 * 4 + 3, 10, 9), np.uint8)


def test_a_finished_game_hands_back_its_last_observation_and_info() -> None:
    env = VecEnv(2, fens=[MATE_IN_ONE])
    env.reset()
    mate = Move.from_uci("b0d0")
    action = Board(MATE_IN_ONE).move_to_action(mate)
    quiet = Board(MATE_IN_ONE).move_to_action(Move.from_uci("a0a1"))
    obs, rewards, terminated, truncated, infos = env.step([action, quiet])
    assert terminated.tolist() == [True, False]
    assert infos["_final_obs"].tolist() == [True, False]
    after = Board(MATE_IN_ONE)
    after.push(mate)
    assert np.array_equal(infos["final_obs"][0], after.planes())  # the mated position
    assert np.array_equal(obs[0], Board(MATE_IN_ONE).planes())  # the new game's
    final = infos["final_info"]
    assert final["_termination"].tolist() == [True, False]
    assert xiangqi.Termination(int(final["termination"][0])) is xiangqi.Termination.CHECKMATE
    assert final["episode_length"][0] == 1 and final["winner"][0] == 1


def test_history_and_repetition_planes_match_the_board() -> None:
    env = VecEnv(3, seed=9, history=7, repetitions=True)
    obs, _ = env.reset(seed=9)
    for _ in range(12):
        obs, *_ = env.step(env.random_actions())
    for i in range(3):
        board = env.board(i)
        assert np.array_equal(obs[i], board.planes(history=7, repetitions=True))
    board = Board()
    for text in ["h0g2", "h9g7", "g2h0", "g7h9"]:
        board.push_uci(text)
    assert board.planes(repetitions=True)[-1].max() == 0.5  # seen once before
    assert board.planes(repetitions=True, dtype="uint8")[-1].max() == 1


def test_float_and_out_of_range_actions_are_refused_by_name() -> None:
    env = VecEnv(2)
    env.reset()
    with pytest.raises(xiangqi.XiangqiError, match=r"integers, not float64 \(game 0's is np.float64\(1.7\)\)"):
        env.step(np.array([1.7, 3.0]))
    with pytest.raises(xiangqi.XiangqiError, match="action -1 of game 0 is out of range"):
        env.step([-1, 3])
    assert env.fens() == [xiangqi.STARTING_FEN] * 2


def test_gymnasium_wrappers_accept_it() -> None:
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(VecEnv(4, seed=1, max_plies=20))
    env.reset(seed=1)
    finished = 0
    for _ in range(25):
        _, _, terminated, truncated, infos = env.step(env.unwrapped.random_actions())  # type: ignore[attr-defined]
        finished += int(np.sum(terminated | truncated))
    assert finished >= 4


def test_make_works_after_import_xiangqi_alone() -> None:
    code = (
        "import sys, xiangqi\n"
        "assert 'gymnasium' not in sys.modules\n"
        "import gymnasium\n"
        "env = gymnasium.make('xiangqi/Xiangqi-v0', render_mode='rgb_array')\n"
        "env.reset(seed=0)\n"
        "image = env.render()\n"
        "assert image.dtype.name == 'uint8' and image.ndim == 3 and image.shape[2] == 3, image.shape\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_the_single_env_passes_the_checker_with_images_and_vecenv_is_deterministic() -> None:
    from gymnasium.utils.env_checker import check_env, data_equivalence

    check_env(gymnasium.make("xiangqi/Xiangqi-v0", render_mode="rgb_array").unwrapped)
    runs = []
    for _ in range(2):
        env = VecEnv(4, seed=11)
        trace = [env.reset(seed=11)[0].copy()]
        for _ in range(20):
            obs, rewards, terminated, truncated, infos = env.step(env.random_actions())
            trace += [obs.copy(), rewards.copy(), terminated.copy(), infos["final_obs"].copy()]
        runs.append(trace)
    assert data_equivalence(runs[0], runs[1], exact=True)


def test_rgb_array_shows_the_pieces() -> None:
    from xiangqi.render import rgb_array

    full, empty = rgb_array(Board()), rgb_array(Board("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"))
    assert full.shape == empty.shape and full.dtype == np.uint8
    red = np.all(full == (192, 40, 28), axis=-1).sum()
    assert red > np.all(empty == (192, 40, 28), axis=-1).sum() > 0


def test_pettingzoo_parallel_env_passes_the_api_test() -> None:
    pytest.importorskip("pettingzoo", reason="pettingzoo is not installed")
    from pettingzoo.test import parallel_api_test

    import xiangqi.pettingzoo

    parallel_api_test(xiangqi.pettingzoo.parallel_env(max_plies=40), num_cycles=100)
    env = xiangqi.pettingzoo.parallel_env()
    observations, _ = env.reset(seed=0)
    mask = observations["red_0"]["action_mask"]
    action = int(np.flatnonzero(mask)[0])
    _, rewards, terminations, _, _ = env.step({"red_0": action, "black_0": 0})
    assert not any(terminations.values()) and len(env.board.move_stack) == 1
