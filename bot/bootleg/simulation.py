"""Seeded all-computer Bootleg matches and their sums, for `chicago-bot simulate --game
bootleg`: how a level fares against the others, against an even share.

Each match is a pure function of its seed and seat kinds (given in joining order; the
seed shuffles them into seats), so every figure can be reproduced.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.benchmarks import percentile
from bot.games.offline import play_all
from engine.bootleg import PlayerSpec, apply, new_match, player_view
from engine.bootleg.computer import choose


@dataclass(frozen=True, slots=True)
class BootlegRecord:
    seed: int
    winner_kind: str
    kinds: tuple[str, ...]
    decisions: int
    winning_szmal: int
    slowest_ms: float  # the slowest computer decision of the match
    think_ms: tuple[float, ...]


def play_bootleg_match(seed: int, kinds: Sequence[str]) -> BootlegRecord:
    specs = [PlayerSpec(f"{kind.title()} {i + 1}", kind) for i, kind in enumerate(kinds)]
    state = new_match(specs, seed)
    times: list[float] = []
    while state.result is None:
        seat = state.pending[0].seat
        started = time.perf_counter()
        decision = choose(player_view(state, seat), state.players[seat].computer or "normal")
        times.append((time.perf_counter() - started) * 1e3)
        apply(state, seat, decision)
    result = state.result
    winner = state.players[result.winner]
    return BootlegRecord(
        seed, winner.computer or "?", tuple(kinds), state.seq, winner.szmal, max(times),
        tuple(times),
    )  # fmt: skip


def _play(args: tuple[int, tuple[str, ...]]) -> BootlegRecord:
    return play_bootleg_match(*args)


def simulate_bootleg(
    matches: int,
    kinds: Sequence[str],
    first_seed: int = 1,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
) -> list[BootlegRecord]:
    work = [(seed, tuple(kinds)) for seed in range(first_seed, first_seed + matches)]
    return play_all(_play, work, jobs, on_progress)


def format_bootleg_summary(records: Sequence[BootlegRecord]) -> str:
    """Each seat kind's wins against an even share (a kind holding k of n seats has an
    even share of k/n of the matches), and how long a computer decision takes."""
    total = len(records)
    kinds = records[0].kinds
    think = [t for r in records for t in r.think_ms]
    lines = [
        f"Bootleg: {total} matches, {len(kinds)} players ({', '.join(kinds)})",
        f"  decisions per match: median {statistics.median(r.decisions for r in records):g}",
        f"  winner's Szmal: median {statistics.median(r.winning_szmal for r in records):g}",
        f"  computer decision: median {statistics.median(think):.2f} ms, "
        f"p99 {percentile(think, 0.99):.2f} ms (target ≤ 50)",
        "  wins by seat kind (against an even share):",
    ]
    wins = Counter(r.winner_kind for r in records)
    for kind, seats in sorted(Counter(kinds).items()):
        share = seats / len(kinds)
        won = wins.get(kind, 0) / total
        lines.append(
            f"    {kind:<8} {100 * won:5.1f}% of matches, even share {100 * share:5.1f}%, "
            f"{won / share:4.2f}× even"
        )
    return "\n".join(lines)
