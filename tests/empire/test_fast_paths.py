"""The tables and shortcuts that keep Empire's rules fast say what the slow ways said:
the reach of a car from the distance table (EMPIRE §2.5), the free Business pieces in
§3.6's order, Power Points counted in one pass (§11), the cheap bound that skips the
10-PP check, and decision texts read once."""

from __future__ import annotations

import random

import pytest

from engine.empire import Decision, EmpireState, IllegalDecision, new_match
from engine.empire.actions import free_piece, placed_pieces
from engine.empire.board import DISTANCE, SQUARES, reach, within
from engine.empire.cards import PIECES, SIZES, BusinessKind
from engine.empire.events import Event
from engine.empire.gang import is_working, may_reach_win, power, powers
from engine.empire.random_play import play_random
from engine.empire.state import WIN_POWER


def test_the_reach_table_is_every_square_within_the_steps_in_order() -> None:
    for square in SQUARES:
        for steps in range(-1, 16):
            expected = sorted(sq for sq in SQUARES if DISTANCE[square][sq] <= steps)
            assert list(reach(square, steps)) == expected == sorted(within(square, steps))
    assert reach(1, 1) == (1, 2, 24) and reach(4, 0) == (4,)


def test_a_free_piece_is_the_first_unplaced_of_its_size_and_kind() -> None:
    state = new_match(4, seed=3)
    placed = placed_pieces(state)
    for size in SIZES:
        for kind in BusinessKind:
            scan = [p.id for p in PIECES.values() if p.size == size and p.kind is kind]
            expected = next((p for p in scan if p not in placed), "")
            assert free_piece(state, size, kind) == expected
            assert free_piece(state, size, kind, placed) == expected
    taken = next(iter(placed))
    size, kind = PIECES[taken].size, PIECES[taken].kind
    assert free_piece(state, size, kind) != taken


def reference_power(state: EmpireState, seat: int) -> int:
    """EMPIRE §11 written the plain way, one seat at a time."""
    player = state.players[seat]
    points = sum(
        SIZES[PIECES[b.piece].size].power for b in state.lots.values() if b.owner == seat and b.open
    )
    points += sum(1 for done in player.jobs.values() if done)
    points += 1 if state.respect == seat else 0
    working = [m for m, place in player.mobsters.items() if is_working(place)]
    return points + len(working) // 2


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_power_points_and_their_bound_agree_with_the_plain_count(seats: int) -> None:
    state = new_match(seats, seed=40 + seats)
    bounded: list[int] = []

    def look(state: EmpireState, seat: int, decision: Decision, events: list[Event]) -> None:
        expected = [reference_power(state, s) for s in range(len(state.players))]
        assert powers(state) == expected
        assert [power(state, s) for s in range(len(state.players))] == expected
        if not may_reach_win(state):
            bounded.append(max(expected))
            assert max(expected) < WIN_POWER

    play_random(state, seed=seats, after=look)
    assert bounded, "the bound never skipped the check"


def test_a_decision_text_read_twice_is_the_same_decision() -> None:
    first, again = Decision.parse("pickup:WHA:0.2.0"), Decision.parse("pickup:WHA:0.2.0")
    assert first == again == Decision("pickup", ("WHA", "0.2.0"))
    assert str(again) == "pickup:WHA:0.2.0"


@pytest.mark.parametrize("text", ["bad kind:1", "move:S 1", "x" * 91, ""])
def test_a_malformed_text_is_refused_every_time(text: str) -> None:
    for _ in range(2):
        with pytest.raises(IllegalDecision):
            Decision.parse(text)


def test_random_decisions_parsed_from_text_match_the_ones_built() -> None:
    rng = random.Random(5)
    for _ in range(200):
        args = tuple(str(rng.randrange(100)) for _ in range(rng.randrange(4)))
        built = Decision("bid", args)
        assert Decision.parse(str(built)) == built
