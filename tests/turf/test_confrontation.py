"""TURF §4.3: a confrontation, its secret commitments and their reveal; TURF §10: what
the other side may know meanwhile."""

from __future__ import annotations

import pytest

from engine.turf import IllegalDecision, apply, player_view
from engine.turf.events import Committed, ControlChanged, Revealed
from engine.turf.state import TurfState
from engine.turf.testing import hand, scene, thugs


def fight(attacker_idle: int = 4, defender_idle: int = 2) -> TurfState:
    """Seat 0 attacks seat 1's building at (3,5); seat 1 also guards (7,2)."""
    state = scene(buildings={"35": 1, "72": 1, "11": 0})
    thugs(state, 0, idle=attacker_idle, cops=1)
    thugs(state, 1, idle=defender_idle, cops=1)
    hand(state, 0, "3c", "5h")
    apply(state, 0, "infiltrate:35:3c.5h")
    return state


def test_both_sides_are_asked_at_once_and_may_answer_in_any_order() -> None:
    """TURF §4.3.1: attacker and defender choose in secret, at the same time."""
    state = fight()
    assert [(p.kind.value, p.seat) for p in state.pending] == [("commit", 0), ("commit", 1)]
    assert apply(state, 1, "commit:1:0:-") == [Committed(1)]
    assert [p.seat for p in state.pending] == [0]


def test_the_first_choice_stays_secret_until_both_are_in() -> None:
    """TURF §4.3.1 and §10: whatever the defender chose first, the attacker's view is
    the same — no numbers, no guard leaving its building — until the reveal."""
    views = []
    for choice in ("commit:2:1:72", "commit:0:0:-"):
        state = fight()
        apply(state, 1, choice)
        views.append(player_view(state, 0).to_json())
        assert player_view(state, None).to_json().count(b'"mine":null') == 1
    assert views[0] == views[1]
    seen = player_view(state, 0)
    assert seen.fight is not None and seen.fight.defender_chosen and seen.fight.mine is None
    own = player_view(state, 1).fight
    assert own is not None and own.mine is not None and own.mine.total == 0


def test_the_attacker_commits_at_least_one_and_only_what_is_free() -> None:
    """TURF §4.3.1: at least 1; idle thugs, guards of other buildings and cops alike,
    never thugs on a job."""
    state = fight()
    for bad in ("commit:0:0:-", "commit:5:0:-", "commit:0:2:-", "commit:0:0:35", "commit:0:0:72"):
        with pytest.raises(IllegalDecision):
            apply(state, 0, bad)
    apply(state, 0, "commit:0:0:11")
    assert state.fight is not None and state.fight.attack is not None


def test_the_contested_guard_always_defends() -> None:
    """TURF §4.3.1 [R guard defends]: committing nothing, the defender still has the guard."""
    state = fight()
    apply(state, 0, "commit:1:0:-")
    events = apply(state, 1, "commit:0:0:-")
    reveal = next(e for e in events if isinstance(e, Revealed))
    assert (reveal.attack, reveal.defence, reveal.winner) == (1, 1, -1)
    assert state.buildings[1].guard == -1  # (3,5): both wiped out, unoccupied (§4.3.4)


def test_one_for_one_the_larger_side_keeps_the_difference() -> None:
    """TURF §4.3.3-4: the smaller side loses all; the larger loses as many; one survivor
    guards the building, the others go on a job."""
    state = fight(attacker_idle=4)
    apply(state, 0, "commit:4:0:-")
    events = apply(state, 1, "commit:1:0:-")
    assert ControlChanged(35, 1, 0) in events
    attacker, defender = state.players
    assert (attacker.idle, attacker.job, attacker.supply) == (0, 1, 36)
    assert (defender.idle, defender.cops) == (1, 1)
    assert state.thugs(0) + attacker.supply == 40 and state.thugs(1) + defender.supply == 40


def test_the_defender_keeps_the_building_with_survivors_on_a_job() -> None:
    """TURF §4.3.4: the guard stays; the defence's other survivors go on a job."""
    state = fight(attacker_idle=2, defender_idle=3)
    apply(state, 1, "commit:3:0:-")
    events = apply(state, 0, "commit:1:0:-")
    reveal = next(e for e in events if isinstance(e, Revealed))
    assert (reveal.attacker_lost, reveal.defender_lost, reveal.winner) == (1, 1, 1)
    assert state.buildings[1].guard == 1 and state.players[1].job == 2


def test_committed_guards_and_cops_lose_their_status_whatever_happens() -> None:
    """TURF §4.3.2: a committed guard leaves its building; a committed cop is no cop."""
    state = fight(attacker_idle=1, defender_idle=0)
    apply(state, 0, "commit:1:0:-")
    events = apply(state, 1, "commit:0:1:72")
    assert ControlChanged(72, 1, -1) in events
    assert state.buildings[2].guard == -1 and state.players[1].cops == 0
    assert state.buildings[1].guard == 1 and state.players[1].job == 1


def test_the_two_cards_are_discarded_whatever_the_outcome() -> None:
    """TURF §4.3.5: the street cards were discarded in any case."""
    state = fight()
    assert len(state.discard) == 2 and state.players[0].hand == []
    apply(state, 0, "commit:1:0:-")
    apply(state, 1, "commit:2:0:-")
    assert len(state.discard) == 2 and state.pending[0].kind.value == "legwork"


def test_a_defender_with_nothing_free_is_not_asked() -> None:
    """TURF §4.3.1: only the guard can defend, so only the attacker chooses."""
    state = scene(buildings={"35": 1})
    thugs(state, 1)
    hand(state, 0, "3c", "5h")
    apply(state, 0, "infiltrate:35:3c.5h")
    assert [p.seat for p in state.pending] == [0]
    apply(state, 0, "commit:2:0:-")
    assert state.buildings[0].guard == 0 and state.players[0].job == 0
