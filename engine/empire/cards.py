"""The 128 cards and the 18 Business pieces (EMPIRE §3), declared once as tables.

Cards are named by their ids (`M01`, `E14`, `J3`, `R07`). A Mobster's special ability is
named by the constants below and read where the rule it changes lives; his fighting
numbers, driving bonus and bidding price are columns of his row."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

GIRLS, BOOZE, HENCHMEN = 0, 1, 2  # the order of every Resource triple (g.b.h)
KINDS_OF_RESOURCE = ("girls", "booze", "henchmen")
POOL_SIZE = 40


@dataclass(frozen=True, slots=True)
class Mobster:
    id: str
    name: str
    da: int
    dd: int
    ba: int
    bd: int
    star: bool = False
    driver: int = 0
    bid_needs: tuple[int, int] | None = None  # (Resource kind, amount) a bidder must hold


def _numbers(keyword: str) -> tuple[int, int, int, int]:
    """DA, DD, BA, BD from the card's one keyword (EMPIRE §3.2): the Standard Bonus 1
    unless the keyword sets a number."""
    if keyword == "no bonus":
        return 0, 0, 0, 0
    da = dd = ba = bd = 1
    if keyword == "standard":
        return da, dd, ba, bd
    what, _, x = keyword.rpartition(" +")
    n = int(x)
    sets = {
        "Attack": "da ba", "Defense": "dd bd", "Driveby": "da dd", "Driveby Attack": "da",
        "Driveby Defense": "dd", "Business Attack": "ba", "Business Defense": "bd",
    }[what].split()  # fmt: skip
    values = {"da": da, "dd": dd, "ba": ba, "bd": bd} | dict.fromkeys(sets, n)
    return values["da"], values["dd"], values["ba"], values["bd"]


_MOBSTER_ROWS = (
    ("M01", "Tony Trouble", "Attack +2"), ("M02", "Clean Gene", "standard"),
    ("M03", "Chicken Joe", "Driveby +3"), ("M04", "Ken Evil", "Driveby Attack +2"),
    ("M05", "Mr. Jesus", "Defense +3"), ("M06", "Foxtrot O'Flanigan", "Driveby Defense +2"),
    ("M07", "Red Irish", "Business Attack +2"), ("M08", "Sponge", "Business Defense +2"),
    ("M09", "Bugs Benny", "Attack +2"), ("M10", "Harry the Hand", "standard"),
    ("M11", "Charlie the Fish", "standard"), ("M12", "The Mayor", "no bonus"),
    ("M13", "The Pimp", "standard"), ("M14", "The Cleaner", "Attack +3"),
    ("M15", "Thin Tim", "standard"), ("M16", "Swift Nick", "standard"),
    ("M17", "Jack Rabbit", "standard"), ("M18", "Rolls Roy", "standard"),
    ("M19", "Lucky Lou", "standard"), ("M20", "Der Schweinehund", "Attack +3"),
    ("M21", "Frankie the Squealer", "Defense +2"), ("M22", "The Dwarf", "standard"),
    ("M23", "Fat Fred", "Driveby Defense +3"), ("M24", "The Reporter", "standard"),
    ("M25", "Johnny Favorite", "standard"), ("M26", "Big Sal", "standard"),
    ("M27", "Lefty Doyle", "standard"), ("M28", "Dutch Kramer", "standard"),
    ("M29", "Mugsy Baker", "standard"), ("M30", "Sammy Boots", "standard"),
    ("M31", "Nails Nolan", "standard"), ("M32", "Vinnie Two-Guns", "Attack +2"),
    ("M33", "Ace Moretti", "Attack +2"), ("M34", "Knuckles Malone", "Attack +2"),
    ("M35", "Pauly Ricci", "Defense +2"), ("M36", "Eddie the Ox", "Defense +2"),
    ("M37", "Benny Blue", "Defense +2"), ("M38", "Spats Murphy", "Driveby +2"),
    ("M39", "Slim Costa", "Driveby +2"), ("M40", "Jimmy Hats", "Driveby Attack +3"),
    ("M41", "Hank Steel", "Driveby Defense +3"), ("M42", "Rocco Fenn", "Business Attack +3"),
    ("M43", "Marco Bell", "Business Attack +3"), ("M44", "Louie Stone", "Business Defense +3"),
    ("M45", "Gus Brenner", "Business Defense +3"),
)  # fmt: skip
DRIVERS = {"M15": 1, "M16": 1, "M17": 2, "M18": 3}  # EMPIRE §3.2 [R]
BID_NEEDS = {"M05": (BOOZE, 2), "M14": (HENCHMEN, 2)}  # EMPIRE §9.3 [R]
STARRED = ("M26", "M27", "M28", "M29", "M30", "M31")

TONY_TROUBLE, CLEAN_GENE = "M01", "M02"
HARRY_THE_HAND, CHARLIE_THE_FISH, THE_MAYOR, THE_PIMP = "M10", "M11", "M12", "M13"
LUCKY_LOU, SCHWEINEHUND, FRANKIE, THE_DWARF, FAT_FRED = "M19", "M20", "M21", "M22", "M23"
THE_REPORTER, JOHNNY_FAVORITE = "M24", "M25"

MOBSTERS: dict[str, Mobster] = {
    mid: Mobster(mid, name, *_numbers(kw), mid in STARRED, DRIVERS.get(mid, 0), BID_NEEDS.get(mid))
    for mid, name, kw in _MOBSTER_ROWS
}


class Window(StrEnum):
    OWN_TURN = "own_turn"
    REACTION = "reaction"
    PREFIGHT = "prefight"


class Target(StrEnum):
    """What an Event names when it is played (EMPIRE §3.3)."""

    NONE = "none"
    OPPONENT = "opponent"
    OPPONENT_HOSPITAL = "opponent_hospital"  # an opponent's Mobster in the Hospital
    OPPONENT_JAIL = "opponent_jail"
    OWN_JAIL = "own_jail"
    OWN_HOSPITAL = "own_hospital"
    DYNAMITE = "dynamite"  # one own involved Mobster, one of the opponent's
    HIDE = "hide"  # any of the defender's involved Mobsters


@dataclass(frozen=True, slots=True)
class EventCard:
    id: str
    name: str
    window: Window
    target: Target = Target.NONE
    side: str = ""  # pre-fight cards: "attacker", "defender", "car" or "business" only
    money: int = 0  # a plain gain (or, with OPPONENT, what the victim pays)
    gain: tuple[int, int] | None = None  # (Resource kind, amount) from the pool


W, R, F = Window.OWN_TURN, Window.REACTION, Window.PREFIGHT
EVENTS: dict[str, EventCard] = {
    e.id: e
    for e in (
        EventCard("E01", "Streetwise", W),
        EventCard("E02", "Fabulous First Aid", R),
        EventCard("E03", "Election Day", W, Target.OPPONENT),
        EventCard("E04", "Burglary", W, Target.OPPONENT),
        EventCard("E05", "Dynamite", F, Target.DYNAMITE),
        EventCard("E06", "Sneaking Out the Backdoor", F, Target.HIDE, "defender"),
        EventCard("E07", "The Feds Are in Town", W),
        EventCard("E08", "The Pillow", W, Target.OPPONENT_HOSPITAL),
        EventCard("E09", "He Had an Accident", W, Target.OPPONENT_JAIL),
        EventCard("E10", "Severed Horse Head", R),
        EventCard("E11", "Tommy Gun", F, side="attacker"),
        EventCard("E12", "Armored Car", F, side="car"),
        EventCard("E13", "Sandbags", F, side="business"),
        EventCard("E14", "Tax Man", W, Target.OPPONENT, money=300),
        EventCard("E15", "Windfall", W, money=500),
        EventCard("E16", "Protection Money", W),
        EventCard("E17", "Bootleg Shipment", W, gain=(BOOZE, 2)),
        EventCard("E18", "Girls on the Train", W, gain=(GIRLS, 2)),
        EventCard("E19", "Union Muscle", W, gain=(HENCHMEN, 2)),
        EventCard("E20", "Bail Out", W, Target.OWN_JAIL),
        EventCard("E21", "Quick Recovery", W, Target.OWN_HOSPITAL),
    )
}
STREETWISE, FIRST_AID, ELECTION_DAY, BURGLARY, DYNAMITE, SNEAKING_OUT = (
    "E01", "E02", "E03", "E04", "E05", "E06",
)  # fmt: skip
THE_FEDS, THE_PILLOW, ACCIDENT, HORSE_HEAD, TOMMY_GUN = "E07", "E08", "E09", "E10", "E11"
TAX_MAN, PROTECTION = "E14", "E16"
PROTECTION_PER_TURF = 50
FIGHT_BONUS = 2  # Tommy Gun, Armored Car, Sandbags (EMPIRE §3.3 [R])
# Events a Severed Horse Head may cancel ("against the player", EMPIRE §3.3) and the
# standing order's default ticks (§6.9).
CANCELLABLE = ("E03", "E04", "E05", "E08", "E09", "E14")
HORSE_HEAD_DEFAULT = ("E03", "E05", "E08", "E09")


@dataclass(frozen=True, slots=True)
class Job:
    id: str
    name: str
    start: str  # a Location's code
    end: str
    needs: int
    reward: int


JOBS: dict[str, Job] = {
    j.id: j
    for j in (
        Job("J1", "Bank Robbery", "NAT", "DRY", 2, 800),
        Job("J2", "Funeral Wreath", "FLO", "BUT", 1, 800),
        Job("J3", "Rum Run", "DOC", "RAN", 1, 700),
        Job("J4", "Fur Heist", "TAI", "MUS", 2, 1200),
        Job("J5", "The Witness", "LAW", "LAS", 0, 500),
        Job("J6", "Fixed Fight", "BOX", "PAW", 1, 600),
        Job("J7", "Cigar Run", "TOB", "TEA", 0, 500),
        Job("J8", "Strike Breaking", "LAB", "WHA", 3, 2000),
    )
}


@dataclass(frozen=True, slots=True)
class ResourceCard:
    id: str
    kind: int
    location: str
    amount: int


_SMALL_FOUR = ("DRY", "FLO", "BUT", "NAT")
# EMPIRE §3.5: (kind, [(location, amount, copies)]) in the order the ids follow.
_RESOURCE_ROWS = (
    (GIRLS, [("RAN", 4, 3), ("LAS", 4, 3), ("LAW", 2, 2), ("TOB", 2, 2)]
     + [(loc, 2, 1) for loc in (*_SMALL_FOUR, "MUS", "BOX", "PAW", "TAI")]),
    (BOOZE, [("WHA", 4, 3), ("DOC", 4, 3), ("MUS", 2, 2), ("BOX", 2, 2)]
     + [(loc, 2, 1) for loc in (*_SMALL_FOUR, "LAW", "TOB", "PAW", "TAI")]),
    (HENCHMEN, [("LAB", 4, 3), ("TEA", 4, 3), ("PAW", 2, 2), ("TAI", 2, 2)]
     + [(loc, 2, 1) for loc in (*_SMALL_FOUR, "LAW", "TOB", "MUS", "BOX")]),
)  # fmt: skip


def _resource_cards() -> dict[str, ResourceCard]:
    cards: dict[str, ResourceCard] = {}
    for kind, rows in _RESOURCE_ROWS:
        for location, amount, copies in rows:
            for _ in range(copies):
                cid = f"R{len(cards) + 1:02d}"
                cards[cid] = ResourceCard(cid, kind, location, amount)
    return cards


RESOURCE_CARDS = _resource_cards()
DECK: tuple[str, ...] = (*MOBSTERS, *EVENTS, *JOBS, *RESOURCE_CARDS)
DECK_SIZE = 128


class BusinessKind(StrEnum):
    BAR = "bar"
    CASINO = "casino"
    BROTHEL = "brothel"


@dataclass(frozen=True, slots=True)
class SizeRow:
    income: int
    monopoly: int
    power: int
    defence: int
    own: int  # Resources of the kind's own sort it costs
    other: int  # and of each other sort


SIZES = {  # EMPIRE §3.6
    "S": SizeRow(300, 400, 1, 2, 3, 1),
    "M": SizeRow(600, 800, 2, 3, 4, 2),
    "L": SizeRow(1200, 1500, 3, 4, 6, 3),
}
OWN_RESOURCE = {BusinessKind.BAR: BOOZE, BusinessKind.CASINO: HENCHMEN, BusinessKind.BROTHEL: GIRLS}


def cost(size: str, kind: BusinessKind) -> tuple[int, int, int]:
    """Girls, Booze, Henchmen a Business of this size and kind costs to open (§3.6)."""
    row = SIZES[size]
    own = OWN_RESOURCE[kind]
    return (
        row.own if own == GIRLS else row.other,
        row.own if own == BOOZE else row.other,
        row.own if own == HENCHMEN else row.other,
    )


@dataclass(frozen=True, slots=True)
class Piece:
    id: str
    name: str
    size: str
    kind: BusinessKind


_PIECE_ROWS = (
    ("S", BusinessKind.BAR, ("Rusty Nail", "Blind Pig", "Gin Mill")),
    ("S", BusinessKind.CASINO, ("Lucky Seven", "Snake Eyes", "Dime Dice")),
    ("S", BusinessKind.BROTHEL, ("Velvet Room", "Red Lantern", "Rose Parlor")),
    ("M", BusinessKind.BAR, ("Booze Bash", "Bathtub Bar")),
    ("M", BusinessKind.CASINO, ("Silver Dollar", "High Roller")),
    ("M", BusinessKind.BROTHEL, ("Pink Lady", "Silk Stocking")),
    ("L", BusinessKind.BAR, ("Grand Speakeasy",)),
    ("L", BusinessKind.CASINO, ("Golden Palace",)),
    ("L", BusinessKind.BROTHEL, ("Moulin Noir",)),
)
PIECES: dict[str, Piece] = {}
for _size, _kind, _names in _PIECE_ROWS:
    for _name in _names:
        _pid = f"B{len(PIECES) + 1:02d}"
        PIECES[_pid] = Piece(_pid, _name, _size, _kind)
SMALL_PIECES = tuple(p.id for p in PIECES.values() if p.size == "S")


def kind_of(card: str) -> str:
    """ "mobster", "event", "job" or "resource"."""
    return {"M": "mobster", "E": "event", "J": "job", "R": "resource"}[card[0]]
