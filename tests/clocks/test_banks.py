"""Time banks and quiet hours as pure arithmetic on instants."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.clocks import MatchClocks, Pace, QuietHours
from bot.clocks.pace import DAY, HOUR, spell

PACE = Pace.chosen("days", 2, 12, 3)


def test_the_defaults_of_a_pace_over_days() -> None:
    pace = Pace.chosen("days", None, None, None)
    assert (pace.bank, pace.increment, pace.cap) == (3 * DAY, 12 * HOUR, 3 * DAY)
    assert not Pace.chosen(None, 5, 1, 9).days  # live unless asked for
    assert Pace.from_dict(pace.to_dict()) == pace


def test_a_bank_runs_only_while_asked_and_earns_the_increment_up_to_the_cap() -> None:
    clocks = MatchClocks()
    assert clocks.sync([0], [], 0.0, PACE, 0) == [0]
    assert clocks.seats[0].left_at(6 * HOUR) == 2 * DAY - 6 * HOUR
    clocks.sync([1], [0], 6 * HOUR, PACE, 1)  # seat 0 answered; seat 1 asked
    assert clocks.seats[0].left == 2 * DAY + 6 * HOUR
    assert clocks.seats[0].left_at(5 * DAY) == 2 * DAY + 6 * HOUR  # not asked: no charge
    clocks.sync([0], [1], 6 * HOUR, PACE, 2)
    clocks.sync([1], [0], 6 * HOUR + 60, PACE, 3)
    assert clocks.seats[0].left == 2 * DAY + 18 * HOUR - 60
    clocks.sync([0], [1], 7 * HOUR, PACE, 4)
    clocks.sync([1], [0], 7 * HOUR + 60, PACE, 5)
    assert clocks.seats[0].left == 3 * DAY  # capped
    assert MatchClocks.loads(clocks.dumps()) == clocks


def test_the_answer_of_someone_else_draws_on_their_own_bank() -> None:
    clocks = MatchClocks()
    clocks.sync([0], [], 0.0, PACE, 0)
    clocks.sync([0, 1], [], 100.0, PACE, 1)  # a defender is asked while the mover waits
    clocks.sync([0], [1], 100.0 + 5 * HOUR, PACE, 2)
    assert clocks.seats[1].left == 2 * DAY - 5 * HOUR + 12 * HOUR
    assert clocks.seats[0].left_at(100.0 + 5 * HOUR) == 2 * DAY - 100.0 - 5 * HOUR


def test_a_vacation_pauses_the_bank_once() -> None:
    clocks = MatchClocks()
    clocks.sync([0], [], 0.0, PACE, 0)
    clocks.go_away(0, 3, HOUR, PACE)
    assert clocks.seats[0].runs_out() == 2 * DAY + 3 * DAY
    assert clocks.seats[0].left_at(2 * DAY) == 2 * DAY - HOUR
    with pytest.raises(ValueError, match="already"):
        clocks.go_away(0, 1, 2 * DAY, PACE)
    with pytest.raises(ValueError, match="1 to 7"):
        clocks.go_away(1, 8, 0, PACE)


def test_quiet_hours_end_at_the_local_hour_across_a_change_to_summer_time() -> None:
    quiet = QuietHours.parse("23:00-08:00", "Europe/Warsaw")
    # 23:30 in Warsaw on 28 March 2026 (UTC+1); 08:00 next morning is summer time (UTC+2).
    assert quiet.release(datetime(2026, 3, 28, 22, 30, tzinfo=UTC)) == datetime(
        2026, 3, 29, 6, 0, tzinfo=UTC
    )
    assert quiet.release(datetime(2026, 3, 27, 22, 30, tzinfo=UTC)) == datetime(
        2026, 3, 28, 7, 0, tzinfo=UTC
    )
    noon = datetime(2026, 3, 28, 11, 0, tzinfo=UTC)
    assert quiet.release(noon) == noon
    for bad, zone in (("23-08", "UTC"), ("25:00-08:00", "UTC"), ("23:00-08:00", "Mars/Base")):
        with pytest.raises(ValueError):
            QuietHours.parse(bad, zone)


def test_lengths_read_short() -> None:
    lengths = (3 * DAY, 2 * DAY + 4 * HOUR, 12 * HOUR, 2700)
    assert [spell(timedelta(seconds=s)) for s in lengths] == ["3d", "2d 4h", "12h", "45m"]
