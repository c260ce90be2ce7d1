"""Empire's names in the words players read: squares by street, sites, Mobsters, cards,
Businesses, Resources and money. One place, so narration, buttons and look-ups agree."""

from __future__ import annotations

from collections.abc import Sequence

from engine.empire.board import SITE, SiteKind
from engine.empire.cards import EVENTS, JOBS, MOBSTERS, PIECES, RESOURCE_CARDS

# EMPIRE §2.1: each square on one street (a corner goes with the street it starts).
STREETS: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("lake", "Lake St", tuple(range(1, 8))),
    ("michigan", "Michigan Ave", tuple(range(8, 14))),
    ("vanburen", "Van Buren St", tuple(range(14, 20))),
    ("wells", "Wells St", tuple(range(20, 25))),
    ("state", "State St", tuple(range(25, 30))),
)
STREET_OF = {sq: name for _, name, squares in STREETS for sq in squares}
RESOURCES = ("Girls", "Booze", "Henchmen")
ONE_RESOURCE = ("Girl", "Booze", "Henchman")
KIND_WORDS = {"bar": "Bar", "casino": "Casino", "brothel": "Brothel"}
SIZE_WORDS = {"S": "small", "M": "medium", "L": "large"}
GARAGE_WORDS = {"GN": "the North Garage", "GS": "the South Garage"}
PLACE_WORDS = {
    "car": "the car", "jail": "Jail", "hospital": "the Hospital", "hiding": "hiding",
    "graveyard": "the Graveyard", "unplaced": "unplaced",
}  # fmt: skip


def money(amount: int) -> str:
    """$1,250."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def square_name(square: int) -> str:
    """ "S5 (Lake St)"."""
    return f"S{square} ({STREET_OF.get(square, 'street')})"


def site_name(code: str) -> str:
    """A site in words: "the Wharf", "lot M1", "Turf 3"."""
    site = SITE.get(code)
    if site is None:
        return code
    if site.kind is SiteKind.LOT:
        return f"lot {code}{'*' if len(code) == 1 and code <= 'f' else ''}"
    if site.kind is SiteKind.TURF:
        return site.name
    return f"the {site.name}" if not site.name.startswith("the ") else site.name


def mobster_name(mid: str) -> str:
    card = MOBSTERS.get(mid)
    return card.name if card is not None else mid


def card_name(cid: str) -> str:
    """Any card of the deck by its id, in its own name."""
    for table in (MOBSTERS, EVENTS, JOBS):
        found = table.get(cid)
        if found is not None:
            return found.name
    if cid in RESOURCE_CARDS:
        row = RESOURCE_CARDS[cid]
        return f"{row.amount} {RESOURCES[row.kind]} at {site_name(row.location)}"
    return cid


def piece_words(piece: str) -> str:
    """ "the Rusty Nail (small Bar)"."""
    p = PIECES[piece]
    return f"the {p.name} ({SIZE_WORDS[p.size]} {KIND_WORDS[p.kind.value]})"


def resources(amounts: Sequence[int]) -> str:
    """ "2 Girls and 1 Henchman"; "nothing" for none."""
    parts = [
        f"{n} {ONE_RESOURCE[i] if n == 1 else RESOURCES[i]}" for i, n in enumerate(amounts) if n
    ]
    return listed(parts) or "nothing"


def short_resources(amounts: Sequence[int]) -> str:
    """ "2G 0B 1H", for buttons."""
    return " ".join(f"{n}{word[0]}" for n, word in zip(amounts, RESOURCES, strict=True))


def listed(items: Sequence[str]) -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def mobsters(ids: Sequence[str]) -> str:
    return listed([mobster_name(m) for m in ids]) or "nobody"
