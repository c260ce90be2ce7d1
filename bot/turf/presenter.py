"""Turf at the table: buttons, private lists, DMs, the picture and a player's hand.

Everything here reads a seat's view (`turf.player_view`), never the state's secrets:
the channel's buttons come from what the whole table may know, private lists from the
chooser's own view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import engine.turf as turf
from bot.games.presenter import Choice, Private, buttons_first_then_lists
from bot.turf import choices as turf_choices
from bot.turf.render.alt_text import turf_alt_text
from bot.turf.render.picture import render_turf_png
from engine.turf import DealFacts, DecisionKind, LossFacts
from engine.turf.board import square_name

ASKS = {
    DecisionKind.LEGWORK: "legwork",
    DecisionKind.COMMIT: "choose in secret",
    DecisionKind.RECRUIT: "recruiting",
    DecisionKind.COP: "the cop phase",
    DecisionKind.LOSE_THUG: "discard a thug",
    DecisionKind.LOSE_CARD: "discard a card",
    DecisionKind.DEAL_ANSWER: "answer a deal",
}


def _count(n: int, word: str) -> str:
    """ "1 card", "2 cards"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _mine(state: Any, seat: int) -> list[turf.Pending]:
    return turf.pending_for(state, seat)


class TurfPresenter:
    def public(self, state: Any, seat: int) -> list[Choice]:
        return [c for p in _mine(state, seat) for c in turf_choices.public_choices(p)]

    def groups(self, state: Any, seat: int) -> list[Private]:
        return [g for p in _mine(state, seat) for g in turf_choices.private_groups(p)]

    def menu(self, state: Any, seat: int) -> list[Choice | Private]:
        return buttons_first_then_lists(self.public(state, seat), self.groups(state, seat))

    def private(self, state: Any, seat: int, group: str) -> list[Choice]:
        view = turf.player_view(state, seat)
        for pending in view.pending:
            if turf_choices.group_of(pending) == group:
                return turf_choices.private_choices(view, pending)
        return []

    def private_note(self, state: Any, seat: int, group: str) -> str:
        view = turf.player_view(state, seat)
        names = [p.name for p in view.players]
        hand = f"Your hand: {turf_choices.cards_words(view.hand)}."
        for pending in view.pending:
            if turf_choices.group_of(pending) != group:
                continue
            if pending.kind is DecisionKind.COMMIT and view.fight is not None:
                fight = view.fight
                side = "defend" if seat == fight.defender else "attack"
                rival = names[fight.attacker if side == "defend" else fight.defender]
                return (
                    f"🔒 You {side} the building at {square_name(fight.square)} against "
                    f"{rival}. Choose how many thugs to commit: {rival} chooses at the "
                    "same time, and both numbers are shown together."
                )
            if pending.kind is DecisionKind.DEAL_ANSWER:
                facts = pending.facts_as(DealFacts)
                terms = turf_choices.deal_words(
                    names, facts.proposer, seat, facts.mine, facts.theirs
                )
                return f"🤝 {names[facts.proposer]} offers you a deal: {terms} {hand}"
            if pending.kind is DecisionKind.LOSE_CARD:
                facts_loss = pending.facts_as(LossFacts)
                return f"{names[facts_loss.by]} makes you discard {facts_loss.left}. {hand}"
        return hand

    def by_dm(self, state: Any, seat: int) -> str | None:
        for pending in _mine(state, seat):
            if pending.kind is DecisionKind.DEAL_ANSWER:
                return "deal"
            if pending.kind is DecisionKind.COMMIT and seat != state.turn:
                return "commit"
        return None

    def asks(self, state: Any, seat: int) -> str:
        return ", ".join(dict.fromkeys(ASKS[p.kind] for p in _mine(state, seat)))

    def picture(self, state: Any, events: Sequence[Any]) -> bytes:
        return render_turf_png(turf.player_view(state, None), events)

    def alt_text(self, state: Any, events: Sequence[Any]) -> str:
        return turf_alt_text(turf.player_view(state, None), events)

    def hand(self, state: Any, seat: int) -> str:
        view = turf.player_view(state, seat)
        me = view.players[seat]
        lines = [
            f"Your hand: {turf_choices.cards_words(view.hand)}.",
            f"Thugs: {me.idle} idle, {me.job} on a job, {me.guards} guarding, "
            f"{me.cops} corrupt cop{'s' if me.cops != 1 else ''}; {me.supply} left in supply.",
        ]
        fight = view.fight
        if fight is not None and fight.mine is not None:
            lines.append("You have made your secret choice in the confrontation.")
        for offer in view.offers:
            if offer.mine is not None and offer.theirs is not None:
                names = [p.name for p in view.players]
                terms = turf_choices.deal_words(
                    names, offer.proposer, offer.receiver, offer.mine, offer.theirs
                )
                lines.append(f"Open deal: {terms}")
        return "\n".join(lines)

    def standings(self, state: Any) -> list[str]:
        view = turf.player_view(state, None)
        counts = {sq: guard for sq, guard in view.guards.items()}
        lines = []
        for p in view.players:
            held = sum(1 for guard in counts.values() if guard == p.seat)
            out = " (out)" if p.out else ""
            lines.append(
                f"{p.name}{out}: {_count(held, 'building')}, {_count(p.thugs, 'thug')}, "
                f"{_count(p.cards, 'card')}"
            )
        return lines


TURF_PRESENTER = TurfPresenter()
PRESENTER = TURF_PRESENTER  # the game finds its presenter by this name
