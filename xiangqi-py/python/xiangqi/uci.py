"""Engines in other processes, spoken to over UCI or UCCI.

    >>> import xiangqi, xiangqi.uci
    >>> with xiangqi.uci.SimpleEngine.popen_uci(["xiangqi", "uci"]) as engine:  # doctest: +SKIP
    ...     result = engine.play(xiangqi.Board(), xiangqi.uci.Limit(time=0.5))
    ...     info = engine.analyse(xiangqi.Board(), xiangqi.uci.Limit(depth=8), multipv=3)

The API is blocking and thread-based (a reader thread per engine), so it works the same in a
script, a notebook or a thread pool: there is no event loop to share. ``AsyncEngine`` wraps a
``SimpleEngine`` for asyncio code.

Positions are sent as ``position fen <start> moves ...``: the engine sees the whole game, so it
can judge repetitions as the game does. Every move an engine returns is checked with a
``Board``; a best move that is not legal raises ``EngineIllegalMoveError``. An engine that exits
raises ``EngineTerminatedError``, one that does not answer in time ``EngineTimeoutError``, one
that says something malformed ``EngineProtocolError`` (all in ``xiangqi.exceptions``).

Coordinates are ICCS (files ``a``..``i``, ranks ``0``..``9``) unless ``ranks=1``: engines such as
Fairy-Stockfish in UCI mode number ranks 1..10 (``h3e3``, ``b10c8``). When an engine offers a
``UCI_Variant`` option over UCI, it is set to ``xiangqi``; ranks default to 1 when that option
starts on another game (a multi-variant engine such as Fairy-Stockfish, which plays chess until
told otherwise), to 0 when it starts on xiangqi (this package's engine, which also plays janggi).

Results have the shape of ``xiangqi.engine``'s: ``PovScore`` scores, info dicts with ``score``,
``pv``, ``depth``, ``nodes``, ``time`` (seconds), so in-process and external engines are used alike;
``analysis()`` returns the same ``AnalysisResult`` (iterate for each info, ``stop()``, ``wait()``),
and ``play`` refuses an empty ``Limit()``, which would wait for a move that never comes.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import os
import queue
import shlex
import subprocess
import threading
import time as _time
import typing
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable, Deque, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from xiangqi import _engine_model as _engine
from xiangqi._analysis import AnalysisComplete, AnalysisResult, BestMove
from xiangqi._xiangqi import UCCI_MATE as _UCCI_MATE
from xiangqi._xiangqi import Board, Move, mate_depth
from xiangqi._engine_model import Cp, InfoDict, Limit, Mate, PlayResult, PovScore, Score
from xiangqi.exceptions import (
    EngineError,
    EngineIllegalMoveError,
    EngineProtocolError,
    EngineTerminatedError,
    EngineTimeoutError,
)

__all__ = [
    "SimpleEngine",
    "AsyncEngine",
    "Limit",
    "Option",
    "PlayResult",
    "InfoDict",
    "AnalysisResult",
    "AnalysisComplete",
    "BestMove",
    "EngineError",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "EngineProtocolError",
    "EngineIllegalMoveError",
]

LOGGER = logging.getLogger("xiangqi.uci")

Command = Union[str, Sequence[str]]

#: How long to wait for the handshake (``uciok``), a ``readyok``, or an exit after ``quit``.
DEFAULT_TIMEOUT = 10.0
#: After a missed deadline: how long a ``stop`` gets to bring the best move.
STOP_GRACE = 1.0
#: When no deadline is given, a timed search still gets one: its time and this much more.
TIMED_SEARCH_GRACE = 10.0
#: UCCI has no mate scores: engines report a mate in n plies as ``UCCI_MATE - n`` (the number
#: the Rust UCCI front end writes, read from it).
UCCI_MATE = _UCCI_MATE
#: UCCI scores beyond this are mates (ElephantEye's convention; ours is the same).
UCCI_MATE_THRESHOLD = 9800
#: Longer move lists are cut at the last capture (no repetition reaches across one), as some
#: engines keep only 1024 moves.
MAX_HISTORY = 1000


@dataclass
class Option:
    """An option the engine offers: its name, type (``check``, ``spin``, ``combo``, ``string``,
    ``button``, ``filename``, ...), default, bounds and choices."""

    name: str
    type: str
    default: Optional[str] = None
    min: Optional[int] = None
    max: Optional[int] = None
    var: List[str] = field(default_factory=list)

    def text(self, value: Any) -> Optional[str]:
        """The value as the engine wants it; raises ``EngineError`` when it does not fit."""
        if self.type == "button":
            return None
        if self.type == "check":
            if isinstance(value, str) and value.lower() in ("true", "false"):
                return value.lower()
            if isinstance(value, (bool, int)):
                return "true" if value else "false"
            raise EngineError(f"option {self.name!r} is true or false, not {value!r}")
        if self.type == "spin":
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise EngineError(f"option {self.name!r} is a number, not {value!r}") from None
            if (self.min is not None and number < self.min) or (self.max is not None and number > self.max):
                raise EngineError(f"option {self.name!r} is {self.min}..{self.max}, not {number}")
            return str(number)
        if self.type == "combo" and self.var:
            for choice in self.var:
                if choice.lower() == str(value).lower():
                    return choice
            raise EngineError(f"option {self.name!r} is one of {', '.join(self.var)}, not {value!r}")
        text = str(value)
        if "\n" in text or "\r" in text:
            raise EngineError(f"option {self.name!r} cannot hold a line break")
        return text


_OPTION_KEYWORDS = ("type", "default", "min", "max", "var")


def _parse_option(words: List[str], ucci: bool) -> Option:
    """``option name <words> type <t> ...`` (UCI) or ``option <name> type <t> ...`` (UCCI)."""
    if words and words[0] == "name":
        words = words[1:]
    elif not ucci:
        raise ValueError("an option line needs a name")
    try:
        type_at = words.index("type")
    except ValueError:
        raise ValueError("an option line needs a type") from None
    name = " ".join(words[:type_at])
    fields: Dict[str, List[str]] = {}
    var: List[str] = []
    key = ""
    current: List[str] = []

    def close() -> None:
        if key == "var":
            var.append(" ".join(current))
        elif key:
            fields[key] = current

    for word in words[type_at:]:
        if word in _OPTION_KEYWORDS:
            close()
            key, current = word, []
        else:
            current.append(word)
    close()
    if not name or not fields.get("type"):
        raise ValueError("an option line needs a name and a type")
    default = " ".join(fields["default"]) if "default" in fields else None
    if default == "<empty>":
        default = ""

    def number(k: str) -> Optional[int]:
        return int(fields[k][0]) if fields.get(k) else None

    return Option(name, fields["type"][0], default, number("min"), number("max"), var)


def _int(words: List[str], i: int, line: str) -> int:
    try:
        return int(words[i])
    except (IndexError, ValueError):
        raise EngineProtocolError(f"malformed info line: a number is missing after {words[i - 1]!r}", line) from None


def _pump(stream: Any, sink: Callable[[Any], Any], mark_end: bool) -> None:
    """Passes each line of an engine's stream on; ``None`` at the end when ``mark_end``."""
    try:
        for line in iter(stream.readline, ""):
            sink(line.rstrip("\r\n"))
    except (OSError, ValueError):
        pass
    try:
        stream.close()
    except (OSError, ValueError):
        pass
    if mark_end:
        sink(None)


def _kill(process: "subprocess.Popen[str]") -> None:
    """Ends an engine process."""
    if process.poll() is None:
        try:
            process.kill()
            process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
    # The readers close stdout and stderr at their end: closing them here could wait on a read
    # that a surviving child of the engine keeps open.
    try:
        if process.stdin is not None:
            process.stdin.close()
    except (OSError, ValueError):
        pass


class SimpleEngine:
    """An engine process spoken to over UCI (``protocol="uci"``) or UCCI (``"ucci"``), one
    command at a time. Start one with ``popen_uci`` or ``popen_ucci``; ``quit()`` it, or use it
    as a context manager. ``stop()`` may be called from another thread."""

    def __init__(
        self,
        command: Command,
        protocol: str = "uci",
        *,
        ranks: Optional[int] = None,
        options: Optional[Mapping[str, Any]] = None,
        timeout: Optional[float] = DEFAULT_TIMEOUT,
        name: Optional[str] = None,
        cwd: Optional[str] = None,
        env: Optional[Mapping[str, str]] = None,
    ) -> None:
        if protocol not in ("uci", "ucci"):
            raise ValueError(f"protocol is 'uci' or 'ucci', not {protocol!r}")
        if ranks not in (None, 0, 1):
            raise ValueError(f"ranks start at 0 (ICCS) or 1, not {ranks!r}")
        self.protocol = protocol
        self.command: List[str] = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.command:
            raise ValueError("an engine command is needed")
        self.name = name or self.command[0]
        self.id: Dict[str, str] = {}
        self.options: Dict[str, Option] = {}
        self.config: Dict[str, Optional[str]] = {}
        self.rank_base = 0
        self.timeout = timeout
        self._lock = threading.RLock()
        self._write_lock = threading.Lock()
        self._lines: "queue.Queue[Optional[str]]" = queue.Queue()
        self._stderr: Deque[str] = collections.deque(maxlen=40)
        self._eof = False
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
                cwd=cwd,
                env=dict(env) if env is not None else None,
                # Out of the terminal's process group: Ctrl-C reaches this program, which then
                # ends its engines in order, not the engines in the middle of a move.
                start_new_session=os.name == "posix",
            )
        except OSError as e:
            raise EngineTerminatedError(f"cannot start engine {self.command!r}: {e}") from e
        # Even an engine that is never quit dies with its last reference.
        self._finalizer = weakref.finalize(self, _kill, self.process)
        # The readers hold the streams, not the engine, so that the finalizer can run.
        threading.Thread(target=_pump, args=(self.process.stdout, self._lines.put, True), daemon=True).start()
        threading.Thread(target=_pump, args=(self.process.stderr, self._stderr.append, False), daemon=True).start()
        try:
            self._handshake(timeout)
            # A multi-variant engine (Fairy-Stockfish) plays chess until told otherwise, and
            # numbers xiangqi ranks 1..10 in UCI (UCCI keeps ICCS's 0..9); an engine whose
            # variants start on xiangqi (ours, with janggi beside it) keeps ICCS's ranks.
            variant = self.find_option("UCI_Variant") if protocol == "uci" else None
            if variant is not None:
                self._setoption(variant.name, "xiangqi")
            other_game_first = variant is not None and (variant.default or "").lower() != "xiangqi"
            self.rank_base = ranks if ranks is not None else (1 if other_game_first else 0)
            if protocol == "ucci" and self.find_option("usemillisec") is not None:
                # Times go out in milliseconds; UCCI's default unit is the second.
                self._setoption("usemillisec", "true")
            if options:
                self.configure(options)
            self.ping(timeout)
        except BaseException:
            self.kill()
            raise

    @classmethod
    def popen_uci(cls, command: Command, **kwargs: Any) -> "SimpleEngine":
        """Starts an engine that speaks UCI. ``command`` is a list of arguments, or a string split
        as a shell would. Keyword arguments: ``ranks`` (0 or 1), ``options`` (set at once),
        ``timeout`` (for the handshake and each ``isready``; ``None`` waits forever), ``name``,
        ``cwd``, ``env``."""
        return cls(command, "uci", **kwargs)

    @classmethod
    def popen_ucci(cls, command: Command, **kwargs: Any) -> "SimpleEngine":
        """Starts an engine that speaks UCCI (see ``popen_uci`` for the arguments)."""
        return cls(command, "ucci", **kwargs)

    # ----- the process ----------------------------------------------------------------------

    @property
    def returncode(self) -> Optional[int]:
        """The exit status once the process has ended, else ``None``."""
        return self.process.poll()

    def is_alive(self) -> bool:
        return not self._eof and self.process.poll() is None

    def stderr_tail(self) -> str:
        """The engine's last lines of error output."""
        return "\n".join(self._stderr)

    def _terminated(self, doing: str) -> EngineTerminatedError:
        self._eof = True
        try:
            code: Optional[int] = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            code = None
        # Let the stderr reader catch the dying words.
        _time.sleep(0.02)
        tail = self.stderr_tail()
        status = f"exit status {code}" if code is not None else "still running, output closed"
        message = f"engine {self.name} terminated {doing} ({status})"
        if tail:
            message += ": " + tail.splitlines()[-1]
        return EngineTerminatedError(message, code, tail)

    def _send(self, line: str) -> None:
        if self._eof or self.process.poll() is not None:
            raise self._terminated(f"before {line.split()[0]!r}")
        LOGGER.debug("%s << %s", self.name, line)
        stdin = self.process.stdin
        assert stdin is not None
        try:
            with self._write_lock:
                stdin.write(line + "\n")
                stdin.flush()
        except (OSError, ValueError):
            raise self._terminated(f"while sent {line.split()[0]!r}") from None

    def _read(self, deadline: Optional[float], waiting_for: str) -> str:
        """The next line; raises at the deadline or when the engine is gone."""
        if self._eof:
            raise self._terminated(f"while {waiting_for}")
        timeout = None if deadline is None else max(0.0, deadline - _time.monotonic())
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise EngineTimeoutError(f"engine {self.name} did not answer in time while {waiting_for}") from None
        if line is None:
            raise self._terminated(f"while {waiting_for}")
        LOGGER.debug("%s >> %s", self.name, line)
        return line

    @staticmethod
    def _deadline(timeout: Optional[float]) -> Optional[float]:
        if timeout is None or timeout == float("inf"):
            return None
        return _time.monotonic() + timeout

    # ----- handshake and options ------------------------------------------------------------

    def _handshake(self, timeout: Optional[float]) -> None:
        ucci = self.protocol == "ucci"
        self._send("ucci" if ucci else "uci")
        deadline = self._deadline(timeout)
        done = "ucciok" if ucci else "uciok"
        while True:
            line = self._read(deadline, f"waiting for {done}")
            words = line.split()
            if not words:
                continue
            if words[0] == done:
                return
            if words[0] == "id" and len(words) >= 2:
                self.id[words[1]] = " ".join(words[2:])
            elif words[0] == "option":
                try:
                    option = _parse_option(words[1:], ucci)
                except ValueError as e:
                    raise EngineProtocolError(f"engine {self.name}: malformed option line ({e})", line) from None
                self.options[option.name] = option

    def find_option(self, name: str) -> Optional[Option]:
        """The option of that name (case does not matter), or ``None``."""
        option = self.options.get(name)
        if option is not None:
            return option
        lowered = name.lower()
        for candidate in self.options.values():
            if candidate.name.lower() == lowered:
                return candidate
        return None

    def _setoption(self, name: str, value: Optional[str]) -> None:
        if self.protocol == "ucci":
            self._send(f"setoption {name}" + ("" if value is None else f" {value}"))
        else:
            self._send(f"setoption name {name}" + ("" if value is None else f" value {value}"))
        self.config[name] = value

    def configure(self, options: Mapping[str, Any]) -> None:
        """Sets options by name (case does not matter). Values are checked against what the
        engine announced: ``True``/``False`` for a check box, a number in range for a spin, one of
        the choices of a combo. An option the engine does not offer raises ``EngineError``."""
        with self._lock:
            for name, value in options.items():
                option = self.find_option(name)
                if option is None:
                    offered = ", ".join(sorted(self.options)) or "none"
                    raise EngineError(f"engine {self.name} has no option {name!r} (it offers: {offered})")
                self._setoption(option.name, option.text(value))

    def ping(self, timeout: Optional[float] = None) -> None:
        """Waits until the engine has handled everything sent so far (``isready``), at most
        ``timeout`` seconds (by default the engine's ``timeout``)."""
        with self._lock:
            self._send("isready")
            deadline = self._deadline(self.timeout if timeout is None else timeout)
            while self._read(deadline, "waiting for readyok").split()[:1] != ["readyok"]:
                pass

    def new_game(self) -> None:
        """Tells the engine that the next position belongs to a new game."""
        with self._lock:
            if self.protocol == "uci":
                self._send("ucinewgame")
            elif self.find_option("newgame") is not None:
                self._setoption("newgame", None)

    # ----- searching ------------------------------------------------------------------------

    def _position_command(self, board: Board) -> str:
        fen, moves = board.root().fen(), board.move_stack
        if len(moves) > MAX_HISTORY:
            # Start after the last capture: the repetitions that matter all follow it.
            fen, moves = board.since_last_capture()
        text = f"position fen {fen}"
        if moves:
            text += " moves " + " ".join(m.uci(self.rank_base) for m in moves)
        return text

    def _go_command(self, board: Board, limit: _engine.Limit) -> str:
        def ms(seconds: float) -> str:
            return str(max(0, int(round(seconds * 1000))))

        words = ["go"]
        clock = limit if limit.has_clock() else None
        if self.protocol == "ucci":
            if clock is not None:
                red = board.turn
                own, opp = (clock.red_clock, clock.black_clock) if red else (clock.black_clock, clock.red_clock)
                own_inc, opp_inc = (clock.red_inc, clock.black_inc) if red else (clock.black_inc, clock.red_inc)
                words += ["time", ms(own or 0.0)]
                if clock.remaining_moves:
                    words += ["movestogo", str(clock.remaining_moves)]
                elif own_inc:
                    words += ["increment", ms(own_inc)]
                if opp is not None:
                    words += ["opptime", ms(opp)]
                    if opp_inc and not clock.remaining_moves:
                        words += ["oppincrement", ms(opp_inc)]
            elif limit.time is not None:
                # UCCI has no fixed time per move: a clock with one move to go is the same.
                words += ["time", ms(limit.time), "movestogo", "1"]
        else:
            if clock is not None:
                if clock.red_clock is not None:
                    words += ["wtime", ms(clock.red_clock)]
                if clock.black_clock is not None:
                    words += ["btime", ms(clock.black_clock)]
                if clock.red_inc:
                    words += ["winc", ms(clock.red_inc)]
                if clock.black_inc:
                    words += ["binc", ms(clock.black_inc)]
                if clock.remaining_moves:
                    words += ["movestogo", str(clock.remaining_moves)]
            if limit.time is not None:
                words += ["movetime", ms(limit.time)]
        if limit.mate is not None:
            # UCCI has no mate search: the depth a mate that long needs, by the Rust search's formula.
            words += ["mate", str(limit.mate)] if self.protocol == "uci" else ["depth", str(mate_depth(limit.mate))]
        if limit.depth is not None:
            words += ["depth", str(int(limit.depth))]
        if limit.nodes is not None:
            words += ["nodes", str(int(limit.nodes))]
        if len(words) == 1:
            words.append("infinite")
        return " ".join(words)

    @staticmethod
    def _default_timeout(board: Board, limit: _engine.Limit) -> Optional[float]:
        if limit.has_clock():
            own = limit.red_clock if board.turn else limit.black_clock
            return (own or 0.0) + TIMED_SEARCH_GRACE
        if limit.time is not None:
            return limit.time + TIMED_SEARCH_GRACE
        return None

    def _parse_info(self, line: str, board: Board) -> InfoDict:
        words = line.split()
        info: Dict[str, Any] = {}
        i = 1
        while i < len(words):
            key = words[i]
            if key == "string":
                info["string"] = " ".join(words[i + 1 :])
                break
            if key in ("depth", "seldepth", "nodes", "multipv", "hashfull", "nps", "tbhits", "currmovenumber", "cpuload"):
                info[key] = _int(words, i + 1, line)
                i += 2
            elif key == "time":
                info["time"] = _int(words, i + 1, line) / 1000.0
                i += 2
            elif key == "score":
                i = self._parse_score(words, i + 1, line, board, info)
            elif key == "wdl":
                info["wdl"] = (_int(words, i + 1, line), _int(words, i + 2, line), _int(words, i + 3, line))
                i += 4
            elif key == "currmove":
                i += 2
            elif key == "pv":
                info["pv"] = self._parse_pv(words[i + 1 :], board)
                break
            else:
                # Unknown words are skipped, as the protocol asks.
                i += 1
        return typing.cast(InfoDict, info)

    def _parse_score(self, words: List[str], i: int, line: str, board: Board, info: Dict[str, Any]) -> int:
        kind = words[i] if i < len(words) else ""
        if kind == "cp":
            score: Score = Cp(_int(words, i + 1, line))
            i += 2
        elif kind == "mate":
            score = Mate(_int(words, i + 1, line))
            i += 2
        else:
            # UCCI: a bare number, mates near UCCI_MATE.
            value = _int(words, i, line)
            i += 1
            if abs(value) > UCCI_MATE_THRESHOLD:
                plies = max(0, UCCI_MATE - abs(value))
                score = Mate((plies + 1) // 2) if value > 0 else Mate(-(plies // 2))
            else:
                score = Cp(value)
        while i < len(words) and words[i] in ("lowerbound", "upperbound"):
            info[words[i]] = True
            i += 1
        info["score"] = PovScore(score, board.turn)
        return i

    def _parse_pv(self, words: List[str], board: Board) -> List[Move]:
        # A principal variation is advice: keep its legal beginning.
        replay = board.copy(stack=False)
        pv: List[Move] = []
        for text in words:
            try:
                move = replay.parse_uci(text, self.rank_base)
                replay.push(move)
            except ValueError:
                break
            pv.append(move)
        return pv

    def _parse_move(self, text: str, board: Board, line: str) -> Move:
        try:
            move = Move.from_uci(text, self.rank_base)
        except ValueError:
            raise EngineProtocolError(f"engine {self.name} sent a malformed best move {text!r}", line) from None
        if not board.is_legal(move):
            raise EngineIllegalMoveError(
                f"engine {self.name} played the illegal move {text!r} in {board.fen()}", line, text, board.fen()
            )
        return move

    def _best_move(self, line: str, board: Board) -> Tuple[Optional[Move], Optional[Move]]:
        """The move and the ponder move of a `bestmove` line, checked against `board`; no move
        for `(none)`, `0000`, `none`, `null` or a line that is not `bestmove`, no ponder move for
        one that is not legal after the move."""
        words = line.split()
        text = words[1] if words[0] == "bestmove" and len(words) > 1 else "(none)"
        if text in ("(none)", "0000", "none", "null"):
            return None, None
        move = self._parse_move(text, board, line)
        ponder = None
        if len(words) >= 4 and words[2] == "ponder":
            after = board.copy(stack=False)
            after.push(move)
            try:
                ponder = after.parse_uci(words[3], self.rank_base)
            except ValueError:
                ponder = None
        return move, ponder

    def _search(
        self,
        board: Board,
        limit: _engine.Limit,
        multipv: int,
        timeout: Optional[float],
        info: Optional[Callable[[InfoDict], Any]],
        on_go: Optional[Callable[[], Any]] = None,
    ) -> Tuple[str, Dict[int, InfoDict], float]:
        """Runs one search: returns the ``bestmove`` line, the last info per PV line and the
        elapsed seconds. ``on_go`` is called once ``go`` is sent."""
        if multipv > 1 or "MultiPV" in self.config:
            option = self.find_option("MultiPV")
            if option is None:
                if multipv > 1:
                    raise EngineError(f"engine {self.name} has no MultiPV option")
            elif self.config.get(option.name) != str(multipv):
                self._setoption(option.name, str(multipv))
        self._send(self._position_command(board))
        self.ping()
        if timeout is None:
            timeout = self._default_timeout(board, limit)
        self._send(self._go_command(board, limit))
        if on_go is not None:
            on_go()
        start = _time.monotonic()
        deadline = self._deadline(timeout)
        lines: Dict[int, InfoDict] = {}
        while True:
            try:
                line = self._read(deadline, "searching")
            except EngineTimeoutError:
                self._recover_from_timeout()
                raise
            words = line.split()
            if not words:
                continue
            if words[0] == "info":
                parsed = self._parse_info(line, board)
                if "score" in parsed or "pv" in parsed:
                    lines.setdefault(parsed.get("multipv", 1), {}).update(parsed)
                if info is not None:
                    info(parsed)
            elif words[0] in ("bestmove", "nobestmove"):
                return line, lines, _time.monotonic() - start

    def _recover_from_timeout(self) -> None:
        """After a missed deadline: ask for the move and drop it; kill an engine that still
        does not answer, as its state is unknown."""
        try:
            self._send("stop")
            deadline = _time.monotonic() + STOP_GRACE
            while self._read(deadline, "stopping").split()[:1] not in (["bestmove"], ["nobestmove"]):
                pass
        except EngineError:
            self.kill()

    def play(
        self,
        board: Board,
        limit: _engine.Limit,
        *,
        timeout: Optional[float] = None,
        info: Optional[Callable[[InfoDict], Any]] = None,
    ) -> PlayResult:
        """The engine's move in the board's position, found within ``limit``. ``timeout`` is how
        long to wait for it (by default: unbounded for depth and node limits, the time or the
        clock plus ``TIMED_SEARCH_GRACE`` otherwise). ``info`` is called with each info dict.
        An empty ``Limit()`` raises ``XiangqiError`` (it would search until stopped: use
        ``analysis``)."""
        _engine._check_play_limit(limit)
        with self._lock:
            line, lines, elapsed = self._search(board, limit, 1, timeout, info)
            last = lines.get(1, {})
            result = PlayResult(
                move=None,
                score=last.get("score"),
                pv=last.get("pv", []),
                depth=last.get("depth", 0),
                nodes=last.get("nodes", 0),
                time=last.get("time", 0.0),
                elapsed=elapsed,
                info=last,
            )
            result.move, result.ponder = self._best_move(line, board)
            if result.move is None:
                # With legal moves left, no move is a claim that the game is drawn (ElephantEye
                # says `nobestmove` once it holds a repetition or its no-progress count drawn):
                # the caller judges it by its own rules.
                result.draw_claimed = bool(board.legal_moves)
            return result

    def analyse(
        self,
        board: Board,
        limit: _engine.Limit,
        *,
        multipv: Optional[int] = None,
        timeout: Optional[float] = None,
        info: Optional[Callable[[InfoDict], Any]] = None,
    ) -> Union[InfoDict, List[InfoDict]]:
        """The analysis of the board's position: the last info dict (``score``, ``pv``,
        ``depth``, ``nodes``, ``time``, ...); with ``multipv`` a list of them, best first."""
        with self._lock:
            _, lines, _ = self._search(board, limit, multipv or 1, timeout, info)
            infos = [lines[k] for k in sorted(lines)]
            if multipv is None:
                return infos[0] if infos else {}
            return infos[:multipv]

    def analysis(
        self,
        board: Board,
        limit: Optional[_engine.Limit] = None,
        *,
        multipv: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> AnalysisResult:
        """Starts analysing the board's position (a copy of it) on a thread of its own and
        returns at once, as python-chess's ``analysis``: iterate over the ``AnalysisResult``
        for each info dict the engine sends; ``stop()`` it or leave its ``with`` block.
        Without a ``limit`` the engine searches until stopped (``go infinite``). Other calls
        wait until the analysis ends."""
        limit = _engine.Limit() if limit is None else limit
        board = board.copy()
        result = AnalysisResult(self.stop)

        def stop_if_asked() -> None:
            # A stop() that came before `go` was sent would have been lost.
            if result.stop_requested:
                self.stop()

        def run() -> None:
            try:
                with self._lock:
                    line, _, _ = self._search(board, limit, multipv or 1, timeout, result.post, stop_if_asked)
                    best = BestMove(*self._best_move(line, board))
            except BaseException as e:  # handed to the reader
                result.finish(None, e)
            else:
                result.finish(best)

        threading.Thread(target=run, name=f"xiangqi-analysis-{self.name}", daemon=True).start()
        return result

    def stop(self) -> None:
        """Asks the running search to end now (from another thread)."""
        if self.is_alive():
            try:
                self._send("stop")
            except EngineTerminatedError:
                pass

    # ----- ending ---------------------------------------------------------------------------

    def quit(self, timeout: float = 2.0) -> None:
        """Asks the engine to exit, and ends it if it does not within ``timeout`` seconds."""
        if self.process.poll() is None and not self._eof:
            try:
                self._send("quit")
            except EngineError:
                pass
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            pass
        self.kill()

    close = quit

    def kill(self) -> None:
        """Ends the process at once."""
        self._eof = True
        _kill(self.process)

    def __enter__(self) -> "SimpleEngine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.quit()

    def __repr__(self) -> str:
        state = "alive" if self.is_alive() else f"ended ({self.returncode})"
        return f"<SimpleEngine {self.id.get('name', self.name)!r} {self.protocol} {state}>"


class AsyncEngine:
    """A ``SimpleEngine`` for asyncio code: each call runs in the loop's default executor.
    ``await AsyncEngine.popen_uci(cmd)``; then ``await engine.play(board, limit)``."""

    def __init__(self, engine: SimpleEngine) -> None:
        self.engine = engine

    @classmethod
    async def popen_uci(cls, command: Command, **kwargs: Any) -> "AsyncEngine":
        return cls(await asyncio.get_running_loop().run_in_executor(None, lambda: SimpleEngine.popen_uci(command, **kwargs)))

    @classmethod
    async def popen_ucci(cls, command: Command, **kwargs: Any) -> "AsyncEngine":
        return cls(await asyncio.get_running_loop().run_in_executor(None, lambda: SimpleEngine.popen_ucci(command, **kwargs)))

    async def _run(self, call: Callable[[], Any]) -> Any:
        return await asyncio.get_running_loop().run_in_executor(None, call)

    async def configure(self, options: Mapping[str, Any]) -> None:
        await self._run(lambda: self.engine.configure(options))

    async def play(self, board: Board, limit: _engine.Limit, **kwargs: Any) -> PlayResult:
        result: PlayResult = await self._run(lambda: self.engine.play(board, limit, **kwargs))
        return result

    async def analyse(self, board: Board, limit: _engine.Limit, **kwargs: Any) -> Union[InfoDict, List[InfoDict]]:
        result: Union[InfoDict, List[InfoDict]] = await self._run(lambda: self.engine.analyse(board, limit, **kwargs))
        return result

    async def analysis(self, board: Board, limit: Optional[_engine.Limit] = None, **kwargs: Any) -> AnalysisResult:
        """``SimpleEngine.analysis``: ``async for info in await engine.analysis(board)``."""
        result: AnalysisResult = await self._run(lambda: self.engine.analysis(board, limit, **kwargs))
        return result

    def stop(self) -> None:
        self.engine.stop()

    async def quit(self) -> None:
        await self._run(self.engine.quit)

    async def __aenter__(self) -> "AsyncEngine":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.quit()
