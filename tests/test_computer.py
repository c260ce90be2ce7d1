"""Computer players (engine/computer): always legal, always finishing, replayable, and
sensible in the situations that decide matches (RULES §8.1, §10, §13)."""

from __future__ import annotations

import pytest

from engine.chicago import (
    Decision,
    DecisionKind,
    IllegalDecision,
    MatchOver,
    MatchState,
    PlayerSpec,
    apply,
    check,
    new_match,
)
from engine.chicago.computer import LEVELS, choose, play_computers
from engine.chicago.computer.odds import race, raid_odds
from engine.chicago.state import TOTAL_MONEY
from engine.chicago.testing import give, place
from tests.engine.scenes import asks, decide, match, turn

MAX_DECISIONS = 20_000


def seated(bosses: int, seed: int, kinds: list[str], police: str) -> MatchState:
    players = [PlayerSpec(f"{kind} {i}", kind) for i, kind in enumerate(kinds)]
    return new_match(bosses, seed, None, players, PlayerSpec("Police", police))


def play_checked(state: MatchState) -> tuple[list[str], set[DecisionKind]]:
    """Play to the end; every computer decision must pass the engine's legality gate."""
    log: list[str] = []
    kinds: set[DecisionKind] = set()
    while state.result is None:
        assert len(log) < MAX_DECISIONS, "the match did not end"
        pending = state.pending
        assert pending is not None
        decision = choose(state, pending.seat)
        check(state, pending.seat, decision)  # raises IllegalDecision if not legal
        kinds.add(pending.kind)
        log.append(f"{pending.seat}:{decision}")
        apply(state, pending.seat, decision)
    return log, kinds


SEATINGS = [
    (2, ["normal", "normal"], "normal"),
    (3, ["easy", "normal", "random"], "normal"),
    (4, ["normal", "random", "random", "random"], "random"),
    (4, ["random", "random", "random", "random"], "normal"),
    (4, ["easy", "easy", "normal", "random"], "easy"),
    (2, ["random", "random"], "random"),
]


@pytest.mark.parametrize(("bosses", "kinds", "police"), SEATINGS)
def test_computer_players_choose_only_legal_options_and_matches_end(
    bosses: int, kinds: list[str], police: str
) -> None:
    seen: set[DecisionKind] = set()
    for seed in range(1, 6):
        state = seated(bosses, seed, kinds, police)
        _, kinds_seen = play_checked(state)
        seen |= kinds_seen
        assert state.result is not None
        assert state.bank + sum(s.cash for s in state.sides) == TOTAL_MONEY  # RULES §2.2
    assert {DecisionKind.ROLL, DecisionKind.ACTION, DecisionKind.FIGHT_OR_WITHDRAW} <= seen


def test_every_level_answers_every_decision_kind_legally() -> None:
    """Across a few dozen random matches, whatever is asked, each level answers it legally
    for the seat asked — boss or police, trade answers and meeting proposals included."""
    seen: set[DecisionKind] = set()
    for seed in range(1, 40):
        if seen == set(DecisionKind):
            break
        state = seated(4, seed, ["random"] * 4, "random")
        while state.result is None:
            pending = state.pending
            assert pending is not None
            for level in LEVELS:
                check(state, pending.seat, choose(state, pending.seat, level))
            seen.add(pending.kind)
            apply(state, pending.seat, choose(state, pending.seat, "random"))
    assert seen == set(DecisionKind)


def test_same_seed_same_choices() -> None:
    """Computer seats replay: randomness comes from the match seed, never global state."""
    kinds = ["random", "normal", "easy", "random"]
    first, _ = play_checked(seated(4, 11, kinds, "random"))
    second, _ = play_checked(seated(4, 11, kinds, "random"))
    assert first == second
    other, _ = play_checked(seated(4, 12, kinds, "random"))
    assert other != first


def test_choose_refuses_the_wrong_seat_an_unknown_level_and_a_finished_match() -> None:
    state = new_match(2, 1)
    with pytest.raises(IllegalDecision):
        choose(state, 1)
    with pytest.raises(ValueError, match="unknown computer level"):
        choose(state, 0, "grandmaster")
    play_checked(state)
    with pytest.raises(MatchOver):
        choose(state)


def test_play_computers_stops_at_a_human_seat() -> None:
    players = [PlayerSpec("Ann"), PlayerSpec("Bot", "normal")]
    state = new_match(2, 5, None, players, PlayerSpec("Police", "normal"))
    for _ in range(30):
        play_computers(state)
        if state.result is not None:
            break
        pending = state.pending
        assert pending is not None
        assert state.sides[pending.seat].computer is None
        apply(state, pending.seat, choose(state, pending.seat, "easy"))
    seats = [s for s in state.sides if s.computer is None]
    assert len(seats) == 1 and not seats[0].is_police


def test_raid_odds_are_exact_for_small_races() -> None:
    assert race(1, 1, 0.5) == (0.5, 0.5)
    assert race(2, 1, 0.5)[0] == pytest.approx(0.25)
    assert race(20, 20, 0.5)[0] == pytest.approx(0.5)
    chance, _ = race(5, 20, 0.5)
    assert chance > 0.99


# Scenes: seat 0 lands on seat 1's Bridgeport Chop House (fine $1,000), police on Heist.


def raid_scene(attacker_people: int = 50, defender_people: int = 50) -> MatchState:
    state = match(bosses=2)
    state.police.position = 18
    give(state, 1, 12)
    state.sides[0].people = attacker_people
    state.sides[1].people = defender_people
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.PAY_OR_RAID, 0)
    return state


def test_normal_takes_an_even_raid_only_with_soldiers_to_spare() -> None:
    """RULES §8.1.5: the winner earns a mark, but an even raid costs ~16 soldiers, and a
    side bled short is the next raider's easy mark."""
    state = raid_scene(attacker_people=70)
    assert raid_odds(state, 0, 1)[0] == pytest.approx(0.5)
    assert choose(state, 0, "normal") == Decision("raid")
    state = raid_scene(attacker_people=50)
    assert choose(state, 0, "normal") == Decision("pay")


def test_normal_pays_rather_than_gamble_a_mark_to_a_side_one_from_winning() -> None:
    state = raid_scene()
    state.sides[1].marks = 3
    assert choose(state, 0, "normal") == Decision("pay")


def test_normal_raids_when_paying_would_put_it_out() -> None:
    """RULES §11.1: a payment that leaves $0 eliminates; any chance beats none."""
    state = raid_scene(attacker_people=6)
    state.bank += state.sides[0].cash - 900
    state.sides[0].cash = 900
    assert choose(state, 0, "normal") == Decision("raid")
    assert choose(state, 0, "easy") == Decision("raid")


def test_normal_raids_a_weakened_side_it_can_finish() -> None:
    state = raid_scene(attacker_people=30, defender_people=6)
    assert choose(state, 0, "normal") == Decision("raid")


def losing_raid(attacker_people: int) -> MatchState:
    """Seat 0 raids and loses its first ten rounds: asked to fight on or withdraw."""
    state = raid_scene(attacker_people=attacker_people)
    decide(state, 0, "raid", *([1, 6] * 10))
    asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 0)
    return state


def test_normal_withdraws_before_it_could_be_left_open_to_a_wipe_out() -> None:
    """15 soldiers left, 10 more losses possible: beaten on, it would be at 5."""
    state = losing_raid(attacker_people=25)
    assert choose(state, 0, "normal") == Decision("withdraw")


def test_normal_fights_on_when_withdrawing_hands_the_rival_the_match() -> None:
    """RULES §8.1.4-5: a withdrawal is a defeat — the rival's fourth mark."""
    state = losing_raid(attacker_people=25)
    state.sides[1].marks = 3
    assert choose(state, 0, "normal") == Decision("fight")


def test_normal_fights_on_with_soldiers_to_spare() -> None:
    state = losing_raid(attacker_people=60)
    assert choose(state, 0, "normal") == Decision("fight")


def start_trade_scene() -> MatchState:
    """RULES §10: seat 0 arrives on Start where seat 1 stands. Seat 0 holds Maxwell Street
    Deli, seat 1 the Halsted Pawn Shop: the rest of seat 0's block."""
    state = match(bosses=2)
    state.police.position = 18
    give(state, 0, 1)
    give(state, 1, 3)
    place(state, 1, 0)
    place(state, 0, 34)
    turn(state, 0, 1, 1, 1)  # 1 + 1 onto Start; renewal die 1
    asks(state, DecisionKind.ACTION, 0)
    return state


def test_normal_buys_the_business_that_completes_its_block_at_a_fair_price() -> None:
    state = start_trade_scene()
    proposal = choose(state, 0, "normal")
    assert proposal.kind == "trade"
    assert (proposal.partner, proposal.give, proposal.take) == (1, (), (3,))
    assert proposal.cash > 0
    check(state, 0, proposal)
    apply(state, 0, proposal)
    asks(state, DecisionKind.TRADE_ANSWER, 1)
    assert choose(state, 1, "normal") == Decision("accept")
    apply(state, 1, "accept")
    assert state.control[3] == 0


def test_normal_turns_down_a_lopsided_offer() -> None:
    state = start_trade_scene()
    apply(state, 0, Decision("trade", 1, (), (3,), 50))
    assert choose(state, 1, "normal") == Decision("reject")


def test_normal_police_short_of_cash_rebuilds_contacts_on_its_turn() -> None:
    """RULES §9: police below $1,500 may rebuild contacts on its own turn; with nothing
    better to do (no raid, no affordable recruits) the normal police takes the $1,000."""
    state = match(bosses=2)
    state.police.position = 11
    state.bank += state.police.cash - 1000
    state.police.cash = 1000
    turn(state, 2, 1, 1)
    asks(state, DecisionKind.ACTION, 2)
    assert choose(state, 2, "normal") == Decision("rebuild")
