"""What a finished Empire match leaves for history and statistics: each side's Power
Points, money at the end, Businesses, Turf, completed Jobs and fights won, the words of
its two endings, and its figures on `/chicago stats`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.games.protocol import GameStats, StatField
from bot.player_stats import won_of_played
from engine.empire import EmpireState

if TYPE_CHECKING:
    from bot.store.interface import SideTally

ENDINGS = {"power": "10 Power Points", "cap": "the cap"}


def side_facts(state: EmpireState, log: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
    """Each seat's end of the match, in seat order (EMPIRE §11, §12)."""
    result = state.result
    assert result is not None, "an Empire match leaves facts once it is over"
    attacks = [0] * len(state.players)
    for seat, text in log:
        if text.startswith(("driveby:", "hit:")):
            attacks[seat] += 1
    return [
        {
            "power": result.power[p.seat],
            "money": p.money,
            "businesses": sum(1 for b in state.lots.values() if b.owner == p.seat),
            "turf": sum(1 for o in state.turf.values() if o == p.seat),
            "jobs": sum(1 for done in p.jobs.values() if done),
            "attacks": attacks[p.seat],
            "sequences": state.sequence,
        }
        for p in state.players
    ]


def ending_words(reason: str) -> str:
    return f"by {ENDINGS.get(reason, reason)}"


def winner_words(name: str, facts: Mapping[str, Any]) -> str:
    """The winner with their Power Points ("Ada (10 PP)")."""
    power = facts.get("power")
    return f"{name} ({power} PP)" if isinstance(power, int) else name


def stat_fields(title: str, tallies: Sequence[SideTally]) -> GameStats:
    """Matches won of those played, then the Businesses and completed Jobs they ended with."""
    stats = won_of_played(title, tallies)
    if not tallies:
        return stats
    businesses = sum(int(t.sums.get("businesses", 0)) for t in tallies)
    jobs = sum(int(t.sums.get("jobs", 0)) for t in tallies)
    return GameStats(
        tallies=(
            *stats.tallies,
            StatField(f"{title}: Businesses held at the end", str(businesses)),
            StatField(f"{title}: Jobs completed", str(jobs)),
        ),
        totals=stats.totals,
    )
