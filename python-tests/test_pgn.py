"""xiangqi.pgn: reading and writing records."""

from __future__ import annotations

import io

import pytest

import xiangqi
import xiangqi.pgn
from xiangqi import Board, Move

RECORD = """[Game "Chinese Chess"]
[Event "Club championship"]
[Red "Li"]
[Black "Wang"]
[Result "1-0"]
[Format "Chinese"]

1. 炮二平五 {the central cannon} 马８进７ 2. 马二进三 (2. 兵七进一 卒7进1) 车９平８ 1-0

[Game "Chinese Chess"]
[FEN "4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1"]
[Format "ICCS"]

1. A5-E5 1-0
"""


def test_read_games_from_a_stream_one_at_a_time() -> None:
    handle = io.StringIO(RECORD)
    first = xiangqi.pgn.read_game(handle)
    assert first is not None
    assert first.headers["Red"] == "Li" and first.headers["Event"] == "Club championship"
    assert [m.uci() for m in first.mainline_moves()] == ["h2e2", "h9g7", "h0g2", "i9h9"]
    assert first.comments[0] == "the central cannon"
    assert first.result == "1-0"
    assert first.board().fen() == xiangqi.STARTING_FEN
    assert first.end().board().move_stack == first.moves
    second = xiangqi.pgn.read_game(handle)
    assert second is not None and second.fen == "4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1"
    assert second.end().board().is_checkmate()
    assert xiangqi.pgn.read_game(handle) is None


def test_read_games_and_errors() -> None:
    assert len(list(xiangqi.pgn.read_games(RECORD))) == 2
    bad = '[Format "ICCS"]\n\n1. H2-E2 H9-G7 2. H2-H8 *\n\n' + RECORD
    # As in python-chess: the broken record comes with what was read and its errors.
    games = list(xiangqi.pgn.read_games(bad))
    assert len(games) == 3 and [len(g.errors) for g in games] == [1, 0, 0]
    assert [m.uci() for m in games[0].mainline_moves()] == ["h2e2", "h9g7"]
    assert isinstance(games[0].errors[0], xiangqi.PgnError) and "line 3" in str(games[0].errors[0])
    assert len(list(xiangqi.pgn.read_games(bad, skip_errors=True))) == 2
    with pytest.raises(xiangqi.PgnError, match="line 3.*skip_errors=True"):
        list(xiangqi.pgn.read_games(bad, strict=True))
    game = xiangqi.pgn.read_game('[Format "WXF"]\n\n1. C2=5 R1+5 *\n')  # a9 cannot pass a6
    assert game is not None and len(game.errors) == 1 and [m.uci() for m in game.mainline_moves()] == ["h2e2"]
    with pytest.raises(xiangqi.PgnError):
        xiangqi.pgn.read_game('[Format "WXF"]\n\n1. C2=5 R1+5 *\n', strict=True)


@pytest.mark.parametrize(
    "notation,movetext",
    [
        ("iccs", "1. H2-E2 H9-G7 2. H0-G2 *"),
        ("wxf", "1. C2=5 H8+7 2. H2+3 *"),
        ("chinese", "1. 炮二平五 马8进7 2. 马二进三 *"),
        ("chinese-traditional", "1. 炮二平五 馬8進7 2. 傌二進三 *"),
    ],
)
def test_write_and_read_back(notation: str, movetext: str) -> None:
    board = Board()
    for uci in ["h2e2", "h9g7", "h0g2"]:
        board.push_uci(uci)
    text = xiangqi.pgn.write(board, notation=notation)
    assert movetext in text
    assert '[Game "Chinese Chess"]' in text
    again = xiangqi.pgn.read_game(text)
    assert again is not None and again.moves == board.move_stack


def test_game_building() -> None:
    game = xiangqi.pgn.Game({"Red": "A", "Black": "B"}, result="1/2-1/2")
    game.add_move(Move.from_uci("h2e2"), comment="opening")
    with pytest.raises(xiangqi.IllegalMoveError):
        game.add_move(Move.from_uci("h2e2"))  # Black to move now
    text = game.pgn(notation="wxf")
    assert "1. C2=5 {opening} 1/2-1/2" in text and '[Red "A"]' in text
    with pytest.raises(xiangqi.IllegalMoveError):
        xiangqi.pgn.Game(moves=[Move.from_uci("a9a8")])


def test_a_finished_board_records_its_result_and_ruling() -> None:
    board = Board("4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1")
    board.push_uci("a5e5")
    game = xiangqi.pgn.Game.from_board(board, {"Red": "Me"})
    assert game.result == "1-0" and game.headers["Termination"] == "checkmate"
    assert game.headers["Red"] == "Me" and game.fen == "4k4/9/9/9/R8/9/9/9/9/3K1R3 w - - 0 1"
    text = xiangqi.pgn.write(board, notation="wxf")
    assert '[Result "1-0"]' in text and '[Termination "checkmate"]' in text and "checkmate" in text.split("\n\n", 1)[1]


def test_read_game_reads_records_without_results_one_at_a_time(tmp_path) -> None:
    # Records that end without a result token (as exports often do) end at the next record's tag
    # pairs; a "[" inside a comment is not a tag.
    text = (
        '[Event "a"]\n\n1. h2e2 h9g7\n\n'
        '[Event "b"]\n\n1. b0c2 {a comment\n[not a tag]} b9c7\n\n'
        '[Event "c"]\n\n1. h0g2 *\n'
    )
    path = tmp_path / "no-results.pgn"
    path.write_text(text)
    import io

    with path.open() as as_text, path.open("rb") as as_bytes:
        for stream in (io.StringIO(text), io.BytesIO(text.encode()), as_text, as_bytes):
            games = []
            while (game := xiangqi.pgn.read_game(stream)) is not None:
                games.append((game.headers["Event"], [m.uci() for m in game.mainline_moves()]))
            assert games == [("a", ["h2e2", "h9g7"]), ("b", ["b0c2", "b9c7"]), ("c", ["h0g2"])]


# Records ending every way a record ends: at a result, at the next record's tags (on their own
# line or glued after the result), after a comment holding "[" and a result, after an illegal
# move; then Big5 bytes whose characters have "{", "}", "[" and "]" as their second byte.
GLUED = (
    '[Event "a"]\n1. h2e2 h9g7 1-0 [Event "b"] 1. b2e2 1/2-1/2 [Event "c"]\n'
    '1. h0g2 {[x] 0-1\n} h9g7\n[Event "d"]\n1. h2e3 h9g7\n2. b2e2\n[Event "e"]\n1. b0c2 *'
)
BIG5 = (
    '[Event "\u5f13\u5dde\u52a0\u5305"]\n1. h2e2 {\u5f13\u5dde\n\u52a0\u5305} h9g7 1-0 [Event "f"]\n1. b2e2 *\n'
).encode("big5")


class _Pipe(io.RawIOBase):
    """A stream that can neither seek nor peek (a socket's file, a generator's reader)."""

    def __init__(self, data: bytes, chunk: int = 7) -> None:
        self._data = io.BytesIO(data)
        self._chunk = chunk

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        chunk = self._data.read(min(len(buffer), self._chunk))
        buffer[: len(chunk)] = chunk
        return len(chunk)


def _one_at_a_time(stream) -> list:  # type: ignore[no-untyped-def]
    out = []
    while (game := xiangqi.pgn.read_game(stream)) is not None:
        out.append((game.headers.get("Event"), [m.uci() for m in game.mainline_moves()], bool(game.errors)))
        assert len(out) <= 1000, "read_game does not advance"
    return out


def _whole(data) -> list:  # type: ignore[no-untyped-def]
    return [
        (g.headers.get("Event"), [m.uci() for m in g.mainline_moves()], bool(g.errors))
        for g in xiangqi.pgn.read_games(data)
    ]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("data", [GLUED.encode(), BIG5], ids=["glued", "big5"])
def test_read_game_leaves_every_kind_of_stream_at_the_next_record(tmp_path, data: bytes) -> None:
    import os

    expected = _whole(data)
    assert len(expected) == (5 if data.startswith(b'[Event "a"]') else 2)
    path = tmp_path / "records.pgn"
    path.write_bytes(data)
    read, write = os.pipe()
    os.write(write, data)
    os.close(write)
    with path.open("rb") as as_bytes, path.open(encoding="latin-1") as as_text, open(read, "rb") as pipe:
        streams = [io.BytesIO(data), as_bytes, as_text, pipe, io.BufferedReader(_Pipe(data), 16), _Pipe(data)]
        if data.isascii():
            streams.append(io.StringIO(data.decode()))
        for stream in streams:
            assert _one_at_a_time(stream) == expected, stream
    # The stream is left exactly at the next record, so that other code may read on from there.
    stream = io.BytesIO(data)
    xiangqi.pgn.read_game(stream)
    rest = stream.read()
    assert _whole(rest) == expected[1:] and rest.startswith(b"[Event")


@pytest.mark.timeout(60)
@pytest.mark.parametrize("codec, named", [("utf-16", None), ("utf-16-le", "utf-16le"), ("utf-16-be", "utf-16be")])
def test_read_game_reads_utf16_streams_whole(codec: str, named) -> None:  # type: ignore[no-untyped-def]
    # UTF-16 cannot be cut at "\n" bytes: with a byte order mark, or named, the first record is
    # read from the whole stream, seekable or not.
    data = '[Event "\u5f13"]\n1. h2e2 h9g7 1-0\n[Event "b"]\n1. b2e2 *\n'.encode(codec)
    for stream in (io.BytesIO(data), _Pipe(data)):
        game = xiangqi.pgn.read_game(stream, encoding=named)
        assert game is not None and not game.errors
        assert game.headers["Event"] == "\u5f13" and [m.uci() for m in game.mainline_moves()] == ["h2e2", "h9g7"]


@pytest.mark.timeout(120)
def test_read_game_one_at_a_time_reads_the_corpus_sample_as_read_games_does() -> None:
    import glob
    import os
    import threading
    from pathlib import Path

    sample = next(
        (p for p in ("../shared/corpus/ccpd-sample", "../../shared/corpus/ccpd-sample") if os.path.isdir(p)), None
    )
    if sample is None:
        pytest.skip("the shared corpus sample (../shared/corpus/ccpd-sample) is missing")
    files = sorted(glob.glob(f"{sample}/**/*.pgn", recursive=True))[:400]
    data = b"".join(Path(f).read_bytes().rstrip() + (b" " if k % 3 == 0 else b"\n") for k, f in enumerate(files))
    expected = _whole(data)
    assert len(expected) >= 395 and sum(not e[2] for e in expected) >= 395
    assert _one_at_a_time(io.BytesIO(data)) == expected
    # A pipe: the encoding is found from what its buffer holds ahead (a whole-input reader looks
    # 64 KiB ahead; a pipe's reader sees the 8 KiB it has read).
    read, write = os.pipe()
    writer = threading.Thread(target=lambda: (os.write(write, data), os.close(write)))
    writer.start()
    with open(read, "rb") as pipe:
        assert _one_at_a_time(pipe) == expected
    writer.join()
    assert _one_at_a_time(io.BufferedReader(_Pipe(data, 4096))) == expected
