"""What the Gymnasium and PettingZoo environments take and show the same way: the settings of a
game (variant, rules, action encoding, length, start, render mode) and the board drawn for a
render mode."""

from __future__ import annotations

import warnings
from typing import Any, Optional

import xiangqi
from xiangqi import encoding as _encoding
from xiangqi._starts import Setup, Starts

RENDER_MODES = ["ansi", "rgb_array"]


class Settings:
    """The settings both environments keep, set once by `configure`."""

    render_mode: Optional[str]
    variant: str
    rules: str
    encoding: str
    max_plies: int
    start_fen: Optional[str]
    _starts: Starts

    def configure(
        self,
        rules: Optional[str],
        encoding: Optional[str],
        max_plies: int,
        fen: Optional[str],
        render_mode: Optional[str],
        encoding_name: Optional[str],
        variant: str = "xiangqi",
        setup: Setup = None,
    ) -> None:
        """Checks the settings and keeps them; `encoding_name` is the old name of `encoding`.
        The rules and the encoding default to the variant's; a janggi game without a `fen`
        starts from `setup` (see `xiangqi._starts`)."""
        if encoding_name is not None:
            # stacklevel 3: the warning names the caller of the environment's constructor.
            warnings.warn("encoding_name is now encoding, as in VecEnv", DeprecationWarning, stacklevel=3)
            encoding = encoding_name
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise xiangqi.XiangqiError(f"render_mode must be None, 'ansi' or 'rgb_array', not {render_mode!r}")
        self.render_mode = render_mode
        self._starts = Starts(variant, rules, fen, setup)
        self.variant = self._starts.variant
        self.rules = self._starts.rules
        self.encoding = encoding if encoding is not None else _encoding.default_encoding(variant)
        self.max_plies = max_plies
        self.start_fen = fen if fen is not None or self._starts.janggi else xiangqi.STARTING_FEN


def render(board: "xiangqi.Board", mode: Optional[str]) -> Any:
    """The board as text (`"ansi"`), as an RGB array (`"rgb_array"`), or `None`."""
    if mode == "ansi":
        return str(board)
    if mode == "rgb_array":
        from xiangqi.render import rgb_array

        return rgb_array(board)
    return None
