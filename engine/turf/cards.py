"""The 40-card deck (TURF §1.2): ranks 1-10 in four suits. Cards 1-8 are street numbers.

A card is an int id 0-39; its text form is the rank then the suit letter ("3h", "10s"),
short enough for a button id. Suits only keep the cards distinct: no rule reads them.
"""

from __future__ import annotations

SUITS = "cdhs"
RANKS = tuple(range(1, 11))
DECK: tuple[int, ...] = tuple(range(len(RANKS) * len(SUITS)))
STREETS = range(1, 9)  # ranks that name a street (TURF §1.2)


def rank(card: int) -> int:
    return card // len(SUITS) + 1


def is_street(card: int) -> bool:
    return rank(card) in STREETS


def thugs_for(card: int) -> int:
    """What discarding the card at recruiting gains (TURF §5.2): 1 for a street, 2 else."""
    return 1 if is_street(card) else 2


def card_text(card: int) -> str:
    return f"{rank(card)}{SUITS[card % len(SUITS)]}"


def parse_card(text: str) -> int:
    """Read "3h"; raises ValueError for anything else."""
    number, suit = text[:-1], text[-1:]
    if not number.isdigit() or len(number) > 2 or suit not in SUITS or not suit:
        raise ValueError(text)
    value = int(number)
    if value not in RANKS:
        raise ValueError(text)
    return (value - 1) * len(SUITS) + SUITS.index(suit)


def card_name(card: int) -> str:
    """How a card is called in words: "a 7", "an 8", "an ace"."""
    value = rank(card)
    if value == 1:
        return "an ace"
    return f"an {value}" if value == 8 else f"a {value}"
