"""Writes data/rules/janggi_endings.tsv: janggi positions and move sequences whose end
Fairy-Stockfish's pyffish knows, for the game-end tests of every surface (core's Game, the
search, Python, C and wasm).

    .venv/bin/python tools/janggi_endings_data.py > data/rules/janggi_endings.tsv

Rows come from random playouts (tests read the committed file; this script is not run by them):
- from the sixteen start setups, some with the no-capture counter near its limit;
- from random sparse positions (a few pieces a side, generals in their palaces), where mates,
  perpetual checks and bikjang are common.
The playouts favour passes, moving back to the point just left, captures, checks (a mating
check where there is one) and, where the rules have bikjang, opening the generals' file, so
every kind of ending occurs. A playout stops at the first position pyffish calls ended; the row
starts from the position after the last capture (nothing before it matters to any rule: a
repetition looks back to the last capture, passes and bikjang two plies), and pyffish judges the
row as written, so every surface replays exactly what pyffish judged.

What is pyffish's (0.0.90, variants janggi, janggitraditional, janggimodern, janggicasual) and
what the script adds:
- `termination`: no legal move and in check (`checkmate`); no legal move and not in check
  (`stalemate`, never met: the pass is legal whenever the side is not in check);
  `is_immediate_game_end` with two passes last (`double_pass`), else (`bikjang`);
  `is_optional_game_end` with the no-capture counter (FEN field 5) at the variant's limit
  (`move_limit`, 100 plies, janggimodern 200), else a repetition: `perpetual_check` when one
  side gave check (pyffish's `gives_check`) with every one of its moves since the first of the
  repeated occurrences, else `repetition`; in janggimodern, `back_and_forth` when no position
  repeated (or counting names the other side): pyffish's rule against moving one piece back and
  forth (`moveRepetitionIllegal`), by which the mover loses; `none` when the game goes on (the pass-only
  positions, the facing generals of the variants without bikjang, bare generals).
- `winner`: the sign of pyffish's value (`game_result`, or the game-end value) from the side to
  move: `red` (Cho), `black` (Han) or `draw`; `-` when the game goes on.
- `cho_points`, `han_points`: for endings counting decides (the counting variants' bikjang,
  double pass, repetition and move limit), the points of pyffish's final position by its janggi
  material counting (chariot 13, cannon 7, horse 5, elephant 3, guard 3, soldier 2; Han 1.5
  more); the script reports any row where they do not name pyffish's winner. `-` otherwise.
- `fen_after`: pyffish's `get_fen` after the moves.

Moves are ICCS (files a-i, ranks 0-9 from Cho's side); a pass is the general's point twice.
"""

import multiprocessing
import random
import sys

import pyffish as sf

from janggi_fsf import ARRANGEMENTS, piece_at, piece_on, split, start

VARIANTS = ["janggi", "janggitraditional", "janggimodern", "janggicasual"]
COUNTING = {"janggi", "janggimodern"}
BIKJANG = {"janggi", "janggitraditional"}
LIMIT = {"janggi": 100, "janggitraditional": 100, "janggicasual": 100, "janggimodern": 200}
WORKERS = 2
REPETITIONS = {"janggi": 3, "janggitraditional": 3, "janggicasual": 3, "janggimodern": 4}
VALUES = {"r": 13, "c": 7, "n": 5, "b": 3, "a": 3, "p": 2, "k": 0}
# Rows wanted per variant and kind of ending.
QUOTA = {
    "janggi": {"checkmate": 30, "double_pass": 30, "bikjang": 30, "repetition": 30, "perpetual_check": 30, "move_limit": 30},
    "janggitraditional": {"checkmate": 6, "double_pass": 6, "bikjang": 6, "repetition": 6, "perpetual_check": 4, "move_limit": 6},
    # No perpetual check here: a shuttling checker meets the back-and-forth rule first.
    "janggimodern": {"checkmate": 6, "double_pass": 6, "repetition": 6, "move_limit": 6, "back_and_forth": 16},
    "janggicasual": {"checkmate": 6, "double_pass": 6, "repetition": 6, "perpetual_check": 4, "move_limit": 6},
}


def is_pass(move: str) -> bool:
    return len(move) % 2 == 0 and move[: len(move) // 2] == move[len(move) // 2 :]


def iccs(move: str) -> str:
    """Fairy-Stockfish's move text (ranks 1..10) in ICCS (ranks 0..9)."""
    a, b = split(move)
    return f"{a[0]}{int(a[1:]) - 1}{b[0]}{int(b[1:]) - 1}"


def rows(fen: str) -> list[str]:
    """The ten rows of a FEN's board, top (rank 10) first, expanded to nine characters."""
    out = []
    for row in fen.split()[0].split("/"):
        out.append("".join("." * int(c) if c.isdigit() else c for c in row))
    return out


def facing(fen: str) -> bool:
    """The generals stand on one file with nothing between them."""
    board = rows(fen)
    points = [(r, f) for r, row in enumerate(board) for f, c in enumerate(row) if c in "kK"]
    (r1, f1), (r2, f2) = points
    return f1 == f2 and all(board[r][f1] == "." for r in range(min(r1, r2) + 1, max(r1, r2)))


def half_points(fen: str) -> tuple[int, int]:
    """Cho's and Han's counting points in half points, Han's 1.5 included."""
    cho = sum(2 * VALUES[c.lower()] for row in rows(fen) for c in row if c.isupper())
    han = sum(2 * VALUES[c] for row in rows(fen) for c in row if c.islower()) + 3
    return cho, han


def points_text(half: int) -> str:
    return str(half // 2) if half % 2 == 0 else f"{half // 2}.5"


def winner_of(value: int, turn: str) -> str:
    if value == 0:
        return "draw"
    mover = "red" if turn == "w" else "black"
    other = "black" if mover == "red" else "red"
    return mover if value > 0 else other


def judge(variant: str, fen: str, moves: list[str]):
    """pyffish's verdict on the position after `moves`: (termination, winner) or None."""
    legal = sf.legal_moves(variant, fen, moves)
    now = sf.get_fen(variant, fen, moves)
    turn = now.split()[1]
    immediate, ivalue = sf.is_immediate_game_end(variant, fen, moves)
    if immediate:
        kind = "double_pass" if len(moves) >= 2 and is_pass(moves[-1]) and is_pass(moves[-2]) else "bikjang"
        return kind, winner_of(ivalue, turn)
    if not legal:
        kind = "checkmate" if sf.gives_check(variant, fen, moves) else "stalemate"
        return kind, winner_of(sf.game_result(variant, fen, moves), turn)
    optional, ovalue = sf.is_optional_game_end(variant, fen, moves)
    if optional:
        if int(now.split()[4]) >= LIMIT[variant]:
            return "move_limit", winner_of(ovalue, turn)
        kind, winner = repetition_kind(variant, fen, moves), winner_of(ovalue, turn)
        cho, han = half_points(now)
        by_points = "red" if cho > han else "black"
        if variant == "janggimodern" and kind == "repetition" and winner != by_points:
            # A repetition counting does not decide: the back-and-forth rule decided it.
            kind = "back_and_forth"
        return kind, winner
    return None


def repetition_kind(variant: str, fen: str, moves: list[str]) -> str:
    """`perpetual_check` when one side checked with every move of the repeated stretch."""
    keys = [" ".join(sf.get_fen(variant, fen, moves[:i]).split()[:2]) for i in range(len(moves) + 1)]
    last = keys[-1]
    seen = [i for i, k in enumerate(keys) if k == last]
    if len(seen) < REPETITIONS[variant]:
        # No repeated position: janggimodern's rule against moving one piece back and forth.
        return "back_and_forth"
    first = seen[-REPETITIONS[variant]]
    checked = {0: True, 1: True}
    for i in range(first, len(moves)):
        # moves[i] is made by the side to move after moves[:i]; parity relative to the end.
        side = (len(moves) - 1 - i) % 2
        if not sf.gives_check(variant, fen, moves[: i + 1]):
            checked[side] = False
    return "perpetual_check" if checked[0] != checked[1] else "repetition"


def random_sparse(rng: random.Random, attack: int = 0) -> str:
    """A random sparse janggi position: generals in their palaces, a few pieces a side; with
    `attack`, the side to move has that many chariots, cannons or horses more and the other
    side only guards and soldiers (where mates and perpetual checks are many)."""
    board = [["."] * 9 for _ in range(10)]  # board[rank][file], rank 0 = Cho's back rank
    palace = [(r, f) for r in range(3) for f in range(3, 6)]
    cr, cf = rng.choice(palace)
    board[cr][cf] = "K"
    hr, hf = rng.choice(palace)
    board[9 - hr][hf] = "k"
    turn = rng.choice("wb")
    for upper in (True, False):
        attacker = attack and (upper == (turn == "w"))
        count = attack if attacker else rng.randint(0, 2) if attack else rng.randint(1, 4)
        for _ in range(count):
            role = rng.choice("rrcn" if attacker else "aap" if attack else "rrcnbap")
            if role == "a":
                r, f = rng.choice(palace)
            elif role == "p":
                r, f = rng.randint(3, 9), rng.randrange(9)
            else:
                r, f = rng.randrange(10), rng.randrange(9)
            if not upper:
                r = 9 - r
            if board[r][f] == ".":
                board[r][f] = role.upper() if upper else role
    text = []
    for r in range(9, -1, -1):
        row, empty = "", 0
        for c in board[r]:
            if c == ".":
                empty += 1
            else:
                row += (str(empty) if empty else "") + c
                empty = 0
        text.append(row + (str(empty) if empty else ""))
    halfmoves = rng.choice([0, 0, 0, 60, 90])
    return "/".join(text) + f" {turn} - - {halfmoves} 1"


def acceptable(variant: str, fen: str) -> bool:
    """A sparse position worth playing: legal by pyffish's moves and not over at once."""
    try:
        legal = sf.legal_moves(variant, fen, [])
    except Exception:
        return False
    if not legal or facing(fen):
        return False
    # No more pieces of a kind than a side starts with (pyffish does not check).
    most = {"r": 2, "c": 2, "n": 2, "b": 2, "a": 2, "p": 5}
    board = "".join(rows(fen))
    if any(board.count(c) > n or board.count(c.upper()) > n for c, n in most.items()):
        return False
    # The side not to move must not be in check (pyffish does not refuse such a FEN).
    flipped = fen.replace(" w ", " x ").replace(" b ", " w ").replace(" x ", " b ")
    try:
        return not sf.gives_check(variant, flipped, [])
    except Exception:
        return False


def after_move(fen: str, move: str) -> str:
    """The board part of `fen` after `move` (no legality test): for the facing test only."""
    board = [list(r) for r in rows(fen)]
    (a, b) = split(move)
    fr, ff = 10 - int(a[1:]), ord(a[0]) - 97
    tr, tf = 10 - int(b[1:]), ord(b[0]) - 97
    piece = board[fr][ff]
    board[fr][ff] = "."
    board[tr][tf] = piece
    return "/".join("".join(r) for r in board).replace(".", "1") + " w"


def playout(variant: str, fen: str, rng: random.Random, max_plies: int = 200):
    """One random game: returns (row fen, moves, verdict) at the first end, or None.

    pyffish is asked for the game end only where one can be: no legal move, two passes, the
    generals facing, a position seen before since the last capture, the no-capture limit, and in
    janggimodern after every move (its back-and-forth rule ends games without a repetition).
    """
    moves: list[str] = []
    keys: list[str] = []
    for _ in range(max_plies):
        legal = sf.legal_moves(variant, fen, moves)
        now = sf.get_fen(variant, fen, moves)
        key = " ".join(now.split()[:2])
        two_passes = len(moves) >= 2 and is_pass(moves[-1]) and is_pass(moves[-2])
        may_end = (
            not legal
            or two_passes
            or facing(now)
            or key in keys
            or int(now.split()[4]) >= LIMIT[variant]
            # janggimodern's back-and-forth rule needs no repeated position: ask after every move.
            or variant == "janggimodern"
        )
        keys.append(key)
        if may_end:
            verdict = judge(variant, fen, moves)
            if verdict:
                return fen, moves, verdict
        passes = [m for m in legal if is_pass(m)]
        back = None
        if len(moves) >= 2 and not is_pass(moves[-2]):
            a, b = split(moves[-2])
            back = b + a
        r = rng.random()
        move = None
        if back in legal and rng.random() < 0.5:
            move = back
        if move is None and len(legal) <= 24 and rng.random() < 0.25:
            checks = [m for m in legal if not is_pass(m) and sf.gives_check(variant, fen, moves + [m])]
            mating = [m for m in checks if not sf.legal_moves(variant, fen, moves + [m])]
            if mating:
                move = mating[0]
            elif checks:
                move = rng.choice(checks)
        if move is None and variant in BIKJANG and rng.random() < 0.3:
            opening = [m for m in legal if not is_pass(m) and facing(after_move(now, m))]
            if opening:
                move = rng.choice(opening)
        if move is None:
            if r < 0.15 and passes:
                move = passes[0]
            elif r < 0.40 and (captures := [m for m in legal if not is_pass(m) and piece_at(now, split(m)[1])]):
                move = rng.choice(captures)
            else:
                move = rng.choice(legal)
        if moves and is_pass(moves[-1]) and is_pass(move) and rng.random() < 0.4:
            move = rng.choice([m for m in legal if not is_pass(m)] or legal)
        if not is_pass(move) and piece_at(now, split(move)[1]):
            fen, moves, keys = sf.get_fen(variant, fen, moves + [move]), [], []
            continue
        moves.append(move)
    return None


def row(variant: str, fen: str, moves: list[str], verdict, source: str) -> str:
    kind, winner = verdict if verdict else ("none", "-")
    after = sf.get_fen(variant, fen, moves)
    cho, han = half_points(after)
    counted = variant in COUNTING and kind in ("double_pass", "bikjang", "repetition", "move_limit")
    if counted:
        by_points = "red" if cho > han else "black"
        if by_points != winner:
            sys.stderr.write(f"counting names {by_points}, pyffish {winner}: {variant} {fen} {moves}\n")
        points = (points_text(cho), points_text(han))
    else:
        points = ("-", "-")
    text = " ".join(iccs(m) for m in moves) or "-"
    return "\t".join([variant, fen, text, kind, winner, *points, after, source])


def pass_only(rng: random.Random, variant: str):
    """Random sparse positions where the side to move has only the pass: the game goes on."""
    for _ in range(300):
        fen = random_sparse(rng)
        if not acceptable(variant, fen):
            continue
        legal = sf.legal_moves(variant, fen, [])
        if len(legal) == 1 and is_pass(legal[0]) and not sf.gives_check(variant, fen, []):
            return fen
    return None


def reverse(move: str) -> str:
    a, b = split(move)
    return b + a


def shuttle(variant: str, rng: random.Random):
    """A sparse position where one side can check, and check again by moving back, while the
    other shuttles out of check and back: the cycle of a perpetual check, eight plies."""
    fen = random_sparse(rng, rng.choice([1, 1, 2]))
    while not acceptable(variant, fen):
        fen = random_sparse(rng, rng.choice([1, 1, 2]))
    legal = sf.legal_moves(variant, fen, [])
    if len(legal) > 40:
        return None
    checks = [m for m in legal if not is_pass(m) and sf.gives_check(variant, fen, [m])]
    rng.shuffle(checks)
    for c in checks[:2]:
        replies = [r for r in sf.legal_moves(variant, fen, [c]) if not is_pass(r)]
        rng.shuffle(replies)
        for r in replies[:3]:
            line = [c, r, reverse(c), reverse(r)]
            ok = True
            for i in (2, 3):
                if line[i] not in sf.legal_moves(variant, fen, line[:i]):
                    ok = False
                    break
            if not ok or not sf.gives_check(variant, fen, line[:3]):
                continue
            moves = line + line
            for i in range(len(moves)):
                if i >= 4 and moves[i] not in sf.legal_moves(variant, fen, moves[:i]):
                    ok = False
                    break
                if judge(variant, fen, moves[:i]):
                    ok = False
                    break
            if ok:
                return fen, moves, judge(variant, fen, moves)
    return None


NAMES = {"r": "chariot", "c": "cannon", "n": "horse", "b": "elephant", "a": "guard", "p": "soldier", "k": "general"}


def shuttle_one_piece(rng: random.Random):
    """janggimodern: the side to move shuttles one piece between two points, sometimes with a
    pass among its moves, while the other side makes random quiet moves (a check now and then);
    pyffish judges after every ply and the row stops at the first end (or after 16 plies)."""
    variant = "janggimodern"
    fen = random_sparse(rng, rng.choice([0, 0, 1]))
    if not acceptable(variant, fen):
        return None
    quiet = [m for m in sf.legal_moves(variant, fen, []) if not is_pass(m) and not piece_at(fen, split(m)[1])]
    if not quiet:
        return None
    first = rng.choice(quiet)
    piece = piece_on(fen, split(first)[0]).lower()
    pass_at = rng.choice([None, None, 2, 3, 4, 4])
    own: list[str] = []
    for j in range(8):
        if j == pass_at:
            own.append("pass")
        else:
            own.append(first if sum(m != "pass" for m in own) % 2 == 0 else reverse(first))
    moves: list[str] = []
    for j in range(8):
        legal = sf.legal_moves(variant, fen, moves)
        mv = own[j]
        if mv == "pass":
            passes = [m for m in legal if is_pass(m)]
            if not passes:
                return None
            mv = passes[0]
        if mv not in legal:
            return None
        moves.append(mv)
        verdict = judge(variant, fen, moves)
        if verdict:
            break
        now = sf.get_fen(variant, fen, moves)
        replies = [m for m in sf.legal_moves(variant, fen, moves) if is_pass(m) or not piece_at(now, split(m)[1])]
        replies = [m for m in replies if not is_pass(m)] or replies
        if not replies:
            return None
        # A check now and then: a shuttle move made in check does not count.
        checks = [m for m in replies if sf.gives_check(variant, fen, moves + [m])]
        moves.append(rng.choice(checks if checks and rng.random() < 0.3 else replies))
        verdict = judge(variant, fen, moves)
        if verdict:
            break
    source = f"one side shuttles its {NAMES[piece]}" + (", a pass among its moves" if pass_at is not None else "")
    return fen, moves, verdict, source


def mate_in_one(variant: str, rng: random.Random):
    """A sparse position with a mating move, and that move."""
    fen = random_sparse(rng, rng.choice([2, 3]))
    while not acceptable(variant, fen):
        fen = random_sparse(rng, rng.choice([2, 3]))
    for m in sf.legal_moves(variant, fen, []):
        if not is_pass(m) and sf.gives_check(variant, fen, [m]) and not sf.legal_moves(variant, fen, [m]):
            return fen, [m], judge(variant, fen, [m])
    return None


def task(args):
    """One playout for the pool: (variant, row fen, moves, verdict or None, source)."""
    variant, number, seed, kind = args
    rng = random.Random(seed)
    if kind == "perpetual_check":
        result = shuttle(variant, rng)
        if result:
            return (variant, *result, "random sparse position, a checking move and its reply played back and forth")
        return variant, "", [], None, ""
    if kind == "checkmate":
        result = mate_in_one(variant, rng)
        if result:
            return (variant, *result, "random sparse position with a mating move")
        return variant, "", [], None, ""
    if rng.random() < 0.35:
        cho, han = [(c, h) for c in ARRANGEMENTS for h in ARRANGEMENTS][number % 16]
        near = rng.choice([0, 0, LIMIT[variant] - 30, LIMIT[variant] - 12])
        fen = start(cho, han, near)
        source = f"playout from the {cho}/{han} start"
        if near:
            source += f" with {near} plies on the no-capture counter"
    else:
        fen = random_sparse(rng)
        while not acceptable(variant, fen):
            fen = random_sparse(rng)
        source = "playout from a random sparse position"
    result = playout(variant, fen, rng)
    if not result:
        return variant, fen, [], None, source
    return (variant, *result, source)


def main() -> None:
    rng = random.Random(20261204)
    out = sys.stdout
    got = {v: {k: 0 for k in q} for v, q in QUOTA.items()}
    lines: list[str] = []
    seen: set[tuple[str, str, str]] = set()
    tries = 0
    with multiprocessing.Pool(WORKERS) as pool:
        while any(got[v][k] < QUOTA[v][k] for v in QUOTA for k in QUOTA[v]) and tries < 4000:
            wanted = [v for v in QUOTA if any(got[v][k] < QUOTA[v][k] for k in QUOTA[v])]
            tasks = []
            for _ in range(4 * WORKERS):
                tries += 1
                weights = [sum(max(0, QUOTA[v][k] - got[v][k]) for k in QUOTA[v]) for v in wanted]
                variant = rng.choices(wanted, weights)[0]
                missing = [k for k in QUOTA[variant] if got[variant][k] < QUOTA[variant][k]]
                kind = rng.choice(missing)
                if kind not in ("checkmate", "perpetual_check") or rng.random() < 0.3:
                    kind = "playout"
                tasks.append((variant, tries, rng.randrange(2**32), kind))
            for variant, fen, moves, verdict, source in pool.imap(task, tasks):
                if verdict is None:
                    continue
                kind = verdict[0]
                if kind not in got[variant] or got[variant][kind] >= QUOTA[variant][kind]:
                    continue
                key = (variant, fen, " ".join(moves))
                if key in seen:
                    continue
                seen.add(key)
                got[variant][kind] += 1
                lines.append(row(variant, fen, moves, verdict, source))
            sys.stderr.write(f"{tries} playouts, {len(lines)} rows: {got}\n")
    # Positions whose game goes on where another game (or another rule set) would end it.
    for variant in VARIANTS:
        for _ in range(3):
            fen = pass_only(rng, variant)
            if fen:
                lines.append(row(variant, fen, [], None, "random sparse position where the only legal move is the pass (in xiangqi a stalemate)"))
    for variant in ("janggimodern", "janggicasual"):
        made = tried = 0
        while made < 6 and tried < 400:
            tried += 1
            fen = random_sparse(rng)
            if not acceptable(variant, fen):
                continue
            legal = sf.legal_moves(variant, fen, [])
            opening = [m for m in legal if not is_pass(m) and facing(sf.get_fen(variant, fen, [m]))]
            if not opening:
                continue
            moves = [opening[0]]
            reply = sf.legal_moves(variant, fen, moves)
            passes = [m for m in reply if is_pass(m)]
            if not passes:
                continue
            moves.append(passes[0])
            if judge(variant, fen, moves) or judge(variant, fen, moves[:1]):
                continue
            lines.append(row(variant, fen, moves, None, "the generals face on two plies in a row: no bikjang in this variant, the game goes on"))
            made += 1
    # janggimodern's back-and-forth rule at its edges: every piece kind (the general and the
    # guards are exempt), a pass among the shuttling side's moves, shuttle moves made in check.
    made = tried = 0
    while made < 48 and tried < 4000:
        tried += 1
        result = shuttle_one_piece(rng)
        if result:
            fen, moves, verdict, source = result
            lines.append(row("janggimodern", fen, moves, verdict, source))
            made += 1
    for variant in VARIANTS:
        for fen in ("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "4k4/3a5/9/9/9/9/9/9/4A4/3K5 b - - 0 1"):
            assert judge(variant, fen, []) is None
            lines.append(row(variant, fen, [], None, "only generals and guards: pyffish's has_insufficient_material says true for both sides, but no janggi rule set ends the game on it"))
    version = ".".join(map(str, sf.version()))
    out.write(
        f"# Janggi game ends as Fairy-Stockfish judges them: written by tools/janggi_endings_data.py (pyffish {version}, random.Random(20261204)); "
        "see that file for how each column is derived. Moves in ICCS (ranks 0-9 from Cho's side; a pass is the general's point twice). "
        "winner: red = Cho, black = Han, draw, - while the game goes on. cho_points/han_points: pyffish's final position counted "
        "(R13 C7 H5 E3 A3 P2, Han +1.5) where counting decides the ending, else -. fen_after: pyffish's get_fen after the moves.\n"
    )
    out.write("variant\tfen\tmoves_iccs\ttermination\twinner\tcho_points\than_points\tfen_after\tsource\n")
    for line in lines:
        out.write(line + "\n")
    for v in QUOTA:
        sys.stderr.write(f"{v}: {got[v]}\n")
    sys.stderr.write(f"{tries} playouts, {len(lines)} rows\n")


if __name__ == "__main__":
    main()
