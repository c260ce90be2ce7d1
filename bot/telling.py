"""What every game's narration is made of: told lines, and counted words.

A game's narration turns its events into `Line`s; the table, the demo and the preview
show them without knowing the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

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


def times(count: int) -> str:
    return "twice" if count == 2 else f"{count} times"


class TellOnce:
    """Tells each run of identical lines once, counted ("…and draws a card, twice."):
    two identical actions in a row are one thing said twice, and an echoed line reads
    like a mistake of the bot's. Fed batch after batch (a transcript told as it is
    played), it holds back only the latest line, until a different one follows."""

    def __init__(self) -> None:
        self._held: Line | None = None
        self._count = 0

    def add(self, lines: Iterable[Line]) -> list[Line]:
        """The lines now final: every run these close (the latest stays held)."""
        ready: list[Line] = []
        for line in lines:
            if line == self._held:
                self._count += 1
                continue
            ready.extend(self.flush())
            self._held, self._count = line, 1
        return ready

    def flush(self) -> list[Line]:
        """The held line, counted; nothing is held after."""
        held, count = self._held, self._count
        self._held, self._count = None, 0
        if held is None:
            return []
        return [held if count == 1 else _repeated(held, count)]


def told_once(lines: Iterable[Line]) -> list[Line]:
    """One batch's lines with each run of identical ones told once, counted."""
    teller = TellOnce()
    return teller.add(lines) + teller.flush()


def _repeated(line: Line, count: int) -> Line:
    body, stop = (line.text[:-1], line.text[-1]) if line.text[-1:] in ".!" else (line.text, "")
    return replace(line, text=f"{body}, {times(count)}{stop}")
