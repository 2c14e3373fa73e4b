"""xiangqi.puzzles: the shipped puzzle set, its filters, and judging a solver's move."""

import datetime

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
    # The page's choice (web/src/ui-puzzle.js, run by node as the browser runs it) against
    # puzzles.daily_puzzle over more than a year, both reading the shipped file.
    import json
    import shutil
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    data = root / "data" / "puzzles" / "puzzles.tsv"
    node = shutil.which("node")
    assert node is not None, "node (which make web-test needs too) runs the page's daily choice"
    script = f"""
        import {{ readFileSync }} from 'node:fs';
        import {{ parsePuzzles, dailyPuzzle }} from {json.dumps((root / 'web/src/ui-puzzle.js').as_uri())};
        const all = parsePuzzles(readFileSync({json.dumps(str(data))}, 'utf8'));
        const ids = [];
        for (let day = Date.UTC(2026, 11, 1), i = 0; i < 400; i++, day += 86400000)
          ids.push(dailyPuzzle(all, new Date(day).toISOString().slice(0, 10)).id);
        console.log(JSON.stringify(ids));
    """
    run = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    page = json.loads(run.stdout)
    start = datetime.date(2026, 12, 1)
    ours = [puzzles.daily_puzzle(start + datetime.timedelta(days=i), data).id for i in range(400)]
    assert page == ours
