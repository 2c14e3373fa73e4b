"""``MCTS``: batched Monte-Carlo tree search in Rust, for AlphaZero- and Gumbel-MuZero-style
training with a network of any framework.

One tree per game; each round every tree descends to a leaf, the leaves' observations and
legal-action masks go to ``evaluate(obs, masks)`` in one batch, and its ``(logits, values)``
expand the leaves. Game ends are judged by the core rules exactly as ``VecEnv`` judges them
(perpetual check and chase, janggi's counting). Observations, masks and actions are
``VecEnv``'s, so the network that plays the environment evaluates the trees::

    env = xiangqi.VecEnv(64, seed=0)
    obs, infos = env.reset(seed=0)
    mcts = xiangqi.MCTS.for_env(env, algorithm="gumbel", simulations=32, seed=0)
    result = mcts.search(env, evaluate)          # evaluate(obs, masks) -> (logits, values)
    env.step(result.actions)                     # the trees keep the subtrees played into

``result.policy`` is the policy target (visit shares for PUCT, the improved policy for Gumbel),
``result.values`` the roots' values (side to move's perspective). See ``xiangqi._xiangqi.MCTS``
for every setting.
"""

from __future__ import annotations

import typing

from xiangqi._xiangqi import MCTS as _RustMCTS

if typing.TYPE_CHECKING:
    import numpy

__all__ = ["MCTS", "SearchResult"]


class SearchResult(typing.NamedTuple):
    """What ``MCTS.search`` returns, one row per tree."""

    actions: "numpy.ndarray"
    """The chosen action of each tree (int64; -1 for a game already over)."""
    policy: "numpy.ndarray"
    """The policy targets, ``(num_trees, action_size)`` float32."""
    values: "numpy.ndarray"
    """The roots' values after the search, float32, from the side to move's perspective."""
    visits: "numpy.ndarray"
    """The roots' visit counts per action, ``(num_trees, action_size)`` uint32."""


class MCTS(_RustMCTS):
    """Batched tree search: ``MCTS(num_trees, algorithm="puct", simulations=64, ...)``; see
    the module documentation and ``xiangqi._xiangqi.MCTS``."""

    def search(  # type: ignore[override]
        self,
        games: typing.Any,
        evaluate: typing.Callable[[typing.Any, typing.Any], typing.Tuple[typing.Any, typing.Any]],
    ) -> SearchResult:
        """Searches from ``games`` (a ``VecEnv`` or a sequence of ``Board``, one per tree) with
        ``evaluate(obs, masks) -> (logits, values)``. A ``VecEnv`` searched from takes its turn
        like its own calls: another thread's ``step`` waits for the search to end."""
        turns = getattr(games, "_turns", None)
        if turns is None:
            return SearchResult(*super().search(games, evaluate))
        with turns:
            return SearchResult(*super().search(games, evaluate))

    @classmethod
    def for_env(cls, env: typing.Any, **settings: typing.Any) -> "MCTS":
        """One tree per game of ``env``, with its variant, encoding, history, repetition plane,
        observation dtype and ply limit; ``settings`` are the other arguments of ``MCTS``."""
        for name in ("variant", "encoding", "history", "repetitions", "max_plies"):
            settings.setdefault(name, getattr(env, name))
        settings.setdefault("obs_dtype", env.obs_dtype or "float32")
        return cls(env.num_envs, **settings)
