"""What the platform needs of a game: one interface for every game the table runs.

The session, the store, replay files, history and the Discord layer reach a game only
through `Game`, so a third game is one more module that fills it in, not edits all
over. A game's state is opaque here (`Any`): each game keeps its own typed state and
engine; the platform only moves it between these calls.

Several decisions may be open at once (Turf asks both sides of a confrontation in
secret); a game with one open decision at a time simply lists one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from bot.games.presenter import Presenter
from bot.games.seating import Seating
from bot.telling import Line
from engine.common.seats import PlayerSpec

if TYPE_CHECKING:
    from bot.store.interface import SideResult, SideTally


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


@dataclass(frozen=True, slots=True)
class CardText:
    """One answer of `/chicago card`: a card's, character's, piece's or place's name, its
    text, and the kind it is (shown under it: "Turf card", "Empire")."""

    title: str
    text: str
    kind: str


@dataclass(frozen=True, slots=True)
class StatField:
    """One field of a player's statistics card."""

    name: str
    value: str
    inline: bool = True


@dataclass(frozen=True, slots=True)
class GameStats:
    """What one game adds to a player's card: its tallies (shown after the overall
    matches and wins, game by game) and its totals (shown after every game's tallies)."""

    tallies: tuple[StatField, ...] = ()
    totals: tuple[StatField, ...] = ()


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
    def home(self) -> bool:
        """Whether this is the game the bot is named after: its matches go unmarked in
        history and replays, where every other game's carry its title ("🎲 Turf")."""
        ...

    @property
    def rated(self) -> bool:
        """Whether its finished matches move the players' ratings."""
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
    def seating(self) -> Seating:
        """How its lobby seats it: roles, seat counts, match length, setup."""
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

    # --- look-ups --------------------------------------------------------------------

    def card_titles(self) -> list[str]:
        """Every name `/chicago card` knows of this game, in the rules' order (its
        autocomplete offers them)."""
        ...

    def card(self, title: str) -> CardText | None:
        """What `/chicago card` says of one of them (any case; None: not this game's)."""
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

    def pending(self, state: Any) -> Any:
        """The open decision as the game's own engine states it, for the game's own table
        code (its options' facts); None for a game the platform reads only through
        `asked`."""
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

    def rating_places(self, sides: Sequence[SideResult]) -> dict[int, int]:
        """Seat → the place a rated match's side is ranked at in the ratings (ties share
        a place), from its stored side rows alone, so a rebuild ranks as the match's end
        did: usually the places of `placings` (`bot.ratings.stored_places`)."""
        ...

    def ending(self, state: Any) -> str:
        """One line on how the match ended ("by Empire Marks", "10 buildings")."""
        ...

    def reason(self, state: Any) -> str:
        """How a finished match ended, as its engine names it and the store keeps it
        ("marks", "buildings")."""
        ...

    def end_facts(self, state: Any) -> dict[str, Any]:
        """Where the match stands, as its replay file records it and checks on reading:
        decisions, round and, once over, the winner, the reason and the scores."""
        ...

    # --- records: what a finished match leaves for history and statistics -----------

    def side_facts(self, state: Any, log: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
        """Each seat's own facts of a finished match, in seat order, as the store keeps
        them (JSON): what the game's history and statistics will need, read from the
        final state and, for what only the way there shows, the decision log."""
        ...

    def ending_words(self, reason: str) -> str:
        """A stored reason in the words history shows ("by Empire Marks")."""
        ...

    def winner_words(self, name: str, facts: Mapping[str, Any]) -> str:
        """How history names a match's winner, from their side's facts
        ("Ada (Queen Bee)")."""
        ...

    def stat_fields(self, tallies: Sequence[SideTally]) -> GameStats:
        """What a player's card on `/chicago stats` shows of this game, from their
        sides of its matches added up kind by kind (none, for a player who never
        played it): its facts' numbers summed, its text facts the kinds."""
        ...

    # --- telling ---------------------------------------------------------------------

    def narrate(self, state: Any, events: Sequence[Any]) -> list[Line]: ...

    def closes_turn(self, events: Sequence[Any]) -> int:
        """How many turns a batch of events closed (a picture is due when > 0)."""
        ...
