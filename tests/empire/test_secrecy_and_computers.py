"""EMPIRE §13: what each seat may know; and the computer players (legal, from the view,
stronger at "normal")."""

from __future__ import annotations

import time

from engine.common.seats import PlayerSpec
from engine.empire import apply, new_match, orders_decision, player_view, visible_to
from engine.empire.computer import choose, play_computers
from engine.empire.computer.tournament import play_matches
from engine.empire.state import CAR, EmpireState, Phase
from engine.empire.testing import hand, mobsters, refresh, scene, turn_of


def _others(state: EmpireState, seat: int) -> list[bytes]:
    return [player_view(state, s).to_json() for s in range(len(state.players)) if s != seat] + [
        player_view(state, None).to_json()
    ]


def test_hand_money_and_folder_stay_private() -> None:
    """EMPIRE §13: two matches differing only in a hand give the same other views."""
    a, b = scene(3, seed=4), scene(3, seed=4)
    hand(a, 0, "E15")
    hand(b, 0, "E14")
    a.deck.remove("E14")
    a.deck.insert(0, "E14")
    b.deck.remove("E15")
    b.deck.insert(0, "E15")
    a.players[0].money = 2500
    a.players[0].res = [4, 0, 2]
    assert _others(a, 0) == _others(b, 0)
    assert player_view(a, 0).to_json() != player_view(b, 0).to_json()


def test_placement_is_private_but_counts_are_public() -> None:
    """EMPIRE §13: which Mobster sits where is the owner's; the counts are public."""
    a, b = scene(2, seed=4), scene(2, seed=4)
    lot = next(lot for lot, x in a.lots.items() if x.owner == 0)
    mobsters(a, 0, {"M26": CAR, "M27": lot})
    mobsters(b, 0, {"M27": CAR, "M26": lot})
    # same roster order for both, then compare
    b.players[0].mobsters = {"M26": lot, "M27": CAR}
    refresh(b)
    assert _others(a, 0) == _others(b, 0)


def test_bids_and_standing_orders_are_private() -> None:
    """EMPIRE §13: a sealed bid and a standing order reach no other seat's view."""
    a, b = scene(2, seed=6), scene(2, seed=6)
    for state in (a, b):
        state.auction = ["M40"]
        state.deck.remove("M40")
        state.phase = Phase.BID
        refresh(state)
    apply(a, 0, "bid:300")
    apply(b, 0, "bid:50")
    apply(a, 1, str(orders_decision(("E03",), "never")))
    assert _others(a, 0)[1:] == _others(b, 0)[1:]  # the public view
    assert player_view(a, 1).to_json() != player_view(b, 1).to_json()  # its own order
    assert player_view(a, 0).to_json() != player_view(b, 0).to_json()  # its own bid
    assert player_view(a, None).to_json() == player_view(b, None).to_json()


def test_private_events_are_filtered() -> None:
    """EMPIRE §13: a drawn Event card, a peek or money paid is told to its seat alone."""
    state = scene(2)
    mobsters(state, 0, {"M24": CAR})
    turn_of(state, 0)
    events = apply(state, 0, "peek:car1")
    assert len(visible_to(events, 0)) == 2 and len(visible_to(events, 1)) == 1
    assert len(visible_to(events, None)) == 1


def test_computer_decisions_are_legal_and_quick() -> None:
    """EMPIRE §14: every level's choice is one of the open options; under 50 ms."""
    levels = ["normal", "easy", "random", "normal"]
    state = new_match([PlayerSpec(f"c{i}", lv) for i, lv in enumerate(levels)], seed=3)
    slowest = 0.0
    while state.result is None:
        seat = state.pending[0].seat
        start = time.perf_counter()
        d = choose(player_view(state, seat), state.players[seat].computer or "normal")
        slowest = max(slowest, time.perf_counter() - start)
        apply(state, seat, d)
    assert slowest < 0.25  # a generous bound for a shared machine; the bench reports p99


def test_normal_beats_easy() -> None:
    """Normal wins well over its even share among easy players (small N here)."""
    figures = play_matches(["normal", "easy", "easy"], 6, seed=50)
    assert figures.share("normal") >= 1.6
    assert figures.by_power + figures.by_cap == 6


def test_play_computers_stops_at_people() -> None:
    specs = [PlayerSpec("me"), PlayerSpec("bot", "normal")]
    state = new_match(specs, seed=1)
    play_computers(state)
    assert state.result is not None or all(
        state.players[p.seat].computer is None for p in state.pending
    )
