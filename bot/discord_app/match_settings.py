"""A match's own settings, typed: chosen when its lobby opens (from `/chicago new` and
the server's settings) and kept with the match, so changing the server's settings never
changes a match under way.

They name no game's pieces: how many main seats the lobby offers, and the game's own
options as data (Chicago 1927's marks to win). Settings stored before that shape (with
"bosses" and "marks") read the same."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

from bot.clocks import Pace

OLD_OPTION_KEYS = ("marks",)  # the game's options stored beside the settings, before `options`


@dataclass(frozen=True, slots=True)
class MatchSettings:
    main_seats: int  # the main role's seats (bosses, players); one-off seats come on top
    timer: int  # seconds per decision
    options: dict[str, int] = field(default_factory=dict)  # the game's own ({"marks": 4})
    round_limit: int | None = None
    thread: bool = False  # the lobby opened a thread of its own
    computers: bool = True  # the server allows computer players
    starter_role: int | None = None  # the role the server lets open (and end) matches
    game: str | None = None  # the game's key (bot.registry); None: the default game
    pace: Pace = field(default_factory=Pace)  # live, or over days with a bank per seat

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchSettings:
        """From the store's JSON; unknown keys (a newer release's) are ignored."""
        role = data.get("starter_role")
        limit = data.get("round_limit")
        seats = data["main_seats"] if "main_seats" in data else data["bosses"]
        stored = data.get("options")
        if not isinstance(stored, dict):
            stored = {k: data[k] for k in OLD_OPTION_KEYS if k in data}
        return cls(
            main_seats=int(seats),
            timer=int(data["timer"]),
            options={str(k): int(v) for k, v in stored.items()},
            round_limit=int(limit) if limit is not None else None,
            thread=bool(data.get("thread", False)),
            computers=bool(data.get("computers", True)),
            starter_role=int(role) if role is not None else None,
            game=str(data["game"]) if data.get("game") else None,
            pace=Pace.from_dict(data.get("pace")),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "main_seats": self.main_seats,
            "timer": self.timer,
            "options": dict(self.options),
            "round_limit": self.round_limit,
            "thread": self.thread,
            "computers": self.computers,
            "starter_role": self.starter_role,
            "game": self.game,
            # Only a match over days says so: a live match's settings read as before.
            **({"pace": self.pace.to_dict()} if self.pace.days else {}),
        }

    def but(self, **changes: Any) -> MatchSettings:
        return replace(self, **changes)

    @property
    def timer_length(self) -> timedelta:
        return timedelta(seconds=self.timer)
