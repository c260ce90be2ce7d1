"""How a game shows itself at the table: what the platform asks of a game's front end.

The Discord layer builds every message of a non-Chicago match from these answers, so
it never reads a game's state itself: the buttons in the channel (only what the table
may know), the private lists (a hand, a secret choice) opened by a button or sent by DM,
the picture, a player's hand, and the final standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Choice:
    """One complete decision and the words on its button or list entry; with a
    `reason`, it cannot be taken now (shown greyed out, saying why)."""

    decision: str
    label: str
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Private:
    """A button that opens a private list (`group` names it); with a `reason`, the list
    cannot be opened now (shown greyed out, saying why)."""

    group: str
    label: str
    reason: str | None = None


def buttons_first_then_lists(
    public: Sequence[Choice], groups: Sequence[Private]
) -> list[Choice | Private]:
    """The usual order of a seat's buttons: what can be done now, then what cannot
    (greyed), then the buttons that open private lists."""
    return [*sorted(public, key=lambda c: c.reason is not None), *groups]


class Presenter(Protocol):
    def public(self, state: Any, seat: int) -> list[Choice]:
        """The seat's choices that may be shown to the whole table, as buttons."""
        ...

    def groups(self, state: Any, seat: int) -> list[Private]:
        """The seat's private lists (each opened by a button)."""
        ...

    def menu(self, state: Any, seat: int) -> list[Choice | Private]:
        """The seat's buttons in the order the prompt shows them: its public choices and
        the buttons of its private lists, as one menu (`buttons_first_then_lists` is the
        usual order; a game may keep a fixed one, greying what cannot be done)."""
        ...

    def private(self, state: Any, seat: int, group: str) -> list[Choice]:
        """One private list, from the seat's own view."""
        ...

    def private_note(self, state: Any, seat: int, group: str) -> str:
        """What the private list is about, in words only the seat may read."""
        ...

    def by_dm(self, state: Any, seat: int) -> str | None:
        """The private list sent to this seat by DM now (a defender's secret choice, a
        deal to answer), or None."""
        ...

    def asks(self, state: Any, seat: int) -> str:
        """What the seat is asked, in a few public words ("legwork", "choose in secret")."""
        ...

    def picture(self, state: Any, events: Sequence[Any]) -> bytes:
        """The table as everyone may see it (PNG)."""
        ...

    def alt_text(self, state: Any, events: Sequence[Any]) -> str: ...

    def hand(self, state: Any, seat: int) -> str:
        """The seat's own secrets, for its player alone (`/chicago hand`)."""
        ...

    def standings(self, state: Any) -> list[str]:
        """One line per seat, for the final message and `/chicago board`."""
        ...
