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


def seating(seats: int, level: str = "normal", others: str = "easy") -> list[str]:
    """One seat of `level` among `seats - 1` of `others`."""
    return [level] + [others] * (seats - 1)


def report(levels: list[str], figures: Figures, elapsed: float) -> str:
    """The figures as printed: each level's share of wins against its even share, how
    matches ended, their median length."""
    shares = ", ".join(
        f"{level} {figures.wins[level]} wins = {figures.share(level):.2f}x even"
        for level in dict.fromkeys(levels)
    )
    return (
        f"{len(levels)} seats ({' '.join(levels)}), {figures.matches} matches in "
        f"{elapsed:.0f} s: {shares}; ended by 10 PP {figures.by_power}, by the cap "
        f"{figures.by_cap}; median {figures.median_sequences} sequences, "
        f"{figures.median_decisions} decisions"
    )


def main(argv: list[str] | None = None) -> None:
    import argparse
    import time

    parser = argparse.ArgumentParser(
        prog="python -m engine.empire.computer.tournament",
        description="Seeded matches between computer levels: each level's share of wins "
        "against its even share, how the matches ended and their median length.",
    )
    parser.add_argument("--seats", type=int, default=3, help="players per match (2-6)")
    parser.add_argument("--matches", type=int, default=200, help="matches to play")
    parser.add_argument("--seed", type=int, default=10_000, help="seed of the first match")
    parser.add_argument("--level", default="normal", help="the level in the first seat")
    parser.add_argument("--others", default="easy", help="the level in every other seat")
    args = parser.parse_args(argv)
    levels = seating(args.seats, args.level, args.others)
    start = time.perf_counter()
    figures = play_matches(levels, args.matches, args.seed)
    print(report(levels, figures, time.perf_counter() - start))


if __name__ == "__main__":
    main()
