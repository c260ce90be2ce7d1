"""How a match ends (TURF §8): ten buildings, players going out, the last one standing,
and the final count after a stalemate or the round limit."""

from __future__ import annotations

from engine.turf.events import DealAnswered, Event, MatchEnded, PlayerOut
from engine.turf.state import NOBODY, WINNING_BUILDINGS, EndReason, Phase, Result, TurfState


def ranking(state: TurfState) -> list[int]:
    """The final count (TURF §8 [R final count]): most buildings, then most thugs, then
    most cards, then the earlier seat."""

    def key(seat: int) -> tuple[int, int, int, int]:
        p = state.players[seat]
        return (-len(state.guards(seat)), -state.thugs(seat), -len(p.hand), seat)

    return sorted(range(len(state.players)), key=key)


def finish(state: TurfState, ev: list[Event], reason: EndReason, winner: int) -> None:
    order = ranking(state)
    if winner != NOBODY:
        order.remove(winner)
        order.insert(0, winner)
    buildings = [len(state.guards(p.seat)) for p in state.players]
    state.result = Result(reason, winner, order, buildings)
    state.phase = Phase.OVER
    state.fight = None
    state.loss = None
    for offer in state.offers:
        ev.append(DealAnswered(offer.proposer, offer.receiver, "dropped"))
    state.offers = []
    ev.append(MatchEnded(reason, winner, tuple(order)))


def end_by_count(state: TurfState, ev: list[Event], reason: EndReason) -> None:
    finish(state, ev, reason, ranking(state)[0])


def settle(state: TurfState, ev: list[Event]) -> bool:
    """After every decision: who is out (no thugs, no cards: TURF §8 [R out]), and has
    the match ended? True when it has."""
    if state.result is not None:
        return True
    guarded = state.guard_counts()
    for player in state.players:
        if player.out or player.hand or player.idle or player.job or player.cops:
            continue
        if not guarded[player.seat]:
            player.out = True
            ev.append(PlayerOut(player.seat))
            for offer in [o for o in state.offers if player.seat in (o.proposer, o.receiver)]:
                state.offers.remove(offer)
                ev.append(DealAnswered(offer.proposer, offer.receiver, "dropped"))
    for player in state.players:
        if guarded[player.seat] >= WINNING_BUILDINGS:
            finish(state, ev, EndReason.BUILDINGS, player.seat)
            return True
    left = state.in_play()
    if len(left) <= 1:
        reason = EndReason.LAST_STANDING if left else EndReason.ALL_OUT
        finish(state, ev, reason, left[0] if left else NOBODY)
        return True
    return False
