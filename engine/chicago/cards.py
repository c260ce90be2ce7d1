"""Both decks as data (RULES §2.4, §12): each card is a row of simple effects.

Effects run in a fixed order — soldiers, collect, pay, the card's special rule, the
drawer's move, the police move — so "gain 2 soldiers; pay $500" and "collect $500;
police 2 clockwise" read the way they are printed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.chicago.board import Category, Deck


class Special(StrEnum):
    CONTACTS = "contacts"
    MEETING = "meeting"
    SQUEEZE = "squeeze"
    SERVICE_ALLEY = "service_alley"
    TAKE_CONTACTS = "take_contacts"
    RECEIPTS = "receipts"
    RESPECT = "respect"
    TRUCE = "truce"
    POKER = "poker"
    INJUNCTION = "injunction"
    SEIZURE = "seizure"
    BAD_TIP = "bad_tip"
    AUDIT = "audit"
    SQUAD = "squad"
    DETAIN = "detain"
    MISSING_LEDGERS = "missing_ledgers"


@dataclass(frozen=True, slots=True)
class Card:
    """One card. `police` > 0 moves police counterclockwise (its forward), < 0 clockwise."""

    title: str
    soldiers: int = 0
    collect: int = 0
    pay: int = 0
    special: Special | None = None
    category: Category | None = None
    move: int = 0
    police: int = 0


CONTACTS = Card("Contacts", special=Special.CONTACTS)

STREET_LIFE_ENTRIES: tuple[Card, ...] = (
    Card("Big Boss Meeting!", special=Special.MEETING),
    Card("Back-alley recruits", soldiers=2, police=3),
    Card("A rival turns coat", soldiers=2, pay=500),
    Card("Bootleg payoff", collect=1500),
    Card("Protection squeeze", special=Special.SQUEEZE, police=3),
    Card("Service-alley entrance", special=Special.SERVICE_ALLEY),
    Card("A whisper at the precinct", police=-2),
    Card("Hijacked whiskey truck", collect=1000),
    Card("Neighborhood loyalists", soldiers=2),
    Card("Medicinal whiskey permit", special=Special.TAKE_CONTACTS),
    Card("Speakeasy receipts", special=Special.RECEIPTS, category=Category.NIGHTLIFE),
    Card("Lakefront shipment", special=Special.RECEIPTS, category=Category.HARBOUR),
    Card("Rival speakeasies", pay=500, police=3),
    Card("Ward connection", move=3),
    Card("Getaway through the alley", move=-2),
    Card("Cooked ledgers", collect=500, police=-2),
    Card("Champagne tower", pay=800),
    Card("Neighborhood respect", special=Special.RESPECT),
    Card("Supper-club receipts", special=Special.RECEIPTS, category=Category.DINING),
    Card("Front-page legend", collect=1500, police=3),
    Card("Informant at large", police=-4),
    Card("Gangland truce", special=Special.TRUCE),
    Card("New territory", soldiers=2, pay=500),
    Card("Backroom poker", special=Special.POKER),
    Card("Front-page scandal", pay=800, police=3),
)

POLICE_FILE: tuple[Card, ...] = (
    Card("Prohibition raid", pay=1500, police=3),
    Card("Tail surveillance", police=3),
    Card("Commissioner on the payroll", pay=500, police=-4),
    Card("Grand-jury witness", police=6),
    Card("Thin evidence", police=-2),
    Card("Court injunction", special=Special.INJUNCTION),
    Card("Dry agent inside", pay=1000),
    Card("Station-house questions", pay=1000),
    Card("Bad tip", special=Special.BAD_TIP),
    Card("Treasury audit", special=Special.AUDIT),
    Card("Telephone tap", pay=500, police=3),
    Card("Prohibition squad", special=Special.SQUAD),
    Card("Clean ledger", police=-2),
    Card("Alley patrol", pay=700),
    Card("Defense attorney", special=Special.TAKE_CONTACTS),
    Card("Friendly judge", police=-4),
    Card("Federal seizure", special=Special.SEIZURE),
    Card("Caught with the goods", special=Special.DETAIN),
    Card("Missing ledgers", special=Special.MISSING_LEDGERS),
    Card("Precinct informant", soldiers=-1, police=3),
    Card("Paddy wagon", move=-2),
    Card("County jail", special=Special.DETAIN),
    Card("Bail money", pay=500, police=-2),
    Card("Trail goes cold", police=-4),
)

CONTACTS_IN_DECK = 4
CONTACTS_IN_SUPPLY = 12
MAX_CONTACTS_HELD = 2

# Card ids: Street Life 0-3 are the deck's Contacts, 4-28 the other entries, 29-40 the
# supply's Contacts. Police File ids are 0-23. Ids stay stable in saved states.
STREET_LIFE_DECK_IDS: tuple[int, ...] = tuple(range(CONTACTS_IN_DECK + len(STREET_LIFE_ENTRIES)))
SUPPLY_CONTACT_IDS: tuple[int, ...] = tuple(
    range(len(STREET_LIFE_DECK_IDS), len(STREET_LIFE_DECK_IDS) + CONTACTS_IN_SUPPLY)
)
POLICE_FILE_DECK_IDS: tuple[int, ...] = tuple(range(len(POLICE_FILE)))


def card(deck: Deck, card_id: int) -> Card:
    """The card behind an id of a deck."""
    if deck is Deck.POLICE_FILE:
        return POLICE_FILE[card_id]
    if card_id < CONTACTS_IN_DECK or card_id >= len(STREET_LIFE_DECK_IDS):
        return CONTACTS
    return STREET_LIFE_ENTRIES[card_id - CONTACTS_IN_DECK]


def card_id(deck: Deck, title: str) -> int:
    """The first id of a card with this title (for tests that stack the deck)."""
    ids = POLICE_FILE_DECK_IDS if deck is Deck.POLICE_FILE else STREET_LIFE_DECK_IDS
    for cid in ids:
        if card(deck, cid).title == title:
            return cid
    raise KeyError(f"no card titled {title!r} in {deck.value}")


assert len(STREET_LIFE_DECK_IDS) == 29 and len(POLICE_FILE) == 24
