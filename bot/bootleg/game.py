"""Bootleg as a `Game`: the rules in `engine.bootleg`, told by `bot.bootleg.narration`.

Whatever the channel is told passes through `visible_events(events, None)` first, so
another gang's Special reads "X" there as it does on the board (BOOTLEG §11). Computer
seats choose from their own seat's view, so they know what a person in their chair
would know.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import TypeAdapter

import engine.bootleg as bootleg
from bot.bootleg import side_rows
from bot.bootleg.narration import narrate_bootleg
from bot.bootleg.seating import SEATING, goal
from bot.games.engine_game import EngineGame
from bot.games.protocol import Asked, GameStats, Placing
from bot.telling import Line
from engine.bootleg.computer import LEVELS, choose
from engine.bootleg.events import MatchEnded, TurnStarted
from engine.common.seats import PlayerSpec

if TYPE_CHECKING:
    from bot.store.interface import SideTally

ENDING = "the final count"


class BootlegGame(EngineGame):
    """Three Envoys, nine Locations, Barrels and majorities over nine rounds."""

    setup_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(bootleg.BootlegSetup)
    turn_events = (TurnStarted, MatchEnded)
    key = "bootleg"
    title = "Bootleg"
    home = False
    rated = True  # ranked by its placings' places (`EngineGame.rating_places`)
    simultaneous = False
    levels: tuple[str, ...] = tuple(level for level in LEVELS if level != "random")
    default_rounds = bootleg.ROUNDS
    seating = SEATING

    table_hint = (
        "🔒 buttons open your own choices (only you see them) · `/chicago hand` shows your "
        "Barrels · `/chicago rules bootleg` explains it all"
    )

    def goal(self, rounds: int) -> str:
        return goal(rounds)

    def make_setup(self, seed: int, players: Sequence[PlayerSpec], rounds: int | None) -> Any:
        return SEATING.setup(seed, players, SEATING.options, rounds)

    def replay(self, setup: Any, log: Iterable[tuple[int, str]]) -> tuple[Any, list[Any]]:
        return bootleg.replay(setup, log)

    def check_setup(self, setup: Any) -> None:
        """By dealing it as a new match would, with only the levels Bootleg has."""
        for spec in setup.players:
            if spec.computer is not None and spec.computer not in LEVELS:
                raise ValueError(f"seats a computer of unknown level {spec.computer!r}")
        try:
            bootleg.new_match(setup.players, setup.seed, setup.options, setup.shuffle_seats)
        except ValueError as exc:
            raise ValueError(f"is not a match: {exc}") from None

    def state_from_json(self, text: str | bytes) -> Any:
        return bootleg.BootlegState.from_json(text)

    def asked(self, state: Any) -> list[Asked]:
        if state.result is not None:
            return []
        return [
            Asked(p.seat, p.kind.value, tuple(p.options), f"{p.kind.value}|{state.seq}")
            for p in state.pending
        ]

    def parse(self, text: str) -> str:
        return str(bootleg.Decision.parse(text))

    def apply(self, state: Any, seat: int, decision: str) -> list[Any]:
        return bootleg.apply(state, seat, decision)

    def timeout_default(self, state: Any, seat: int) -> str:
        return str(bootleg.timeout_default(state, seat))

    def choose(self, state: Any, seat: int, level: str) -> str:
        return str(choose(bootleg.player_view(state, seat), level))

    def placings(self, state: Any) -> list[Placing]:
        """§9.4: the ranking is strict, so every seat has a place of its own."""
        result = state.result
        if result is None:
            return []
        return [
            Placing(s.seat, place, s.seat == result.winner, s.szmal)
            for place, s in enumerate(result.ranking, start=1)
        ]

    def score(self, result: Any, seat: int) -> int:
        return int(next(s.szmal for s in result.ranking if s.seat == seat))

    def reason(self, state: Any) -> str:
        """Bootleg has one ending (BOOTLEG §9): the count after the last round."""
        return ENDING

    def ending(self, state: Any) -> str:
        return "" if state.result is None else ENDING

    def end_facts(self, state: Any) -> dict[str, Any]:
        result = state.result
        end: dict[str, Any] = {"decisions": state.seq, "round": state.round}
        if result is not None:
            end.update(
                winner=result.winner,
                winner_name=state.players[result.winner].name,
                szmal=[p.szmal for p in state.players],
                ranking=[s.seat for s in result.ranking],
            )
        return end

    def side_facts(self, state: Any, log: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
        return side_rows.side_facts(state)

    def ending_words(self, reason: str) -> str:
        return side_rows.ending_words(reason)

    def winner_words(self, name: str, facts: Mapping[str, Any]) -> str:
        return side_rows.winner_words(name, facts)

    def stat_fields(self, tallies: Sequence[SideTally]) -> GameStats:
        return side_rows.stat_fields(self.title, tallies)

    def narrate(self, state: Any, events: Sequence[Any]) -> list[Line]:
        """The channel's lines: told from the events as the public may know them."""
        city = [s.key for s in state.sites]
        return narrate_bootleg(self.names(state), city, bootleg.visible_events(events, None))


BOOTLEG = BootlegGame()
GAME = BOOTLEG  # the registry finds each game's package by this name
