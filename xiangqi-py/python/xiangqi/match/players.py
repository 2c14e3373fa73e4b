"""The players of a match: how each engine is configured, limited and started.

An engine is either the built-in one at a level, searching in this process
(``EngineConfig(level="master")``), or a command speaking UCI or UCCI
(``EngineConfig(command=["./engine"], protocol="uci")``). Each game slot of a match runs its own
``Player`` per engine, so games in parallel never share a process or a hash table.
"""

from __future__ import annotations

import os
import random
import re
import shlex
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Dict, List, Optional, Tuple

from xiangqi._xiangqi import Board
from xiangqi.engine import LEVELS, Engine, Limit, PlayResult
from xiangqi.exceptions import EngineError
from xiangqi.uci import DEFAULT_TIMEOUT, Option, SimpleEngine

__all__ = ["TimeControl", "EngineConfig", "Player", "make_player"]


@dataclass(frozen=True)
class TimeControl:
    """A clock: ``base`` seconds, ``increment`` seconds added after each move, and, with
    ``moves``, ``base`` seconds more every ``moves`` moves. Written ``10+0.1``, ``40/60`` or
    ``40/60+0.5``; ``1:30+1`` is 90 seconds."""

    base: float
    increment: float = 0.0
    moves: Optional[int] = None

    _PATTERN = re.compile(r"^(?:(\d+)/)?(?:(\d+):)?(\d+(?:\.\d*)?)(?:\+(\d+(?:\.\d*)?))?$")

    @classmethod
    def parse(cls, text: str) -> "TimeControl":
        found = cls._PATTERN.match(text.strip())
        if not found:
            raise ValueError(f"a time control looks like 10+0.1, 40/60 or 1:30+1, not {text!r}")
        moves, minutes, seconds, increment = found.groups()
        base = float(seconds) + 60.0 * int(minutes or 0)
        if base <= 0.0:
            raise ValueError(f"a time control needs some time, not {text!r}")
        return cls(base, float(increment or 0.0), int(moves) if moves else None)

    def __str__(self) -> str:
        text = f"{self.base:g}"
        if self.moves:
            text = f"{self.moves}/{text}"
        if self.increment:
            text += f"+{self.increment:g}"
        return text


@dataclass
class EngineConfig:
    """One engine of a match.

    ``level`` makes it the built-in engine at that level (``threads``, ``hash_mb``, ``seed``
    apply); ``command`` an external one (``protocol`` ``"uci"`` or ``"ucci"``, ``ranks`` 0 or 1,
    ``options`` sent at start, ``cwd``). ``seed`` is sent as the ``Seed`` option to an external
    engine that offers one. The limits (``tc``, ``st`` seconds per move, ``nodes``, ``depth``)
    override the match's. ``time_margin`` is how far past its clock or its time per move an
    engine may go before it loses on time; ``move_timeout`` is how long a depth- or
    node-limited move may take before the engine counts as hung; ``start_timeout`` how long
    an external engine may take to start and answer ``isready`` (10 s by default, whatever
    ``move_timeout`` is: a slow start is not a slow move)."""

    name: Optional[str] = None
    level: Optional[str] = None
    command: Optional[List[str]] = None
    protocol: str = "uci"
    ranks: Optional[int] = None
    options: Dict[str, Any] = field(default_factory=dict)
    cwd: Optional[str] = None
    threads: int = 1
    hash_mb: int = 64
    seed: Optional[int] = None
    tc: Optional[TimeControl] = None
    st: Optional[float] = None
    nodes: Optional[int] = None
    depth: Optional[int] = None
    time_margin: Optional[float] = None
    move_timeout: Optional[float] = None
    start_timeout: Optional[float] = None

    def __post_init__(self) -> None:
        if isinstance(self.command, str):
            self.command = shlex.split(self.command)
        if isinstance(self.tc, str):
            self.tc = TimeControl.parse(self.tc)
        if (self.level is None) == (self.command is None):
            raise ValueError("an engine is either a level (in-process) or a command (external)")
        if self.level is not None and self.level.lower() not in LEVELS:
            raise ValueError(f"unknown level {self.level!r}; the levels are {', '.join(LEVELS)}")
        if self.protocol not in ("uci", "ucci"):
            raise ValueError(f"protocol is uci or ucci, not {self.protocol!r}")

    @property
    def is_external(self) -> bool:
        return self.command is not None

    def display_name(self) -> str:
        if self.name:
            return self.name
        if self.level is not None:
            return self.level.capitalize()
        assert self.command is not None
        return os.path.basename(self.command[0]) or self.command[0]

    def has_limit(self) -> bool:
        return any(v is not None for v in (self.tc, self.st, self.nodes, self.depth))

    def with_seed(self, match_seed: int, index: int) -> "EngineConfig":
        """This engine, with a seed derived from the match's ``seed`` and its place in the
        match when it has none of its own: the same command plays the same games."""
        if self.seed is not None:
            return self
        derived = random.Random(f"xiangqi.match:{match_seed}:{index}").getrandbits(63)
        return replace(self, seed=derived)

    def with_defaults(self, tc: Optional[TimeControl], st: Optional[float], nodes: Optional[int], depth: Optional[int]) -> "EngineConfig":
        """This engine, with the match's limits where it sets none of its own."""
        if self.has_limit():
            return self
        return replace(self, tc=tc, st=st, nodes=nodes, depth=depth)

    def describe(self) -> str:
        """The engine's limits in words (for the PGN's ``TimeControl`` tag and the report)."""
        parts = []
        if self.tc is not None:
            parts.append(str(self.tc))
        if self.st is not None:
            parts.append(f"{self.st:g}s/move")
        if self.nodes is not None:
            parts.append(f"nodes={self.nodes}")
        if self.depth is not None:
            parts.append(f"depth={self.depth}")
        return " ".join(parts) or "none"

    @classmethod
    def parse(cls, tokens: List[str]) -> "EngineConfig":
        """An engine from command-line words: ``level:master`` or ``level=master``,
        ``cmd="./engine --uci"``, ``proto=ucci``, ``ranks=1``, ``name=...``, ``option.Hash=64``,
        ``tc=10+0.1``, ``st=0.5``, ``nodes=N``, ``depth=N``, ``threads=N``, ``hash=MB``,
        ``seed=N``, ``timemargin=SECONDS``, ``timeout=SECONDS``, ``dir=PATH``."""
        kwargs: Dict[str, Any] = {}
        options: Dict[str, Any] = {}
        for token in tokens:
            if "=" not in token and token.startswith("level:"):
                token = "level=" + token[len("level:") :]
            key, sep, value = token.partition("=")
            if not sep:
                raise ValueError(f"engine settings are key=value, not {token!r}")
            key = key.strip().lower() if not key.startswith("option.") else key.strip()
            try:
                if key.startswith("option."):
                    options[key[len("option.") :]] = value
                elif key in _SETTINGS:
                    attribute, convert = _SETTINGS[key]
                    kwargs[attribute] = convert(value)
                else:
                    raise ValueError(f"unknown engine setting {key!r}")
            except ValueError as e:
                if "engine setting" in str(e) or "time control" in str(e):
                    raise
                raise ValueError(f"bad value in {token!r}: {e}") from None
        return cls(options=options, **kwargs)


# The `key=value` engine settings of `EngineConfig.parse`, grouped by how their values are read:
# each key with the attribute it sets.
_SETTINGS_BY_READER: List[Tuple[Callable[[str], Any], Dict[str, str]]] = [
    (str, {"name": "name", "dir": "cwd"}),
    (str.lower, {"level": "level", "proto": "protocol", "protocol": "protocol"}),
    (shlex.split, {"cmd": "command", "command": "command"}),
    (int, {"ranks": "ranks", "threads": "threads", "hash": "hash_mb", "seed": "seed", "nodes": "nodes", "depth": "depth"}),
    (float, {"st": "st", "timemargin": "time_margin", "timeout": "move_timeout", "starttimeout": "start_timeout"}),
    (TimeControl.parse, {"tc": "tc"}),
]
_SETTINGS: Dict[str, Tuple[str, Callable[[str], Any]]] = {
    key: (attribute, read) for read, keys in _SETTINGS_BY_READER for key, attribute in keys.items()
}


class Player:
    """One engine in one game slot. ``play`` answers as every engine of the package does, with
    a ``PlayResult`` (the move, or ``None`` with ``draw_claimed``; the score, depth, nodes and
    the call's wall time ``elapsed``, which the match's clocks use)."""

    def __init__(self, config: EngineConfig, rules: str) -> None:
        self.config = config
        self.rules = rules

    def new_game(self) -> None:
        raise NotImplementedError

    def play(self, board: Board, limit: Limit, timeout: Optional[float]) -> PlayResult:
        raise NotImplementedError

    def stop(self) -> None:
        """Ends a running search early (from another thread)."""

    def reset(self) -> None:
        """Drops a process in an unknown state; the next game starts a fresh one."""

    def close(self) -> None:
        pass


class InProcessPlayer(Player):
    """The built-in engine at a level."""

    def __init__(self, config: EngineConfig, rules: str) -> None:
        super().__init__(config, rules)
        assert config.level is not None
        self.engine = Engine(config.level, config.threads, config.hash_mb, rules, config.seed)

    def new_game(self) -> None:
        self.engine.new_game()

    def play(self, board: Board, limit: Limit, timeout: Optional[float]) -> PlayResult:
        # The engine shares its clock out itself, as over UCI.
        return self.engine.play(board, limit)

    def stop(self) -> None:
        self.engine.stop()


class ExternalPlayer(Player):
    """An engine process, started on first use and restarted after it failed."""

    def __init__(self, config: EngineConfig, rules: str, engine: Optional[SimpleEngine] = None) -> None:
        super().__init__(config, rules)
        self.engine = engine

    def start(self) -> SimpleEngine:
        if self.engine is not None and self.engine.is_alive():
            return self.engine
        self.reset()
        config = self.config
        assert config.command is not None
        engine = SimpleEngine(
            config.command,
            config.protocol,
            ranks=config.ranks,
            name=config.display_name(),
            cwd=config.cwd,
            timeout=config.start_timeout if config.start_timeout is not None else DEFAULT_TIMEOUT,
        )
        try:
            options = dict(config.options)
            # Our own engine (and any other offering a `Rules` option) judges repetitions by
            # the match's rules unless told otherwise.
            rules_option = engine.find_option("Rules")
            if rules_option is not None and not any(k.lower() == "rules" for k in options):
                if any(v.lower() == self.rules for v in rules_option.var):
                    options[rules_option.name] = self.rules
            seed_option = engine.find_option("Seed")
            if config.seed is not None and seed_option is not None:
                options.setdefault(seed_option.name, _seed_in_range(config.seed, seed_option))
            engine.configure(options)
            engine.ping()
        except BaseException:
            engine.kill()
            raise
        self.engine = engine
        return engine

    def new_game(self) -> None:
        engine = self.start()
        engine.new_game()
        seed_option = engine.find_option("Seed")
        if self.config.seed is not None and seed_option is not None:
            # A seed restarts the engine's random choices each game, as in-process.
            engine.configure({"Seed": _seed_in_range(self.config.seed, seed_option)})
        engine.ping()

    def play(self, board: Board, limit: Limit, timeout: Optional[float]) -> PlayResult:
        return self.start().play(board, limit, timeout=timeout)

    def stop(self) -> None:
        if self.engine is not None:
            self.engine.stop()

    def reset(self) -> None:
        if self.engine is not None:
            self.engine.kill()
            self.engine = None

    def close(self) -> None:
        if self.engine is not None:
            try:
                self.engine.quit()
            except EngineError:
                self.engine.kill()
            self.engine = None


def make_player(config: EngineConfig, rules: str) -> Player:
    """A player for one game slot."""
    if config.is_external:
        return ExternalPlayer(config, rules)
    return InProcessPlayer(config, rules)


def _seed_in_range(seed: int, option: Option) -> int:
    """``seed`` folded into the range an engine's ``Seed`` option takes (a derived seed has 63
    bits; ours takes 0..2^31-1): the same seed always gives the same value."""
    low = option.min if option.min is not None else 0
    high = option.max if option.max is not None else (1 << 63) - 1
    if high < low:
        return low
    return low + seed % (high - low + 1)
