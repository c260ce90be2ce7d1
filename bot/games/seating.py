"""How a game is seated: what its lobby, `/chicago new` and the offline preview offer.

Each game declares one `Seating` (its roles and their words, how many main seats, how a
match's length is chosen, how the seats make its setup), so the lobby and the commands
read a game's seating instead of naming the game: a new game is seated by declaring
its own, with no edit to the lobby.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.common.seats import PlayerSpec

# Names the games give their computer players, first free first (a person keeps a name).
COMPUTER_NAMES = (
    "Vito Marchetti", "Mae Kowalski", "Frankie Doyle", "Nell Brennan",
    "Sal Greco", "Ruby O'Malley", "Tommy Russo", "Lil Kaminski",
)  # fmt: skip

# The setup of a new match: the seed, the players (the main seats in joining order, then
# each extra role's seat in declared order), the game's own options and the round limit.
SetupMaker = Callable[[int, Sequence[PlayerSpec], Mapping[str, int], int | None], Any]
# The match's length in the lobby's words ("standard (4 marks)"), from the same facts.
Terms = Callable[[Mapping[str, int], int | None], str]


@dataclass(frozen=True, slots=True)
class Role:
    """A role a lobby seats, and every word the lobby says about it. The words are the
    game's own: a lobby never guesses them from the key."""

    key: str  # stored on each seat and carried by the lobby's buttons ("boss")
    one: str  # one seat of it in a sentence: "a boss", "the police"
    seat: str  # its seat in a refusal: "boss seat" ("Every boss seat is taken.")
    button: str  # on the host's computer menu and its answer: "Normal boss", "Added … boss."
    heading: str  # the lobby message's field for it: "Bosses", "Police"
    plural: str  # a count of it in the lobby's description: "3 bosses"
    join: str  # the lobby's join button: "Join as boss"
    computer_names: tuple[str, ...] = ()  # a computer in this role takes the first free one


@dataclass(frozen=True, slots=True)
class Count:
    """The main seats' count: its range, and the options that set it (`/chicago new`
    and `chicago-bot preview`), with their words."""

    low: int
    high: int
    default: int
    option: str  # the `/chicago new` option counting them ("bosses")
    words: str  # that option's description
    flag: str  # the `chicago-bot preview` option counting them ("bosses": --bosses)
    flag_help: str
    also_option: tuple[str, ...] = ()  # other `/chicago new` options read when it is unset


@dataclass(frozen=True, slots=True)
class Length:
    """One way the host may have a match end (a `length:` choice of `/chicago new`):
    the game's own options it sets, and whether it sets a round limit too."""

    value: str  # "standard"
    words: str  # "standard: first to 4 Empire Marks"
    options: Mapping[str, int]
    round_limit: bool = False


@dataclass(frozen=True, slots=True)
class Seating:
    """Everything the platform seats a game by. `lengths` empty: a match of this game
    always ends at a round limit (the host may only say how many rounds)."""

    choice: str  # the game's `/chicago new game:` choice
    count: Count
    main: Role
    setup: SetupMaker
    terms: Terms
    dealt: str  # the lobby's last words on how the start seats the players
    max_rounds: int  # the longest round limit a host may set
    extras: tuple[Role, ...] = ()  # one-off seats beside the main ones (the police)
    lengths: tuple[Length, ...] = ()
    options: Mapping[str, int] = field(default_factory=dict)  # the game's defaults
    preview_hint: str | None = None  # a line `chicago-bot preview` prints for this game

    @property
    def roles(self) -> tuple[Role, ...]:
        return (self.main, *self.extras)

    @property
    def names_roles(self) -> bool:
        """Whether the lobby says which role a seat is: only when there is a choice."""
        return bool(self.extras)

    def role(self, key: str) -> Role | None:
        return next((r for r in self.roles if r.key == key), None)

    def length(self, value: str) -> Length | None:
        return next((x for x in self.lengths if x.value == value), None)

    def reserved_names(self) -> frozenset[str]:
        """Names no person may take: those the one-off seats' computers always use."""
        return frozenset(n for role in self.extras for n in role.computer_names)
