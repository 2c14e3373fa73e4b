"""Copies and pickles keep what they copy: a Board subclass stays a subclass, outcomes,
terminations and the legal-move view survive pickle and deepcopy."""

import copy
import pickle

import numpy as np

import xiangqi
from xiangqi import Board, Termination


class NamedBoard(Board):
    """A subclass with an attribute, as users write them."""

    def describe(self) -> str:
        return f"{self.name}: {self.fen()}"


def named() -> NamedBoard:
    board = NamedBoard()
    board.name = "game 1"  # type: ignore[attr-defined]
    board.notes = ["opening"]  # type: ignore[attr-defined]
    board.push_uci("h2e2")
    return board


def test_copies_of_a_subclass_keep_the_class_and_the_attributes() -> None:
    board = named()
    for twin in (board.copy(), copy.copy(board), copy.deepcopy(board), board.copy(stack=False)):
        assert type(twin) is NamedBoard
        assert twin.describe() == board.describe()
        assert twin.fen() == board.fen()
    assert board.copy().move_stack == board.move_stack and board.copy(stack=False).move_stack == []
    deep = copy.deepcopy(board)
    deep.notes.append("middlegame")  # type: ignore[attr-defined]
    assert board.notes == ["opening"]  # type: ignore[attr-defined]
    shallow = copy.copy(board)
    assert shallow.notes is board.notes  # type: ignore[attr-defined]
    shallow.push_uci("h9g7")
    assert len(board.move_stack) == 1


def test_outcomes_terminations_and_legal_moves_pickle_and_copy() -> None:
    board = Board("3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1")
    board.push_uci("b0d0")
    outcome = board.outcome()
    assert outcome is not None
    for twin in (pickle.loads(pickle.dumps(outcome)), copy.deepcopy(outcome), copy.copy(outcome)):
        assert twin == outcome and twin.reason == outcome.reason and twin.result() == "1-0"
    for t in Termination:
        assert pickle.loads(pickle.dumps(t)) is t and copy.deepcopy(t) is t
    moves = Board().legal_moves
    for twin in (pickle.loads(pickle.dumps(moves)), copy.deepcopy(moves)):
        assert isinstance(twin, xiangqi.LegalMoveGenerator)
        assert sorted(twin) == sorted(moves) and len(twin) == 44


def test_non_contiguous_action_arrays_are_accepted() -> None:
    env = xiangqi.VecEnv(3, seed=4)
    env.reset(seed=4)
    actions = env.random_actions().copy()
    spread = np.zeros(6, dtype=np.int32)
    spread[::2] = actions
    strided = spread[::2]
    assert not strided.flags["C_CONTIGUOUS"]
    twin = xiangqi.VecEnv(3, seed=4)
    twin.reset(seed=4)
    env.step(strided)
    twin.step(actions)
    assert env.fens() == twin.fens()
    env.step(list(env.random_actions()))  # a list of ints too
