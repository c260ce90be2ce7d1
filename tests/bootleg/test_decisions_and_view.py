"""Decisions' text form, timeouts, leaving, replay, saved state, and BOOTLEG §11: what
each seat may know."""

from __future__ import annotations

import pytest

from engine.bootleg import (
    BootlegState,
    Decision,
    IllegalDecision,
    MatchOver,
    apply,
    new_match,
    player_view,
    replay,
    timeout_default,
    visible_events,
)
from engine.bootleg.computer import play_computers
from engine.bootleg.events import BarrelPlaced
from engine.bootleg.random_play import play_random
from engine.bootleg.testing import barrels, refresh, scene, to_end, to_turn
from engine.common.seats import PlayerSpec

TEXTS = [
    "smuggler:2-3-6", "dirty_cop:4", "ability:smuggler", "ability:informant:4",
    "ability:troublemaker:7", "service:casino", "service:precinct:4",
    "service:station:informant", "service:post_office:2:7", "place:plain", "place:good_goods",
    "end", "bomb:detonate", "bomb:hold", "lucky:activate", "lucky:decline", "leave",
]  # fmt: skip


@pytest.mark.parametrize("text", TEXTS)
def test_every_decision_text_round_trips(text: str) -> None:
    """BOOTLEG §12 [R move text]: a move is the kind and the cells entered."""
    d = Decision.parse(text)
    assert str(d) == text and Decision.parse(str(d)) == d and len(text) <= 90


@pytest.mark.parametrize(
    "text",
    ["", "smuggler", "smuggler:0", "smuggler:2-10", "ability:dirty_cop", "service:prison",
     "service:precinct", "service:station:x", "service:post_office:5:2", "place:gold",
     "bomb:yes", "ability:informant:04", "x" * 100, "service:casino:1", "end:1"],
)  # fmt: skip
def test_malformed_text_is_refused_by_name(text: str) -> None:
    with pytest.raises(IllegalDecision):
        Decision.parse(text)


def test_timeout_defaults() -> None:
    """BOOTLEG §12 [R timeouts]: the Envoy on track space 1, the lowest end cell, the lowest
    path; Place a Barrel (plain first), else End turn; the Bomb held, Lucky declined."""
    state = scene(("devils", "rotten"))
    assert str(timeout_default(state, 0)) == "smuggler:2"
    apply(state, 0, "informant:2-1")
    assert str(timeout_default(state, 0)) == "place:plain"
    state.players[0].supply = ["fake", "fake", "bomb"]
    refresh(state)
    assert str(timeout_default(state, 0)) == "place:fake"
    apply(state, 0, "place:fake")
    assert str(timeout_default(state, 0)) == "end"
    with pytest.raises(IllegalDecision):
        timeout_default(state, 1)
    state = scene(("devils", "lucky"))
    barrels(state, 1, (0, "bomb"), (1, "good_goods"))
    to_end(state)
    assert str(timeout_default(state, 0)) == "bomb:hold"
    apply(state, 0, "bomb:hold")
    assert str(timeout_default(state, 1)) == "lucky:decline"


def test_a_seat_that_leaves_gets_every_default() -> None:
    """BOOTLEG §12 [R leaver]: from then on its decisions are the defaults."""
    state = scene(("rotten", "devils"))
    apply(state, 1, "leave")
    apply(state, 0, "smuggler:2")
    apply(state, 0, "place:plain")
    assert state.turn.seat == 0 and state.turns == 2  # seat 1's turn played by itself
    assert state.players[1].left
    with pytest.raises(IllegalDecision):
        apply(state, 1, "leave")
    state = new_match(3, seed=4)
    for seat in range(3):
        apply(state, seat, "leave")
    assert state.result is not None  # everyone gone: the match ran to its end


def test_illegal_decisions_change_nothing() -> None:
    """BOOTLEG §4.4: the wrong seat, a decision not offered, a finished match."""
    state = new_match(3, seed=2)
    before = state.to_json()
    for seat, text in [(1, "smuggler:2"), (0, "place:plain"), (0, "end"), (7, "end")]:
        with pytest.raises(IllegalDecision):
            apply(state, seat, text)
    assert state.to_json() == before
    play_random(state, 1)
    with pytest.raises(MatchOver):
        apply(state, 0, "end")


def test_seed_and_decision_log_replay_a_match_exactly() -> None:
    """BOOTLEG §13: after setup the match is the decisions."""
    state = new_match(4, seed=11)
    log = play_random(state, 11)
    again, events = replay(state.setup, log)
    assert again.to_json() == state.to_json() and events


def test_saved_state_reads_back_identically() -> None:
    state = new_match(3, seed=5)
    log = play_random(state, 5)
    half = new_match(3, seed=5)
    for seat, text in log[: len(log) // 2]:
        apply(half, seat, text)
    assert BootlegState.from_json(half.to_json()).to_json() == half.to_json()
    assert BootlegState.from_json(state.to_json()).to_json() == state.to_json()


def test_views_hide_x_barrels_face_down_tokens_and_the_seed() -> None:
    """BOOTLEG §11 [R looks alike]: a Devils or Lucky Joe Special is "x" to others, in
    supply, on the board and in events; BOOTLEG §11: face-down tokens and the 3 out."""
    state = scene(("devils", "lucky"))
    to_turn(state, 0)
    apply(state, 0, "smuggler:2")
    events = apply(state, 0, "place:bomb")
    assert BarrelPlaced(0, 2, 1, "bomb") in events
    assert BarrelPlaced(0, 2, 1, "x") in visible_events(events, 1)
    assert BarrelPlaced(0, 2, 1, "x") in visible_events(events, None)
    assert BarrelPlaced(0, 2, 1, "bomb") in visible_events(events, 0)
    mine, theirs, public = player_view(state, 0), player_view(state, 1), player_view(state, None)
    assert mine.site(2).barrels[0].kind == "bomb" and theirs.site(2).barrels[0].kind == "x"
    assert theirs.players[0].supply == {"plain": 6, "x": 2}
    assert mine.players[0].supply == {"plain": 6, "fake": 2}
    assert public.site(1).token == 0 and public.out_tokens == ()
    assert public.pending == () and [w.seat for w in public.waiting] == [1]
    data = public.to_json()
    assert (
        b'"kind":"bomb"' not in data
        and b'"fake"' not in data
        and b"rng" not in data
        and b"seed" not in data
    )


def test_hidden_things_change_no_other_view() -> None:
    """BOOTLEG §11: two matches differing only in what a seat may not know look alike."""
    specs = [PlayerSpec(f"P{i}", "normal") for i in range(4)]
    state = new_match(specs, seed=8)
    play_computers(state, limit=30)
    twin = BootlegState.from_json(state.to_json())
    twin.out_tokens, hidden = twin.out_tokens[::-1], [s for s in twin.sites if not s.face_up]
    if len(hidden) >= 2:
        hidden[0].token, hidden[1].token = hidden[1].token, hidden[0].token
    devils = next(p.seat for p in twin.players if p.gang == "devils")
    for site in twin.sites:
        for b in site.barrels:
            if b.owner == devils and b.kind in ("bomb", "fake"):
                b.kind = "fake" if b.kind == "bomb" else "bomb"
    assert twin.to_json() != state.to_json()
    for seat in [None, *(s for s in range(4) if s != devils)]:
        assert player_view(twin, seat).to_json() == player_view(state, seat).to_json()


def test_specials_are_shown_at_the_end() -> None:
    """BOOTLEG §9.1 steps 2-3 and BOOTLEG §11: revealed then, discarded ones too."""
    state = scene(("devils", "lucky"))
    barrels(state, 1, (0, "fake"), (1, "cheap_gin"))
    state.players[0].discarded = ["bomb"]
    to_end(state)
    assert state.pending[0].seat == 1  # no Bomb on the board; Lucky Joe is asked
    view = player_view(state, None)
    assert [b.kind for b in view.site(1).barrels] == ["fake", "cheap_gin"]
    assert view.players[0].discarded == ("bomb",)
