"""The names python-chess users reach for: SAN (WXF is xiangqi's SAN), Termination as an enum,
scores, limits and the SVG wrapper; and a package namespace without typing helpers."""

import xiangqi
import xiangqi.engine
import xiangqi.svg
import xiangqi.uci
from xiangqi import Board, Termination
from xiangqi.engine import Cp, Limit, Mate, MateGiven, PovScore

# The opening 1. C2=5 H8+7 2. H2+3 (炮二平五 马8进7 马二进三), as WXF writes it.
OPENING = [("h2e2", "C2=5"), ("h9g7", "H8+7"), ("h0g2", "H2+3")]


def test_san_is_wxf() -> None:
    board = Board()
    for iccs, wxf in OPENING:
        move = xiangqi.Move.from_uci(iccs)
        assert board.san(move) == wxf == board.wxf(move)
        assert board.parse_san(wxf) == move
        assert board.push_san(wxf) == move
    root = board.root()
    assert root.variation_san(board.move_stack) == "1. C2=5 H8+7 2. H2+3"
    after_red = Board()
    after_red.push_uci("h2e2")
    assert after_red.variation_san([xiangqi.Move.from_uci("h9g7")]) == "1... H8+7"
    try:
        root.variation_san(list(reversed(board.move_stack)))
    except xiangqi.IllegalMoveError:
        pass
    else:
        raise AssertionError("an illegal variation was written")


def test_termination_is_an_enum_mapping_vecenv_codes_back() -> None:
    import enum

    assert issubclass(Termination, enum.Enum)
    # The enum is the core's table (value and words), member for member.
    table = xiangqi._xiangqi.terminations()
    assert [(t.value, t.description()) for t in Termination] == table
    assert [t.name for t in Termination] == [words.upper().replace(" ", "_") for _, words in table]
    assert Termination(3) is Termination.PERPETUAL_CHECK and Termination["STALEMATE"].value == 2
    assert Termination.PERPETUAL_CHECK.description() == "perpetual check"
    env = xiangqi.VecEnv(1, fens=["3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1"])
    env.reset()
    action = Board("3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1").move_to_action(xiangqi.Move.from_uci("b0d0"))
    _, _, terminated, _, infos = env.step([action])
    assert terminated[0] and Termination(int(infos["termination"][0])) is Termination.CHECKMATE


def test_illegal_move_reason_is_the_core_table() -> None:
    import re

    table = xiangqi._xiangqi.illegal_reasons()
    assert [t.value for t in xiangqi.IllegalMoveReason] == [code for code, _, _ in table]
    snake = [re.sub(r"(?<!^)(?=[A-Z])", "_", name).upper() for _, name, _ in table]
    assert [t.name for t in xiangqi.IllegalMoveReason] == snake
    assert [t.description() for t in xiangqi.IllegalMoveReason] == [words for _, _, words in table]


def test_no_typing_helpers_in_the_package_namespace() -> None:
    for name in ("List", "Optional", "Dict", "Any", "Union", "annotations", "TYPE_CHECKING"):
        assert not hasattr(xiangqi, name), name
    assert all(hasattr(xiangqi, name) for name in xiangqi.__all__)


def test_scores_order_and_negate_as_in_python_chess() -> None:
    ordered = [Mate(0), Mate(-1), Mate(-5), Cp(-300), Cp(0), Cp(250), Mate(7), Mate(2), Mate(1), MateGiven]
    assert sorted(reversed(ordered)) == ordered
    assert -Mate(3) == Mate(-3) and -Mate(0) == MateGiven and -MateGiven == Mate(0) and -Cp(40) == Cp(-40)
    assert Mate(2).mate() == 2 and Cp(5).mate() is None and Cp(5).score() == 5
    assert Mate(2).score(mate_score=10000) == 9998 and Mate(2).score() is None
    pov = PovScore(Mate(2), xiangqi.BLACK)
    assert pov.is_mate() and pov.red() == Mate(-2) and pov.black() == Mate(2)
    assert not PovScore(Cp(10), xiangqi.RED).is_mate()


def test_one_limit_and_play_result_for_every_engine() -> None:
    assert xiangqi.uci.Limit is Limit and xiangqi.uci.PlayResult is xiangqi.engine.PlayResult
    assert xiangqi.uci.InfoDict is xiangqi.engine.InfoDict
    limit = Limit(red_clock=10, black_clock=9, red_inc=0.1, black_inc=0.2, remaining_moves=20)
    assert limit.clock() == (10, 9, 0.1, 0.2, 20)
    result = xiangqi.engine.Engine().play(Board(), Limit(mate=1, depth=3))
    assert result.move is not None and isinstance(result.score, PovScore)


def test_svg_draws_itself_and_is_text() -> None:
    board = Board()
    svg = xiangqi.svg.board(board, fill={xiangqi.E0: "#ff000080"}, arrows=[(xiangqi.H2, xiangqi.E2)])
    assert isinstance(svg, str) and svg.startswith("<svg")
    assert svg._repr_svg_() == str(svg)
    assert 'fill="#ff000080"' in svg and 'class="fill square-4"' in svg and 'class="arrow"' in svg
    assert board._repr_svg_().startswith("<svg")
