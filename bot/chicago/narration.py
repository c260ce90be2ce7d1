"""Engine events told as short English lines, for the demo and the Discord channel.

Narration reads events, never diffs of states (DESIGN.md): every line comes from what
`apply` reported. Raid rounds are summed up, not told one by one, and routine bookkeeping
(a renewal die, a decks' reshuffle) is left out so the story stays readable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bot.telling import Line as Line
from bot.telling import plural as plural
from bot.telling import told_once
from engine.chicago import BANK, MERCHANT, NO_SPACE, NOBODY, EndReason, MatchState
from engine.chicago.board import SPACES, Deck, SpaceKind
from engine.chicago.cards import MAX_CONTACTS_HELD, Card, Special, card, card_id
from engine.chicago.characters import CHARACTERS
from engine.chicago.events import (
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

# How a match ended, in one place for every front end: ENDINGS completes "X wins the
# match …" in the story and under the winner in the picture; ENDING_NAMES labels the
# simulator's table.
ENDINGS = {
    EndReason.MARKS: "by Empire Marks",
    EndReason.LAST_STANDING: "as the last side standing",
    EndReason.START_RAID: "after the police raid at Start",
    EndReason.BANK_SHORTAGE: "on the final count: the bank ran dry",
    EndReason.ROUND_LIMIT: "on the final count at the round limit",
}
ENDING_NAMES = {
    EndReason.MARKS: "Empire Marks",
    EndReason.LAST_STANDING: "last side standing",
    EndReason.START_RAID: "police raid at Start",
    EndReason.BANK_SHORTAGE: "the bank ran dry",
    EndReason.ROUND_LIMIT: "round limit reached",
}
FINAL_COUNT = "final count"  # RULES §11.3: what the standings and the picture call a score

# What a card's special rule does, in the words of RULES §12 (the printed parts —
# soldiers, money, moves — are told from the card's numbers by `card_effect`).
SPECIAL_EFFECTS: dict[Special, str] = {
    Special.CONTACTS: f"kept if the drawer holds fewer than {MAX_CONTACTS_HELD}",
    Special.MEETING: "every free boss meets at Start to trade",
    Special.SQUEEZE: "collect up to $500 from the richest other side",
    Special.SERVICE_ALLEY: "advance to the nearest merchant-run business",
    Special.TAKE_CONTACTS: "take a Contacts card from the Street Life discard",
    Special.RECEIPTS: "collect $500 per {category} business held, or $500 if none",
    Special.RESPECT: "gain 2 soldiers with fewer than 3, otherwise collect $500",
    Special.TRUCE: "no raids on the drawer's businesses until after their next turn",
    Special.POKER: "roll a die and collect $200 per pip",
    Special.INJUNCTION: "the costliest business held goes back to its merchant",
    Special.SEIZURE: "the costliest business held goes back to its merchant; none: pay $2,000",
    Special.BAD_TIP: "go to Detention as a visitor",
    Special.AUDIT: "pay 10% of cash, rounded up to $100",
    Special.SQUAD: "the police jump to the drawer's space",
    Special.DETAIN: "straight to Detention",
    Special.MISSING_LEDGERS: "pay $1,500 with a Downtown business, otherwise $500",
}

# When a special rule finds nothing to act on, no event says so: the narration does.
NOTHING_HAPPENS: dict[Special, str] = {
    Special.CONTACTS: "already holds two, so it goes to the discard",
    Special.TAKE_CONTACTS: "there is none to take",
    Special.INJUNCTION: "there is no business to lose",
    Special.SERVICE_ALLEY: "there is none, so they stay",
}

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
    """Dollars as every message and the picture show them: $12,500."""
    return f"${amount:,}"


def _spaces(count: int) -> str:
    return plural(abs(count), "space")


def card_effect(drawn: Card) -> str:
    """What a card does, from its row of effects, in the order they happen (§12)."""
    parts: list[str] = []
    if drawn.soldiers > 0:
        parts.append(f"gain {drawn.soldiers} soldiers")
    elif drawn.soldiers < 0:
        parts.append(f"lose {-drawn.soldiers} soldier{'s' if drawn.soldiers < -1 else ''}")
    if drawn.collect:
        parts.append(f"collect {money(drawn.collect)}")
    if drawn.pay:
        parts.append(f"pay {money(drawn.pay)}")
    if drawn.special is not None:
        category = drawn.category.value if drawn.category is not None else ""
        parts.append(SPECIAL_EFFECTS[drawn.special].format(category=category))
    if drawn.move > 0:
        parts.append(f"advance {_spaces(drawn.move)}")
    elif drawn.move < 0:
        parts.append(f"move back {_spaces(drawn.move)}")
    if drawn.police:
        way = "counterclockwise" if drawn.police > 0 else "clockwise"
        parts.append(f"police move {_spaces(drawn.police)} {way}")
    return "; ".join(parts)


def drawn_card(event: CardDrawn) -> Card:
    """The card behind a CardDrawn event (the event names it by deck and title)."""
    deck = Deck(event.deck)
    return card(deck, card_id(deck, event.title))


def space_name(space: int) -> str:
    return SPACES[space].name


def _listing(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


# Events that tell a side's own choice, and which side made it.
_CHOICES: dict[type[Event], Callable[[Any], int]] = {
    RaidStarted: lambda e: e.attacker,
    Withdrew: lambda e: e.seat,
    TradeProposed: lambda e: e.proposer,
    TradeAnswered: lambda e: e.partner,
    TruceDeclared: lambda e: e.seat,
}


def _chooser(event: Event) -> int:
    """The side whose own choice `event` tells, or NOBODY."""
    pick = _CHOICES.get(type(event))
    if pick is not None:
        return pick(event)
    if isinstance(event, DiceRolled) and event.purpose in ("move", "bribe"):
        return event.seat
    if isinstance(event, ControlChanged) and event.reason in ("control", "seal"):
        return event.new
    if isinstance(event, PeopleChanged) and event.reason == "recruit":
        return event.seat
    if isinstance(event, Paid) and event.reason in ("protection", "inspection", "bribe"):
        return event.payer
    return NOBODY


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
        self._bribe: DiceRolled | None = None
        self._next: Event | None = None

    def told(
        self, state: MatchState, events: Iterable[Event], turn_headers: bool = True
    ) -> list[Line]:
        """The lines for these events; without `turn_headers`, no "Round n" separators
        (the board shows the round itself)."""
        out: list[Line] = []
        self._roll = self._bribe = None
        batch = list(events)
        for index, event in enumerate(batch):
            if not turn_headers and isinstance(event, TurnStarted):
                continue
            self._next = batch[index + 1] if index + 1 < len(batch) else None
            text = self._line(state, event)
            if text:
                out.append(Line(_about(event), text, _chooser(event)))
        return told_once(out)

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
            return self._card(state, event)
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
            return None  # the action's effects tell it; a pass has none worth a line
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
        """A movement roll is told with its move, a bribe's roll with the bribe; other
        dice show in what they cause."""
        if event.purpose == "move":
            self._roll = event
        elif event.purpose == "bribe":
            self._bribe = event
        return None

    def _card(self, state: MatchState, event: CardDrawn) -> str:
        """The card, what it does, and — when its rule finds nothing to act on — why
        nothing follows: every drawn card says what it did."""
        deck = DECK_NAMES.get(event.deck, event.deck)
        drawn = drawn_card(event)
        text = f"{self._name(state, event.seat)} draws {deck} “{event.title}”: {card_effect(drawn)}"
        special = drawn.special
        following = self._next
        if special in NOTHING_HAPPENS and not _acts_on(special, following, event.seat):
            text += f" — {NOTHING_HAPPENS[special]}"
        elif drawn.police and state.police.eliminated:
            text += " (police are out: no move)"
        return text + "."

    def _moved(self, state: MatchState, event: Moved) -> str:
        who = self._name(state, event.seat)
        where = space_name(event.end)
        if state.sides[event.seat].is_police and SPACES[event.end].kind is SpaceKind.CARD:
            where += " (police draw no cards)"  # RULES §2.4, §4.2
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
            return self._bribed(payer, payee, event.amount)
        if reason == "lucky_jack":
            return f"{payer} pays Lucky Jack {payee} {amount}."
        if reason == "squeeze":
            return f"{payee} squeezes {amount} out of {payer}."
        if reason == "trade":
            return None  # part of the trade just told
        return f"{payer} pays {payee} {amount}."

    def _bribed(self, payer: str, police: str, amount: int) -> str:
        """A bribe is the roll × $100 ($50 for a powered Fixer), paid instead of a raid
        when a boss shares a space with the police (RULES §8.2)."""
        roll, self._bribe = self._bribe, None
        how = ""
        if roll is not None and roll.dice and roll.dice[0]:
            pips = roll.dice[0]
            how = f" (rolled {pips} × {money(amount // pips)})"
        return f"{payer} runs into {police} and pays a bribe: {money(amount)}{how}."

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


def _acts_on(special: Special, following: Event | None, seat: int) -> bool:
    """Whether the event after a card shows its special rule at work."""
    if special in (Special.CONTACTS, Special.TAKE_CONTACTS):
        return isinstance(following, ContactsChanged) and following.seat == seat
    if special is Special.INJUNCTION:
        return isinstance(following, ControlChanged)
    return isinstance(following, Moved) and following.seat == seat


def narrate(state: MatchState, events: Iterable[Event], turn_headers: bool = True) -> list[Line]:
    """The lines of one batch of events: the same batch always gives the same lines."""
    return Narrator().told(state, events, turn_headers)


def standings(state: MatchState) -> list[str]:
    """The table as it stands (or the final ranking once the match is over), one line
    per side: marks, cash, people, businesses, and at the end each side's final count
    (RULES §11.3), which ranks everyone behind the winner — the picture shows the same."""
    result = state.result
    order = result.ranking if result is not None else list(range(len(state.sides)))
    lines: list[str] = []
    for place, seat in enumerate(order, start=1):
        side = state.sides[seat]
        held = sum(1 for owner in state.control if owner == seat)
        role = "police" if side.is_police else CHARACTERS[side.character].name
        word = "officer" if side.is_police else "soldier"
        status = " · eliminated" if side.eliminated else ""
        score = ""
        final = result.scores[seat] if result is not None else None
        if final is not None:
            score = f" · {FINAL_COUNT} {money(final)}"
        lines.append(
            f"{place}. {side.name} ({role}): {plural(side.marks, 'mark')}, {money(side.cash)}, "
            f"{plural(side.people, word)}, {plural(held, 'business', 'businesses')}"
            f"{status}{score}"
        )
    return lines
