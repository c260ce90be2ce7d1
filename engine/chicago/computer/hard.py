"""The "hard" level: a sharper instinct, checked by playing the match on.

Its instinct is the normal player's machinery with other judgement (`HARD_BOSS`,
`HARD_POLICE`, tuned by simulation against normal tables): a boss spends on people rather
than businesses and prices every raid by what its outcomes do to its chance to win; the
police keeps its officers by withdrawing from raids going against it. Before a decision
whether to raid, the player imagines matches consistent with what its seat can see
(`worlds.sample_world`: unseen cards reshuffled, fresh dice), plays each option in each of
them for a few turns (itself by its instinct, every other side as the normal level), and
scores where it ends up with a win-chance model (determinized Monte Carlo). Each option is
played in the same imagined worlds, so much of the luck cancels out between them; the
player leaves its instinct only when another option beats it by more than the luck that
remains explains. Many worlds matter: the gains at stake are a few points of win chance,
and with 8 worlds the luck that remains hid most of them (among three normal bosses,
the hard police won 36% of matches with 8 worlds, 37% with 16 and 40% with 32).
Decisions where the instinct is clearly right stop after a batch.

It never reads the deck order, the dice generator or a rival's cards: the worlds are
drawn from `rng`, which the caller derives from the match seed, so the same match and
the same decisions give the same choices (replays and restarts agree).
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass, replace

from engine.chicago.computer.chances import standing
from engine.chicago.computer.normal import NORMAL_POLICE, Style, choose_normal
from engine.chicago.computer.worlds import clone, sample_world
from engine.chicago.decisions import Decision, DecisionKind, Pending
from engine.chicago.events import Event, TurnStarted
from engine.chicago.flow import apply
from engine.chicago.state import MatchState
from engine.common.rng import Rng


@dataclass(frozen=True, slots=True)
class Budget:
    """How much the player thinks: worlds per decision and decisions played in each.
    Sized so a decision stays under 300 ms on one core (`chicago-bot bench ai`)."""

    worlds: int = 64  # at most; see `choose_hard` for when it stops sooner
    batch: int = 8  # worlds played between checks whether the choice is settled
    turns: int = 3  # turns played after the one in progress
    most_decisions: int = 120  # a cap for long raids and meetings


HARD = Budget()

# The hard player's instinct, tuned by simulation against normal tables. A boss that owns
# nothing cannot be raided by another boss (raids on bosses are raids on businesses), so
# its people only ever fight the raids it picks: its cash goes to recruits, never to
# businesses (over 4,000 matches per table, buying even while rivals hold little to raid
# cost it 1 to 2 points of win rate). Whether a raid is worth it, it prices with the
# win-chance model (`chances.raid_pays`) rather than with bars on its chance to win: a
# mark that puts the police out of the match, one that wins it, and one that hands a
# leader its last are not the same coin. Playing by its instinct alone, that lifted it from
# 49.2% to 52.3% of two-boss matches (8,000 matches), 37.2% to 39.8% of three-boss and
# 27.7% to 31.1% of four-boss ones (4,000 each).
HARD_BOSS = Style(buys=False, people_target=120, priced=True)
AMONG_HARD = replace(HARD_BOSS, buys=True)
# The police keeps its officers for the raids its Warrant wins and for defending at even
# odds: it recruits all it can and starts an even raid only when that raid may win it all.
# Its force is small and slow to rebuild, so it withdraws from a raid going against it
# (under a 30% chance to win on, 50% when losing on would leave it too few to survive
# the next raid) rather than fight to its last officer: the officers it keeps win it
# more marks later than the one mark it concedes (tuned by simulation).
_CAREFUL_POLICE = replace(
    NORMAL_POLICE, people_target=120, raid_at=0.6, raid_to_win=0.45, raid_at_threat=0.5
)
HARD_POLICE = replace(_CAREFUL_POLICE, fight_at=0.3, fragile_at=0.5)


def instinct(state: MatchState, pending: Pending) -> Decision:
    """The hard player's choice without looking ahead."""
    me = state.sides[pending.seat]
    if me.is_police:
        return choose_normal(state, pending, HARD_POLICE)
    if all(s.computer == "hard" for s in state.bosses if s.seat != me.seat):
        # Rivals that all play this way would leave nothing to raid: the table would drag
        # on, so among its own kind a hard boss buys as the normal player does. Levels are
        # public (the lobby and every seat's view show them), so this peeks at nothing.
        return choose_normal(state, pending, AMONG_HARD)
    return choose_normal(state, pending, HARD_BOSS)


CONFIDENCE = 2.0  # standard errors by which an option must beat the instinct
MARGIN = 0.01  # ...and at least this much (the least gain in chance to win that counts)
# Decisions whether to start a raid: where looking ahead pays. Fighting on follows the
# normal player (withdrawing hands the rival a mark); buying, recruiting and trading too,
# since their prices pay off over a longer run than a look-ahead sees.
WEIGHED = frozenset(
    {
        DecisionKind.PAY_OR_RAID,
        DecisionKind.BRIBE_OR_RAID,
        DecisionKind.ACTION,
        DecisionKind.POLICE_ACTION,
    }
)


def choose_hard(
    state: MatchState, pending: Pending, rng: random.Random, budget: Budget = HARD
) -> Decision:
    """The instinct's choice, unless another option scores better over up to
    `budget.worlds` imagined continuations by more than `CONFIDENCE` standard errors.

    Worlds are played in batches; once every other option is clearly worse than the
    instinct (by `CONFIDENCE` standard errors), further worlds could not change the
    choice, so the player stops there: most decisions are settled after a batch or two,
    and the time saved pays for many worlds where the options are close."""
    first = instinct(state, pending)
    options = candidates(pending, first)
    if len(options) == 1:
        return first
    seat = pending.seat
    gains: list[list[float]] = [[] for _ in options[1:]]
    for played in range(1, budget.worlds + 1):
        world = sample_world(state, seat, rng)
        fights = rng.getrandbits(64)
        base = _play_out(world, seat, first, budget, fights)
        for i, option in enumerate(options[1:]):
            gains[i].append(_play_out(world, seat, option, budget, fights) - base)
        if played % budget.batch == 0 and all(_clearly_worse(found) for found in gains):
            break
    best, best_gain = first, 0.0
    for option, found in zip(options[1:], gains, strict=True):
        gain = statistics.fmean(found)
        if gain > best_gain and gain > CONFIDENCE * _spread(found):
            best, best_gain = option, gain
    return best


def _clearly_worse(gains: list[float]) -> bool:
    """Does this option trail the instinct by more than luck explains?"""
    return statistics.fmean(gains) + CONFIDENCE * _spread(gains) < 0.0


def _spread(gains: list[float]) -> float:
    """The standard error of a mean gain: an option must beat the instinct by more than
    luck explains (with a floor, since a few worlds can agree by chance)."""
    return max(statistics.stdev(gains) / math.sqrt(len(gains)), MARGIN)


def candidates(pending: Pending, first: Decision) -> list[Decision]:
    """The options worth weighing: the normal player's choice first, then, where a raid
    is at stake, the other way to go (raid or not, fight or withdraw)."""
    if pending.kind not in WEIGHED:
        return [first]
    available = pending.available()
    if pending.kind in (DecisionKind.ACTION, DecisionKind.POLICE_ACTION):
        other = ["raid"] if first.kind != "raid" else ["pass"]
    else:
        other = [text for text in available if text != first.kind]
    return [first, *(Decision(text) for text in other if text in available)]


def _play_out(world: MatchState, seat: int, option: Decision, budget: Budget, fights: int) -> float:
    match = clone(world)
    raid_dice = Rng(fights)
    turns = turns_begun(apply_imagined(match, seat, option, raid_dice))
    for _ in range(budget.most_decisions):
        if match.result is not None or turns > budget.turns:
            break
        pending = match.pending
        assert pending is not None
        if pending.kind is DecisionKind.ROLL:
            decision = Decision("roll")
        elif pending.seat == seat:
            decision = instinct(match, pending)
        else:
            decision = choose_normal(match, pending)
        turns += turns_begun(apply_imagined(match, pending.seat, decision, raid_dice))
    return standing(match, seat)


# Decisions whose dice are the raid's (or the bribe's) rather than the board's.
_FIGHTING = frozenset(
    {DecisionKind.PAY_OR_RAID, DecisionKind.BRIBE_OR_RAID, DecisionKind.FIGHT_OR_WITHDRAW}
)


def apply_imagined(match: MatchState, seat: int, decision: Decision, raid_dice: Rng) -> list[Event]:
    """`apply`, with the dice of raids and bribes drawn from a stream of their own. A raid
    throws a different number of dice than paying does; from one stream, every roll after
    the decision would differ between the options, and the luck of the whole play-out
    would drown the difference between them. With the board's dice kept apart, both
    options meet the same moves and cards afterwards."""
    pending = match.pending
    assert pending is not None
    if pending.kind not in _FIGHTING and decision.kind != "raid":
        return apply(match, seat, decision)
    board_dice, match.rng = match.rng, raid_dice
    try:
        return apply(match, seat, decision)
    finally:
        match.rng = board_dice


def turns_begun(events: list[Event]) -> int:
    return sum(isinstance(e, TurnStarted) for e in events)
