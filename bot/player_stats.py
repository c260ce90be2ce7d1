"""What a server's finished matches add up to for one player (`/chicago stats`), for
every game alike: matches and wins overall, and each game's own figures, which the game
makes from its sides added up kind by kind (`Game.stat_fields`). The store keeps those
totals as matches finish (`SideTally`); the platform adds up their counts and never
reads a game's facts."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.games.protocol import GameStats, StatField

if TYPE_CHECKING:
    from bot.store.interface import SideTally


@dataclass(slots=True)
class Tally:
    """Matches and wins of one kind (a character, the police, a game, everything)."""

    played: int = 0
    won: int = 0

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def add(self, played: int, won: int) -> None:
        self.played += played
        self.won += won

    def text(self) -> str:
        return f"{self.won}/{self.played} ({self.rate:.0%})"


def won_of_played(title: str, tallies: Sequence[SideTally]) -> GameStats:
    """A game's one figure on a player's card: matches won of those played, under the
    game's title; nothing for a player who never played it."""
    if not tallies:
        return GameStats()
    tally = Tally()
    for kind in tallies:
        tally.add(kind.played, kind.won)
    return GameStats(tallies=(StatField(title, tally.text()),))


@dataclass(slots=True)
class PlayerStats:
    """One player's finished matches: overall, and their totals by game key (for the
    game to sum up)."""

    user_id: int
    name: str
    overall: Tally = field(default_factory=Tally)
    tallies: dict[str, list[SideTally]] = field(default_factory=dict)


def player_stats(user_id: int, tallies: Iterable[SideTally]) -> PlayerStats | None:
    """A player's card from their totals (None: no finished match); the name is the
    latest stored one, so a player who left the server still shows as they played."""
    found: PlayerStats | None = None
    latest = float("-inf")
    for tally in tallies:
        if tally.played <= 0:
            continue
        if found is None:
            found = PlayerStats(user_id, tally.name)
        if tally.last_at >= latest:
            found.name, latest = tally.name, tally.last_at
        found.overall.add(tally.played, tally.won)
        found.tallies.setdefault(tally.game, []).append(tally)
    return found


__all__ = ["PlayerStats", "Tally", "player_stats", "won_of_played"]
