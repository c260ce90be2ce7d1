"""Bootleg's names in words: Locations, Envoys, tokens, Barrels and cells, as every
message, list entry and picture reads them, so they read the same everywhere."""

from __future__ import annotations

from collections.abc import Sequence

from engine.bootleg.envoys import DIRTY_COP, INFORMANT, SMUGGLER, TROUBLEMAKER
from engine.bootleg.gangs import (
    BIG,
    BOMB,
    CHEAP_GIN,
    FAKE,
    GOLDEN,
    GOOD_GOODS,
    HIDDEN,
    PLAIN,
)
from engine.bootleg.gangs import BY_KEY as GANGS
from engine.bootleg.locations import BY_KEY as LOCATIONS
from engine.bootleg.tokens import BY_NUMBER

ENVOY_NAMES = {
    SMUGGLER: "Smuggler",
    INFORMANT: "Informant",
    TROUBLEMAKER: "Troublemaker",
    DIRTY_COP: "Dirty Cop",
}
ENVOY_LETTERS = {SMUGGLER: "S", INFORMANT: "I", TROUBLEMAKER: "T", DIRTY_COP: "D"}
BARREL_NAMES = {
    PLAIN: "plain Barrel",
    BIG: "Big Barrel",
    BOMB: "Bomb",
    FAKE: "Fake Barrel",
    GOOD_GOODS: "Good Goods",
    CHEAP_GIN: "Cheap Gin",
    GOLDEN: "Golden Whisky",
    HIDDEN: "X Barrel",
}
# The mark after the gang's letter on a Barrel of the picture (a plain one has none).
BARREL_LETTERS = {
    PLAIN: "",
    BIG: "B",
    BOMB: "!",
    FAKE: "F",
    GOOD_GOODS: "+",
    CHEAP_GIN: "−",
    GOLDEN: "W",
    HIDDEN: "X",
}


def location_name(key: str) -> str:
    return LOCATIONS[key].name


def envoy_name(kind: str) -> str:
    return ENVOY_NAMES[kind]


def barrel_name(kind: str) -> str:
    return BARREL_NAMES[kind]


def gang_name(key: str) -> str:
    return GANGS[key].name


def token_name(number: int) -> str:
    """A token's name; 0 is one nobody may see yet."""
    return BY_NUMBER[number].name if number in BY_NUMBER else "a face-down token"


def cell_place(keys: Sequence[str], cell: int) -> str:
    """The Location on `cell` (1-9), by name: `keys[cell - 1]` is its key."""
    return location_name(keys[cell - 1])


def listed(words: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
