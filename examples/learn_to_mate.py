"""AlphaZero-style training on CPU, end to end: a small numpy network learns to mate with a
chariot from self-play guided by ``xiangqi.MCTS`` (Gumbel MuZero's search), and the learning
curve is drawn.

Each game starts from a random position of chariot and general against a general and an
advisor (two with ``--advisors 2``; both endings are won), Red to move, and lasts at most ``--max-plies`` plies (then it is a draw). Both sides
play by the search; every position played is stored with the search's improved policy and the
game's result from that position's side to move. Between batches of moves the network (one
hidden layer: planes -> 128 -> policy logits and a tanh value) takes Adam steps on the stored
positions. The curve shows the policy and value losses and how often Red mates within the limit.

    python examples/learn_to_mate.py --minutes 4 --out target/learn_to_mate

writes ``curve.png`` (with matplotlib installed) and ``curve.csv`` there. Nothing here but
numpy and the ``xiangqi`` package; a PyTorch or JAX network plugs into ``evaluate`` the same
way (it receives numpy arrays and returns array-likes).
"""

from __future__ import annotations

import argparse
import csv
import random
import time
from pathlib import Path
from typing import List, Tuple

import numpy as np

import xiangqi


def random_starts(count: int, seed: int, advisors: int) -> List[str]:
    """Legal positions of Red's general and chariot against Black's general and `advisors`
    advisors (a won ending with one or two), Red to move, neither side in check, the game not
    over."""
    rng = random.Random(seed)
    # The points each piece can stand on, from the rules' tables.
    red_palace = list(xiangqi.reachable_squares(xiangqi.Piece.from_symbol("K")))
    black_palace = list(xiangqi.reachable_squares(xiangqi.Piece.from_symbol("k")))
    advisor_points = list(xiangqi.reachable_squares(xiangqi.Piece.from_symbol("a")))
    board = xiangqi.Board()
    fens: List[str] = []
    while len(fens) < count:
        placed = [("K", rng.choice(red_palace)), ("k", rng.choice(black_palace)), ("R", rng.randrange(90))]
        placed += [("a", spot) for spot in rng.sample(advisor_points, advisors)]
        if len({spot for _, spot in placed}) < len(placed):
            continue
        board.set_piece_map({spot: xiangqi.Piece.from_symbol(symbol) for symbol, spot in placed})
        if not board.is_valid():
            continue
        fen = board.fen()
        try:
            start = xiangqi.Board(fen)
            black = xiangqi.Board(fen.replace(" w ", " b "))
        except xiangqi.XiangqiError:
            continue
        if start.is_check() or black.is_check() or start.outcome() is not None:
            continue
        fens.append(fen)
    return fens


class Net:
    """planes -> ReLU(128) -> (policy logits, tanh value), trained by Adam in numpy."""

    def __init__(self, inputs: int, actions: int, hidden: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.params = {
            "w1": rng.normal(0, (2 / inputs) ** 0.5, (inputs, hidden)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "wp": np.zeros((hidden, actions), np.float32),
            "bp": np.zeros(actions, np.float32),
            "wv": rng.normal(0, 0.01, (hidden, 1)).astype(np.float32),
            "bv": np.zeros(1, np.float32),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.steps = 0

    def forward(self, x: np.ndarray) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        p = self.params
        h = np.maximum(x @ p["w1"] + p["b1"], 0)
        return h @ p["wp"] + p["bp"], np.tanh(h @ p["wv"] + p["bv"])[:, 0], h

    def evaluate(self, obs: np.ndarray, masks: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        """The search's evaluator: logits for every action, values in [-1, 1]."""
        logits, values, _ = self.forward(obs.reshape(len(obs), -1).astype(np.float32))
        return logits, values

    def train_step(self, x: np.ndarray, masks: np.ndarray, policy: np.ndarray, z: np.ndarray,
                   lr: float) -> Tuple[float, float]:
        """One Adam step on cross-entropy to the search's policy (over legal actions) plus the
        squared value error; returns both losses."""
        p = self.params
        n = len(x)
        logits, v, h = self.forward(x)
        logits = np.where(masks, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        policy_loss = float(-(policy * np.log(probs + 1e-12)).sum(axis=1).mean())
        value_loss = float(((v - z) ** 2).mean())
        d_logits = (probs - policy) / n
        d_v = (2 * (v - z) * (1 - v * v) / n)[:, None]
        grads = {
            "wp": h.T @ d_logits, "bp": d_logits.sum(axis=0),
            "wv": h.T @ d_v, "bv": d_v.sum(axis=0),
        }
        d_h = (d_logits @ p["wp"].T + d_v @ p["wv"].T) * (h > 0)
        grads["w1"] = x.T @ d_h
        grads["b1"] = d_h.sum(axis=0)
        self.steps += 1
        for k, g in grads.items():
            m, s = self.moments[k]
            m *= 0.9
            m += 0.1 * g
            s *= 0.999
            s += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.steps)
            s_hat = s / (1 - 0.999**self.steps)
            p[k] -= (lr * m_hat / (np.sqrt(s_hat) + 1e-8)).astype(np.float32)
        return policy_loss, value_loss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=4.0, help="training time (default 4)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="stop after this many iterations, or at --minutes if sooner")
    parser.add_argument("--games", type=int, default=64, help="games played at once (default 64)")
    parser.add_argument("--simulations", type=int, default=32, help="search simulations a move")
    parser.add_argument("--max-plies", type=int, default=40, help="plies before a draw (default 40)")
    parser.add_argument("--moves-per-iteration", type=int, default=40, help="moves between trainings")
    parser.add_argument("--train-steps", type=int, default=60, help="Adam steps per iteration")
    parser.add_argument("--advisors", type=int, choices=(1, 2), default=1, help="Black's advisors")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("target/learn_to_mate"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    env = xiangqi.VecEnv(args.games, fens=random_starts(4000, args.seed, args.advisors), max_plies=args.max_plies,
                         seed=args.seed, obs_dtype="uint8")
    mcts = xiangqi.MCTS.for_env(env, algorithm="gumbel", simulations=args.simulations,
                                seed=args.seed)
    planes, actions = int(np.prod(env.observation_shape)), env.action_size
    net = Net(planes, actions, 128, args.seed)
    rng = np.random.default_rng(args.seed)

    # The replay buffer: the newest positions of finished games.
    capacity = 60_000
    buf_x = np.zeros((capacity, planes), np.uint8)
    buf_mask = np.zeros((capacity, actions), bool)
    buf_pi = np.zeros((capacity, actions), np.float32)
    buf_z = np.zeros(capacity, np.float32)
    stored = 0
    episodes: List[List[Tuple[np.ndarray, np.ndarray, np.ndarray, bool]]] = [[] for _ in range(args.games)]

    obs, infos = env.reset(seed=args.seed)
    rows = []
    start = time.monotonic()
    iteration = 0
    while time.monotonic() - start < args.minutes * 60 and iteration != args.iterations:
        wins = finished = 0
        for _ in range(args.moves_per_iteration):
            masks = infos["action_mask"].copy()
            red = infos["turn"].copy()
            result = mcts.search(env, net.evaluate)
            for i in range(args.games):
                episodes[i].append((obs[i].reshape(-1).copy(), masks[i], result.policy[i], bool(red[i])))
            obs, _, terminated, truncated, infos = env.step(result.actions)
            for i in np.flatnonzero(terminated | truncated):
                winner = int(infos["winner"][i])  # +1 Red, -1 Black, 0 draw
                finished += 1
                wins += winner == 1
                for x, mask, pi, red_to_move in episodes[i]:
                    slot = stored % capacity
                    buf_x[slot], buf_mask[slot], buf_pi[slot] = x, mask, pi
                    buf_z[slot] = winner if red_to_move else -winner
                    stored += 1
                episodes[i] = []
        losses = []
        if stored >= 512:
            for _ in range(args.train_steps):
                idx = rng.integers(0, min(stored, capacity), 256)
                losses.append(net.train_step(buf_x[idx].astype(np.float32), buf_mask[idx],
                                             buf_pi[idx], buf_z[idx], lr=1e-3))
        policy_loss, value_loss = np.mean(losses, axis=0) if losses else (float("nan"), float("nan"))
        rows.append({
            "iteration": iteration,
            "seconds": round(time.monotonic() - start, 1),
            "positions": stored,
            "games": finished,
            "red_mates": round(wins / max(finished, 1), 4),
            "policy_loss": round(float(policy_loss), 4),
            "value_loss": round(float(value_loss), 4),
        })
        print(rows[-1], flush=True)
        iteration += 1

    with open(args.out / "curve.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print(f"wrote {args.out / 'curve.csv'} (install matplotlib for the plot)")
        return
    t = [r["seconds"] / 60 for r in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    left.plot(t, [r["policy_loss"] for r in rows], label="policy (cross-entropy)")
    left.plot(t, [r["value_loss"] for r in rows], label="value (squared error)")
    left.set_xlabel("minutes")
    left.set_title("training losses")
    left.legend()
    right.plot(t, [r["red_mates"] for r in rows], color="tab:red", label="the network being trained")
    right.axhline(rows[0]["red_mates"], color="grey", linestyle="--", label="before training")
    right.legend(loc="lower right")
    right.set_ylim(0, 1)
    right.set_xlabel("minutes")
    defence = "an advisor" if args.advisors == 1 else "two advisors"
    right.set_title(f"games Red mates within {args.max_plies} plies (R v {defence})")
    fig.suptitle(f"xiangqi.MCTS (gumbel, {args.simulations} simulations) + numpy network, {args.games} games at once")
    fig.tight_layout()
    fig.savefig(args.out / "curve.png", dpi=100)
    print(f"wrote {args.out / 'curve.png'} and {args.out / 'curve.csv'}")


if __name__ == "__main__":
    main()
