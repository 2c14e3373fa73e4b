"""Bad net files from Python: a file cut short, of the other game, of an unknown architecture or
with a weight that could overflow raises ``NetError`` (never a panic) from ``Engine(eval_file=)``,
``set_evaluation``, ``configure({"EvalFile": ...})``, ``load_net`` and ``evaluate``, and the
engine goes on with the net it had.

The files are made here from the shipped nets' bytes. Before the bad loads the engine holds a
custom xiangqi net (the shipped janggi net's weights relabelled as a xiangqi net), so a fall back
to the shipped net would show in the search: each search starts from a new game at a fixed depth
on one thread, so the same net gives the same result."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Callable, List, Tuple

import pytest

import xiangqi
from xiangqi.engine import Engine, Limit, evaluate

NETS = Path(__file__).resolve().parent.parent / "xiangqi-search" / "nets"
HEADER = 8 + 4 * 6 + 32  # magic, architecture, game, H, QA, QB, SCALE, description


def fnv1a(data: bytes) -> int:
    h = 0x811C9DC5
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def reseal(data: bytes) -> bytes:
    return data[:-4] + struct.pack("<I", fnv1a(data[:-4]))


def with_u32(data: bytes, at: int, value: int) -> bytes:
    return reseal(data[:at] + struct.pack("<I", value) + data[at + 4 :])


XIANGQI = (NETS / "default.nnue").read_bytes()
JANGGI = (NETS / "janggi.nnue").read_bytes()
CUSTOM = with_u32(JANGGI, 12, 0)  # a sound xiangqi net unlike the shipped one


def bad_files() -> List[Tuple[str, bytes, str]]:
    """Each kind of bad file with a word its error names."""
    inflated = reseal(XIANGQI[:HEADER] + struct.pack("<h", 32767) + XIANGQI[HEADER + 2 :])
    return [
        ("cut in half", XIANGQI[: len(XIANGQI) // 2], "cut short"),
        ("cut by a byte", XIANGQI[:-1], "cut short"),
        ("cut in the header", XIANGQI[:20], "cut short"),
        ("the other game", JANGGI, "janggi net, not a xiangqi one"),
        ("an unknown architecture", with_u32(XIANGQI, 8, 7), "architecture 7"),
        ("an inflated weight", inflated, "out of range"),
    ]


def search(engine: Engine, board: xiangqi.Board) -> Tuple[str, int, int]:
    engine.new_game()
    info = engine.analyse(board, Limit(depth=6))
    assert not isinstance(info, list)
    return (str(info["pv"][0]), info["score"].relative.score(mate_score=100_000), info["nodes"])


def xiangqi_board() -> xiangqi.Board:
    board = xiangqi.Board()
    board.push_uci("h2e2")
    board.push_uci("h9g7")
    return board


LOADERS: List[Tuple[str, Callable[[Engine, Path], None]]] = [
    ("set_evaluation", lambda e, p: e.set_evaluation("nnue", p)),
    ("configure", lambda e, p: e.configure({"EvalFile": str(p)})),
    ("load_net", lambda e, p: e.load_net(p)),
    ("load_net for xiangqi", lambda e, p: e.load_net(p, variant="xiangqi")),
]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("kind,data,reason", bad_files(), ids=[k for k, _, _ in bad_files()])
def test_each_bad_file_is_a_net_error_and_the_net_stays(tmp_path: Path, kind: str, data: bytes, reason: str) -> None:
    custom = tmp_path / "custom.nnue"
    custom.write_bytes(CUSTOM)
    bad = tmp_path / "bad.nnue"
    bad.write_bytes(data)
    board = xiangqi_board()
    shipped = search(Engine(hash_mb=1), board)
    engine = Engine(hash_mb=1, eval_file=custom)
    before = search(engine, board)
    assert before != shipped, "the custom net must search differently"
    janggi = xiangqi.Board(variant="janggi")
    janggi_before = search(engine, janggi)
    for name, load in LOADERS:
        if kind == "the other game" and name != "load_net for xiangqi":
            continue  # without a game to check, a janggi net is janggi's (tested below)
        with pytest.raises(xiangqi.NetError, match=reason):
            load(engine, bad)
        assert engine.evaluation == "nnue"
        assert search(engine, board) == before, name
    assert search(engine, janggi) == janggi_before
    if kind != "the other game":
        with pytest.raises(xiangqi.NetError, match=reason):
            Engine(hash_mb=1, eval_file=bad)
        with pytest.raises(xiangqi.NetError, match=reason):
            evaluate(board, eval_file=bad)


def test_a_net_of_the_other_game_keeps_this_games_net(tmp_path: Path) -> None:
    custom = tmp_path / "custom.nnue"
    custom.write_bytes(CUSTOM)
    janggi_net = tmp_path / "janggi.nnue"
    janggi_net.write_bytes(with_u32(XIANGQI, 12, 1))
    board, janggi = xiangqi_board(), xiangqi.Board(variant="janggi")
    engine = Engine(hash_mb=1, eval_file=custom)
    before, janggi_before = search(engine, board), search(engine, janggi)
    with pytest.raises(xiangqi.NetError, match="xiangqi net, not a janggi one"):
        engine.load_net(custom, variant="janggi")
    assert (search(engine, board), search(engine, janggi)) == (before, janggi_before)
    engine.load_net(janggi_net)
    assert search(engine, board) == before
    assert search(engine, janggi) != janggi_before
    engine.set_evaluation("nnue", janggi_net)
    assert search(engine, board) == before
    with pytest.raises(xiangqi.XiangqiError):
        engine.load_net(custom, variant="chess")
