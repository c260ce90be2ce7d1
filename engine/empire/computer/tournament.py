"""Seeded matches between computer levels, for the strength figures: shares of wins
per level, how matches end (10 PP or the cap), and their median length."""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from engine.common.seats import PlayerSpec
from engine.empire.computer import play_computers
from engine.empire.flow import new_match
from engine.empire.state import EndReason


@dataclass(frozen=True, slots=True)
class Figures:
    matches: int
    wins: dict[str, int]
    seats: dict[str, int]  # seats each level held over all matches
    by_power: int
    by_cap: int
    median_sequences: float
    median_decisions: float

    def share(self, level: str) -> float:
        """Wins per seat held, against the even share 1 / players: 1.0 is even."""
        per_match = self.seats[level] / self.matches
        players = sum(self.seats.values()) / self.matches
        return (self.wins[level] / self.matches) / (per_match / players) if per_match else 0.0


def play_matches(levels: list[str], matches: int, seed: int = 0) -> Figures:
    """`matches` seeded matches with these levels in seats (shuffled by each seed)."""
    wins = dict.fromkeys(levels, 0)
    seats = dict.fromkeys(levels, 0)
    for level in levels:
        seats[level] = levels.count(level) * matches
    by_power = by_cap = 0
    sequences: list[int] = []
    decisions: list[int] = []
    for i in range(matches):
        specs = [PlayerSpec(f"{lv} {n}", lv) for n, lv in enumerate(levels)]
        state = new_match(specs, seed=seed + i)
        play_computers(state)
        assert state.result is not None
        winner = state.players[state.result.winner].computer or ""
        wins[winner] += 1
        by_power += state.result.reason is EndReason.POWER
        by_cap += state.result.reason is EndReason.CAP
        sequences.append(state.sequence)
        decisions.append(state.seq)
    return Figures(
        matches, wins, seats, by_power, by_cap, statistics.median(sequences),
        statistics.median(decisions),
    )  # fmt: skip
