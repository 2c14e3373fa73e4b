"""``web/serve.py --help`` says what it does in whole sentences, every option explained."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_serve_help_ends_its_sentence_and_explains_every_option() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "web" / "serve.py"), "--help"], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    description = " ".join(out.split("\n\n")[1].split())
    assert description.startswith("Serves the built play page") and description.endswith("so that the engine can use threads.")
    options = out.split("options:")[1]
    for option in ("--port", "--dir", "--no-isolation"):
        line = next(line for line in options.splitlines() if line.strip().startswith(option))
        assert len(line.split(option, 1)[1].strip()) > 10, line  # its help text follows
