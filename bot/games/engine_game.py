"""What the engine-backed games do alike: their states are pydantic dataclasses with
`seq`, `result` and `to_json`, their setups are read and written by one TypeAdapter, a
new turn or the match's end closes a turn, and their presenter is their package's own.
Each game's module says only what differs."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import TypeAdapter

from bot.games.presenter import Presenter
from bot.games.protocol import CardText, Placing

if TYPE_CHECKING:
    from bot.store.interface import SideResult


class EngineGame:
    """The shared half of a `Game` whose engine keeps the common state shape."""

    key: ClassVar[str]
    setup_adapter: ClassVar[TypeAdapter[Any]]
    turn_events: ClassVar[tuple[type, ...]]  # events that close a turn
    # The rule book's entry kinds `/chicago card` shows of this game (none: "<key>card").
    card_kinds: ClassVar[tuple[str, ...]] = ()

    @property
    def presenter(self) -> Presenter | None:
        """`PRESENTER` of the game package's `presenter` module, imported on first use:
        it draws pictures, which `--help` never needs."""
        package = type(self).__module__.rpartition(".")[0]
        found: Presenter = importlib.import_module(f"{package}.presenter").PRESENTER
        return found

    def card_titles(self) -> list[str]:
        return [e.title for e in self._book_cards()]

    def card(self, title: str) -> CardText | None:
        """A card of the rule book's (`bot.rulebook`) by its title, ignoring case."""
        from bot.rulebook import kind_words

        wanted = title.strip().casefold()
        entry = next((e for e in self._book_cards() if e.title.casefold() == wanted), None)
        return None if entry is None else CardText(entry.title, entry.text, kind_words(entry))

    def _book_cards(self) -> list[Any]:
        from bot.rulebook import load

        book = load()
        return [e for kind in self.card_kinds or (f"{self.key}card",) for e in book.of_kind(kind)]

    def dump_setup(self, setup: Any) -> str:
        return self.setup_adapter.dump_json(setup).decode()

    def load_setup(self, text: str) -> Any:
        return self.setup_adapter.validate_json(text)

    def state_json(self, state: Any) -> str:
        return str(state.to_json().decode())

    def seq(self, state: Any) -> int:
        return int(state.seq)

    def pending(self, state: Any) -> Any:
        """None: a game whose table code reads only `asked` says no more."""
        return None

    def finished(self, state: Any) -> bool:
        return state.result is not None

    def result(self, state: Any) -> Any:
        return state.result

    def clone(self, state: Any) -> Any:
        """An independent copy, through the state's own JSON round trip."""
        return type(state).from_json(state.to_json())

    def names(self, state: Any) -> list[str]:
        """Each seat's name: a game whose seats are `state.players`."""
        return [p.name for p in state.players]

    def computer(self, state: Any, seat: int) -> str | None:
        level: str | None = state.players[seat].computer
        return level

    def placings(self, state: Any) -> list[Placing]:
        result = state.result
        if result is None:
            return []
        return [
            Placing(seat, place, seat == result.winner, self.score(result, seat))
            for place, seat in enumerate(result.ranking, start=1)
        ]

    def rating_places(self, sides: Sequence[SideResult]) -> dict[int, int]:
        """The places of the game's placings, as the side rows keep them."""
        from bot.ratings import stored_places

        return stored_places(sides)

    def reason(self, state: Any) -> str:
        return str(state.result.reason)

    def score(self, result: Any, seat: int) -> int:
        """A seat's final count, as history keeps it."""
        raise NotImplementedError

    def closes_turn(self, events: Sequence[Any]) -> int:
        return sum(isinstance(e, self.turn_events) for e in events)
