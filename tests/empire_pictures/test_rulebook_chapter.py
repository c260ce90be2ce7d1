"""The rule book's Empire chapter agrees with the rules package: every decision of
EMPIRE §14 has its entry with its timeout (the engine's own default), and every number
the chapter states — seats, the goal, the cap, the city, money, capacities, fights, the
police, income and the Business table — is the engine's."""

from __future__ import annotations

from bot.rulebook import load
from engine.empire.actions import TAKEOVER
from engine.empire.board import (
    GARAGES,
    HOSPITAL_SQUARE,
    JAIL_SQUARE,
    LOCATIONS,
    SITES,
    SQUARES,
    TURFS,
    SiteKind,
)
from engine.empire.cards import BID_NEEDS, FIGHT_BONUS, KINDS_OF_RESOURCE, MOBSTERS, SIZES
from engine.empire.decisions import DecisionKind
from engine.empire.fight import DEADLY, MAX_TIES
from engine.empire.gang import BUSINESS_SIZE, CAR_SIZE, car_capacity
from engine.empire.police import POLICE_REACH
from engine.empire.state import (
    ACTION_ROUNDS,
    DEFAULT_CAP,
    MAX_CAP,
    MAX_PLAYERS,
    MIN_CAP,
    MIN_PLAYERS,
    START_MONEY,
    TURF_MARKERS,
    WIN_POWER,
)
from engine.empire.timeouts import PLAIN
from engine.empire.traderound import BID_STEP, CASINO_BONUS, FAVOUR, PIMP_GIRLS, TURF_INCOME

WORDS = {2: "Two", 4: "Four", 6: "six"}
# What each plain timeout default of the engine reads as in the chapter.
DEFAULT_WORDS = {
    "start_mob:car": "On timeout: the car",
    "roll": "On timeout: roll",
    "none": "On timeout: none",
    "go": "On timeout: go on",
    "fight": "On timeout: fight",
    "garage:GN": "On timeout: North",
    "occupy:-": "On timeout: nobody",
    "bid:0": "On timeout: 0",
    "bribe:0": "On timeout: 0",
}


def _chapter() -> str:
    topic = load().topic("empire")
    assert topic is not None and topic.title == "Empire, the fourth game"
    return " ".join(topic.body.replace("**", "").split())


def _entries() -> dict[str, str]:
    return {e.key: " ".join(e.text.split()) for e in load().of_kind("empire")}


def test_every_decision_has_its_entry_with_the_engine_s_timeout() -> None:
    entries = _entries()
    assert set(entries) == {kind.value for kind in DecisionKind}
    for kind in DecisionKind:
        assert "On timeout" in entries[kind.value], kind
    for kind, default in PLAIN.items():
        words = DEFAULT_WORDS[default]
        if kind is DecisionKind.ACTION:
            words = "On timeout: no action"
        assert words in entries[kind.value], kind


def test_the_chapter_states_the_engine_s_numbers() -> None:
    text = _chapter()
    lots = [s for s in SITES if s.kind is SiteKind.LOT]
    sizes = {size: sum(1 for s in lots if s.size == size) for size in "SML"}
    phrases = [
        f"{WORDS[MIN_PLAYERS]} to {WORDS[MAX_PLAYERS]} gangs",
        f"{WIN_POWER} Power Points",
        f"({DEFAULT_CAP} by default; the lobby may set {MIN_CAP} to {MAX_CAP})",
        f"{len(SQUARES)} street squares",
        f"{len(SITES)} sites",
        f"{len(LOCATIONS)} Locations",
        f"{len(lots)} lots for Businesses ({sizes['S']} small",
        f"{sizes['M']} medium, {sizes['L']} large)",
        f"{len(TURFS)} Turf squares",
        f"Jail (S{JAIL_SQUARE})",
        f"Hospital (S{HOSPITAL_SQUARE})",
        f"North by S{GARAGES['GN']}, South by S{GARAGES['GS']}",
        f"${START_MONEY}",
        f"{TURF_MARKERS} Turf markers",
        f"{WORDS[ACTION_ROUNDS]} Action Rounds",
        f"${TAKEOVER} to the bank",
        f"roll + {POLICE_REACH}",
        f"holds {CAR_SIZE} Mobsters: {car_capacity(['M22'])} with The Dwarf",
        f"{car_capacity(['M23'])} with Fat Fred, {car_capacity(['M22', 'M23'])} with both",
        f"A Business holds {BUSINESS_SIZE}",
        f"+{FIGHT_BONUS} with Tommy Gun",
        f"after {MAX_TIES} ties",
        f"{DEADLY} or more above",
        f"${TURF_INCOME} per Turf marker",
        f"${CASINO_BONUS} more for Harry the Hand",
        f"{PIMP_GIRLS} Girls for The Pimp",
        f"a multiple of ${BID_STEP}",
        f"pays ${FAVOUR} less",
    ]
    for mobster, (kind, amount) in BID_NEEDS.items():
        phrases += [MOBSTERS[mobster].name, f"{amount} {KINDS_OF_RESOURCE[kind].title()}"]
    for phrase in phrases:
        assert phrase in text, phrase


def test_the_business_table_is_the_engine_s() -> None:
    text = _chapter()
    for size, word in (("S", "small"), ("M", "medium"), ("L", "large")):
        row = SIZES[size]
        line = (
            f"| {word} | ${row.income} | ${row.monopoly} | {row.power} | +{row.defence} | "
            f"{row.own} | {row.other} |"
        )
        assert line in text, line
    assert "Each open small, medium and large Business gives 1, 2 and 3 PP" in text
    assert [SIZES[s].power for s in "SML"] == [1, 2, 3]
