"""A running match's clock when it is played over days: each asked seat's bank, the
deadline it gives the table's timer, who ran out, the bank line every prompt shows, and
vacations. Owned by its `GameTable`; what it knows is in the store (`match_clocks`)
after every step, so a restart or another process computes the same banks from the
same instants.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from bot.clocks import MatchClocks, Pace
from bot.clocks.banks import instant, stamp
from bot.clocks.pace import spell
from bot.session import COMPUTER, TIMER, MatchSession, StepResult
from bot.store import MatchStore


def people_asked(session: MatchSession) -> list[int]:
    """The seats a person must answer for now (a computer's seat has no bank)."""
    return [s for s in dict.fromkeys(a.seat for a in session.asked()) if not session.is_computer(s)]


def answered(step: StepResult) -> set[int]:
    """The seats whose own question a step answered (by their player or their timer)."""
    return {a.seat for a in step.applied if a.actor != COMPUTER}


def decided(step: StepResult) -> set[int]:
    """The seats whose player decided in this step (no notice is due to them)."""
    return {a.seat for a in step.applied if a.actor not in (COMPUTER, TIMER)}


class DaysClock:
    """The banks of one match over days."""

    def __init__(self, pace: Pace, match_id: int, clocks: MatchClocks | None = None) -> None:
        self.pace = pace
        self.match_id = match_id
        self.clocks = clocks or MatchClocks()

    @classmethod
    async def load(
        cls, store: MatchStore, pace: Pace, match_id: int, stored: str | None = None
    ) -> DaysClock:
        text = stored if stored is not None else await store.clocks(match_id)
        return cls(pace, match_id, MatchClocks.loads(text) if text else None)

    async def save(self, store: MatchStore) -> None:
        await store.set_clocks(self.match_id, self.clocks.dumps())

    # --- after each step -------------------------------------------------------------

    def step(self, session: MatchSession, step: StepResult, now: datetime) -> list[int]:
        """Charge who answered, start who is asked; the seats newly asked."""
        asked = [] if session.over else people_asked(session)
        return self.clocks.sync(asked, answered(step), stamp(now), self.pace, session.seq)

    def settle_restart(self, session: MatchSession, now: datetime) -> list[int]:
        """After a restart: clocks written before the last step (a crash between its
        commit and the clocks' write) are brought to the log's position; a seat asked
        since is counted from now."""
        if self.clocks.seq == session.seq:
            return []
        asked = [] if session.over else people_asked(session)
        return self.clocks.sync(asked, (), stamp(now), self.pace, session.seq)

    def deadline(self, session: MatchSession, now: datetime) -> datetime:
        """When the first asked seat runs out of time (no one asked: a day from now)."""
        first = self.clocks.first_out(people_asked(session))
        return instant(first) if first is not None else now + timedelta(days=1)

    def out_of_time(self, session: MatchSession, now: datetime) -> list[int]:
        return self.clocks.out_of_time(stamp(now), people_asked(session))

    def left(self, seat: int, now: datetime) -> timedelta:
        return timedelta(seconds=self.clocks.of(seat, self.pace).left_at(stamp(now)))

    def runs_out(self, seat: int) -> datetime | None:
        end = self.clocks.of(seat, self.pace).runs_out()
        return instant(end) if end is not None else None

    # --- what players read -----------------------------------------------------------

    def bank_words(self, seat: int, now: datetime) -> str:
        """ "2d 4h left" (", paused until …" on a vacation), as of `now`: for answers
        read at once (`/chicago mine`)."""
        return f"{spell(self.left(seat, now))} left{self._paused(seat, now)}"

    def runs_out_words(self, seat: int, now: datetime) -> str:
        """ "runs out <t:…:R>": the bank as a Discord timestamp, which stays true however
        long after `now` a message is read (a length left would not); while the seat is
        away or not asked, what it holds ("has 2d left, paused until …")."""
        end = self.runs_out(seat)
        paused = self._paused(seat, now)
        if paused or end is None:
            return f"has {spell(self.left(seat, now))} left{paused}"
        return f"runs out <t:{int(end.timestamp())}:R>"

    def _paused(self, seat: int, now: datetime) -> str:
        """ ", paused until <t:…:f>" while the seat is away ("" otherwise)."""
        clock = self.clocks.of(seat, self.pace)
        if clock.away(stamp(now)) and clock.away_until is not None:
            return f", paused until <t:{int(clock.away_until)}:f>"
        return ""

    def bank_line(self, session: MatchSession, now: datetime, seats: Iterable[int]) -> str:
        """Each asked seat's bank, one line, for the prompt."""
        parts = [f"**{session.name(s)}**'s bank {self.runs_out_words(s, now)}" for s in seats]
        return "⏳ " + " · ".join(parts) if parts else ""

    def go_away(self, seat: int, days: int, now: datetime) -> datetime:
        """A vacation for `seat` from now; returns when it ends (ValueError: not allowed)."""
        clock = self.clocks.go_away(seat, days, stamp(now), self.pace)
        assert clock.away_until is not None
        return instant(clock.away_until)
