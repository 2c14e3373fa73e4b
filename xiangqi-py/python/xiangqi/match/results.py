"""A match's results: each finished game (``GameRecord``), the score of each pair of engines
with its pentanomial counts (``PairStats``), and the whole match with its SPRT and its report
(``MatchResult``)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from xiangqi._xiangqi import Move
from xiangqi.match.openings import Opening
from xiangqi.match.stats import Pentanomial, Sprt, Trinomial, los
from xiangqi.pgn import Game

__all__ = ["GameRecord", "PairStats", "MatchResult"]


@dataclass
class GameRecord:
    """A finished game: who played it, how it went and why it ended."""

    number: int
    round: int
    red: int
    black: int
    red_name: str
    black_name: str
    opening: Opening
    moves: List[Move] = field(default_factory=list)
    comments: List[Optional[str]] = field(default_factory=list)
    result: str = "*"
    termination: str = "unterminated"
    reason: str = ""
    headers: Dict[str, str] = field(default_factory=dict)

    def points(self, engine: int) -> float:
        """The points ``engine`` (an index) scored in this game."""
        red_points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[self.result]
        return red_points if engine == self.red else 1.0 - red_points

    def pgn_game(self) -> Game:
        game = Game(self.headers, self.opening.fen, list(self.opening.moves) + self.moves, self.result)
        book: List[Optional[str]] = ["book"] * len(self.opening.moves)
        game.comments = book + list(self.comments)
        if self.reason:
            if game.comments:
                last = game.comments[-1]
                game.comments[-1] = f"{last}, {self.reason}" if last else self.reason
            else:
                game.comment = self.reason
        return game


@dataclass
class PairStats:
    """The score between two engines, from the first one's view."""

    first: int
    second: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    pentanomial: Pentanomial = field(default_factory=Pentanomial)

    @property
    def trinomial(self) -> Trinomial:
        return Trinomial(self.wins, self.draws, self.losses)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, points: float) -> None:
        if points == 1.0:
            self.wins += 1
        elif points == 0.0:
            self.losses += 1
        else:
            self.draws += 1


@dataclass
class MatchResult:
    """The state of a match: games played, scores, the SPRT."""

    names: List[str]
    games: List[GameRecord] = field(default_factory=list)
    pairs: Dict[Tuple[int, int], PairStats] = field(default_factory=dict)
    total_games: int = 0
    sprt: Optional[Sprt] = None
    sprt_decision: Optional[str] = None
    interrupted: bool = False
    time_control: str = ""

    def pair(self, first: int = 0, second: int = 1) -> PairStats:
        """The score of engine ``first`` against ``second`` (indexes in the engine list)."""
        if (first, second) in self.pairs:
            return self.pairs[(first, second)]
        stats = self.pairs.get((second, first))
        if stats is None:
            return PairStats(first, second)
        counts = stats.pentanomial.counts
        return PairStats(
            first, second, stats.losses, stats.draws, stats.wins, Pentanomial((counts[4], counts[3], counts[2], counts[1], counts[0]))
        )

    def llr(self) -> Optional[float]:
        """The SPRT's log-likelihood ratio so far (two-engine matches with an SPRT)."""
        if self.sprt is None:
            return None
        return self.sprt.llr(self.pair(0, 1).pentanomial)

    def engine_score(self, engine: int) -> Trinomial:
        """``engine``'s results against everyone."""
        w = d = l = 0
        for (a, b), stats in self.pairs.items():
            if engine == a:
                w, d, l = w + stats.wins, d + stats.draws, l + stats.losses
            elif engine == b:
                w, d, l = w + stats.losses, d + stats.draws, l + stats.wins
        return Trinomial(w, d, l)

    def progress_line(self, game: GameRecord) -> str:
        """One line for a finished game, with the running score of its two engines."""
        first, second = min(game.red, game.black), max(game.red, game.black)
        stats = self.pair(first, second)
        line = (
            f"[{len(self.games):>{len(str(self.total_games))}}/{self.total_games}] "
            f"game {game.number}: {game.red_name} - {game.black_name} {game.result} ({game.reason or game.termination})"
        )
        elo = stats.pentanomial.elo() if stats.pentanomial.pairs >= 2 else stats.trinomial.elo()
        line += (
            f" | {self.names[first]} vs {self.names[second]}: +{stats.wins} ={stats.draws} -{stats.losses}"
            f" {100 * stats.trinomial.score():.1f}% Elo {elo}"
        )
        llr = self.llr()
        if llr is not None and self.sprt is not None:
            line += f" LLR {llr:.2f} ({self.sprt.lower_bound:.2f}, {self.sprt.upper_bound:.2f})"
        return line

    def summary(self) -> str:
        """The final report: a table of engines with Elo and 95% intervals, the pair scores with
        pentanomial counts, and the SPRT's verdict."""
        lines: List[str] = []
        played = len(self.games)
        header = f"{played} of {self.total_games} games"
        if self.time_control:
            header += f", {self.time_control}"
        if self.interrupted:
            header += " (interrupted: continue with --resume)"
        lines.append(header)
        if len(self.names) > 2:
            lines.append(f"{'Rank':<5}{'Name':<24}{'Elo':>8}{'+/-':>8}{'Games':>7}{'Score':>8}{'Draw':>7}")
            rows = []
            for i, name in enumerate(self.names):
                t = self.engine_score(i)
                rows.append((t.score() if t.games else 0.0, i, name, t))
            for rank, (_, i, name, t) in enumerate(sorted(rows, key=lambda r: -r[0]), 1):
                elo = t.elo()
                draw = 100.0 * t.draws / t.games if t.games else 0.0
                err = f"{elo.error:.1f}" if math.isfinite(elo.error) else "-"
                lines.append(
                    f"{rank:<5}{name:<24}{elo.elo:>+8.1f}{err:>8}{t.games:>7}{100 * t.score():>7.1f}%{draw:>6.1f}%"
                )
            lines.append("(each engine's Elo and score against all the others)")
            lines.append("")
        for (a, b) in sorted(self.pairs):
            stats = self.pairs[(a, b)]
            if not stats.games:
                continue
            penta = stats.pentanomial
            elo = penta.elo() if penta.pairs >= 2 else stats.trinomial.elo()
            kind = "pentanomial" if penta.pairs >= 2 else "trinomial"
            points = stats.wins + stats.draws / 2.0
            lines.append(f"{self.names[a]} vs {self.names[b]}:")
            lines.append(f"  Elo: {elo} (95%, {kind}), LOS: {100 * los(stats.wins, stats.losses):.1f}%")
            lines.append(
                f"  Games: {stats.games}, Wins: {stats.wins}, Draws: {stats.draws}, Losses: {stats.losses},"
                f" Points: {points:g} ({100 * stats.trinomial.score():.1f}%)"
            )
            lines.append(f"  Ptnml(0-2): {list(penta.counts)}")
        if self.sprt is not None:
            llr = self.llr() or 0.0
            verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "no decision yet"}[self.sprt_decision]
            lines.append(
                f"  LLR: {llr:.2f} ({self.sprt.lower_bound:.2f}, {self.sprt.upper_bound:.2f})"
                f" [{self.sprt.elo0:g}, {self.sprt.elo1:g}] {verdict}"
            )
        reasons: Dict[str, int] = {}
        for game in self.games:
            if game.termination != "normal":
                reasons[game.termination] = reasons.get(game.termination, 0) + 1
        if reasons:
            lines.append("Ended other than by the rules: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
        return "\n".join(lines)
