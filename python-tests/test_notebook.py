"""The example notebook runs from top to bottom without an error."""

from __future__ import annotations

import pytest

from conftest import ROOT

nbformat = pytest.importorskip("nbformat", reason="nbformat is not installed")
nbclient = pytest.importorskip("nbclient", reason="nbclient is not installed")


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # jupyter_client's own, not ours
def test_tour_notebook_executes() -> None:
    notebook = nbformat.read(ROOT / "examples" / "tour.ipynb", as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}})
    client.execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    # The board cell shows an SVG drawing.
    assert any("image/svg+xml" in o.get("data", {}) for o in outputs)
