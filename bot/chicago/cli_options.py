"""Chicago 1927's option words for the CLI (`bot.cli_options`): read from the
engine's limits, so `--help` and the engine can never disagree."""

from __future__ import annotations

from bot.cli_options import CliOptions
from engine.chicago.limits import (
    BOSS_COUNTS,
    DEFAULT_BOSSES,
    LEVELS,
    MARKS_CHOICES,
    STANDARD_MARKS,
)


def check_seats(text: str) -> list[str]:
    """The seat kinds of a `--seats` value (the simulator, loaded only when one is read)."""
    from bot.chicago.simulation import seat_kinds

    return seat_kinds(text)


CLI_OPTIONS = CliOptions(
    counts=BOSS_COUNTS,
    default_count=DEFAULT_BOSSES,
    marks=MARKS_CHOICES,
    standard_marks=STANDARD_MARKS,
    levels=LEVELS,
    seat_kinds=LEVELS,
    check_seats=check_seats,
)
