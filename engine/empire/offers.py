"""Trading between players (EMPIRE §10): one open offer per proposer, at most 3 per turn
or Trade Round step, answered beside the main decision; carried out whole on acceptance
if both still hold everything, else nothing moves.

Text: `offer:<receiver>:<gives>:<asks>`, each side `money/g.b.h/cards/mobsters`."""

from __future__ import annotations

from engine.common.errors import IllegalDecision
from engine.empire.cards import EVENTS, JOBS
from engine.empire.decisions import (
    Decision,
    DecisionKind,
    Option,
    Pending,
    amounts,
    ids,
    join,
    money,
)
from engine.empire.events import Event, OfferAnswered, OfferMade
from engine.empire.gang import is_working
from engine.empire.state import (
    ACTION_ROUNDS,
    MAX_OFFERS,
    UNPLACED,
    EmpireState,
    Offer,
    Phase,
    Side,
)

CLOSED_PHASES = (Phase.START_LOT, Phase.START_MOBSTER, Phase.BID, Phase.BRIBE, Phase.OVER)


def side_text(side: Side) -> str:
    res = ".".join(str(r) for r in side.res)
    return f"{side.money}/{res}/{join(side.cards)}/{join(side.mobsters)}"


def parse_side(text: str) -> Side:
    parts = text.split("/")
    if len(parts) != 4:
        raise IllegalDecision(f"malformed offer side {text!r}")
    g, b, h = amounts(parts[1])
    return Side(money(parts[0]), (g, b, h), tuple(ids(parts[2])), tuple(ids(parts[3])))


def offer_decision(receiver: int, give: Side, get: Side) -> Decision:
    return Decision("offer", (str(receiver), side_text(give), side_text(get)))


def trading_open(state: EmpireState) -> bool:
    """§10: never during a fight or a sealed bid (nor before play starts)."""
    return state.phase not in CLOSED_PHASES and state.fight is None


def _side_ok(state: EmpireState, seat: int, side: Side, holding: bool) -> bool:
    """The side's form; with `holding`, also that `seat` holds it all now."""
    player = state.players[seat]
    if any(c not in EVENTS and c not in JOBS for c in side.cards):
        return False
    if len(set(side.cards)) != len(side.cards) or len(set(side.mobsters)) != len(side.mobsters):
        return False
    if side.mobsters and state.round <= ACTION_ROUNDS:
        return False  # Mobsters change hands only in a Trade Round
    if any(not is_working(player.mobsters.get(m, "jail")) for m in side.mobsters):
        return False
    if not holding:
        return True
    return (
        player.money >= side.money
        and all(h >= n for h, n in zip(player.res, side.res, strict=True))
        and all(c in player.hand for c in side.cards)
    )


def check_offer(state: EmpireState, seat: int, d: Decision) -> tuple[int, Side, Side]:
    if len(d.args) != 3 or not d.args[0].isdigit():
        raise IllegalDecision(f"malformed offer {d}")
    receiver = int(d.args[0])
    give, get = parse_side(d.args[1]), parse_side(d.args[2])
    if str(d) != str(offer_decision(receiver, give, get)):
        raise IllegalDecision(f"{d} is not in its canonical form")
    if not trading_open(state):
        raise IllegalDecision("no trading now (EMPIRE §10)")
    if not 0 <= receiver < len(state.players) or receiver == seat:
        raise IllegalDecision("an offer goes to one other player")
    proposer = state.players[seat]
    if proposer.frozen or state.players[receiver].frozen:
        raise IllegalDecision("a frozen player trades with nobody (EMPIRE §6.10)")
    if any(o.proposer == seat for o in state.offers):
        raise IllegalDecision("one open offer at a time")
    if proposer.offers_made >= MAX_OFFERS:
        raise IllegalDecision(f"at most {MAX_OFFERS} offers per turn or step")
    if give == Side() and get == Side():
        raise IllegalDecision("an offer names something")
    if not _side_ok(state, seat, give, True) or not _side_ok(state, receiver, get, False):
        raise IllegalDecision(f"{d}: not something these sides may trade")
    return receiver, give, get


def make_offer(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    """Record an offer that `check_offer` has passed (`apply` checks first)."""
    receiver, give, get = int(d.args[0]), parse_side(d.args[1]), parse_side(d.args[2])
    state.players[seat].offers_made += 1
    state.offers.append(Offer(seat, receiver, give, get))
    ev.append(OfferMade(seat, receiver))


def answer_pendings(state: EmpireState) -> list[Pending]:
    found = []
    for o in state.offers:
        options = [Option(f"reject:{o.proposer}", "reject")]
        if not state.players[o.receiver].frozen:
            options.insert(0, Option(f"accept:{o.proposer}", "accept"))
        found.append(Pending(DecisionKind.OFFER_ANSWER, o.receiver, options, {"from": o.proposer}))
    return found


def answer(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    proposer = int(d.arg(0))
    offer = next(o for o in state.offers if o.proposer == proposer and o.receiver == seat)
    state.offers.remove(offer)
    if d.kind == "reject":
        ev.append(OfferAnswered(proposer, seat, "rejected", ()))
        return
    if not (_side_ok(state, proposer, offer.give, True) and _side_ok(state, seat, offer.get, True)):
        ev.append(OfferAnswered(proposer, seat, "failed", ()))
        return
    _hand_over(state, proposer, seat, offer.give)
    _hand_over(state, seat, proposer, offer.get)
    moved = (*offer.give.mobsters, *offer.get.mobsters)
    if moved and state.phase is Phase.PLACE:  # both re-place with their new gangs
        state.sealed.pop(proposer, None)
        state.sealed.pop(seat, None)
    ev.append(OfferAnswered(proposer, seat, "accepted", moved))


def _hand_over(state: EmpireState, giver: int, taker: int, side: Side) -> None:
    a, b = state.players[giver], state.players[taker]
    a.money -= side.money
    b.money += side.money
    for i, n in enumerate(side.res):
        a.res[i] -= n
        b.res[i] += n
    for card in side.cards:
        a.hand.remove(card)
        b.hand.append(card)
    for m in side.mobsters:
        del a.mobsters[m]
        if m in state.revealed:
            state.revealed.remove(m)
        b.mobsters[m] = UNPLACED  # the receiver's unplaced Mobster (EMPIRE §10)


def lapse_offers(state: EmpireState, ev: list[Event]) -> None:
    """An offer lapses when the turn or step ends; the count of offers starts again."""
    for o in state.offers:
        ev.append(OfferAnswered(o.proposer, o.receiver, "lapsed", ()))
    state.offers = []
    for p in state.players:
        p.offers_made = 0
