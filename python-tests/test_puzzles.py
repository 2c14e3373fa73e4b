"""xiangqi.puzzles: the shipped puzzle set, its filters, and judging a solver's move."""

import datetime
from pathlib import Path

import pytest

import xiangqi
from xiangqi import puzzles


@pytest.fixture(scope="module")
def shipped():
    return puzzles.load()


def test_every_line_is_legal_and_mates_end_in_mate(shipped):
    assert shipped
    for p in shipped:
        board = xiangqi.Board(p.fen)
        assert len(p.moves) % 2 == 1, p.id
        for text in p.moves:
            board.push_uci(text)
        if p.mate_in is not None:
            assert p.solver_moves == p.mate_in, p.id
            assert board.is_checkmate() or board.is_stalemate(), p.id
        assert p.level in puzzles.LEVELS
        assert p.daily == (p.level != "beginner" and p.solver_moves <= 4), p.id


def test_filters(shipped):
    mates = list(puzzles.iter_puzzles(theme="mate"))
    assert mates and all("mate" in p.themes for p in mates)
    assert len(mates) < len(shipped)
    for level in puzzles.LEVELS:
        assert all(p.level == level for p in puzzles.iter_puzzles(level=level))
    assert sum(len(list(puzzles.iter_puzzles(level=lv))) for lv in puzzles.LEVELS) == len(shipped)
    hard = list(puzzles.iter_puzzles(level=["strong", "master"], theme=["mate"]))
    assert all(p.level in ("strong", "master") and "mate" in p.themes for p in hard)
    with pytest.raises(ValueError):
        list(puzzles.iter_puzzles(level="grandmaster"))
    assert all(p.daily for p in puzzles.iter_puzzles(daily=True))


def test_right_and_wrong_moves(shipped):
    for p in shipped[:20]:
        assert p.check(p.moves[0]) == puzzles.RIGHT
        board = p.board()
        assert board.fen() == xiangqi.Board(p.fen).fen()
        assert p.check(board.parse_uci(p.moves[0])) == puzzles.RIGHT
        if p.solver_moves > 1:
            assert p.check(p.moves[2], step=1) == puzzles.RIGHT
            assert len(p.board(step=1).move_stack) == 2
        wrong = [m for m in board.legal_moves if m.uci() != p.moves[0]]
        # The judge found exactly one winning move: a gain puzzle has no other right answer,
        # and a mate puzzle's other moves do not mate at once unless it is a mate in one.
        if p.mate_in is None or p.mate_in > 1:
            assert p.check(wrong[0]) == puzzles.WRONG
    assert shipped[0].check("a0a0") == puzzles.WRONG
    assert shipped[0].check("nonsense") == puzzles.WRONG


def test_an_alternative_mate_also_wins():
    # Both chariots mate on the d-file (checked by the rules, not by the puzzle).
    fen = "3k4r/9/9/9/9/9/9/R8/6Nr1/R3K4 w - - 0 1"
    row = "\t".join(["t1", fen, "a0d0", "mate mate-in-1", "casual", "1", "test"])
    p = puzzles.Puzzle.from_row(row)
    b = xiangqi.Board(fen)
    b.push_uci("a2d2")
    assert b.is_checkmate()
    assert p.check("a0d0") == puzzles.RIGHT
    assert p.check("a2d2") == puzzles.ALSO_WINS
    assert p.check("a0a9") == puzzles.WRONG


def test_daily_puzzle_cycles_through_the_daily_set(shipped):
    pool = [p for p in shipped if p.daily]
    day = datetime.date(2027, 1, 1)
    seen = {puzzles.daily_puzzle(day + datetime.timedelta(days=i)).id for i in range(len(pool))}
    assert len(seen) == len(pool)
    assert puzzles.daily_puzzle(day).daily


def test_columns_are_found_by_name(tmp_path, shipped):
    p = shipped[0]
    path = tmp_path / "p.tsv"
    path.write_text(
        "# a comment\nsource\tlevel\tid\tfen\tmoves\tthemes\tdaily\n"
        f"{p.source}\t{p.level}\t{p.id}\t{p.fen}\t{' '.join(p.moves)}\t{' '.join(p.themes)}\t{int(p.daily)}\n",
        encoding="utf-8",
    )
    assert puzzles.load(path) == [p]
    bad = tmp_path / "bad.tsv"
    bad.write_text("id\tfen\n", encoding="utf-8")
    with pytest.raises(ValueError, match="lacks moves themes level daily source"):
        puzzles.load(bad)
    # A malformed row is named by its line, as the Rust reader (the CLI's) reports it.
    graded = "\t".join(puzzles.COLUMNS) + "\n" + "\t".join([p.id, p.fen, p.moves[0], "", "grandmaster", "0", "x"])
    bad.write_text("# note\n" + graded + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad.tsv: line 3: unknown level \"grandmaster\""):
        puzzles.load(bad)
    with pytest.raises(ValueError, match="daily must be 0 or 1"):
        puzzles.Puzzle.from_row("\t".join([p.id, p.fen, p.moves[0], "", "club", "yes", "x"]))
    with pytest.raises(ValueError, match="6 columns, expected 7"):
        puzzles.Puzzle.from_row("\t".join([p.id, p.fen, p.moves[0], "", "club", "1"]))


def test_with_an_engine_other_first_moves_of_a_mate_are_wrong(shipped):
    # A mate puzzle's first move is the only one that mates, so judged by the engine every other
    # first move must be wrong; the solution itself is right.
    from xiangqi.engine import Engine

    p = next(q for q in shipped if q.mate_in is not None and q.mate_in >= 2)
    board = xiangqi.Board(p.fen)
    others = [m for m in board.legal_moves if m.uci() != p.moves[0]][:4]
    assert others
    with Engine(level="master", hash_mb=16) as engine:
        assert p.check(p.moves[0], engine=engine) == puzzles.RIGHT
        for m in others:
            assert p.check(m, engine=engine) == puzzles.WRONG, (p.id, m.uci())


def test_the_page_chooses_the_same_daily_puzzle_as_python() -> None:
    # The page reads the file with the Rust reader and picks the day's puzzle with
    # dailyPuzzleIndex(date, pool): the date's day number (Rust, checked here against Python's
    # own calendar over centuries and leap days), then the daily rule Python uses. Over more
    # than a year of the shipped file, that choice is daily_puzzle's. (web/tests/daily.test.mjs
    # checks the page shows it.)
    from xiangqi import _xiangqi

    start = datetime.date(2026, 12, 1)
    days = [start + datetime.timedelta(days=i) for i in range(400)]
    days += [datetime.date(1, 1, 1), datetime.date(1900, 2, 28), datetime.date(1900, 3, 1)]
    days += [datetime.date(2000, 2, 29), datetime.date(2100, 3, 1), datetime.date(9999, 12, 31)]
    assert [_xiangqi.puzzles_day_number(d.isoformat()) for d in days] == [d.toordinal() for d in days]
    for text in ("2023-02-29", "2026-13-01", "2026-1-01", "", "0000-01-01"):
        assert _xiangqi.puzzles_day_number(text) is None, text
    data = Path(__file__).resolve().parent.parent / "data" / "puzzles" / "puzzles.tsv"
    pool = [row[0] for row in _xiangqi.puzzles_read(data.read_text(encoding="utf-8")) if row[5]]
    for day in days[:400]:
        day_number = _xiangqi.puzzles_day_number(day.isoformat())
        assert day_number is not None
        page = pool[_xiangqi.puzzles_daily_index(day_number, len(pool))]
        assert page == puzzles.daily_puzzle(day, data).id
