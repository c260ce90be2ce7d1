"""TURF §7: deals between players."""

from __future__ import annotations

import pytest

from engine.turf import IllegalDecision, apply, player_view
from engine.turf.events import DealAnswered, DealOffered
from engine.turf.testing import hand, scene, thugs


def test_a_deal_may_be_offered_during_anyone_s_turn_and_waits_for_its_answer() -> None:
    """TURF §7 [R any time]: seat 1 offers while seat 0 plays; the turn goes on."""
    state = scene(players=3)
    hand(state, 1, "3c", "9d")
    assert apply(state, 1, "deal:2:3/1/-/0:5/0/-/0") == [DealOffered(1, 2)]
    assert [(p.kind.value, p.seat) for p in state.pending] == [("legwork", 0), ("deal_answer", 2)]
    apply(state, 0, "word")
    assert state.pending[-1].seat == 2


def test_an_accepted_deal_is_carried_out_at_once() -> None:
    """TURF §7: cards named by rank change hands; given thugs are discarded by the giver
    and gained by the receiver from their own supply [R given thugs]; promised discards
    happen."""
    state = scene(players=2)
    hand(state, 0, "3c", "9d")
    hand(state, 1, "5s", "5h", "7c")
    thugs(state, 1, idle=3)
    apply(state, 0, "deal:1:3/2/-/0:5/0/7/1")
    events = apply(state, 1, "accept:0")
    answered = next(e for e in events if isinstance(e, DealAnswered))
    assert answered.outcome == "accepted" and answered.thugs_to_receiver == 2
    p0, p1 = state.players
    assert {c // 4 + 1 for c in p0.hand} == {9, 5} and {c // 4 + 1 for c in p1.hand} == {3, 5}
    assert (p0.idle, p0.supply) == (2, 38) and (p1.idle, p1.supply) == (4, 36)
    assert [c // 4 + 1 for c in state.discard] == [7]


def test_a_deal_fails_when_a_side_no_longer_holds_what_it_names() -> None:
    """TURF §7: carried out only if both sides still hold what it names."""
    state = scene(players=2)
    hand(state, 1, "4c")
    apply(state, 1, "deal:0:-/0/-/1:-/2/-/0")
    thugs(state, 1, idle=0, job=4)
    events = apply(state, 0, "accept:1")
    assert DealAnswered(1, 0, "failed") in events and state.players[0].idle == 4


def test_a_rejected_deal_changes_nothing_and_the_offer_is_secret() -> None:
    """TURF §7, §10: only the two sides see the terms; a rejection moves nothing."""
    state = scene(players=3)
    hand(state, 0, "2c")
    apply(state, 0, "deal:1:2/0/-/0:-/1/-/0")
    assert player_view(state, 2).offers[0].mine is None
    assert player_view(state, 1).offers[0].mine is not None
    assert apply(state, 1, "reject:0") == [DealAnswered(0, 1, "rejected")]
    assert not state.offers and len(state.players[0].hand) == 1


def test_buildings_cannot_be_traded_and_offers_must_be_held() -> None:
    """TURF §7 [R no buildings]: a deal names cards and idle thugs only; the proposer
    must hold their side, and offers one deal at a time."""
    state = scene(buildings={"35": 0})
    with pytest.raises(IllegalDecision):
        apply(state, 0, "deal:1:35/0/-/0:-/1/-/0")  # no rank 35: buildings are not cards
    for bad in ("deal:1:-/5/-/0:-/0/-/0", "deal:0:-/1/-/0:-/0/-/0", "deal:1:-/0/-/0:-/0/-/0"):
        with pytest.raises(IllegalDecision):
            apply(state, 0, bad)
    apply(state, 0, "deal:1:-/1/-/0:-/0/-/0")
    with pytest.raises(IllegalDecision):
        apply(state, 0, "deal:1:-/1/-/0:-/0/-/0")


def test_deals_wait_while_a_confrontation_is_open() -> None:
    """TURF §7 and §4.3: committed thugs stay put until the reveal."""
    state = scene(buildings={"35": 1})
    hand(state, 0, "3c", "5h")
    thugs(state, 1, idle=2)
    apply(state, 1, "deal:0:-/1/-/0:-/0/-/0")
    apply(state, 0, "infiltrate:35:3c.5h")
    answer = next(p for p in state.pending if p.kind.value == "deal_answer")
    assert answer.option("accept:1") is not None and not answer.option("accept:1").available  # type: ignore[union-attr]
    with pytest.raises(IllegalDecision):
        apply(state, 0, "deal:1:-/1/-/0:-/0/-/0")


def test_a_deal_that_empties_a_victim_settles_what_they_owe() -> None:
    """TURF §7 and §6: a victim who gave away their last idle thugs owes what is left."""
    state = scene(players=3)
    thugs(state, 0, idle=1, cops=2)
    thugs(state, 1, idle=3, cops=1)
    thugs(state, 2, idle=1, job=1)
    apply(state, 0, "end")
    apply(state, 0, "squeeze_gang:1")
    assert state.pending[0].seat == 1 and state.pending[0].kind.value == "lose_thug"
    apply(state, 1, "deal:2:-/3/-/0:-/0/-/0")
    apply(state, 2, "accept:1")
    assert state.thugs(1) == 0 and state.loss is None
    assert state.players[1].out and state.turn == 2
