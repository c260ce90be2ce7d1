"""What a finished Bootleg match leaves for history and statistics: each side's gang,
Szmal and Locations as the game's own facts, the words of its one ending, and its figure
on `/chicago stats` (matches won and played)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.bootleg.words import gang_name
from bot.games.protocol import GameStats
from bot.player_stats import won_of_played
from engine.bootleg import BootlegState

if TYPE_CHECKING:
    from bot.store.interface import SideTally


def side_facts(state: BootlegState) -> list[dict[str, Any]]:
    """Each seat's gang, Szmal and Locations controlled at the end, in seat order."""
    result = state.result
    assert result is not None, "a Bootleg match leaves facts once it is over"
    held = {s.seat: s.locations for s in result.ranking}
    return [{"gang": p.gang, "szmal": p.szmal, "locations": held[p.seat]} for p in state.players]


def ending_words(reason: str) -> str:
    """Bootleg has one ending, the count after the last round."""
    return reason


def winner_words(name: str, facts: Mapping[str, Any]) -> str:
    """The winner with the gang they played ("Ada (Lucky Joe)")."""
    gang = facts.get("gang")
    return f"{name} ({gang_name(gang)})" if isinstance(gang, str) else name


def stat_fields(title: str, tallies: Sequence[SideTally]) -> GameStats:
    """Matches won of those played, under the game's title."""
    return won_of_played(title, tallies)
