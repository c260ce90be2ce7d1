"""What players may see of a match: the state less its secrets.

The dice generator's seed and position and the order of both decks would let anyone
predict the match, so they never leave the engine while it runs (like boardgame.io's
playerView). The board picture and the look-ups read this view.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import TypeAdapter

from engine.chicago.characters import Character
from engine.chicago.decisions import Pending
from engine.chicago.state import MatchOptions, MatchState, Raid, Result, TradeOffer


@dataclass(frozen=True, slots=True)
class SideView:
    seat: int
    name: str
    character: Character
    is_police: bool
    cash: int
    people: int
    position: int
    marks: int
    powered: bool
    detained: bool
    eliminated: bool
    contacts: int
    credit: int
    computer: str | None
    truce_through: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Public facts only: decks as counts, discards face up, no generator."""

    options: MatchOptions
    round: int
    turn_seat: int
    decisions: int
    sides: list[SideView]
    control: list[int]
    bank: int
    street_deck_left: int
    police_deck_left: int
    street_discard: list[int]
    police_discard: list[int]
    contacts_supply_left: int
    raid: Raid | None
    offer: TradeOffer | None
    pending: Pending | None
    result: Result | None

    def to_json(self) -> bytes:
        return _ADAPTER.dump_json(self)


def player_view(state: MatchState, seat: int | None = None) -> PlayerView:
    """What `seat` may see of the match (None: a spectator). In this game every player
    sees the same: cash, people, marks and holdings are public, and what is secret (the
    dice generator, the order of both decks) is secret from everyone alike. The board
    picture and the private look-ups read this view, never the state itself."""
    del seat  # nothing in this game is one player's alone
    sides = [
        SideView(
            s.seat, s.name, s.character, s.is_police, s.cash, s.people, s.position, s.marks,
            s.powered, s.detained, s.eliminated, len(s.contacts), s.credit, s.computer,
            s.truce_through,
        )
        for s in state.sides
    ]  # fmt: skip
    return PlayerView(
        options=state.setup.options,
        round=state.round,
        turn_seat=state.turn.seat,
        decisions=state.seq,
        sides=sides,
        control=list(state.control),
        bank=state.bank,
        street_deck_left=len(state.street_deck),
        police_deck_left=len(state.police_deck),
        street_discard=list(state.street_discard),
        police_discard=list(state.police_discard),
        contacts_supply_left=len(state.contacts_supply),
        raid=state.raid,
        offer=state.offer,
        pending=state.pending,
        result=state.result,
    )


_ADAPTER: TypeAdapter[PlayerView] = TypeAdapter(PlayerView)
