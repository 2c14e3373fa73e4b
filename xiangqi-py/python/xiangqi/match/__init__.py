"""Engine-versus-engine matches with xiangqi's rules as the judge.

    >>> from xiangqi.match import Match, EngineConfig
    >>> match = Match(
    ...     [EngineConfig(name="Master", level="master"), EngineConfig(name="Strong", level="strong")],
    ...     games=4, nodes=2000, concurrency=2, pgn="games.pgn",
    ... )
    >>> result = match.run()  # doctest: +SKIP
    >>> print(result.summary())  # doctest: +SKIP

From the command line: ``python -m xiangqi.match --help``. Engines are the built-in one at a level
(in this process) or any UCI/UCCI command; every pair of engines plays each opening twice,
colours swapped; games end by the rules preset (``axf`` by default: perpetual check and chase
lose), by a maximum length, or by resign/draw adjudication on engine scores. An engine that
crashes, hangs, runs out of time, plays an illegal move or says something malformed loses that
game (the reason goes into the PGN) and is restarted for the next. Each finished game is
appended to the PGN at once, so an interrupted match resumes from it. Scores come with Elo
estimates and 95% intervals (``xiangqi.match.stats``); an SPRT stops a two-engine match once it
decides.
"""

from xiangqi.match import stats
from xiangqi.match.openings import Opening, default_openings, load_openings
from xiangqi.match.players import EngineConfig, TimeControl
from xiangqi.match.runner import (
    DrawAdjudication,
    GameRecord,
    Match,
    MatchError,
    MatchResult,
    PairStats,
    ResignAdjudication,
)
from xiangqi.match.stats import Sprt

__all__ = [
    "Match",
    "MatchError",
    "MatchResult",
    "GameRecord",
    "PairStats",
    "EngineConfig",
    "TimeControl",
    "Opening",
    "load_openings",
    "default_openings",
    "ResignAdjudication",
    "DrawAdjudication",
    "Sprt",
    "stats",
]
