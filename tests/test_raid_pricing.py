"""The hard boss prices a raid by what its outcomes do to its chance to win (RULES §8.1):
the race told by how it ends agrees with its ends counted one by one, and the price follows the
stakes — a mark that wins the match, a raid that would wipe it out, a payment that would."""

from __future__ import annotations

import itertools
import math

import pytest

from engine.chicago.computer.chances import raid_pays, standing
from engine.chicago.computer.hard import HARD_BOSS, instinct
from engine.chicago.computer.normal import raid_worth
from engine.chicago.computer.odds import race_ends
from engine.chicago.decisions import Decision, DecisionKind, PayOrRaidFacts, Pending
from engine.chicago.state import MatchState
from tests.test_hard_level import first_position


@pytest.mark.parametrize(
    ("need", "spare", "p"),
    list(itertools.product((1, 7, 20), (1, 12, 20), (0.25, 0.5, 21 / 36))),
)
def test_the_race_told_by_its_ends_agrees_with_every_way_it_can_end(
    need: int, spare: int, p: float
) -> None:
    """Against the ends counted one by one: a won race ends on the `need`-th round won
    after k lost, a lost one on the `spare`-th round lost after j won (RULES §8.1.4)."""
    won = [math.comb(need - 1 + k, k) * p**need * (1 - p) ** k for k in range(spare)]
    lost = [math.comb(spare - 1 + j, j) * (1 - p) ** spare * p**j for j in range(need)]
    chance, own_if_won, theirs_if_lost = race_ends(need, spare, p)
    assert chance == pytest.approx(sum(won))
    assert sum(won) + sum(lost) == pytest.approx(1.0)
    assert own_if_won == pytest.approx(sum(k * c for k, c in enumerate(won)) / sum(won))
    assert theirs_if_lost == pytest.approx(sum(j * c for j, c in enumerate(lost)) / sum(lost))
    assert 0 <= own_if_won < spare and 0 <= theirs_if_lost < need


def a_boss_facing_a_rivals_fine() -> MatchState:
    """A position from normal play where a boss may pay a rival boss or raid it."""

    def facing(state: MatchState, pending: Pending) -> bool:
        if pending.kind is not DecisionKind.PAY_OR_RAID or "raid" not in pending.available():
            return False
        facts = pending.facts_as(PayOrRaidFacts)
        return not facts.inspection and state.sides[pending.seat].cash > 3 * facts.fine

    return first_position(facing, "a boss may pay or raid a rival")


def stakes(state: MatchState) -> tuple[int, int, int, int]:
    pending = state.pending
    assert pending is not None
    facts = pending.facts_as(PayOrRaidFacts)
    return pending.seat, facts.owner, facts.business, facts.fine


def even_sides(state: MatchState, seat: int, owner: int, people: int = 60) -> None:
    for side in state.sides:
        side.marks = 0
    state.sides[seat].people = people
    state.sides[owner].people = people


def test_an_even_raid_that_would_win_the_match_is_taken() -> None:
    state = a_boss_facing_a_rivals_fine()
    seat, owner, business, fine = stakes(state)
    even_sides(state, seat, owner)
    state.sides[seat].marks = state.setup.options.marks_to_win - 1
    assert raid_pays(state, seat, owner, business, fine)


def test_a_raid_that_would_wipe_out_a_small_gang_is_refused() -> None:
    state = a_boss_facing_a_rivals_fine()
    seat, owner, business, fine = stakes(state)
    even_sides(state, seat, owner)
    state.sides[seat].people = 4  # four losses end it; the rival must lose twenty
    assert not raid_pays(state, seat, owner, business, fine)


def test_a_fine_that_would_put_the_boss_out_is_raided_at_any_chance() -> None:
    state = a_boss_facing_a_rivals_fine()
    seat, owner, business, fine = stakes(state)
    even_sides(state, seat, owner)
    state.sides[seat].people = 4
    assert not raid_pays(state, seat, owner, business, fine)
    # RULES §11.1: a payment that leaves $0 puts the boss out; a raid still might not.
    assert raid_worth(state, seat, owner, business, state.sides[seat].cash, HARD_BOSS)


def test_a_dearer_fine_never_turns_a_raid_into_a_payment() -> None:
    state = a_boss_facing_a_rivals_fine()
    seat, owner, business, _ = stakes(state)
    cash = state.sides[seat].cash
    for people in (8, 15, 25, 40, 80, 120):
        state.sides[seat].people = people
        choices = [raid_pays(state, seat, owner, business, bill) for bill in range(0, cash, 250)]
        # Once raiding beats paying, it beats every dearer payment too.
        assert choices == sorted(choices), people


def test_the_hard_boss_decides_by_the_price() -> None:
    state = a_boss_facing_a_rivals_fine()
    seat, owner, business, fine = stakes(state)
    pending = state.pending
    assert pending is not None
    seen = set()
    for people in (4, 30, 120):
        state.sides[seat].people = people
        expected = "raid" if raid_pays(state, seat, owner, business, fine) else "pay"
        assert instinct(state, pending) == Decision(expected)
        seen.add(expected)
    assert seen == {"raid", "pay"}  # the price, not a fixed answer, decided


def test_a_side_certain_to_win_or_lose_stands_at_one_or_zero() -> None:
    state = a_boss_facing_a_rivals_fine()
    seat, owner, _, _ = stakes(state)
    odds = [standing(state, s.seat) for s in state.sides if not s.eliminated]
    assert sum(odds) == pytest.approx(1.0)
    state.sides[owner].eliminated = True
    assert standing(state, owner) == 0.0
    assert 0.0 < standing(state, seat) < 1.0
