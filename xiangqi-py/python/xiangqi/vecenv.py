"""``VecEnv``: many games stepped together in Rust, shaped as a Gymnasium vector environment.

    >>> import xiangqi
    >>> env = xiangqi.VecEnv(4, seed=0)
    >>> obs, infos = env.reset(seed=0)
    >>> obs.shape, env.single_action_space
    ((4, 16, 10, 9), Discrete(2086))
    >>> janggi = xiangqi.VecEnv(4, variant="janggi", seed=0)  # the sixteen setups at random
    >>> janggi.observation_shape, janggi.action_size, janggi.rules
    ((19, 10, 9), 2451, 'janggi')

The games are stepped in parallel with the GIL released (see ``xiangqi._xiangqi.VecEnv`` for
actions, rewards and observations). When Gymnasium is installed, ``VecEnv`` is a
``gymnasium.vector.VectorEnv``: ``num_envs``, ``single_observation_space``,
``single_action_space``, ``observation_space``, ``action_space`` (built when first read) and
``metadata["autoreset_mode"]``, which is ``AutoresetMode.SAME_STEP``: a game that ends is reset
within the same ``step``; the observation returned is the new game's, the finished game's last
observation is ``infos["final_obs"][i]`` and its ``termination``, ``winner`` and
``episode_length`` are in ``infos["final_info"]``, both where ``infos["_final_obs"][i]`` is true.

One ``VecEnv`` may be used from several threads: its calls take turns (a thread waits, the GIL
released, while another steps). The arrays it returns are shared and overwritten by the next
step: copy what you keep.
"""

import threading
import typing

from xiangqi._xiangqi import Board, Move
from xiangqi._xiangqi import VecEnv as _RustVecEnv

if typing.TYPE_CHECKING:
    from gymnasium.vector import VectorEnv as _VectorEnv
else:
    try:
        from gymnasium.vector import VectorEnv as _VectorEnv
    except ImportError:  # Gymnasium is optional

        class _VectorEnv:
            metadata: typing.Dict[str, typing.Any] = {}

__all__ = ["VecEnv"]


def _gymnasium() -> typing.Any:
    try:
        import gymnasium
    except ImportError as e:  # pragma: no cover - the tests run with Gymnasium
        raise ImportError("VecEnv's spaces need Gymnasium: pip install gymnasium") from e
    return gymnasium


def _metadata() -> typing.Dict[str, typing.Any]:
    try:
        from gymnasium.vector import AutoresetMode
    except ImportError:
        return {"autoreset_mode": "same-step", "render_modes": []}
    return {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}


class VecEnv(_RustVecEnv, _VectorEnv):  # type: ignore[misc, override]
    """A batch of xiangqi or janggi games stepped together in Rust: ``VecEnv(num_envs,
    rules=None, encoding=None, seed=None, max_plies=400, observations=True,
    obs_dtype="float32", masks=True, fens=None, num_threads=None, history=0,
    repetitions=False, variant="xiangqi", setup=None)``. See the module documentation and
    the compiled class."""

    metadata: typing.Dict[str, typing.Any] = _metadata()
    render_mode: typing.Optional[str] = None

    @property
    def _turns(self) -> threading.RLock:
        """The lock that makes calls from several threads take turns (made on first use;
        ``dict.setdefault`` is atomic, so two threads get the same one)."""
        lock = self.__dict__.get("_turns_lock")
        if lock is None:
            lock = self.__dict__.setdefault("_turns_lock", threading.RLock())
        return typing.cast(threading.RLock, lock)

    def reset(  # type: ignore[override]
        self,
        seed: typing.Optional[int] = None,
        options: typing.Optional[typing.Dict[str, typing.Any]] = None,
    ) -> typing.Tuple[typing.Any, typing.Dict[str, typing.Any]]:
        """Starts every game again (reseeding each game's generator with ``seed``); returns
        ``(obs, infos)``. ``options`` are not used."""
        with self._turns:
            return super().reset(seed)

    def step(self, actions: typing.Any) -> typing.Any:
        """Plays one action per game (see the compiled class); returns ``(obs, rewards,
        terminated, truncated, infos)``."""
        with self._turns:
            return super().step(actions)

    def random_actions(self) -> typing.Any:
        """A uniformly random legal action for each game (the same array on every call)."""
        with self._turns:
            return super().random_actions()

    def action_masks(self) -> typing.Any:
        """The legal-action masks, ``(num_envs, action_size)``."""
        with self._turns:
            return super().action_masks()

    def observations(self) -> typing.Any:
        """The current observations, or ``None``."""
        with self._turns:
            return super().observations()

    def fens(self) -> typing.List[str]:
        """The FEN of each game."""
        with self._turns:
            return super().fens()

    def board(self, index: int) -> Board:
        """Game ``index`` as a ``Board`` (a copy, with its moves and rules)."""
        with self._turns:
            return super().board(index)

    def legal_moves(self, index: int) -> typing.List[Move]:
        """The legal moves of game ``index``."""
        with self._turns:
            return super().legal_moves(index)

    def _space(self, name: str, make: typing.Callable[[], typing.Any]) -> typing.Any:
        """The space `name`, made once by `make` (not kept while `make` gives ``None``)."""
        cached = self.__dict__.get(name)
        if cached is None:
            cached = make()
            self.__dict__[name] = cached
        return cached

    @property
    def single_observation_space(self) -> typing.Any:  # type: ignore[override]
        """One game's observation: a ``Box`` of ``observation_shape`` (``None`` without
        observations)."""

        def make() -> typing.Any:
            if self.observation_shape is None:
                return None
            np = __import__("numpy")
            spaces = _gymnasium().spaces
            if self.obs_dtype == "uint8":
                return spaces.Box(0, 255, self.observation_shape, np.uint8)
            return spaces.Box(0.0, 1.0, self.observation_shape, np.float32)

        return self._space("_single_observation_space", make)

    @property
    def single_action_space(self) -> typing.Any:  # type: ignore[override]
        """One game's action: ``Discrete(action_size)``."""
        return self._space("_single_action_space", lambda: _gymnasium().spaces.Discrete(self.action_size))

    @property
    def observation_space(self) -> typing.Any:  # type: ignore[override]
        """The batch's observations (``None`` without observations)."""
        single = self.single_observation_space
        if single is None:
            return None
        return self._space("_observation_space", lambda: _gymnasium().vector.utils.batch_space(single, self.num_envs))

    @property
    def action_space(self) -> typing.Any:  # type: ignore[override]
        """The batch's actions: ``MultiDiscrete`` of ``num_envs`` times ``action_size``."""
        return self._space(
            "_action_space", lambda: _gymnasium().vector.utils.batch_space(self.single_action_space, self.num_envs)
        )
