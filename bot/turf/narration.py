"""Turf's events told as short English lines, for the demo and the channel.

A pure function of the seat names and the events (DESIGN.md: narration reads events,
never diffs of states). Events carry no hidden fact, so every line may be told to the
whole table: a drawn card is never named, a secret commitment is only said to be made.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.telling import Line, plural, told_once
from engine.turf import NOBODY, EndReason
from engine.turf.board import square_name
from engine.turf.cards import card_name
from engine.turf.events import (
    CardDrawn,
    CardsDiscarded,
    Committed,
    ControlChanged,
    CopCorrupted,
    DealAnswered,
    DealOffered,
    DiscardReshuffled,
    Event,
    HitOrdered,
    Infiltrated,
    MatchEnded,
    PlayerOut,
    Revealed,
    Squeezed,
    ThugLost,
    ThugsGained,
    TurnStarted,
)

ENDINGS = {
    EndReason.BUILDINGS: "with ten buildings",
    EndReason.LAST_STANDING: "as the last boss standing",
    EndReason.ALL_OUT: "",
    EndReason.STALEMATE: "on the final count: a whole round went quiet",
    EndReason.ROUND_LIMIT: "on the final count at the round limit",
}
ENDING_NAMES = {
    EndReason.BUILDINGS: "10 buildings",
    EndReason.LAST_STANDING: "last standing",
    EndReason.ALL_OUT: "everyone out",
    EndReason.STALEMATE: "stalemate",
    EndReason.ROUND_LIMIT: "round limit",
}
LOST_FROM = {
    "idle": "an idle thug",
    "job": "a thug on a job",
    "cop": "a corrupt cop",
}


def _cards(cards: Sequence[int]) -> str:
    names = [card_name(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class _Teller:
    """One batch of events; remembers which buildings' changes were already told."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names
        self.told_squares: set[int] = set()

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "nobody"

    def line(self, event: Event) -> str | None:
        match event:
            case TurnStarted():
                return self.turn(event)
            case CardDrawn():
                return self.drawn(event)
            case CopCorrupted():
                return f"{self.name(event.seat)} buys a cop ({event.cops_in_play} corrupt in town)."
            case Infiltrated():
                return self.infiltrated(event)
            case Revealed():
                return self.revealed(event)
            case ControlChanged():
                return self.control(event)
            case HitOrdered():
                return f"{self.name(event.seat)} puts out a hit on {self.name(event.target)}."
            case Squeezed():
                return self.squeezed(event)
            case ThugLost():
                return self.lost(event)
            case CardsDiscarded():
                return self.discarded(event)
            case ThugsGained():
                return self.gained(event)
            case Committed():
                return f"{self.name(event.seat)} has chosen in secret."
            case DealOffered():
                return f"{self.name(event.proposer)} offers {self.name(event.receiver)} a deal."
            case DealAnswered():
                return self.answered(event)
            case PlayerOut():
                return f"{self.name(event.seat)} is out: no thugs and no cards left."
            case DiscardReshuffled():
                cards = plural(event.cards, "card")
                return f"The discard pile ({cards}) is shuffled into a new draw pile."
            case MatchEnded():
                return self.ended(event)
        return None  # ending legwork, passing the cop phase: the next line tells enough

    def turn(self, e: TurnStarted) -> str:
        back = f" ({plural(e.back_from_jobs, 'thug')} back from jobs)" if e.back_from_jobs else ""
        return f"— Round {e.round}: {self.name(e.seat)}'s turn{back} —"

    def drawn(self, e: CardDrawn) -> str:
        what = "draws a card" if e.drawn else "but both piles are empty: no card"
        return f"{self.name(e.seat)} sends 2 thugs for word on the street and {what}."

    def infiltrated(self, e: Infiltrated) -> str:
        where = square_name(e.square)
        head = f"{self.name(e.seat)} plays {_cards(e.cards)} on the building at {where}"
        self.told_squares.add(e.square)
        if e.defender == NOBODY:
            return f"{head} and puts a guard in it."
        return f"{head}, held by {self.name(e.defender)}: a confrontation! Both choose in secret."

    def revealed(self, e: Revealed) -> str:
        self.told_squares.update((e.square, *e.abandoned))
        head = (
            f"Revealed: {self.name(e.attacker)} {e.attack} against "
            f"{self.name(e.defender)} {e.defence} (guard included); "
            f"each side loses {e.attacker_lost}."
        )
        where = square_name(e.square)
        if e.winner == NOBODY:
            tail = f"Nobody is left standing: {where} is empty."
        elif e.winner == e.attacker:
            tail = f"{self.name(e.winner)} takes {where}."
        else:
            tail = f"{self.name(e.winner)} holds {where}."
        if e.abandoned:
            tail += " Left unguarded: " + ", ".join(square_name(s) for s in e.abandoned) + "."
        if e.cops_spent:
            tail += f" {plural(e.cops_spent, 'corrupt cop')} gave up the badge."
        return f"{head} {tail}"

    def control(self, e: ControlChanged) -> str | None:
        if e.square in self.told_squares or e.after != NOBODY:
            return None
        return f"The building at {square_name(e.square)} stands empty."

    def squeezed(self, e: Squeezed) -> str:
        what = plural(e.count, "card") if e.hand else plural(e.count, "thug")
        part = "hand" if e.hand else "gang"
        return f"{self.name(e.seat)}'s cops squeeze {self.name(e.target)}'s {part}: {what} to go."

    def lost(self, e: ThugLost) -> str:
        if e.where == "guard":
            self.told_squares.add(e.square)
            return f"{self.name(e.seat)} loses the guard at {square_name(e.square)}."
        return f"{self.name(e.seat)} loses {LOST_FROM[e.where]}."

    def discarded(self, e: CardsDiscarded) -> str | None:
        if e.cause == "infiltrate":
            return None
        verb = "cashes in" if e.cause == "recruit" else "discards"
        return f"{self.name(e.seat)} {verb} {_cards(e.cards)}."

    def gained(self, e: ThugsGained) -> str:
        why = {"buildings": "from the buildings", "cards": "for the cards", "deal": "by the deal"}
        return f"{self.name(e.seat)} recruits {plural(e.count, 'thug')} {why[e.cause]}."

    def answered(self, e: DealAnswered) -> str:
        pair = f"{self.name(e.proposer)}'s deal with {self.name(e.receiver)}"
        if e.outcome != "accepted":
            said = {"rejected": "is rejected", "failed": "falls through: something named is gone",
                    "dropped": "is off"}  # fmt: skip
            return f"{pair} {said[e.outcome]}."
        cards = e.cards_to_receiver + e.cards_to_proposer
        thugs = e.thugs_to_receiver + e.thugs_to_proposer
        moved = f"{plural(cards, 'card')} and {plural(thugs, 'thug')} change hands"
        return f"{self.name(e.receiver)} accepts {self.name(e.proposer)}'s deal: {moved}."

    def ended(self, e: MatchEnded) -> str:
        if e.winner == NOBODY:
            return "The last bosses go down together: nobody wins."
        return f"{self.name(e.winner)} wins the match {ENDINGS[e.reason]}!"


def _about(event: Event) -> int:
    for field in ("seat", "proposer", "attacker", "winner"):
        value = getattr(event, field, None)
        if isinstance(value, int):
            return value
    return NOBODY


def narrate_turf(names: Sequence[str], events: Iterable[Event], headers: bool = True) -> list[Line]:
    """The lines for a batch of events; `headers=False` leaves out "Round n" lines."""
    teller = _Teller(names)
    out = []
    for event in events:
        if not headers and isinstance(event, TurnStarted):
            continue
        text = teller.line(event)
        if text:
            out.append(Line(_about(event), text))
    return told_once(out)


def last_action(names: Sequence[str], events: Iterable[Event]) -> str | None:
    """The latest told line of a batch, for the picture's "last action" (the end of the
    match has its own line there)."""
    played = [e for e in events if not isinstance(e, MatchEnded)]
    lines = narrate_turf(names, played, headers=False)
    return lines[-1].text if lines else None


__all__ = ["ENDINGS", "ENDING_NAMES", "last_action", "narrate_turf"]
