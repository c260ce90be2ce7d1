"""Raids and the Start raid (RULES §7.3, §8.1)."""

from __future__ import annotations

from engine.chicago.agenda import push
from engine.chicago.board import START
from engine.chicago.characters import Character
from engine.chicago.decisions import Decision, DecisionKind, FightOrWithdrawFacts, Option, Pending
from engine.chicago.economy import gain_people
from engine.chicago.events import (
    ControlChanged,
    ControlReason,
    EliminationReason,
    Event,
    PeopleReason,
    RaidEnded,
    RaidRound,
    RaidStarted,
    StartRaid,
    Withdrew,
)
from engine.chicago.outcome import award_mark, check_last_standing, check_marks, eliminate, finish
from engine.chicago.state import NO_SPACE, NOBODY, EndReason, MatchState, Raid, Step
from engine.common.rng import die

RAID_LIMIT = 20
WITHDRAW_FROM = 10
MIN_RAIDERS = 2
VELVET_FROM_BOSS = 5


def begin_raid(
    state: MatchState, ev: list[Event], attacker: int, defender: int, space: int
) -> None:
    """Start a raid; `space` is the business at stake or -1 (a personal raid)."""
    state.raid = Raid(attacker, defender, space)
    ev.append(RaidStarted(attacker, defender, space))
    push(state, "raid", must_finish=True)


def tie_winner(state: MatchState, attacker: int, defender: int, at_business: bool) -> int:
    """Who wins a tied round: a powered Night Gun defending, or a powered Warrant attacking
    a business; both at once, or neither: NOBODY, roll again (§2.5, §8.1.3)."""
    night_gun = state.sides[defender].has(Character.NIGHT_GUN)
    police = state.sides[attacker]
    warrant = police.is_police and police.has(Character.WARRANT) and at_business
    if night_gun and not warrant:
        return defender
    if warrant and not night_gun:
        return attacker
    return NOBODY


def raid_rounds(state: MatchState, ev: list[Event], step: Step) -> None:
    """Roll rounds until the raid ends or the side that just lost asks to withdraw."""
    raid = state.raid
    assert raid is not None
    while True:
        a_roll, d_roll = die(state.rng), die(state.rng)
        if a_roll > d_roll:
            loser = raid.defender
        elif d_roll > a_roll:
            loser = raid.attacker
        else:
            winner = tie_winner(state, raid.attacker, raid.defender, raid.space != NO_SPACE)
            loser = NOBODY if winner == NOBODY else raid.attacker + raid.defender - winner
        ev.append(RaidRound(a_roll, d_roll, loser))
        if loser == NOBODY:
            continue
        side = state.sides[loser]
        side.people -= 1
        if loser == raid.attacker:
            raid.attacker_lost += 1
            lost = raid.attacker_lost
        else:
            raid.defender_lost += 1
            lost = raid.defender_lost
        winner = raid.defender if loser == raid.attacker else raid.attacker
        if side.people == 0 or lost >= RAID_LIMIT:
            end_raid(state, ev, winner)
            return
        if lost >= WITHDRAW_FROM:
            options = [
                Option("fight", "Keep fighting"),
                Option("withdraw", "Withdraw", amount=lost),
            ]
            facts = FightOrWithdrawFacts(
                raid.attacker, raid.defender, raid.space, raid.attacker_lost, raid.defender_lost
            )
            state.pending = Pending(DecisionKind.FIGHT_OR_WITHDRAW, loser, options, facts)
            return


def fight_or_withdraw(state: MatchState, ev: list[Event], pending: Pending, d: Decision) -> None:
    raid = state.raid
    assert raid is not None
    if d.kind == "fight":
        push(state, "raid", must_finish=True)
        return
    ev.append(Withdrew(pending.seat))
    end_raid(state, ev, raid.defender if pending.seat == raid.attacker else raid.attacker)


def end_raid(state: MatchState, ev: list[Event], winner: int) -> None:
    """The winner earns a mark; a defeated defender's business moves first, then a side
    with no people left is eliminated (§8.1.5)."""
    raid = state.raid
    assert raid is not None
    state.raid = None
    loser = raid.defender if winner == raid.attacker else raid.attacker
    ev.append(
        RaidEnded(raid.attacker, winner, loser, raid.space, raid.attacker_lost, raid.defender_lost)
    )
    if winner == raid.attacker and raid.space != NO_SPACE:
        old = state.control[raid.space]
        state.control[raid.space] = winner
        ev.append(ControlChanged(raid.space, old, winner, ControlReason.RAID))
        taker = state.sides[winner]
        if taker.has(Character.VELVET_BOSS) and not state.sides[old].is_police:
            gain_people(state, ev, winner, VELVET_FROM_BOSS, PeopleReason.VELVET_BOSS)
    award_mark(state, ev, winner, check=False)
    if state.sides[loser].people == 0:
        eliminate(state, ev, loser, EliminationReason.NO_PEOPLE, check=False)
    check_marks(state, ev, winner)
    check_last_standing(state, ev)


def raid_at_start(state: MatchState, ev: list[Event]) -> None:
    """Police and bosses together on Start: every boss there is out (§7.3)."""
    victims = tuple(
        s.seat for s in state.bosses if not s.eliminated and s.position == START and not s.detained
    )
    for seat in victims:
        eliminate(state, ev, seat, EliminationReason.START_RAID, check=False)
    ev.append(StartRaid(victims))
    left = [s.seat for s in state.bosses if not s.eliminated]
    if len(left) == 1:
        finish(state, ev, EndReason.START_RAID, left[0])
    if not left:
        finish(state, ev, EndReason.START_RAID, state.police_seat)


def can_raid(state: MatchState, seat: int) -> str | None:
    """Why this side cannot raid now, or None."""
    if state.sides[seat].people < MIN_RAIDERS:
        who = "officers" if state.sides[seat].is_police else "soldiers"
        return f"raid needs {MIN_RAIDERS} {who}"
    return None
