"""A live engine switched between xiangqi and janggi, for a while: the Python ``Engine`` shared
by two threads, and a UCI session fed random command sequences, at the same time.

    python tools/stress/variant_stress.py --engine target/release/xiangqi --seconds 180

Python: two threads search boards of every variant on one engine, load nets of both games (and
bad net files, with and without the game they are meant for), switch the evaluation and rules,
start new games and stop each other's searches. Fails on a ``PanicException`` or any other
unexpected exception, a refused load that did not raise ``NetError``, an illegal move, or a
thread that makes no progress for 60 s.

UCI: ``setoption name UCI_Variant`` mid-game, ``position`` commands for either game (read in
the session's variant, as the engine does), ``go depth/nodes/movetime/infinite`` and ``stop``,
``isready``, ``ucinewgame``, ``EvalFile`` with good and bad nets, and bad commands. The script
keeps the position the engine must be in with the Python ``Board`` of that variant, and fails
when the engine dies, writes to stderr, reports an internal error (a panic it caught), leaves an
``isready`` unanswered for 2 s, answers a
``go`` with a move that is not legal in the position it was sent for, or leaves a search
unanswered at the end.
"""

from __future__ import annotations

import argparse
import collections
import faulthandler
import os
import queue
import random
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Deque, List, Optional, Tuple

import xiangqi
from xiangqi.engine import Engine, Limit

VARIANTS = ["xiangqi", "janggi", "janggitraditional", "janggimodern", "janggicasual"]
NETS = Path(__file__).resolve().parent.parent.parent / "xiangqi-search" / "nets"
# Commands that must not change the position or start a search (those go through the model).
GARBAGE = [
    "", "   ", "hello", "setoption", "setoption name", "setoption name UCI_Variant value chess",
    "setoption name UCI_Variant value", "setoption name UCI_Variant value janggi modern",
    "setoption name Evaluation value fancy", "setoption name Hash value -1",
    "setoption name Threads value 0", "banmoves a0a9", "banmoves e1e1", "perft", "bench x", "x" * 5000,
    "setoption name EvalFile value /nonexistent/net.nnue", "\u5e05\u4e94\u8fdb\u4e00", "d",
]


def fnv1a(data: bytes) -> int:
    h = 0x811C9DC5
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def reseal(data: bytes) -> bytes:
    return data[:-4] + fnv1a(data[:-4]).to_bytes(4, "little")


def write_nets(folder: Path) -> dict:
    """Net files of both games, good and bad, made from the shipped nets; name -> (path, game or
    None for a bad file)."""
    xq = (NETS / "default.nnue").read_bytes()
    jg = (NETS / "janggi.nnue").read_bytes()
    files = {
        "xiangqi": (xq, "xiangqi"),
        "janggi": (jg, "janggi"),
        "janggi-as-xiangqi": (reseal(jg[:12] + (0).to_bytes(4, "little") + jg[16:]), "xiangqi"),
        "xiangqi-as-janggi": (reseal(xq[:12] + (1).to_bytes(4, "little") + xq[16:]), "janggi"),
        "cut": (xq[: len(xq) // 3], None),
        "architecture": (reseal(xq[:8] + (9).to_bytes(4, "little") + xq[12:]), None),
        "overflow": (reseal(xq[:64] + (32767).to_bytes(2, "little", signed=True) + xq[66:]), None),  # w1[0]
    }
    out = {}
    for name, (data, game) in files.items():
        path = folder / f"{name}.nnue"
        path.write_bytes(data)
        out[name] = (path, game)
    return out


def game_of(variant: str) -> str:
    return "xiangqi" if variant == "xiangqi" else "janggi"


def random_board(rng: random.Random, variant: Optional[str] = None) -> xiangqi.Board:
    board = xiangqi.Board(variant=variant or rng.choice(VARIANTS))
    for _ in range(rng.randrange(0, rng.choice([40, 200]))):
        moves = list(board.legal_moves)
        if not moves or board.outcome() is not None:
            break
        board.push(rng.choice(moves))
    return board


class Failures:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.items: List[str] = []
        self.counts: "collections.Counter[str]" = collections.Counter()

    def fail(self, what: str) -> None:
        with self.lock:
            self.items.append(what)

    def count(self, what: str) -> None:
        with self.lock:
            self.counts[what] += 1


# ----- the Python engine from two threads ----------------------------------------------------------


class PythonSide:
    def __init__(self, seconds: float, seed: int, nets: dict, failures: Failures) -> None:
        self.deadline = time.monotonic() + seconds
        self.seed = seed
        self.nets = nets
        self.failures = failures
        self.engine = Engine(hash_mb=4, seed=1)
        self.heartbeat = [time.monotonic()] * 2

    def search(self, rng: random.Random) -> None:
        board = random_board(rng)
        limit = rng.choice([Limit(depth=rng.randrange(1, 6)), Limit(nodes=rng.randrange(1, 5000)), Limit(time=rng.uniform(0.001, 0.05))])
        where = f"{board.variant} {board.fen()}"
        if rng.random() < 0.6:
            result = self.engine.play(board, limit)
            if result.move is None:
                if list(board.legal_moves) and board.outcome() is None:
                    self.failures.fail(f"python: no move in {where}")
            elif result.move not in board.legal_moves:
                self.failures.fail(f"python: illegal move {board.uci(result.move)} in {where}")
        else:
            info = self.engine.analyse(board, limit, multipv=rng.randrange(1, 3))
            for line in info if isinstance(info, list) else [info]:
                pv = line.get("pv") or []
                if pv and pv[0] not in board.legal_moves:
                    self.failures.fail(f"python: illegal pv move {board.uci(pv[0])} in {where}")

    def load(self, rng: random.Random) -> None:
        name = rng.choice(sorted(self.nets))
        path, game = self.nets[name]
        meant = rng.choice([None, rng.choice(VARIANTS)])
        refused = game is None or (meant is not None and game_of(meant) != game)
        try:
            if rng.random() < 0.7:
                self.engine.load_net(path, variant=meant)
            else:
                refused = game is None
                self.engine.set_evaluation("nnue", path)
        except xiangqi.NetError:
            if not refused:
                self.failures.fail(f"python: the good net {name} (for {meant}) was refused")
            return
        if refused:
            self.failures.fail(f"python: the bad net {name} (for {meant}) was taken")

    def worker(self, index: int) -> None:
        rng = random.Random(self.seed * 1000 + index)
        while time.monotonic() < self.deadline:
            self.heartbeat[index] = time.monotonic()
            op = rng.choices(["search", "load", "evaluation", "rules", "new_game", "stop"], weights=[8, 3, 1, 1, 1, 2])[0]
            try:
                if op == "search":
                    self.search(rng)
                elif op == "load":
                    self.load(rng)
                elif op == "evaluation":
                    self.engine.set_evaluation(rng.choice(["nnue", "classical"]))
                elif op == "rules":
                    self.engine.configure({"Rules": rng.choice([None, "axf", "casual", "simple"])})
                elif op == "new_game":
                    self.engine.new_game()
                else:
                    time.sleep(rng.uniform(0, 0.01))
                    self.engine.stop()
                self.failures.count("python " + op)
            except BaseException as e:  # PanicException is a BaseException
                self.failures.fail(f"python {op}: {type(e).__name__}: {e}\n{traceback.format_exc()}")
                if not isinstance(e, Exception):
                    return

    def start(self) -> List[threading.Thread]:
        threads = [threading.Thread(target=self.worker, args=(i,), daemon=True) for i in range(2)]
        for t in threads:
            t.start()
        return threads


# ----- the UCI session -----------------------------------------------------------------------------


class Model:
    """What the session must hold: its variant and its position, as a Board of that variant."""

    def __init__(self) -> None:
        self.variant = "xiangqi"
        self.board = xiangqi.Board(variant="xiangqi")

    def set_variant(self, variant: str) -> None:
        self.variant = variant
        self.board = xiangqi.Board(variant=variant)

    def new_game(self) -> None:
        self.board = xiangqi.Board(variant=self.variant)

    def position(self, fen: Optional[str], moves: List[str]) -> None:
        """As the session reads `position`: a FEN it cannot read in its variant changes nothing;
        moves are played up to the first one that is not legal."""
        if fen is None:
            board = xiangqi.Board(variant=self.variant)
        else:
            try:
                board = xiangqi.Board(fen, variant=self.variant)
            except ValueError:
                return
        for text in moves:
            try:
                move = board.parse_uci(text)
            except ValueError:
                break
            if move not in board.legal_moves:
                break
            board.push(move)
        self.board = board


def position_command(rng: random.Random, model: Model) -> Tuple[str, Optional[str], List[str]]:
    """A `position` command, often of the other game, sometimes with moves that are not legal."""
    source = random_board(rng, rng.choice([model.variant, rng.choice(VARIANTS)]))
    rest = random_board(rng, source.variant)
    fen: Optional[str] = None
    if rng.random() < 0.6 and source.fen() != xiangqi.STARTING_FEN:
        fen = source.fen()
    base = source if fen is not None else xiangqi.Board(variant=source.variant)
    moves: List[str] = []
    for _ in range(rng.randrange(0, 8)):
        legal = list(base.legal_moves)
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(base.uci(move))
        base.push(move)
    if rng.random() < 0.1:
        moves.insert(rng.randrange(len(moves) + 1), rng.choice(["zz99", "e1e1", "a0a9", rest.fen().split()[0][:4]]))
    text = "position " + ("startpos" if fen is None else "fen " + fen) + ("" if not moves else " moves " + " ".join(moves))
    return text, fen, moves


class UciSide:
    def __init__(self, engine: str, seconds: float, seed: int, nets: dict, failures: Failures, ready_timeout: float) -> None:
        self.deadline = time.monotonic() + seconds
        self.rng = random.Random(seed)
        self.nets = nets
        self.failures = failures
        self.ready_timeout = ready_timeout
        self.proc = subprocess.Popen([engine, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: "queue.Queue[str]" = queue.Queue()
        self.errors: List[str] = []
        self.history: Deque[str] = collections.deque(maxlen=400)
        self.model = Model()
        # The position each unanswered `go` was sent for, oldest first.
        self.pending: Deque[Tuple[xiangqi.Board, str]] = collections.deque()
        self.outstanding: List[float] = []
        self.infinite_running = False
        self.sent = self.goes = self.answers = 0
        threading.Thread(target=self.pump, args=(self.proc.stdout, self.lines.put), daemon=True).start()
        threading.Thread(target=self.pump, args=(self.proc.stderr, self.errors.append), daemon=True).start()

    @staticmethod
    def pump(stream, sink) -> None:
        for raw in stream:
            sink(raw.decode("utf-8", "replace").rstrip("\n"))

    def send(self, command: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command.encode() + b"\n")
        self.proc.stdin.flush()
        self.sent += 1
        self.history.append(f"{time.monotonic():.3f} > {command[:100]}")
        if command == "isready":
            self.outstanding.append(time.monotonic())

    def read(self) -> None:
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            self.history.append(f"{time.monotonic():.3f} < {line[:100]}")
            if line == "readyok" and self.outstanding:
                self.outstanding.pop(0)
            elif line.startswith("bestmove"):
                self.answers += 1
                self.check_bestmove(line)
            elif line.startswith("info string") and ("internal error" in line or "restarted" in line):
                # A panic caught inside the engine: the session goes on, but it is a bug.
                self.failures.fail(f"uci: {line}")

    def check_bestmove(self, line: str) -> None:
        if not self.pending:
            self.failures.fail(f"uci: {line!r} answers no go")
            return
        board, sent = self.pending.popleft()
        words = line.split()
        where = f"{board.variant} {board.fen()} (after {sent!r})"
        if len(words) < 2 or words[1] in ("(none)", "0000", "none"):
            if list(board.legal_moves) and board.outcome() is None:
                self.failures.fail(f"uci: {line!r} in {where}")
            return
        try:
            move = board.parse_uci(words[1])
        except ValueError:
            self.failures.fail(f"uci: unreadable {line!r} in {where}")
            return
        if move not in board.legal_moves:
            self.failures.fail(f"uci: illegal {line!r} in {where}")

    def command(self) -> str:
        """A random command, applied to the model as the session applies it. During an infinite
        search no stop has reached, the session refuses `setoption`, `position` and `go` (an
        error line) and `ucinewgame` stops the search first; commands are taken in the order
        sent, so the model follows the same rule."""
        rng, model = self.rng, self.model
        idle = not self.infinite_running
        r = rng.random()
        if r < 0.10:
            variant = rng.choice(VARIANTS)
            if idle:
                model.set_variant(variant)
            return "setoption name UCI_Variant value " + variant
        if r < 0.28:
            text, fen, moves = position_command(rng, model)
            if idle:
                model.position(fen, moves)
            return text
        if r < 0.45:
            legal = [model.board.uci(m) for m in model.board.legal_moves]
            some = " ".join(rng.sample(legal, min(len(legal), rng.randrange(1, 4))))
            go = rng.choice(["go depth %d" % rng.randrange(1, 7), "go nodes %d" % rng.randrange(1, 20000),
                             "go movetime %d" % rng.randrange(1, 50), "go infinite", "go mate %d" % rng.randrange(1, 4),
                             "go depth %d searchmoves %s" % (rng.randrange(1, 6), some) if some else "go depth 2",
                             "go wtime %d btime %d winc 10 binc 10" % (rng.randrange(50, 3000), rng.randrange(50, 3000))])
            if idle:
                self.pending.append((model.board.copy(), go))
                self.goes += 1
                self.infinite_running = go == "go infinite"
            return go
        if r < 0.60:
            self.infinite_running = False
            return "stop"
        if r < 0.72:
            return "isready"
        if r < 0.78:
            model.new_game()
            self.infinite_running = False
            return "ucinewgame"
        if r < 0.86:
            name = rng.choice(sorted(self.nets))
            return f"setoption name EvalFile value {self.nets[name][0]}"
        if r < 0.90:
            return rng.choice(["setoption name Evaluation value nnue", "setoption name Evaluation value classical",
                               "setoption name EvalFile value <embedded>", "setoption name Clear Hash",
                               "setoption name Threads value %d" % rng.randrange(1, 4), "go perft %d" % rng.randrange(1, 3),
                               "setoption name MultiPV value %d" % rng.randrange(1, 4),
                               "setoption name Level value " + rng.choice(["beginner", "club", "master"]),
                               "setoption name Rules value " + rng.choice(["axf", "casual", "simple"])])
        return rng.choice(GARBAGE)

    def run(self) -> None:
        rng = self.rng
        self.send("uci")
        self.send("setoption name Hash value 8")
        while time.monotonic() < self.deadline and not self.failures.items:
            if self.proc.poll() is not None:
                self.failures.fail(f"uci: the engine exited with {self.proc.returncode}")
                break
            command = self.command()
            try:
                self.send(command)
            except BrokenPipeError:
                self.failures.fail("uci: the engine closed its input")
                break
            self.read()
            if self.outstanding and time.monotonic() - self.outstanding[0] > self.ready_timeout:
                self.failures.fail(f"uci: isready unanswered for {self.ready_timeout} s")
            if self.errors:
                self.failures.fail("uci stderr: " + " | ".join(self.errors[:3]))
            self.failures.count("uci commands")
            time.sleep(rng.choice([0, 0, 0.001, 0.005, 0.02, 0.05]))
        # Every search must still be answered once stopped.
        end = time.monotonic() + 10
        while self.pending and time.monotonic() < end and self.proc.poll() is None:
            self.send("stop")
            time.sleep(0.1)
            self.read()
        if self.pending and not self.failures.items:
            self.failures.fail(f"uci: {len(self.pending)} search(es) unanswered 10 s after the end")
        try:
            self.send("isready")
            self.send("quit")
        except BrokenPipeError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.failures.fail("uci: the engine did not end within 5 s of quit")
            self.proc.kill()
        if self.proc.returncode not in (0, None):
            self.failures.fail(f"uci: exit status {self.proc.returncode}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="target/release/xiangqi")
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--ready-timeout", type=float, default=2.0, help="seconds an isready may wait")
    parser.add_argument("--no-python", action="store_true", help="only the UCI session")
    parser.add_argument("--no-uci", action="store_true", help="only the Python engine")
    args = parser.parse_args()
    print(f"variant stress: {args.seconds:.0f} s, seed {args.seed}")
    faulthandler.enable()
    failures = Failures()
    with tempfile.TemporaryDirectory(prefix="xq-variant-stress-") as folder:
        nets = write_nets(Path(folder))
        python = PythonSide(args.seconds, args.seed, nets, failures)
        threads = [] if args.no_python else python.start()
        uci = None if args.no_uci else UciSide(args.engine, args.seconds, args.seed, nets, failures, args.ready_timeout)
        if uci is not None:
            uci.run()
        while any(t.is_alive() for t in threads):
            faulthandler.dump_traceback_later(90, exit=True)
            time.sleep(0.5)
            now = time.monotonic()
            stuck = [i for i, t in enumerate(threads) if t.is_alive() and now - python.heartbeat[i] > 60]
            if stuck:
                print(f"python threads {stuck} made no progress for 60 s (deadlock?)", file=sys.stderr)
                faulthandler.dump_traceback(all_threads=True)
                return 1
        faulthandler.cancel_dump_traceback_later()
    print("operations:", dict(sorted(failures.counts.items())))
    if uci is not None:
        print(f"uci: {uci.sent} commands, {uci.goes} searches, {uci.answers} answered")
    if failures.items:
        print(f"FAILED: {len(failures.items)} failure(s)", file=sys.stderr)
        for item in failures.items[:10]:
            print("--- " + item, file=sys.stderr)
        if uci is not None:
            print("last lines sent (>) and read (<):", file=sys.stderr)
            for entry in uci.history:
                print("  " + entry, file=sys.stderr)
        return 1
    print("variant stress: no failure")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONFAULTHANDLER", "1")
    sys.exit(main())
