"""Imagined matches: what one seat may believe the match is, with its secrets resampled.

A player who looks ahead must not look at what it cannot see: the order of both decks,
the dice generator's seed and position, and which contact cards the rivals hold. A
world here is a copy of the match where all of that is drawn afresh from a generator the
caller owns, so two matches that differ only in their secrets give the same worlds.
"""

from __future__ import annotations

import random
from dataclasses import replace

from engine.chicago.state import MatchState, Side
from engine.common.rng import Rng


def clone(state: MatchState) -> MatchState:
    """A copy that `apply` may change without touching `state` (much faster than a deep
    copy). The setup and the pending decision are shared: play replaces, never edits them."""
    return replace(
        state,
        sides=[_clone_side(s) for s in state.sides],
        control=list(state.control),
        street_deck=list(state.street_deck),
        street_discard=list(state.street_discard),
        police_deck=list(state.police_deck),
        police_discard=list(state.police_discard),
        contacts_supply=list(state.contacts_supply),
        rng=Rng(state.rng.seed, state.rng.counter, list(state.rng.script)),
        turn=replace(state.turn),
        raid=replace(state.raid) if state.raid is not None else None,
        offer=replace(state.offer, give=list(state.offer.give), take=list(state.offer.take))
        if state.offer is not None
        else None,
        agenda=[replace(step) for step in state.agenda],
    )


def _clone_side(side: Side) -> Side:
    return replace(side, contacts=list(side.contacts))


def sample_world(state: MatchState, seat: int, rng: random.Random) -> MatchState:
    """The match as `seat` may imagine it: the draw piles in an order drawn from `rng`
    (from their sorted contents, so the true order cannot show through), rivals' contact
    cards renamed in order (all contacts are the same card), and dice from a new seed."""
    world = clone(state)
    for pile in (world.street_deck, world.police_deck, world.contacts_supply):
        pile.sort()
        rng.shuffle(pile)
    unseen_contacts = sorted(c for s in world.sides if s.seat != seat for c in s.contacts)
    for side in world.sides:
        if side.seat != seat:
            side.contacts = [unseen_contacts.pop(0) for _ in side.contacts]
    world.rng = Rng(rng.getrandbits(64))
    return world
