"""The rule book's Turf chapter agrees with the Turf engine: every decision it can ask
has its entry with its timeout, and every number the chapter states is the engine's."""

from __future__ import annotations

from bot.rulebook import load
from engine.turf import DEFAULT_ROUND_LIMIT, MAX_COPS, SUPPLY, WINNING_BUILDINGS, DecisionKind
from engine.turf.board import BUILDINGS_PER_PLAYER
from engine.turf.cards import DECK
from engine.turf.state import MAX_PLAYERS, MIN_PLAYERS, START_IDLE
from engine.turf.testing import scene

NUMBER_WORDS = {2: "Two", 6: "six"}


def _chapter() -> str:
    topic = load().topic("turf")
    assert topic is not None and topic.title == "Turf, the second game"
    return " ".join(topic.body.replace("**", "").split())


def test_every_turf_decision_has_its_entry_with_a_timeout() -> None:
    book = load()
    entries = {e.key: e for e in book.of_kind("turf")}
    for kind in DecisionKind:
        entry = entries.get(kind.value)
        assert entry is not None, kind
        assert "On timeout" in " ".join(entry.text.split()), kind


def test_the_chapter_states_the_engine_s_numbers() -> None:
    text = _chapter()
    for phrase in (
        f"{BUILDINGS_PER_PLAYER} buildings per player",
        f"{len(DECK)} cards",
        f"{SUPPLY} thugs",
        f"{START_IDLE} idle thugs",
        f"{MAX_COPS} corrupt cops",
        f"{WINNING_BUILDINGS} buildings",
        f"{DEFAULT_ROUND_LIMIT} rounds",
        f"{NUMBER_WORDS[MIN_PLAYERS]} to {NUMBER_WORDS[MAX_PLAYERS]} bosses",
    ):
        assert phrase in text, phrase


def test_the_chapter_names_every_legwork_action_the_engine_offers() -> None:
    text = _chapter()
    labels = {o.label.split(" on ")[0].split(" at ")[0] for o in scene().pending[0].options}
    for label in labels:
        assert label.replace("the building", "a building") in text, label


def test_turf_card_entries_give_the_engine_s_recruiting_value() -> None:
    """TURF §1.2 and §5.2: what `/chicago card` says of Turf's cards is what recruiting
    pays for them (a street card 1 thug, a 9 or 10 two)."""
    from engine.turf.cards import is_street, parse_card, thugs_for

    book = load()
    street = book.lookup("Turf street card (ace to 8)")
    high = book.lookup("Turf 9 or 10")
    assert street is not None and high is not None
    for rank in range(1, 9):
        card = parse_card(f"{rank}h")
        assert is_street(card) and thugs_for(card) == 1
    assert "gains 1 thug" in " ".join(street.text.replace("**", "").split())
    for rank in (9, 10):
        card = parse_card(f"{rank}s")
        assert not is_street(card) and thugs_for(card) == 2
    assert "gains 2 thugs" in " ".join(high.text.replace("**", "").split())
