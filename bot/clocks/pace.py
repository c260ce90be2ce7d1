"""The pace a match is played at: `live` (a timer per decision) or `days` (a time
bank per seat, with an increment per decision up to a cap), as chosen at `/chicago new`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

LIVE = "live"
DAYS = "days"
PACES = (LIVE, DAYS)

DAY = 86_400
HOUR = 3_600
DEFAULT_BANK_DAYS = 3
MIN_BANK_DAYS = 1
MAX_BANK_DAYS = 14
DEFAULT_INCREMENT_HOURS = 12
MAX_INCREMENT_HOURS = 72
MAX_AWAY_DAYS = 7


@dataclass(frozen=True, slots=True)
class Pace:
    """How a match's clock runs. `bank`, `increment` and `cap` are seconds; they only
    mean something at the `days` pace."""

    kind: str = LIVE
    bank: int = DEFAULT_BANK_DAYS * DAY
    increment: int = DEFAULT_INCREMENT_HOURS * HOUR
    cap: int = DEFAULT_BANK_DAYS * DAY

    @property
    def days(self) -> bool:
        return self.kind == DAYS

    @classmethod
    def chosen(
        cls, kind: str | None, bank_days: int | None, increment_hours: int | None,
        cap_days: int | None,
    ) -> Pace:  # fmt: skip
        """The pace a host asked for; what they left out takes its default (the cap:
        the bank's size)."""
        if kind != DAYS:
            return cls()
        bank = (bank_days or DEFAULT_BANK_DAYS) * DAY
        increment = (DEFAULT_INCREMENT_HOURS if increment_hours is None else increment_hours) * HOUR
        cap = cap_days * DAY if cap_days else bank
        return cls(DAYS, bank, increment, max(cap, bank))

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Pace:
        if not data or data.get("kind") != DAYS:
            return cls()
        return cls(DAYS, int(data["bank"]), int(data["increment"]), int(data["cap"]))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "bank": self.bank, "increment": self.increment, "cap": self.cap}

    def words(self) -> str:
        """The pace as the lobby shows it."""
        if not self.days:
            return "live"
        return (
            f"over days: {spell(timedelta(seconds=self.bank))} each, "
            f"+{spell(timedelta(seconds=self.increment))} a decision "
            f"(up to {spell(timedelta(seconds=self.cap))})"
        )


def spell(length: timedelta) -> str:
    """A length as players read it: "3d", "2d 4h", "12h", "45m"."""
    seconds = max(0, int(length.total_seconds()))
    days, rest = divmod(seconds, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes = rest // 60
    if days:
        return f"{days}d {hours}h" if hours else f"{days}d"
    if hours:
        return f"{hours}h {minutes}m" if minutes else f"{hours}h"
    return f"{minutes}m"
