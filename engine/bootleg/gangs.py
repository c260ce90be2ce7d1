"""The four gangs and their Barrels (BOOTLEG §2.5 [R], §8).

Barrel kinds are short names; `public_kind` is what a seat other than the owner sees
(§11 [R]): a Devils or Lucky Joe Special only as "x".
"""

from __future__ import annotations

from dataclasses import dataclass

PLAIN, BIG, BOMB, FAKE = "plain", "big", "bomb", "fake"
GOOD_GOODS, CHEAP_GIN, GOLDEN = "good_goods", "cheap_gin", "golden"
HIDDEN = "x"
BARRELS_PER_GANG = 9


@dataclass(frozen=True, slots=True)
class Gang:
    key: str
    name: str
    colour: str
    szmal: int
    specials: tuple[str, ...]

    def barrels(self) -> list[str]:
        plain = [PLAIN] * (BARRELS_PER_GANG - len(self.specials))
        return sorted(plain + list(self.specials), key=DEFAULT_ORDER.index)


ROTTEN, DEVILS, LUCKY, GOLDEN_GANG = "rotten", "devils", "lucky", "golden"
GANGS: tuple[Gang, ...] = (
    Gang(ROTTEN, "Rotten Guys", "blue", 1, (BIG,)),
    Gang(DEVILS, "Devils of Chicago", "red", 1, (BOMB, FAKE, FAKE)),
    Gang(LUCKY, "Lucky Joe", "green", 2, (GOOD_GOODS, CHEAP_GIN)),
    Gang(GOLDEN_GANG, "Golden Gang", "yellow", 2, (GOLDEN, GOLDEN)),
)
BY_KEY = {g.key: g for g in GANGS}

# The timeout's preference when placing (BOOTLEG §12 [R]), also the order a supply is kept in.
DEFAULT_ORDER = (PLAIN, FAKE, GOLDEN, GOOD_GOODS, CHEAP_GIN, BOMB, BIG)
KINDS = frozenset(DEFAULT_ORDER)


SECRET_KINDS = frozenset({BOMB, FAKE, GOOD_GOODS, CHEAP_GIN})  # only their gangs own them


def public_kind(kind: str) -> str:
    """What a seat other than the owner sees of a Barrel of this kind (§11 [R])."""
    return HIDDEN if kind in SECRET_KINDS else kind
