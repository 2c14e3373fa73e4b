"""Records as they exist in the wild: bytes in any encoding, game trees, XQF, DhtmlXQ, folders."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import xiangqi
import xiangqi.dhtmlxq
import xiangqi.pgn
import xiangqi.xqf
from xiangqi import Move

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = next(
    (p / "corpus" / "ccpd-sample" for p in (ROOT.parent / "shared", ROOT.parent.parent / "shared") if (p / "corpus").is_dir()),
    None,
)

BIG5_RECORD = '[Red "胡榮華"]\n\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 1-0\n'.encode("big5")
GBK_RECORD = '[Red "胡荣华"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\n'.encode("gbk")
MOVES = ["h2e2", "h9g7", "h0g2", "i9h9"]


@pytest.mark.parametrize("data,red", [(BIG5_RECORD, "胡榮華"), (GBK_RECORD, "胡荣华")])
def test_binary_files_and_bytes_in_legacy_encodings(data: bytes, red: str) -> None:
    for source in (io.BytesIO(data), data):
        game = xiangqi.pgn.read_game(source)
        assert game is not None
        assert game.headers["Red"] == red
        assert [m.uci() for m in game.mainline_moves()] == MOVES
    utf16 = '[Red "x"]\n\n1. h2e2 *\n'.encode("utf-16")
    game = xiangqi.pgn.read_game(utf16)
    assert game is not None and game.moves == [Move.from_uci("h2e2")]


@pytest.mark.parametrize("data,red", [(BIG5_RECORD, "胡榮華"), (GBK_RECORD, "胡荣华")])
def test_legacy_files_opened_in_text_mode(tmp_path: Path, data: bytes, red: str) -> None:
    path = tmp_path / "game.pgn"
    path.write_bytes(data + b"\n" + data)
    # open(path) decodes as UTF-8 (or the locale's encoding): read through its bytes instead.
    with open(path, encoding="utf-8") as handle:
        games = [xiangqi.pgn.read_game(handle), xiangqi.pgn.read_game(handle), xiangqi.pgn.read_game(handle)]
    assert [g.headers["Red"] if g else None for g in games] == [red, red, None]
    with open(path, encoding="utf-8") as handle:
        assert [g.headers["Red"] for g in xiangqi.pgn.read_games(handle)] == [red, red]
    page = tmp_path / "page.html"
    page.write_bytes(f"[DhtmlXQ][DhtmlXQ_red]{red}[/DhtmlXQ_red][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]".encode("gb18030" if data is GBK_RECORD else "big5"))
    with open(page, encoding="utf-8") as handle:
        game = xiangqi.dhtmlxq.read_game(handle)
    assert game is not None and game.headers["Red"] == red
    # A text stream with no bytes beneath it: a PgnError that says what to do.
    class Lines(io.TextIOBase):
        def readline(self, size: int = -1) -> str:
            raise UnicodeDecodeError("utf-8", data, 0, 1, "invalid start byte")

    with pytest.raises(xiangqi.PgnError, match='open\\(path, "rb"\\)'):
        xiangqi.pgn.read_game(Lines())


def test_a_named_encoding_wins() -> None:
    # GBK bytes read as Big5 give other characters: the moves do not parse.
    with pytest.raises(xiangqi.PgnError, match="line 3, column 4"):
        xiangqi.pgn.read_game(GBK_RECORD, encoding="big5", strict=True)
    game = xiangqi.pgn.read_game(GBK_RECORD, encoding="gb18030")
    assert game is not None and game.headers["Red"] == "胡荣华"


def test_unescaped_quotes_are_repaired_with_a_warning() -> None:
    game = xiangqi.pgn.read_game('[Event "the "big" one"]\n\n1. h2e2 *\n')
    assert game is not None
    assert game.headers["Event"] == 'the "big" one'
    assert game.warnings and "quote" in game.warnings[0]


TREE = '[Format "WXF"]\n\n{start} 1. C2=5 $1 {center} (1. H2+3 {horse} 1... H8+7) (1. P7+1) 1... H8+7 2. H2+3 *\n'


def test_the_game_tree() -> None:
    game = xiangqi.pgn.read_game(TREE)
    assert game is not None
    assert game.comment == "start"
    assert [n.move.uci() for n in game.variations] == ["h2e2", "h0g2", "c3c4"]
    horse = game.variation(Move.from_uci("h0g2"))
    assert horse.comment == "horse" and horse.parent is game and not horse.is_mainline()
    assert [m.uci() for m in horse.mainline_moves()] == ["h9g7"]
    assert game.variations[0].nags == [1] and game.variations[0].comment == "center"
    end = game.end()
    assert end.ply() == 3 and end.board().fen() == game.end_board().fen()
    game.promote_to_main(Move.from_uci("h0g2"))
    assert [m.uci() for m in game.mainline_moves()] == ["h0g2", "h9g7"]
    added = game.end().add_variation(Move.from_uci("b2e2"), comment="new")
    assert added.ply() == 3
    with pytest.raises(xiangqi.IllegalMoveError):
        added.add_variation(Move.from_uci("b2e2"))
    text = xiangqi.pgn.write(game, notation="wxf", line_width=0)
    assert "1. H2+3 {horse} (1. C2=5 $1 {center} 1... H8+7 2. H2+3) (1. P7+1) 1... H8+7 2. C8=5 {new} *" in text
    again = xiangqi.pgn.read_game(text)
    assert again is not None
    assert xiangqi.pgn.write(again, notation="wxf", line_width=0) == text


def test_nodes_are_views_of_the_cores_tree() -> None:
    import copy
    import pickle

    game = xiangqi.pgn.read_game(TREE)
    assert game is not None
    # One object per node, as python-chess's nodes: identity and parent links hold.
    first = game.variations[0]
    assert game.variations[0] is first and first.parent is game and first.next().parent is first
    assert game.variation(Move.from_uci("h2e2")) is first and first.game() is game
    assert [n.turn() for n in (game, first, first.next())] == [True, False, True]
    # A move that is not legal where it is added says why (the core's reason).
    with pytest.raises(xiangqi.IllegalMoveError) as illegal:
        first.add_variation(Move.from_uci("a0a1"))  # Black to move
    assert illegal.value.reason is xiangqi.IllegalMoveReason.NO_PIECE_OF_YOURS
    # The same move added twice is the same child.
    assert first.add_variation(first.next().move) is first.next()
    with pytest.raises(xiangqi.XiangqiError, match="NAG"):
        first.nags = [300]
    first.starting_comment = "before"
    game.remove_variation(Move.from_uci("c3c4"))
    text = game.pgn(line_width=0)
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), copy.copy(game)):
        assert twin.pgn(line_width=0) == text and twin.headers == game.headers
        assert [n.move for n in twin.variations] == [n.move for n in game.variations]
    twin = copy.deepcopy(game)
    twin.variations[0].comment = "changed"
    assert game.variations[0].comment == "center"
    # The start position changes only while there is no move.
    with pytest.raises(xiangqi.XiangqiError):
        game.fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
    empty = xiangqi.pgn.Game()
    empty.fen = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
    assert [m.uci() for m in empty.board().legal_moves] and empty.add_move(Move.from_uci("e0f0")).ply() == 1


def test_the_flat_api_writes_through_the_tree() -> None:
    game = xiangqi.pgn.read_game(TREE)
    assert game is not None
    assert game.moves[:2] == [Move.from_uci("h2e2"), Move.from_uci("h9g7")]
    game.comments[-1] = "last"
    game.nags[0] = [3]
    assert game.end().comment == "last" and game.variations[0].nags == [3]
    assert len(game.comments) == 3 and game.comments[0] == "center"


def test_folders_on_all_cores(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "one.pgn").write_bytes(BIG5_RECORD)
    (tmp_path / "two.pgn").write_bytes(GBK_RECORD + b"\n" + '[Red "bad"]\n\n1. a0a5 *\n'.encode())
    page = "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]"
    (tmp_path / "three.dhtml").write_text(page, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a record")
    games = list(xiangqi.pgn.read_games(tmp_path, skip_errors=True))
    assert [g.headers.get("Red") for g in games] == ["胡榮華", None, "胡荣华"]
    # By default the broken record comes too, with its errors; strict mode raises.
    games = list(xiangqi.pgn.read_games(tmp_path))
    assert [(g.headers.get("Red"), len(g.errors)) for g in games] == [("胡榮華", 0), (None, 0), ("胡荣华", 0), ("bad", 1)]
    assert "a0a5" in str(games[-1].errors[0]) and games[-1].mainline_moves() == []
    with pytest.raises(xiangqi.PgnError, match="two.pgn.*skip_errors=True"):
        list(xiangqi.pgn.read_games(tmp_path, strict=True))
    files = xiangqi.pgn.read_files(tmp_path)
    assert [(Path(f.path).name, f.format, f.encoding, len(f.games), len(f.errors)) for f in files] == [
        ("one.pgn", "pgn", "big5", 1, 0),
        ("three.dhtml", "dhtmlxq", "utf-8", 1, 0),
        ("two.pgn", "pgn", "gbk", 1, 1),
    ]


def test_dhtmlxq_read_and_write() -> None:
    game = xiangqi.pgn.read_game(TREE)
    assert game is not None
    text = xiangqi.dhtmlxq.write(game)
    again = xiangqi.dhtmlxq.read_game(text.encode("gbk"))
    assert again is not None
    # DhtmlXQ has no NAGs; moves, variations and comments come back.
    assert again.mainline_moves() == game.mainline_moves() and again.comment == "start"
    assert again.variations[0].comment == "center" and again.variations[1].comment == "horse"
    assert [n.move.uci() for n in again.variations] == ["h2e2", "h0g2", "c3c4"]


@pytest.mark.skipif(SAMPLE is None, reason="the shared corpus is missing")
def test_a_master_game_through_xqf_and_back() -> None:
    assert SAMPLE is not None
    game = xiangqi.pgn.read_game(next((SAMPLE / "對局" / "大師對局").rglob("*.pgn")))
    assert game is not None and len(game.moves) > 20
    other = next(m for m in sorted(game.board().legal_moves) if m != game.moves[0])
    game.add_variation(other).comment = "另一着"
    data = xiangqi.xqf.write(game)
    assert data[:3] == b"XQ\x0a"
    back = xiangqi.xqf.read_game(data)
    assert back.mainline_moves() == game.mainline_moves()
    assert back.headers["Red"] == game.headers["Red"]
    assert [n.move.uci() for n in back.variations] == [n.move.uci() for n in game.variations]
    assert back.variations[1].comment == "另一着"


def test_xqf_errors_are_typed() -> None:
    with pytest.raises(xiangqi.PgnError, match="XQF"):
        xiangqi.xqf.read_game(b"XQ\x0a" + bytes(100))
    with pytest.raises(xiangqi.PgnError):
        xiangqi.xqf.read_game(b"not xqf at all")
    with pytest.raises(TypeError):
        xiangqi.xqf.read_game(io.StringIO("text"))  # type: ignore[arg-type]


@pytest.mark.skipif(SAMPLE is None, reason="the shared corpus is not at ../shared")
def test_the_shared_sample_from_python() -> None:
    assert SAMPLE is not None
    files = xiangqi.pgn.read_files(SAMPLE)
    assert len(files) == 3000
    assert {f.encoding for f in files} == {"big5"}
    failed = [f for f in files if f.errors or not f.games]
    assert len(failed) * 1000 <= len(files), [(f.path, f.errors) for f in failed]
    assert sum(len(f.games) for f in files) == sum(1 for _ in xiangqi.pgn.read_games(SAMPLE, skip_errors=True))


def test_reading_leaves_the_garbage_collector_as_it_was(tmp_path: Path) -> None:
    import gc

    text = '[Game "Chinese Chess"]\n\n1. h2e2 {center} h9g7 $1 *\n'
    (tmp_path / "a.pgn").write_text(text, encoding="utf-8")
    for enabled in (True, False):
        (gc.enable if enabled else gc.disable)()
        try:
            for source in (text, tmp_path, tmp_path / "a.pgn"):
                (game,) = list(xiangqi.pgn.read_games(source))
                assert game.mainline_moves() == [Move.from_uci("h2e2"), Move.from_uci("h9g7")]
                assert game.variations[0].comment == "center" and game.end().nags == [1]
                assert gc.isenabled() is enabled
        finally:
            gc.enable()
