"""Computer players read only their seat's view: they cannot see another hand, the draw
pile or a secret commitment, and every choice they make is legal."""

from __future__ import annotations

import random

import pytest

from engine.common.seats import PlayerSpec
from engine.turf import TurfState, apply, new_match, player_view
from engine.turf.computer import LEVELS, choose, play_computers
from engine.turf.testing import hand, scene, thugs


def _hidden_twin(state: TurfState, seat: int, seed: int) -> TurfState:
    """The same match but other hands and the draw pile dealt differently."""
    twin = TurfState.from_json(state.to_json())
    others = [p for p in twin.players if p.seat != seat]
    pool = twin.draw + [c for p in others for c in p.hand]
    random.Random(seed).shuffle(pool)
    for p in others:
        p.hand, pool = pool[: len(p.hand)], pool[len(p.hand) :]
    twin.draw = pool
    return twin


@pytest.mark.parametrize("level", LEVELS)
def test_a_computer_decides_the_same_whatever_it_cannot_see(level: str) -> None:
    """TURF §10: two states that differ only in hidden facts give the same decision."""
    for seed in range(4):
        state = new_match(4, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randint(20, 80)):
            if state.result is not None:
                break
            seat = state.pending[0].seat
            apply(state, seat, choose(player_view(state, seat), "random"))
        if state.result is not None:
            continue
        seat = state.pending[0].seat
        twin = _hidden_twin(state, seat, seed)
        assert twin.to_json() != state.to_json() or not any(p.hand for p in state.players)
        mine, theirs = player_view(state, seat), player_view(twin, seat)
        assert mine.to_json() == theirs.to_json()
        assert choose(mine, level) == choose(theirs, level)


def test_a_computer_defends_without_knowing_the_attack() -> None:
    """TURF §4.3.1: the defender's choice is the same whatever the attacker committed."""
    answers = set()
    for attack in ("commit:1:0:-", "commit:4:0:-"):
        state = scene(buildings={"35": 1})
        thugs(state, 1, idle=3)
        hand(state, 0, "3c", "5h")
        apply(state, 0, "infiltrate:35:3c.5h")
        apply(state, 0, attack)
        answers.add(str(choose(player_view(state, 1), "normal")))
    assert answers == {"commit:3:0:-"}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 5])
def test_computer_matches_finish_with_legal_choices(level: str, players: int) -> None:
    specs = [PlayerSpec(f"P{i}", level) for i in range(players)]
    state = new_match(specs, seed=players)
    play_computers(state)
    assert state.result is not None


def test_normal_takes_a_free_building_it_can_name() -> None:
    state = scene(buildings={"35": -1, "72": 1})
    hand(state, 0, "3c", "5h", "7d", "2s")
    assert str(choose(player_view(state, 0), "normal")) == "infiltrate:35:3c.5h"


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError):
        choose(player_view(new_match(2), 0), "genius")


def test_computer_lots_differ_from_match_to_match() -> None:
    """A random seat draws from the public board layout, so seeds give other matches."""
    lengths = set()
    for seed in range(6):
        state = new_match([PlayerSpec(f"P{i}", "random") for i in range(2)], seed=seed)
        play_computers(state)
        lengths.add(state.seq)
    assert len(lengths) > 2
