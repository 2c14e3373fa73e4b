"""The tables the Rust crates own, as the Python package names them: each Python name is
compared with the compiled module's view of the Rust table, never with a second copy."""

from __future__ import annotations

import xiangqi
import xiangqi.engine
import xiangqi.puzzles
import xiangqi.uci
from xiangqi import _xiangqi


def test_terminations_are_the_cores() -> None:
    # Every Rust termination has its Python member, with the core's code, named as the core
    # names it (a termination added in Rust fails here until Python names it).
    assert [(t.value, t.description()) for t in xiangqi.Termination] == _xiangqi.TERMINATIONS
    for member in xiangqi.Termination:
        assert member.description() == member.name.lower().replace("_", " ")


def test_levels_come_from_the_search_crate() -> None:
    assert tuple(xiangqi.engine.LEVELS) == xiangqi.puzzles.LEVELS
    assert xiangqi.puzzles.LEVELS == tuple(name for name, _ in _xiangqi.engine_levels())


def test_puzzle_columns_and_daily_rule_are_the_puzzle_crates() -> None:
    assert xiangqi.puzzles.COLUMNS == tuple(_xiangqi.PUZZLE_COLUMNS)
    shipped = xiangqi.puzzles.default_path().read_text(encoding="utf-8")
    header = next(line for line in shipped.splitlines() if line and not line.startswith("#"))
    assert set(header.split("\t")) == set(_xiangqi.PUZZLE_COLUMNS)
    # Day numbers are date.toordinal(): taken in turn, negative ones too.
    assert [_xiangqi.puzzles_daily_index(d, 3) for d in (-1, 0, 1, 5)] == [2, 0, 1, 2]


def test_mate_scales_and_depth() -> None:
    assert _xiangqi.MATE_CP == 100_000
    assert xiangqi.uci.UCCI_MATE == _xiangqi.UCCI_MATE == 10_000
    # A mate in n lies 2n - 1 plies deep; the search adds two plies to let checks resolve.
    assert [_xiangqi.mate_depth(n) for n in (1, 2, 5)] == [3, 5, 11]
    mate = xiangqi.engine.Mate(3)
    assert mate.score(mate_score=_xiangqi.MATE_CP) == _xiangqi.MATE_CP - 3


def test_piece_values_and_the_null_move() -> None:
    values = dict(_xiangqi.PIECE_VALUES)
    assert values == {
        "general": 0,
        "advisor": 200,
        "elephant": 200,
        "horse": 450,
        "chariot": 1000,
        "cannon": 450,
        "soldier": 100,
    }
    assert _xiangqi.NULL_MOVE == "0000"
    assert str(xiangqi.Move.null()) == _xiangqi.NULL_MOVE
    assert xiangqi.Move.from_uci(_xiangqi.NULL_MOVE) == xiangqi.Move.null()


def test_illegal_reasons_are_numbered_as_in_the_core() -> None:
    codes = [code for code, _ in _xiangqi.ILLEGAL_REASONS]
    assert codes == list(range(1, len(codes) + 1))
    # Each has its Python member with the core's code and words.
    assert [(r.value, r.description()) for r in xiangqi.IllegalMoveReason] == _xiangqi.ILLEGAL_REASONS
    board = xiangqi.Board()
    # a0a5: the chariot's path is blocked by its own soldier (reason 3, "the path is blocked").
    message = dict(_xiangqi.ILLEGAL_REASONS)[3]
    try:
        board.push_uci("a0a5")
    except xiangqi.IllegalMoveError as error:
        assert message in str(error)
    else:
        raise AssertionError("a0a5 was accepted")


def test_the_extension_imports_none_of_the_package_modules() -> None:
    # The package hands its classes to the extension (package_types.rs): with the modules that
    # define them gone from sys.modules and any new xiangqi.* import refused, results are still
    # made of them.
    import subprocess
    import sys

    script = """
import sys
import xiangqi
from xiangqi import Board, Move, Outcome, SquareSet, IllegalMoveReason

class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.startswith("xiangqi."):
            raise ImportError("imported " + name)
        return None

for name in ("xiangqi.outcome", "xiangqi.legality", "xiangqi.squares", "xiangqi.exceptions"):
    del sys.modules[name]
sys.meta_path.insert(0, Refuse())
board = Board("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1")
assert isinstance(board.checkers(), SquareSet)
assert board.illegal_reason(Move.from_uci("b0e0")) is IllegalMoveReason.OWN_PIECE_THERE
board.push_uci("b0b9")
assert isinstance(board.outcome(), Outcome) and board.outcome().winner is True
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
