"""Writes data/notation/janggi_fsf.txt: Fairy-Stockfish's janggi notation (pyffish's `get_san`
with `NOTATION_JANGGI`) of every legal move of every eighth position of the random games in
data/rules/janggi_pyffish.txt, for `xiangqi-core/tests/notation_janggi.rs`.

    python tools/janggi_notation_data.py > data/notation/janggi_fsf.txt

A line per position: the variant, a space, the FEN, a tab, then `MOVE=TEXT` pairs separated by spaces (MOVE in
Fairy-Stockfish's coordinates, ranks 1..10, the pass as the general's point twice).
"""

import sys

import pyffish as sf

DATA = "data/rules/janggi_pyffish.txt"


def main() -> None:
    out = sys.stdout
    out.write("# Written by tools/janggi_notation_data.py (pyffish %s); see that file.\n" % ".".join(map(str, sf.version())))
    variant, fen, n = "janggi", None, 0
    with open(DATA) as data:
        for line in data:
            if line.startswith("#"):
                continue
            if line.startswith("game "):
                _, variant, fen = line.strip().split(" ", 2)
                continue
            fields = line.split()
            if n % 8 == 0 and int(fields[0]) > 0:
                moves = sf.legal_moves(variant, fen, [])
                pairs = " ".join(f"{m}={sf.get_san(variant, fen, m, False, sf.NOTATION_JANGGI)}" for m in sorted(moves))
                out.write(f"{variant} {fen}\t{pairs}\n")
            n += 1
            if fields[7] != "-":
                fen = sf.get_fen(variant, fen, [fields[7]])


main()
