"""Engine events told as short English lines, for the demo and the Discord channel.

Narration reads events, never diffs of states (DESIGN.md): every line comes from what
`apply` reported. Raid rounds are summed up, not told one by one, and routine bookkeeping
(a renewal die, a decks' reshuffle) is left out so the story stays readable.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine import BANK, MERCHANT, NO_SPACE, NOBODY, EndReason, MatchState
from engine.board import SPACES, Deck
from engine.characters import CHARACTERS
from engine.events import (
    ActionTaken,
    BankCredit,
    CardDrawn,
    ContactsChanged,
    ControlChanged,
    Detained,
    DiceRolled,
    Eliminated,
    Event,
    FineWaived,
    MarkEarned,
    MatchEnded,
    MeetingCalled,
    Moved,
    Paid,
    PeopleChanged,
    PowerRenewed,
    RaidEnded,
    RaidRound,
    RaidStarted,
    Released,
    StartRaid,
    TradeAnswered,
    TradeProposed,
    TruceDeclared,
    TruceEnded,
    TurnStarted,
    Withdrew,
)

DECK_NAMES = {Deck.STREET_LIFE.value: "Street Life", Deck.POLICE_FILE.value: "Police File"}

ENDINGS = {
    EndReason.MARKS: "by Empire Marks",
    EndReason.LAST_STANDING: "as the last side standing",
    EndReason.START_RAID: "after the police raid at Start",
    EndReason.BANK_SHORTAGE: "on the final count: the bank ran dry",
    EndReason.ROUND_LIMIT: "on the final count: the round limit was reached",
}

COUNTED_ENDINGS = (EndReason.BANK_SHORTAGE, EndReason.ROUND_LIMIT)

# What a payment to or from the bank was for, told from the side's point of view.
COLLECTED = {
    "start": "passes Start and collects {amount}",
    "release": "walks out of Detention and collects {amount}",
    "heist": "pulls off a heist: {amount}",
    "rebuild": "rebuilds contacts: {amount} from the bank",
    "card": "collects {amount}",
    "don": "collects {amount} on the Don's roll",
}
SPENT: dict[str, str | None] = {
    "establish": None,  # told with the business changing hands
    "recruit": None,  # told with the people gained
    "card": "pays {amount}",
    "elimination": None,
}


def money(amount: int) -> str:
    return f"${amount:,}"


def plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else many or word + 's'}"


def space_name(space: int) -> str:
    return SPACES[space].name


def _listing(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True, slots=True)
class Line:
    """One told event; `seat` is the side it is about (its colour on the board), or
    NOBODY."""

    seat: int
    text: str


def _about(event: Event) -> int:
    """The side an event is mainly about."""
    if isinstance(event, Paid):
        return event.payee if event.payer == BANK or event.reason == "squeeze" else event.payer
    if isinstance(event, (RaidStarted, TradeProposed)):
        return event.attacker if isinstance(event, RaidStarted) else event.proposer
    if isinstance(event, (RaidEnded, MatchEnded)):
        return event.winner
    if isinstance(event, ControlChanged):
        return event.new if event.new != MERCHANT else event.old
    if isinstance(event, TradeAnswered):
        return event.partner
    seat = getattr(event, "seat", NOBODY)
    return seat if isinstance(seat, int) else NOBODY


class Narrator:
    """Turns a batch of events into lines. Every event carries the facts its line needs,
    so a batch is told the same whatever came before it (after a restart too); the only
    memory is the movement roll, told together with the move that follows it in the
    same batch."""

    def __init__(self) -> None:
        self._roll: DiceRolled | None = None

    def told(
        self, state: MatchState, events: Iterable[Event], turn_headers: bool = True
    ) -> list[Line]:
        """The lines for these events; without `turn_headers`, no "Round n" separators
        (the board shows the round itself)."""
        out: list[Line] = []
        self._roll = None
        for event in events:
            if not turn_headers and isinstance(event, TurnStarted):
                continue
            text = self._line(state, event)
            if text:
                out.append(Line(_about(event), text))
        return out

    def lines(self, state: MatchState, events: Iterable[Event]) -> list[str]:
        return [line.text for line in self.told(state, events)]

    def _name(self, state: MatchState, seat: int) -> str:
        return "the bank" if seat == BANK else state.sides[seat].name

    def _people(self, state: MatchState, seat: int, count: int) -> str:
        return plural(count, "officer" if state.sides[seat].is_police else "soldier")

    def _line(self, state: MatchState, event: Event) -> str | None:
        name = self._name
        if isinstance(event, TurnStarted):
            side = state.sides[event.seat]
            return f"— Round {event.round}: {side.name}'s turn —"
        if isinstance(event, DiceRolled):
            return self._dice(state, event)
        if isinstance(event, Moved):
            return self._moved(state, event)
        if isinstance(event, Paid):
            return self._paid(state, event)
        if isinstance(event, BankCredit):
            return (
                f"The bank cannot pay in full: {name(state, event.seat)} is owed "
                f"{money(event.amount)}."
            )
        if isinstance(event, PowerRenewed):
            if not event.powered:
                return None
            power = CHARACTERS[state.sides[event.seat].character]
            return f"{name(state, event.seat)} is powered ({power.name}) until next time round."
        if isinstance(event, PeopleChanged):
            return self._people_changed(state, event)
        if isinstance(event, CardDrawn):
            deck = DECK_NAMES.get(event.deck, event.deck)
            return f"{name(state, event.seat)} draws {deck}: “{event.title}”."
        if isinstance(event, ContactsChanged):
            return f"{name(state, event.seat)} now holds {event.held} Contacts."
        if isinstance(event, FineWaived):
            return (
                f"{name(state, event.seat)} strolls past the police seal on "
                f"{space_name(event.space)}: no Inspection for the Queen Bee."
            )
        if isinstance(event, RaidStarted):
            target = name(state, event.defender)
            if event.space == NO_SPACE:
                return f"{name(state, event.attacker)} takes on {target} in the street!"
            return f"{name(state, event.attacker)} raids {target} at {space_name(event.space)}!"
        if isinstance(event, RaidRound):
            return None
        if isinstance(event, Withdrew):
            return f"{name(state, event.seat)} pulls back."
        if isinstance(event, RaidEnded):
            return self._raid_ended(state, event)
        if isinstance(event, MarkEarned):
            goal = state.setup.options.marks_to_win
            return f"{name(state, event.seat)} earns an Empire Mark ({event.marks} of {goal})."
        if isinstance(event, ControlChanged):
            return self._control(state, event)
        if isinstance(event, Detained):
            return f"{name(state, event.seat)} is detained."
        if isinstance(event, Released):
            return None  # told with the $500 collected
        if isinstance(event, TruceDeclared):
            return (
                f"{name(state, event.seat)} calls a Gangland truce: "
                "their businesses are safe until the end of their next turn."
            )
        if isinstance(event, TruceEnded):
            return f"{name(state, event.seat)}'s truce is over."
        if isinstance(event, MeetingCalled):
            names = [name(state, s) for s in event.attendees]
            return f"Big Boss Meeting! {_listing(names)} gather at Start."
        if isinstance(event, TradeProposed):
            return self._proposal(state, event)
        if isinstance(event, TradeAnswered):
            verdict = "accepts" if event.accepted else "turns it down"
            return f"{name(state, event.partner)} {verdict}."
        if isinstance(event, ActionTaken):
            if event.action == "pass":
                return f"{name(state, event.seat)} sits tight."
            return None  # the action's effects tell it
        if isinstance(event, StartRaid):
            names = [name(state, s) for s in event.eliminated]
            if not names:
                return "The police sweep Start and find nobody."
            verb = "is" if len(names) == 1 else "are"
            return f"Police raid at Start! {_listing(names)} {verb} finished."
        if isinstance(event, Eliminated):
            return f"{name(state, event.seat)} is out of the match ({event.reason})."
        if isinstance(event, MatchEnded):
            return f"{name(state, event.winner)} wins the match {ENDINGS[event.reason]}."
        return None

    def _dice(self, state: MatchState, event: DiceRolled) -> str | None:
        """A movement roll is told with its move; other dice show in what they cause."""
        if event.purpose == "move":
            self._roll = event
        return None

    def _moved(self, state: MatchState, event: Moved) -> str:
        who = self._name(state, event.seat)
        where = space_name(event.end)
        roll, self._roll = self._roll, None
        if event.how == "dice" and roll is not None and roll.seat == event.seat:
            return f"{who} rolls {' + '.join(map(str, roll.dice))} to {where}."
        if event.how == "dice":
            return f"{who} moves to {where}."
        if event.how == "jump":
            return f"{who} is taken to {where}."
        return f"{who} is moved to {where}."

    def _paid(self, state: MatchState, event: Paid) -> str | None:
        amount = money(event.amount)
        payer, payee = self._name(state, event.payer), self._name(state, event.payee)
        reason = event.reason
        if event.payer == BANK:
            collected = COLLECTED.get(reason, "collects {amount}")
            return f"{payee} {collected.format(amount=amount)}."
        if event.payee == BANK:
            spent = SPENT.get(reason, "pays {amount}")
            return None if spent is None else f"{payer} {spent.format(amount=amount)}."
        if reason in ("protection", "inspection"):
            return f"{payer} pays {payee} {amount} {reason.title()}."
        if reason == "bribe":
            return f"{payer} slips the police {amount}."
        if reason == "lucky_jack":
            return f"{payer} pays Lucky Jack {payee} {amount}."
        if reason == "squeeze":
            return f"{payee} squeezes {amount} out of {payer}."
        if reason == "trade":
            return None  # part of the trade just told
        return f"{payer} pays {payee} {amount}."

    def _people_changed(self, state: MatchState, event: PeopleChanged) -> str | None:
        who = self._name(state, event.seat)
        if event.delta > 0:
            extra = f" ({event.wasted} turned away)" if event.wasted else ""
            gained = self._people(state, event.seat, event.delta)
            if event.reason == "recruit":
                return f"{who} recruits {gained}{extra}."
            return f"{who} gains {gained}{extra}."
        if event.delta < 0:
            return f"{who} loses {self._people(state, event.seat, -event.delta)}."
        return None if not event.wasted else f"{who} is already at full strength."

    def _raid_ended(self, state: MatchState, event: RaidEnded) -> str:
        winner, loser = self._name(state, event.winner), self._name(state, event.loser)
        if event.attacker == event.winner:
            won_lost, lost_lost = event.attacker_lost, event.defender_lost
        else:
            won_lost, lost_lost = event.defender_lost, event.attacker_lost
        return f"{winner} beats {loser} ({winner} lost {won_lost}, {loser} lost {lost_lost})."

    def _control(self, state: MatchState, event: ControlChanged) -> str | None:
        where = space_name(event.space)
        cost = money(SPACES[event.space].cost)
        if event.reason == "control":
            return f"{self._name(state, event.new)} takes control of {where} for {cost}."
        if event.reason == "seal":
            return f"The police seal {where} for {cost}."
        if event.reason == "raid":
            return f"{where} changes hands: now run by {self._name(state, event.new)}."
        if event.reason == "trade":
            return f"{where} goes to {self._name(state, event.new)}."
        if event.reason == "card":
            return f"{self._name(state, event.old)} loses {where} to its merchant."
        return None  # an elimination: told with the elimination

    def _proposal(self, state: MatchState, event: TradeProposed) -> str:
        proposer = self._name(state, event.proposer)
        partner = self._name(state, event.partner)
        parts: list[str] = []
        if event.give:
            parts.append("gives " + _listing([space_name(s) for s in event.give]))
        if event.take:
            parts.append("takes " + _listing([space_name(s) for s in event.take]))
        if event.cash > 0:
            parts.append(f"pays {money(event.cash)}")
        elif event.cash < 0:
            parts.append(f"asks {money(-event.cash)}")
        return f"{proposer} offers {partner} a deal: {proposer} {_listing(parts)}."


def narrate(state: MatchState, events: Iterable[Event], turn_headers: bool = True) -> list[Line]:
    """The lines of one batch of events: the same batch always gives the same lines."""
    return Narrator().told(state, events, turn_headers)


def standings(state: MatchState) -> list[str]:
    """The table as it stands (or the final ranking once the match is over), one line
    per side: marks, cash, people, businesses."""
    result = state.result
    order = result.ranking if result is not None else list(range(len(state.sides)))
    lines: list[str] = []
    for place, seat in enumerate(order, start=1):
        side = state.sides[seat]
        held = sum(1 for owner in state.control if owner == seat)
        role = "police" if side.is_police else CHARACTERS[side.character].name
        word = "officer" if side.is_police else "soldier"
        status = "  out" if side.eliminated else ""
        score = ""
        counted = result is not None and result.reason in COUNTED_ENDINGS
        if counted and result is not None and result.scores[seat] is not None:
            score = f"  final count {money(result.scores[seat] or 0)}"
        lines.append(
            f"{place}. {side.name} ({role}): {plural(side.marks, 'mark')}, {money(side.cash)}, "
            f"{plural(side.people, word)}, {plural(held, 'business', 'businesses')}"
            f"{status}{score}"
        )
    return lines
