"""The option words a game gives the CLI's match commands (`--bosses`, `--marks`,
`--level`, `--seats`), declared apart from its demo and simulator so that `--help` reads
them without loading the game's pictures, its simulator or discord. The registry hands
the default game's to the CLI (`bot.registry.cli_options_of`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CliOptions:
    counts: tuple[int, ...]  # `--bosses`: the seat counts a match may have
    default_count: int
    marks: tuple[int, ...]  # `--marks`: the marks a match may be played to
    standard_marks: int
    levels: tuple[str, ...]  # `--level`: the computer levels a demo may play
    seat_kinds: tuple[str, ...]  # `--seats`: the kinds of seat a simulation may list
    # Reads a `--seats` value; raises ValueError whose words say what is wrong.
    check_seats: Callable[[str], object]
