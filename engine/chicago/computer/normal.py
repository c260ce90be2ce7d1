"""The "normal" level: a player that plays to win.

Marks win the game and only completed raids give them (RULES §8.1.7), defending included.
So the player treats every raid as a bet on a mark, priced with exact odds (`odds`), and
keeps what makes good bets possible: enough soldiers to fight, enough cash to survive the
next fine, and businesses for rivals to land on. It refuses bets that would hand a mark
to a side one mark from winning, and fights on when withdrawing would do the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.chicago.actions import RECRUIT
from engine.chicago.board import SPACES
from engine.chicago.computer.chances import raid_pays
from engine.chicago.computer.odds import odds_in_raid, raid_odds
from engine.chicago.computer.reading import marks_left, worst_bill_ahead
from engine.chicago.computer.trading import answer_trade, best_trade
from engine.chicago.decisions import (
    BribeOrRaidFacts,
    Decision,
    DecisionKind,
    PayOrRaidFacts,
    Pending,
)
from engine.chicago.raids import RAID_LIMIT
from engine.chicago.state import NO_SPACE, MatchState

PASS = Decision("pass")


@dataclass(frozen=True, slots=True)
class Style:
    """The knobs of a level. The defaults are the normal player's, tuned by simulation
    against random, easy and normal tables alike: a bolder player beats random seats more
    often but loses to patient ones, who raid it once it has bled its soldiers."""

    raid_at: float = 0.45  # least chance to win that makes a raid worth its soldiers
    raid_to_win: float = 0.30  # ...when the mark would win the match
    raid_at_threat: float = 0.62  # ...against a side one mark from winning
    fight_at: float = 0.0  # least chance that makes fighting on better than withdrawing
    fragile_at: float = 0.35  # ...when losing on would leave too few to survive a raid
    wipe_at: float = 0.5  # ...when losing on would put us out of the match
    floor: int = 5  # people below which the next raid against us may wipe us out
    buys: bool = True  # take control of (police: seal) merchant-run businesses
    buy_people: int = 30  # ...only while this strong: below it, cash goes to recruits
    keep_people: int = 35  # soldiers wanted after a raid's expected losses
    people_target: int = 60  # recruit up to this many
    reserve_extra: int = 500  # cash kept above the worst bill of the next move
    trade_margin: int = 300  # least gain in dollars that makes a trade worth it
    short_penalty: float = 0.15  # bar raised when a raid would leave fewer than keep_people
    weak_target: float = 0.05  # bar lowered against a side of 20 people or fewer
    priced: bool = False  # weigh raids with the win-chance model instead of the bars above


NORMAL = Style()
# Police seals draw raids that a 28-officer force cannot afford, and the cash they cost is
# the cash that buys officers back: the police does better keeping its money for recruits.
NORMAL_POLICE = Style(buys=False)


def choose_normal(state: MatchState, pending: Pending, style: Style | None = None) -> Decision:
    if style is None:
        style = NORMAL_POLICE if state.sides[pending.seat].is_police else NORMAL
    kind = pending.kind
    if kind is DecisionKind.PAY_OR_RAID:
        return _pay_or_raid(state, pending, style)
    if kind is DecisionKind.BRIBE_OR_RAID:
        return _bribe_or_raid(state, pending, style)
    if kind is DecisionKind.FIGHT_OR_WITHDRAW:
        return _fight_or_withdraw(state, pending, style)
    if kind in (DecisionKind.ACTION, DecisionKind.POLICE_ACTION):
        return _action(state, pending, style)
    if kind is DecisionKind.TRADE_ANSWER:
        return _answer(state, pending, style)
    if kind is DecisionKind.MEETING_TRADE:
        return _meeting_trade(state, pending, style)
    return Decision(pending.available()[0])


def raid_worth(
    state: MatchState, seat: int, target: int, space: int, bill: int, style: Style
) -> bool:
    """Is raiding `target` (at `space`, NO_SPACE for a personal raid) a better bet than paying
    `bill`? A raid is a coin for a mark; the bar moves with what the mark means."""
    me = state.sides[seat]
    them = state.sides[target]
    chance, my_losses, _ = raid_odds(state, seat, target, business=space != NO_SPACE)
    if bill >= me.cash:
        return chance > 0.0  # paying would put us out (RULES §11.1); any chance beats none
    if style.priced:
        return raid_pays(state, seat, target, space, bill)
    if marks_left(state, me) <= 1:
        bar = style.raid_to_win
    elif marks_left(state, them) <= 1:
        bar = style.raid_at_threat
    else:
        bar = style.raid_at
    if me.people - my_losses < style.keep_people:
        # Even raids bleed both sides; a side left short is the next raider's easy mark.
        bar += style.short_penalty
    if me.people <= 10:
        bar = max(bar, 0.7)  # a lost raid would wipe us out before we may withdraw
    if them.people <= 20:
        bar -= style.weak_target  # a win may put them out of the match
    bar -= 0.1 * min(1.0, bill / me.cash)
    return chance >= bar


def _pay_or_raid(state: MatchState, pending: Pending, style: Style) -> Decision:
    if "raid" not in pending.available():
        return Decision("pay")
    facts = pending.facts_as(PayOrRaidFacts)
    worth = raid_worth(state, pending.seat, facts.owner, facts.business, facts.fine, style)
    return Decision("raid" if worth else "pay")


def _bribe_or_raid(state: MatchState, pending: Pending, style: Style) -> Decision:
    if "raid" not in pending.available():
        return Decision("bribe")
    police = state.police_seat
    here = state.police.position
    space = here if state.control[here] == police else NO_SPACE
    # A committed bribe the boss cannot pay puts it out (RULES §8.2): price it at its top.
    facts = pending.facts_as(BribeOrRaidFacts)
    worth = raid_worth(state, pending.seat, police, space, facts.top_bribe, style)
    return Decision("raid" if worth else "bribe")


def _fight_or_withdraw(state: MatchState, pending: Pending, style: Style) -> Decision:
    raid = state.raid
    assert raid is not None
    seat = pending.seat
    me = state.sides[seat]
    other = raid.defender if seat == raid.attacker else raid.attacker
    chance, _ = odds_in_raid(state, raid, seat)
    if marks_left(state, state.sides[other]) <= 1:
        return Decision("fight")  # withdrawing hands them the match
    lost = raid.attacker_lost if seat == raid.attacker else raid.defender_lost
    left_if_beaten = me.people - (RAID_LIMIT - lost)
    if left_if_beaten <= 0:
        bar = style.wipe_at
    elif left_if_beaten <= style.floor:
        bar = style.fragile_at
    else:
        bar = style.fight_at
    if marks_left(state, me) <= 1:
        bar = min(bar, 0.3)
    return Decision("fight" if chance >= bar else "withdraw")


def reserve(state: MatchState, seat: int, style: Style) -> int:
    """Cash to keep back: the worst bill of the next move, and a little more."""
    return worst_bill_ahead(state, seat) + style.reserve_extra


def _action(state: MatchState, pending: Pending, style: Style) -> Decision:
    seat = pending.seat
    side = state.sides[seat]
    available = pending.available()
    if "raid" in available:
        owner = state.control[side.position]
        if raid_worth(state, seat, owner, side.position, 0, style):
            return Decision("raid")
    if "trade" in available and pending.trade is not None:
        proposal = best_trade(state, seat, pending.trade, style.trade_margin)
        if proposal is not None:
            return proposal
    keep = reserve(state, seat, style)
    price = SPACES[side.position].cost
    buying = style.buys and side.people >= style.buy_people
    if "control" in available and buying and side.cash - price >= keep:
        return Decision("control")
    if side.people < style.people_target:
        if "recruit10" in available and side.cash - RECRUIT["recruit10"][1] >= keep:
            return Decision("recruit10")
        if "recruit4" in available and side.cash - RECRUIT["recruit4"][1] >= keep:
            return Decision("recruit4")
    if "rebuild" in available:
        # RULES §9: any side below $1,500, police included, on its own turn: $1,000 for an
        # action that nothing better wanted is always worth more than passing.
        return Decision("rebuild")
    return PASS


def _answer(state: MatchState, pending: Pending, style: Style) -> Decision:
    offer = state.offer
    assert offer is not None
    accept = answer_trade(state, pending.seat, offer, style.trade_margin)
    return Decision("accept" if accept else "reject")


def _meeting_trade(state: MatchState, pending: Pending, style: Style) -> Decision:
    if pending.trade is not None:
        proposal = best_trade(state, pending.seat, pending.trade, style.trade_margin)
        if proposal is not None:
            return proposal
    return PASS
