"""Short words for the map, where a cell is a few letters wide: the Locations' short
names, the sizes and kinds of Businesses, the Resources."""

from __future__ import annotations

from engine.empire.cards import BusinessKind

SHORT_SITE = {
    "RAN": "Randolph",
    "LAS": "LaSalle",
    "LAB": "Union",
    "TOB": "Tobacco",
    "MUS": "Museum",
    "BOX": "Boxing",
    "WHA": "Wharf",
    "DOC": "Docks",
    "TEA": "Teamsters",
    "DRY": "Cleaner",
    "FLO": "Florist",
    "BUT": "Butcher",
    "NAT": "Bank",
    "PAW": "Pawn",
    "TAI": "Tailor",
    "LAW": "Lawyer",
    "POL": "Police",
    "HOS": "Hospital",
    "GN": "N Garage",
    "GS": "S Garage",
}
SIZE_WORDS = {"S": "small", "M": "medium", "L": "large"}
KIND_WORDS = {
    BusinessKind.BAR: "Bar",
    BusinessKind.CASINO: "Casino",
    BusinessKind.BROTHEL: "Brothel",
}
RESOURCE_WORDS = ("Girls", "Booze", "Henchmen")
RESOURCE_WORD = ("Girl", "Booze", "Henchman")


def lot_code(lot: str) -> str:
    """A lot as the map labels it: `a*` for the starred start lots, else its code."""
    return f"{lot}*" if lot in "abcdef" and len(lot) == 1 else lot


def lot_label(lot: str, size: str) -> str:
    """The lot's code, then the size: "a* small", "M1 medium"."""
    return f"{lot_code(lot)} {SIZE_WORDS[size]}"


def resources_text(res: tuple[int, ...]) -> str:
    """ "3 Girls, 1 Booze" (kinds held only)."""
    words = (RESOURCE_WORD[k] if n == 1 else RESOURCE_WORDS[k] for k, n in enumerate(res))
    return ", ".join(f"{n} {word}" for n, word in zip(res, words, strict=True) if n)
