"""A UCI session fed random valid and invalid commands with random timing, for a while.

    python tools/stress/uci_stress.py --engine target/release/xiangqi --seconds 180

Fails when the engine dies, writes to stderr, leaves an `isready` unanswered for 2 s, answers a
`go` with an illegal or missing move once stopped, or does not end within 5 s of `quit`.
Uses only the standard library.
"""

from __future__ import annotations

import argparse
import collections
import queue
import random
import subprocess
import sys
import threading
import time

GARBAGE = [
    "", "   ", "hello", "go depth", "go depth x", "go nodes -5", "go movetime abc", "go unknown 5",
    "position", "position fen", "position fen 9/9/9 w", "position startpos moves zz99",
    "position startpos moves h2e2 h2e2", "setoption", "setoption name", "setoption name Hash value",
    "setoption name Hash value -1", "setoption name Hash value 999999999",
    "setoption name Hash value 99999999999999999999999", "setoption name Threads value 0",
    "setoption name Threads value 100000", "setoption name MultiPV value 999999999999999999999",
    "setoption name Level value Grandmaster", "setoption name Rules value chess", "banmoves a0a9",
    "perft", "go perft", "go perft 99", "go perft -1", "bench x", "bench 0", "x" * 10000,
    "go movetime 99999999999999999999", "go wtime -5 btime -5", "go depth 99999999999999999999",
    "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 4294967295 4294967295",
    "position fen 3k5/9/9/9/9/9/9/9/9/R3K4 w - - 4294967295 1 moves a0a1",
]

MOVES = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "c3c4", "g6g5"]


def valid_command(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.15:
        return "position startpos moves " + " ".join(MOVES[: rng.randrange(len(MOVES) + 1)])
    if r < 0.35:
        return rng.choice(["go depth %d" % rng.randrange(1, 6), "go nodes %d" % rng.randrange(1, 20000),
                           "go movetime %d" % rng.randrange(0, 60), "go wtime %d btime %d" % (rng.randrange(0, 3000), rng.randrange(0, 3000)),
                           "go infinite", "go depth 1000", "go perft %d" % rng.randrange(0, 9)])
    if r < 0.55:
        return "stop"
    if r < 0.7:
        return "isready"
    if r < 0.8:
        return rng.choice(["setoption name Hash value %d" % rng.randrange(1, 32), "setoption name Threads value %d" % rng.randrange(1, 4),
                           "setoption name MultiPV value %d" % rng.randrange(1, 4), "setoption name Level value " + rng.choice(["Beginner", "Club", "Master"]),
                           "setoption name Rules value " + rng.choice(["casual", "simple", "axf"]), "setoption name Clear Hash"])
    if r < 0.85:
        return rng.choice(["ucinewgame", "uci", "d", "ponderhit", "go ponder"])
    return rng.choice(GARBAGE)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="target/release/xiangqi")
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"uci stress: {args.seconds:.0f} s, seed {args.seed}")
    proc = subprocess.Popen([args.engine, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines: "queue.Queue[str]" = queue.Queue()
    errors: list[str] = []

    def pump(stream, sink) -> None:
        for raw in stream:
            sink(raw.decode("utf-8", "replace").rstrip("\n"))

    threading.Thread(target=pump, args=(proc.stdout, lines.put), daemon=True).start()
    threading.Thread(target=pump, args=(proc.stderr, errors.append), daemon=True).start()

    def write(data: bytes) -> None:
        assert proc.stdin is not None
        proc.stdin.write(data)
        proc.stdin.flush()

    failures: list[str] = []
    history: "collections.deque[str]" = collections.deque(maxlen=30)  # what was sent and read last
    outstanding: list[float] = []  # send times of unanswered isready
    sent = received = goes = answers = 0
    deadline = time.monotonic() + args.seconds
    while time.monotonic() < deadline and not failures:
        if proc.poll() is not None:
            failures.append(f"the engine exited with {proc.returncode}")
            break
        command = valid_command(rng)
        data = command.encode() + b"\n"
        if rng.random() < 0.02:
            # Random bytes instead: no answer is expected for them.
            command = ""
            data = bytes(rng.randrange(1, 256) for _ in range(rng.randrange(1, 64))).replace(b"\n", b" ") + b"\n"
        write(data)
        sent += 1
        history.append(f"{time.monotonic():.3f} > {data[:80]!r}")
        if command == "isready":
            outstanding.append(time.monotonic())
        if command.startswith("go") and not command.startswith("go perft"):
            goes += 1
        while True:
            try:
                line = lines.get_nowait()
            except queue.Empty:
                break
            received += 1
            history.append(f"{time.monotonic():.3f} < {line[:80]}")
            if line == "readyok" and outstanding:
                outstanding.pop(0)
            elif line.startswith("bestmove"):
                answers += 1
                if line == "bestmove (none)":
                    failures.append("bestmove (none) from a position with moves")
        if outstanding and time.monotonic() - outstanding[0] > 2.0:
            failures.append("isready unanswered for 2 s")
        if errors:
            failures.append("stderr: " + " | ".join(errors[:3]))
        time.sleep(rng.choice([0, 0, 0.001, 0.005, 0.02, 0.05]))
    try:
        write(b"stop\nisready\nquit\n")
    except BrokenPipeError:
        pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        failures.append("the engine did not end within 5 s of quit")
        proc.kill()
    if proc.returncode not in (0, None):
        failures.append(f"exit status {proc.returncode}")
    print(f"uci stress: {sent} commands, {received} lines back, {goes} searches started, {answers} answered")
    if failures:
        print("FAILED: " + "; ".join(failures), file=sys.stderr)
        print("last lines sent (>) and read (<):", file=sys.stderr)
        for entry in history:
            print("  " + entry, file=sys.stderr)
        return 1
    print("uci stress: no failure")
    return 0


if __name__ == "__main__":
    sys.exit(main())
