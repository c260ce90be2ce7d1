"""Envoy abilities and the Dirty Cop's protection (BOOTLEG §5)."""

from __future__ import annotations

from engine.bootleg import apply
from engine.bootleg.events import AdvanceTaken, BarrelMoved, TokensExchanged, Welcomed
from engine.bootleg.testing import barrels, envoys, scene, szmal, to_turn, token


def test_dirty_cop_protection() -> None:
    """BOOTLEG §5 [R protection]: no ability uses the Dirty Cop's Location, but the normal
    Advance, placing and Services still work there."""
    state = scene()
    envoys(state, {"informant": 5, "smuggler": 5, "dirty_cop": 2})  # Smuggler range 2
    apply(state, 0, "smuggler:2-1")
    assert "ability:smuggler" not in state.pending[0].options  # its only Pot is guarded
    state = scene()
    envoys(state, {"informant": 5, "smuggler": 5, "dirty_cop": 1})
    apply(state, 0, "smuggler:2-1")
    assert state.site(1).pot == 0  # the Advance in the guarded Casino
    assert "ability:smuggler" in state.pending[0].options
    state = scene()
    envoys(state, {"smuggler": 5, "informant": 5, "dirty_cop": 2})  # Informant range 2
    apply(state, 0, "informant:2-3")  # passing the Dirty Cop is allowed
    assert state.pending[0].group("ability") == ["ability:informant:6"]  # not into cell 2
    state = scene()
    envoys(state, {"smuggler": 5, "dirty_cop": 1, "troublemaker": 5}, inactive="informant")
    barrels(state, 4, (1, "plain"))
    apply(state, 0, "troublemaker:2-1-4")  # the Dirty Cop passed nothing; it stands on 1
    assert state.pending[0].group("ability") == ["ability:troublemaker:5", "ability:troublemaker:7"]


def test_the_smuggler_takes_from_every_pot_it_passed() -> None:
    """BOOTLEG §5.1: every Location entered before the last step, skipping empty Pots and
    Dry Pots; the end Location gave the normal Advance."""
    state = scene()
    envoys(state, {"informant": 5, "troublemaker": 5, "smuggler": 5})  # Smuggler range 3
    apply(state, 0, "smuggler:2-1-4")
    assert state.pending[0].group("ability") == ["ability:smuggler"]
    events = apply(state, 0, "ability:smuggler")
    assert AdvanceTaken(0, (2, 1), smuggler=True) in events
    assert state.players[0].szmal == 1 + 1 + 2 and state.site(1).pot == state.site(2).pot == 0
    state = scene()
    envoys(state, {"informant": 5, "troublemaker": 5, "smuggler": 5})
    state.site(2).pot = 0
    token(state, 1, 7)  # Dry Pot on the Casino
    apply(state, 0, "smuggler:2-1-4")
    assert state.pending[0].group("ability") == []
    state = scene()
    apply(state, 0, "smuggler:2")
    assert state.pending[0].group("ability") == []  # range 1: nothing passed


def test_the_smuggler_reads_pots_and_the_dirty_cop_when_used() -> None:
    """BOOTLEG §5.1 [R read when used]: a Railway Station exchange in between counts."""
    state = scene()
    envoys(state, {"informant": 1, "troublemaker": 9, "smuggler": 4}, inactive="dirty_cop")
    apply(state, 0, "smuggler:1-2-5")
    assert "ability:smuggler" in state.pending[0].options
    apply(state, 0, "service:station:informant")  # the Dirty Cop comes in on cell 1
    assert state.envoys["dirty_cop"] == 1
    events = apply(state, 0, "ability:smuggler")
    assert AdvanceTaken(0, (2,), smuggler=True) in events


def test_the_informant_exchanges_tokens_face_and_all() -> None:
    """BOOTLEG §5.2: each token keeps its face; nothing is revealed; BOOTLEG §2.4 [R token
    travels]: a face-up token's effect goes with it."""
    state = scene()
    apply(state, 0, "informant:2-1")  # reveals the Casino's token 1
    events = apply(state, 0, "ability:informant:2")
    assert TokensExchanged(0, (1, 2), (0, 1)) in events
    assert (state.site(1).token, state.site(1).face_up) == (2, False)
    assert (state.site(2).token, state.site(2).face_up) == (1, True)
    state = scene()
    token(state, 2, 7)  # a face-up Dry Pot moves from the Precinct to the Casino
    envoys(state, {"smuggler": 5, "informant": 5, "troublemaker": 5})
    apply(state, 0, "informant:2-3")
    apply(state, 0, "ability:informant:2")
    assert state.site(3).token == 7 and state.site(3).face_up


def test_troublemaker_vs_big_barrel() -> None:
    """BOOTLEG §5.3: the rightmost Barrel to a neighbour's leftmost free space, before
    placing; a Big Barrel only for the Rotten Guys; BOOTLEG §8.2 protection."""
    state = scene(("rotten", "devils"))
    barrels(state, 4, (1, "plain"), (0, "big"))
    to_turn(state, 1)
    apply(state, 1, "troublemaker:2-1-4")
    assert state.pending[0].group("ability") == []
    state = scene(("rotten", "devils"))
    barrels(state, 4, (1, "plain"), (0, "big"))
    token(state, 7, 6)  # Welcome on the Hotel
    apply(state, 0, "troublemaker:2-1-4")
    assert "ability:troublemaker:7" in state.pending[0].options
    events = apply(state, 0, "ability:troublemaker:7")
    assert BarrelMoved(0, 0, "big", 4, 7, 1, "troublemaker") in events
    assert Welcomed(0, 7) in events
    apply(state, 0, "place:plain")
    assert "ability:troublemaker:1" not in state.pending[0].options  # only before placing
    state = scene(("rotten", "devils"))
    barrels(state, 4, (1, "plain"), (0, "big"))
    token(state, 4, 12)  # No Tricks: the Big Barrel is a plain Barrel there
    to_turn(state, 1)
    apply(state, 1, "troublemaker:2-1-4")
    assert "ability:troublemaker:7" in state.pending[0].options


def test_the_dirty_cop_makes_the_service_free() -> None:
    """BOOTLEG §5.4 [R free service]: cost 0 (Double Fee too), no separate Ability."""
    state = scene()
    envoys(state, {"dirty_cop": 5, "smuggler": 5, "informant": 5}, inactive="troublemaker")
    token(state, 4, 11)  # Double Fee on City Hall (cost 2 → 4)
    szmal(state, 0, 0)
    barrels(state, 1, (0, "plain"))
    apply(state, 0, "dirty_cop:4")
    options = state.pending[0].options
    assert "service:city_hall" in options and not state.pending[0].group("ability")
    apply(state, 0, "service:city_hall")
    assert state.players[0].szmal == 1 + 1 and state.site(4).pot == 0
