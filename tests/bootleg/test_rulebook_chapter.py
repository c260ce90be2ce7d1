"""The rule book's Bootleg chapter agrees with the rules package: every decision has its
entry with its timeout, `/chicago card` knows every Location, token, Envoy and Barrel by
the rules package's own names, and every number the chapter states is the engine's."""

from __future__ import annotations

from bot.bootleg.words import BARREL_NAMES, ENVOY_NAMES
from bot.rulebook import load
from engine.bootleg import MAX_PLAYERS, MIN_PLAYERS, ROUNDS, DecisionKind
from engine.bootleg.board import EXPANSION_BONUS
from engine.bootleg.gangs import BARRELS_PER_GANG, GANGS
from engine.bootleg.locations import LOCATIONS, SPACES
from engine.bootleg.services import PRECINCT_FINE
from engine.bootleg.tokens import FIXED_VALUE, TOKENS

NUMBER_WORDS = {2: "Two", 4: "four"}


def _chapter() -> str:
    topic = load().topic("bootleg")
    assert topic is not None and topic.title == "Bootleg, the third game"
    return " ".join(topic.body.replace("**", "").split())


def test_every_bootleg_decision_has_its_entry_with_a_timeout() -> None:
    entries = {e.key: e for e in load().of_kind("bootleg")}
    for kind in DecisionKind:
        entry = entries.get(kind.value)
        assert entry is not None, kind
        assert "On timeout" in entry.text, kind


def test_card_knows_every_location_token_envoy_and_barrel() -> None:
    book = load()
    titles = [c.name for c in LOCATIONS] + [t.name for t in TOKENS]
    titles += list(ENVOY_NAMES.values()) + list(BARREL_NAMES.values())
    for title in titles:
        entry = book.lookup(title)
        assert entry is not None and entry.kind == "bootlegcard", title


def test_each_location_entry_states_its_value_pot_and_cost() -> None:
    book = load()
    for card in LOCATIONS:
        entry = book.lookup(card.name)
        assert entry is not None
        text = " ".join(entry.text.split())
        assert f"Value {card.value}$, Pot {card.pot}$" in text, card.name
        if card.service:
            assert f"Service {card.cost}$" in text, card.name
        else:
            assert "no Service" in text, card.name


def test_the_chapter_states_the_engine_s_numbers() -> None:
    text = _chapter()
    for phrase in (
        f"{NUMBER_WORDS[MIN_PLAYERS]} to {NUMBER_WORDS[MAX_PLAYERS]} gangs",
        f"After {ROUNDS} rounds",
        f"{len(TOKENS)} tokens",
        f"{SPACES} Barrel spaces",
        f"{BARRELS_PER_GANG} Barrels",
        f"takes {EXPANSION_BONUS}$",
        f"{PRECINCT_FINE}$ fine",
        f"exactly {FIXED_VALUE}$",
    ):
        assert phrase in text, phrase
    for gang in GANGS:
        assert f"{gang.name} ({gang.szmal}$" in text, gang.name
