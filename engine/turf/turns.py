"""The turn's frame (TURF §3, §5, §8): starting a turn, recruiting, the way into the
cop phase, and passing the turn on at the end of a round's checks."""

from __future__ import annotations

from engine.common.errors import IllegalDecision
from engine.turf.cards import thugs_for
from engine.turf.decisions import Decision, DecisionKind, Option, Pending, RecruitFacts
from engine.turf.ending import end_by_count
from engine.turf.events import Event, TurnStarted
from engine.turf.pieces import discard_cards, gain_thugs
from engine.turf.state import EndReason, Phase, TurfState


def start_turn(state: TurfState, ev: list[Event], seat: int) -> None:
    """TURF §4.1: the thugs on a job come back idle, then legwork begins."""
    player = state.players[seat]
    back = player.job
    player.idle += back
    player.job = 0
    state.turn = seat
    state.phase = Phase.LEGWORK
    ev.append(TurnStarted(seat, state.round, back))


def start_recruiting(state: TurfState, ev: list[Event]) -> None:
    """TURF §5.1: a thug per building controlled, then the choice of cards to discard."""
    seat = state.turn
    gain_thugs(state, ev, seat, len(state.guards(seat)), "buildings")
    if state.players[seat].hand:
        state.phase = Phase.RECRUITING
    else:
        start_cop_phase(state, ev)


def recruit_pending(state: TurfState) -> Pending:
    hand = tuple(sorted(state.players[state.turn].hand))
    options = [Option("recruit", "Discard cards for thugs"), Option("keep", "Keep my cards")]
    return Pending(DecisionKind.RECRUIT, state.turn, options, RecruitFacts(hand))


def take_recruit(state: TurfState, ev: list[Event], d: Decision) -> None:
    """TURF §5.2: a street card gains 1 thug, a 9 or 10 gains 2."""
    seat = state.turn
    if d.kind == "recruit":
        discard_cards(state, ev, seat, d.cards, "recruit")
        gain_thugs(state, ev, seat, sum(thugs_for(c) for c in d.cards), "cards")
    start_cop_phase(state, ev)


def check_recruit(pending: Pending, d: Decision) -> None:
    hand = pending.facts_as(RecruitFacts).hand
    if not d.cards or len(set(d.cards)) != len(d.cards) or not set(d.cards) <= set(hand):
        raise IllegalDecision("name one or more different cards from your hand")


def start_cop_phase(state: TurfState, ev: list[Event]) -> None:
    if state.players[state.turn].cops > 0:
        state.phase = Phase.COP
    else:
        end_turn(state, ev)


def end_turn(state: TurfState, ev: list[Event]) -> None:
    """Pass the turn to the next player still in; a round ends when the turn wraps
    (TURF §3), and may end the match (TURF §8 [R stalemate], [R round limit])."""
    seats = state.in_play()
    if not seats:
        return
    later = [s for s in seats if s > state.turn]
    following = later[0] if later else seats[0]
    if not later:
        if not state.active_round:
            end_by_count(state, ev, EndReason.STALEMATE)
            return
        if state.round >= state.setup.options.round_limit:
            end_by_count(state, ev, EndReason.ROUND_LIMIT)
            return
        state.round += 1
        state.active_round = False
    start_turn(state, ev, following)
