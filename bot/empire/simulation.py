"""Seeded all-computer Empire matches and their sums, for `chicago-bot simulate --game
empire`: normal's share of wins among easy players at 3 and 6 seats, how matches end
(10 Power Points or the cap, EMPIRE §11-§12) and their median length.

Matches are played by `engine.empire.computer.tournament.play_matches`, a pure function
of its seeds and levels, so every figure can be reproduced.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.offline import play_all
from engine.empire.computer.tournament import Figures, play_matches

CHUNK = 25  # matches per piece of work handed to a worker


def _play(args: tuple[tuple[str, ...], int, int]) -> Figures:
    levels, matches, seed = args
    return play_matches(list(levels), matches, seed)


def simulate_empire(
    matches: int,
    levels: Sequence[str],
    first_seed: int = 1,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
) -> list[Figures]:
    work = [
        (tuple(levels), min(CHUNK, matches - start), first_seed + start)
        for start in range(0, matches, CHUNK)
    ]
    done = 0

    def progress(pieces: int) -> None:
        nonlocal done
        done = min(matches, pieces * CHUNK)
        if on_progress is not None:
            on_progress(done)

    return play_all(_play, work, jobs, progress)


def share(figures: Sequence[Figures], level: str) -> float:
    """Wins per seat held, against the even share (1.0 is even)."""
    matches = sum(f.matches for f in figures)
    wins = sum(f.wins.get(level, 0) for f in figures)
    seats = sum(f.seats.get(level, 0) for f in figures)
    players = sum(sum(f.seats.values()) for f in figures) / matches
    return (wins / matches) / (seats / matches / players) if seats else 0.0


def format_empire_summary(levels: Sequence[str], figures: Sequence[Figures]) -> str:
    matches = sum(f.matches for f in figures)
    by_power = sum(f.by_power for f in figures)
    by_cap = sum(f.by_cap for f in figures)
    # The median of medians is close enough for chunks of equal size, and says so.
    sequences = sorted(f.median_sequences for f in figures)[len(figures) // 2]
    decisions = sorted(f.median_decisions for f in figures)[len(figures) // 2]
    lines = [
        f"Empire: {matches} matches, {len(levels)} players ({', '.join(levels)})",
        f"  won by 10 PP {100 * by_power / matches:5.1f}%, by the cap "
        f"{100 * by_cap / matches:5.1f}%",
        f"  median length: {sequences:g} Game Sequences, {decisions:g} decisions "
        f"(medians of {len(figures)} runs of up to {CHUNK})",
        "  wins by level (against an even share):",
    ]
    for level in dict.fromkeys(levels):
        lines.append(f"    {level:<7} {share(figures, level):4.2f}× even (target for normal ≥ 1.6)")
    return "\n".join(lines)
