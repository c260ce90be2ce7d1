"""The 36-space city board, declared once (RULES §2.1).

Spaces are numbered clockwise from Start. Bosses move clockwise (increasing index),
police counterclockwise. Everything the rules need to know about a space is here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

BOARD_SIZE = 36
START = 0
DETENTION = 9
HEIST = 18
ARRESTED = 27


class SpaceKind(StrEnum):
    CORNER = "corner"
    BUSINESS = "business"
    CARD = "card"
    HUB = "hub"


class Category(StrEnum):
    DINING = "Dining"
    TRADE = "Trade"
    NIGHTLIFE = "Nightlife"
    HARBOUR = "Harbour"


class Deck(StrEnum):
    STREET_LIFE = "street_life"
    POLICE_FILE = "police_file"


@dataclass(frozen=True, slots=True)
class Space:
    index: int
    name: str
    kind: SpaceKind
    block: int = 0
    category: Category | None = None
    cost: int = 0
    deck: Deck | None = None

    @property
    def is_business(self) -> bool:
        return self.kind is SpaceKind.BUSINESS


BLOCK_NAMES: dict[int, str] = {
    1: "Maxwell Street",
    2: "Little Italy",
    3: "Bridgeport",
    4: "Levee",
    5: "Lakefront",
    6: "Gold Coast",
    7: "Uptown",
    8: "Downtown",
}


def _business(index: int, name: str, block: int, category: Category, cost: int) -> Space:
    return Space(index, name, SpaceKind.BUSINESS, block, category, cost)


def _card(index: int, deck: Deck) -> Space:
    name = "Street Life" if deck is Deck.STREET_LIFE else "Police File"
    return Space(index, name, SpaceKind.CARD, deck=deck)


_D, _T, _N, _H = Category.DINING, Category.TRADE, Category.NIGHTLIFE, Category.HARBOUR
_SL, _PF = Deck.STREET_LIFE, Deck.POLICE_FILE

SPACES: tuple[Space, ...] = (
    Space(0, "Start", SpaceKind.CORNER),
    _business(1, "Maxwell Street Deli", 1, _D, 1000),
    _card(2, _SL),
    _business(3, "Halsted Pawn Shop", 1, _T, 1200),
    Space(4, "Stockyards Labor Exchange", SpaceKind.HUB),
    _business(5, "Taylor Street Trattoria", 2, _D, 1400),
    _card(6, _PF),
    _business(7, "Sicilian Social Club", 2, _N, 1400),
    _business(8, "Vernon Park Barbershop", 2, _T, 1600),
    Space(9, "Detention", SpaceKind.CORNER),
    _business(10, "Halsted Street Saloon", 3, _N, 1800),
    _business(11, "Union Stock Yard Packers", 3, _T, 1800),
    _business(12, "Bridgeport Chop House", 3, _D, 2000),
    Space(13, "Union Hall", SpaceKind.HUB),
    _card(14, _SL),
    _business(15, "Four Deuces Cabaret", 4, _N, 2200),
    _business(16, "Levee Dance Hall", 4, _N, 2200),
    _business(17, "Wabash Pool Hall", 4, _T, 2400),
    Space(18, "Heist", SpaceKind.CORNER),
    _business(19, "Navy Pier Warehouse", 5, _H, 2600),
    _card(20, _PF),
    _business(21, "Lakefront Boathouse", 5, _H, 2600),
    _business(22, "Customs Shed", 5, _H, 2800),
    Space(23, "Harbour Hiring Hall", SpaceKind.HUB),
    _business(24, "Drake Supper Club", 6, _D, 3000),
    _card(25, _SL),
    _business(26, "Gold Coast Cabaret", 6, _N, 3200),
    Space(27, "Arrested", SpaceKind.CORNER),
    _business(28, "Green Mill Lounge", 7, _N, 3400),
    _business(29, "Uptown Chop Suey", 7, _D, 3400),
    _business(30, "Broadway Gaming Parlor", 7, _T, 3600),
    Space(31, "Cicero Boxing Gym", SpaceKind.HUB),
    _card(32, _PF),
    _business(33, "Loop Hotel", 8, _T, 3800),
    _business(34, "State Street Theatre", 8, _N, 3800),
    _business(35, "Palmer House Grill", 8, _D, 4000),
)

BUSINESSES: tuple[int, ...] = tuple(s.index for s in SPACES if s.is_business)
BLOCKS: dict[int, tuple[int, ...]] = {
    block: tuple(s.index for s in SPACES if s.block == block) for block in BLOCK_NAMES
}
DOWNTOWN_BLOCK = 8


def base_fine(block: int) -> int:
    """Fine for landing on a rival business of this block, before doubling (RULES §2.1)."""
    return 500 + 250 * (block - 1)


assert len(SPACES) == BOARD_SIZE and all(s.index == i for i, s in enumerate(SPACES))
assert len(BUSINESSES) == 22
