"""``xiangqi.MCTS``: batched tree search from Python, judged against Fairy-Stockfish's mates and
against ``VecEnv``'s own observations and masks."""

from __future__ import annotations

import random
from typing import List, Tuple

import numpy as np
import pytest

import xiangqi
from xiangqi import encoding

pytestmark = pytest.mark.timeout(300)


def uniform(obs: np.ndarray, masks: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """A network that knows nothing."""
    return np.zeros(masks.shape, np.float32), np.zeros(len(masks), np.float32)


def greedy(algorithm: str, **kw) -> dict:
    if algorithm == "puct":
        return dict(algorithm="puct", temperature=0.0, dirichlet_fraction=0.0, **kw)
    return dict(algorithm="gumbel", gumbel_scale=0.0, max_considered=128, **kw)


def test_a_search_over_a_vecenv_gives_legal_actions_and_policy_targets() -> None:
    env = xiangqi.VecEnv(8, seed=1)
    obs, infos = env.reset(seed=1)
    for algorithm in ("puct", "gumbel"):
        mcts = xiangqi.MCTS.for_env(env, algorithm=algorithm, simulations=32, seed=3)
        assert (mcts.num_trees, mcts.action_size, mcts.observation_shape) == (8, 2086, (16, 10, 9))
        r = mcts.search(env, uniform)
        assert r.actions.dtype == np.int64 and r.actions.shape == (8,)
        assert r.policy.dtype == np.float32 and r.policy.shape == (8, 2086)
        assert r.visits.dtype == np.uint32 and r.values.dtype == np.float32
        assert infos["action_mask"][np.arange(8), r.actions].all()
        np.testing.assert_allclose(r.policy.sum(axis=1), 1.0, atol=1e-5)
        # Policy and visits only on legal actions; each simulation visits one root action.
        assert not (r.policy[~infos["action_mask"]]).any()
        assert (r.visits.sum(axis=1) == 32).all()
        assert ((r.values >= -1) & (r.values <= 1)).all()
        obs, _, _, _, infos = env.step(r.actions)


def test_the_roots_evaluation_sees_the_vecenvs_own_observations_and_masks() -> None:
    for kw in (dict(), dict(history=2, repetitions=True, obs_dtype="uint8"), dict(variant="janggi")):
        env = xiangqi.VecEnv(4, seed=2, **kw)
        env.reset(seed=2)
        for _ in range(5):  # a few plies, so the history planes hold earlier positions
            obs, _, _, _, infos = env.step(env.random_actions())
        seen: List[Tuple[np.ndarray, np.ndarray]] = []

        def recording(obs: np.ndarray, masks: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
            seen.append((obs.copy(), masks.copy()))
            return uniform(obs, masks)

        mcts = xiangqi.MCTS.for_env(env, simulations=6, seed=0)
        mcts.search(env, recording)
        assert 2 <= len(seen) <= 7, "the roots, then at most one call per simulation"
        first_obs, first_masks = seen[0]
        assert first_obs.dtype == obs.dtype and first_obs.shape == obs.shape
        np.testing.assert_array_equal(first_obs, obs)
        np.testing.assert_array_equal(first_masks, infos["action_mask"])


def random_mate_positions(count: int, seed: int) -> List[Tuple[str, List[str]]]:
    """Positions (chariot and cannon against a guarded general) where Red can win at once, as
    Fairy-Stockfish judges: (fen, its winning moves)."""
    sf = pytest.importorskip("pyffish")
    rng = random.Random(seed)
    # The points each piece can stand on, from the rules' tables.
    red_palace = list(xiangqi.reachable_squares(xiangqi.Piece.from_symbol("K")))
    black_palace = list(xiangqi.reachable_squares(xiangqi.Piece.from_symbol("k")))
    advisor_points = list(xiangqi.reachable_squares(xiangqi.Piece.from_symbol("a")))
    board = xiangqi.Board()
    found = []
    while len(found) < count:
        placed = [("K", rng.choice(red_palace)), ("k", rng.choice(black_palace)),
                  ("R", rng.randrange(90)), ("C", rng.randrange(90)), ("a", rng.choice(advisor_points))]
        if len({spot for _, spot in placed}) < len(placed):
            continue
        board.set_piece_map({spot: xiangqi.Piece.from_symbol(symbol) for symbol, spot in placed})
        if not board.is_valid():
            continue
        fen = board.fen()
        if board.is_check() or board.outcome() is not None or _opponent_in_check(board):
            continue
        wins = []
        for m in sf.legal_moves("xiangqi", fen, []):
            if not sf.legal_moves("xiangqi", fen, [m]) and sf.game_result("xiangqi", fen, [m]) < 0:
                wins.append(xiangqi.Move.from_uci(m, rank_base=1).uci())
        if wins:
            found.append((fen, wins))
    return found


def _opponent_in_check(board: xiangqi.Board) -> bool:
    """Whether the side not to move stands in check (the FEN would be illegal)."""
    flipped = xiangqi.Board(board.fen().replace(" w ", " b "))
    return flipped.is_check()


def test_both_algorithms_find_the_wins_fairy_stockfish_finds() -> None:
    cases = random_mate_positions(12, seed=7)
    boards = [xiangqi.Board(fen) for fen, _ in cases]
    for algorithm in ("puct", "gumbel"):
        for symmetries in (False, True):
            mcts = xiangqi.MCTS(len(boards), simulations=300, symmetries=symmetries, seed=1,
                                **greedy(algorithm))
            r = mcts.search(boards, uniform)
            for (fen, wins), action, board in zip(cases, r.actions, boards):
                move = board.action_to_move(int(action))
                assert move.uci() in wins, f"{algorithm}: {fen}: {move} not in {wins}"


def test_results_are_reproducible_and_do_not_depend_on_threads() -> None:
    def net(obs: np.ndarray, masks: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        s = obs.reshape(len(obs), -1).astype(np.float32) @ np.sin(np.arange(obs[0].size, dtype=np.float32))
        logits = np.sin(np.arange(masks.shape[1], dtype=np.float32)[None, :] * 0.37 + s[:, None])
        return logits.astype(np.float32), np.tanh(s * 0.01).astype(np.float32)

    results = []
    for threads in (1, 2, 2):
        env = xiangqi.VecEnv(6, seed=5)
        env.reset(seed=5)
        mcts = xiangqi.MCTS.for_env(env, algorithm="gumbel", simulations=20, seed=9,
                                    num_threads=threads, symmetries=True)
        r = mcts.search(env, net)
        results.append((r.actions.tolist(), r.policy.tobytes(), r.values.tobytes()))
    assert results[0] == results[1] == results[2]


def test_a_search_after_the_step_keeps_the_subtrees() -> None:
    env = xiangqi.VecEnv(4, seed=0)
    env.reset(seed=0)
    mcts = xiangqi.MCTS.for_env(env, simulations=50, seed=0, **greedy("puct"))
    r = mcts.search(env, uniform)
    kept = r.visits[np.arange(4), r.actions] - 1
    env.step(r.actions)
    r = mcts.search(env, uniform)
    np.testing.assert_array_equal(r.visits.sum(axis=1), kept + 50)
    mcts.clear()
    r = mcts.search(env, uniform)
    assert (r.visits.sum(axis=1) == 50).all()


def test_janggi_searches_include_the_pass() -> None:
    env = xiangqi.VecEnv(3, variant="janggi", seed=4)
    _, infos = env.reset(seed=4)
    mcts = xiangqi.MCTS.for_env(env, algorithm="gumbel", simulations=16, seed=0)
    r = mcts.search(env, uniform)
    assert mcts.action_size == 2451
    assert infos["action_mask"][np.arange(3), r.actions].all()
    assert (r.policy[:, encoding.JANGGI_PASS_ACTION] > 0).all(), "the pass is a legal action"


def test_a_finished_game_gets_no_action() -> None:
    board = xiangqi.Board("4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1")
    board.push_uci("b1b9")
    calls = []
    r = xiangqi.MCTS(1, simulations=10).search([board], lambda o, m: calls.append(1) or uniform(o, m))
    assert r.actions.tolist() == [-1] and r.values.tolist() == [-1.0] and not calls


@pytest.mark.parametrize(
    "evaluate, error, match",
    [
        (lambda o, m: 1 / 0, ZeroDivisionError, "division"),
        (lambda o, m: None, xiangqi.XiangqiError, r"\(logits, values\)"),
        (lambda o, m: (np.zeros((len(m), 3)), np.zeros(len(m))), xiangqi.XiangqiError, "shape"),
        (lambda o, m: (np.full(m.shape, np.nan), np.zeros(len(m))), xiangqi.XiangqiError, "logit"),
        (lambda o, m: (np.zeros(m.shape), np.full(len(m), np.inf)), xiangqi.XiangqiError, "value"),
        # numpy reads None as NaN.
        (lambda o, m: (np.full(m.shape, None, dtype=object), np.zeros(len(m))), xiangqi.XiangqiError, "logit"),
        (lambda o, m: ("x", np.zeros(len(m))), xiangqi.XiangqiError, "numbers"),
    ],
)
def test_bad_evaluators_raise_typed_errors_and_the_next_search_works(evaluate, error, match) -> None:
    board = xiangqi.Board()
    mcts = xiangqi.MCTS(1, simulations=4)
    with pytest.raises(error, match=match):
        mcts.search([board], evaluate)
    assert mcts.search([board], uniform).actions[0] >= 0


def test_bad_arguments_raise_xiangqi_errors() -> None:
    board = xiangqi.Board()
    mcts = xiangqi.MCTS(2, simulations=4)
    for games in (["x", board], 3, [board], [board, board, board]):
        with pytest.raises(xiangqi.XiangqiError):
            mcts.search(games, uniform)
    with pytest.raises(xiangqi.XiangqiError):
        mcts.search([board, board], "not callable")  # type: ignore[arg-type]
    with pytest.raises(xiangqi.XiangqiError):
        mcts.search([board, xiangqi.Board(variant="janggi")], uniform)
    for kw in (dict(num_trees=0), dict(algorithm="alphabeta"), dict(c_init=-1.0), dict(c_scale=float("nan")),
               dict(dirichlet_fraction=2.0), dict(max_considered=0), dict(obs_dtype="int64"),
               dict(encoding="janggi"), dict(simulations=10**9), dict(num_trees=10**9)):
        args = {"num_trees": 1, **kw}
        with pytest.raises(xiangqi.XiangqiError):
            xiangqi.MCTS(**args)


def test_the_file_mirror_maps_each_action_to_its_move_mirrored_left_to_right() -> None:
    for name in ("2086", "janggi"):
        mirror = encoding.file_mirror(name)
        assert (mirror[mirror] == np.arange(len(mirror))).all()
        for a, move in enumerate(encoding.all_moves(name)):
            if not move:
                assert mirror[a] == a
                continue
            f, t = move.from_square, move.to_square
            flipped = xiangqi.Move(f - f % 9 + 8 - f % 9, t - t % 9 + 8 - t % 9)
            assert encoding.index_to_move(int(mirror[a]), name, turn=True) == flipped


def test_a_search_and_another_threads_steps_take_turns() -> None:
    import threading

    env = xiangqi.VecEnv(64, seed=0)
    env.reset(seed=0)
    mcts = xiangqi.MCTS.for_env(env, simulations=16, seed=0)
    errors: List[BaseException] = []

    def stepper() -> None:
        try:
            for _ in range(2000):
                env.step(env.random_actions())
        except BaseException as e:  # pragma: no cover - the failure is reported below
            errors.append(e)

    thread = threading.Thread(target=stepper)
    thread.start()
    for _ in range(50):
        result = mcts.search(env, uniform)
        assert result.actions.shape == (64,)
    thread.join(timeout=120)
    assert not thread.is_alive() and not errors, errors


def test_a_batch_too_large_for_memory_raises_memory_error() -> None:
    # 2**20 trees of the 8100 encoding: over 100 GB of buffers, refused before any is written.
    # A kernel set to overcommit always (vm.overcommit_memory = 1) refuses no allocation.
    try:
        with open("/proc/sys/vm/overcommit_memory") as f:
            if f.read().strip() == "1":
                pytest.skip("the kernel overcommits always: no allocation is refused")
    except OSError:
        pass
    with pytest.raises(MemoryError):
        xiangqi.MCTS(2**20, encoding="8100")
