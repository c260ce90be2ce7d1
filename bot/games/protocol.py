"""What the platform needs of a game: one interface for every game the table runs.

The session, the store, replay files, history and the Discord layer reach a game only
through `Game`, so a third game is one more module that fills it in, not edits all
over. A game's state is opaque here (`Any`): each game keeps its own typed state and
engine; the platform only moves it between these calls.

Several decisions may be open at once (Turf asks both sides of a confrontation in
secret); a game with one open decision at a time simply lists one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.games.presenter import Presenter
from bot.telling import Line
from engine.common.seats import PlayerSpec


@dataclass(frozen=True, slots=True)
class Asked:
    """One open decision, as the platform sees it: who decides, what kind of decision,
    the decision texts that are legal now, and a signature that stays the same while the
    same question stays open (so a button offered earlier still counts)."""

    seat: int
    kind: str
    choices: tuple[str, ...]
    signature: str


@dataclass(frozen=True, slots=True)
class Placing:
    """One seat's place in a finished match (1 = the winner; ties share a place)."""

    seat: int
    place: int
    won: bool
    score: int


class Game(Protocol):
    """A turn-based game the platform can seat, run, store, replay and show."""

    @property
    def key(self) -> str:
        """The name stored with each match and used in commands ("chicago", "turf")."""
        ...

    @property
    def title(self) -> str:
        """The name players read ("Chicago 1927")."""
        ...

    @property
    def simultaneous(self) -> bool:
        """Whether several seats may be asked at once (each click then counts while its
        seat's question stays open, not only until the next decision)."""
        ...

    @property
    def levels(self) -> tuple[str, ...]:
        """The computer levels a lobby may seat."""
        ...

    @property
    def default_rounds(self) -> int:
        """The round limit a lobby offers unless the host sets another."""
        ...

    @property
    def presenter(self) -> Presenter | None:
        """How the game shows itself at the table (None: it has a Discord layer of its
        own, as Chicago 1927 has)."""
        ...

    @property
    def table_hint(self) -> str:
        """One line posted when a match starts: the commands worth knowing."""
        ...

    def goal(self, rounds: int) -> str:
        """How a match is won, in a few words for the lobby."""
        ...

    # --- setup, storage and replay -----------------------------------------------------

    def make_setup(self, seed: int, players: Sequence[PlayerSpec], rounds: int | None) -> Any:
        """The setup of a new match: the players in joining order (the seed seats them)."""
        ...

    def dump_setup(self, setup: Any) -> str: ...

    def load_setup(self, text: str) -> Any: ...

    def replay(self, setup: Any, log: Iterable[tuple[int, str]]) -> tuple[Any, list[Any]]:
        """The state after `log` and every event on the way (raises IllegalDecision)."""
        ...

    def check_setup(self, setup: Any) -> None:
        """Refuse a setup this game would not deal (a replay file is untrusted input):
        raises ValueError whose message completes "the replay file's setup …"."""
        ...

    def state_json(self, state: Any) -> str: ...

    def state_from_json(self, text: str | bytes) -> Any: ...

    # --- playing ---------------------------------------------------------------------

    def seq(self, state: Any) -> int:
        """Decisions applied so far."""
        ...

    def asked(self, state: Any) -> list[Asked]:
        """Every open decision, the turn's own first; empty once the match is over."""
        ...

    def parse(self, text: str) -> str:
        """The decision's canonical text (raises IllegalDecision when malformed)."""
        ...

    def apply(self, state: Any, seat: int, decision: str) -> list[Any]:
        """Apply one decision (raises IllegalDecision, changing nothing)."""
        ...

    def timeout_default(self, state: Any, seat: int) -> str:
        """The safe choice for `seat` when its time runs out."""
        ...

    def choose(self, state: Any, seat: int, level: str) -> str:
        """A computer's decision for `seat`, from what that seat may know."""
        ...

    def clone(self, state: Any) -> Any:
        """An independent copy to think on off the event loop."""
        ...

    def names(self, state: Any) -> list[str]:
        """Each seat's name, in seat order."""
        ...

    def computer(self, state: Any, seat: int) -> str | None:
        """The level a seat was dealt to at setup, or None for a person."""
        ...

    def finished(self, state: Any) -> bool: ...

    def result(self, state: Any) -> Any:
        """The game's own record of how the match ended (None while it runs)."""
        ...

    def placings(self, state: Any) -> list[Placing]:
        """Each seat's place once the match is over."""
        ...

    def ending(self, state: Any) -> str:
        """One line on how the match ended ("by Empire Marks", "10 buildings")."""
        ...

    def end_facts(self, state: Any) -> dict[str, Any]:
        """Where the match stands, as its replay file records it and checks on reading:
        decisions, round and, once over, the winner, the reason and the scores."""
        ...

    # --- telling ---------------------------------------------------------------------

    def narrate(self, state: Any, events: Sequence[Any]) -> list[Line]: ...

    def closes_turn(self, events: Sequence[Any]) -> int:
        """How many turns a batch of events closed (a picture is due when > 0)."""
        ...
