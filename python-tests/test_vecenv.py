"""VecEnv: batched games stepped in Rust."""

from __future__ import annotations

import numpy as np
import pytest

import xiangqi
from xiangqi import Board, Move, VecEnv, encoding

MATE_IN_ONE = "4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1"  # a5e5 mates (see test_board)
STALEMATE_IN_ONE = "4k4/9/9/9/9/9/9/9/R8/3K1R3 w - - 0 1"  # a1a8 leaves Black no move


def test_reset_shapes_and_start_masks() -> None:
    env = VecEnv(8, seed=3)
    obs, infos = env.reset()
    assert obs is not None and obs.shape == (8, 16, 10, 9) and obs.dtype == np.float32
    assert env.observation_shape == (16, 10, 9) and env.action_size == 2086 and len(env) == 8
    assert infos["action_mask"].shape == (8, 2086)
    assert infos["action_mask"].sum(axis=1).tolist() == [44] * 8
    assert np.array_equal(obs[0], Board().planes())
    assert infos["turn"].tolist() == [True] * 8


@pytest.mark.parametrize("rules", ["casual", "axf"])
def test_random_play_agrees_with_board(rules: str) -> None:
    env = VecEnv(16, seed=5, max_plies=60, rules=rules)
    env.reset()
    boards = [Board(rules=rules) for _ in range(env.num_envs)]
    for _ in range(150):
        actions = env.random_actions()
        assert all(env.action_masks()[i, a] for i, a in enumerate(actions))
        obs, rewards, terminated, truncated, infos = env.step(actions)
        for i, board in enumerate(boards):
            mover = board.turn
            board.push(board.action_to_move(int(actions[i])))
            outcome = board.outcome()
            assert terminated[i] == (outcome is not None)
            assert infos["episode_length"][i] == len(board.move_stack)
            if outcome is not None:
                assert infos["termination"][i] == outcome.termination.value
                expected = 0.0 if outcome.winner is None else (1.0 if outcome.winner == mover else -1.0)
                assert rewards[i] == expected
            else:
                assert rewards[i] == 0.0
                assert truncated[i] == (len(board.move_stack) == 60)
            if terminated[i] or truncated[i]:
                boards[i] = board = Board(rules=rules)
            assert env.fens()[i] == board.fen()
            assert np.array_equal(obs[i], board.planes())
            assert np.array_equal(infos["action_mask"][i], board.legal_action_mask())
            assert set(env.legal_moves(i)) == set(board.legal_moves)
            assert env.board(i).move_stack == board.move_stack


def test_perpetual_check_loses_for_the_mover_under_simple() -> None:
    # The AXF data's pawn perpetual check: Black checks with every move and loses.
    fen = "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1"
    moves = "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2".split()
    for rules, reward, code in [("simple", -1.0, 3), ("casual", 0.0, 5)]:
        env = VecEnv(1, fens=[fen], rules=rules, observations=False)
        env.reset()
        board = Board(fen)
        for uci in moves:
            move = Move.from_uci(uci)
            _, rewards, terminated, _, infos = env.step([board.move_to_action(move)])
            board.push(move)
        assert terminated[0] and rewards[0] == reward and infos["termination"][0] == code
        assert infos["winner"][0] == (1 if reward else 0)


def test_checkmate_terminates_with_a_win_for_the_mover_and_resets() -> None:
    env = VecEnv(2, fens=[MATE_IN_ONE], observations=False)
    env.reset()
    mate = Board(MATE_IN_ONE).move_to_action(Move.from_uci("a5e5"))
    quiet = Board(MATE_IN_ONE).move_to_action(Move.from_uci("a5a6"))
    obs, rewards, terminated, truncated, infos = env.step(np.array([mate, quiet]))
    assert obs is None
    assert rewards.tolist() == [1.0, 0.0]
    assert terminated.tolist() == [True, False] and truncated.tolist() == [False, False]
    assert infos["winner"].tolist() == [1, 0]
    assert infos["termination"].tolist() == [1, 0]  # Termination.CHECKMATE
    assert infos["episode_length"].tolist() == [1, 1]
    assert env.fens()[0] == MATE_IN_ONE  # reset to its start position


def test_stalemate_is_a_win_for_the_side_that_moved() -> None:
    env = VecEnv(1, fens=[STALEMATE_IN_ONE], observations=False)
    env.reset()
    action = Board(STALEMATE_IN_ONE).move_to_action(Move.from_uci("a1a8"))
    _, rewards, terminated, _, infos = env.step([action])
    assert terminated[0] and rewards[0] == 1.0
    assert infos["termination"][0] == 2  # Termination.STALEMATE
    assert infos["winner"][0] == 1


def test_black_actions_are_mirrored() -> None:
    env = VecEnv(1, seed=0)
    env.reset()
    env.step([encoding.move_to_index(Move.from_uci("h2e2"), turn=xiangqi.RED)])
    # Black's horse b9c7 is played with the index of Red's b0c2.
    _, _, _, _, infos = env.step([encoding.move_to_index(Move.from_uci("b0c2"), turn=xiangqi.RED)])
    assert env.fens()[0] == "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"


def test_truncation_after_max_plies() -> None:
    env = VecEnv(4, seed=1, max_plies=6, observations=False)
    env.reset()
    for ply in range(1, 7):
        _, _, terminated, truncated, infos = env.step(env.random_actions())
        assert not terminated.any()
        assert truncated.all() == (ply == 6)
    assert infos["episode_length"].tolist() == [6] * 4
    assert env.fens() == [xiangqi.STARTING_FEN] * 4


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = VecEnv(3, seed=2)
    env.reset()
    actions = env.random_actions().copy()
    actions[1] = encoding.move_to_index(Move.from_uci("a0a9"), "2086", turn=xiangqi.RED)  # blocked by a3
    with pytest.raises(xiangqi.IllegalMoveError, match="game 1"):
        env.step(actions)
    assert env.fens() == [xiangqi.STARTING_FEN] * 3
    with pytest.raises(xiangqi.XiangqiError):
        env.step(actions[:2])
    actions[1] = 5000
    with pytest.raises(xiangqi.XiangqiError, match="action 5000 of game 1 is out of range") as raised:
        env.step(actions)
    assert not isinstance(raised.value, xiangqi.IllegalMoveError)


def test_seeds_make_runs_repeatable() -> None:
    def run(seed: int) -> list:
        env = VecEnv(4, seed=seed, observations=False, masks=False)
        env.reset()
        for _ in range(30):
            env.step(env.random_actions())
        return env.fens()

    assert run(9) == run(9)
    assert run(9) != run(10)
    env = VecEnv(4, seed=1, observations=False)
    env.reset(seed=9)
    first = env.random_actions().copy()
    env.reset(seed=9)
    assert np.array_equal(first, env.random_actions())


def test_options() -> None:
    env = VecEnv(2, encoding="8100", obs_dtype="uint8", num_threads=1)
    obs, infos = env.reset()
    assert obs is not None and obs.dtype == np.uint8
    assert infos["action_mask"].shape == (2, 8100)
    no_masks = VecEnv(2, masks=False)
    _, infos = no_masks.reset()
    assert "action_mask" not in infos
    with pytest.raises(xiangqi.XiangqiError):
        no_masks.action_masks()
    with pytest.raises(xiangqi.XiangqiError):
        VecEnv(0)
    with pytest.raises(xiangqi.FenError):
        VecEnv(1, fens=["bad"])
    with pytest.raises(xiangqi.XiangqiError):
        VecEnv(1, fens=["4k4/9/9/9/4R4/9/9/9/9/3K1R3 b - - 0 1"])  # already mate
