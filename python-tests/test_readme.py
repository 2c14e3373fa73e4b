"""Every Python example of both READMEs runs as written: each README's ```python blocks, in
order, in one namespace (as a reader types them into one session)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
READMES = [ROOT / "README.md", ROOT / "xiangqi-py" / "README.md"]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("readme", READMES, ids=[str(p.relative_to(ROOT)) for p in READMES])
def test_readme_python_examples_run(readme: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", readme.read_text(encoding="utf-8"), re.S)
    assert blocks, f"{readme} has Python examples"
    namespace: dict = {"__name__": "readme"}
    for number, block in enumerate(blocks, 1):
        exec(compile(block, f"{readme}:block {number}", "exec"), namespace)
