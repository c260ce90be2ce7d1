"""What `/chicago card` answers for Empire: every Mobster, Event, Job, Business piece and
site of the city, in a few lines each, built from the engine's tables (EMPIRE §2-§3) so
the numbers can never disagree with the rules. Names are found forgiving case, accents,
spaces and punctuation ("der schweinehund", "Foxtrot OFlanigan", "t4", "m01")."""

from __future__ import annotations

import unicodedata
from functools import cache

from bot.empire.render.names import resources_text
from engine.empire.board import SITE, SITES, Site, SiteKind
from engine.empire.cards import (
    BID_NEEDS,
    EVENTS,
    JOBS,
    KINDS_OF_RESOURCE,
    MOBSTERS,
    PIECES,
    RESOURCE_CARDS,
    SIZES,
    STARRED,
    EventCard,
    Job,
    Mobster,
    Piece,
    Window,
    cost,
)

# Each named Mobster's gift, in the words of this edition (EMPIRE §3.2).
ABILITIES = {
    "M01": "When the police bust his car or Business, the bust always works.",
    "M02": "When the police bust his car or Business, the bust always fails.",
    "M05": "Only a gang holding 2 Booze may bid for him; the Booze is paid with the price.",
    "M10": "Adds $200 to his gang's income while he sits in one of its open Casinos.",
    "M11": "Adds $200 to his gang's income while he sits in one of its open Bars.",
    "M12": "Doubles the income of the open Business he sits in. He has no fighting bonus.",
    "M13": "Brings 2 Girls each Trade Round while he sits in one of his gang's open Brothels.",
    "M14": "Only a gang holding 2 Henchmen may bid for him; they are paid with the price.",
    "M15": "Driver: his car moves 1 square further.",
    "M16": "Driver: his car moves 1 square further.",
    "M17": "Driver: his car moves 2 squares further.",
    "M18": "Driver: his car moves 3 squares further.",
    "M19": "Never dies: where another would go to the Graveyard, he goes to the Hospital.",
    "M20": "A car carrying him cannot pick up Resources.",
    "M21": "While he is in Jail his gang collects no income at all.",
    "M22": "A car with him in it holds 4 Mobsters (3 if Fat Fred rides too).",
    "M23": "A car with him in it holds only 2 Mobsters (3 if The Dwarf rides too).",
    "M24": "Once a Game Sequence, on his gang's turn, may look inside a rival car or Business.",
    "M25": "Bribes cost his gang $200 less, and police busts never jail him.",
}
DRIVER_NOTE = "Only the best driver in a car counts; bonuses never add up."

# Each Event's effect, in the words of this edition (EMPIRE §3.3).
EFFECTS = {
    "E01": "Move your car once more this turn (a new roll plus the driver bonus), before "
    "or after your action.",
    "E02": "Saves one of your Mobsters from the Graveyard: he goes to the Hospital instead.",
    "E03": "Freezes a rival until the end of the next Trade Round: no driving, no police, "
    "no Events, no trades and no income.",
    "E04": "Roll a die and take up to that many Resources of your choice from a rival.",
    "E05": "Before a fight: one of your own fighters and one of the other side's, your "
    "pick, go to the Graveyard.",
    "E06": "Before a fight, for the defender: any of the defenders slip away and hide "
    "until the next Place Mobsters step.",
    "E07": "Until the next Trade Round nobody may attack and the police take no action.",
    "E08": "A rival's Mobster in the Hospital goes to the Graveyard.",
    "E09": "A rival's Mobster in Jail goes to the Graveyard.",
    "E10": "Cancels an Event played against you, or ends an Election Day on you.",
    "E11": "Before a fight, for the attacker: +2 to the attack total.",
    "E12": "Before a Driveby, for the defending car: +2 to the defence total.",
    "E13": "Before a Business Attack, for the defending Business: +2 to the defence total.",
    "E14": "A rival pays $300 to the bank (all they have if less).",
    "E15": "Take $500 from the bank.",
    "E16": "Take $50 from the bank for each Turf marker you have on the board.",
    "E17": "Take 2 Booze from the pool.",
    "E18": "Take 2 Girls from the pool.",
    "E19": "Take 2 Henchmen from the pool.",
    "E20": "One of your Mobsters in Jail gets into your car, if there is room.",
    "E21": "One of your Mobsters in the Hospital gets into your car, if there is room.",
}
WINDOWS = {
    Window.OWN_TURN: "Played on your own turn, outside a fight.",
    Window.PREFIGHT: "Played in the window before a fight's first roll.",
    Window.REACTION: "Played for you by your standing order (set it in /chicago hand), so "
    "nobody can tell from a pause that you hold it.",
}
PLACES = {
    "POL": "The Police Dept. holds the Jail. A car here may take its gang's jailed "
    "Mobsters back aboard as its action. The Police Car starts here.",
    "HOS": "A car here may take its gang's Mobsters in the Hospital back aboard as its action.",
    "GN": "Cars beaten in a fight wait here, off the streets, until the next Place "
    "Mobsters step, then come out on S7.",
    "GS": "Cars beaten in a fight wait here, off the streets, until the next Place "
    "Mobsters step, then come out on S19.",
}


def _folded(text: str) -> str:
    """Lower case, no accents, letters and digits only: how names are compared."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in plain if c.isalnum() and not unicodedata.combining(c))


def _numbers(m: Mobster) -> str:
    return (
        f"Driveby attack {m.da} · Driveby defence {m.dd} · "
        f"Business attack {m.ba} · Business defence {m.bd}"
    )


def _mobster_lines(m: Mobster) -> list[str]:
    lines = [f"Mobster ({m.id}).", _numbers(m)]
    if m.id in ABILITIES:
        lines.append(ABILITIES[m.id])
    if m.driver:
        lines.append(DRIVER_NOTE)
    if m.id in STARRED:
        lines.append("Starred: one of the six dealt at setup, one to each gang.")
    if m.id in BID_NEEDS:
        kind, amount = BID_NEEDS[m.id]
        lines.append(f"Bidding needs {amount} {KINDS_OF_RESOURCE[kind].title()}.")
    return lines


def _event_lines(e: EventCard) -> list[str]:
    return [f"Event ({e.id}).", EFFECTS[e.id], WINDOWS[e.window]]


def _job_lines(j: Job) -> list[str]:
    start, end = SITE[j.start], SITE[j.end]
    crew = "no Mobsters" if not j.needs else f"{j.needs} working Mobster" + "s" * (j.needs > 1)
    return [
        f"Job ({j.id}): from {start.name} (S{start.square}) to {end.name} (S{end.square}).",
        f"To start it, the car at the start needs {crew} aboard.",
        f"Completing it pays ${j.reward} and 1 Power Point for good.",
        "A busted car loses its started Jobs; a lost fight hands them to the winner.",
    ]


def _piece_lines(p: Piece) -> list[str]:
    row = SIZES[p.size]
    size = {"S": "small", "M": "medium", "L": "large"}[p.size]
    return [
        f"Business: a {size} {p.kind.value.title()} ({p.id}).",
        f"Opens on an empty {size} lot for {resources_text(cost(p.size, p.kind))}.",
        f"Income ${row.income} a Trade Round, ${row.monopoly} when no rival runs an open "
        f"{p.kind.value.title()}; {row.power} Power Point{'s' * (row.power > 1)} while open.",
        f"Defence bonus +{row.defence} in a Business Attack. Holds up to 3 Mobsters.",
    ]


def _site_lines(site: Site) -> list[str]:
    where = f"on S{site.square}"
    if site.kind is SiteKind.LOT:
        size = {"S": "small", "M": "medium", "L": "large"}[site.size]
        starred = " A start lot: gangs may begin here." if site.code in "abcdef" else ""
        pieces = [p.name for p in PIECES.values() if p.size == site.size]
        return [
            f"A {size} Business lot {where}.{starred}",
            f"Takes one {size} Business: {', '.join(pieces)}.",
        ]
    if site.kind is SiteKind.TURF:
        return [
            f"A Turf square {where}. A car here may mark it (free when empty, $300 to take "
            "over a rival's).",
            "Each Turf marker pays $50 a Trade Round; the most Turf holds Local Respect (1 PP).",
        ]
    if site.kind is SiteKind.LOCATION:
        lines = [f"A Location {where}. A car here may pick up its Resources."]
        starts = [j.name for j in JOBS.values() if j.start == site.code]
        ends = [j.name for j in JOBS.values() if j.end == site.code]
        if starts:
            lines.append(f"Jobs that start here: {', '.join(starts)}.")
        if ends:
            lines.append(f"Jobs that end here: {', '.join(ends)}.")
        cards = [c for c in RESOURCE_CARDS.values() if c.location == site.code]
        if cards:
            kinds = sorted({KINDS_OF_RESOURCE[c.kind].title() for c in cards})
            lines.append(f"{len(cards)} Resource cards bring {', '.join(kinds)} here.")
        return lines
    return [f"{site.name} {where}.", PLACES[site.code]]


@cache
def _entries() -> dict[str, tuple[str, list[str]]]:
    """Every folded name and alias -> (the name shown, its lines)."""
    found: dict[str, tuple[str, list[str]]] = {}

    def add(name: str, lines: list[str], *aliases: str) -> None:
        for key in (name, *aliases):
            found.setdefault(_folded(key), (name, lines))

    for m in MOBSTERS.values():
        add(m.name, _mobster_lines(m), m.id)
    for e in EVENTS.values():
        add(e.name, _event_lines(e), e.id)
    for j in JOBS.values():
        add(j.name, _job_lines(j), j.id)
    for p in PIECES.values():
        add(p.name, _piece_lines(p))
    for site in SITES:
        add(site.name, _site_lines(site), site.code)
    return found


def card_names() -> list[str]:
    """Every name `card_lines` knows, each once, in the order of the rules."""
    return list(dict.fromkeys(name for name, _ in _entries().values()))


def card_lines(name: str) -> list[str] | None:
    """The lines about one Mobster, Event, Job, Business or site; None if unknown."""
    found = _entries().get(_folded(name))
    return list(found[1]) if found else None
