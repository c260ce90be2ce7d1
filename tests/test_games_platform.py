"""The platform reaches a game only through `bot.games.Game`: both games fill it in, and
a third game — a toy written here, never registered — runs through the same session
(verdicts, computer seats, timeouts, rebuilding from its log) without any edit to it."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.games import Asked, Game, Placing
from bot.games.presenters import PRESENTERS
from bot.registry import GAMES
from bot.session import COMPUTER, TIMER, MatchSession
from bot.telling import Line
from bot.verdicts import Verdict
from engine.chicago import IllegalDecision, PlayerSpec


@dataclass
class Count:
    """Race to 10: each seat in turn adds 1 or 2; whoever says 10 wins."""

    players: list[PlayerSpec]
    total: int = 0
    turn: int = 0
    seq: int = 0
    said: list[int] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.total >= 10


class RaceToTen:
    key = "race"
    title = "Race to Ten"
    simultaneous = False
    levels = ("easy",)
    default_rounds = 10

    presenter = None
    table_hint = "say a number"

    def goal(self, rounds: int) -> str:
        return "say ten first"

    def make_setup(self, seed: int, players: Sequence[PlayerSpec], rounds: int | None) -> Any:
        return list(players)

    def dump_setup(self, setup: Any) -> str:
        return json.dumps([[p.name, p.computer] for p in setup])

    def load_setup(self, text: str) -> Any:
        return [PlayerSpec(name, level) for name, level in json.loads(text)]

    def replay(self, setup: Any, log: Iterable[tuple[int, str]]) -> tuple[Any, list[Any]]:
        state = Count(list(setup))
        events = [e for seat, text in log for e in self.apply(state, seat, text)]
        return state, events

    def check_setup(self, setup: Any) -> None:
        if len(setup) != 2:
            raise ValueError("seats two players")

    def end_facts(self, state: Any) -> dict[str, Any]:
        return {"decisions": state.seq, "total": state.total}

    def state_json(self, state: Any) -> str:
        return json.dumps([state.total, state.turn, state.seq, state.said])

    def state_from_json(self, text: str | bytes) -> Any:
        raise NotImplementedError

    def seq(self, state: Any) -> int:
        return int(state.seq)

    def asked(self, state: Any) -> list[Asked]:
        if state.over:
            return []
        return [Asked(state.turn, "add", ("add:1", "add:2"), str(state.seq))]

    def parse(self, text: str) -> str:
        if text not in ("add:1", "add:2"):
            raise IllegalDecision(f"{text!r} is not a move")
        return text

    def apply(self, state: Any, seat: int, decision: str) -> list[Any]:
        if state.over or seat != state.turn:
            raise IllegalDecision("not your turn")
        state.total += int(self.parse(decision)[-1])
        state.said.append(state.total)
        state.seq += 1
        if not state.over:
            state.turn = 1 - state.turn
        return [("said", seat, state.total)]

    def timeout_default(self, state: Any, seat: int) -> str:
        return "add:1"

    def choose(self, state: Any, seat: int, level: str) -> str:
        return "add:2" if (10 - state.total) % 3 == 2 else "add:1"

    def clone(self, state: Any) -> Any:
        return Count(state.players, state.total, state.turn, state.seq, list(state.said))

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

    def ending(self, state: Any) -> str:
        return "ten was said" if state.over else ""

    def narrate(self, state: Any, events: Sequence[Any]) -> list[Line]:
        return [Line(seat, f"{state.players[seat].name} says {n}.") for _, seat, n in events]

    def closes_turn(self, events: Sequence[Any]) -> int:
        return len(events)


RACE: Game = RaceToTen()


def test_both_games_fill_in_the_interface_and_each_non_chicago_game_has_a_presenter() -> None:
    for key, game in GAMES.items():
        assert game.key == key
        for name in ("replay", "asked", "apply", "placings", "narrate", "make_setup"):
            assert callable(getattr(game, name)), (key, name)
        assert key == "chicago" or key in PRESENTERS


def test_a_third_game_runs_through_the_session_unchanged() -> None:
    setup = RACE.make_setup(1, [PlayerSpec("ann"), PlayerSpec("bot", "easy")], None)
    session, first = MatchSession.new(setup, game=RACE)
    assert first.lines == [] and session.asked_at(0) == 0
    step = session.decide(0, "add:2", 0, "ann")
    assert step.ok
    # The computer answered at once, by its own choice, and was narrated.
    assert [a.actor for a in step.applied] == ["ann", COMPUTER]
    assert [line.text for line in step.lines] == ["ann says 2.", "bot says 4."]
    assert session.check(0, "add:2", 0, "ann") is not None
    assert session.decide(0, "add:2", 0, "ann").verdict is Verdict.DUPLICATE
    assert session.decide(1, "add:1", 2, "x").verdict is Verdict.WRONG_SEAT
    assert session.decide(0, "add:7", 2, "ann").verdict is Verdict.ILLEGAL
    timed = session.expire(2)
    assert timed.ok and timed.applied[0].actor == TIMER
    while not session.over:
        asked = session.asked()
        session.decide(asked[0].seat, "add:1", session.seq, "ann")
    assert session.game.placings(session.state)[0].won
    rebuilt = MatchSession.replayed(RACE, setup, session.log, controllers=None)
    assert RACE.state_json(rebuilt.state) == RACE.state_json(session.state)


def test_an_unknown_game_is_refused_by_name() -> None:
    from bot.registry import game_named

    with pytest.raises(ValueError, match="unknown game 'chess'"):
        game_named("chess")
    assert game_named(None).key == "chicago"
