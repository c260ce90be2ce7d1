"""The eight boss characters and the police's Warrant (RULES §2.5)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Character(StrEnum):
    DON = "don"
    QUEEN_BEE = "queen_bee"
    IRON_FIST = "iron_fist"
    LUCKY_JACK = "lucky_jack"
    STREET_BAT = "street_bat"
    NIGHT_GUN = "night_gun"
    FIXER = "fixer"
    VELVET_BOSS = "velvet_boss"
    WARRANT = "warrant"


@dataclass(frozen=True, slots=True)
class CharacterInfo:
    name: str
    initials: str
    power: str


CHARACTERS: dict[Character, CharacterInfo] = {
    Character.DON: CharacterInfo("The Don", "DN", "At Start: roll a die, collect $500 per pip."),
    Character.QUEEN_BEE: CharacterInfo(
        "Queen Bee", "QB", "No personal police encounters, no Inspection fines."
    ),
    Character.IRON_FIST: CharacterInfo(
        "Iron Fist", "IF", "Every soldier gain is half again as large."
    ),
    Character.LUCKY_JACK: CharacterInfo(
        "Lucky Jack", "LJ", "Collects $500 from each free boss he shares a space with."
    ),
    Character.STREET_BAT: CharacterInfo(
        "Street Bat", "SB", "At Start: roll a die, gain that many soldiers."
    ),
    Character.NIGHT_GUN: CharacterInfo("Night Gun", "NG", "Wins tied raid dice when defending."),
    Character.FIXER: CharacterInfo("The Fixer", "FX", "Pays half the rolled bribe."),
    Character.VELVET_BOSS: CharacterInfo(
        "Velvet Boss", "VB", "Gains soldiers when taking businesses."
    ),
    Character.WARRANT: CharacterInfo(
        "Warrant", "PD", "Police wins tied raid dice when attacking a business."
    ),
}

LUCKY_JACK_TAKE = 500  # what each other free boss pays a powered Lucky Jack (§6 step 3)

BOSS_CHARACTERS: tuple[Character, ...] = tuple(c for c in Character if c is not Character.WARRANT)
