"""Location Services (BOOTLEG §6) and Szmal's floor (§2.6). The scene city: Casino 1,
Precinct 2, Bank 3, City Hall 4, Station 5, Church 6, Hotel 7, Post Office 8, Prison 9."""

from __future__ import annotations

from engine.bootleg import apply
from engine.bootleg.events import BarrelMoved, SzmalChanged, Welcomed
from engine.bootleg.testing import barrels, envoys, scene, szmal, to_turn, token


def _money(state: object) -> list[int]:
    return [p.szmal for p in state.players]  # type: ignore[attr-defined]


def test_casino_pays_green_and_charges_red_netted() -> None:
    """BOOTLEG §6.1 [R casino netted]; BOOTLEG §2.1 [R casino colours]: 1 green, 2 red,
    3 green, 4 red; a Big Barrel counts 2 (§6)."""
    state = scene(("rotten", "devils", "lucky"))
    barrels(state, 1, (1, "plain"), (2, "plain"), (0, "big"))
    szmal(state, 2, 0)
    apply(state, 0, "informant:2-1")  # Advance 1$ from the Casino
    assert _money(state) == [2, 1, 0]
    events = apply(state, 0, "service:casino")
    assert _money(state) == [2 - 1 + 2, 2, 0] and state.site(1).pot == 1
    assert SzmalChanged(2, -1, 0, 0, "casino") in events  # short: loses what it has


def test_precinct_fine_when_short_and_welcome_first() -> None:
    """BOOTLEG §6.2 [R precinct fine 2] [R arrive then pay]: the Barrel arrives (Welcome
    pays 1$), then its owner pays 2$ into the Pot; BOOTLEG §2.6 [R floor]: short, they
    pay all they have."""
    state = scene(("rotten", "devils"))
    barrels(state, 3, (1, "plain"), (1, "fake"))
    token(state, 2, 6)  # Welcome on the Precinct
    szmal(state, 1, 0)
    apply(state, 0, "smuggler:2")
    assert state.pending[0].group("service") == ["service:precinct:3"]
    events = apply(state, 0, "service:precinct:3")
    assert BarrelMoved(0, 1, "fake", 3, 2, 1, "precinct") in events
    assert events.index(Welcomed(1, 2)) < events.index(SzmalChanged(1, -2, -1, 0, "precinct_fine"))
    assert state.players[1].szmal == 0 and state.site(2).pot == 0 + 1 + 1


def test_precinct_own_barrel_and_no_big_barrel() -> None:
    """BOOTLEG §6.2 [R own barrel]: one may move one's own Barrel and pay oneself;
    BOOTLEG §8.2 [R no service moves big]: not a Big Barrel, even the owner's."""
    state = scene()
    barrels(state, 1, (0, "plain"))
    barrels(state, 3, (1, "plain"), (0, "big"))
    szmal(state, 0, 5)
    apply(state, 0, "smuggler:2")
    assert state.pending[0].group("service") == ["service:precinct:1"]
    apply(state, 0, "service:precinct:1")
    assert state.players[0].szmal == 5 + 1 - 1 - 2 and state.site(2).barrels[0].owner == 0


def test_precinct_needs_room() -> None:
    """BOOTLEG §6.2: the Precinct must have a free open space."""
    state = scene()
    barrels(state, 1, (1, "plain"))
    barrels(state, 2, (1, "plain"), (1, "plain"))
    apply(state, 0, "smuggler:2")
    assert state.pending[0].group("service") == []


def test_bank_pays_the_barrel_count() -> None:
    """BOOTLEG §6.3: all players' Barrels, a Big Barrel 2."""
    state = scene()
    barrels(state, 3, (1, "plain"), (0, "big"))
    envoys(state, {"informant": 5, "smuggler": 5, "troublemaker": 5})
    apply(state, 0, "smuggler:2-3")
    before = state.players[0].szmal
    apply(state, 0, "service:bank")
    assert state.players[0].szmal == before - 1 + 3


def test_city_hall_pays_per_location_held_elsewhere() -> None:
    """BOOTLEG §6.4: City Hall itself not counted; cost 2."""
    state = scene()
    barrels(state, 4, (0, "plain"))
    barrels(state, 1, (0, "plain"), (1, "plain"))
    barrels(state, 9, (0, "plain"))
    szmal(state, 0, 2)
    apply(state, 0, "smuggler:4")
    apply(state, 0, "service:city_hall")
    assert state.players[0].szmal == 2 + 1 - 2 + 2


def test_the_station_exchange() -> None:
    """BOOTLEG §6.5 [R station any envoy]: any Envoy on the board, the moved one and the
    Dirty Cop included; the inactive kind enters at space 1; the chosen kind goes out;
    BOOTLEG §4.4 [R exchanged away]: the moved Envoy's ability is gone."""
    state = scene()
    envoys(state, {"informant": 1, "troublemaker": 9, "smuggler": 4}, inactive="dirty_cop")
    apply(state, 0, "smuggler:1-2-5")
    assert state.track == ["smuggler", "informant", "troublemaker"]
    assert state.pending[0].group("service") == [
        "service:station:smuggler", "service:station:informant", "service:station:troublemaker"
    ]  # fmt: skip
    apply(state, 0, "service:station:smuggler")
    assert state.envoys == {"informant": 1, "troublemaker": 9, "dirty_cop": 5}
    assert state.track == ["dirty_cop", "informant", "troublemaker"]
    assert state.inactive == "smuggler"
    assert state.pending[0].group("ability") == []


def test_the_church_costs_everyone() -> None:
    """BOOTLEG §6.6 [R church everyone]: 1$ per neighbouring Location held, the active
    player included."""
    state = scene()
    barrels(state, 3, (0, "plain"), (1, "plain"))
    barrels(state, 9, (1, "plain"))
    szmal(state, 0, 3)
    szmal(state, 1, 1)
    apply(state, 0, "smuggler:6")
    apply(state, 0, "service:church")
    assert _money(state) == [3 + 1 - 1 - 1, 0]


def test_the_hotel_counts_envoys_near_it() -> None:
    """BOOTLEG §6.7: 2$ per Envoy in the Hotel or a neighbour, the moved one too."""
    state = scene()
    envoys(state, {"smuggler": 4, "informant": 8, "troublemaker": 1})
    szmal(state, 0, 2)
    apply(state, 0, "smuggler:7")
    apply(state, 0, "service:hotel")
    assert state.players[0].szmal == 2 + 1 - 2 + 4


def test_post_office_gaps_close() -> None:
    """BOOTLEG §6.8 [R post any location]: an own Barrel to any Location with room; the
    row closes (§8.3); a Big Barrel never (§8.2)."""
    state = scene()
    barrels(state, 8, (0, "plain"), (1, "plain"), (0, "big"))
    barrels(state, 1, (1, "plain"), (1, "plain"))
    to_turn(state, 0)
    apply(state, 0, "smuggler:8")
    services = state.pending[0].group("service")
    assert services == [f"service:post_office:1:{c}" for c in (2, 3, 4, 5, 6, 7, 9)]
    apply(state, 0, "service:post_office:1:9")
    assert [(b.owner, b.kind) for b in state.site(8).barrels] == [(1, "plain"), (0, "big")]
    assert state.site(9).barrels[0].owner == 0


def test_the_prison_has_no_service() -> None:
    """BOOTLEG §6.9 [R prison]: no Service, not even the Dirty Cop's free one."""
    state = scene()
    envoys(state, {"dirty_cop": 8, "smuggler": 5, "informant": 5}, inactive="troublemaker")
    apply(state, 0, "dirty_cop:9")
    assert state.pending[0].group("service") == []


def test_services_need_the_full_cost() -> None:
    """BOOTLEG §4.4: not offered if the player cannot pay; Double Fee doubles it;
    BOOTLEG §2.6 [R whole numbers]: Szmal is whole numbers."""
    state = scene()
    token(state, 7, 11)  # Double Fee on the Hotel: 4$
    envoys(state, {"smuggler": 4, "informant": 5, "troublemaker": 5})
    szmal(state, 0, 2)
    apply(state, 0, "smuggler:7")
    assert state.players[0].szmal == 3 and state.pending[0].group("service") == []
    assert all(isinstance(p.szmal, int) for p in state.players)
