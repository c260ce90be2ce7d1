# mypy: disable-error-code="comparison-overlap"
"""Shoot-outs and the police (EMPIRE §7, §8), with scripted dice."""

from __future__ import annotations

import pytest

from engine.empire import IllegalDecision, apply
from engine.empire.events import FightRound, FightTotals, StandOff
from engine.empire.state import CAR, HIDING, HOSPITAL, JAIL, EmpireState, Phase
from engine.empire.testing import car, dice, hand, job, mobsters, scene, turn_of


def _driveby(square: int = 10) -> EmpireState:
    state = scene(2)
    car(state, 0, square)
    car(state, 1, square)
    return state


def test_driveby_totals_rounds_and_casualties() -> None:
    """EMPIRE §7, §7.1, §7.3, §7.4: totals fixed; d >= 3 kills, otherwise the Hospital;
    the loser chooses; an empty car falls after one lost round."""
    state = _driveby()
    mobsters(state, 0, {"M01": CAR, "M03": CAR})  # DA 2 + 3 = 5
    mobsters(state, 1, {"M06": CAR, "M26": CAR})  # DD 2 + 1 = 3
    job(state, 1, "J7")
    turn_of(state, 0)
    apply(state, 0, "driveby:1")
    assert set(state.revealed) == {"M01", "M03", "M06", "M26"}
    apply(state, 0, "fight")
    # round 1: 1+5=6 vs 6+3=9, defender wins by d=5; the attacker picks a casualty
    dice(state, 1, 6)
    events = apply(state, 1, "fight")
    assert FightTotals(5, 3, 3, 3) in events
    assert FightRound(1, 6, 6, 9, 1, 5, 0) in events
    assert state.phase is Phase.CASUALTY and state.pending[0].seat == 0
    assert state.pending[0].offered() == ["casualty:M01", "casualty:M03"]  # lowest DA first
    # round 2: 3+5 vs 3+3: attacker wins d=0 -> M26 (lowest DD) chosen by seat 1
    dice(state, 3, 3, 6, 1, 6, 1, 6, 1)
    apply(state, 0, "casualty:M01")
    assert "M01" in state.graveyard
    assert state.phase is Phase.CASUALTY
    apply(state, 1, "casualty:M26")
    assert state.players[1].mobsters["M26"] == HOSPITAL
    # round 3: 6+3 vs 1+3 -> d=5, M06 dies; round 4: only the car: seat 1 loses
    assert state.phase is Phase.AFTER_ACTION
    assert "M06" in state.graveyard
    assert state.players[1].garage == "GN"  # S10 is nearer the North Garage
    assert state.players[0].jobs == {"J7": False}  # EMPIRE §7.5 [R]: the Job passes


def test_ties_reroll_and_the_tenth_goes_to_the_defender() -> None:
    """EMPIRE §7.4 [R]: equal scores roll again; after the 10th equal pair the defender
    wins the round with d = 0."""
    state = _driveby()
    mobsters(state, 0, {"M26": CAR})
    mobsters(state, 1, {})
    turn_of(state, 0)
    apply(state, 0, "driveby:1")
    apply(state, 0, "fight")
    dice(state, *([3, 4] * 10), 6, 1)
    events = apply(state, 1, "fight")
    rounds = [e for e in events if isinstance(e, FightRound)]
    assert rounds[0].ties == 10 and rounds[0].winner == 1 and rounds[0].margin == 0
    assert state.players[0].mobsters["M26"] == HOSPITAL


def test_lucky_lou_and_first_aid() -> None:
    """EMPIRE §3.2: Lucky Lou goes to the Hospital instead; §6.9: First Aid's order saves
    the first Mobster about to die."""
    state = _driveby()
    mobsters(state, 0, {"M19": CAR, "M26": CAR})
    mobsters(state, 1, {"M27": CAR})
    hand(state, 0, "E02")
    turn_of(state, 0)
    apply(state, 0, "driveby:1")
    apply(state, 0, "fight")
    dice(state, 1, 6)
    apply(state, 1, "fight")
    dice(state, 1, 6)
    apply(state, 0, "casualty:M19")
    assert state.players[0].mobsters["M19"] == HOSPITAL
    assert state.players[0].mobsters["M26"] == HOSPITAL and "E02" in state.used


def test_business_attack_taken_and_occupied() -> None:
    """EMPIRE §7.5: the Business passes with its marker; car Mobsters may move in."""
    state = scene(2)
    lot = next(lot for lot, b in state.lots.items() if b.owner == 1)
    from engine.empire.board import SITE

    mobsters(state, 1, {})
    mobsters(state, 0, {"M07": CAR, "M26": CAR})
    car(state, 0, SITE[lot].square)
    turn_of(state, 0)
    apply(state, 0, f"hit:{lot}")
    apply(state, 0, "fight")
    dice(state, 6, 1)
    events = apply(state, 1, "fight")
    assert FightTotals(3, 2, 3, 1) in events  # BA 2+1; small defence bonus +2
    assert state.lots[lot].owner == 0 and state.phase is Phase.OCCUPY
    apply(state, 0, "occupy:M26")
    assert state.players[0].mobsters["M26"] == lot and state.phase is Phase.AFTER_ACTION


def test_lost_business_attack_goes_to_the_garage() -> None:
    """EMPIRE §7.5 [R]: a lost attack is a lost Driveby: Garage, Jobs to the owner."""
    state = scene(2)
    lot = next(lot for lot, b in state.lots.items() if b.owner == 1)
    from engine.empire.board import SITE

    mobsters(state, 1, {})
    mobsters(state, 0, {"M26": CAR})
    job(state, 0, "J5")
    car(state, 0, SITE[lot].square)
    turn_of(state, 0)
    apply(state, 0, f"hit:{lot}")
    apply(state, 0, "fight")
    dice(state, 1, 6, 1, 6)
    apply(state, 1, "fight")
    assert state.players[0].garage and state.lots[lot].owner == 1
    assert state.players[1].jobs == {"J5": False}


def test_equal_garages_the_loser_chooses() -> None:
    """EMPIRE §7.6, §2.5: at S13 both Garages are 6 away; the loser picks."""
    state = _driveby(13)
    mobsters(state, 0, {"M26": CAR})
    mobsters(state, 1, {})
    turn_of(state, 0)
    apply(state, 0, "driveby:1")
    apply(state, 0, "fight")
    dice(state, 6, 1)
    apply(state, 1, "fight")
    assert state.phase is Phase.GARAGE and state.pending[0].seat == 1
    apply(state, 1, "garage:GS")
    assert state.players[1].garage == "GS" and state.players[1].car == 19


def test_dynamite_and_sneaking_out() -> None:
    """EMPIRE §7.2: Dynamite kills one own and one opposing involved Mobster; Sneaking
    Out sends defenders into hiding; both leave the fight."""
    state = _driveby()
    mobsters(state, 0, {"M26": CAR, "M27": CAR})
    mobsters(state, 1, {"M28": CAR, "M29": CAR, "M30": CAR})
    hand(state, 0, "E05")
    hand(state, 1, "E06")
    turn_of(state, 0)
    apply(state, 0, "driveby:1")
    apply(state, 0, "play:E05:M26:M28")
    assert {"M26", "M28"} <= set(state.graveyard)
    apply(state, 0, "fight")
    with pytest.raises(IllegalDecision):
        apply(state, 1, "play:E06:M28")
    apply(state, 1, "play:E06:M29.M30")
    assert state.players[1].mobsters == {"M29": HIDING, "M30": HIDING}
    dice(state, 6, 1)
    apply(state, 1, "fight")
    assert state.players[1].garage  # an empty car fell in one round


def test_tommy_gun_and_armored_car() -> None:
    """EMPIRE §3.3 [R]: +2 to the attacker's or the defending car's total."""
    state = _driveby()
    mobsters(state, 0, {"M26": CAR})
    mobsters(state, 1, {"M27": CAR})
    hand(state, 0, "E11")
    hand(state, 1, "E12", "E13")
    turn_of(state, 0)
    apply(state, 0, "driveby:1")
    apply(state, 0, "play:E11")
    apply(state, 0, "fight")
    assert "play:E13" not in state.pending[0].offered()
    apply(state, 1, "play:E12")
    dice(state, 6, 1, 6, 1)
    events = apply(state, 1, "fight")
    assert FightTotals(3, 3, 2, 2) in events


def test_police_bust_stand_off_tony_clean_and_johnny() -> None:
    """EMPIRE §8, §8.1 [R], §8.2 [R], §8.3: Tony makes busts succeed, Clean Gene fail;
    both or neither: the dice; Johnny Favorite never goes to Jail; closed Businesses."""
    state = scene(2)
    lot = next(lot for lot, b in state.lots.items() if b.owner == 1)
    from engine.empire.board import SITE

    state.badge = 0
    mobsters(state, 1, {"M01": lot, "M25": lot})
    turn_of(state, 0, Phase.AFTER_ACTION)
    dice(state, 6)
    apply(state, 0, "go")
    state.police = SITE[lot].square
    state.phase = Phase.POLICE_ACTION
    from engine.empire.testing import refresh

    refresh(state)
    events = apply(state, 0, f"bust:{lot}")
    assert StandOff(0, 1, (), True) in events
    assert not state.lots[lot].open
    assert state.players[1].mobsters == {"M01": JAIL, "M25": lot}
    assert state.police_used


def test_stand_off_rolls_and_ten_equal_pairs() -> None:
    """EMPIRE §8.2 [R]: higher die wins; after the 10th equal pair the owner wins."""
    from engine.empire.police import stand_off

    state = scene(2)
    ev: list[object] = []
    dice(state, *([4, 4] * 10))
    assert stand_off(state, ev, 0, 1, []) is False  # type: ignore[arg-type]
    dice(state, 2, 2, 5, 3)
    assert stand_off(state, ev, 0, 1, ["M01", "M02"]) is True  # type: ignore[arg-type]
    assert stand_off(state, ev, 0, 1, ["M02"]) is False  # type: ignore[arg-type]


def test_bust_a_car_cancels_jobs_and_clear_and_confiscate() -> None:
    """EMPIRE §8.3: a busted car's men to Jail and its started Jobs to the Used pile;
    Clear a Turf; Confiscate at least 1."""
    state = scene(2)
    state.badge = 0
    car(state, 1, 9)
    mobsters(state, 1, {"M26": CAR})
    job(state, 1, "J4")
    state.turf["T4"] = 1
    state.police = 9
    turn_of(state, 0, Phase.POLICE_ACTION)
    keys = state.pending[0].offered()
    assert {"bustcar:1", "clear:T4", "none"} <= set(keys)
    dice(state, 5, 2)
    apply(state, 0, "bustcar:1")
    assert state.players[1].mobsters == {"M26": JAIL} and "J4" in state.used
    state.board_res["MUS"] = [0, 2, 0]
    state.police_used = False
    turn_of(state, 0, Phase.POLICE_ACTION)
    with pytest.raises(IllegalDecision):
        apply(state, 0, "confiscate:MUS:0.0.0")
    apply(state, 0, "confiscate:MUS:0.2.0")
    assert state.board_res["MUS"] == [0, 0, 0]


def test_feds_stop_attacks_and_police() -> None:
    """EMPIRE §3.3 [R]: with The Feds in town nobody attacks and no Police Action."""
    state = _driveby()
    mobsters(state, 0, {"M26": CAR})
    hand(state, 0, "E07")
    turn_of(state, 0)
    assert "driveby:1" in state.pending[0].offered()
    apply(state, 0, "play:E07")
    assert "driveby:1" not in state.pending[0].offered()


def test_garaged_car_sits_out() -> None:
    """EMPIRE §7.6: no move, no action, cannot be attacked; out at Place Mobsters."""
    state = _driveby()
    mobsters(state, 0, {"M26": CAR})
    car(state, 1, 10, garage="GN")
    turn_of(state, 0)
    assert "driveby:1" not in state.pending[0].offered()
