"""xiangqi.analyse and the match's openings read records through the Rust records reader
(xiangqi-records), as xiangqi.pgn.read_games reads a path: every format, every encoding."""

from pathlib import Path
from typing import List

import pytest

import xiangqi
import xiangqi.xqf
from xiangqi.analyse import AnalysisError, load_database
from xiangqi.exceptions import XiangqiError
from xiangqi.match import load_openings
from xiangqi.pgn import read_games

ROOT = Path(__file__).resolve().parent.parent
#: A master game from the CCPD corpus, Big5 as published (see data/analysis/README.md).
REAL_GAME = ROOT / "data" / "analysis" / "ccpd-master-game.pgn"


def short_game() -> xiangqi.pgn.Game:
    board = xiangqi.Board()
    for uci in ("h2e2", "h9g7", "h0g2"):
        board.push_uci(uci)
    return xiangqi.pgn.Game.from_board(board)


def test_a_database_folder_is_read_in_every_format_in_file_order(tmp_path: Path) -> None:
    db = tmp_path / "db"
    (db / "sub").mkdir(parents=True)
    (db / "a-short.pgn").write_text(short_game().pgn(), encoding="utf-8")
    (db / "b-broken.pgn").write_text('[Game "Chinese Chess"]\n\n1. h2e2 z9z9 *\n', encoding="utf-8")
    (db / "c.xqf").write_bytes(xiangqi.xqf.write(short_game()))
    (db / "sub" / "d-real.pgn").write_bytes(REAL_GAME.read_bytes())
    (db / "notes.txt").write_text("not a record", encoding="utf-8")
    skipped: List[str] = []
    games = list(load_database(db, skipped.append))
    real = next(read_games(REAL_GAME))
    assert [g.moves for g in games] == [short_game().moves, short_game().moves, real.moves]
    assert games[2].headers["Red"] == real.headers["Red"]  # Big5 names decoded
    assert len(skipped) == 1 and "b-broken.pgn: record 1 skipped" in skipped[0]
    # One file named directly, whatever its extension, is read as PGN.
    named = tmp_path / "game.txt"
    named.write_bytes(REAL_GAME.read_bytes())
    assert [g.moves for g in load_database(named)] == [real.moves]
    with pytest.raises(AnalysisError, match="no such file or folder"):
        list(load_database(tmp_path / "nothing"))


def test_openings_read_epd_pgn_in_any_encoding_and_name_a_bad_line(tmp_path: Path) -> None:
    start = xiangqi.Board().fen()
    board_and_side = " ".join(start.split()[:2])
    epd = tmp_path / "book.epd"
    epd.write_text(f"# comment\n{board_and_side} - - bm h2e2; id \"x\";\n{start}\n", encoding="utf-8")
    assert [o.fen for o in load_openings(epd)] == [start, start]
    epd.write_text(f"{start}\n\n9/9/9 w\n", encoding="utf-8")
    with pytest.raises(XiangqiError, match="book.epd: .*line 3"):
        load_openings(epd)
    # A GBK PGN book: the Chinese moves and the Opening tag read as the records reader reads them.
    game = short_game()
    game.headers["Opening"] = "中炮"
    book = tmp_path / "book.pgn"
    book.write_bytes(xiangqi.pgn.write(game, notation="chinese", encoding="gbk"))
    (opening,) = load_openings(book)
    assert [m.uci() for m in opening.moves] == ["h2e2", "h9g7", "h0g2"] and opening.name == "中炮"
