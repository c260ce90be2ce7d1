"""The "easy" level: a beginner at the table — weaker, not slower.

A newcomer takes part: it buys what it lands on, raids when a raid looks good, bribes
police, recruits when it runs short. What makes it beatable is judgement, not timidity,
so matches against it last about as long as any other:

- it reads a raid's odds by eye, off by up to `misjudge` either way, so it sometimes
  takes a losing raid and skips a winning one (RULES §8.1);
- it pays no attention to marks: it will gamble a mark to a side one from winning, and
  withdraw when withdrawing hands a rival the match (§8.1.4-5);
- it spends down to a small cushion without looking at the bills ahead (§11.1);
- it withdraws by feel, too early or too late;
- it never proposes a trade, and takes any offer that gains it something (§10).

It never pays itself out of the match when it could raid instead (§11.1): even a
beginner sees that. Every lot it draws comes from the decision's own generator (the
match seed and the decision count), so an easy seat replays exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.chicago.actions import RECRUIT
from engine.chicago.board import SPACES
from engine.chicago.computer.odds import odds_in_raid, raid_odds
from engine.chicago.computer.trading import answer_trade
from engine.chicago.decisions import (
    BribeOrRaidFacts,
    Decision,
    DecisionKind,
    PayOrRaidFacts,
    Pending,
)
from engine.chicago.state import MERCHANT, MatchState

PASS = Decision("pass")


@dataclass(frozen=True, slots=True)
class Habits:
    """How a beginner plays. Tuned by simulation so that easy tables finish about as fast
    as normal ones, a normal player beats easy seats clearly, and easy still beats random
    seats."""

    raid_at: float = 0.42  # the chance, as it reads it, that makes a raid look good
    misjudge: float = 0.3  # how far off its reading of a raid's chance may be, either way
    police_raid_at: float = 0.6  # police awes a beginner: raiding it must look better
    fight_at: float = 0.45  # the chance, as it reads it, below which it withdraws
    cushion: int = 800  # cash it keeps after a purchase; it never counts the bills ahead
    recruit_below: int = 25  # people below which it recruits
    trade_margin: int = 0  # least gain in dollars that makes it accept an offer


EASY = Habits()


def choose_easy(
    state: MatchState, pending: Pending, rng: random.Random, habits: Habits = EASY
) -> Decision:
    """The beginner's choice; `rng` is the decision's own generator."""
    kind = pending.kind
    if kind is DecisionKind.PAY_OR_RAID:
        return _pay_or_raid(state, pending, rng, habits)
    if kind is DecisionKind.BRIBE_OR_RAID:
        return _bribe_or_raid(state, pending, rng, habits)
    if kind is DecisionKind.FIGHT_OR_WITHDRAW:
        return _fight_or_withdraw(state, pending, rng, habits)
    if kind in (DecisionKind.ACTION, DecisionKind.POLICE_ACTION):
        return _action(state, pending, rng, habits)
    if kind is DecisionKind.TRADE_ANSWER:
        return _answer(state, pending, habits)
    available = pending.available()
    return PASS if "pass" in available else Decision(available[0])


def reading(chance: float, rng: random.Random, habits: Habits) -> float:
    """A raid's chance as a beginner reads it: the true one, off by up to `misjudge`."""
    return chance + rng.uniform(-habits.misjudge, habits.misjudge)


def looks_good(
    state: MatchState, seat: int, target: int, business: bool, rng: random.Random, habits: Habits
) -> bool:
    """Does a fresh raid on `target` look worth it? Judged by eye, marks ignored."""
    chance, _, _ = raid_odds(state, seat, target, business)
    bar = habits.police_raid_at if state.sides[target].is_police else habits.raid_at
    return reading(chance, rng, habits) >= bar


def _pay_or_raid(
    state: MatchState, pending: Pending, rng: random.Random, habits: Habits
) -> Decision:
    facts = pending.facts_as(PayOrRaidFacts)
    if "raid" not in pending.available():
        return Decision("pay")
    if facts.fine >= state.sides[pending.seat].cash:
        return Decision("raid")  # paying would leave $0: out of the match (§11.1)
    good = looks_good(state, pending.seat, facts.owner, True, rng, habits)
    return Decision("raid" if good else "pay")


def _bribe_or_raid(
    state: MatchState, pending: Pending, rng: random.Random, habits: Habits
) -> Decision:
    facts = pending.facts_as(BribeOrRaidFacts)
    if "raid" not in pending.available():
        return Decision("bribe")
    if facts.top_bribe >= state.sides[pending.seat].cash:
        return Decision("raid")  # a committed bribe it cannot pay puts it out (§8.2)
    police = state.police_seat
    business = state.control[facts.police_space] == police
    good = looks_good(state, pending.seat, police, business, rng, habits)
    return Decision("raid" if good else "bribe")


def _fight_or_withdraw(
    state: MatchState, pending: Pending, rng: random.Random, habits: Habits
) -> Decision:
    raid = state.raid
    assert raid is not None
    chance, _ = odds_in_raid(state, raid, pending.seat)
    fight = reading(chance, rng, habits) >= habits.fight_at
    return Decision("fight" if fight else "withdraw")


def _action(state: MatchState, pending: Pending, rng: random.Random, habits: Habits) -> Decision:
    seat = pending.seat
    side = state.sides[seat]
    available = pending.available()
    if "raid" in available:
        owner = state.control[side.position]
        if owner != MERCHANT and looks_good(state, seat, owner, True, rng, habits):
            return Decision("raid")
    if "control" in available and side.cash - SPACES[side.position].cost > habits.cushion:
        return Decision("control")
    if side.people < habits.recruit_below:
        for text in ("recruit10", "recruit4"):
            if text in available and side.cash - RECRUIT[text][1] > habits.cushion:
                return Decision(text)
    if "rebuild" in available:
        return Decision("rebuild")
    return PASS


def _answer(state: MatchState, pending: Pending, habits: Habits) -> Decision:
    offer = state.offer
    assert offer is not None
    accept = answer_trade(state, pending.seat, offer, habits.trade_margin)
    return Decision("accept" if accept else "reject")
