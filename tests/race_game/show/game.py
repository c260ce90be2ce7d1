"""Race to Ten as a `Game` of the platform."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.games import Asked, Placing
from bot.games.protocol import CardText, GameStats
from bot.telling import Line
from engine.common import IllegalDecision, PlayerSpec, replay_log
from tests.race_game import rules
from tests.race_game.show.seating import SEATING

if TYPE_CHECKING:
    from bot.store import SideResult, SideTally


class RaceToTen:
    key = "race"
    title = "Race to Ten"
    home = False
    rated = False
    simultaneous = False
    levels: tuple[str, ...] = ("easy",)
    default_rounds = 10
    seating = SEATING

    presenter = None  # told through the session alone in these tests
    table_hint = "say a number"

    def goal(self, rounds: int) -> str:
        return "say ten first"

    def card_titles(self) -> list[str]:
        return []  # a race has no cards to look up

    def card(self, title: str) -> CardText | None:
        return None

    def make_setup(self, seed: int, players: Sequence[PlayerSpec], rounds: int | None) -> Any:
        return SEATING.setup(seed, players, {}, rounds)

    def dump_setup(self, setup: Any) -> str:
        return json.dumps([[p.name, p.computer] for p in setup])

    def load_setup(self, text: str) -> Any:
        return [PlayerSpec(name, level) for name, level in json.loads(text)]

    def replay(self, setup: Any, log: Iterable[tuple[int, str]]) -> tuple[Any, list[Any]]:
        return replay_log(rules.Count(list(setup)), rules.apply, log)

    def check_setup(self, setup: Any) -> None:
        if len(setup) != 2:
            raise ValueError("seats two players")

    def end_facts(self, state: Any) -> dict[str, Any]:
        return {"decisions": state.seq, "round": state.seq, "total": state.total}

    def state_json(self, state: Any) -> str:
        return json.dumps([state.total, state.turn, state.seq, state.said])

    def state_from_json(self, text: str | bytes) -> Any:
        raise NotImplementedError  # simultaneous is False and no snapshot is ever taken

    def seq(self, state: Any) -> int:
        return int(state.seq)

    def pending(self, state: Any) -> Any:
        return None  # its questions are read through `asked` alone

    def asked(self, state: Any) -> list[Asked]:
        if state.over:
            return []
        return [Asked(state.turn, "add", rules.MOVES, str(state.seq))]

    def parse(self, text: str) -> str:
        if text not in rules.MOVES:
            raise IllegalDecision(f"{text!r} is not a move")
        return text

    def apply(self, state: Any, seat: int, decision: str) -> list[Any]:
        return list(rules.apply(state, seat, decision))

    def timeout_default(self, state: Any, seat: int) -> str:
        return "add:1"

    def choose(self, state: Any, seat: int, level: str) -> str:
        return rules.best(state)

    def clone(self, state: Any) -> Any:
        return rules.Count(state.players, state.total, state.turn, state.seq, list(state.said))

    def names(self, state: Any) -> list[str]:
        return [p.name for p in state.players]

    def computer(self, state: Any, seat: int) -> str | None:
        level: str | None = state.players[seat].computer
        return level

    def finished(self, state: Any) -> bool:
        return bool(state.over)

    def result(self, state: Any) -> Any:
        return state.turn if state.over else None

    def placings(self, state: Any) -> list[Placing]:
        if not state.over:
            return []
        return [Placing(state.turn, 1, True, 1), Placing(1 - state.turn, 2, False, 0)]

    def rating_places(self, sides: Sequence[SideResult]) -> dict[int, int]:
        return {side.seat: side.place for side in sides}

    def ending(self, state: Any) -> str:
        return "ten was said" if state.over else ""

    def reason(self, state: Any) -> str:
        return "ten"

    def side_facts(self, state: Any, log: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
        return [{"said": state.said[seat::2]} for seat in range(len(state.players))]

    def ending_words(self, reason: str) -> str:
        return "ten was said"

    def winner_words(self, name: str, facts: Mapping[str, Any]) -> str:
        return name

    def stat_fields(self, tallies: Sequence[SideTally]) -> GameStats:
        """Nothing beyond the matches and wins every game's card shows."""
        return GameStats()

    def narrate(self, state: Any, events: Sequence[Any]) -> list[Line]:
        return [Line(e.seat, f"{state.players[e.seat].name} says {e.total}.") for e in events]

    def closes_turn(self, events: Sequence[Any]) -> int:
        return len(events)


GAME = RaceToTen()
