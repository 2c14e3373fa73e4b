"""Records written in every notation and encoding read back unchanged: real games (the Big5
records of the shared CCPD sample) through ``xiangqi.pgn.write(..., encoding=...)`` and
``xiangqi.dhtmlxq.write``, the bytes checked with Python's own codecs, never a character
reference; a character an encoding lacks is refused by name."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

import xiangqi
import xiangqi.dhtmlxq
import xiangqi.pgn

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = next(
    (p / "corpus" / "ccpd-sample" for p in (ROOT.parent / "shared", ROOT.parent.parent / "shared") if (p / "corpus").is_dir()),
    None,
)

NOTATIONS = ["iccs", "wxf", "chinese", "chinese-traditional", "vietnamese"]
# Our name, and Python's codec for an independent decoding of what was written.
ENCODINGS = [("utf-8", "utf-8"), ("gbk", "gb18030"), ("big5", "big5hkscs"), ("utf-16le", "utf-16"), ("utf-16be", "utf-16")]


def tandem_game() -> xiangqi.pgn.Game:
    """Two Red chariots and two horses on one file each (前俥平七, 前傌進四), comments."""
    board = xiangqi.Board("4k4/9/9/9/9/9/3R2N2/3R5/6N2/5K3 w - - 0 1")
    game = xiangqi.pgn.Game.from_board(board)
    game.headers["Event"] = "前後車馬"
    node: xiangqi.pgn.GameNode = game
    for uci in ["d3c3", "e9e8", "g3f5", "e8e9"]:
        node = node.add_variation(xiangqi.Move.from_uci(uci), comment="將軍")
    return game


def games() -> List[xiangqi.pgn.Game]:
    assert SAMPLE is not None
    found = list(itertools.islice(xiangqi.pgn.read_games(SAMPLE / "中局", skip_errors=True), 30))
    assert len(found) == 30
    return found + [tandem_game()]


def kept(game: xiangqi.pgn.Game) -> Tuple[List[Tuple[str, str]], str, List[str], List[object]]:
    headers = sorted((k, v) for k, v in game.headers.items() if k not in ("Game", "Format", "FEN", "Result"))
    return headers, game.fen, [m.uci() for m in game.mainline_moves()], [n.comment for n in game.mainline()]


@pytest.mark.skipif(SAMPLE is None, reason="the shared corpus is not at ../shared")
@pytest.mark.parametrize("encoding,codec", ENCODINGS)
@pytest.mark.parametrize("notation", NOTATIONS)
def test_every_notation_in_every_encoding_reads_back(notation: str, encoding: str, codec: str) -> None:
    for game in games():
        data = xiangqi.pgn.write(game, notation, encoding=encoding)
        assert isinstance(data, bytes)
        assert b"&#" not in data
        text = data.decode(codec)  # strict: every byte is a character of the encoding
        if encoding == "big5":
            assert "俥" not in text
        back = xiangqi.pgn.read_game(data)
        assert back is not None and not back.warnings
        assert kept(back) == kept(game)
        assert back.result == game.result
        # The same text through the str writer when the encoding has every character.
        if encoding != "big5":
            assert text.lstrip("\ufeff") == xiangqi.pgn.write(game, notation)


@pytest.mark.skipif(SAMPLE is None, reason="the shared corpus is not at ../shared")
@pytest.mark.parametrize("encoding,codec", ENCODINGS)
def test_dhtmlxq_in_every_encoding_reads_back(encoding: str, codec: str) -> None:
    found = games()
    data = xiangqi.dhtmlxq.write_all(found, encoding=encoding)
    assert b"&#" not in data
    data.decode(codec)
    back = list(xiangqi.dhtmlxq.read_games(data))
    assert [[m.uci() for m in g.mainline_moves()] for g in back] == [[m.uci() for m in g.mainline_moves()] for g in found]
    assert [g.headers.get("Red") for g in back] == [g.headers.get("Red") for g in found]


def test_big5_moves_use_the_characters_big5_records_use() -> None:
    game = tandem_game()
    for notation in ("chinese", "chinese-traditional"):
        text = xiangqi.pgn.write(game, notation, encoding="big5").decode("big5")
        assert "前車平七" in text and "前馬進四" in text
    assert "前俥平七" in xiangqi.pgn.write(game, "chinese-traditional", encoding="gbk").decode("gbk")
    # The str writer keeps Red's own characters; Python's Big5 codec has no 俥.
    with pytest.raises(UnicodeEncodeError):
        xiangqi.pgn.write(game, "chinese-traditional").encode("big5")


def test_a_character_the_encoding_lacks_is_refused_by_name() -> None:
    game = xiangqi.pgn.Game()
    game.headers["Red"] = "许银川"
    with pytest.raises(xiangqi.XiangqiError, match="big5 has no character 许"):
        xiangqi.pgn.write(game, encoding="big5")
    with pytest.raises(xiangqi.XiangqiError, match="许"):
        xiangqi.dhtmlxq.write(game, encoding="big5")
    with pytest.raises(xiangqi.XiangqiError, match="unknown text encoding"):
        xiangqi.pgn.write(game, encoding="latin-9")
    headers: Dict[str, str] = dict(xiangqi.pgn.read_game(xiangqi.pgn.write(game, encoding="gbk")).headers)  # type: ignore[union-attr]
    assert headers["Red"] == "许银川"
