"""What just happened, read from the engine's events: the last dice, the paths of the
last move and a few short lines for the centre of the board.

The board never diffs two states to find out what changed; the events say it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.board import SPACES
from engine.events import (
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
    PassedStart,
    PeopleChanged,
    PowerRenewed,
    RaidEnded,
    RaidStarted,
    StartRaid,
    TradeAnswered,
    TradeProposed,
    TruceDeclared,
    Withdrew,
)

MAX_LINES = 6
NAME_CHARS = 14


@dataclass(frozen=True, slots=True)
class Line:
    """One short sentence; `seat` colours its bullet (-1: nobody in particular)."""

    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class MoveTrace:
    seat: int
    start: int
    path: tuple[int, ...]
    how: str


@dataclass(frozen=True, slots=True)
class Recent:
    dice: tuple[int, tuple[int, ...]] | None
    moves: tuple[MoveTrace, ...]
    lines: tuple[Line, ...]


def money(amount: int) -> str:
    return f"${amount:,}"


def last_dice(events: Sequence[Event]) -> tuple[int, tuple[int, ...]] | None:
    """The seat and dice of the last movement roll."""
    for event in reversed(events):
        if isinstance(event, DiceRolled) and event.purpose == "move":
            return event.seat, event.dice
    return None


def last_moves(events: Sequence[Event]) -> tuple[MoveTrace, ...]:
    """The last dice move and every move it set off (a card's advance, police sent
    along by a card or the Heist); without a dice move, the last move alone."""
    start = None
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if isinstance(event, DiceRolled) and event.purpose == "move":
            start = i
            break
    moves = [e for e in events[start or 0 :] if isinstance(e, Moved)]
    if start is None:
        moves = moves[-1:]
    return tuple(MoveTrace(m.seat, m.start, m.path, m.how) for m in moves)


class _Narrator:
    """Turns events into short lines; names are cut so a line fits the centre."""

    def __init__(self, names: Sequence[str], marks_to_win: int) -> None:
        self.names = [n if len(n) <= NAME_CHARS else n[: NAME_CHARS - 1] + "…" for n in names]
        self.marks_to_win = marks_to_win
        self.lines: list[Line] = []
        self.pending_roll: DiceRolled | None = None

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "the bank"

    def say(self, seat: int, text: str) -> None:
        self.lines.append(Line(seat, text))

    def feed(self, event: Event) -> None:
        handler = _HANDLERS.get(type(event))
        if handler is not None:
            handler(self, event)


def _dice(n: _Narrator, e: Event) -> None:
    assert isinstance(e, DiceRolled)
    if e.purpose == "move":
        n.pending_roll = e


def _moved(n: _Narrator, e: Event) -> None:
    assert isinstance(e, Moved)
    where = SPACES[e.end].name
    roll = n.pending_roll
    if e.how == "dice" and roll is not None and roll.seat == e.seat:
        dice = "+".join(str(d) for d in roll.dice)
        n.say(e.seat, f"{n.name(e.seat)} rolled {dice} → {where}")
    elif e.how == "jump":
        n.say(e.seat, f"{n.name(e.seat)} jumped to {where}")
    else:
        n.say(e.seat, f"{n.name(e.seat)} moved to {where}")
    n.pending_roll = None


_PAID_WORDS = {
    "protection": "protection",
    "inspection": "Inspection",
    "lucky_jack": "to Lucky Jack",
    "trade": "in a trade",
}
_COLLECT_WORDS = {
    "heist": "from the Heist",
    "release": "on release",
    "don": "(The Don)",
    "rebuild": "rebuilding contacts",
}


def _paid(n: _Narrator, e: Event) -> None:
    assert isinstance(e, Paid)
    amount = money(e.amount)
    if e.reason in ("start", "establish", "recruit", "elimination"):
        return
    if e.reason == "bribe":
        n.say(e.payer, f"{n.name(e.payer)} bribed {n.name(e.payee)} {amount}")
    elif e.reason == "squeeze":
        n.say(e.payee, f"{n.name(e.payee)} squeezed {amount} from {n.name(e.payer)}")
    elif e.payer == -1:
        n.say(e.payee, f"{n.name(e.payee)} +{amount} {_COLLECT_WORDS.get(e.reason, '')}".strip())
    elif e.payee == -1:
        n.say(e.payer, f"{n.name(e.payer)} paid {amount}")
    else:
        words = _PAID_WORDS.get(e.reason, "")
        n.say(e.payer, f"{n.name(e.payer)} paid {n.name(e.payee)} {amount} {words}".strip())


def _passed_start(n: _Narrator, e: Event) -> None:
    assert isinstance(e, PassedStart)
    n.say(e.seat, f"{n.name(e.seat)} passed Start +$4,000")


def _renewed(n: _Narrator, e: Event) -> None:
    assert isinstance(e, PowerRenewed)
    state = "powered" if e.powered else "unpowered"
    n.say(e.seat, f"{n.name(e.seat)} rolled {e.die}: {state}")


def _people(n: _Narrator, e: Event) -> None:
    assert isinstance(e, PeopleChanged)
    if e.delta > 0:
        n.say(e.seat, f"{n.name(e.seat)} +{e.delta} people")
    elif e.delta < 0:
        n.say(e.seat, f"{n.name(e.seat)} lost {-e.delta} people")


def _card(n: _Narrator, e: Event) -> None:
    assert isinstance(e, CardDrawn)
    n.say(e.seat, f"{n.name(e.seat)} drew “{e.title}”")


def _raid_started(n: _Narrator, e: Event) -> None:
    assert isinstance(e, RaidStarted)
    target = f" at {SPACES[e.space].name}" if e.space >= 0 else ""
    n.say(e.attacker, f"{n.name(e.attacker)} raids {n.name(e.defender)}{target}")


def _raid_ended(n: _Narrator, e: Event) -> None:
    assert isinstance(e, RaidEnded)
    n.say(
        e.winner,
        f"{n.name(e.winner)} won the raid (lost {e.attacker_lost} / {e.defender_lost})",
    )


def _withdrew(n: _Narrator, e: Event) -> None:
    assert isinstance(e, Withdrew)
    n.say(e.seat, f"{n.name(e.seat)} withdrew")


def _mark(n: _Narrator, e: Event) -> None:
    assert isinstance(e, MarkEarned)
    n.say(e.seat, f"{n.name(e.seat)} earns Empire Mark {e.marks}/{n.marks_to_win}")


def _control(n: _Narrator, e: Event) -> None:
    assert isinstance(e, ControlChanged)
    where = SPACES[e.space].name
    if e.reason == "control":
        n.say(e.new, f"{n.name(e.new)} took {where}")
    elif e.reason == "seal":
        n.say(e.new, f"{n.name(e.new)} sealed {where}")
    elif e.reason == "raid":
        n.say(e.new, f"{n.name(e.new)} seized {where}")
    elif e.reason == "trade":
        n.say(e.new, f"{where} traded to {n.name(e.new)}")
    elif e.reason == "card":
        n.say(e.old, f"{where} back to its merchant")


def _detained(n: _Narrator, e: Event) -> None:
    assert isinstance(e, Detained)
    n.say(e.seat, f"{n.name(e.seat)} detained")


def _truce(n: _Narrator, e: Event) -> None:
    assert isinstance(e, TruceDeclared)
    n.say(e.seat, f"{n.name(e.seat)} declared a Gangland truce")


def _meeting(n: _Narrator, e: Event) -> None:
    assert isinstance(e, MeetingCalled)
    n.say(e.seat, "Big Boss Meeting at Start!")


def _proposed(n: _Narrator, e: Event) -> None:
    assert isinstance(e, TradeProposed)
    n.say(e.proposer, f"{n.name(e.proposer)} offers {n.name(e.partner)} a trade")


def _answered(n: _Narrator, e: Event) -> None:
    assert isinstance(e, TradeAnswered)
    n.say(e.partner, f"{n.name(e.partner)} {'accepted' if e.accepted else 'rejected'} it")


def _start_raid(n: _Narrator, e: Event) -> None:
    assert isinstance(e, StartRaid)
    n.say(-1, "START RAID: " + ", ".join(n.name(s) for s in e.eliminated) + " out")


def _eliminated(n: _Narrator, e: Event) -> None:
    assert isinstance(e, Eliminated)
    n.say(e.seat, f"{n.name(e.seat)} eliminated ({e.reason})")


def _waived(n: _Narrator, e: Event) -> None:
    assert isinstance(e, FineWaived)
    n.say(e.seat, f"{n.name(e.seat)} owes no Inspection")


def _credit(n: _Narrator, e: Event) -> None:
    assert isinstance(e, BankCredit)
    n.say(e.seat, f"Bank short: {n.name(e.seat)} +{money(e.amount)} credit")


def _contacts(n: _Narrator, e: Event) -> None:
    assert isinstance(e, ContactsChanged)
    if e.reason != "discard":
        n.say(e.seat, f"{n.name(e.seat)} holds {e.held} Contacts")


def _ended(n: _Narrator, e: Event) -> None:
    assert isinstance(e, MatchEnded)
    n.say(e.winner, f"{n.name(e.winner)} wins the match")


_HANDLERS: dict[type[Event], Callable[[_Narrator, Event], None]] = {
    DiceRolled: _dice,
    Moved: _moved,
    Paid: _paid,
    PassedStart: _passed_start,
    PowerRenewed: _renewed,
    PeopleChanged: _people,
    CardDrawn: _card,
    RaidStarted: _raid_started,
    RaidEnded: _raid_ended,
    Withdrew: _withdrew,
    MarkEarned: _mark,
    ControlChanged: _control,
    Detained: _detained,
    TruceDeclared: _truce,
    MeetingCalled: _meeting,
    TradeProposed: _proposed,
    TradeAnswered: _answered,
    StartRaid: _start_raid,
    Eliminated: _eliminated,
    FineWaived: _waived,
    BankCredit: _credit,
    ContactsChanged: _contacts,
    MatchEnded: _ended,
}


def summarise(events: Sequence[Event], names: Sequence[str], marks_to_win: int) -> Recent:
    """The last dice, the last move's paths and the last few lines of narration."""
    narrator = _Narrator(names, marks_to_win)
    for event in events:
        narrator.feed(event)
    lines = narrator.lines[-MAX_LINES:]
    return Recent(last_dice(events), last_moves(events), tuple(lines))
