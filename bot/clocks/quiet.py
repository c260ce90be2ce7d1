"""A player's quiet hours ("23:00-08:00" in an IANA zone): notices and reminders due
inside them wait until they end. The clock does not stop for them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

SPAN = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$")


@dataclass(frozen=True, slots=True)
class QuietHours:
    start: time
    end: time
    zone: str

    @classmethod
    def parse(cls, span: str, zone: str) -> QuietHours:
        """From "HH:MM-HH:MM" and a zone name; ValueError says what is wrong."""
        found = SPAN.match(span)
        if found is None:
            raise ValueError("Give the hours as HH:MM-HH:MM, for example 23:00-08:00.")
        h1, m1, h2, m2 = (int(x) for x in found.groups())
        if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59:
            raise ValueError("Hours run from 00:00 to 23:59.")
        if (h1, m1) == (h2, m2):
            raise ValueError("The quiet hours must start and end at different times.")
        try:
            ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(
                f"`{zone}` is not a time zone name; use one like Europe/Warsaw or America/Chicago."
            ) from None
        return cls(time(h1, m1), time(h2, m2), zone)

    @property
    def text(self) -> str:
        return f"{self.start:%H:%M}-{self.end:%H:%M}"

    def _inside(self, local: time) -> bool:
        if self.start < self.end:
            return self.start <= local < self.end
        return local >= self.start or local < self.end

    def release(self, at: datetime) -> datetime:
        """The first instant at or after `at` outside the quiet hours (as UTC)."""
        zone = ZoneInfo(self.zone)
        local = at.astimezone(zone)
        if not self._inside(local.time().replace(tzinfo=None)):
            return at
        day = local.date()
        if local.time() >= self.end:  # after the start, before midnight: ends tomorrow
            day += timedelta(days=1)
        # A wall time that a DST change skips reads as the one after the gap.
        ends = datetime.combine(day, self.end, tzinfo=zone).astimezone(UTC)
        return max(at, ends)
