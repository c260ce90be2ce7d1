"""Discards a player owes of their own choice (TURF §4.2.4 a hit, §6 a squeeze): one
thug or card per decision, until paid. Nothing is asked when there is no choice: a
player who owes as much as they have or more discards all (TURF §6)."""

from __future__ import annotations

from engine.turf.board import square_name, square_text
from engine.turf.cards import card_name, card_text, rank
from engine.turf.decisions import Decision, DecisionKind, LossFacts, Option, Pending
from engine.turf.events import Event
from engine.turf.pieces import discard_cards, lose_thug
from engine.turf.state import Loss, Phase, TurfState
from engine.turf.turns import end_turn

THUG_PLACES = (("idle", "an idle thug"), ("job", "a thug on a job"), ("cop", "a corrupt cop"))


def start_loss(
    state: TurfState,
    ev: list[Event],
    seat: int,
    by: int,
    count: int,
    cards: bool,
    cause: str,
    resume: Phase,
) -> None:
    state.loss = Loss(seat, by, count, cards, cause, resume)
    state.phase = Phase.LOSS
    settle_loss(state, ev)


def loss_pending(state: TurfState) -> Pending:
    loss = state.loss
    assert loss is not None
    kind = DecisionKind.LOSE_CARD if loss.cards else DecisionKind.LOSE_THUG
    options = _card_options(state, loss.seat) if loss.cards else _thug_options(state, loss.seat)
    return Pending(kind, loss.seat, options, LossFacts(loss.by, loss.left, loss.cause))


def _thug_options(state: TurfState, seat: int) -> list[Option]:
    player = state.players[seat]
    counts = {"idle": player.idle, "job": player.job, "cop": player.cops}
    options = [Option(f"lose:{w}", f"Discard {label}") for w, label in THUG_PLACES if counts[w]]
    for sq in state.guards(seat):
        label = f"Discard the guard at {square_name(sq)}"
        options.append(Option(f"lose:guard:{square_text(sq)}", label))
    return options


def _card_options(state: TurfState, seat: int) -> list[Option]:
    """One option per rank held: suits never matter, so the lowest suit stands for all."""
    firsts: dict[int, int] = {}
    for card in sorted(state.players[seat].hand):
        firsts.setdefault(rank(card), card)
    return [Option(f"drop:{card_text(c)}", f"Discard {card_name(c)}") for c in firsts.values()]


def take_loss(state: TurfState, ev: list[Event], d: Decision) -> None:
    loss = state.loss
    assert loss is not None
    _pay_one(state, ev, loss, d)
    settle_loss(state, ev)


def _pay_one(state: TurfState, ev: list[Event], loss: Loss, d: Decision) -> None:
    if d.kind == "drop":
        discard_cards(state, ev, loss.seat, d.cards, loss.cause)
    else:
        lose_thug(state, ev, loss.seat, d.where, d.square)
    loss.left -= 1


def settle_loss(state: TurfState, ev: list[Event]) -> None:
    """Pay what needs no choice; when the loss is paid (or nothing is left to pay it
    with, after a deal gave it away), go back to the turn."""
    loss = state.loss
    assert loss is not None
    while loss.left > 0:
        options = loss_pending(state).options
        held = len(state.players[loss.seat].hand) if loss.cards else state.thugs(loss.seat)
        if held == 0:
            break
        if held > loss.left and len(options) > 1:
            return
        _pay_one(state, ev, loss, Decision.parse(options[0].decision))
    state.loss = None
    state.phase = loss.resume
    if loss.resume is Phase.COP:  # the cop phase's one choice is made: the turn ends
        end_turn(state, ev)
