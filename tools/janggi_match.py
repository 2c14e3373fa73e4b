"""A janggi match between two UCI engines from the sixteen setups, both colours, refereed by
pyffish (Fairy-Stockfish's rules as a library: legality, the game ends, counting).

    python tools/janggi_match.py --ours target/release/xiangqi --fsf /work/engines/fairy-stockfish \
        --movetime 200 --rounds 1 --pgn janggi-match.pgn

Each engine gets `setoption name UCI_Variant value janggi`; ours speaks ranks 0..9 and the
Fairy-Stockfish binary ranks 1..10, so the moves are translated. `--opponent-ours` makes the
opponent a second copy of our engine (`--fsf` then names that binary), and `--ours-option` /
`--opponent-option NAME=VALUE` set UCI options, so two nets or two evaluations can meet:

    python tools/janggi_match.py --ours target/release/xiangqi --fsf target/release/xiangqi \
        --opponent-ours --opponent-option Evaluation=classical --nodes 10000 --games 32

A game ends where pyffish says it ended (two passes, bikjang twice, repetition, the 100-ply
no-capture limit; counting decides), when the side to move has no legal move (it loses), or
when an engine plays an illegal move or none within the time (it loses). Prints one line per
game and the total for `--ours`.
"""

import argparse
import subprocess
import sys
import time

import pyffish as sf

from janggi_fsf import ARRANGEMENTS, piece_at, split, start


def shift(move: str, by: int) -> str:
    """Moves a coordinate move's ranks by `by` (0-based <-> 1-based)."""
    return "".join(p[0] + str(int(p[1:]) + by) for p in split(move))


class Engine:
    def __init__(self, name: str, cmd: list[str], one_based: bool, options: dict[str, str]):
        self.name, self.one_based = name, one_based
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        for key, value in {"UCI_Variant": "janggi", **options}.items():
            self.send(f"setoption name {key} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, prefix: str) -> str:
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise EOFError(self.name)
            if line.startswith(prefix):
                return line.strip()

    def new_game(self) -> None:
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")

    def play(self, fen: str, moves: list[str], limit: str) -> tuple[str, float]:
        spoken = moves if self.one_based else [shift(m, -1) for m in moves]
        self.send(f"position fen {fen}" + (" moves " + " ".join(spoken) if spoken else ""))
        began = time.monotonic()
        self.send(f"go {limit}")
        words = self.wait("bestmove").split()
        spent = time.monotonic() - began
        move = words[1] if len(words) > 1 else "0000"
        if move == "0000" or move == "(none)":
            return move, spent
        return (move if self.one_based else shift(move, 1)), spent

    def quit(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=5)


def play_game(cho: Engine, han: Engine, fen: str, limit: str, allowed: float):
    """Plays one game; returns (result for Cho: 1, 0.5 or 0, reason, moves)."""
    for e in (cho, han):
        e.new_game()
    # pyffish replays the moves at every call: rebase after captures (repetitions and the
    # no-capture count look back to the last capture only; passes and bikjang one ply).
    base, since, record = fen, [], []
    while True:
        turn_cho = len(record) % 2 == 0
        legal = sf.legal_moves("janggi", base, since)
        ended, value = sf.is_immediate_game_end("janggi", base, since)
        if not ended:
            ended, value = sf.is_optional_game_end("janggi", base, since)
        if ended or not legal:
            if not legal and not ended:
                value, reason = -1, "no legal move"
            else:
                reason = "game end (pyffish)"
            mover_score = 0.5 if value == 0 else (1.0 if value > 0 else 0.0)
            return (mover_score if turn_cho else 1 - mover_score), reason, record
        engine = cho if turn_cho else han
        move, spent = engine.play(fen, record, limit)
        if move not in legal:
            # A pass may come as 0000.
            general = [m for m in legal if split(m)[0] == split(m)[1]]
            if move == "0000" and general:
                move = general[0]
            else:
                return (0.0 if turn_cho else 1.0), f"illegal move {move} by {engine.name}", record
        if spent > allowed:
            return (0.0 if turn_cho else 1.0), f"{engine.name} took {spent:.2f} s", record
        now = sf.get_fen("janggi", base, since)
        target = split(move)[1]
        captured = split(move)[0] != target and piece_at(now, target)
        record.append(move)
        if captured:
            base, since = sf.get_fen("janggi", base, since + [move]), []
        else:
            since.append(move)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ours", required=True)
    ap.add_argument("--fsf", required=True)
    ap.add_argument("--movetime", type=int, default=200)
    ap.add_argument("--nodes", type=int, default=0, help="a node limit instead of --movetime")
    ap.add_argument("--margin", type=float, default=0.5, help="seconds over movetime before a loss")
    ap.add_argument("--opponent-ours", action="store_true", help="the opponent is our engine too")
    ap.add_argument("--ours-option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--opponent-option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--games", type=int, default=0, help="stop after this many games (0: all)")
    ap.add_argument("--pgn")
    args = ap.parse_args()
    def options(pairs: list[str]) -> dict[str, str]:
        return dict(pair.split("=", 1) for pair in pairs)

    mine = {"Level": "Master", "Threads": "1", "Hash": "64"}
    ours = Engine("Master", [args.ours, "uci"], False, {**mine, **options(args.ours_option)})
    if args.opponent_ours:
        fsf = Engine("Opponent", [args.fsf, "uci"], False, {**mine, **options(args.opponent_option)})
    else:
        fsf = Engine("Fairy-Stockfish", [args.fsf], True, {"Threads": "1", "Hash": "64", **options(args.opponent_option)})
    limit = f"nodes {args.nodes}" if args.nodes else f"movetime {args.movetime}"
    allowed = 60.0 if args.nodes else args.movetime / 1000 + args.margin
    score = {"W": 0, "D": 0, "L": 0}
    pgn = open(args.pgn, "w") if args.pgn else None
    n = 0
    for _ in range(args.rounds):
        for cho_setup in ARRANGEMENTS:
            for han_setup in ARRANGEMENTS:
                fen = start(cho_setup, han_setup)
                for ours_cho in (True, False):
                    if args.games and n >= args.games:
                        break
                    cho, han = (ours, fsf) if ours_cho else (fsf, ours)
                    result, reason, record = play_game(cho, han, fen, limit, allowed)
                    mine = result if ours_cho else 1 - result
                    score["W" if mine == 1 else "D" if mine == 0.5 else "L"] += 1
                    n += 1
                    text = {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[result]
                    print(f"{n:3} {cho_setup}/{han_setup} Cho={cho.name} Han={han.name} {text} "
                          f"({reason}, {len(record)} plies) W{score['W']} D{score['D']} L{score['L']}", flush=True)
                    if pgn:
                        pgn.write(f'[Event "janggi match"]\n[Variant "janggi"]\n[FEN "{fen}"]\n'
                                  f'[White "{cho.name}"]\n[Black "{han.name}"]\n[Result "{text}"]\n'
                                  f'[Termination "{reason}"]\n\n{" ".join(record)} {text}\n\n')
                        pgn.flush()
    points = score["W"] + score["D"] / 2
    print(f"Master vs {fsf.name}: +{score['W']} ={score['D']} -{score['L']}, "
          f"{points}/{n} = {100 * points / n:.1f}%")
    ours.quit()
    fsf.quit()


main()
