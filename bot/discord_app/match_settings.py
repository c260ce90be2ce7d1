"""A match's own settings, typed: chosen when its lobby opens (from `/chicago new` and
the server's settings) and kept with the match, so changing the server's settings never
changes a match under way."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from datetime import timedelta
from typing import Any

from engine.chicago.limits import STANDARD_MARKS


@dataclass(frozen=True, slots=True)
class MatchSettings:
    bosses: int
    timer: int  # seconds per decision
    marks: int = STANDARD_MARKS
    round_limit: int | None = None
    thread: bool = False  # the lobby opened a thread of its own
    computers: bool = True  # the server allows computer players
    starter_role: int | None = None  # the role the server lets open (and end) matches
    game: str = "chicago"  # the game's key (bot.games); Turf seats `bosses` players, no police

    @property
    def chicago(self) -> bool:
        return self.game == "chicago"

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchSettings:
        """From the store's JSON; unknown keys (a newer release's) are ignored."""
        role = data.get("starter_role")
        limit = data.get("round_limit")
        return cls(
            bosses=int(data["bosses"]),
            timer=int(data["timer"]),
            marks=int(data.get("marks", STANDARD_MARKS)),
            round_limit=int(limit) if limit is not None else None,
            thread=bool(data.get("thread", False)),
            computers=bool(data.get("computers", True)),
            starter_role=int(role) if role is not None else None,
            game=str(data.get("game", "chicago")),
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def but(self, **changes: Any) -> MatchSettings:
        return replace(self, **changes)

    @property
    def timer_length(self) -> timedelta:
        return timedelta(seconds=self.timer)
