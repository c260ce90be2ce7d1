"""RULES §8.1 (the raid procedure) and §8.3 (who may raid what)."""

from __future__ import annotations

from engine.chicago import apply
from engine.chicago.characters import Character
from engine.chicago.decisions import DecisionKind, FightOrWithdrawFacts
from engine.chicago.events import ControlChanged, Eliminated, MarkEarned, RaidEnded, RaidRound
from engine.chicago.state import MERCHANT, NOBODY, EndReason, MatchState
from engine.chicago.testing import give, place, script_dice
from tests.engine.scenes import (
    asks,
    available,
    conserved,
    decide,
    match,
    no_dice_left,
    of,
    payments,
    turn,
)

ATTACKER_LOSES = (1, 6)
DEFENDER_LOSES = (6, 1)
TIE = (3, 3)


def rounds(*pairs: tuple[int, int]) -> list[int]:
    return [d for pair in pairs for d in pair]


def raid_scene(bosses: int = 2, defender_people: int = 50) -> MatchState:
    """Seat 0 lands on seat 1's Bridgeport Chop House (fine $1,000) and is asked to pay or
    raid; police waits on Heist."""
    state = match(bosses=bosses)
    state.police.position = 18
    give(state, 1, 12)
    state.sides[1].people = defender_people
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.PAY_OR_RAID, 0)
    return state


def test_rules_8_1_higher_die_wins_the_round_ties_roll_again() -> None:
    """RULES §8.1.1-3: each round the lower roll loses one person; a tie costs nobody.
    The defender's 20th loss ends the raid: the attacker earns a mark and the business."""
    state = raid_scene()
    dice = rounds(*[DEFENDER_LOSES] * 9, TIE, ATTACKER_LOSES, *[DEFENDER_LOSES] * 11)
    script_dice(state, *dice)
    events = apply(state, 0, "raid")
    losers = [e.loser for e in of(events, RaidRound)]
    assert losers[:11] == [1] * 9 + [NOBODY, 0]
    # the defender's 10th loss asks it (RULES §8.1.4 [R])
    asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 1)
    for _ in range(10):
        if state.pending is not None and state.pending.kind is DecisionKind.FIGHT_OR_WITHDRAW:
            events = apply(state, 1, "fight")
    ended = of(events, RaidEnded)[0]
    assert (ended.winner, ended.loser, ended.space) == (0, 1, 12)
    assert (ended.attacker_lost, ended.defender_lost) == (1, 20)
    assert (state.sides[0].people, state.sides[1].people) == (49, 30)
    assert state.control[12] == 0
    assert (state.sides[0].marks, state.sides[1].marks) == (1, 0)
    assert not payments(events)
    asks(state, DecisionKind.ACTION, 0)
    assert no_dice_left(state)


def test_rules_8_1_5_defender_wins_attacker_suffers_nothing_more() -> None:
    """RULES §8.1.4-5: the attacker's 20th loss ends the raid; the defender earns a mark,
    keeps the business; the attacker pays nothing."""
    state = raid_scene()
    script_dice(state, *rounds(*[ATTACKER_LOSES] * 20))
    events = apply(state, 0, "raid")
    for _ in range(10):
        asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 0)
        events = apply(state, 0, "fight")
    ended = of(events, RaidEnded)[0]
    assert (ended.winner, ended.attacker_lost, ended.defender_lost) == (1, 20, 0)
    assert state.control[12] == 1
    assert (state.sides[0].people, state.sides[1].people) == (30, 50)
    assert (state.sides[0].marks, state.sides[1].marks) == (0, 1)
    assert state.sides[0].cash == 12_000 and state.sides[1].cash == 12_000
    asks(state, DecisionKind.ACTION, 0)


def test_rules_8_1_4_r_withdrawal_offered_at_the_10th_loss_not_the_9th() -> None:
    """RULES §8.1.4 [R]: a side may withdraw only after it has lost 10 in this raid; it is
    asked after each of its losses from the 10th on."""
    state = raid_scene()
    script_dice(state, *rounds(*[ATTACKER_LOSES] * 9, *[DEFENDER_LOSES] * 9, ATTACKER_LOSES))
    events = apply(state, 0, "raid")
    assert len(of(events, RaidRound)) == 19
    asked = asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 0)
    assert asked.facts_as(FightOrWithdrawFacts).lost_by(asked.seat) == 10
    assert available(state) == ["fight", "withdraw"]
    assert state.sides[0].people == 40 and state.sides[1].people == 41
    # and again after the 11th loss
    script_dice(state, *rounds(TIE, ATTACKER_LOSES))
    apply(state, 0, "fight")
    assert (
        asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 0).facts_as(FightOrWithdrawFacts).lost_by(0)
        == 11
    )
    events = apply(state, 0, "withdraw")
    assert of(events, RaidEnded)[0].winner == 1
    assert state.control[12] == 1
    assert state.sides[1].marks == 1


def test_rules_8_1_4_defender_withdraws_and_loses_the_business() -> None:
    """RULES §8.1.4-5: a defender that withdraws loses the raid and its business."""
    state = raid_scene()
    script_dice(state, *rounds(*[DEFENDER_LOSES] * 10))
    apply(state, 0, "raid")
    asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 1)
    events = apply(state, 1, "withdraw")
    assert [(e.space, e.old, e.new) for e in of(events, ControlChanged)] == [(12, 1, 0)]
    assert state.sides[0].marks == 1 and state.sides[1].people == 40


def test_rules_8_1_5_business_moves_first_then_the_defender_is_eliminated() -> None:
    """RULES §8.1.5: a defender with no people left loses the raided business to the
    attacker first, then is eliminated: its other businesses return to merchants and its
    cash to the bank."""
    state = raid_scene(bosses=3, defender_people=3)
    give(state, 1, 5)
    bank = state.bank
    script_dice(state, *rounds(*[DEFENDER_LOSES] * 3))
    events = apply(state, 0, "raid")
    changes = [(e.space, e.old, e.new, e.reason) for e in of(events, ControlChanged)]
    assert changes == [(12, 1, 0, "raid"), (5, 1, MERCHANT, "elimination")]
    kinds = [e.kind for e in events]
    assert kinds.index("control_changed") < kinds.index("eliminated")
    assert state.sides[1].eliminated
    assert state.control[12] == 0 and state.control[5] == MERCHANT
    assert state.bank == bank + 12_000
    assert state.sides[0].marks == 1
    assert state.result is None
    asks(state, DecisionKind.ACTION, 0)
    assert conserved(state)


def test_rules_8_1_4_attacker_with_no_people_left_is_eliminated() -> None:
    """RULES §8.1.4: an attacker that runs out of people loses and is eliminated."""
    state = raid_scene(bosses=3)
    state.sides[0].people = 2
    script_dice(state, *rounds(ATTACKER_LOSES, ATTACKER_LOSES))
    events = apply(state, 0, "raid")
    assert [e.seat for e in of(events, Eliminated)] == [0]
    assert state.sides[1].marks == 1
    assert state.control[12] == 1
    asks(state, DecisionKind.ROLL, 1)


def test_rules_8_1_6_personal_raid_on_police_sealed_business_takes_it() -> None:
    """RULES §8.1.6 [R]: police standing on its own sealed business: a boss who wins the
    personal raid takes that business."""
    state = match(bosses=2)
    give(state, 2, 12)
    state.police.position = 12
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    decide(state, 0, "raid", *rounds(*[DEFENDER_LOSES] * 10))
    asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 2)
    events = apply(state, 2, "withdraw")
    assert [(e.space, e.old, e.new) for e in of(events, ControlChanged)] == [(12, 2, 0)]
    assert state.police.people == 18
    assert state.sides[0].marks == 1
    asks(state, DecisionKind.ACTION, 0)
    assert "raid" not in available(state)


def test_rules_8_1_6_personal_raid_elsewhere_moves_no_business() -> None:
    """RULES §8.1.6: police on a boss's business (not sealed): a personal raid moves no
    business, whoever wins."""
    state = match(bosses=3)
    give(state, 1, 12)
    state.police.position = 12
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    decide(state, 0, "raid", *rounds(*[DEFENDER_LOSES] * 10))
    events = apply(state, 3, "withdraw")
    assert not of(events, ControlChanged)
    assert state.control[12] == 1
    assert state.sides[0].marks == 1


def test_rules_8_1_5_police_defending_a_personal_raid_earns_the_mark() -> None:
    """RULES §8.1.5: the winner earns a mark, attacker or defender alike (police too)."""
    state = match(bosses=2)
    state.police.position = 5
    place(state, 0, 3)
    turn(state, 0, 1, 1)
    decide(state, 0, "raid", *rounds(*[ATTACKER_LOSES] * 10))
    events = apply(state, 0, "withdraw")
    assert [(e.seat, e.marks) for e in of(events, MarkEarned)] == [(2, 1)]
    assert state.police.people == 28 and state.sides[0].people == 40


def test_rules_8_1_7_fourth_mark_wins_at_once() -> None:
    """RULES §1, §8.1.7: a side wins at once on earning its 4th Empire Mark."""
    state = raid_scene(defender_people=2)
    state.sides[0].marks = 3
    script_dice(state, *rounds(DEFENDER_LOSES, DEFENDER_LOSES))
    apply(state, 0, "raid")
    assert state.result is not None
    assert state.result.reason is EndReason.MARKS
    assert state.result.winner == 0
    assert state.sides[0].marks == 4
    assert state.pending is None


def test_rules_8_1_3_warrant_attacking_a_business_wins_ties() -> None:
    """RULES §8.1.3, §2.5: a powered Warrant attacking a business wins tied dice."""
    state = match(bosses=2)
    give(state, 1, 12)
    state.police.position = 15
    state.police.powered = True
    turn(state, 2, 1, 2)
    asks(state, DecisionKind.PAY_OR_RAID, 2)
    script_dice(state, *rounds(*[TIE] * 10))
    events = apply(state, 2, "raid")
    assert [e.loser for e in of(events, RaidRound)] == [1] * 10
    asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 1)
    assert state.sides[1].people == 40


def test_rules_8_1_3_unpowered_warrant_ties_roll_again() -> None:
    """RULES §8.1.3: an unpowered Warrant gets nothing from a tie."""
    state = match(bosses=2)
    give(state, 1, 12)
    state.police.position = 15
    turn(state, 2, 1, 2)
    script_dice(state, *rounds(TIE, *[DEFENDER_LOSES] * 10))
    events = apply(state, 2, "raid")
    assert [e.loser for e in of(events, RaidRound)] == [NOBODY] + [1] * 10


def test_rules_8_1_3_night_gun_defending_wins_ties() -> None:
    """RULES §8.1.3: a powered Night Gun defending wins tied dice."""
    state = match(Character.DON, Character.NIGHT_GUN)
    state.police.position = 18
    give(state, 1, 12)
    state.sides[1].powered = True
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    script_dice(state, *rounds(*[TIE] * 10))
    events = apply(state, 0, "raid")
    assert [e.loser for e in of(events, RaidRound)] == [0] * 10
    assert state.sides[0].people == 40
    asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 0)


def test_rules_8_1_3_unpowered_night_gun_ties_roll_again() -> None:
    """RULES §8.1.3: without powers a tie costs nobody."""
    state = match(Character.DON, Character.NIGHT_GUN)
    state.police.position = 18
    give(state, 1, 12)
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    script_dice(state, *rounds(TIE, TIE, *[ATTACKER_LOSES] * 10))
    events = apply(state, 0, "raid")
    assert [e.loser for e in of(events, RaidRound)] == [NOBODY] * 2 + [0] * 10
    assert no_dice_left(state)


def test_rules_8_3_nobody_raids_their_own_business() -> None:
    """RULES §8.3: landing on one's own business: no encounter and no Raid option."""
    state = match(bosses=2)
    state.police.position = 18
    give(state, 0, 12)
    place(state, 0, 10)
    events = turn(state, 0, 1, 1)
    asks(state, DecisionKind.ACTION, 0)
    assert "raid" not in [o.decision for o in state.pending.options] if state.pending else False
    assert not payments(events)


def test_rules_8_1_police_raid_limit_is_also_20() -> None:
    """RULES §8.1.4: police attacking a business also loses after 20 losses; the raid's
    losses come off its officers (28 -> 8)."""
    state = match(bosses=2)
    give(state, 1, 12)
    state.police.position = 15
    turn(state, 2, 1, 2)
    script_dice(state, *rounds(*[ATTACKER_LOSES] * 20))
    events = apply(state, 2, "raid")
    for _ in range(10):
        asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 2)
        events = apply(state, 2, "fight")
    assert of(events, RaidEnded)[0].winner == 1
    assert state.police.people == 8
    assert state.sides[1].marks == 1
    assert payments(events) == []


def test_rules_8_1_5_police_winning_a_raid_seals_the_business() -> None:
    """RULES §8.1.5: police defeating a boss's business takes it as a police seal."""
    state = match(bosses=2)
    give(state, 1, 12)
    state.police.position = 15
    turn(state, 2, 1, 2)
    script_dice(state, *rounds(*[DEFENDER_LOSES] * 10))
    apply(state, 2, "raid")
    events = apply(state, 1, "withdraw")
    assert [(e.space, e.old, e.new, e.reason) for e in of(events, ControlChanged)] == [
        (12, 1, 2, "raid")
    ]
    assert state.police.marks == 1
    asks(state, DecisionKind.ACTION, 2)
    assert "raid" not in available(state)


def test_rules_8_1_4_losing_the_last_person_at_the_10th_loss_is_not_a_question() -> None:
    """RULES §8.1.4: a defender with 10 people losing its 10th is out of people: it loses
    and is eliminated; no withdraw question."""
    state = raid_scene(bosses=3, defender_people=10)
    script_dice(state, *rounds(*[DEFENDER_LOSES] * 10))
    events = apply(state, 0, "raid")
    assert state.sides[1].eliminated
    assert state.control[12] == 0
    assert [e.seat for e in of(events, Eliminated)] == [1]
    asks(state, DecisionKind.ACTION, 0)


def test_rules_8_1_5_police_fourth_mark_wins() -> None:
    """RULES §1, §8.1.5: police earning its 4th mark wins at once."""
    state = match(bosses=2)
    give(state, 1, 12)
    state.sides[1].people = 1
    state.police.marks = 3
    state.police.position = 15
    turn(state, 2, 1, 2)
    decide(state, 2, "raid", 6, 1)
    assert state.result is not None
    assert state.result.reason is EndReason.MARKS
    assert state.result.winner == 2
