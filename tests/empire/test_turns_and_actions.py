# mypy: disable-error-code="comparison-overlap"
"""Setup, the Game Sequence, movement and the actions (EMPIRE §4-§6)."""

from __future__ import annotations

import pytest

from engine.empire import IllegalDecision, apply, new_match, player_view
from engine.empire.events import DieRolled, FreezeChanged
from engine.empire.gang import power
from engine.empire.state import CAR, HOSPITAL, JAIL, Phase
from engine.empire.testing import car, dice, hand, mobsters, scene, turn_of


def test_setup() -> None:
    """EMPIRE §4 [R]: $1000 and one of each Resource, a small piece and a starred
    Mobster each, the board's Resources, the Police Car on S4, no Badge."""
    state = new_match(4, seed=3)
    assert all(p.money == 1000 and p.res == [1, 1, 1] for p in state.players)
    assert state.pool == [40 - 4 - 8] * 3  # 4 players' and the board's
    assert all(len(p.mobsters) == 1 and next(iter(p.mobsters)) >= "M26" for p in state.players)
    assert len(state.deck) == 128 - 4
    assert state.board_res["WHA"] == [0, 3, 0] and state.police == 4 and state.badge == -1
    assert [p.colour for p in state.players] == ["brown", "blue", "green", "orange"]
    assert state.pending[0].seat == state.first  # start lots from the first player


def test_start_lot_and_start_mobster() -> None:
    """EMPIRE §4: each chooses a starred lot; the Mobster secretly in car or Business."""
    state = new_match(2, seed=5, shuffle_seats=False)
    first = state.first
    apply(state, first, "start_lot:c")
    with pytest.raises(IllegalDecision):
        apply(state, 1 - first, "start_lot:c")
    apply(state, 1 - first, "start_lot:a")
    assert state.players[first].car == 10 and state.lots["c"].owner == first
    assert {p.seat for p in state.pending} == {0, 1}  # both at once
    apply(state, 0, "start_mob:biz")
    apply(state, 1, "start_mob:car")
    lot0 = next(lot for lot, b in state.lots.items() if b.owner == 0)
    assert list(state.players[0].mobsters.values()) == [lot0]
    assert state.phase is Phase.PRE_MOVE and state.sequence == 1


def test_sequence_order() -> None:
    """EMPIRE §5, §5.1: 4 Action Rounds in seat order from the first player, then the
    Trade Round; the first player passes on."""
    state = scene(3, seed=1)
    order = state.seat_order()
    seen = []
    while state.phase is not Phase.BID and state.sequence == 1:
        seat = state.pending[0].seat
        kind = state.pending[0].kind.value
        if kind == "pre_move":
            seen.append(seat)
        apply(
            state,
            seat,
            {"pre_move": "roll", "action": "none", "after_action": "go"}.get(
                kind, f"move:S{state.players[seat].car}"
            ),
        )
    assert seen == order * 4


def test_a_turn_and_moving() -> None:
    """EMPIRE §5.2 [R], §6.1: roll, then any square within roll + driver bonus; an
    action or none; the turn ends."""
    state = scene(2)
    seat = state.turn.seat  # type: ignore[union-attr]
    mobsters(state, seat, {"M16": CAR, "M18": CAR})  # Swift Nick +1, Rolls Roy +3
    dice(state, 2)
    events = apply(state, seat, "roll")
    assert DieRolled(seat, "movement", 2, 3) in events  # the largest bonus only
    keys = state.pending[0].offered()
    here = state.players[seat].car
    assert len(keys) == len({sq for sq in range(1, 30) if _d(here, sq) <= 5})
    with pytest.raises(IllegalDecision):
        apply(state, seat, "move:S99")
    apply(state, seat, state.pending[0].offered()[-1])
    assert state.phase is Phase.ACTION
    apply(state, seat, "none")
    apply(state, seat, "go")
    assert state.turn is not None and state.turn.seat != seat


def _d(a: int, b: int) -> int:
    from engine.empire.board import distance

    return distance(a, b)


def test_pick_up_resources_and_schweinehund() -> None:
    """EMPIRE §6, §6.2: any amounts, at least 1; not with Der Schweinehund in the car."""
    state = scene(2)
    car(state, 0, 8)  # the Wharf, 3 Booze
    turn_of(state, 0)
    with pytest.raises(IllegalDecision):
        apply(state, 0, "pickup:WHA:0.0.0")
    with pytest.raises(IllegalDecision):
        apply(state, 0, "pickup:WHA:0.4.0")
    apply(state, 0, "pickup:WHA:0.2.0")
    assert state.players[0].res == [1, 3, 1] and state.board_res["WHA"] == [0, 1, 0]
    mobsters(state, 0, {"M20": CAR})
    turn_of(state, 0)
    assert "pickup:WHA" not in state.pending[0].offered()


def test_turf_and_local_respect() -> None:
    """EMPIRE §6.3: an empty Turf is free, a rival's costs $300; Local Respect to the one
    with strictly most markers, else nobody."""
    state = scene(2)
    car(state, 0, 9)
    turn_of(state, 0)
    apply(state, 0, "turf:T4")
    assert state.turf["T4"] == 0 and state.respect == 0
    car(state, 1, 9)
    turn_of(state, 1)
    apply(state, 1, "turf:T4")
    assert state.turf["T4"] == 1 and state.players[1].money == 700 and state.respect == 1
    state.turf["T1"] = 0
    car(state, 0, 10)
    turn_of(state, 0)
    apply(state, 0, "turf:T5")
    assert state.respect == 0
    state.players[1].money = 250
    car(state, 1, 10)
    turn_of(state, 1)
    assert "turf:T5" not in state.pending[0].offered()  # cannot pay in full (§1.2)


def test_open_a_business() -> None:
    """EMPIRE §6.4: pay the Resources; the first free piece; Mobsters may move in."""
    state = scene(2)
    state.players[0].res = [2, 4, 2]
    mobsters(state, 0, {"M26": CAR, "M27": CAR})
    car(state, 0, 8)  # lot M1
    turn_of(state, 0)
    assert "open:M1:bar" in state.pending[0].offered()
    assert "open:M1:casino" not in state.pending[0].offered()
    apply(state, 0, "open:M1:bar:M27")
    assert state.lots["M1"].piece == "B10" and state.players[0].res == [0, 0, 0]
    assert state.players[0].mobsters == {"M26": CAR, "M27": "M1"}


def test_jobs_start_and_complete() -> None:
    """EMPIRE §6.5: start with the Mobsters it needs at its start; reward at its end."""
    state = scene(2)
    hand(state, 0, "J1")
    mobsters(state, 0, {"M26": CAR})
    car(state, 0, 25)
    turn_of(state, 0)
    assert "job_start:J1" not in state.pending[0].offered()  # needs 2
    mobsters(state, 0, {"M27": CAR}, keep=True)
    turn_of(state, 0)
    apply(state, 0, "job_start:J1")
    assert state.players[0].jobs == {"J1": False}
    car(state, 0, 28)
    turn_of(state, 0)
    before = power(state, 0)
    apply(state, 0, "job_done:J1")
    assert state.players[0].jobs == {"J1": True} and state.players[0].money == 1800
    assert power(state, 0) == before + 1


def test_pick_up_and_drop_off_mobsters() -> None:
    """EMPIRE §6.6, §6.7 [R]: at one place: an own Business, the Jail, the Hospital."""
    state = scene(2)
    lot = next(lot for lot, b in state.lots.items() if b.owner == 0)
    from engine.empire.board import SITE

    mobsters(state, 0, {"M26": CAR, "M27": lot})
    car(state, 0, SITE[lot].square)
    turn_of(state, 0)
    apply(state, 0, f"mob:{lot}:M27")
    assert state.players[0].mobsters == {"M26": lot, "M27": CAR}
    mobsters(state, 0, {"M26": CAR, "M27": JAIL, "M28": JAIL, "M29": CAR})
    car(state, 0, 4)
    turn_of(state, 0)
    with pytest.raises(IllegalDecision):
        apply(state, 0, "jail:M27.M28")  # the car holds 3
    apply(state, 0, "jail:M28")
    assert state.players[0].mobsters["M28"] == CAR and "M28" in state.revealed
    mobsters(state, 0, {"M26": HOSPITAL})
    car(state, 0, 16)
    turn_of(state, 0)
    apply(state, 0, "hosp:M26")
    assert state.players[0].mobsters["M26"] == CAR


def test_car_capacity_with_the_dwarf_and_fat_fred() -> None:
    """EMPIRE §3.2 [R]: 3; 4 with The Dwarf, 2 with Fat Fred, 3 with both; judged on the
    result, so the Dwarf brings a fourth man in with him."""
    from engine.empire.gang import car_capacity

    assert car_capacity(["M26"]) == 3
    assert car_capacity(["M22"]) == 4
    assert car_capacity(["M23"]) == 2
    assert car_capacity(["M22", "M23"]) == 3
    state = scene(2)
    lot = next(lot for lot, b in state.lots.items() if b.owner == 0)
    from engine.empire.board import SITE

    mobsters(state, 0, {"M26": CAR, "M27": CAR, "M28": CAR, "M22": lot})
    car(state, 0, SITE[lot].square)
    turn_of(state, 0)
    apply(state, 0, f"mob:{lot}:M26.M27.M28.M22")
    assert len([m for m, w in state.players[0].mobsters.items() if w == CAR]) == 4
    mobsters(state, 0, {"M26": CAR, "M27": lot, "M23": lot})
    turn_of(state, 0)
    with pytest.raises(IllegalDecision):
        apply(state, 0, f"mob:{lot}:M26.M27.M23")


def test_streetwise_and_own_turn_events() -> None:
    """EMPIRE §6.9 [R], §3.3: own-turn cards at the turn's decisions; Streetwise moves
    once more; Windfall and the gains."""
    state = scene(2)
    hand(state, 0, "E01", "E15", "E19")
    turn_of(state, 0, Phase.AFTER_ACTION)
    apply(state, 0, "play:E15")
    apply(state, 0, "play:E19")
    assert state.players[0].money == 1500 and state.players[0].res[2] == 3
    dice(state, 4)
    apply(state, 0, "play:E01")
    assert state.phase is Phase.MOVE_TO
    apply(state, 0, state.pending[0].offered()[-1])
    assert state.phase is Phase.AFTER_ACTION


def test_reporter_peek() -> None:
    """EMPIRE §6.8: once per Game Sequence; the names told only to the peeker."""
    state = scene(2)
    mobsters(state, 0, {"M24": CAR})
    turn_of(state, 0)
    events = apply(state, 0, "peek:car1")
    private = [e for e in events if getattr(e, "to", ())]
    assert private and private[0].to == (0,)  # type: ignore[attr-defined]
    assert not any(k.startswith("peek:") for k in state.pending[0].offered())


def test_election_day_and_the_horse_head() -> None:
    """EMPIRE §6.10 [R], §3.3: frozen until the Trade Round ends: no move, no Events but
    the Horse Head, no trades, no income; the action is still taken."""
    state = scene(2)
    hand(state, 0, "E03")
    turn_of(state, 0)
    events = apply(state, 0, "play:E03:1")
    assert FreezeChanged(1, True) in events and state.players[1].frozen
    hand(state, 1, "E10", "E15")
    turn_of(state, 1, Phase.PRE_MOVE)
    from engine.empire.turnstart import begin_turn

    begin_turn(state, [])
    from engine.empire.testing import refresh

    refresh(state)
    assert state.phase is Phase.ACTION  # the move is skipped
    keys = state.pending[0].offered()
    assert "play:E10" in keys and "play:E15" not in keys
    apply(state, 1, "play:E10")
    assert not state.players[1].frozen


def test_horse_head_standing_order_cancels() -> None:
    """EMPIRE §6.9 [R]: the order's ticks decide; an order for a card not held does
    nothing."""
    state = scene(2)
    hand(state, 0, "E03", "E14")
    hand(state, 1, "E10")
    turn_of(state, 0)
    apply(state, 0, "play:E03:1")
    assert not state.players[1].frozen and "E10" in state.used
    apply(state, 0, "play:E14:1")  # no Horse Head left
    assert state.players[1].money == 700


def test_player_view_hides_nothing_of_ones_own() -> None:
    """EMPIRE §16 [R]: one choice of end square; the seat's money in its own view."""
    state = scene(2)
    assert player_view(state, 0).own is not None
    assert player_view(state, None).own is None
