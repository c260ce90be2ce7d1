"""Empire as a `Game`: the rules in `engine.empire`, told by `bot.empire.narration`.

The platform keeps a `Played` (the rules' state and the table's count of logged
decisions): standing orders are logged but are no step of the game (see `played`).
Whatever the channel is told passes through `visible_to(events, None)` first, so money,
hands, bids and placements never reach it (EMPIRE §13). Several seats are asked at once
(sealed bids, placement, offers' answers), so the game is `simultaneous`: each seat's
question keeps the number it was first asked at while it stays the same question.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import TypeAdapter

import engine.empire as empire
from bot.empire import side_rows
from bot.empire.narration import narrate_empire
from bot.empire.played import Played
from bot.empire.seating import SEATING, goal
from bot.games.engine_game import EngineGame
from bot.games.protocol import Asked, CardText, GameStats, Placing
from bot.telling import Line
from engine.common.seats import PlayerSpec
from engine.empire.computer import LEVELS, choose
from engine.empire.events import MatchEnded, TurnStarted
from engine.empire.state import MAX_CAP, MIN_CAP

if TYPE_CHECKING:
    from bot.store.interface import SideTally

ENDINGS = {"power": "10 Power Points", "cap": "the cap"}


def signature(pending: empire.Pending) -> str:
    """The same while the same question stays open: its kind, options and facts (not the
    decision count, which every seat's decision moves)."""
    facts = ",".join(f"{k}={v}" for k, v in sorted(pending.facts.items()))
    return f"{pending.kind.value}|{' '.join(pending.offered())}|{facts}"


class EmpireGame(EngineGame):
    """Cars, Mobsters, Businesses and shoot-outs, to 10 Power Points."""

    setup_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(empire.EmpireSetup)
    turn_events = (TurnStarted, MatchEnded)
    key = "empire"
    title = "Empire"
    home = False
    rated = True  # ranked by its placings' places (`EngineGame.rating_places`)
    simultaneous = True
    levels: tuple[str, ...] = tuple(level for level in LEVELS if level != "random")
    default_rounds = empire.DEFAULT_CAP
    seating = SEATING

    table_hint = (
        "🔒 buttons open your own choices · `/chicago hand` shows your folder and standing "
        "orders · `/chicago offer` trades · `/chicago rules empire` explains it all"
    )

    def goal(self, rounds: int) -> str:
        return goal(rounds)

    def card_titles(self) -> list[str]:
        """Every Mobster, Event, Job, Business piece and site (EMPIRE §2-§3)."""
        from bot.empire.cards_text import card_names

        return card_names()

    def card(self, title: str) -> CardText | None:
        """Found by name, id or code, forgiving case and punctuation ("t4", "m01")."""
        from bot.empire.cards_text import card_lines, card_names

        lines = card_lines(title)
        if lines is None:
            return None
        shown = next((n for n in card_names() if card_lines(n) == lines), title)
        return CardText(shown, "\n".join(lines), self.title)

    def make_setup(self, seed: int, players: Sequence[PlayerSpec], rounds: int | None) -> Any:
        return SEATING.setup(seed, players, SEATING.options, rounds)

    def replay(self, setup: Any, log: Iterable[tuple[int, str]]) -> tuple[Any, list[Any]]:
        entries = list(log)
        state, events = empire.replay(setup, entries)
        return Played(state, len(entries)), events

    def check_setup(self, setup: Any) -> None:
        for spec in setup.players:
            if spec.computer is not None and spec.computer not in LEVELS:
                raise ValueError(f"seats a computer of unknown level {spec.computer!r}")
        if not MIN_CAP <= setup.options.sequences <= MAX_CAP:
            raise ValueError(f"has a cap outside {MIN_CAP}-{MAX_CAP} Game Sequences")
        try:
            empire.new_match(setup.players, setup.seed, setup.options, setup.shuffle_seats)
        except ValueError as exc:
            raise ValueError(f"is not a match: {exc}") from None

    def state_json(self, state: Any) -> str:
        return str(state.match.to_json().decode())

    def state_from_json(self, text: str | bytes) -> Any:
        match = empire.EmpireState.from_json(text)
        return Played(match, match.seq)

    def seq(self, state: Any) -> int:
        return int(state.logged)

    def finished(self, state: Any) -> bool:
        return state.match.result is not None

    def result(self, state: Any) -> Any:
        return state.match.result

    def clone(self, state: Any) -> Any:
        return Played(empire.EmpireState.from_json(state.match.to_json()), state.logged)

    def names(self, state: Any) -> list[str]:
        return [p.name for p in state.match.players]

    def computer(self, state: Any, seat: int) -> str | None:
        level: str | None = state.match.players[seat].computer
        return level

    def asked(self, state: Any) -> list[Asked]:
        match = state.match
        if match.result is not None:
            return []
        return [
            Asked(p.seat, p.kind.value, tuple(p.offered()), signature(p)) for p in match.pending
        ]

    def parse(self, text: str) -> str:
        return str(empire.Decision.parse(text))

    def apply(self, state: Any, seat: int, decision: str) -> list[Any]:
        events = empire.apply(state.match, seat, decision)
        state.logged += 1
        return events

    def timeout_default(self, state: Any, seat: int) -> str:
        return str(empire.timeout_default(state.match, seat))

    def choose(self, state: Any, seat: int, level: str) -> str:
        return str(choose(empire.player_view(state.match, seat), level))

    def placings(self, state: Any) -> list[Placing]:
        """§11, §12: the ranking is strict (ties broken by money, Turf and seat)."""
        result = state.match.result
        if result is None:
            return []
        return [
            Placing(seat, place, seat == result.winner, result.power[seat])
            for place, seat in enumerate(result.ranking, start=1)
        ]

    def score(self, result: Any, seat: int) -> int:
        return int(result.power[seat])

    def reason(self, state: Any) -> str:
        return str(state.match.result.reason.value)

    def ending(self, state: Any) -> str:
        result = state.match.result
        return "" if result is None else f"by {ENDINGS[result.reason.value]}"

    def end_facts(self, state: Any) -> dict[str, Any]:
        match = state.match
        end: dict[str, Any] = {
            "decisions": state.logged, "sequence": match.sequence, "round": match.round,
        }  # fmt: skip
        result = match.result
        if result is not None:
            end.update(
                winner=result.winner,
                winner_name=match.players[result.winner].name,
                reason=result.reason.value,
                power=list(result.power),
                ranking=list(result.ranking),
            )
        return end

    def side_facts(self, state: Any, log: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
        return side_rows.side_facts(state.match, log)

    def ending_words(self, reason: str) -> str:
        return side_rows.ending_words(reason)

    def winner_words(self, name: str, facts: Mapping[str, Any]) -> str:
        return side_rows.winner_words(name, facts)

    def stat_fields(self, tallies: Sequence[SideTally]) -> GameStats:
        return side_rows.stat_fields(self.title, tallies)

    def narrate(self, state: Any, events: Sequence[Any]) -> list[Line]:
        """The channel's lines: the events as the public may know them."""
        return narrate_empire(self.names(state), empire.visible_to(events, None))


EMPIRE = EmpireGame()
GAME = EMPIRE  # the registry finds each game's package by this name
