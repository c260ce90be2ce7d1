"""Deals (TURF §7): any player still in may offer another a deal at any time; the
receiver accepts or rejects, and an accepted deal is carried out at once if both sides
still hold what it names. Cards are named by rank; buildings are never traded.

A deal waits while a confrontation is open [R]: committed thugs must stay where they
were committed until the reveal, so offers and acceptances wait for it.
"""

from __future__ import annotations

from collections import Counter

from engine.common.errors import IllegalDecision
from engine.turf.cards import rank
from engine.turf.decisions import DealFacts, DealSide, Decision, DecisionKind, Option, Pending
from engine.turf.events import DealAnswered, DealOffered, Event, ThugLost
from engine.turf.pieces import discard_cards, gain_thugs
from engine.turf.state import Offer, Phase, TurfState

MAX_CARDS_NAMED = 6
WAIT = "wait until the confrontation is revealed"


def deal_blocked(state: TurfState, seat: int) -> str | None:
    """Why `seat` cannot offer a deal now, or None when it can."""
    if state.result is not None:
        return "the match is over"
    if state.players[seat].out:
        return "you are out"
    if state.phase is Phase.CONFRONTATION:
        return WAIT
    if any(o.proposer == seat for o in state.offers):
        return "your last offer still waits for its answer"
    return None


def holds(state: TurfState, seat: int, side: DealSide) -> bool:
    """Does `seat` hold the cards and idle thugs its side of a deal names?"""
    have = Counter(rank(c) for c in state.players[seat].hand)
    named = Counter(side.give + side.discard)
    enough_cards = all(have[r] >= n for r, n in named.items())
    return enough_cards and side.thugs + side.drop_thugs <= state.players[seat].idle


def check_offer(state: TurfState, seat: int, d: Decision) -> None:
    blocked = deal_blocked(state, seat)
    if blocked:
        raise IllegalDecision(f"no deal now: {blocked}")
    assert d.mine is not None and d.theirs is not None
    if not 0 <= d.seat < len(state.players) or d.seat == seat or state.players[d.seat].out:
        raise IllegalDecision("offer a deal to another player still in the match")
    if d.mine.empty and d.theirs.empty:
        raise IllegalDecision("a deal must move something")
    for side in (d.mine, d.theirs):
        if len(side.give) + len(side.discard) > MAX_CARDS_NAMED:
            raise IllegalDecision(f"a side names at most {MAX_CARDS_NAMED} cards")
    if not holds(state, seat, d.mine):
        raise IllegalDecision("you do not hold what your side of the deal names")


def offer(state: TurfState, ev: list[Event], seat: int, d: Decision) -> None:
    assert d.mine is not None and d.theirs is not None
    state.offers.append(Offer(seat, d.seat, d.mine, d.theirs))
    ev.append(DealOffered(seat, d.seat))


def answer_pendings(state: TurfState) -> list[Pending]:
    asked = []
    for o in state.offers:
        accept = Option(f"accept:{o.proposer}", "Accept the deal")
        if state.phase is Phase.CONFRONTATION:
            accept.available, accept.reason = False, WAIT
        options = [accept, Option(f"reject:{o.proposer}", "Reject the deal")]
        facts = DealFacts(o.proposer, o.mine, o.theirs)
        asked.append(Pending(DecisionKind.DEAL_ANSWER, o.receiver, options, facts))
    return asked


def answer(state: TurfState, ev: list[Event], seat: int, d: Decision) -> None:
    o = next(o for o in state.offers if o.proposer == d.seat and o.receiver == seat)
    state.offers.remove(o)
    if d.kind == "reject":
        ev.append(DealAnswered(o.proposer, seat, "rejected"))
    elif not (holds(state, o.proposer, o.mine) and holds(state, seat, o.theirs)):
        ev.append(DealAnswered(o.proposer, seat, "failed"))
    else:
        _carry_out(state, ev, o)


def _carry_out(state: TurfState, ev: list[Event], o: Offer) -> None:
    to_receiver = _give(state, ev, o.proposer, o.receiver, o.mine)
    to_proposer = _give(state, ev, o.receiver, o.proposer, o.theirs)
    ev.append(
        DealAnswered(
            o.proposer, o.receiver, "accepted", len(o.mine.give), len(o.theirs.give),
            to_receiver, to_proposer,
        )
    )  # fmt: skip


def _give(state: TurfState, ev: list[Event], giver: int, taker: int, side: DealSide) -> int:
    """One side's part; returns the thugs the taker gained (TURF §7 [R given thugs])."""
    hand = state.players[giver].hand
    for r in side.give:
        card = _lowest_of_rank(hand, r)
        hand.remove(card)
        state.players[taker].hand.append(card)
    dropped: list[int] = []
    for r in side.discard:
        dropped.append(_lowest_of_rank([c for c in hand if c not in dropped], r))
    if dropped:
        discard_cards(state, ev, giver, tuple(dropped), "deal")
    player = state.players[giver]
    for _ in range(side.drop_thugs + side.thugs):
        player.idle -= 1
        player.supply += 1
    for _ in range(side.drop_thugs):
        ev.append(ThugLost(giver, "idle", -1))
    return gain_thugs(state, ev, taker, side.thugs, "deal")


def _lowest_of_rank(cards: list[int], wanted: int) -> int:
    """The card that stands for its rank: suits never matter (TURF §1.2 [R suits])."""
    return min(c for c in cards if rank(c) == wanted)
