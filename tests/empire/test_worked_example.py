"""EMPIRE §17: the worked example's Driveby, round by round, with its dice."""

from __future__ import annotations

from engine.empire import apply
from engine.empire.events import FightTotals
from engine.empire.state import CAR, HOSPITAL
from engine.empire.testing import car, dice, hand, job, mobsters, scene, turn_of


def test_the_worked_example() -> None:
    """EMPIRE §17, §7.3, §7.4, §7.5: totals 6 and 5, lives 4 and 3, Blue to the South
    Garage, Cigar Run passes to Red still started."""
    state = scene(2)
    red, blue = 0, 1
    car(state, red, 13)
    car(state, blue, 13)
    mobsters(state, red, {"M01": CAR, "M03": CAR, "M16": CAR})
    mobsters(state, blue, {"M06": CAR, "M26": CAR})
    hand(state, blue, "E12")
    job(state, blue, "J7")
    turn_of(state, red)
    apply(state, red, "driveby:1")
    apply(state, red, "fight")
    apply(state, blue, "play:E12")
    dice(state, 3, 5)
    events = apply(state, blue, "fight")
    assert FightTotals(6, 5, 4, 3) in events
    dice(state, 4, 4)
    apply(state, red, "casualty:M16")
    assert state.players[red].mobsters["M16"] == HOSPITAL
    dice(state, 6, 2, 2, 6, 5, 5)
    apply(state, blue, "casualty:M26")
    assert state.players[blue].mobsters["M26"] == HOSPITAL
    assert "M06" in state.graveyard
    apply(state, red, "casualty:M03")
    assert "M03" in state.graveyard
    apply(state, blue, "garage:GS")
    assert state.players[blue].garage == "GS"
    assert state.players[red].jobs == {"J7": False}
    assert state.players[red].mobsters == {"M01": CAR, "M16": HOSPITAL}
