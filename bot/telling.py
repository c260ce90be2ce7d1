"""What every game's narration is made of: told lines, and counted words.

A game's narration turns its events into `Line`s; the table, the demo and the preview
show them without knowing the game.
"""

from __future__ import annotations

from dataclasses import dataclass

NOBODY = -3  # no seat: the same value the rules packages give nobody
# How a narrator opens a turn; a teller that keeps one message a turn splits the story there.
TURN_HEADER = "— Round "


@dataclass(frozen=True, slots=True)
class Line:
    """One told event; `seat` is the side it is about (its colour on the board), or
    NOBODY; `by` the side whose own choice it tells (NOBODY for what the rules, the dice
    or a card did), so a front end can mark what a computer chose and nothing else."""

    seat: int
    text: str
    by: int = NOBODY


def plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else many or word + 's'}"
