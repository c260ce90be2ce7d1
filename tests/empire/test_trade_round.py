# mypy: disable-error-code="comparison-overlap"
"""The Trade Round, trades, Power Points, the cap, timeouts (EMPIRE §9-§15)."""

from __future__ import annotations

import pytest

from engine.empire import IllegalDecision, apply, offer_decision, timeout_default
from engine.empire.ending import settle
from engine.empire.events import Event, LotWon
from engine.empire.gang import power
from engine.empire.state import CAR, JAIL, UNPLACED, Business, EndReason, Phase, Side
from engine.empire.testing import hand, job, mobsters, refresh, scene, take_card, turn_of
from engine.empire.traderound import collect_income, draw_cards, income_of, start_trade_round


def _to_trade_round(state: object) -> None:
    from engine.empire.state import EmpireState

    assert isinstance(state, EmpireState)
    state.round = 4
    state.order_index = len(state.players) - 1
    turn_of(state, state.seat_order()[-1], Phase.AFTER_ACTION)
    apply(state, state.seat_order()[-1], "go")


def test_income_monopoly_mayor_and_specialists() -> None:
    """EMPIRE §9, §9.1 [R]: income, monopoly when no rival runs an open one of the kind
    (closed ones left out), the Mayor doubles, Harry +$200 never doubled, $50 a Turf."""
    state = scene(2)
    state.lots = {"a": Business("B04", 0), "b": Business("B05", 1, open=False)}  # casinos
    mobsters(state, 0, {"M12": "a", "M10": "a"})
    state.turf["T1"] = 0
    assert income_of(state, 0) == (400 * 2 + 200 + 50, 0)
    state.lots["b"].open = True
    assert income_of(state, 0) == (300 * 2 + 200 + 50, 0)


def test_frankie_in_jail_and_frozen_get_nothing() -> None:
    """EMPIRE §9.1: Frankie the Squealer in Jail or a freeze: no income at all."""
    state = scene(2)
    mobsters(state, 0, {"M21": JAIL})
    state.players[1].frozen = True
    before = [p.money for p in state.players]
    collect_income(state, [])
    assert [p.money for p in state.players] == before


def test_pimp_brings_girls() -> None:
    """EMPIRE §9.1: 2 Girls from the pool for The Pimp in an own open Brothel."""
    state = scene(2)
    state.lots = {"a": Business("B07", 0)}
    mobsters(state, 0, {"M13": "a"})
    assert income_of(state, 0)[1] == 2


def test_draw_until_not_a_resource_and_reshuffle_once() -> None:
    """EMPIRE §9.2, §3.1 [R]: Resource cards are read and used; the Used pile comes back
    once per step; then the step's other draws are skipped."""
    state = scene(2)
    state.deck = ["E15", "R01"]
    for card in ("E15", "R01"):
        take_card(state, card)
    state.deck = ["E15", "R01"]  # R01 drawn first (the top is the end)
    events: list[Event] = []
    draw_cards(state, events)
    assert state.board_res["RAN"] == [11, 0, 0] and "R01" in state.used  # read twice
    assert "E15" in state.players[state.first].hand
    other = 1 - state.first
    assert not state.players[other].hand  # the deck ran out: the Used pile (R01) came back
    assert sum(1 for e in events if e.kind == "deck_reshuffled") == 1


def test_sealed_bids_ties_and_needs() -> None:
    """EMPIRE §9.3 [R]: private bids at once; the highest wins; ties to the first in seat
    order from the first player; Mr. Jesus only for holders of 2 Booze; unsold stays."""
    state = scene(2)
    state.auction = ["M05", "M40"]
    for m in ("M05", "M40"):
        state.deck.remove(m)
    state.players[0].res = [0, 2, 0]
    state.players[1].res = [0, 0, 0]
    _to_trade_round(state)
    assert state.phase is Phase.BID and {p.seat for p in state.pending} == {0, 1}
    assert state.pending[1].facts["max"] == 0
    with pytest.raises(IllegalDecision):
        apply(state, 1, "bid:50")
    with pytest.raises(IllegalDecision):
        apply(state, 0, "bid:75")
    apply(state, 0, "bid:100")
    apply(state, 1, "bid:0")
    assert state.players[0].mobsters["M05"] == UNPLACED and state.players[0].res[1] == 0
    first = state.first
    events = apply(state, first, "bid:200") + apply(state, 1 - first, "bid:200")
    assert LotWon("M40", first, 200) in events


def test_unsold_lot_stays_and_bribe_with_johnny() -> None:
    """EMPIRE §9.3, §9.4: a lot nobody bid on stays; Johnny Favorite bids up to money +
    $200 and pays the bid less $200."""
    state = scene(2)
    state.auction = ["M40"]
    state.deck.remove("M40")
    mobsters(state, 0, {"M25": CAR})
    _to_trade_round(state)
    while state.phase is Phase.BID:
        for seat in [p.seat for p in state.pending]:
            apply(state, seat, "bid:0")
    assert state.auction[0] == "M40" and state.phase is Phase.BRIBE
    money = state.players[0].money
    assert state.pending[0].facts["max"] == (money + 200) // 50 * 50
    apply(state, 0, "bribe:150")
    apply(state, 1, "bribe:0")
    assert state.badge == 0 and state.players[0].money == money
    assert state.phase is Phase.PLACE


def test_placement_firing_and_the_default() -> None:
    """EMPIRE §9.5 [R]: all place at once within capacities; fire only who does not fit;
    the default keeps places, fills the car, then the Businesses, and fires the rest."""
    state = scene(2)
    lot = next(lot for lot, b in state.lots.items() if b.owner == 0)
    names = ["M26", "M27", "M28", "M29", "M30", "M31", "M32"]
    mobsters(state, 0, dict.fromkeys(names, UNPLACED))
    state.phase = Phase.PLACE
    refresh(state)
    with pytest.raises(IllegalDecision):
        apply(state, 0, f"place:M26.M27:{lot}=M28")  # fires with room left
    d = timeout_default(state, 0)
    assert str(d) == f"place:M26.M27.M28:{lot}=M29.M30.M31"
    apply(state, 0, str(d))
    seat1 = [p.seat for p in state.pending]
    for s in seat1:
        apply(state, s, timeout_default(state, s))
    assert "M32" in state.used and "M32" not in state.players[0].mobsters


def test_end_of_sequence_reopens_and_passes_first() -> None:
    """EMPIRE §9.6: closed Businesses reopen, freezes end, the first player passes."""
    from engine.empire.traderound import end_sequence

    state = scene(2)
    first = state.first
    for b in state.lots.values():
        b.open = False
    state.players[0].frozen = True
    end_sequence(state, [])
    assert all(b.open for b in state.lots.values()) and not state.players[0].frozen
    assert state.first == 1 - first and state.sequence == 2


def test_trades() -> None:
    """EMPIRE §10 [R]: one open offer each, accepted whole if both still hold it; Mobsters
    only in a Trade Round; never with a frozen player."""
    state = scene(2)
    turn_of(state, 0)
    offer = offer_decision(1, Side(money=200), Side(res=(1, 0, 0)))
    apply(state, 0, offer)
    with pytest.raises(IllegalDecision):
        apply(state, 0, offer_decision(1, Side(money=100), Side()))
    assert [p.kind.value for p in state.pending if p.seat == 1] == ["offer_answer"]
    apply(state, 1, "accept:0")
    assert state.players[0].money == 800 and state.players[1].res == [0, 1, 1]
    with pytest.raises(IllegalDecision):
        apply(state, 0, offer_decision(1, Side(mobsters=("M26",)), Side()))
    with pytest.raises(IllegalDecision):
        apply(state, 0, offer_decision(1, Side(money=900), Side()))  # it has $800
    apply(state, 0, offer_decision(1, Side(money=700), Side()))
    state.players[0].money = 100  # spent meanwhile: the trade fails, nothing moves
    apply(state, 1, "accept:0")
    assert state.players[0].money == 100 and state.players[1].money == 1200
    state.players[1].frozen = True
    refresh(state)
    with pytest.raises(IllegalDecision):
        apply(state, 0, offer_decision(1, Side(money=50), Side()))


def test_power_points_and_simultaneous_tens() -> None:
    """EMPIRE §11 [R]: PP by open Businesses, Jobs, Respect and working pairs; several at
    10 at once: most PP, then most money, then seat order."""
    state = scene(2)
    state.lots = {"L1": Business("B16", 0), "L2": Business("B17", 1), "M1": Business("B10", 0)}
    state.lots.update({"M2": Business("B11", 1), "M3": Business("B12", 0, open=False)})
    state.lots.update({"M4": Business("B13", 1, open=False)})
    for j in ("J1", "J2", "J3"):
        job(state, 0, j, done=True)
    for j in ("J4", "J5", "J6"):
        job(state, 1, j, done=True)
    assert power(state, 0) == 3 + 2 + 3 + 0 and power(state, 1) == 8
    state.players[0].money, state.players[1].money = 100, 900
    state.lots["M3"].open = state.lots["M4"].open = True
    assert settle(state, [])
    assert state.result is not None and state.result.winner == 1
    assert state.result.reason is EndReason.POWER


def test_the_cap_ends_every_match() -> None:
    """EMPIRE §12 [R]: after the last sequence's Trade Round the most PP wins, then money,
    then Turf, then seat order."""
    from engine.empire.traderound import end_sequence

    state = scene(2, sequences=4)
    state.sequence = 4
    state.players[1].money = 5000
    end_sequence(state, [])
    assert state.result is not None and state.result.reason is EndReason.CAP
    assert state.result.winner == 1


def test_timeout_defaults() -> None:
    """EMPIRE §14 [R]: each decision's default never spends a card or money."""
    state = scene(2)
    seat = state.pending[0].seat
    hand(state, seat, "E15")
    assert str(timeout_default(state, seat)) == "roll"
    apply(state, seat, "roll")
    assert str(timeout_default(state, seat)) == f"move:S{state.players[seat].car}"
    with pytest.raises(IllegalDecision):
        timeout_default(state, 1 - seat)


def test_randomness_from_the_state() -> None:
    """EMPIRE §15 [R]: one generator in the state; the same seed gives the same match."""
    from engine.empire.random_play import play_random

    a, b = scene(3, seed=9), scene(3, seed=9)
    assert play_random(a, 1) == play_random(b, 1) and a.to_json() == b.to_json()


def test_start_trade_round_lapses_offers() -> None:
    """EMPIRE §10: an offer lapses when the turn or step ends."""
    state = scene(2)
    turn_of(state, 0)
    apply(state, 0, offer_decision(1, Side(money=50), Side()))
    start_trade_round(state, [])
    assert not state.offers
