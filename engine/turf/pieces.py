"""Moving thugs and cards between their places, each move told as an event.

Every gain and loss of a thug goes through here, so the supply bookkeeping of TURF §1.3
(a gain never exceeds what is left, a discard returns to the owner's supply) lives in
one place, and so does the draw pile's reshuffle (TURF §1.2 [R reshuffle]).
"""

from __future__ import annotations

from engine.common.rng import shuffle
from engine.turf.events import (
    CardDrawn,
    CardsDiscarded,
    ControlChanged,
    DiscardReshuffled,
    Event,
    ThugLost,
    ThugsGained,
)
from engine.turf.state import NOBODY, Building, TurfState


def gain_thugs(state: TurfState, ev: list[Event], seat: int, count: int, cause: str) -> int:
    """Up to `count` idle thugs from the supply; returns how many came."""
    player = state.players[seat]
    got = min(count, player.supply)
    if got > 0:
        player.supply -= got
        player.idle += got
        state.active_round = True
        ev.append(ThugsGained(seat, got, cause))
    return got


def draw_card(state: TurfState, ev: list[Event], seat: int) -> None:
    """One card to the hand; an empty draw pile is first refilled from the discards."""
    if not state.draw and state.discard:
        state.draw, state.discard = state.discard, []
        shuffle(state.rng, state.draw)
        ev.append(DiscardReshuffled(len(state.draw)))
    if not state.draw:
        ev.append(CardDrawn(seat, 0))
        return
    state.players[seat].hand.append(state.draw.pop())
    state.active_round = True
    ev.append(CardDrawn(seat, 1))


def discard_cards(
    state: TurfState, ev: list[Event], seat: int, cards: tuple[int, ...], cause: str
) -> None:
    hand = state.players[seat].hand
    for card in cards:
        hand.remove(card)
    state.discard.extend(cards)
    ev.append(CardsDiscarded(seat, cards, cause))


def set_guard(state: TurfState, ev: list[Event], building: Building, seat: int) -> None:
    """Put `seat`'s thug on guard (NOBODY empties it); tells a change of control."""
    before = building.guard
    building.guard = seat
    if before != seat:
        ev.append(ControlChanged(building.square, before, seat))


def lose_thug(state: TurfState, ev: list[Event], seat: int, where: str, square: int = -1) -> None:
    """Discard one thug from `where` (idle, job, cop or the guard on `square`)."""
    player = state.players[seat]
    if where == "guard":
        building = state.building(square)
        assert building is not None and building.guard == seat
        set_guard(state, ev, building, NOBODY)
    elif where == "idle":
        player.idle -= 1
    elif where == "job":
        player.job -= 1
    else:
        player.cops -= 1
    player.supply += 1
    ev.append(ThugLost(seat, where, square))
