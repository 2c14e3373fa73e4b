"""A Gymnasium environment: one agent plays xiangqi (or janggi) against an opponent (or itself).

    >>> import gymnasium, xiangqi
    >>> env = gymnasium.make("xiangqi/Xiangqi-v0", opponent="random")
    >>> obs, info = env.reset(seed=0)
    >>> obs.shape, int(info["action_mask"].sum())
    ((16, 10, 9), 44)

Observations are ``Board.planes()`` from the side to move's view (16 x 10 x 9 float32), actions
are indices of the ``encoding="2086"`` (or ``"8100"``; the same name as ``VecEnv``'s) encoding
from the same view; ``info["action_mask"]`` and ``action_masks()`` give the legal actions. The
reward is +1 when the agent wins, -1 when it loses, 0 otherwise (a draw).

``variant="janggi"`` (or another janggi rule set) plays janggi: observations of 19 planes, the
``"janggi"`` encoding (the pass is its last action), rules by default the variant's, and a
start from one of the sixteen setups: ``setup="random"`` (the default, drawn with the
environment's generator at each reset) or a ``(cho, han)`` pair of arrangement names
(``xiangqi.JANGGI_ARRANGEMENTS``). A ``fen`` replaces the setups.

    >>> env = gymnasium.make("xiangqi/Xiangqi-v0", variant="janggi", setup=("masangsangma", "sangmamasang"))
    >>> obs, info = env.reset(seed=0)
    >>> obs.shape, int(info["action_mask"].sum())
    ((19, 10, 9), 32)

Unlike ``VecEnv``, which raises ``IllegalMoveError`` and changes nothing, this environment
treats an illegal action as a lost game: the step returns reward -1 and ``terminated=True``
with ``info["illegal_move"] = True``, so random exploration stays well-defined. An action that
is not an integer (a float is never truncated) or lies outside the action space raises
``XiangqiError`` naming the value. A game is truncated (``truncated=True``, reward 0) once
``max_plies`` plies (400 by default, both sides' moves counted) have been played without an
end; ``VecEnv`` counts its ``max_plies`` the same way.

The opponent is ``"random"`` (uniform legal moves), ``"self"`` (the agent plays both sides; the
reward is then from the side that just moved), an engine level (``"beginner"``, ``"casual"``,
``"club"``, ``"strong"``, ``"master"``), or any callable taking a ``Board`` and returning a
``Move``. An engine opponent thinks ``opponent_time`` seconds a move.

``import xiangqi`` registers the environment when Gymnasium is installed. ``render_mode`` is
``"ansi"`` (the board in letters) or ``"rgb_array"`` (an image, see ``xiangqi.render``).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, Optional, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces

import xiangqi
from xiangqi import _env
from xiangqi import Board, Move
from xiangqi import encoding as _encoding
from xiangqi._starts import Setup

__all__ = ["XiangqiEnv", "Opponent", "ENV_ID"]

ENV_ID = "xiangqi/Xiangqi-v0"
"""The id under which ``gymnasium.make`` knows the environment (after ``import xiangqi.gym``)."""

Opponent = Union[str, Callable[[Board], Move]]


def _engine_opponent(level: str, seconds: float) -> Callable[[Board], Move]:
    from xiangqi.engine import Engine, Limit

    engine = Engine(level=level)
    limit = Limit(time=seconds)

    def play(board: Board) -> Move:
        move = engine.play(board, limit).move
        if move is None:
            raise xiangqi.XiangqiError("the engine has no move: the game is over")
        return move

    return play


class XiangqiEnv(gymnasium.Env, _env.Settings):
    """Xiangqi against an opponent. See the module documentation."""

    metadata = {"render_modes": _env.RENDER_MODES, "render_fps": 1}

    def __init__(
        self,
        opponent: Opponent = "random",
        agent_color: Optional[bool] = xiangqi.RED,
        rules: Optional[str] = None,
        encoding: Optional[str] = None,
        max_plies: int = 400,
        fen: Optional[str] = None,
        render_mode: Optional[str] = None,
        opponent_time: float = 0.05,
        *,
        encoding_name: Optional[str] = None,
        variant: str = "xiangqi",
        setup: Setup = None,
    ) -> None:
        self.configure(rules, encoding, max_plies, fen, render_mode, encoding_name, variant, setup)
        self.agent_color = agent_color
        self.opponent = opponent
        self._opponent_fn: Optional[Callable[[Board], Move]] = None
        if callable(opponent):
            self._opponent_fn = opponent
        elif opponent in ("beginner", "casual", "club", "strong", "master"):
            self._opponent_fn = _engine_opponent(opponent, opponent_time)
        elif opponent not in ("random", "self"):
            raise xiangqi.XiangqiError(f"unknown opponent {opponent!r}")
        size = _encoding.action_size(self.encoding)
        self._action_size = size
        self.board = self._starts.board(None, random.Random(0))
        self.board.legal_action_mask(self.encoding)  # an encoding of the other game raises here
        self.observation_space = spaces.Box(0.0, 1.0, self.board.planes().shape, np.float32)
        self.action_space = spaces.Discrete(size)
        self._color = xiangqi.RED

    # ----- helpers ------------------------------------------------------------------------------

    def _observation(self) -> np.ndarray:
        return self.board.planes()

    def _info(self, **extra: Any) -> Dict[str, Any]:
        mask = self.board.legal_action_mask(self.encoding).astype(np.int8)
        return {"action_mask": mask, "fen": self.board.fen(), **extra}

    def action_masks(self) -> np.ndarray:
        """The legal actions of the current position (for masked policies)."""
        return self.board.legal_action_mask(self.encoding)

    def _opponent_move(self) -> Move:
        if self._opponent_fn is not None:
            return self._opponent_fn(self.board)
        moves = list(self.board.legal_moves)
        return moves[int(self.np_random.integers(len(moves)))]

    def _reward_for(self, color: bool) -> float:
        outcome = self.board.outcome()
        if outcome is None or outcome.winner is None:
            return 0.0
        return 1.0 if outcome.winner == color else -1.0

    def _truncated(self) -> bool:
        return len(self.board.move_stack) >= self.max_plies

    # ----- the Gymnasium API ----------------------------------------------------------------------

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=seed)
        self.board = self._starts.board((options or {}).get("fen"), self.np_random)
        if self.opponent == "self":
            self._color = self.board.turn
        elif self.agent_color is None:
            self._color = bool(self.np_random.integers(2))
        else:
            self._color = self.agent_color
        if self.opponent != "self" and self.board.turn != self._color and not self.board.is_game_over():
            self.board.push(self._opponent_move())
        return self._observation(), self._info(agent_color=self._color)

    def _action_index(self, action: Any) -> int:
        """The action as an index of the action space, or ``XiangqiError`` naming it."""
        value = action
        if isinstance(value, np.ndarray) and value.ndim == 0:
            value = value[()]
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
            raise xiangqi.XiangqiError(
                f"{ENV_ID}: action {action!r} is not an integer index of the {self.encoding!r} encoding"
            )
        index = int(value)
        if not 0 <= index < self._action_size:
            raise xiangqi.XiangqiError(
                f"{ENV_ID}: action {index} is outside the {self.encoding!r} encoding's 0..{self._action_size - 1}"
            )
        return index

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        mover = self.board.turn
        index = self._action_index(action)
        try:
            move = self.board.action_to_move(index, self.encoding)
        except xiangqi.XiangqiError:
            move = Move.null()
        if not self.board.is_legal(move):
            return self._observation(), -1.0, True, False, self._info(illegal_move=True)
        self.board.push(move)
        if self.board.is_game_over():
            return self._observation(), self._reward_for(mover), True, False, self._info()
        if self.opponent != "self":
            if self._truncated():
                return self._observation(), 0.0, False, True, self._info()
            self.board.push(self._opponent_move())
            if self.board.is_game_over():
                return self._observation(), self._reward_for(mover), True, False, self._info()
        return self._observation(), 0.0, False, self._truncated(), self._info()

    def render(self) -> Union[str, np.ndarray, None]:  # type: ignore[override]
        return _env.render(self.board, self.render_mode)  # type: ignore[no-any-return]


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="xiangqi.gym:XiangqiEnv")
