"""The easy computer level (engine/computer/easy.py): a beginner who takes part — raids,
buys, bribes — but misjudges raids, and whose matches end as soon as anyone else's."""

from __future__ import annotations

import random

import pytest

from engine.chicago import Decision, DecisionKind, MatchState, PlayerSpec, apply, new_match
from engine.chicago.computer import choose
from engine.chicago.computer.easy import choose_easy
from engine.chicago.computer.odds import raid_odds
from engine.chicago.decisions import BribeOrRaidFacts, PayOrRaidFacts
from engine.chicago.testing import give, place
from tests.engine.scenes import asks, match, set_cash, turn

LOTS = 200  # decision generators tried where a beginner's reading of the odds matters
ROUND_BOUND = 60  # all-easy matches end well inside this (normal tables: ~33 rounds)


def pay_or_raid(attacker_people: int, defender_people: int, seed: int = 1) -> MatchState:
    """Seat 0 lands on seat 1's Nightlife business (space 12) and must pay or raid."""
    state = match(bosses=2, seed=seed)
    state.police.position = 18
    give(state, 1, 12)
    state.sides[0].people = attacker_people
    state.sides[1].people = defender_people
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.PAY_OR_RAID, 0)
    return state


def choices(state: MatchState) -> list[str]:
    """The easy level's answer to the pending decision under many different lots."""
    pending = state.pending
    assert pending is not None
    return [str(choose_easy(state, pending, random.Random(lot))) for lot in range(LOTS)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_easy_raids_a_weak_business_holder(seed: int) -> None:
    """RULES §8.1: 50 soldiers against an owner left with 8 is a raid anyone would take:
    the business and a mark, nearly for sure."""
    state = pay_or_raid(50, 8, seed)
    assert raid_odds(state, 0, 1)[0] > 0.99
    assert choose(state, 0, "easy") == Decision("raid")
    assert set(choices(state)) == {"raid"}


def test_easy_does_not_pay_itself_to_zero_when_it_can_raid() -> None:
    """RULES §11.1: a payment leaving $0 puts the payer out. Even a beginner raids instead,
    however the raid looks (here an even one)."""
    state = pay_or_raid(50, 50)
    pending = state.pending
    assert pending is not None and isinstance(pending.facts, PayOrRaidFacts)
    set_cash(state, 0, pending.facts.fine)
    assert set(choices(state)) == {"raid"}


def test_easy_raids_police_rather_than_commit_a_bribe_it_cannot_pay() -> None:
    """RULES §8.2: a committed bribe it cannot pay puts a boss out; with less than the top
    bribe in hand the beginner raids police, even a police force as strong as itself."""
    state = match(bosses=2)
    state.police.position = 12
    state.police.people = 50
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    pending = state.pending
    assert pending is not None and isinstance(pending.facts, BribeOrRaidFacts)
    set_cash(state, 0, pending.facts.top_bribe)
    assert set(choices(state)) == {"raid"}


def test_easy_bribes_a_strong_police_force_at_times() -> None:
    """RULES §8.2: facing police with twice its soldiers and cash to spare, the beginner
    bribes at least sometimes — it takes part in encounters rather than always raiding."""
    state = match(bosses=2)
    state.police.position = 12
    state.police.people = 100
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    assert "bribe" in choices(state)


def test_easy_sometimes_misjudges_a_close_raid() -> None:
    """RULES §8.1: a raid ends at 20 losses or 0 people, so 18 soldiers against 50 is a
    raid likely lost (37%) and 50 against 18 one likely won (63%). A beginner reads such
    odds by eye: it sometimes takes the losing raid and sometimes pays rather than take
    the winning one, though it takes the winning one more often."""
    losing = pay_or_raid(18, 50)
    winning = pay_or_raid(50, 18)
    assert raid_odds(losing, 0, 1)[0] < 0.4 < 0.6 < raid_odds(winning, 0, 1)[0]
    took_losing = choices(losing).count("raid")
    took_winning = choices(winning).count("raid")
    assert 0 < took_losing < took_winning < LOTS


def test_easy_buys_the_business_it_lands_on_with_cash_to_spare() -> None:
    """RULES §9: taking control is what a newcomer does first."""
    state = match(bosses=2)
    state.police.position = 18
    place(state, 0, 22)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.ACTION, 0)
    assert choose(state, 0, "easy") == Decision("control")


def test_easy_choices_replay_from_the_match_seed() -> None:
    """The same state gives the same choice: the lots come from the match seed and the
    decision count, never from global randomness."""
    first = [choose(pay_or_raid(45, 50, seed), 0, "easy") for seed in range(1, 30)]
    random.seed(99)
    again = [choose(pay_or_raid(45, 50, seed), 0, "easy") for seed in range(1, 30)]
    assert first == again
    assert len(set(first)) == 2  # different seeds, different lots


@pytest.mark.parametrize("bosses", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_all_easy_matches_end_within_a_bounded_number_of_rounds(bosses: int, seed: int) -> None:
    """Easy seats fight for marks (RULES §8.1.7) instead of hoarding until the bank runs
    dry (§11.3): every all-easy match ends within ROUND_BOUND rounds."""
    players = [PlayerSpec(f"Easy {i}", "easy") for i in range(bosses)]
    state = new_match(bosses, seed, None, players, PlayerSpec("Police", "easy"))
    while state.result is None:
        assert state.round <= ROUND_BOUND, "the match outlasted the bound"
        pending = state.pending
        assert pending is not None
        apply(state, pending.seat, choose(state, pending.seat))
    assert state.round <= ROUND_BOUND
