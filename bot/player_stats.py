"""What a server's finished matches add up to for one player (`/chicago stats`), for
every game alike: matches and wins overall, and each game's own figures, which the game
makes from its side rows' facts (`Game.stat_fields`). The platform counts rows; it
never reads a game's facts."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.games.protocol import GameStats, StatField

if TYPE_CHECKING:
    from bot.store.interface import SideResult


@dataclass(slots=True)
class Tally:
    """Matches and wins of one kind (a character, the police, a game, everything)."""

    played: int = 0
    won: int = 0

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def count(self, won: bool) -> None:
        self.played += 1
        self.won += int(won)

    def text(self) -> str:
        return f"{self.won}/{self.played} ({self.rate:.0%})"


def won_of_played(title: str, sides: Sequence[SideResult]) -> GameStats:
    """A game's one figure on a player's card: matches won of those played, under the
    game's title; nothing for a player who never played it."""
    if not sides:
        return GameStats()
    tally = Tally()
    for side in sides:
        tally.count(side.won)
    return GameStats(tallies=(StatField(title, tally.text()),))


@dataclass(slots=True)
class PlayerStats:
    """One player's finished matches: overall, and their side rows by game key (for
    the game to sum up)."""

    user_id: int
    name: str
    overall: Tally = field(default_factory=Tally)
    sides: dict[str, list[SideResult]] = field(default_factory=dict)


def player_stats(rows: Iterable[SideResult]) -> dict[int, PlayerStats]:
    """Per player (computers left out): every match counts overall and under its game;
    the name is the latest stored one, so a player who left the server still shows as
    they played."""
    stats: dict[int, PlayerStats] = {}
    for row in rows:
        if row.user_id is None:
            continue
        entry = stats.setdefault(row.user_id, PlayerStats(row.user_id, row.name))
        entry.name = row.name
        entry.overall.count(row.won)
        entry.sides.setdefault(row.game, []).append(row)
    return stats


def leaderboard(rows: Iterable[SideResult]) -> list[PlayerStats]:
    """Players ranked by wins, then win rate, then name."""
    players = player_stats(rows).values()
    return sorted(players, key=lambda p: (-p.overall.won, -p.overall.rate, p.name.lower()))


__all__ = ["PlayerStats", "Tally", "leaderboard", "player_stats"]
