"""Bootleg's events told as short English lines, for the channel and the demo.

A pure function of the seat names, the city (which Location stands on which cell, public
from the setup on) and the events *as the reader may know them*: the channel is told
`visible_events(events, None)`, so another gang's Special reads "an X Barrel" and a
face-down token is never named. Each action is one line, its money and side effects
folded into it, so the table reads what happened and why at a glance.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.bootleg.words import (
    barrel_name,
    envoy_name,
    gang_name,
    listed,
    location_name,
    token_name,
)
from bot.telling import Line
from engine.bootleg import NOBODY
from engine.bootleg.board import LINE_NAMES
from engine.bootleg.events import (
    AdvanceTaken,
    BarrelDiscarded,
    BarrelMoved,
    BarrelPlaced,
    BombDecided,
    EnvoyExchanged,
    EnvoyMoved,
    Event,
    ExpansionClaimed,
    IncomePaid,
    LocationScored,
    LuckyDecided,
    MatchEnded,
    SeatLeft,
    ServiceUsed,
    SpecialsRevealed,
    SzmalChanged,
    TokenRevealed,
    TokensExchanged,
    TurnStarted,
    Welcomed,
)

SERVICE_DOES = {
    "casino": "green spaces pay, red spaces cost",
    "bank": "1$ per Barrel there",
    "city_hall": "1$ per other Location they hold a Barrel on",
    "church": "each gang pays 1$ per neighbouring Location it holds",
    "hotel": "2$ per Envoy on or beside it",
}
# Money a line already explains: told as part of its action, never on its own.
EXPLAINED = frozenset({"advance", "smuggler", "welcome", "expansion", "precinct_fine", "income"})
CONTROL_WHY = {
    "majority": "most Barrels",
    "golden_whisky": "tied, Golden Whisky breaks the tie",
    "reverse_ties": "tied, Reverse Ties: the rightmost tied Barrel wins",
    "leftmost": "tied, the leftmost tied Barrel wins",
}
VALUE_WHY = {
    "printed": "",
    "fixed_price": " (Fixed Price)",
    "specials": " (Lucky Joe's Specials)",
    "floor": " (Cheap Gin, floored at 0$)",
}


def money(amount: int) -> str:
    return f"+{amount}$" if amount >= 0 else f"−{-amount}$"


def a_barrel(kind: str) -> str:
    name = barrel_name(kind)
    return f"an {name}" if name[0] in "AEIOUX" else f"a {name}"


class _Teller:
    """One batch of events; an action's consequences are added to its line."""

    def __init__(self, names: Sequence[str], city: Sequence[str]) -> None:
        self.names = names
        self.city = city
        self.lines: list[Line] = []
        self.revealed: list[str] = []  # tokens turned at the end, told together

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "nobody"

    def place(self, cell: int) -> str:
        return location_name(self.city[cell - 1])

    def say(self, seat: int, text: str, by: int = NOBODY) -> None:
        self.lines.append(Line(seat, text, by))

    def add(self, text: str) -> None:
        """Fold a consequence into the line of the action that caused it."""
        if not self.lines:
            self.say(NOBODY, text.strip())
            return
        last = self.lines[-1]
        self.lines[-1] = Line(last.seat, f"{last.text} {text.strip()}", last.by)

    def tell(self, event: Event) -> None:
        match event:
            case TurnStarted():
                self.say(event.seat, f"— Round {event.round}: {self.name(event.seat)}'s turn —")
            case EnvoyMoved():
                self.moved(event)
            case TokenRevealed():
                self.token(event)
            case AdvanceTaken():
                self.advance(event)
            case BarrelPlaced():
                where = self.place(event.cell)
                text = f"{self.name(event.seat)} places {a_barrel(event.barrel)} on {where}"
                self.say(event.seat, f"{text}, space {event.space}.", event.seat)
            case BarrelDiscarded():
                self.say(
                    event.seat,
                    f"{self.name(event.seat)} brings {a_barrel(event.barrel)} to "
                    f"{self.place(event.cell)}, but it is full: the Barrel is out of the game.",
                    event.seat,
                )
            case BarrelMoved():
                self.barrel_moved(event)
            case Welcomed():
                self.add(f"Welcome pays {self.name(event.owner)} 1$.")
            case TokensExchanged():
                self.exchanged(event)
            case ServiceUsed():
                self.service(event)
            case SzmalChanged():
                self.szmal(event)
            case EnvoyExchanged():
                self.say(
                    event.seat,
                    f"At the Railway Station {self.name(event.seat)} exchanges the "
                    f"{envoy_name(event.out)} for the {envoy_name(event.came_in)}, "
                    f"who goes to the front of the Range Track.",
                    event.seat,
                )
            case ExpansionClaimed():
                self.say(
                    event.seat,
                    f"{self.name(event.seat)} holds a Barrel on all of "
                    f"{LINE_NAMES[event.line]} and claims its Expansion: {money(event.amount)}.",
                )
            case SeatLeft():
                self.say(
                    event.seat,
                    f"{self.name(event.seat)} leaves the match: the safe choice is made "
                    "for them from now on.",
                )
            case SpecialsRevealed():
                self.specials(event)
            case BombDecided():
                self.bomb(event)
            case LuckyDecided():
                self.lucky(event)
            case LocationScored():
                self.flush_reveals()
                self.say(event.controller, control_line(self.names, event))
            case IncomePaid():
                return  # each gang's income is in the final standings
            case MatchEnded():
                self.flush_reveals()
                self.say(event.winner, f"🏆 {self.name(event.winner)} wins Bootleg!")

    def moved(self, e: EnvoyMoved) -> None:
        steps = [self.place(c) for c in e.path]
        via = f" through {listed(steps[:-1])}" if len(steps) > 1 else ""
        self.say(
            e.seat,
            f"{self.name(e.seat)} moves the {envoy_name(e.envoy)} from "
            f"{self.place(e.start)}{via} to {steps[-1]}.",
            e.seat,
        )

    def token(self, e: TokenRevealed) -> None:
        if self.lines and "moves the" in self.lines[-1].text:
            self.add(f"Its token turns face up: {token_name(e.token)}.")
        else:
            self.revealed.append(f"{self.place(e.cell)} {token_name(e.token)}")

    def flush_reveals(self) -> None:
        if self.revealed:
            self.say(NOBODY, f"The last tokens turn face up: {listed(self.revealed)}.")
            self.revealed = []

    def advance(self, e: AdvanceTaken) -> None:
        if not e.smuggler:
            self.add("They take 1$ from its Pot (Advance).")
            return
        pots = listed([self.place(c) for c in e.cells])
        self.say(
            e.seat,
            f"{self.name(e.seat)}'s Smuggler takes 1$ from each Pot passed ({pots}): "
            f"{money(len(e.cells))}.",
            e.seat,
        )

    def barrel_moved(self, e: BarrelMoved) -> None:
        whose = f"{self.name(e.owner)}'s {barrel_name(e.barrel)}"
        src, dst = self.place(e.source), self.place(e.target)
        if e.cause == "troublemaker":
            text = f"{self.name(e.seat)}'s Troublemaker pushes {whose} from {src} to {dst}"
            self.say(e.owner, f"{text} (space {e.space}).", e.seat)
        elif e.cause == "precinct":
            self.add(f"The police haul {whose} from {src} to the Precinct (space {e.space}).")
        else:
            self.add(f"{whose} is posted from the Post Office to {dst} (space {e.space}).")

    def exchanged(self, e: TokensExchanged) -> None:
        a, b = (self.place(c) for c in e.cells)
        shown = [token_name(t) for t in e.tokens if t]
        now = f" Face up now: {listed(shown)}." if shown else ""
        self.say(
            e.seat, f"{self.name(e.seat)}'s Informant swaps the tokens of {a} and {b}.{now}", e.seat
        )

    def service(self, e: ServiceUsed) -> None:
        cost = f"{e.cost}$ into its Pot" if e.cost else "free with the Dirty Cop"
        does = SERVICE_DOES.get(e.location)
        what = f": {does}" if does else ""
        self.say(
            e.seat,
            f"{self.name(e.seat)} uses the {location_name(e.location)}'s Service ({cost}){what}.",
            e.seat,
        )

    def szmal(self, e: SzmalChanged) -> None:
        if e.reason == "precinct_fine":
            short = "" if e.change == e.due else f" (all they had, {-e.change}$)"
            self.add(f"{self.name(e.seat)} pays the {-e.due}$ fine{short}.")
            return
        if e.reason in EXPLAINED:
            return
        short = f", short of {-e.due}$" if e.change != e.due else ""
        self.add(f"{self.name(e.seat)} {money(e.change)} (now {e.szmal}${short}).")

    def specials(self, e: SpecialsRevealed) -> None:
        spots = [f"{barrel_name(k)} on {self.place(c)} space {s}" for c, s, k in e.board]
        gone = [barrel_name(k) for k in e.discarded]
        parts = [listed(spots) or "none on the board"]
        if gone:
            parts.append(f"out of the game: {listed(gone)}")
        self.flush_reveals()
        self.say(
            e.seat,
            f"{self.name(e.seat)} ({gang_name(e.gang)}) shows their Specials: {'; '.join(parts)}.",
        )

    def bomb(self, e: BombDecided) -> None:
        who, where = self.name(e.seat), self.place(e.cell)
        if not e.detonated:
            self.say(e.seat, f"{who} keeps the Bomb on {where} quiet.", e.seat)
            return
        gone = listed([f"{self.name(o)}'s {barrel_name(k)}" for o, k in e.removed])
        self.say(e.seat, f"💥 {who} sets off the Bomb on {where}: {gone} blown away.", e.seat)

    def lucky(self, e: LuckyDecided) -> None:
        who = self.name(e.seat)
        if not e.activated:
            self.say(e.seat, f"{who} leaves Lucky Joe's Specials as they are.", e.seat)
            return
        spots = listed([f"{barrel_name(k)} on {self.place(c)}" for c, k in e.barrels])
        self.say(e.seat, f"🍀 {who} activates Lucky Joe's Specials: {spots}.", e.seat)


def narrate_bootleg(
    names: Sequence[str], city: Sequence[str], events: Iterable[Event], headers: bool = True
) -> list[Line]:
    """The lines for a batch of events already masked for their reader; `headers=False`
    leaves out "Round n" lines."""
    teller = _Teller(names, city)
    for event in events:
        if headers or not isinstance(event, TurnStarted):
            teller.tell(event)
    teller.flush_reveals()
    return teller.lines


def control_line(names: Sequence[str], e: LocationScored) -> str:
    """One Location's final count: who controls it, why, and what it pays."""
    where = location_name(e.location)
    notes = []
    if e.bombed:
        gone = listed([f"{names[o]}'s {barrel_name(k)}" for o, k in e.bombed])
        notes.append(f"the Bomb blew away {gone}")
    if e.left_out is not None:
        notes.append(f"Last Out leaves {names[e.left_out[0]]}'s last Barrel out")
    aside = f" ({'; '.join(notes)})" if notes else ""
    if e.controller == NOBODY:
        return f"{where}: nobody{aside}."
    counts = sorted((n for n in e.counts if n), reverse=True)
    tally = "–".join(str(n) for n in counts)
    why = CONTROL_WHY[e.reason]
    worth = f"{e.value}${VALUE_WHY[e.value_reason]}"
    if e.token_income:
        total = f"{e.income}$" if e.income >= 0 else f"−{-e.income}$"
        worth += f" {money(e.token_income)} token = {total}"
    return f"{where}: {names[e.controller]}, {why} ({tally}){aside} → {worth}."


def income_line(names: Sequence[str], e: IncomePaid) -> str:
    held = f"{e.locations} Location{'s' if e.locations != 1 else ''}"
    return f"{names[e.seat]}: {held}, income {money(e.income)}: {e.before}$ → {e.szmal}$."


def last_action(names: Sequence[str], city: Sequence[str], events: Iterable[Event]) -> str | None:
    """The latest told line of a batch, for the picture's "last action"."""
    lines = narrate_bootleg(names, city, [e for e in events if not isinstance(e, MatchEnded)],
                            headers=False)  # fmt: skip
    return lines[-1].text if lines else None


__all__ = ["control_line", "income_line", "last_action", "narrate_bootleg"]
