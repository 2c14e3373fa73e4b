"""Random concurrent calls on shared and separate engines, VecEnvs and boards from several
Python threads, for a while; fails on a crash, a hang, an unexpected exception or an illegal move.

    python tools/stress/python_stress.py --seconds 180 --threads 8

Only the public API of the ``xiangqi`` package is used. Hostile values (huge sizes and times)
must raise a ``ValueError`` (``xiangqi.XiangqiError`` is one), never ``PanicException`` or abort.
"""

from __future__ import annotations

import argparse
import collections
import faulthandler
import random
import sys
import threading
import time
import traceback

import xiangqi
from xiangqi.engine import Engine, Limit

# What hostile arguments may raise instead of working.
REFUSALS = (ValueError, OverflowError, TypeError, MemoryError)


class Stress:
    def __init__(self, seconds: float, threads: int, seed: int) -> None:
        self.deadline = time.monotonic() + seconds
        self.threads = threads
        self.seed = seed
        self.lock = threading.Lock()
        self.counts: collections.Counter[str] = collections.Counter()
        self.failures: list[str] = []
        self.heartbeat = [time.monotonic()] * threads
        self.shared_engines = [Engine(level="casual", hash_mb=4, seed=1), Engine(level="master", hash_mb=4)]
        self.shared_envs = [xiangqi.VecEnv(32, seed=seed, num_threads=2), xiangqi.VecEnv(8, rules="axf", seed=seed + 1)]

    def fail(self, what: str) -> None:
        with self.lock:
            self.failures.append(what)

    def count(self, what: str) -> None:
        with self.lock:
            self.counts[what] += 1

    # ----- operations ---------------------------------------------------------------------------

    @staticmethod
    def random_board(rng: random.Random) -> xiangqi.Board:
        board = xiangqi.Board(rules=rng.choice(["casual", "simple", "axf"]))
        for _ in range(rng.randrange(0, 30)):
            moves = list(board.legal_moves)
            if not moves or board.outcome() is not None:
                break
            board.push(rng.choice(moves))
        return board

    def search(self, rng: random.Random, engine: Engine) -> None:
        board = self.random_board(rng)
        limit = rng.choice([Limit(depth=rng.randrange(1, 5)), Limit(nodes=rng.randrange(1, 3000)), Limit(time=rng.uniform(0.001, 0.03))])
        if rng.random() < 0.5:
            result = engine.play(board, limit)
            if result.move is not None and result.move not in board.legal_moves:
                self.fail(f"illegal move {result.move} in {board.fen()}")
        else:
            infos = engine.analyse(board, limit, multipv=rng.randrange(1, 4))
            for info in infos:
                pv = info.get("pv") or []
                if pv and pv[0] not in board.legal_moves:
                    self.fail(f"illegal pv move {pv[0]} in {board.fen()}")

    def hostile_engine(self, rng: random.Random) -> None:
        """Sizes and times far out of range: refused, or (times) run until stopped."""
        choice = rng.randrange(3)
        if choice == 0:
            try:
                Engine(hash_mb=rng.choice([10**6, 10**9, 2**62, 2**64 - 1]))
                self.fail("a huge hash_mb was accepted")
            except REFUSALS:
                pass
        elif choice == 1:
            engine = Engine(level="casual", hash_mb=1)
            timer = threading.Timer(0.05, engine.stop)
            timer.start()
            try:
                engine.play(xiangqi.Board(), Limit(time=rng.choice([1e300, 1e20, 2.0**64])))
            except REFUSALS:
                pass
            finally:
                timer.cancel()
        else:
            try:
                xiangqi.VecEnv(rng.choice([10**8, 2**62, 2**64 - 1]))
                self.fail("a huge VecEnv was accepted")
            except REFUSALS:
                pass

    def env_step(self, rng: random.Random, env: xiangqi.VecEnv) -> None:
        op = rng.randrange(5)
        if op == 0:
            env.step(env.random_actions())
        elif op == 1:
            env.reset(seed=rng.randrange(1000))
        elif op == 2:
            masks = env.action_masks()
            if masks.shape[0] != env.num_envs:
                self.fail(f"mask shape {masks.shape}")
        elif op == 3:
            for fen in env.fens()[:4]:
                xiangqi.Board(fen)
        else:
            env.observations()

    def board_ops(self, rng: random.Random) -> None:
        board = self.random_board(rng)
        copy = board.copy()
        if copy.fen() != board.fen():
            self.fail("copy differs")
        board.outcome()
        len(board.legal_moves)
        for text in ["h2e2", "炮二平五", "C2=5", "zz", "", "\x00", "a0a9" * 100]:
            for notation in ["iccs", "wxf", "chinese"]:
                try:
                    move = board.parse_move(text, notation)
                except REFUSALS:
                    continue
                if move not in board.legal_moves:
                    self.fail(f"parse_move({text!r}) gave the illegal {move}")

    # ----- the threads --------------------------------------------------------------------------

    def worker(self, index: int) -> None:
        rng = random.Random(self.seed * 1000 + index)
        own_engine = Engine(level=rng.choice(["beginner", "club", "master"]), hash_mb=2, seed=index)
        own_env = xiangqi.VecEnv(16, seed=index)
        while time.monotonic() < self.deadline:
            self.heartbeat[index] = time.monotonic()
            op = rng.choices(
                ["shared_search", "own_search", "stop", "new_game", "shared_env", "own_env", "board", "hostile"],
                weights=[6, 4, 3, 1, 4, 2, 3, 1],
            )[0]
            try:
                if op == "shared_search":
                    self.search(rng, rng.choice(self.shared_engines))
                elif op == "own_search":
                    self.search(rng, own_engine)
                elif op == "stop":
                    rng.choice(self.shared_engines).stop()
                elif op == "new_game":
                    rng.choice(self.shared_engines + [own_engine]).new_game()
                elif op == "shared_env":
                    self.env_step(rng, rng.choice(self.shared_envs))
                elif op == "own_env":
                    self.env_step(rng, own_env)
                elif op == "board":
                    self.board_ops(rng)
                else:
                    self.hostile_engine(rng)
                self.count(op)
            except BaseException as e:  # PanicException is a BaseException
                self.fail(f"{op}: {type(e).__name__}: {e}\n{traceback.format_exc()}")
                if not isinstance(e, Exception):
                    return

    def run(self) -> int:
        threads = [threading.Thread(target=self.worker, args=(i,), daemon=True) for i in range(self.threads)]
        for t in threads:
            t.start()
        while any(t.is_alive() for t in threads):
            # Re-armed while the main thread runs: if it cannot (a thread holds the GIL while
            # blocked), the alarm thread, which needs no GIL, dumps every stack and exits.
            faulthandler.dump_traceback_later(90, exit=True)
            time.sleep(0.5)
            now = time.monotonic()
            stuck = [i for i, t in enumerate(threads) if t.is_alive() and now - self.heartbeat[i] > 60]
            if stuck:
                print(f"threads {stuck} made no progress for 60 s (deadlock?)", file=sys.stderr)
                faulthandler.dump_traceback(all_threads=True)
                return 1
        faulthandler.cancel_dump_traceback_later()
        print("operations:", dict(sorted(self.counts.items())))
        if self.failures:
            kinds: dict[str, list[str]] = {}
            for f in self.failures:
                kinds.setdefault(f.splitlines()[0], []).append(f)
            print(f"{len(self.failures)} failure(s) of {len(kinds)} kind(s):", file=sys.stderr)
            for first, all_of_kind in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
                print(f"--- {len(all_of_kind)} x {first}", file=sys.stderr)
                print(all_of_kind[0], file=sys.stderr)
            return 1
        print(f"python stress: {sum(self.counts.values())} operations from {self.threads} threads, no failure")
        return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()
    print(f"python stress: {args.threads} threads for {args.seconds:.0f} s, seed {args.seed}")
    faulthandler.enable()
    return Stress(args.seconds, args.threads, args.seed).run()


if __name__ == "__main__":
    sys.exit(main())
