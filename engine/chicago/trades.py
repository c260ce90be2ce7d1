"""Trades at Start and at a Big Boss Meeting (RULES §10, §12.1)."""

from __future__ import annotations

from engine.chicago.agenda import push
from engine.chicago.board import BUSINESSES, START
from engine.chicago.decisions import (
    Decision,
    DecisionKind,
    MeetingTradeFacts,
    Option,
    Pending,
    TradeAnswerFacts,
    TradeTerms,
)
from engine.chicago.events import (
    ControlChanged,
    ControlReason,
    Event,
    Paid,
    PayReason,
    TradeAnswered,
    TradeProposed,
)
from engine.chicago.state import MatchState, Step, TradeOffer
from engine.common.errors import IllegalDecision

MAX_BUSINESSES_MOVED = 2
CASH_STEP = 50


def owned(state: MatchState, seat: int) -> list[int]:
    """The businesses a side controls (police: has sealed), by space."""
    return [i for i in BUSINESSES if state.control[i] == seat]


def start_partners(state: MatchState, seat: int) -> list[int]:
    """Other free bosses standing on Start."""
    return [s.seat for s in state.bosses if s.free and s.position == START and s.seat != seat]


def trade_terms(state: MatchState, seat: int, partners: list[int]) -> TradeTerms | None:
    """What `seat` may offer these partners, or None when no business could move."""
    own = owned(state, seat)
    theirs = [owned(state, p) for p in partners]
    if not own and not any(theirs):
        return None
    cash = state.sides[seat].cash
    return TradeTerms(
        partners=list(partners),
        own=own,
        theirs=theirs,
        max_pay=max(0, cash - CASH_STEP),
        max_ask=[max(0, state.sides[p].cash - CASH_STEP) for p in partners],
    )


def check_trade(terms: TradeTerms, d: Decision) -> None:
    """Refuse a proposal outside the terms (§9: nobody spends themselves to $0)."""
    if d.partner not in terms.partners:
        raise IllegalDecision("that boss cannot trade with you now")
    theirs = terms.theirs[terms.partners.index(d.partner)]
    moved = len(d.give) + len(d.take)
    if not 1 <= moved <= MAX_BUSINESSES_MOVED:
        raise IllegalDecision("a trade moves one or two businesses in all")
    if len(set(d.give)) != len(d.give) or len(set(d.take)) != len(d.take):
        raise IllegalDecision("a business is named twice")
    if not set(d.give) <= set(terms.own):
        raise IllegalDecision("you can only give businesses you control")
    if not set(d.take) <= set(theirs):
        raise IllegalDecision("you can only ask for businesses the other boss controls")
    if d.cash % CASH_STEP:
        raise IllegalDecision(f"trade cash goes in ${CASH_STEP} steps")
    limit = terms.max_pay if d.cash > 0 else terms.max_ask[terms.partners.index(d.partner)]
    if abs(d.cash) > limit:
        raise IllegalDecision(f"trade cash is more than the payer can spend (${limit:,})")


def propose(state: MatchState, ev: list[Event], seat: int, d: Decision, at_meeting: bool) -> None:
    state.offer = TradeOffer(seat, d.partner, list(d.give), list(d.take), d.cash, at_meeting)
    ev.append(TradeProposed(seat, d.partner, d.give, d.take, d.cash))
    options = [Option("accept", "Accept"), Option("reject", "Reject")]
    facts = TradeAnswerFacts(seat, d.give, d.take, d.cash, at_meeting)
    state.pending = Pending(DecisionKind.TRADE_ANSWER, d.partner, options, facts)


def answer(state: MatchState, ev: list[Event], pending: Pending, d: Decision) -> None:
    """Accepted: the exchange happens (and uses the proposer's action outside a meeting).
    Rejected: nothing moves; the proposer's other actions stay available."""
    offer = state.offer
    assert offer is not None
    state.offer = None
    accepted = d.kind == "accept"
    ev.append(TradeAnswered(offer.partner, accepted))
    if accepted:
        _exchange(state, ev, offer)
    elif not offer.at_meeting:
        push(state, "action", offer.proposer)


def _exchange(state: MatchState, ev: list[Event], offer: TradeOffer) -> None:
    for space in offer.give:
        state.control[space] = offer.partner
        ev.append(ControlChanged(space, offer.proposer, offer.partner, ControlReason.TRADE))
    for space in offer.take:
        state.control[space] = offer.proposer
        ev.append(ControlChanged(space, offer.partner, offer.proposer, ControlReason.TRADE))
    if offer.cash:
        payer, payee = (
            (offer.proposer, offer.partner) if offer.cash > 0 else (offer.partner, offer.proposer)
        )
        amount = abs(offer.cash)
        state.sides[payer].cash -= amount
        state.sides[payee].cash += amount
        ev.append(Paid(payer, payee, amount, PayReason.TRADE))


def meeting_trade(state: MatchState, ev: list[Event], step: Step) -> None:
    """At a Big Boss Meeting each attendee may propose one trade or pass (§12.1)."""
    side = state.sides[step.seat]
    if not side.free or side.position != START:
        return
    terms = trade_terms(state, step.seat, start_partners(state, step.seat))
    if terms is None or not terms.partners:
        return
    options = [Option("trade", "Propose a trade"), Option("pass", "No trade")]
    facts = MeetingTradeFacts(tuple(terms.partners))
    state.pending = Pending(DecisionKind.MEETING_TRADE, step.seat, options, facts, terms)


def meeting_proposal(state: MatchState, ev: list[Event], pending: Pending, d: Decision) -> None:
    if d.kind == "trade":
        propose(state, ev, pending.seat, d, at_meeting=True)
