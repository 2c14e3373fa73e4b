"""Janggi for learning: the ``"janggi"`` action encoding (every janggi move and the pass), the
janggi planes, ``VecEnv(variant="janggi")`` and the Gymnasium and PettingZoo environments.

The expected values come from janggi's rules as issue 20 states them (palace lines, the
elephant's one-then-two step, the pass, counting R 13 C 7 H 5 E 3 A 3 P 2 with Han's 1.5) and
from pyffish, Fairy-Stockfish's binding, for the legal moves; never from our own output.
"""

from __future__ import annotations

import random
from typing import Dict, Iterator, List, Set, Tuple

import numpy as np
import pytest

import xiangqi
from xiangqi import Board, Move, Termination, encoding

PASS = encoding.JANGGI_PASS_ACTION
SETUPS = [(cho, han) for cho in xiangqi.JANGGI_ARRANGEMENTS for han in xiangqi.JANGGI_ARRANGEMENTS]

# The palaces' diagonal lines, by hand: corners and centre of each palace.
PALACES = [(("d0", "f0", "d2", "f2"), "e1"), (("d7", "f7", "d9", "f9"), "e8")]
# Counting values from the rules (issue 20), by piece letter.
VALUES = {"R": 13, "C": 7, "H": 5, "N": 5, "E": 3, "B": 3, "A": 3, "P": 2, "K": 0}


def palace_diagonals() -> Set[Tuple[str, str]]:
    pairs = set()
    for corners, centre in PALACES:
        for corner in corners:
            pairs |= {(corner, centre), (centre, corner)}
            # The opposite corner: both coordinates mirrored through the centre.
            opposite = ("d" if corner[0] == "f" else "f") + str(2 * int(centre[1]) - int(corner[1]))
            pairs.add((corner, opposite))
    return pairs


def janggi_games(count: int, plies: int, seed: int, pass_chance: float = 0.05) -> Iterator[Board]:
    """Random games from every setup in turn (passes a little more likely than chance, so that
    positions after a pass occur), each position as a board."""
    rng = random.Random(seed)
    for game in range(count):
        cho, han = SETUPS[game % len(SETUPS)]
        board = Board.janggi(cho, han)
        for _ in range(plies):
            yield board
            moves = list(board.legal_moves)
            if not moves:
                break
            passing = board.pass_move() in board.legal_moves and rng.random() < pass_chance
            board = board.copy()
            board.push(board.pass_move() if passing else rng.choice(moves))


def counting_half_points(board: Board, red: bool) -> int:
    """A side's counting points in half points, from the FEN's letters."""
    letters = [c for c in board.board_fen() if c.isalpha() and c.isupper() == red]
    return 2 * sum(VALUES[c.upper()] for c in letters) + (0 if red else 3)


# ----- the encoding ------------------------------------------------------------------------------


def test_the_janggi_encoding_holds_exactly_the_janggi_move_shapes_then_the_pass() -> None:
    moves = encoding.all_moves("janggi")
    assert encoding.SIZES["janggi"] == encoding.action_size("janggi") == len(moves) == 2451
    assert PASS == 2450 and moves[PASS] == Move.null()
    shapes = moves[:PASS]
    assert len(set(shapes)) == len(shapes)
    keys = [m.from_square * 90 + m.to_square for m in shapes]
    assert keys == sorted(keys)

    diagonals = palace_diagonals()
    counts: Dict[str, int] = {}
    for m in shapes:
        df = abs(m.from_square % 9 - m.to_square % 9)
        dr = abs(m.from_square // 9 - m.to_square // 9)
        if df == 0 or dr == 0:
            family = "line"
        elif {df, dr} == {1, 2}:
            family = "horse"
        elif {df, dr} == {2, 3}:
            family = "elephant"
        else:
            assert (xiangqi.square_name(m.from_square), xiangqi.square_name(m.to_square)) in diagonals, m
            family = "palace"
        counts[family] = counts.get(family, 0) + 1
    # By hand: 90 points x (8 on the rank + 9 on the file); the horse's 508 as in the 2086
    # encoding; the elephant's (2, 3) and (3, 2) jumps: 14 x 14 + 12 x 16; per palace 8 steps
    # between corner and centre and 4 corner-to-corner moves.
    assert counts == {"line": 1530, "horse": 508, "elephant": 388, "palace": 24}
    assert len(diagonals) == 24
    # A xiangqi elephant's two-point diagonal is no janggi move.
    with pytest.raises(xiangqi.XiangqiError):
        encoding.move_to_index(Move.from_uci("c0e2"), "janggi", turn=xiangqi.RED)


def test_the_pass_is_its_own_action() -> None:
    board = Board(variant="janggi")
    assert board.move_to_action(board.pass_move()) == PASS
    assert board.action_to_move(PASS) == board.pass_move() == Move.from_uci("e1e1")
    assert encoding.move_to_index(Move.null(), "janggi", turn=xiangqi.RED) == PASS
    assert encoding.index_to_move(PASS, "janggi", turn=xiangqi.BLACK) == Move.null()
    board.push_uci("0000")
    # Han's pass is its general's point (e8), mirrored onto the same action.
    assert board.action_to_move(PASS) == Move.from_uci("e8e8") == board.pass_move()
    assert board.legal_action_mask()[PASS]
    with pytest.raises(xiangqi.XiangqiError):
        board.action_to_move(PASS + 1)
    with pytest.raises(xiangqi.XiangqiError):
        encoding.index_to_move(2451, "janggi", turn=xiangqi.RED)


def test_every_legal_move_of_random_games_from_all_setups_has_one_action_and_back() -> None:
    positions = 0
    for board in janggi_games(48, 90, seed=5):
        legal = list(board.legal_moves)
        mask = board.legal_action_mask()
        assert mask.shape == (2451,) and mask.dtype == np.bool_
        actions = [board.move_to_action(m) for m in legal]
        assert len(set(actions)) == len(actions) == int(mask.sum())
        assert all(mask[a] for a in actions)
        assert {board.action_to_move(int(a)) for a in np.flatnonzero(mask)} == set(legal)
        # Absolute coordinates (Cho's view) for either side, through the module functions.
        absolute = board.legal_action_mask(perspective="red")
        decoded = {encoding.index_to_move(int(a), "janggi", turn=xiangqi.RED) for a in np.flatnonzero(absolute)}
        assert decoded == {Move.null() if m == board.pass_move() else m for m in legal}
        positions += 1
    assert positions > 3000


def test_masks_equal_fairy_stockfish_legal_moves_on_a_sample() -> None:
    sf = pytest.importorskip("pyffish", reason="pyffish is not installed: no reference to compare with")
    compared = 0
    for index, board in enumerate(janggi_games(32, 80, seed=9, pass_chance=0.1)):
        if index % 2:
            continue
        moves_from_start = [m.uci(rank_base=1) for m in board.move_stack]
        reference = sf.legal_moves("janggi", board.root().fen(), moves_from_start)
        # pyffish writes ranks 1..10 and the pass as the general's point twice, as we do.
        expected = {Move.from_uci(m, rank_base=1) for m in reference}
        mask = board.legal_action_mask()
        assert {board.action_to_move(int(a)) for a in np.flatnonzero(mask)} == expected, board.fen()
        compared += 1
    assert compared > 500


def test_an_encoding_of_the_other_game_is_refused() -> None:
    janggi = Board(variant="janggi")
    for name in encoding.XIANGQI_ENCODINGS:
        with pytest.raises(xiangqi.XiangqiError, match="janggi"):
            janggi.legal_action_mask(name)
        with pytest.raises(xiangqi.XiangqiError):
            janggi.action_to_move(0, name)
    with pytest.raises(xiangqi.XiangqiError):
        Board().legal_action_mask("janggi")
    assert encoding.default_encoding("xiangqi") == "2086"
    assert all(encoding.default_encoding(v) == "janggi" for v in ("janggi", "janggimodern", "janggicasual"))
    with pytest.raises(xiangqi.XiangqiError):
        encoding.default_encoding("shogi")


# ----- the planes --------------------------------------------------------------------------------


def test_janggi_planes_layout() -> None:
    board = Board.janggi("sangmamasang", "masangmasang")
    planes = board.planes()
    assert planes.shape == (19, 10, 9) and planes.dtype == np.float32
    # Cho's elephants on b0 and h0 (상마마상: elephants outside), Han's horses on b9 and h9.
    assert np.flatnonzero(planes[2]).tolist() == [xiangqi.B0, xiangqi.H0]
    assert planes[14].min() == 1.0 and planes[15].max() == 0.0 and planes[16].max() == 0.0
    assert planes[17, 0, 0] == pytest.approx(counting_half_points(board, True) / 147) == pytest.approx(144 / 147)
    assert planes[18, 0, 0] == pytest.approx(1.0)
    board.push(board.pass_move())
    han = board.planes()
    assert han[14].max() == 0.0  # Han to move
    assert han[15, 0, 0] == pytest.approx(1 / 100)  # janggi's no-capture limit: 100 plies
    assert han[16].min() == 1.0  # a pass now ends the game
    assert han[17, 0, 0] == pytest.approx(1.0) and han[18, 0, 0] == pytest.approx(144 / 147)
    # Han's view is mirrored: its general (e8) on row 1.
    assert np.flatnonzero(han[0]).tolist() == [xiangqi.E1]
    raw = board.planes(dtype="uint8", repetitions=True)
    assert raw.shape == (20, 10, 9)
    assert raw[15, 0, 0] == 1 and raw[16, 0, 0] == 1 and raw[17, 0, 0] == 147 and raw[18, 0, 0] == 144
    assert raw[19].max() == 0
    history = board.planes(history=1)
    assert history.shape == (14 * 2 + 5, 10, 9)
    # janggimodern's limit is 200 plies.
    modern = Board("4ka3/9/9/9/9/9/9/9/4A4/4K4 w - - 50 30", variant="janggimodern")
    assert modern.planes()[15, 0, 0] == pytest.approx(50 / 200)
    assert modern.planes()[17, 0, 0] == pytest.approx(6 / 147) and modern.planes()[18, 0, 0] == pytest.approx(9 / 147)


def test_counting_planes_follow_captures() -> None:
    for board in janggi_games(16, 120, seed=3):
        raw = board.planes(dtype="uint8", perspective="red")
        assert raw[17, 0, 0] == counting_half_points(board, True)
        assert raw[18, 0, 0] == counting_half_points(board, False)
        passed = bool(board.move_stack) and board.peek().from_square == board.peek().to_square
        assert raw[16, 0, 0] == int(passed)


# ----- VecEnv ------------------------------------------------------------------------------------


def test_vecenv_janggi_shapes_and_defaults() -> None:
    env = xiangqi.VecEnv(8, variant="janggi", seed=0)
    assert env.variant == "janggi" and env.rules == "janggi" and env.encoding == "janggi"
    assert env.action_size == 2451 and env.observation_shape == (19, 10, 9)
    obs, infos = env.reset(seed=0)
    assert obs.shape == (8, 19, 10, 9) and infos["action_mask"].shape == (8, 2451)
    assert env.single_action_space.n == 2451
    assert "variant='janggi'" in repr(env).replace('"', "'")
    modern = xiangqi.VecEnv(2, variant="janggimodern")
    assert modern.rules == "janggimodern" and modern.board(0).variant == "janggimodern"
    casual_rules = xiangqi.VecEnv(2, variant="janggi", rules="janggicasual")
    assert casual_rules.rules == Board(variant="janggicasual").rules


def test_vecenv_setups_random_or_fixed() -> None:
    env = xiangqi.VecEnv(256, variant="janggi", seed=1)
    fens = {board_fen.split()[0] for board_fen in env.fens()}
    expected = {Board.janggi(cho, han).board_fen() for cho, han in SETUPS}
    assert fens == expected
    fixed = xiangqi.VecEnv(4, variant="janggi", setup=("sangmasangma", "마상마상"))
    assert set(fixed.fens()) == {Board.janggi("sangmasangma", "masangmasang").fen()}
    listed = xiangqi.VecEnv(2, variant="janggi", setup=["masangmasang", "sangmamasang"])
    assert listed.fens()[0] == Board.janggi("masangmasang", "sangmamasang").fen()
    fen = "4ka3/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"
    assert xiangqi.VecEnv(2, variant="janggi", fens=[fen]).fens() == [fen, fen]


def test_vecenv_masks_equal_each_games_legal_moves() -> None:
    env = xiangqi.VecEnv(16, variant="janggi", seed=2)
    env.reset(seed=2)
    for _ in range(60):
        masks = env.action_masks()
        for i in range(env.num_envs):
            board = env.board(i)
            assert {board.action_to_move(int(a)) for a in np.flatnonzero(masks[i])} == set(board.legal_moves)
        env.step(env.random_actions())


def passing_actions(env: xiangqi.VecEnv, rng: np.random.Generator, chance: float) -> np.ndarray:
    """Random legal actions, the pass chosen with ``chance`` where it is legal."""
    actions = env.random_actions().copy()
    masks = env.action_masks()
    passing = masks[:, PASS] & (rng.random(env.num_envs) < chance)
    actions[passing] = PASS
    return actions


# The endings janggi's tournament rules leave to counting.
COUNTED = {Termination.DOUBLE_PASS, Termination.BIKJANG, Termination.MOVE_LIMIT, Termination.REPETITION}


def test_vecenv_janggi_episodes_end_as_the_board_rules() -> None:
    env = xiangqi.VecEnv(32, variant="janggi", seed=4, max_plies=300)
    env.reset(seed=4)
    boards: List[Board] = [env.board(i) for i in range(env.num_envs)]
    rng = np.random.default_rng(4)
    endings: Dict[Termination, int] = {}
    finished = 0
    for _ in range(400):
        actions = passing_actions(env, rng, 0.15)
        movers = [b.turn for b in boards]
        for i, board in enumerate(boards):
            board.push(board.action_to_move(int(actions[i])))
        _, rewards, terminated, truncated, infos = env.step(actions)
        final = infos["final_info"]
        for i in np.flatnonzero(terminated | truncated):
            outcome = boards[i].outcome()
            if terminated[i]:
                assert outcome is not None, boards[i].fen()
                assert Termination(int(final["termination"][i])) is outcome.termination
                winner = {None: 0, xiangqi.RED: 1, xiangqi.BLACK: -1}[outcome.winner]
                assert final["winner"][i] == winner
                expected = 0.0 if outcome.winner is None else (1.0 if outcome.winner == movers[i] else -1.0)
                assert rewards[i] == expected
                endings[outcome.termination] = endings.get(outcome.termination, 0) + 1
                if outcome.termination in COUNTED:
                    # Counting by hand: the side with more points, Han's 1.5 included.
                    cho_wins = counting_half_points(boards[i], True) > counting_half_points(boards[i], False)
                    assert final["winner"][i] == (1 if cho_wins else -1), boards[i].fen()
            else:
                assert outcome is None and len(boards[i].move_stack) == 300
            assert final["episode_length"][i] == len(boards[i].move_stack)
            finished += 1
            boards[i] = env.board(i)
        for i in np.flatnonzero(~(terminated | truncated)):
            assert infos["termination"][i] == 0 and boards[i].fen() == env.fens()[i]
    assert finished > 50
    # Random play with passes ends janggi's own ways: two passes, bikjang, counting.
    assert endings.get(Termination.DOUBLE_PASS, 0) > 0 and endings.get(Termination.BIKJANG, 0) > 0, endings


def test_vecenv_janggi_bad_arguments_raise_typed_errors() -> None:
    for kwargs in (
        {"variant": "shogi"},
        {"variant": "janggi", "encoding": "2086"},
        {"variant": "xiangqi", "encoding": "janggi"},
        {"variant": "xiangqi", "setup": "random"},
        {"variant": "janggi", "setup": "sometimes"},
        {"variant": "janggi", "setup": ("masangsangma", "mamasangsang")},
        {"variant": "janggi", "setup": ("masangsangma",)},
        {"variant": "janggi", "setup": 3},
        {"variant": "janggi", "setup": "random", "fens": ["4ka3/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"]},
        {"variant": "janggi", "fens": ["4k4/9/9/4B4/9/9/9/9/9/4K4 w - - 0 1 extra"]},
    ):
        with pytest.raises(xiangqi.XiangqiError):
            xiangqi.VecEnv(2, **kwargs)  # type: ignore[arg-type]
    env = xiangqi.VecEnv(2, variant="janggi", setup=("masangsangma", "masangsangma"))
    with pytest.raises(xiangqi.XiangqiError, match="out of range"):
        env.step(np.array([2451, 0]))
    illegal = encoding.move_to_index(Move.from_uci("a0a5"), "janggi", turn=xiangqi.RED)
    with pytest.raises(xiangqi.IllegalMoveError):
        env.step(np.array([illegal, PASS]))
    # Nothing changed: the pass is still the first game's to play.
    _, _, terminated, _, _ = env.step(np.array([PASS, PASS]))
    assert env.board(0).move_stack == [Move.from_uci("e1e1")] and not terminated.any()


# ----- Gymnasium and PettingZoo ------------------------------------------------------------------


def test_gymnasium_env_plays_janggi() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    env = gymnasium.make("xiangqi/Xiangqi-v0", variant="janggi", opponent="random")
    obs, info = env.reset(seed=3)
    assert obs.shape == (19, 10, 9) and env.action_space.n == 2451
    assert info["action_mask"].shape == (2451,) and info["action_mask"][PASS] == 1
    rng = np.random.default_rng(3)
    for _ in range(500):
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            assert not info.get("illegal_move")
            obs, info = env.reset()
    fixed = gymnasium.make("xiangqi/Xiangqi-v0", variant="janggi", setup=("sangmamasang", "sangmamasang"))
    _, info = fixed.reset(seed=0)
    assert info["fen"] == Board.janggi("sangmamasang", "sangmamasang").fen()
    with pytest.raises(xiangqi.XiangqiError):
        gymnasium.make("xiangqi/Xiangqi-v0", variant="janggi", encoding="2086")
    with pytest.raises(xiangqi.XiangqiError):
        gymnasium.make("xiangqi/Xiangqi-v0", setup="random")


# Starts every environment refuses, each with the one message all three give.
BAD_STARTS = [
    ({"setup": "random"}, "setup is for janggi"),
    ({"variant": "janggi", "setup": "sideways"}, "setup must be"),
    ({"variant": "janggi", "setup": ("masangsangma",)}, "setup must be"),
    ({"variant": "janggi", "setup": ("masangsangma", "sangsangmama")}, "sangsangmama"),
    ({"variant": "janggi", "setup": "random", "fen": "4ka3/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"}, "not both"),
]


@pytest.mark.parametrize("kwargs,message", BAD_STARTS)
def test_every_environment_refuses_the_same_starts(kwargs: Dict[str, object], message: str) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    pettingzoo = pytest.importorskip("xiangqi.pettingzoo")
    vec_kwargs = dict(kwargs)
    if "fen" in vec_kwargs:
        vec_kwargs["fens"] = [vec_kwargs.pop("fen")]
    errors = []
    for make in (
        lambda: xiangqi.VecEnv(2, **vec_kwargs),  # type: ignore[arg-type]
        lambda: gymnasium.make("xiangqi/Xiangqi-v0", **kwargs),
        lambda: pettingzoo.env(**kwargs),
    ):
        with pytest.raises(xiangqi.XiangqiError, match=message) as error:
            make()
        errors.append(str(error.value))
    assert len(set(errors)) == 1, errors


def test_gymnasium_random_setups_follow_the_seed() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    env = gymnasium.make("xiangqi/Xiangqi-v0", variant="janggi", opponent="self")
    seen = set()
    for seed in range(64):
        _, info = env.reset(seed=seed)
        seen.add(info["fen"])
    assert len(seen) == 16
    again = gymnasium.make("xiangqi/Xiangqi-v0", variant="janggi", opponent="self")
    assert again.reset(seed=5)[1]["fen"] == env.reset(seed=5)[1]["fen"]


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
def test_pettingzoo_plays_janggi() -> None:
    pytest.importorskip("pettingzoo")
    import xiangqi.pettingzoo
    from pettingzoo.test import api_test  # type: ignore[import-untyped]

    api_test(xiangqi.pettingzoo.env(variant="janggi"), num_cycles=200, verbose_progress=False)
    env = xiangqi.pettingzoo.env(variant="janggi", setup=("masangsangma", "masangsangma"))
    env.reset(seed=0)
    obs, _, _, _, _ = env.last()
    assert obs["observation"].shape == (19, 10, 9) and int(obs["action_mask"].sum()) == 32
    # Two passes end the game; counting gives it to Han (1.5 points) with equal material.
    env.step(PASS)
    env.step(PASS)
    assert env.terminations == {"red_0": True, "black_0": True}
    assert env._cumulative_rewards == {"red_0": -1.0, "black_0": 1.0}
    assert env.infos["red_0"]["termination"] == "DOUBLE_PASS"
