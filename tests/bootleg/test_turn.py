"""The turn (BOOTLEG §4): move, reveal, Advance, actions, placing, Expansion."""

from __future__ import annotations

import pytest

from engine.bootleg import IllegalDecision, apply, player_view
from engine.bootleg.events import (
    AdvanceTaken,
    BarrelDiscarded,
    BarrelPlaced,
    ExpansionClaimed,
    TokenRevealed,
    TurnEnded,
)
from engine.bootleg.testing import barrels, envoys, scene, szmal, token


def test_a_turn_moves_then_advances_then_places_then_ends() -> None:
    """BOOTLEG §4: move, Advance, place, End turn; BOOTLEG §4.1: the kind goes to track
    space 1; BOOTLEG §4.3 [R advance at once]: the Advance before any action."""
    state = scene()
    events = apply(state, 0, "informant:2-1")  # Informant has range 2; Casino on cell 1
    assert state.envoys["informant"] == 1 and state.track[0] == "informant"
    assert any(isinstance(e, AdvanceTaken) for e in events)
    assert state.players[0].szmal == 2 and state.site(1).pot == 0
    assert state.pending[0].options[-2:] == ["place:plain", "place:big"]
    state = scene()
    apply(state, 0, "smuggler:2")  # range 1: no Smuggler take; the Precinct has no target
    assert state.pending[0].options == ["place:plain", "place:big"]
    apply(state, 0, "place:plain")
    assert state.site(2).barrels[0].owner == 0
    # nothing else was possible: the turn ended by itself (§4.4 [R turn ends itself])
    assert state.turn.seat == 1 and state.pending[0].kind.value == "move"


def test_the_reveal_turns_up_only_the_end_location_token() -> None:
    """BOOTLEG §4.2: the token where the Envoy stopped; passing reveals nothing."""
    state = scene()
    events = apply(state, 0, "troublemaker:2-1-4")
    assert [e for e in events if isinstance(e, TokenRevealed)] == [TokenRevealed(4, 4)]
    assert state.site(4).face_up and not state.site(1).face_up and not state.site(2).face_up


def test_no_advance_from_an_empty_pot_or_a_dry_pot() -> None:
    """BOOTLEG §4.3: an empty Pot or a face-up Dry Pot gives nothing."""
    state = scene()
    token(state, 2, 7)  # Dry Pot on the Precinct
    apply(state, 0, "smuggler:2")
    assert state.players[0].szmal == 1 and state.site(2).pot == 1
    state = scene()
    state.site(2).pot = 0
    apply(state, 0, "smuggler:2")
    assert state.players[0].szmal == 1


def test_actions_are_offered_once_and_end_turn_only_after_placing() -> None:
    """BOOTLEG §4.4: Ability and Service once each; End turn only after placing."""
    state = scene()
    apply(state, 0, "smuggler:6")  # Church: Service costs 1
    options = state.pending[0].options
    assert "service:church" in options and "end" not in options
    apply(state, 0, "service:church")
    assert "service:church" not in state.pending[0].options
    with pytest.raises(IllegalDecision):
        apply(state, 0, "end")


def test_a_whole_action_is_chosen_before_anything_happens() -> None:
    """BOOTLEG §4.4 [R whole action]: an action with a wrong target changes nothing."""
    state = scene()
    barrels(state, 4, (1, "plain"))
    apply(state, 0, "informant:2-1")
    before = state.to_json()
    for bad in ("ability:informant:9", "service:casino:3", "place:bomb", "smuggler:2"):
        with pytest.raises(IllegalDecision):
            apply(state, 0, bad)
        assert state.to_json() == before


def test_a_full_location_discards_the_barrel() -> None:
    """BOOTLEG §4.5: leftmost free open space, else discarded; BOOTLEG §4.5 [R looks
    alike on discard]: others see a discarded Devils Special only as "x"."""
    state = scene(("rotten", "devils"))
    barrels(state, 2, (0, "plain"), (0, "plain"))
    from engine.bootleg.testing import to_turn

    to_turn(state, 1)
    apply(state, 1, "smuggler:2")
    events = apply(state, 1, "place:bomb")
    assert BarrelDiscarded(1, 2, "bomb") in events
    assert state.players[1].discarded == ["bomb"] and len(state.site(2).barrels) == 2
    assert player_view(state, 0).players[1].discarded == ("x",)
    assert player_view(state, 1).players[1].discarded == ("bomb",)
    state = scene()
    barrels(state, 2, (1, "plain"))
    apply(state, 0, "smuggler:2")
    assert BarrelPlaced(0, 2, 2, "big") in apply(state, 0, "place:big")


def test_the_expansion_bonus_at_the_end_of_the_turn() -> None:
    """BOOTLEG §4.6 [R expansion at end]: paid at End turn for each complete line;
    [R active player only]: a line completed for another seat pays nobody now."""
    state = scene(("rotten", "devils"))
    barrels(state, 1, (0, "plain"), (1, "plain"))
    barrels(state, 3, (0, "plain"))
    barrels(state, 4, (1, "plain"))
    barrels(state, 7, (1, "plain"))
    apply(state, 0, "smuggler:2")
    apply(state, 0, "place:plain")  # row 1 complete for seat 0, paid at End turn
    assert state.expansion[0] == -1
    events = apply(state, 0, "end")
    claimed = [e for e in events if isinstance(e, ExpansionClaimed)]
    assert claimed == [ExpansionClaimed(0, 0, 2)] and state.expansion[0] == 0
    assert state.expansion[3] == -1  # column 1 is seat 1's but seat 1 is not active
    ended = [i for i, e in enumerate(events) if isinstance(e, TurnEnded)]
    assert events.index(claimed[0]) < ended[0]


def test_several_lines_may_pay_in_one_turn_and_a_claimed_line_never_again() -> None:
    """BOOTLEG §4.6: a Big Barrel counts once; a claimed space stays claimed."""
    state = scene()
    for cell in (1, 3, 4, 5, 6, 7, 8, 9):
        barrels(state, cell, (0, "plain"))
    szmal(state, 0, 0)
    state.expansion[2] = 1
    apply(state, 0, "smuggler:2")
    apply(state, 0, "place:big")
    # all 3 rows, all 3 columns and both diagonals but row 3 (claimed): 7 × 2$ + 1$ Advance
    if state.pending[0].seat == 0:
        apply(state, 0, "end")
    assert state.players[0].szmal == 15 and state.expansion.count(0) == 7


def test_moves_need_an_envoy_on_the_board() -> None:
    """BOOTLEG §2.3: only active Envoys on the board move."""
    state = scene()
    envoys(state, {"smuggler": 5, "informant": 1, "troublemaker": 9}, inactive="dirty_cop")
    with pytest.raises(IllegalDecision):
        apply(state, 0, "dirty_cop:2")
    assert {o.split(":")[0] for o in state.pending[0].options} == {
        "smuggler",
        "informant",
        "troublemaker",
    }


def test_welcome_pays_on_every_arrival_but_never_a_discard() -> None:
    """BOOTLEG §7 [R every arrival]: a placement and a Post Office move arrive (the
    Troublemaker and the Precinct: test_abilities, test_services); a discard does not."""
    from engine.bootleg.events import Welcomed

    state = scene()
    token(state, 2, 6)  # Welcome on the Precinct
    events = apply(state, 0, "smuggler:2")
    events = apply(state, 0, "place:plain")
    assert Welcomed(0, 2) in events
    state = scene()
    token(state, 9, 6)  # Welcome on the Prison
    barrels(state, 8, (0, "plain"))
    envoys(state, {"smuggler": 5, "informant": 5, "troublemaker": 5})
    apply(state, 0, "smuggler:8")
    assert Welcomed(0, 9) in apply(state, 0, "service:post_office:1:9")
    state = scene()
    token(state, 2, 6)
    barrels(state, 2, (1, "plain"), (1, "plain"))
    apply(state, 0, "smuggler:2")
    assert not any(isinstance(e, Welcomed) for e in apply(state, 0, "place:plain"))
