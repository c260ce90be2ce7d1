"""Chicago 1927 as a `Game`: the engine in `engine/`, told by `bot.chicago.narration`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import TypeAdapter

from bot.chicago import side_rows
from bot.chicago.history import tell
from bot.chicago.narration import narrate
from bot.chicago.seating import SEATING
from bot.games.engine_game import EngineGame
from bot.games.presenter import Presenter
from bot.games.protocol import Asked, GameStats
from bot.telling import Line
from engine.chicago import (
    Decision,
    MatchState,
    PlayerSpec,
    Setup,
    apply,
    new_match,
    replay,
    timeout_default,
)
from engine.chicago.computer import PLAYER_LEVELS, choose, clone
from engine.chicago.events import MatchEnded, TurnStarted
from engine.chicago.limits import DEFAULT_ROUND_LIMIT, MARKS_CHOICES, MAX_ROUND_LIMIT

if TYPE_CHECKING:
    from bot.store.interface import SideResult, SideTally

ENDINGS = {
    "marks": "by Empire Marks",
    "last_standing": "with one side left standing",
    "start_raid": "by a raid on Start",
    "bank_shortage": "when the bank ran short",
    "round_limit": "at the round limit",
}


class ChicagoGame(EngineGame):
    """The board game of bosses and the police on a 36-space city."""

    setup_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Setup)
    turn_events = (TurnStarted, MatchEnded)
    key = side_rows.KEY
    card_kinds = ("card", "character")
    title = "Chicago 1927"
    home = True
    rated = True
    simultaneous = False
    levels: tuple[str, ...] = tuple(PLAYER_LEVELS)
    seating = SEATING

    default_rounds = DEFAULT_ROUND_LIMIT

    presenter: Presenter | None = None  # Chicago 1927 has a Discord layer of its own
    table_hint = "`/chicago hand` shows your side · `/chicago rules` explains it all"

    def goal(self, rounds: int) -> str:
        return f"the most Empire Marks, or the count after {rounds} rounds"

    def make_setup(self, seed: int, players: Sequence[PlayerSpec], rounds: int | None) -> Any:
        """Bosses, then the police last (the lobby seats the police last too)."""
        return SEATING.setup(seed, players, {}, rounds)

    def replay(self, setup: Any, log: Iterable[tuple[int, str]]) -> tuple[Any, list[Any]]:
        state, events = replay(setup, log)
        return state, list(events)

    def check_setup(self, setup: Any) -> None:
        """By dealing it as a new match would (bosses, names, characters, options)."""
        options = setup.options
        if options.marks_to_win not in MARKS_CHOICES:
            raise ValueError(f"asks {options.marks_to_win} marks to win")
        if options.round_limit is not None and not 1 <= options.round_limit <= MAX_ROUND_LIMIT:
            raise ValueError(f"has a round limit of {options.round_limit}")
        try:
            new_match(
                len(setup.players), setup.seed, options, setup.players, setup.police,
                setup.characters, setup.shuffle_seats,
            )  # fmt: skip
        except ValueError as exc:
            raise ValueError(f"is not a match: {exc}") from None

    def state_from_json(self, text: str | bytes) -> Any:
        return MatchState.from_json(text)

    def pending(self, state: Any) -> Any:
        """The engine's `Pending`: Chicago 1927's Discord layer reads its options' facts."""
        return state.pending

    def asked(self, state: Any) -> list[Asked]:
        pending = state.pending
        if state.result is not None or pending is None:
            return []
        choices = tuple(o.decision for o in pending.options if o.available)
        # One decision at a time: every decision asks a new question.
        return [Asked(pending.seat, pending.kind.value, choices, f"{state.seq}")]

    def parse(self, text: str) -> str:
        return str(Decision.parse(text))

    def apply(self, state: Any, seat: int, decision: str) -> list[Any]:
        return list(apply(state, seat, decision))

    def timeout_default(self, state: Any, seat: int) -> str:
        return str(timeout_default(state))

    def choose(self, state: Any, seat: int, level: str) -> str:
        return str(choose(state, seat, level))

    def clone(self, state: Any) -> Any:
        return clone(state)

    def names(self, state: Any) -> list[str]:
        return [side.name for side in state.sides]

    def computer(self, state: Any, seat: int) -> str | None:
        level: str | None = state.sides[seat].computer
        return level

    def rating_places(self, sides: Sequence[SideResult]) -> dict[int, int]:
        """The winner, then by final count with equal counts tied, then every side out
        of the match tied last: the ranking its ratings had from the start (its stored
        places break ties by seat, which would move every rating kept so far)."""
        from bot.ratings import standings

        return standings(sides)

    def score(self, result: Any, seat: int) -> int:
        return int(result.scores[seat] or 0)

    def ending(self, state: Any) -> str:
        result = state.result
        return "" if result is None else ENDINGS.get(result.reason.value, result.reason.value)

    def end_facts(self, state: Any) -> dict[str, Any]:
        result = state.result
        end: dict[str, Any] = {"decisions": state.seq, "round": state.round}
        if result is not None:
            end.update(
                winner=result.winner,
                winner_name=state.sides[result.winner].name,
                reason=str(result.reason),
                scores=list(result.scores),
            )
        return end

    def side_facts(self, state: Any, log: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
        """Raids are counted by replaying the log (the state keeps no tally of them)."""
        _, story = tell(state.setup, log)
        return side_rows.side_facts(state, story)

    def ending_words(self, reason: str) -> str:
        return side_rows.ending_words(reason)

    def winner_words(self, name: str, facts: Mapping[str, Any]) -> str:
        return side_rows.winner_words(name, facts)

    def stat_fields(self, tallies: Sequence[SideTally]) -> GameStats:
        return side_rows.stat_fields(tallies)

    def narrate(self, state: Any, events: Sequence[Any]) -> list[Line]:
        return narrate(state, events)


CHICAGO = ChicagoGame()
GAME = CHICAGO  # the registry finds each game's package by this name
