"""The learned evaluation from Python: the engine with the shipped net, a net file, or the
classical evaluation; the static evaluation for notebooks; bad net files as NetError."""

from __future__ import annotations

from pathlib import Path

import pytest

import xiangqi
import xiangqi.engine
from xiangqi.engine import Engine, Limit, evaluate

UP_A_CHARIOT = "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


@pytest.mark.parametrize("evaluation", ["nnue", "classical"])
def test_a_chariot_up_is_good_for_its_side(evaluation: str) -> None:
    red = xiangqi.Board(UP_A_CHARIOT)
    black = xiangqi.Board(UP_A_CHARIOT.replace(" w ", " b "))
    assert evaluate(red, evaluation=evaluation) > 300
    assert evaluate(black, evaluation=evaluation) < -300
    assert abs(evaluate(xiangqi.Board(), evaluation=evaluation)) < 100


@pytest.mark.parametrize("evaluation", ["nnue", "classical"])
def test_the_engine_plays_with_either_evaluation(evaluation: str) -> None:
    engine = Engine(hash_mb=4, evaluation=evaluation)
    assert engine.evaluation == evaluation
    board = xiangqi.Board()
    result = engine.play(board, Limit(nodes=5_000))
    assert result.move in board.legal_moves
    engine.set_evaluation("classical" if evaluation == "nnue" else "nnue")
    assert engine.evaluation != evaluation


def test_bad_net_files_are_net_errors(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.nnue"
    garbage.write_bytes(b"XQNNUE\0\x01 and then nothing")
    for path in [garbage, tmp_path / "missing.nnue"]:
        with pytest.raises(xiangqi.NetError):
            Engine(eval_file=path)
        with pytest.raises(xiangqi.NetError):
            evaluate(xiangqi.Board(), eval_file=path)
    engine = Engine(hash_mb=4, evaluation="nnue")
    with pytest.raises(xiangqi.NetError):
        engine.set_evaluation("nnue", garbage)
    assert engine.evaluation == "nnue"
    assert Engine(hash_mb=4).evaluation == xiangqi.engine.DEFAULT_EVALUATION
    assert Engine(hash_mb=4).config["Evaluation"] == xiangqi.engine.DEFAULT_EVALUATION
    configured = Engine(hash_mb=4, evaluation="classical")
    configured.configure({"EvalFile": "<embedded>"})
    assert configured.evaluation == "nnue"
    configured.configure({"evaluation": "classical"})
    assert configured.evaluation == "classical"
    with pytest.raises(xiangqi.XiangqiError):
        Engine(evaluation="fancy")
    with pytest.raises(xiangqi.XiangqiError):
        evaluate(xiangqi.Board(), evaluation="classical", eval_file=garbage)
    assert issubclass(xiangqi.NetError, xiangqi.XiangqiError)


@pytest.mark.parametrize("variant", ["xiangqi", "janggi"])
def test_python_generation_plays_the_same_games_as_the_command(tmp_path: Path, variant: str) -> None:
    import subprocess

    from xiangqi.nnue import GenSettings, gen

    settings = GenSettings(nodes=200, seed=3, evaluation="classical", hash_mb=16, variant=variant)
    out = tmp_path / "py.bin"
    data = gen(out, 3, settings, workers=2)
    assert data.games == 3 and data.positions > 0
    again = gen(out, 3, settings, workers=1)  # resumed: nothing left to play
    assert again.games == 3
    cli = tmp_path / "cli.bin"
    binary = Path(__file__).resolve().parents[1] / "target" / "release" / "xiangqi"
    subprocess.run(
        [str(binary), "nnue", "gen", "--out", str(cli), "--games", "3", "--nodes", "200", "--seed", "3", "--eval", "classical", "--threads", "1", "--variant", variant],
        check=True,
        capture_output=True,
        timeout=300,
    )
    # The same games, perhaps in another order: compare the records as a set.
    def records(path: Path) -> set:
        raw = path.read_bytes()[8:]
        found = set()
        while raw:
            length = int.from_bytes(raw[:4], "little")
            found.add(raw[: 4 + length])
            raw = raw[4 + length :]
        return found

    assert records(out) == records(cli)
    # A record stores its variant beside the side to move (bits 1-3 of the byte after the board).
    games = records(out)
    assert {record[4 + 8 + 45] >> 1 for record in games} == {1 if variant == "janggi" else 0}
    with pytest.raises(xiangqi.XiangqiError):
        gen(tmp_path / "bad.bin", -1, settings)
    with pytest.raises(xiangqi.XiangqiError, match="unknown variant"):
        gen(tmp_path / "bad.bin", 1, GenSettings(variant="chess"))
