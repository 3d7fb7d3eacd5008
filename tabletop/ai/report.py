"""Match statistics: win rates with Wilson intervals, first-player advantage, game lengths, end reasons."""
from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.ai.simulation import GameResult

Z_95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Return the Wilson score interval (low, high) for a proportion; (0, 1) when there are no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


@dataclass(frozen=True)
class Rate:
    """A count out of a number of trials, with its 95% Wilson interval."""

    count: int
    trials: int

    @property
    def value(self) -> float:
        """Return the proportion (0 when there were no trials)."""
        return self.count / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """Return the 95% Wilson interval."""
        return wilson_interval(self.count, self.trials)

    def to_json(self) -> dict[str, Any]:
        """Return the rate as JSON data."""
        low, high = self.interval
        return {"count": self.count, "trials": self.trials, "rate": round(self.value, 4),
                "ci95": [round(low, 4), round(high, 4)]}

    def describe(self) -> str:
        """Return e.g. `61.5% (123/200, 95% CI 54.6–68.0%)`."""
        low, high = self.interval
        return f"{self.value:.1%} ({self.count}/{self.trials}, 95% CI {low:.1%}–{high:.1%})"


@dataclass(frozen=True)
class MatchSummary:
    """What a match showed: each side's wins, draws, first-player wins, lengths and end reasons."""

    labels: tuple[str, str]
    games: int
    wins: tuple[Rate, Rate]
    draws: Rate
    first_player_wins: Rate       # among decided games
    wins_going_first: tuple[Rate, Rate]
    average_turns: float
    turns: dict[int, int]
    reasons: dict[str, int]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """Return the summary as JSON data."""
        return {
            "games": self.games,
            "sides": [{"label": label, "wins": self.wins[i].to_json(),
                       "wins_going_first": self.wins_going_first[i].to_json()}
                      for i, label in enumerate(self.labels)],
            "draws": self.draws.to_json(),
            "first_player_wins": self.first_player_wins.to_json(),
            "average_turns": round(self.average_turns, 3),
            "turns": {str(k): v for k, v in sorted(self.turns.items())},
            "reasons": dict(sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
            "seconds": round(self.seconds, 3),
        }


def summarize(results: Sequence[GameResult], labels: tuple[str, str]) -> MatchSummary:
    """Aggregate game results into a MatchSummary."""
    games = len(results)
    wins = [sum(1 for r in results if r.winner_side == side) for side in (0, 1)]
    decided = [r for r in results if r.winner is not None]
    first_wins = sum(1 for r in decided if r.winner == r.first_player)
    going_first = [[r for r in results if r.first_side == side] for side in (0, 1)]
    turns = Counter(r.turns for r in results)
    return MatchSummary(
        labels=labels,
        games=games,
        wins=(Rate(wins[0], games), Rate(wins[1], games)),
        draws=Rate(games - len(decided), games),
        first_player_wins=Rate(first_wins, len(decided)),
        wins_going_first=tuple(Rate(sum(1 for r in going_first[s] if r.winner_side == s), len(going_first[s]))
                               for s in (0, 1)),  # type: ignore[arg-type]
        average_turns=sum(r.turns for r in results) / games if games else 0.0,
        turns=dict(sorted(turns.items())),
        reasons=dict(Counter(general_reason(r) for r in results)),
        seconds=sum(r.seconds for r in results),
    )


def general_reason(result: GameResult) -> str:
    """Return a game's end reason with player ids replaced by "winner"/"loser" (or "a player")."""
    text = result.reason
    for player in result.players:
        if result.winner is None:
            word = "a player"
        else:
            word = "winner" if player == result.winner else "loser"
        text = re.sub(rf"\b{re.escape(player)}\b", word, text)
    return text
