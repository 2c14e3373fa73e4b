"""``assert_stopped_at_first_crossing``: replays a finished match's games in the order they
were counted and checks that the SPRT stopped it on the very pair that first took the LLR
across a bound, with nothing counted after it. Independent of how the games went: a drawn
pair against a weak player moves the LLR further than a won one, so the pair count at which
a lopsided match stops depends on the games, while this rule does not."""

from __future__ import annotations

from typing import Dict, List

from xiangqi.match import MatchResult, Sprt
from xiangqi.match.stats import Pentanomial


def assert_stopped_at_first_crossing(result: MatchResult, sprt: Sprt, decision: str) -> None:
    """The match ``result`` (two engines) ended with ``decision`` on its last counted game,
    which completed the first pair whose LLR reached ``sprt``'s bound."""
    pentanomial = Pentanomial()
    open_pairs: Dict[int, float] = {}
    llrs: List[float] = []
    completed_at: List[int] = []
    for index, game in enumerate(result.games):
        points = game.points(0)
        if game.round in open_pairs:
            pentanomial = pentanomial.add(open_pairs.pop(game.round) + points)
            llrs.append(sprt.llr(pentanomial))
            completed_at.append(index)
        else:
            open_pairs[game.round] = points
    assert llrs, "no pair was completed"
    assert all(sprt.decision(llr) is None for llr in llrs[:-1]), llrs
    assert sprt.decision(llrs[-1]) == decision, llrs
    assert completed_at[-1] == len(result.games) - 1, "games were counted after the decision"
    assert pentanomial == result.pair(0, 1).pentanomial
    assert result.llr() == llrs[-1]
