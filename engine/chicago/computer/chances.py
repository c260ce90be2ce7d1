"""How likely a side is to win from where it stands, and what a raid does to that.

The hard player judges positions with one model: a conditional logit over the live
sides, its weights fitted to 40,000 positions of 1,200 all-normal matches (2 to 4
bosses). Marks dominate; people matter with diminishing returns (for the police, whose
force is small, more); cash a little; what a side owns barely, once its marks are
counted. The look-ahead scores the ends of its play-outs with it (`standing`), and the
hard boss prices a raid with it before any look-ahead (`raid_pays`): a fixed bar on the
chance to win cannot tell a mark that puts the police out of the match from one that
hands a rival its third.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.chicago.computer.odds import race_ends, round_chance
from engine.chicago.limits import STANDARD_MARKS
from engine.chicago.raids import RAID_LIMIT
from engine.chicago.state import NO_SPACE, MatchState, Side

MARK_LOGITS = (0.0, 0.61, 1.43, 2.41)  # 0, 1, 2, 3+ marks (in a four-mark match)
PER_TEN_PEOPLE = 0.10
LOG_PEOPLE = 0.95
PER_TEN_THOUSAND_DOLLARS = 0.09
POLICE_PER_TEN_PEOPLE = 0.24


def standing(state: MatchState, seat: int) -> float:
    """How likely `seat` looks to win from here, 0 to 1: certain at the end of a match,
    else its share of the live sides' odds under the fitted model."""
    result = state.result
    if result is not None:
        return 1.0 if result.winner == seat else 0.0
    return _share(state, seat, {})


@dataclass(frozen=True, slots=True)
class Change:
    """What an outcome does to one side: marks won, people lost, dollars gained."""

    marks: int = 0
    people: float = 0.0
    dollars: int = 0


def raid_pays(state: MatchState, seat: int, target: int, space: int, bill: int) -> bool:
    """Is raiding `target` (at `space`, NO_SPACE for a personal raid) worth more than
    paying it `bill`? Each way is scored by the model where it leads: the raid as the
    chance-weighted mean of winning (a mark, the losses a win costs on average, the
    target's 20 or its last people) and losing (a mark to the target, 20 people or our
    last), the payment as dollars moving from us to the target (RULES §8.1, §8.2). A
    payment that would put us out is `raid_worth`'s to catch, for every level alike."""
    me = state.sides[seat]
    them = state.sides[target]
    p = round_chance(state, seat, target, business=space != NO_SPACE)
    need = min(RAID_LIMIT, them.people)
    spare = min(RAID_LIMIT, me.people)
    chance, lost_if_won, theirs_if_lost = race_ends(need, spare, p)
    won = _share(state, seat, {seat: Change(1, lost_if_won), target: Change(0, need)})
    lost = _share(state, seat, {seat: Change(0, spare), target: Change(1, theirs_if_lost)})
    paid = _share(state, seat, {seat: Change(dollars=-bill), target: Change(dollars=bill)})
    return chance * won + (1 - chance) * lost > paid


def _share(state: MatchState, seat: int, changes: dict[int, Change]) -> float:
    """`seat`'s share of the live sides' odds once `changes` are made: a side at the
    marks that win takes everything, a side with no people left is out."""
    needed = state.setup.options.marks_to_win
    odds: dict[int, float] = {}
    for side in state.sides:
        if side.eliminated:
            continue
        change = changes.get(side.seat, Change())
        marks = side.marks + change.marks
        people = side.people - change.people
        if marks >= needed:
            return 1.0 if side.seat == seat else 0.0
        if people > 0:
            odds[side.seat] = math.exp(_logit(side, needed, marks, people, change.dollars))
    if seat not in odds:
        return 0.0
    return odds[seat] / sum(odds.values())


def _logit(side: Side, needed: int, marks: int, people: float, dollars: int) -> float:
    # Marks still needed, read on the four-mark scale the weights were fitted to.
    scaled = max(0, STANDARD_MARKS - (needed - marks))
    ten_people = people / 10
    return (
        MARK_LOGITS[min(scaled, len(MARK_LOGITS) - 1)]
        + PER_TEN_PEOPLE * ten_people
        + LOG_PEOPLE * math.log1p(people)
        + PER_TEN_THOUSAND_DOLLARS * (side.cash + side.credit + dollars) / 10_000
        + (POLICE_PER_TEN_PEOPLE * ten_people if side.is_police else 0.0)
    )
