"""Playing seeded all-computer Turf matches and summing them up, for
`chicago-bot simulate --game turf`.

Each match is a pure function of its seed and seat kinds: seat kinds are given in
joining order and the seed shuffles them into seats, so every figure can be reproduced.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.games.offline import play_all
from bot.turf.narration import ENDING_NAMES
from engine.turf import EndReason, PlayerSpec, TurfOptions, new_match
from engine.turf.computer import play_computers

NOBODY_WON = "nobody"


@dataclass(frozen=True, slots=True)
class TurfRecord:
    seed: int
    reason: EndReason
    winner_kind: str  # the winning seat's kind, or NOBODY_WON
    kinds: tuple[str, ...]  # every seat's kind
    rounds: int
    decisions: int


def play_turf_match(seed: int, kinds: Sequence[str], round_limit: int) -> TurfRecord:
    specs = [PlayerSpec(f"{kind.title()} {i + 1}", kind) for i, kind in enumerate(kinds)]
    state = new_match(specs, seed, TurfOptions(round_limit))
    play_computers(state)
    result = state.result
    assert result is not None
    winner = NOBODY_WON if result.winner < 0 else state.players[result.winner].computer or "?"
    return TurfRecord(seed, result.reason, winner, tuple(kinds), state.round, state.seq)


def _play(args: tuple[int, tuple[str, ...], int]) -> TurfRecord:
    return play_turf_match(*args)


def simulate_turf(
    matches: int,
    kinds: Sequence[str],
    round_limit: int,
    first_seed: int = 1,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
) -> list[TurfRecord]:
    work = [(seed, tuple(kinds), round_limit) for seed in range(first_seed, first_seed + matches)]
    return play_all(_play, work, jobs, on_progress)


def format_turf_summary(records: Sequence[TurfRecord]) -> str:
    """How matches end, how long they last, and each seat kind's wins against an even
    share (a kind holding k of n seats has an even share of k/n of the matches)."""
    total = len(records)
    kinds = records[0].kinds
    rounds = [r.rounds for r in records]
    lines = [
        f"Turf: {total} matches, {len(kinds)} players ({', '.join(kinds)})",
        f"  rounds: median {statistics.median(rounds):g}, min {min(rounds)}, max {max(rounds)}",
        f"  decisions per match: median {statistics.median(r.decisions for r in records):g}",
        "  how matches end:",
    ]
    endings = Counter(r.reason for r in records)
    for reason in EndReason:
        count = endings.get(reason, 0)
        lines.append(f"    {ENDING_NAMES[reason]:<16} {count:6d}  {100 * count / total:5.1f}%")
    wins = Counter(r.winner_kind for r in records)
    lines.append("  wins by seat kind (against an even share):")
    for kind, seats in sorted(Counter(kinds).items()):
        share = seats / len(kinds)
        won = wins.get(kind, 0) / total
        lines.append(
            f"    {kind:<8} {100 * won:5.1f}% of matches, even share {100 * share:5.1f}%, "
            f"{won / share:4.2f}× even"
        )
    nobody = wins.get(NOBODY_WON, 0)
    lines.append(f"    nobody   {100 * nobody / total:5.1f}%")
    return "\n".join(lines)
