"""Seeded random play keeps the invariants (BOOTLEG §10): every gang's 9 Barrels are in
supply, on the board, discarded or blown away; nobody's Szmal below 0; exactly 9 turns
per player; every offered option is legal and anything else is refused with the state
unchanged; replay and JSON give the same match."""

from __future__ import annotations

import random

import pytest

from engine.bootleg import (
    BootlegOptions,
    BootlegState,
    Decision,
    IllegalDecision,
    Variant,
    apply,
    check,
    new_match,
    replay,
)
from engine.bootleg.events import Event, TurnEnded
from engine.bootleg.random_play import play_random

PROBES = ["end", "place:big", "place:bomb", "service:casino", "ability:smuggler",
          "smuggler:2", "informant:2-1", "bomb:detonate", "lucky:activate"]  # fmt: skip


def _invariants(state: BootlegState, seat: int, decision: Decision, events: list[Event]) -> None:
    placed = [0] * len(state.players)
    for site in state.sites:
        assert len(site.barrels) <= state.open_spaces and site.pot >= 0
        for b in site.barrels:
            placed[b.owner] += 1
    for p in state.players:
        assert p.szmal >= 0
        assert len(p.supply) + placed[p.seat] + len(p.discarded) + len(p.removed) == 9
    assert state.result is not None or state.pending


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_matches_keep_the_invariants_and_end(players: int) -> None:
    """BOOTLEG §10: exactly 9 × players turns; the match always ends."""
    for seed in range(8):
        variant = Variant.OPEN if seed % 2 else Variant.SECRET
        state = new_match(players, seed=seed * 7 + players, options=BootlegOptions(variant))
        turns = 0

        def count(s: BootlegState, seat: int, d: Decision, ev: list[Event]) -> None:
            nonlocal turns
            turns += sum(isinstance(e, TurnEnded) for e in ev)
            _invariants(s, seat, d, ev)

        log = play_random(state, seed, after=count)
        assert state.result is not None and turns == 9 * players == state.turns
        assert all(not p.supply for p in state.players)
        assert len(log) <= 9 * players * 5 + 2
        again, _ = replay(state.setup, log)
        assert again.to_json() == state.to_json()
        assert BootlegState.from_json(state.to_json()).to_json() == state.to_json()


def test_every_offered_option_is_legal_and_others_are_refused() -> None:
    """BOOTLEG §4.4, §12: the options are the single source of truth."""
    rng = random.Random(3)
    for seed in range(6):
        state = new_match(2 + seed % 3, seed=seed)
        while state.result is None:
            asked = state.pending[0]
            for option in asked.options:
                check(state, asked.seat, option)
            before = state.to_json()
            for probe in PROBES + [f"{o}x" for o in asked.options[:2]]:
                for seat in range(len(state.players)):
                    if seat == asked.seat and probe in asked.options:
                        continue
                    with pytest.raises(IllegalDecision):
                        apply(state, seat, probe)
            assert state.to_json() == before
            apply(state, asked.seat, rng.choice(asked.options))
