"""What a finished Turf match leaves for history and statistics: each side's buildings
as the game's own facts, the words its endings are told in, and its one figure on
`/chicago stats` (matches won and played)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.games.protocol import GameStats
from bot.player_stats import won_of_played
from bot.turf.narration import ENDING_NAMES
from engine.turf import TurfState

if TYPE_CHECKING:
    from bot.store.interface import SideTally

_ENDINGS = {str(reason): words for reason, words in ENDING_NAMES.items()}


def side_facts(state: TurfState) -> list[dict[str, Any]]:
    """Each seat's buildings at the end, in seat order."""
    result = state.result
    assert result is not None, "a Turf match leaves facts once it is over"
    return [{"buildings": count} for count in result.buildings]


def ending_words(reason: str) -> str:
    """ "10 buildings": a stored reason as history tells it."""
    return _ENDINGS.get(reason, reason)


def winner_words(name: str, facts: Mapping[str, Any]) -> str:
    """The winner's name alone: Turf's players have no characters."""
    return name


def stat_fields(title: str, tallies: Sequence[SideTally]) -> GameStats:
    """Matches won of those played, under the game's title."""
    return won_of_played(title, tallies)
