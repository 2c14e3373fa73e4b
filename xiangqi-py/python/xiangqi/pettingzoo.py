"""A PettingZoo AEC environment: two agents, ``"red_0"`` and ``"black_0"``, take turns.

    >>> import xiangqi.pettingzoo
    >>> env = xiangqi.pettingzoo.env()
    >>> env.reset(seed=0)
    >>> obs, reward, termination, truncation, info = env.last()
    >>> obs["observation"].shape, int(obs["action_mask"].sum())
    ((16, 10, 9), 44)

As in PettingZoo's chess: each observation is a dict of ``"observation"`` (``Board.planes()``
from that agent's side, 16 x 10 x 9 float32; Black's view mirrored) and ``"action_mask"`` (int8,
the legal actions of the agent to move, zeros for the other). Actions index the ``"2086"`` (or
``"8100"``) encoding from the mover's view. At the end the winner gets +1 and the loser -1
(0 each for a draw); games longer than ``max_plies`` are truncated.

``variant="janggi"`` (or another janggi rule set) plays janggi, with ``setup`` as in the
Gymnasium environment (``"random"``, the default: one of the sixteen setups drawn at each
reset, seeded by ``reset(seed=...)``; or a ``(cho, han)`` pair): 19 observation planes, the
``"janggi"`` encoding (the pass is its last action), the variant's rules. Cho, who moves first,
is ``"red_0"`` and Han ``"black_0"``, as the package calls them ``RED`` and ``BLACK``.

``parallel_env()`` is the same game as a ``ParallelEnv``: ``step`` takes a dict of actions, uses
the one of the agent to move (the other agent's is ignored; its mask is all zeros) and returns
dicts of observations, rewards, terminations, truncations and infos. An illegal action there
ends the game with -1 for the agent that played it.

    >>> par = xiangqi.pettingzoo.parallel_env()
    >>> observations, infos = par.reset(seed=0)
    >>> sorted(observations)
    ['black_0', 'red_0']
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

import xiangqi
from xiangqi import Board, _env
from xiangqi import encoding as _encoding
from xiangqi._starts import Setup

__all__ = ["XiangqiAECEnv", "XiangqiParallelEnv", "env", "raw_env", "parallel_env"]

AGENTS = ["red_0", "black_0"]
"""The agents: Red, who moves first, and Black (named as PettingZoo recommends)."""
RED_AGENT, BLACK_AGENT = AGENTS


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped in PettingZoo's order-enforcing and bounds checks."""
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped


def raw_env(**kwargs: Any) -> "XiangqiAECEnv":
    """The environment without wrappers."""
    return XiangqiAECEnv(**kwargs)


class XiangqiAECEnv(AECEnv, _env.Settings):  # type: ignore[misc]
    """Two-player xiangqi. See the module documentation."""

    metadata: Dict[str, Any] = {
        "render_modes": _env.RENDER_MODES,
        "name": "xiangqi_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: Optional[str] = None,
        encoding: Optional[str] = None,
        max_plies: int = 400,
        fen: Optional[str] = None,
        render_mode: Optional[str] = None,
        *,
        encoding_name: Optional[str] = None,
        variant: str = "xiangqi",
        setup: Setup = None,
    ) -> None:
        super().__init__()
        self.configure(rules, encoding, max_plies, fen, render_mode, encoding_name, variant, setup)
        self._rng = random.Random()
        self.possible_agents = list(AGENTS)
        size = _encoding.action_size(self.encoding)
        self.board = self._starts.board(None, random.Random(0))
        self.board.legal_action_mask(self.encoding)  # an encoding of the other game raises here
        shape = self.board.planes().shape
        self.observation_spaces = {
            name: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for name in AGENTS
        }
        self.action_spaces = {name: spaces.Discrete(size) for name in AGENTS}
        self.agents: List[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _agent_to_move(self) -> str:
        return RED_AGENT if self.board.turn == xiangqi.RED else BLACK_AGENT

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        planes = self.board.planes(perspective="red" if agent == RED_AGENT else "black")
        if agent == self._agent_to_move() and not self.board.is_game_over():
            mask = self.board.legal_action_mask(self.encoding).astype(np.int8)
        else:
            mask = np.zeros(_encoding.action_size(self.encoding), dtype=np.int8)
        return {"observation": planes, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.board = self._starts.board((options or {}).get("fen"), self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = {name: 0.0 for name in self.agents}
        self._cumulative_rewards = {name: 0.0 for name in self.agents}
        self.terminations = {name: False for name in self.agents}
        self.truncations = {name: False for name in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {name: {} for name in self.agents}
        self.agent_selection = self._agent_to_move()

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        move = self.board.action_to_move(int(action), self.encoding)
        self.board.push(move)  # raises IllegalMoveError for an illegal action
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: 0.0 for name in self.agents}
        outcome = self.board.outcome()
        if outcome is not None:
            for name in self.agents:
                self.terminations[name] = True
                self.infos[name] = {"termination": outcome.termination.name, "result": outcome.result()}
                if outcome.winner is not None:
                    won = (name == RED_AGENT) == outcome.winner
                    self.rewards[name] = 1.0 if won else -1.0
        elif len(self.board.move_stack) >= self.max_plies:
            for name in self.agents:
                self.truncations[name] = True
        self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()

    def render(self) -> Any:
        return _env.render(self.board, self.render_mode)

    def close(self) -> None:
        pass


def parallel_env(**kwargs: Any) -> "XiangqiParallelEnv":
    """The two-agent game as a ``ParallelEnv`` (see the module documentation)."""
    return XiangqiParallelEnv(**kwargs)


class XiangqiParallelEnv(ParallelEnv):  # type: ignore[misc]
    """Two-player xiangqi with simultaneous-style steps: only the agent to move acts."""

    metadata: Dict[str, Any] = {"render_modes": _env.RENDER_MODES, "name": "xiangqi_v0", "render_fps": 1}

    def __init__(self, **kwargs: Any) -> None:
        self._aec = XiangqiAECEnv(**kwargs)
        self.render_mode = self._aec.render_mode
        self.possible_agents = list(AGENTS)
        self.agents: List[str] = []

    @property
    def board(self) -> Board:
        """The game's board."""
        return self._aec.board

    def observation_space(self, agent: str) -> spaces.Space:
        return self._aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space:
        return self._aec.action_space(agent)

    def _observations(self) -> Dict[str, Dict[str, np.ndarray]]:
        return {name: self._aec.observe(name) for name in self.possible_agents}

    def reset(
        self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> "tuple[Dict[str, Dict[str, np.ndarray]], Dict[str, Dict[str, Any]]]":
        self._aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        return self._observations(), {name: {} for name in self.agents}

    def step(self, actions: Dict[str, Any]) -> Any:
        mover = self._aec.agent_selection
        if mover not in actions:
            raise xiangqi.XiangqiError(f"no action for {mover}, the agent to move")
        board = self._aec.board
        action = actions[mover]
        move = None
        if isinstance(action, (int, np.integer)) and 0 <= int(action) < self._aec.action_spaces[mover].n:
            candidate = board.action_to_move(int(action), self._aec.encoding)
            move = candidate if board.is_legal(candidate) else None
        rewards = {name: 0.0 for name in self.agents}
        terminations = {name: False for name in self.agents}
        truncations = {name: False for name in self.agents}
        infos: Dict[str, Dict[str, Any]] = {name: {} for name in self.agents}
        if move is None:
            rewards[mover] = -1.0
            terminations = {name: True for name in self.agents}
            infos = {name: {"illegal_move": True} for name in self.agents}
        else:
            self._aec.step(int(action))
            rewards = {name: float(self._aec.rewards[name]) for name in self.agents}
            terminations = {name: bool(self._aec.terminations[name]) for name in self.agents}
            truncations = {name: bool(self._aec.truncations[name]) for name in self.agents}
            infos = {name: dict(self._aec.infos[name]) for name in self.agents}
        observations = self._observations()
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> Any:
        return _env.render(self._aec.board, self.render_mode)

    def close(self) -> None:
        pass
