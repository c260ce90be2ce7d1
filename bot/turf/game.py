"""Turf as a `Game`: the engine in `turf/`, told by `bot.turf.narration`.

Computer seats choose from their own seat's view (`turf.player_view`), so what a
computer knows is what a person in its chair would know.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import TypeAdapter

import engine.turf as turf
from bot.games.engine_game import EngineGame
from bot.games.protocol import Asked, GameStats
from bot.telling import Line
from bot.turf import side_rows
from bot.turf.narration import ENDING_NAMES, narrate_turf
from bot.turf.seating import SEATING, goal
from engine.common.seats import PlayerSpec
from engine.turf import MAX_ROUND_LIMIT
from engine.turf.computer import LEVELS, choose
from engine.turf.events import MatchEnded, TurnStarted

if TYPE_CHECKING:
    from bot.store.interface import SideTally


class TurfGame(EngineGame):
    """The chessboard gang game: buildings, hidden hands and secret commitments."""

    setup_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(turf.TurfSetup)
    turn_events = (TurnStarted, MatchEnded)
    key = "turf"
    title = "Turf"
    home = False
    rated = True  # ranked by its placings' places (`EngineGame.rating_places`)
    simultaneous = True
    levels: tuple[str, ...] = tuple(level for level in LEVELS if level != "random")
    seating = SEATING

    default_rounds = turf.DEFAULT_ROUND_LIMIT

    table_hint = (
        "🔒 buttons open your private choices · `/chicago hand` shows your cards · "
        "`/chicago deal` offers a deal · `/chicago rules turf` explains it all"
    )

    def goal(self, rounds: int) -> str:
        return goal(rounds)

    def make_setup(self, seed: int, players: Sequence[PlayerSpec], rounds: int | None) -> Any:
        return SEATING.setup(seed, players, {}, rounds)

    def replay(self, setup: Any, log: Iterable[tuple[int, str]]) -> tuple[Any, list[Any]]:
        return turf.replay(setup, log)

    def check_setup(self, setup: Any) -> None:
        """By dealing it as a new match would (players, round limit), and with only the
        computer levels Turf has."""
        limit = setup.options.round_limit
        if not 1 <= limit <= MAX_ROUND_LIMIT:
            raise ValueError(f"has a round limit of {limit}")
        for spec in setup.players:
            if spec.computer is not None and spec.computer not in LEVELS:
                raise ValueError(f"seats a computer of unknown level {spec.computer!r}")
        try:
            turf.new_match(setup.players, setup.seed, setup.options, setup.shuffle_seats)
        except ValueError as exc:
            raise ValueError(f"is not a match: {exc}") from None

    def state_from_json(self, text: str | bytes) -> Any:
        return turf.TurfState.from_json(text)

    def asked(self, state: Any) -> list[Asked]:
        if state.result is not None:
            return []
        return [
            Asked(
                p.seat,
                p.kind.value,
                tuple(p.available()),
                f"{p.kind.value}|{p.facts!r}|{p.available()}",
            )
            for p in state.pending
        ]

    def parse(self, text: str) -> str:
        return str(turf.Decision.parse(text))

    def apply(self, state: Any, seat: int, decision: str) -> list[Any]:
        return turf.apply(state, seat, decision)

    def timeout_default(self, state: Any, seat: int) -> str:
        return str(turf.timeout_default(state, seat))

    def choose(self, state: Any, seat: int, level: str) -> str:
        return str(choose(turf.player_view(state, seat), level))

    def score(self, result: Any, seat: int) -> int:
        return int(result.buildings[seat])

    def ending(self, state: Any) -> str:
        result = state.result
        return "" if result is None else ENDING_NAMES[result.reason]

    def end_facts(self, state: Any) -> dict[str, Any]:
        result = state.result
        end: dict[str, Any] = {"decisions": state.seq, "round": state.round}
        if result is not None:
            winner = result.winner
            end.update(
                winner=winner,
                winner_name=state.players[winner].name if winner >= 0 else None,
                reason=str(result.reason),
                buildings=list(result.buildings),
                ranking=list(result.ranking),
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
        return narrate_turf(self.names(state), events)


TURF = TurfGame()
GAME = TURF  # the registry finds each game's package by this name
