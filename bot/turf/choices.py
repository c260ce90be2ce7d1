"""What a Turf player is offered, as buttons and private lists, and in which words.

Pure functions of a seat's view (`turf.player_view`): the channel gets only what the
whole table may know (Word on the street, a hit on a named rival, a squeeze), while
choices that show a hand or a secret commitment are offered privately (an ephemeral
list, or a DM). Every choice is a complete decision text the engine checks again, so a
list shown a moment ago can never make an illegal move.
"""

from __future__ import annotations

from bot.games.presenter import Choice, Private
from engine.turf import (
    CommitFacts,
    DealFacts,
    DealSide,
    DecisionKind,
    LegworkFacts,
    Pending,
    PlayerView,
)
from engine.turf.board import square_name, square_text
from engine.turf.cards import card_text, rank, thugs_for

MAX_CHOICES = 25  # Discord's limit for one select menu

SECRET_KINDS = frozenset({DecisionKind.COMMIT, DecisionKind.LOSE_CARD, DecisionKind.DEAL_ANSWER})
"""Decisions whose every choice shows something only the chooser may know: a
commitment, a hand, a deal's terms."""


def rank_name(card: int) -> str:
    value = rank(card)
    return "ace" if value == 1 else str(value)


def cards_words(cards: tuple[int, ...] | list[int]) -> str:
    return ", ".join(rank_name(c) for c in sorted(cards)) or "no cards"


def public_choices(pending: Pending) -> list[Choice]:
    """The choices shown as buttons in the channel; those that cannot be taken now come
    with the engine's reason (greyed out). Infiltrating and recruiting name cards, so
    they open a private list instead, unless none can be taken."""
    if pending.kind in SECRET_KINDS:
        return []
    out = []
    for o in pending.options:
        private = o.decision.startswith(("infiltrate:", "recruit"))
        if o.available and not private:
            out.append(Choice(o.decision, o.label))
        elif not o.available and o.reason and not o.decision.startswith("infiltrate:"):
            out.append(Choice(o.decision, o.label, o.reason))
    return out


def private_groups(pending: Pending) -> list[Private]:
    """The buttons that open a private list for this decision."""
    kind = pending.kind
    if kind is DecisionKind.LEGWORK and any(
        o.available and o.decision.startswith("infiltrate:") for o in pending.options
    ):
        return [Private("infiltrate", "Infiltrate a building…")]
    if kind is DecisionKind.RECRUIT:
        return [Private("recruit", "Discard cards for thugs…")]
    if kind is DecisionKind.COMMIT:
        return [Private("commit", "Choose in secret…")]
    if kind is DecisionKind.LOSE_CARD:
        return [Private("drop", "Choose a card to discard…")]
    if kind is DecisionKind.DEAL_ANSWER:
        return [Private("deal", "See the deal…")]
    return []


def group_of(pending: Pending) -> str | None:
    groups = private_groups(pending)
    return groups[0].group if groups else None


def private_choices(view: PlayerView, pending: Pending) -> list[Choice]:
    """The private list for one decision, at most `MAX_CHOICES` long."""
    kind = pending.kind
    if kind is DecisionKind.LEGWORK:
        return _infiltrations(pending)[:MAX_CHOICES]
    if kind is DecisionKind.COMMIT:
        return commitments(pending.facts_as(CommitFacts), pending.seat)[:MAX_CHOICES]
    if kind is DecisionKind.RECRUIT:
        return recruitments(view.hand)[:MAX_CHOICES]
    if kind is DecisionKind.DEAL_ANSWER:
        facts = pending.facts_as(DealFacts)
        return [Choice(o.decision, o.label) for o in pending.options if o.available] or [
            Choice(f"reject:{facts.proposer}", "Reject the deal")
        ]
    return [Choice(o.decision, o.label) for o in pending.options if o.available][:MAX_CHOICES]


def _infiltrations(pending: Pending) -> list[Choice]:
    facts = pending.facts_as(LegworkFacts)
    out = []
    for square, pairs in sorted(facts.pairs.items()):
        option = pending.option(f"infiltrate:{square_text(square)}")
        if option is None or not option.available:
            continue
        for first, second in pairs:
            cards = f"{card_text(first)}.{card_text(second)}"
            label = f"{option.label} with your {rank_name(first)} and {rank_name(second)}"
            out.append(Choice(f"infiltrate:{square_text(square)}:{cards}", label[:100]))
    return out


def commitments(facts: CommitFacts, seat: int) -> list[Choice]:
    """One commitment per total, smallest first: idle thugs go first, then corrupt cops
    (who lose their badge), then guards of other buildings (who leave them empty)."""
    defending = seat == facts.defender
    least = 0 if defending else max(1, facts.least)
    most = facts.idle + facts.cops + len(facts.guards)
    out = []
    for total in range(least, most + 1):
        idle = min(total, facts.idle)
        cops = min(total - idle, facts.cops)
        guards = facts.guards[: total - idle - cops]
        squares = ".".join(square_text(s) for s in guards) or "-"
        parts = [f"{idle} idle"] if idle else []
        parts += [f"{cops} cop{'s' if cops != 1 else ''}"] if cops else []
        parts += [f"guards of {', '.join(square_name(s) for s in guards)}"] if guards else []
        what = " + ".join(parts) or "nobody more"
        extra = " (with the building's guard)" if defending else ""
        label = f"Commit {total}: {what}{extra}"
        out.append(Choice(f"commit:{idle}:{cops}:{squares}", label[:100]))
    return out


def recruitments(hand: list[int]) -> list[Choice]:
    """Useful ways to discard for thugs: everything, then one card of each rank."""
    cards = sorted(hand)
    if not cards:
        return []
    out = [
        Choice(
            "recruit:" + ".".join(card_text(c) for c in cards),
            f"Discard all {len(cards)} cards for {sum(thugs_for(c) for c in cards)} thugs",
        )
    ]
    seen: set[int] = set()
    for card in cards if len(cards) > 1 else ():
        if rank(card) in seen:
            continue
        seen.add(rank(card))
        gain = thugs_for(card)
        out.append(
            Choice(
                f"recruit:{card_text(card)}",
                f"Discard your {rank_name(card)} for {gain} thug{'s' if gain != 1 else ''}",
            )
        )
    return out


def deal_words(
    names: list[str], proposer: int, receiver: int, mine: DealSide, theirs: DealSide
) -> str:
    """A deal's terms in words, as its two sides read them."""

    def side(who: str, part: DealSide) -> str:
        bits = []
        if part.give:
            bits.append(f"gives {', '.join(str(r) if r != 1 else 'ace' for r in part.give)}")
        if part.thugs:
            bits.append(f"gives {part.thugs} idle thug{'s' if part.thugs != 1 else ''}")
        if part.discard:
            ranks = ", ".join(str(r) if r != 1 else "ace" for r in part.discard)
            bits.append(f"discards {ranks}")
        if part.drop_thugs:
            bits.append(f"discards {part.drop_thugs} thug{'s' if part.drop_thugs != 1 else ''}")
        return f"{who} {' and '.join(bits) if bits else 'gives nothing'}"

    return f"{side(names[proposer], mine)}; {side(names[receiver], theirs)}."
