"""Writes data/rules/janggi_pyffish.txt: what Fairy-Stockfish's pyffish says of the positions of
random janggi games, for the differential test `xiangqi-core/tests/janggi_pyffish.rs`.

    python tools/janggi_differential_data.py > data/rules/janggi_pyffish.txt

Random games from all sixteen setups (janggi; a few under janggitraditional and janggicasual).
The moves are random, with passes, moves back (to the point just left) and captures more likely
than chance (a pass answering a pass less likely), and now and then a check (a
mating one where there is one), so double passes, repetitions, perpetual checks and mates occur; some games start
near the no-capture limit. Each game stops where pyffish says it ended (immediate or optional end, or no
legal move) or after 300 plies.

Per game a line `game VARIANT FEN`, then a line per position:
`LEGAL DIGEST CHECK IMMEDIATE VALUE OPTIONAL VALUE MOVE`: the number of legal moves and the
64-bit FNV-1a digest (hex) of their sorted Fairy-Stockfish texts joined by spaces; 1 when the
side to move is in check (gives_check of the last move); is_immediate_game_end and
is_optional_game_end as 0/1 with their value (the side to move's view: positive a win, 0 a
draw); the move then played (`-` at the end). Moves are Fairy-Stockfish's (ranks 1..10, the pass
as the general's point twice).
"""

import random
import sys

import pyffish as sf

from janggi_fsf import ARRANGEMENTS, piece_at, split, start


def digest(moves) -> str:
    h = 0xCBF29CE484222325
    for byte in " ".join(sorted(moves)).encode():
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def reverse(move: str) -> str:
    origin, target = split(move)
    return target + origin


def is_pass(move: str) -> bool:
    return len(move) % 2 == 0 and move[: len(move) // 2] == move[len(move) // 2 :]


def occupied(fen: str, move: str) -> bool:
    """`True` when the move's target point holds a piece in `fen` (a capture)."""
    return piece_at(fen, split(move)[1])


def play(variant: str, start_fen: str, rng: random.Random, out) -> int:
    out.write(f"game {variant} {start_fen}\n")
    # pyffish replays `moves` from `fen` at every call. Nothing before the position preceding
    # the last capture matters to it (repetitions look back to the last capture, passes and
    # bikjang one ply), so the game is rebased there to keep the calls short.
    fen, moves, played = start_fen, [], 0
    positions = 0
    while True:
        legal = sf.legal_moves(variant, fen, moves)
        check = 1 if sf.gives_check(variant, fen, moves) else 0
        immediate, ivalue = sf.is_immediate_game_end(variant, fen, moves)
        optional, ovalue = sf.is_optional_game_end(variant, fen, moves)
        positions += 1
        done = immediate or optional or not legal or played >= 300
        move = "-"
        if not done:
            passes = [m for m in legal if is_pass(m)]
            back = reverse(moves[-2]) if len(moves) >= 2 and moves[-2] not in passes else None
            now = sf.get_fen(variant, fen, moves)
            r = rng.random()
            checks = []
            if rng.random() < 0.15:
                checks = [m for m in legal if not is_pass(m) and sf.gives_check(variant, fen, moves + [m])]
            mating = [m for m in checks if not sf.legal_moves(variant, fen, moves + [m])]
            if mating:
                move = mating[0]
            elif checks and r < 0.5:
                move = rng.choice(checks)
            elif r < 0.05 and passes:
                move = passes[0]
            elif r < 0.33 and back in legal:
                move = back
            elif r < 0.60 and (captures := [m for m in legal if m not in passes and occupied(now, m)]):
                move = rng.choice(captures)
            else:
                move = rng.choice(legal)
            # A pass answering a pass ends the game: keep most games going past it.
            if moves and is_pass(moves[-1]) and is_pass(move) and rng.random() < 0.8:
                move = rng.choice([m for m in legal if not is_pass(m)] or legal)
        out.write(f"{len(legal)} {digest(legal)} {check} {int(immediate)} {ivalue} {int(optional)} {ovalue} {move}\n")
        if done:
            return positions
        if not is_pass(move) and occupied(sf.get_fen(variant, fen, moves), move):
            fen, moves = sf.get_fen(variant, fen, moves), []
        moves.append(move)
        played += 1


def main() -> None:
    rng = random.Random(2026)
    out = sys.stdout
    out.write("# Written by tools/janggi_differential_data.py (pyffish %s); see that file.\n" % ".".join(map(str, sf.version())))
    total = 0
    plan = [("janggi", 5), ("janggitraditional", 1), ("janggicasual", 1)]
    for variant, games in plan:
        for cho in ARRANGEMENTS:
            for han in ARRANGEMENTS:
                for _ in range(games):
                    halfmoves = rng.choice([0, 0, 0, 40, 80])
                    total += play(variant, start(cho, han, halfmoves), rng, out)
    sys.stderr.write(f"{total} positions\n")


main()
