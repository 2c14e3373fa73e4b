"""``examples/learn_to_mate.py`` runs end to end (self-play by ``xiangqi.MCTS``, numpy
training, the curve written), briefly."""

from __future__ import annotations

import csv
import math
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.timeout(300)
def test_the_training_example_learns_and_draws_its_curve(tmp_path: Path) -> None:
    out = tmp_path / "curve"
    subprocess.run(
        [sys.executable, str(ROOT / "examples" / "learn_to_mate.py"), "--minutes", "3",
         "--iterations", "3", "--games", "16", "--simulations", "8", "--moves-per-iteration", "20",
         "--train-steps", "10", "--out", str(out)],
        check=True, capture_output=True, text=True, timeout=240,
    )
    with (out / "curve.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) >= 2
    trained = [r for r in rows if r["policy_loss"] != "nan"]
    assert trained, "the network took training steps"
    for r in trained:
        assert math.isfinite(float(r["policy_loss"])) and math.isfinite(float(r["value_loss"]))
        assert 0 <= float(r["red_mates"]) <= 1
    assert int(rows[-1]["positions"]) > int(rows[0]["positions"])
    pytest.importorskip("matplotlib")
    assert (out / "curve.png").stat().st_size > 10_000
