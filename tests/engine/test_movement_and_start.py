"""RULES §4 (rounds and turns) and §5 (passing Start)."""

from __future__ import annotations

from engine.chicago import apply
from engine.chicago.board import Deck
from engine.chicago.characters import Character
from engine.chicago.decisions import DecisionKind
from engine.chicago.events import DiceRolled, Moved, PassedStart, PowerRenewed, TurnStarted
from engine.chicago.testing import give, place, stack_card
from tests.engine.scenes import (
    BANK,
    asks,
    conserved,
    match,
    no_dice_left,
    of,
    payments,
    turn,
)


def test_rules_4_1_roll_two_dice_and_move_clockwise() -> None:
    """RULES §4.1: a boss rolls two dice and moves clockwise that many spaces."""
    state = match(bosses=2)
    events = turn(state, 0, 3, 4)
    assert state.sides[0].position == 7
    moved = of(events, Moved)[0]
    assert moved.path == (1, 2, 3, 4, 5, 6, 7)
    assert of(events, DiceRolled)[0].dice == (3, 4)
    asks(state, DecisionKind.ACTION, 0)


def test_rules_4_1_doubles_give_nothing_extra() -> None:
    """RULES §4.1: doubles give nothing extra: after the action the next seat rolls."""
    state = match(bosses=2)
    turn(state, 0, 2, 2)
    assert state.sides[0].position == 4
    apply(state, 0, "pass")
    asks(state, DecisionKind.ROLL, 1)


def test_rules_4_round_order_bosses_then_police_then_a_new_round() -> None:
    """RULES §4: every surviving boss in seat order, then police; then the next round."""
    state = match(bosses=3)
    state.police.position = 27
    seen = []
    for _ in range(4):
        asked = state.pending
        assert asked is not None and asked.kind is DecisionKind.ROLL
        seen.append(asked.seat)
        state.rng.script.extend([1, 3])  # 4 steps: a hub for bosses; police 27 -> 23 hub
        apply(state, asked.seat, "roll")
        apply(state, asked.seat, "pass")
    assert seen == [0, 1, 2, 3]
    assert state.round == 2
    asks(state, DecisionKind.ROLL, 0)


def test_rules_4_eliminated_sides_are_skipped() -> None:
    """RULES §4: eliminated sides are skipped in the turn order."""
    state = match(bosses=3)
    state.police.position = 27
    state.sides[1].eliminated = True
    turn(state, 0, 1, 3)
    apply(state, 0, "pass")
    asks(state, DecisionKind.ROLL, 2)


def test_rules_4_1_detained_boss_collects_500_is_freed_and_acts() -> None:
    """RULES §4.1: a detained boss does not move, collects $500, is freed (stays on
    Detention as a visitor) and takes one action."""
    from engine.chicago.testing import begin_turn

    state = match(bosses=2)
    place(state, 0, 9, detained=True)
    events = begin_turn(state, 0)
    side = state.sides[0]
    assert side.position == 9 and not side.detained
    assert side.cash == 12_500
    assert payments(events) == [(BANK, 0, 500, "release")]
    assert not of(events, Moved)
    asks(state, DecisionKind.ACTION, 0)
    assert conserved(state)


def test_rules_4_1_arrested_ends_the_turn_and_passes_nothing() -> None:
    """RULES §4.1, §6.6: landing on Arrested sends the boss to Detention, detained; the
    turn ends at once (no action); the jump from 27 to 9 passes nothing."""
    state = match(bosses=2)
    place(state, 0, 22)
    events = turn(state, 0, 2, 3)
    side = state.sides[0]
    assert (side.position, side.detained) == (9, True)
    assert side.cash == 12_000
    assert not of(events, PassedStart)
    asks(state, DecisionKind.ROLL, 1)


def test_rules_4_2_police_turn_moves_counterclockwise() -> None:
    """RULES §4.2: police rolls two dice, moves counterclockwise and takes one action."""
    state = match(bosses=2)
    place(state, 2, 30)
    turn(state, 2, 3, 4)
    assert state.police.position == 23
    asks(state, DecisionKind.ACTION, 2)
    assert "trade" not in [o.decision for o in state.pending.options] if state.pending else False


def test_rules_5_passing_start_by_dice_collects_4000_then_renewal() -> None:
    """RULES §5: a forward move entering Start collects $4,000, then the renewal roll
    (4-6: powered), all before the destination (here Maxwell Street Deli) resolves."""
    state = match(bosses=2)
    place(state, 0, 30)
    events = turn(state, 0, 3, 4, 5)
    side = state.sides[0]
    assert side.position == 1
    assert side.cash == 16_000
    assert side.powered
    assert payments(events) == [(BANK, 0, 4000, "start")]
    kinds = [e.kind for e in events]
    assert kinds.index("passed_start") < kinds.index("power_renewed")
    assert of(events, PowerRenewed)[0].die == 5
    assert no_dice_left(state)
    assert conserved(state)


def test_rules_5_landing_on_start_counts_as_passing() -> None:
    """RULES §5: one of the n spaces entered is Start: landing there counts."""
    state = match(bosses=2)
    state.police.position = 18
    place(state, 0, 30)
    turn(state, 0, 3, 3, 2)
    assert state.sides[0].position == 0
    assert state.sides[0].cash == 16_000
    assert not state.sides[0].powered


def test_rules_5_renewal_1_to_3_unpowers() -> None:
    """RULES §5: renewal roll 1-3: unpowered until the next passage."""
    state = match(bosses=2)
    state.sides[1].powered = True  # Queen Bee: no Start bonus die
    place(state, 1, 33)
    turn(state, 1, 2, 2, 3)
    assert not state.sides[1].powered
    assert no_dice_left(state)


def test_rules_5_leaving_start_does_not_count() -> None:
    """RULES §5: leaving Start does not pass it."""
    state = match(bosses=2)
    events = turn(state, 0, 1, 3)
    assert state.sides[0].cash == 12_000
    assert not of(events, PassedStart)
    assert no_dice_left(state)


def test_rules_5_police_passing_start_collects_and_rolls_for_warrant() -> None:
    """RULES §5: police's forward move is counterclockwise; passing Start collects $4,000
    and the renewal roll is for its Warrant."""
    state = match(bosses=2)
    place(state, 2, 3)
    state.sides[0].position = 5
    state.sides[1].position = 5
    events = turn(state, 2, 2, 2, 6)
    assert state.police.position == 35
    assert state.police.cash == 16_000
    assert state.police.powered
    assert payments(events) == [(BANK, 2, 4000, "start")]


def test_rules_5_backward_police_move_passes_start_without_effect() -> None:
    """RULES §5: police moving clockwise (Thin evidence) passes Start without effect."""
    state = match(bosses=2)
    state.police.position = 35
    stack_card(state, Deck.POLICE_FILE, "Thin evidence")
    place(state, 0, 4)
    events = turn(state, 0, 1, 1)
    assert state.police.position == 1
    assert state.police.cash == 12_000
    assert not of(events, PassedStart)
    assert no_dice_left(state)


def test_rules_5_backward_boss_move_onto_start_has_no_start_effect() -> None:
    """RULES §5: a boss moving back (Getaway through the alley from 2) enters Start with
    no $4,000 and no renewal roll."""
    state = match(bosses=2)
    state.police.position = 18
    stack_card(state, Deck.STREET_LIFE, "Getaway through the alley")
    events = turn(state, 0, 1, 1)
    assert state.sides[0].position == 0
    assert state.sides[0].cash == 12_000
    assert not of(events, PassedStart)
    assert no_dice_left(state)


def test_rules_5_r_card_advance_passing_start_collects() -> None:
    """RULES §5 [R]: a card that advances a boss past Start collects $4,000 and rolls.
    Service-alley entrance from 25 with 26-35 all controlled advances to 1."""
    state = match(bosses=2)
    state.police.position = 18
    give(state, 1, 26, 28, 29, 30, 33, 34, 35)
    stack_card(state, Deck.STREET_LIFE, "Service-alley entrance")
    place(state, 0, 23)
    events = turn(state, 0, 1, 1, 6)
    side = state.sides[0]
    assert side.position == 1
    assert side.cash == 16_000
    assert side.powered
    assert of(events, PassedStart)
    asks(state, DecisionKind.ACTION, 0)
    assert no_dice_left(state)


def test_rules_5_r_card_moving_police_counterclockwise_past_start_collects() -> None:
    """RULES §5 [R]: a card moving police counterclockwise past Start: police collects."""
    state = match(bosses=2)
    state.police.position = 1
    stack_card(state, Deck.POLICE_FILE, "Tail surveillance")
    place(state, 0, 4)
    turn(state, 0, 1, 1, 2)
    assert state.police.position == 34
    assert state.police.cash == 16_000
    assert not state.police.powered
    asks(state, DecisionKind.POLICE_ACTION, 2)
    assert no_dice_left(state)


def test_rules_5_jumps_pass_nothing_bad_tip() -> None:
    """RULES §5: Bad tip jumps from 32 to Detention: nothing passed, no $4,000."""
    state = match(bosses=2)
    state.police.position = 18
    stack_card(state, Deck.POLICE_FILE, "Bad tip")
    place(state, 0, 30)
    events = turn(state, 0, 1, 1)
    assert state.sides[0].position == 9
    assert state.sides[0].cash == 12_000
    assert not of(events, PassedStart)


def test_rules_5_start_effects_happen_before_the_destination() -> None:
    """RULES §5: the $4,000 arrives during the move, before the fine on the destination:
    a boss with $300 passing Start can pay a $500 fine and survive."""
    state = match(bosses=2)
    state.police.position = 18
    give(state, 1, 3)
    state.bank += state.sides[0].cash - 300
    state.sides[0].cash = 300
    place(state, 0, 33)
    turn(state, 0, 3, 3, 1)
    asks(state, DecisionKind.PAY_OR_RAID, 0)
    apply(state, 0, "pay")
    assert state.sides[0].cash == 3800
    assert not state.sides[0].eliminated


def test_rules_5_don_and_street_bat_bonus_before_renewal() -> None:
    """RULES §5, §2.5: a powered Don collects $500 × pips, then renewal; a powered Street
    Bat gains pips soldiers, then renewal."""
    state = match(Character.DON, Character.STREET_BAT)
    state.police.position = 18
    for side in state.bosses:
        side.powered = True
    place(state, 0, 33)
    events = turn(state, 0, 1, 3, 4, 2)  # to 1; Don die 4; renewal 2
    assert state.sides[0].cash == 12_000 + 4000 + 2000
    assert not state.sides[0].powered
    purposes = [e.purpose for e in of(events, DiceRolled)]
    assert purposes == ["move", "don", "renewal"]
    apply(state, 0, "pass")
    place(state, 1, 33)
    events = turn(state, 1, 1, 3, 5, 6)
    assert state.sides[1].people == 55
    assert state.sides[1].cash == 16_000
    assert state.sides[1].powered
    assert [e.purpose for e in of(events, DiceRolled)] == ["move", "street_bat", "renewal"]
    assert no_dice_left(state)


def test_rules_4_turn_started_event_names_the_round() -> None:
    """RULES §4: each turn begins with its seat and round."""
    state = match(bosses=2)
    events = turn(state, 0, 1, 3)
    assert of(events, TurnStarted)[0].seat == 0
