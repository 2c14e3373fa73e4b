"""A scriptable fake engine for the engine-client and match tests.

``write_fake_engine(tmp_path, ...)`` writes a small UCI/UCCI engine script into ``tmp_path`` and
returns the command that runs it. The script plays the first legal move (in ICCS order) and,
from its ``after``-th ``go`` on, misbehaves as its ``mode`` says:

- ``normal``: never;
- ``crash``: exits with status 3, a last word on stderr;
- ``hang``: stops answering (it sleeps until killed);
- ``garbage``: answers ``bestmove`` with something that is not a move;
- ``illegal``: answers a well-formed move that is not legal (a0a9 style);
- ``badinfo``: sends an info line whose score is not a number;
- ``claim``: answers ``nobestmove`` though legal moves exist (ElephantEye's draw claim);
- ``silent``: never finishes the handshake;
- ``slowstart``: takes a second before its handshake, then plays normally.

``score`` is the score it reports (centipawns, its own view); ``ranks=1`` numbers ranks 1..10
and offers a ``UCI_Variant`` option, as Fairy-Stockfish does; ``log`` is a file where it writes
every line it reads.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

SCRIPT = r'''
import sys, time
import xiangqi

mode, after, score, ranks, log = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
board = xiangqi.Board()
gos = 0

def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()

def note(line):
    if log != "-":
        with open(log, "a") as f:
            f.write(line)

for line in sys.stdin:
    note(line)
    words = line.split()
    if not words:
        continue
    command = words[0]
    if command in ("uci", "ucci"):
        if mode == "silent":
            continue
        if mode == "slowstart":
            time.sleep(1.0)
        say("id name Fake " + mode)
        if command == "uci":
            say("option name Hash type spin default 1 min 1 max 64")
            say("option name Style type combo default calm var calm var wild")
            if ranks:
                say("option name UCI_Variant type combo default chess var chess var xiangqi")
            say("uciok")
        else:
            say("option hashsize type spin min 1 max 64 default 1")
            say("ucciok")
    elif command == "isready":
        say("readyok")
    elif command == "position":
        rest = words[1:]
        moves = rest.index("moves") if "moves" in rest else len(rest)
        board = xiangqi.Board(" ".join(rest[1:moves])) if rest[0] == "fen" else xiangqi.Board()
        for text in rest[moves + 1:]:
            board.push_uci(text, ranks)
    elif command == "go":
        gos += 1
        misbehave = gos >= after
        if misbehave and mode == "crash":
            sys.stderr.write("fake engine: segmentation fault (pretend)\n")
            sys.stderr.flush()
            sys.exit(3)
        if misbehave and mode == "hang":
            time.sleep(3600)
        if misbehave and mode == "garbage":
            say("bestmove ~~(o_o)~~")
            continue
        if misbehave and mode == "illegal":
            # No piece moves one file and three ranks: never legal.
            say("bestmove a0b3" if ranks == 0 else "bestmove a1b4")
            continue
        if misbehave and mode == "claim":
            say("nobestmove")
            continue
        if misbehave and mode == "badinfo":
            say("info depth 1 score cp lots")
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        if not moves:
            say("bestmove (none)")
            continue
        best = moves[0].uci(ranks)
        say("info string thinking hard")
        say("info depth 1 seldepth 1 score cp %d nodes 1 time 0 pv %s" % (score, best))
        say("bestmove " + best)
    elif command == "quit":
        break
'''


def write_fake_engine(
    tmp_path: Path,
    mode: str = "normal",
    *,
    after: int = 1,
    score: int = 0,
    ranks: int = 0,
    log: Optional[Path] = None,
) -> List[str]:
    """The command of a fake engine (see the module header)."""
    script = tmp_path / "fake_engine.py"
    if not script.exists():
        script.write_text(SCRIPT, encoding="utf-8")
    return [sys.executable, str(script), mode, str(after), str(score), str(ranks), str(log) if log else "-"]
