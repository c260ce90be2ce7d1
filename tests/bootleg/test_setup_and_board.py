"""Setup, the city, the track and the pieces (BOOTLEG §1-§3, §13)."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest

from engine.bootleg import BootlegOptions, Variant, new_match
from engine.bootleg.board import LINES, MOVE_PATHS, NEIGHBOURS, PATHS
from engine.bootleg.envoys import to_front
from engine.bootleg.gangs import BY_KEY, GANGS
from engine.bootleg.locations import LOCATIONS
from engine.bootleg.tokens import TOKENS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_each_with_a_gang_of_nine(players: int) -> None:
    """BOOTLEG §1 [R players]: 2-4 gangs of 9 Barrels; BOOTLEG §2.5 [R colours] [R starting
    szmal]: Rotten 1$, Devils 1$, Lucky Joe 2$, Golden 2$."""
    state = new_match(players, seed=players)
    assert len({p.gang for p in state.players}) == players
    for p in state.players:
        assert len(p.supply) == 9 and p.szmal == BY_KEY[p.gang].szmal
    assert [g.szmal for g in GANGS] == [1, 1, 2, 2]
    assert [g.colour for g in GANGS] == ["blue", "red", "green", "yellow"]
    assert Counter(BY_KEY["devils"].barrels()) == {"plain": 6, "fake": 2, "bomb": 1}
    with pytest.raises(ValueError):
        new_match(5)
    with pytest.raises(ValueError):
        new_match(1)


def test_the_nine_locations_and_their_table() -> None:
    """BOOTLEG §2.1 [R nine locations] [R prison no service]: the 9 Locations, Values 42$,
    Pots 11$, the Prison without a Service; BOOTLEG §2 components."""
    assert len(LOCATIONS) == 9
    assert sum(c.value for c in LOCATIONS) == 42 and sum(c.pot for c in LOCATIONS) == 11
    assert [c.key for c in LOCATIONS if not c.service] == ["prison"]
    state = new_match(3, seed=4)
    assert sum(s.pot for s in state.sites) == 11 and state.site(5).key == "station"
    assert sorted(s.key for s in state.sites) == sorted(c.key for c in LOCATIONS)


def test_open_spaces_are_as_many_as_the_players() -> None:
    """BOOTLEG §2.1 [R spaces]: spaces 1, 2 open; 3+ with 3 players, 4+ with 4; so the city
    holds exactly as many Barrels as the players own. [R casino colours] is tested in
    test_services (Casino)."""
    for players in (2, 3, 4):
        state = new_match(players, seed=1)
        assert state.open_spaces == players
        assert state.open_spaces * 9 == 9 * players


def test_the_board_neighbours_lines_and_paths() -> None:
    """BOOTLEG §2.2 [R board]: side neighbours only, 8 lines with a 2$ Expansion space."""
    assert NEIGHBOURS[1] == (2, 4) and NEIGHBOURS[5] == (2, 4, 6, 8)
    assert all(a in NEIGHBOURS[b] for a in NEIGHBOURS for b in NEIGHBOURS[a])
    assert len(LINES) == 8
    state = new_match(2, seed=2)
    assert state.expansion == [-1] * 8


def test_paths_never_re_enter_a_location() -> None:
    """BOOTLEG §4.1: exactly `range` steps, each to a neighbour, never back into a cell
    on the path, the start included; BOOTLEG §4.1 [R always a path]: every range 1-3
    has one from every cell, and odd ranges change the chessboard colour."""
    for (start, steps), paths in PATHS.items():
        assert paths, (start, steps)
        for path in paths:
            cells = (start, *path)
            assert len(path) == steps and len(set(cells)) == len(cells)
            assert all(b in NEIGHBOURS[a] for a, b in pairwise(cells))
            assert (start + path[-1]) % 2 == steps % 2
    assert (5, 2, 5) not in PATHS[5, 3]  # never back to the start


def test_the_track_update() -> None:
    """BOOTLEG §2.3 [R track update]: the worked example."""
    track = ["smuggler", "informant", "dirty_cop"]
    to_front(track, "dirty_cop")
    assert track == ["dirty_cop", "smuggler", "informant"]
    to_front(track, "smuggler")
    assert track == ["smuggler", "dirty_cop", "informant"]
    to_front(track, "smuggler")
    assert track == ["smuggler", "dirty_cop", "informant"]


def test_twelve_tokens_nine_placed_three_out() -> None:
    """BOOTLEG §2.4 [R token names]: 12 tokens; BOOTLEG §3: one face down on each
    Location, 3 out of the game."""
    assert [t.number for t in TOKENS] == list(range(1, 13))
    state = new_match(2, seed=9)
    placed = [s.token for s in state.sites]
    assert sorted(placed + state.out_tokens) == list(range(1, 13))
    assert not any(s.face_up for s in state.sites)


def test_setup_order_is_fixed_by_the_match_seed() -> None:
    """BOOTLEG §13: seats, gangs, cells, tokens, Envoys each one shuffle, in that order;
    BOOTLEG §3 [R gangs dealt] [R track drawn]: gangs dealt at random and the 3 active
    kinds take the track in the order drawn, their copies on the Station."""
    a, b = new_match(4, seed=21), new_match(4, seed=21)
    assert a.to_json() == b.to_json()
    layouts = {tuple(s.key for s in new_match(4, seed=s).sites) for s in range(20)}
    gangs = {tuple(p.gang for p in new_match(4, seed=s).players) for s in range(20)}
    tracks = {tuple(new_match(4, seed=s).track) for s in range(30)}
    assert len(layouts) > 10 and len(gangs) > 5 and len(tracks) > 10
    assert set(a.envoys.values()) == {5} and len(a.envoys) == 3
    assert a.inactive not in a.track and set(a.envoys) == set(a.track)
    names = {p.name for p in new_match(4, seed=3).players}
    assert names == {"Gang 1", "Gang 2", "Gang 3", "Gang 4"}


def test_the_open_variant_shows_every_token() -> None:
    """BOOTLEG §3 [R open variant]: all 9 face up at once, the 3 out shown too."""
    state = new_match(2, seed=9, options=BootlegOptions(Variant.OPEN))
    assert all(s.face_up for s in state.sites)
    from engine.bootleg import player_view

    assert len(player_view(state, None).out_tokens) == 3
    assert player_view(new_match(2, seed=9), None).out_tokens == ()


def test_smuggler_paths_are_offered_only_where_they_differ() -> None:
    """BOOTLEG §14 [R discord]: at most 3 paths to one end differ for the Smuggler; other
    Envoys get one path per end."""
    for (start, steps, by_set), paths in MOVE_PATHS.items():
        ends = Counter(p[-1] for p in paths)
        assert max(ends.values()) <= (3 if by_set else 1), (start, steps)
