"""Each seat's time bank in a match played over days, kept as instants.

A seat's clock stores what its bank held when it was last asked (`left`) and since when
it is asked (`asked_at`); what is left now is worked out from those and the clock, so
nothing is lost to a restart and nothing depends on a task having slept. A vacation is
a window in which the bank does not run. Times are seconds since the epoch (UTC), as
the store keeps them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot.clocks.pace import DAY, MAX_AWAY_DAYS, Pace


def stamp(at: datetime) -> float:
    return at.timestamp()


def instant(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


@dataclass(slots=True)
class SeatClock:
    left: float  # seconds in the bank, as of `asked_at` (or when last answered)
    asked_at: float | None = None  # asked since then (None: nothing asked of the seat)
    away_from: float | None = None  # the vacation's window, once per match
    away_until: float | None = None
    noticed: float | None = None  # the `asked_at` whose notice is settled (sent or not due)
    reminded: float | None = None  # the `asked_at` whose half-bank reminder is settled

    def _away_within(self, start: float, end: float) -> float:
        if self.away_from is None or self.away_until is None:
            return 0.0
        return max(0.0, min(end, self.away_until) - max(start, self.away_from))

    def left_at(self, now: float) -> float:
        """Seconds left in the bank at `now`."""
        if self.asked_at is None:
            return self.left
        spent = (now - self.asked_at) - self._away_within(self.asked_at, now)
        return max(0.0, self.left - max(0.0, spent))

    def runs_out(self) -> float | None:
        """When the bank is empty if the seat stays asked (None: not asked)."""
        if self.asked_at is None:
            return None
        end = self.asked_at + self.left
        start, until = self.away_from, self.away_until
        if start is not None and until is not None and start < end and until > self.asked_at:
            end += until - max(start, self.asked_at)
        return end

    def half_spent(self) -> float | None:
        """When half of what the bank held at the ask is spent (the reminder's time)."""
        end = self.runs_out()
        if end is None or self.asked_at is None:
            return None
        return end - self.left / 2

    def away(self, now: float) -> bool:
        return (
            self.away_until is not None
            and self.away_from is not None
            and (self.away_from <= now < self.away_until)
        )


@dataclass(slots=True)
class MatchClocks:
    """Every seat's clock in one match, and the decision number they were last set at
    (a restart that finds an older number re-sets them from the log's position)."""

    seats: dict[int, SeatClock] = field(default_factory=dict)
    seq: int = 0

    @classmethod
    def start(cls, pace: Pace, seats: Iterable[int]) -> MatchClocks:
        return cls({seat: SeatClock(float(pace.bank)) for seat in seats})

    def of(self, seat: int, pace: Pace) -> SeatClock:
        return self.seats.setdefault(seat, SeatClock(float(pace.bank)))

    def asked(self) -> dict[int, SeatClock]:
        return {s: c for s, c in self.seats.items() if c.asked_at is not None}

    def sync(
        self, asked: Iterable[int], answered: Iterable[int], now: float, pace: Pace, seq: int
    ) -> list[int]:
        """After a step: the seats that answered are charged what they spent and earn the
        increment (up to the cap); a seat no longer asked is charged; a seat asked now
        that was not starts counting. Returns the seats newly asked."""
        asked = set(asked)
        answered = set(answered)
        for seat in answered:
            clock = self.of(seat, pace)
            left = clock.left_at(now)
            clock.left = min(float(pace.cap), left + pace.increment)
            clock.asked_at = None
        for seat, clock in self.seats.items():
            if clock.asked_at is not None and seat not in asked:
                clock.left = clock.left_at(now)
                clock.asked_at = None
        fresh = []
        for seat in sorted(asked):
            clock = self.of(seat, pace)
            if clock.asked_at is None:
                clock.left = clock.left_at(now)
                clock.asked_at = now
                fresh.append(seat)
        self.seq = seq
        return fresh

    def first_out(self, seats: Iterable[int]) -> float | None:
        """The earliest instant one of these asked seats runs out of time."""
        ends = [e for s in seats if s in self.seats and (e := self.seats[s].runs_out()) is not None]
        return min(ends) if ends else None

    def out_of_time(self, now: float, seats: Iterable[int]) -> list[int]:
        """The asked seats among `seats` whose bank is empty at `now`."""
        return [
            s for s in seats
            if s in self.seats and self.seats[s].asked_at is not None
            and (self.seats[s].runs_out() or 0) <= now + 0.5
        ]  # fmt: skip

    def go_away(self, seat: int, days: int, now: float, pace: Pace) -> SeatClock:
        """The seat's vacation: its bank does not run for `days` from now (once a match)."""
        if not 1 <= days <= MAX_AWAY_DAYS:
            raise ValueError(f"A vacation lasts 1 to {MAX_AWAY_DAYS} days.")
        clock = self.of(seat, pace)
        if clock.away_from is not None:
            raise ValueError("You have taken your vacation in this match already.")
        clock.away_from, clock.away_until = now, now + days * DAY
        return clock

    def dumps(self) -> str:
        return json.dumps(
            {"seq": self.seq, "seats": {str(s): asdict(c) for s, c in self.seats.items()}},
            separators=(",", ":"),
        )

    @classmethod
    def loads(cls, text: str) -> MatchClocks:
        data: dict[str, Any] = json.loads(text)
        known = set(SeatClock.__dataclass_fields__)
        seats = {
            int(s): SeatClock(**{k: v for k, v in c.items() if k in known})
            for s, c in data.get("seats", {}).items()
        }
        return cls(seats, int(data.get("seq", 0)))
