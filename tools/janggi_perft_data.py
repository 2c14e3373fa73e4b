"""Writes data/perft/janggi.epd: janggi perft counts by Fairy-Stockfish (`go perft N`).

Run with a Python that has pyffish (random-game positions) and the engine's path:
    python tools/janggi_perft_data.py /path/to/fairy-stockfish > data/perft/janggi.epd
Fairy-Stockfish counts the pass as a move and ignores game ends, as our perft does. Ranks in the
FEN are the same in both; only moves differ (Fairy-Stockfish writes ranks 1..10).
"""

import random
import subprocess
import sys

import pyffish as sf

from janggi_fsf import ARRANGEMENTS, start

ENGINE = sys.argv[1]


def perft(fen: str, depth: int) -> int:
    commands = f"setoption name UCI_Variant value janggi\nposition fen {fen}\ngo perft {depth}\nquit\n"
    out = subprocess.run([ENGINE], input=commands, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])
    raise RuntimeError(out)


def line(fen: str, depths, comment: str = "") -> str:
    counts = ";".join(f"D{d} {perft(fen, d)}" for d in depths)
    return f"{fen};{counts}" + (f" # {comment}" if comment else "")


def main() -> None:
    print("# Janggi perft counts by Fairy-Stockfish (go perft N, UCI_Variant janggi): passes counted,")
    print("# game ends ignored. Written by tools/janggi_perft_data.py; FEN;D1 n;D2 n;... # comment")
    print(line(sf.start_fen("janggi"), range(1, 5), "the start position (Fairy-Stockfish's)"))
    print(line("1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1", range(1, 5), "issue 20"))
    print(line("1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23", range(1, 5), "issue 20"))
    for cho in ARRANGEMENTS:
        for han in ARRANGEMENTS:
            print(line(start(cho, han), range(1, 4), f"Cho {cho}, Han {han}"))
    hand = [
        ("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "bikjang: pass, or break the facing"),
        ("3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "bikjang broken only by the guards"),
        ("4k4/4r4/9/9/9/9/9/9/9/3K5 w - - 0 1", "in check: no pass"),
        ("4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1", "bikjang? no, the chariot stands between: check"),
        ("3akR3/4a4/9/9/9/9/9/9/9/3K5 b - - 0 1", "palace diagonals"),
        ("5k3/4P4/3P5/9/9/9/9/9/4A4/4K4 b - - 0 1", "soldiers in the palace"),
        ("3k5/9/3a1C3/9/9/9/9/9/9/4K4 b - - 0 1", "cannon across the palace centre"),
        ("3k5/9/3c1C3/9/9/9/9/9/9/4K4 b - - 0 1", "cannons do not screen cannons"),
        ("4k4/9/9/9/4B4/9/9/9/9/3K5 w - - 0 1", "an elephant in the open"),
        ("3k5/9/9/9/3pBp3/4p4/9/9/9/3K5 w - - 0 1", "elephant blocked"),
        ("3ak4/4c4/3R5/9/9/9/9/9/4C4/3K1R3 w - - 0 1", "chariot along the diagonal"),
    ]
    for fen, comment in hand:
        print(line(fen, range(1, 5), comment))
    rng = random.Random(20)
    for game in range(24):
        cho, han = rng.choice(list(ARRANGEMENTS)), rng.choice(list(ARRANGEMENTS))
        fen = start(cho, han)
        moves = []
        for _ in range(rng.randrange(10, 120)):
            legal = sf.legal_moves("janggi", fen, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        fen = sf.get_fen("janggi", fen, moves)
        print(line(fen, range(1, 4), f"random game {game}, ply {len(moves)}"))


main()
