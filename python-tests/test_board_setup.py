"""Setting up a position, as in python-chess: ``Board(None)`` is an empty board, edits never fail
because of legality, and a board whose pieces are not a legal position yet (a board being set
up) reads its pieces but raises ``FenError`` for everything that needs the rules.

The expected values come from outside the library: the start FEN and its perft counts are the
standard ones, the janggi positions and counts are Fairy-Stockfish's (data/perft/janggi.epd),
the other positions are written out by hand."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path
from typing import Any, Callable, Iterator, List, Tuple

import numpy as np
import pytest

import xiangqi
import xiangqi.engine
import xiangqi.pgn
from xiangqi import BLACK, RED, Board, FenError, Move, Piece

from conftest import DATA
from fake_engine import write_fake_engine

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
# Perft of the start position, the standard counts.
START_PERFT = {1: 44, 2: 1920}

BACK_RANK = [
    xiangqi.CHARIOT, xiangqi.HORSE, xiangqi.ELEPHANT, xiangqi.ADVISOR, xiangqi.GENERAL,
    xiangqi.ADVISOR, xiangqi.ELEPHANT, xiangqi.HORSE, xiangqi.CHARIOT,
]


def start_pieces(color: bool) -> List[Tuple[int, Piece]]:
    """One side's pieces of the start position, back rank first, from the rules of the game."""
    back, cannons, soldiers = (0, 2, 3) if color == RED else (9, 7, 6)
    placed = [(xiangqi.square(f, back), Piece(role, color)) for f, role in enumerate(BACK_RANK)]
    placed += [(xiangqi.square(f, cannons), Piece(xiangqi.CANNON, color)) for f in (1, 7)]
    placed += [(xiangqi.square(f, soldiers), Piece(xiangqi.SOLDIER, color)) for f in (0, 2, 4, 6, 8)]
    return placed


def a_board_being_set_up() -> Board:
    """Red's general on e0 and chariot on a0, nothing else: Black has no general."""
    board = Board(None)
    board.set_piece_at(xiangqi.E0, Piece(xiangqi.GENERAL, RED))
    board.set_piece_at(xiangqi.A0, Piece(xiangqi.CHARIOT, RED))
    return board


SET_UP_FEN = "9/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"


# ----- building positions piece by piece ---------------------------------------------------------


def test_the_start_position_built_piece_by_piece_from_an_empty_board() -> None:
    board = Board(None)
    assert board.fen() == "9/9/9/9/9/9/9/9/9/9 w - - 0 1"
    assert board.turn == RED and board.halfmove_clock == 0 and board.fullmove_number == 1
    placed = start_pieces(RED) + start_pieces(BLACK)
    valid = []
    for square, piece in placed:
        board.set_piece_at(square, piece)
        valid.append(board.is_valid())
    # Playable from the moment both generals stand (Red's soldier on e3 keeps them apart).
    black_general = placed.index((xiangqi.E9, Piece(xiangqi.GENERAL, BLACK)))
    assert valid == [False] * black_general + [True] * (len(placed) - black_general)
    assert board.fen() == START_FEN
    assert len(board.legal_moves) == START_PERFT[1]
    assert board.perft(2) == START_PERFT[2]
    assert board == Board() and board.zobrist_hash() == Board().zobrist_hash()
    board.push_uci("h2e2")
    assert board.fen() == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"


def janggi_cases() -> Iterator[Any]:
    """(FEN, {depth: count}) of each Fairy-Stockfish janggi perft line."""
    for line in (DATA / "perft" / "janggi.epd").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        record, _, comment = line.partition(" #")
        fen, *counts = record.split(";")
        depths = {int(c.split()[0][1:]): int(c.split()[1]) for c in counts}
        yield pytest.param(fen, depths, id=comment.strip() or fen)


def pieces_of_fen(fen: str) -> List[Tuple[int, str]]:
    """The (square, letter) pairs of a FEN's board field, read here without the library."""
    placed = []
    for row, text in enumerate(fen.split()[0].split("/")):
        rank, file = 9 - row, 0
        for char in text:
            if char.isdigit():
                file += int(char)
            else:
                placed.append((rank * 9 + file, char))
                file += 1
    return placed


@pytest.mark.parametrize("fen,depths", list(janggi_cases()))
def test_a_janggi_position_built_piece_by_piece(fen: str, depths: dict) -> None:
    board = Board(None, variant="janggi")
    assert board.variant == "janggi" and board.rules == "janggi" and not board.is_valid()
    for square, letter in pieces_of_fen(fen):
        board.set_piece_at(square, Piece.from_symbol(letter))
    board.turn = fen.split()[1] == "w"
    assert board.is_valid(), board.status()
    assert board.board_fen() == fen.split()[0]
    assert len(board.legal_moves) == depths[1]
    assert board.perft(2) == depths[2]


# ----- every method that needs the rules refuses a board being set up ----------------------------

H2E2 = Move.from_uci("h2e2")

# Every Board method that needs the rules, with arguments that would be fine on a legal board.
RULES_METHODS: List[Tuple[str, Tuple[Any, ...]]] = [
    ("legal_moves", ()),  # a property
    ("pass_move", ()),
    ("root", ()),
    ("push", (H2E2,)),
    ("pop", ()),
    ("peek", ()),
    ("is_legal", (H2E2,)),
    ("is_pseudo_legal", (H2E2,)),
    ("illegal_reason", (H2E2,)),
    ("san", (H2E2,)),
    ("lan", (H2E2,)),
    ("wxf", (H2E2,)),
    ("chinese", (H2E2,)),
    ("vietnamese", (H2E2,)),
    ("format_move", (H2E2, "wxf")),
    ("variation_san", ([H2E2],)),
    ("parse_uci", ("h2e2",)),
    ("parse_san", ("C2=5",)),
    ("parse_wxf", ("C2=5",)),
    ("parse_chinese", ("炮二平五",)),
    ("parse_vietnamese", ("P2-5",)),
    ("parse_any", ("h2e2",)),
    ("parse_move", ("h2e2", "iccs")),
    ("push_uci", ("h2e2",)),
    ("push_san", ("C2=5",)),
    ("push_wxf", ("C2=5",)),
    ("push_chinese", ("炮二平五",)),
    ("push_vietnamese", ("P2-5",)),
    ("push_any", ("h2e2",)),
    ("is_check", ()),
    ("checkers", ()),
    ("attackers", (RED, xiangqi.E4)),
    ("is_attacked_by", (RED, xiangqi.E4)),
    ("gives_check", (H2E2,)),
    ("is_capture", (H2E2,)),
    ("is_checkmate", ()),
    ("is_stalemate", ()),
    ("is_insufficient_material", ()),
    ("has_insufficient_material", (RED,)),
    ("outcome", ()),
    ("is_game_over", ()),
    ("result", ()),
    ("can_claim_draw", ()),
    ("is_repetition", ()),
    ("repetition_count", ()),
    ("plies_since_capture", ()),
    ("drawing_move", ()),
    ("since_last_capture", ()),
    ("resign", (RED,)),
    ("flag", (RED,)),
    ("agree_draw", ()),
    ("perft", (1,)),
    ("perft_divide", (1,)),
    ("planes", ()),
    ("legal_action_mask", ()),
    ("move_to_action", (H2E2,)),
    ("action_to_move", (0,)),
]

# The methods that only read the pieces (or write a move without a position), with arguments.
READING_METHODS: List[Tuple[str, Tuple[Any, ...]]] = [
    ("fen", ()),
    ("board_fen", ()),
    ("epd", ()),
    ("piece_at", (xiangqi.E0,)),
    ("piece_map", ()),
    ("pieces", (xiangqi.CHARIOT, RED)),
    ("king", (RED,)),
    ("turn", ()),
    ("halfmove_clock", ()),
    ("fullmove_number", ()),
    ("variant", ()),
    ("rules", ()),
    ("move_stack", ()),
    ("ply", ()),
    ("is_valid", ()),
    ("status", ()),
    ("zobrist_hash", ()),
    ("uci", (H2E2,)),
    ("unicode", ()),
    ("to_array", ()),
    ("mirror", ()),
    ("copy", ()),
    ("_repr_svg_", ()),
]

# The methods that change the pieces, and the constructor of janggi boards.
EDITING_METHODS = {
    "set_piece_at", "remove_piece_at", "set_piece_map", "clear_board", "clear", "reset", "set_fen",
    "janggi",
}


def test_every_board_method_is_sorted_into_rules_reading_or_editing() -> None:
    # A method added to Board must be added to one of the lists above (and, if it needs the
    # rules, go through Board::game): then the tests below check it on a board being set up.
    public = {name for name in dir(Board) if not name.startswith("__")}
    listed = {name for name, _ in RULES_METHODS} | {name for name, _ in READING_METHODS} | EDITING_METHODS
    assert public - listed == set(), "classify these Board methods in test_board_setup.py"
    assert listed - public == set()


def call(board: Board, name: str, args: Tuple[Any, ...]) -> Any:
    attribute = getattr(board, name)
    return attribute(*args) if callable(attribute) else attribute


@pytest.mark.parametrize("name,args", RULES_METHODS, ids=[name for name, _ in RULES_METHODS])
def test_a_rules_method_raises_fen_error_naming_the_problems(name: str, args: Tuple[Any, ...]) -> None:
    board = a_board_being_set_up()
    with pytest.raises(FenError) as caught:
        call(board, name, args)
    message = str(caught.value)
    assert "black has no general" in message
    assert "both generals" in message and "board.status() lists the problems" in message
    assert board.fen() == SET_UP_FEN, "a refused call changes nothing"
    # The same call answers on a legal board (pop and peek need a move played).
    legal = Board()
    legal.push_uci("b0c2")
    legal.push_uci("b9c7")
    call(legal, name, args)


@pytest.mark.parametrize("name,args", READING_METHODS, ids=[name for name, _ in READING_METHODS])
def test_a_reading_method_answers_on_a_board_being_set_up(name: str, args: Tuple[Any, ...]) -> None:
    board = a_board_being_set_up()
    call(board, name, args)
    assert board.fen() == SET_UP_FEN and not board.is_valid()


def test_the_reading_methods_read_the_pieces_being_set_up() -> None:
    board = a_board_being_set_up()
    general, chariot = Piece(xiangqi.GENERAL, RED), Piece(xiangqi.CHARIOT, RED)
    assert board.fen() == SET_UP_FEN and board.board_fen() == "9/9/9/9/9/9/9/9/9/R3K4"
    assert board.epd() == "9/9/9/9/9/9/9/9/9/R3K4 w - -"
    assert board.piece_at(xiangqi.E0) == general and board.piece_at(xiangqi.E9) is None
    assert board.piece_map() == {xiangqi.A0: chariot, xiangqi.E0: general}
    assert list(board.pieces(xiangqi.CHARIOT, RED)) == [xiangqi.A0]
    assert list(board.pieces(xiangqi.GENERAL, BLACK)) == []
    assert board.king(RED) == xiangqi.E0 and board.king(BLACK) is None
    assert board.turn == RED and board.halfmove_clock == 0 and board.fullmove_number == 1
    assert board.variant == "xiangqi" and board.rules == xiangqi.DEFAULT_RULES
    board.rules = "casual"
    assert board.rules == "casual" and not board.is_valid()
    assert board.move_stack == [] and board.ply() == 0
    assert board.uci(H2E2) == "h2e2"
    assert str(board) == "\n".join([". . . . . . . . ."] * 9 + ["R . . . K . . . ."])
    drawn = board.unicode()
    assert drawn.count("俥") == 1 and drawn.count("帥") == 1 and drawn.count("＋") == 88
    assert repr(board) == f"Board('{SET_UP_FEN}')"
    svg = board._repr_svg_()
    assert svg.startswith("<svg") and 'class="check"' not in svg
    array = board.to_array()
    expected = np.zeros((10, 9), np.int8)
    expected[0, 4], expected[0, 0] = xiangqi.GENERAL, xiangqi.CHARIOT
    np.testing.assert_array_equal(array, expected)
    mirrored = board.mirror()
    assert mirrored.fen() == "r3k4/9/9/9/9/9/9/9/9/9 b - - 0 1" and not mirrored.is_valid()
    assert mirrored.status() == ["red has no general"]


def test_king_is_none_without_a_unique_general() -> None:
    board = Board()
    assert board.king(RED) == xiangqi.E0 and board.king(BLACK) == xiangqi.E9
    board.set_piece_at(xiangqi.D0, Piece(xiangqi.GENERAL, RED))  # two red generals
    assert board.king(RED) is None and board.king(BLACK) == xiangqi.E9
    assert any("general" in problem for problem in board.status())


def test_a_legal_move_view_taken_before_an_edit_never_answers_from_the_old_position() -> None:
    board = Board()
    view = board.legal_moves
    assert len(view) == START_PERFT[1]
    board.remove_piece_at(xiangqi.E9)
    for use in (lambda: len(view), lambda: bool(view), lambda: list(view), lambda: H2E2 in view):
        with pytest.raises(FenError, match="black has no general"):
            use()
    assert "set up" in repr(view)
    board.set_piece_at(xiangqi.E9, Piece(xiangqi.GENERAL, BLACK))
    assert len(view) == START_PERFT[1]


# ----- functions of the package that take a board -----------------------------------------------


@pytest.fixture(scope="module")
def engine() -> Iterator[xiangqi.engine.Engine]:
    with xiangqi.engine.Engine("beginner", hash_mb=1, seed=1) as engine:
        yield engine


def uniform(obs: np.ndarray, masks: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    return np.zeros(masks.shape, np.float32), np.zeros(len(masks), np.float32)


BOARD_FUNCTIONS: List[Tuple[str, Callable[[Board, Any], Any]]] = [
    ("pgn.Game.from_board", lambda b, e: xiangqi.pgn.Game.from_board(b)),
    ("pgn.write", lambda b, e: xiangqi.pgn.write(b)),
    ("engine.evaluate", lambda b, e: xiangqi.engine.evaluate(b)),
    ("Engine.play", lambda b, e: e.play(b, xiangqi.engine.Limit(depth=1))),
    ("Engine.analyse", lambda b, e: e.analyse(b, xiangqi.engine.Limit(depth=1))),
    ("Engine.analysis", lambda b, e: e.analysis(b, xiangqi.engine.Limit(depth=1)).wait()),
    ("Engine.review", lambda b, e: e.review(b, xiangqi.engine.Limit(depth=1))),
    ("MCTS.search", lambda b, e: xiangqi.MCTS(1, simulations=2, seed=0).search([b], uniform)),
    ("VecEnv", lambda b, e: xiangqi.VecEnv(1, fens=[b.fen()])),
    ("LegalMoveGenerator", lambda b, e: len(xiangqi.LegalMoveGenerator(b))),
]


@pytest.mark.parametrize("name,function", BOARD_FUNCTIONS, ids=[name for name, _ in BOARD_FUNCTIONS])
def test_a_function_taking_a_board_refuses_one_being_set_up(
    name: str, function: Callable[[Board, Any], Any], engine: xiangqi.engine.Engine
) -> None:
    with pytest.raises(FenError, match="black has no general"):
        function(a_board_being_set_up(), engine)
    function(Board(), engine)  # and answers for a legal board


def test_an_external_engine_is_never_sent_a_board_being_set_up(tmp_path: Path) -> None:
    log = tmp_path / "received.txt"
    with xiangqi.engine.SimpleEngine.popen_uci(write_fake_engine(tmp_path, log=log)) as external:
        with pytest.raises(FenError, match="black has no general"):
            external.play(a_board_being_set_up(), xiangqi.engine.Limit(depth=1))
        assert external.play(Board(), xiangqi.engine.Limit(depth=1)).move is not None
    received = log.read_text()
    assert SET_UP_FEN.split()[0] not in received and START_FEN in received


# ----- copies and pickling keep the state ----------------------------------------------------------


class NotedBoard(Board):
    pass


@pytest.mark.parametrize(
    "duplicate",
    [
        lambda b: b.copy(),
        lambda b: b.copy(stack=False),
        copy.copy,
        copy.deepcopy,
        lambda b: pickle.loads(pickle.dumps(b)),
    ],
    ids=["copy", "copy-no-stack", "copy.copy", "copy.deepcopy", "pickle"],
)
def test_copies_and_pickles_stay_set_up(duplicate: Callable[[Board], Board]) -> None:
    board = a_board_being_set_up()
    board.rules = "casual"
    board.turn = BLACK
    twin = duplicate(board)
    assert twin is not board and twin == board
    assert twin.fen() == "9/9/9/9/9/9/9/9/9/R3K4 b - - 0 1" and twin.rules == "casual"
    assert not twin.is_valid() and twin.status() == ["black has no general"]
    twin.set_piece_at(xiangqi.D9, Piece(xiangqi.GENERAL, BLACK))
    assert twin.is_valid() and not board.is_valid(), "the copy is its own board"
    janggi = Board(None, variant="janggi")
    assert duplicate(janggi).variant == "janggi"


def test_a_subclass_copy_of_a_board_being_set_up_keeps_class_and_attributes() -> None:
    board = NotedBoard(None)
    board.note = "puzzle"  # type: ignore[attr-defined]
    for twin in (board.copy(), copy.deepcopy(board)):
        assert type(twin) is NotedBoard and twin.note == "puzzle"  # type: ignore[attr-defined]
        assert not twin.is_valid()
    restored = pickle.loads(pickle.dumps(board))
    assert type(restored) is NotedBoard and restored.fen() == board.fen()


def test_pickled_legal_boards_keep_their_moves() -> None:
    board = Board()
    board.push_uci("h2e2")
    restored = pickle.loads(pickle.dumps(board))
    assert restored.move_stack == [H2E2] and restored.root().fen() == START_FEN


# ----- edits: never refused for legality ----------------------------------------------------------


def test_an_edit_that_breaks_a_legal_board_and_one_that_mends_it() -> None:
    board = Board()
    board.push_uci("h2e2")
    after = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    assert board.remove_piece_at(xiangqi.E0) == Piece(xiangqi.GENERAL, RED)
    assert not board.is_valid() and board.status() == ["red has no general"]
    assert board.move_stack == [] and board.fen() == after.replace("RNBAKABNR", "RNBA1ABNR")
    with pytest.raises(FenError, match="red has no general"):
        board.push_uci("h9g7")
    board.set_piece_at(xiangqi.E0, Piece(xiangqi.GENERAL, RED))
    assert board.is_valid() and board.status() == [] and board.fen() == after
    board.push_uci("h9g7")
    assert board.move_stack == [Move.from_uci("h9g7")]


def test_each_problem_is_listed_and_errors_other_than_legality_still_raise() -> None:
    board = Board(None)
    assert board.status() == ["red has no general", "black has no general"]
    board.set_piece_map({
        xiangqi.A4: Piece(xiangqi.GENERAL, RED),  # outside the palace
        xiangqi.E9: Piece(xiangqi.GENERAL, BLACK),
        xiangqi.A0: Piece(xiangqi.ADVISOR, RED),  # no advisor ever stands on a0
    })
    problems = board.status()
    assert len(problems) == 2
    assert any("a4" in p and "palace" in p for p in problems) and any("a0" in p for p in problems)
    with pytest.raises(xiangqi.XiangqiError):
        board.set_piece_at(90, Piece(xiangqi.CHARIOT, RED))
    with pytest.raises(TypeError):
        board.set_piece_at(xiangqi.E0, "R")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        board.set_piece_map({xiangqi.E0: "R"})  # type: ignore[dict-item]
    with pytest.raises(FenError):
        board.set_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")  # generals facing: refused
    with pytest.raises(FenError):
        Board("9/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
    assert len(board.status()) == 2, "the refused calls changed nothing"


def test_clear_board_and_clear() -> None:
    board = Board("4k4/9/9/9/9/9/9/9/9/3K5 b - 7 30")
    board.push_uci("e9e8")
    board.clear_board()
    assert board.piece_map() == {} and board.move_stack == [] and not board.is_valid()
    assert board.fen() == "9/9/9/9/9/9/9/9/9/9 w - - 8 31"  # python-chess keeps turn and counters
    board.clear()
    assert board.fen() == "9/9/9/9/9/9/9/9/9/9 w - - 0 1" and not board.is_valid()
    board.reset()
    assert board.fen() == START_FEN and board.is_valid()
    janggi = Board(variant="janggi")
    janggi.clear()
    assert janggi.variant == "janggi" and janggi.piece_map() == {}


def test_the_turn_setter() -> None:
    # The start position is symmetric: Black has Red's 44 moves.
    board = Board()
    board.turn = BLACK
    assert board.is_valid() and board.fen() == START_FEN.replace(" w ", " b ")
    assert len(board.legal_moves) == START_PERFT[1] and board.move_stack == []
    # Black to move and in check from the chariot on the open e-file.
    checked = Board("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1")
    assert checked.is_check()
    checked.turn = RED  # Black, now not to move, stands in check: no legal position
    assert not checked.is_valid() and checked.status() == ["the side not to move is in check"]
    with pytest.raises(FenError, match="the side not to move is in check"):
        checked.is_check()
    checked.turn = BLACK
    assert checked.is_valid() and checked.is_check()


def test_the_turn_setter_clears_the_move_stack() -> None:
    board = Board()
    board.push_uci("h2e2")
    board.turn = RED
    assert board.move_stack == [] and board.turn == RED and board.is_valid()
