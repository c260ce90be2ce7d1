"""The rule book says what the engine does: each test plays a scene and then reads the
book's words on it, so a change on either side that breaks their agreement fails here."""

from __future__ import annotations

import re

from bot.chicago.business_card import business_card, card_titles_matching
from bot.rulebook import load
from engine.chicago.board import BUSINESSES, SPACES, Deck
from engine.chicago.decisions import DecisionKind
from engine.chicago.events import PeopleChanged, StartRaid
from engine.chicago.state import EndReason
from engine.chicago.testing import place, set_side, stack_card
from tests.engine.scenes import BANK, asks, match, of, payments, turn


def _words(text: str) -> str:
    """Text with Markdown emphasis and line breaks flattened, for phrase checks."""
    return re.sub(r"\s+", " ", text.replace("**", "").replace("*", ""))


def _topic(slug: str) -> str:
    topic = load().topic(slug)
    assert topic is not None, slug
    return _words(topic.body)


def _entry(kind: str, key: str) -> str:
    entry = load().entry(kind, key)
    assert entry is not None, (kind, key)
    return _words(entry.text)


def test_a_visit_to_detention_by_dice_meets_the_police_there() -> None:
    """RULES §6.2, §6.6, §7.2: a visitor by dice faces the police standing on Detention."""
    state = match(bosses=2)
    state.police.position = 9
    place(state, 0, 7)
    turn(state, 0, 1, 1)
    assert state.sides[0].position == 9 and not state.sides[0].detained
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    corner = _entry("space", "corner")
    assert "harmless" not in corner
    assert "as a visitor" in corner and "meets it in person" in corner
    assert "a visitor to Detention still meets the police" in _topic("arrivals")


def test_a_heist_that_sends_the_police_past_start_pays_it_and_rolls_its_renewal() -> None:
    """RULES §5, §6.6, §7.1: police moved 2 → 35 by the Heist passes Start: $4,000 and a
    renewal roll (a 4 powers its Warrant)."""
    state = match(bosses=2)
    state.police.position = 2
    place(state, 0, 16)
    events = turn(state, 0, 1, 1, 4)
    assert (BANK, 2, 4000, "start") in payments(events)
    assert state.police.powered
    assert "collects $4,000 and rolls its renewal" in _entry("space", "corner")
    assert "by a Heist that sends the police 3 spaces" in _topic("turns")
    assert "collects $4,000 and rolls its renewal" in _topic("arrivals")
    assert "dice, card or Heist" in _topic("police")


def test_every_gain_of_people_stops_at_120_and_the_book_says_so() -> None:
    """RULES §2.3: a card's soldiers past 120 are lost like a recruit's."""
    state = match(bosses=2)
    stack_card(state, Deck.STREET_LIFE, "Neighborhood loyalists")
    set_side(state, 0, people=119)
    state.police.position = 18
    place(state, 0, 0)
    events = turn(state, 0, 1, 1)
    gain = of(events, PeopleChanged)[-1]
    assert state.sides[0].people == 120 and (gain.delta, gain.wasted) == (1, 1)
    overview, actions = _topic("overview"), _topic("actions")
    assert "Nobody ever holds more than 120 people" in overview
    assert "recruits, cards, powers" in overview
    assert "any gain past that — a recruit, a card, a power — is lost" in actions


def test_the_overview_lists_the_start_raid_among_the_endings() -> None:
    """RULES §1, §7.3: a Start raid that leaves one boss ends the match."""
    state = match(bosses=2)
    place(state, 1, 20)
    place(state, 0, 30)
    events = turn(state, 0, 3, 3)
    assert of(events, StartRaid)[0].eliminated == (0,)
    assert state.result is not None and state.result.reason is EndReason.START_RAID
    overview = _topic("overview")
    assert "Start raid ends a match" in overview
    assert "exactly one boss is left anywhere it wins" in overview


def test_card_look_up_gives_what_the_book_promises_for_every_business() -> None:
    """The book says `/chicago card` gives a business's category, cost, fine and runner;
    the look-up gives exactly the engine's figures for all 22."""
    board = _entry("space", "business") + _topic("board")
    assert "`/chicago card` with a business's name gives its category, cost, fine" in board
    assert "business: its category, cost, fine and who runs it" in _topic("discord")
    for index in BUSINESSES:
        space = SPACES[index]
        text = business_card(space, match(bosses=2)).text()
        assert space.category is not None and f"Category:** {space.category}" in text
        assert f"${space.cost:,}" in text
        assert f"${500 + 250 * (space.block - 1):,}" in text
        assert "Run by:** a merchant" in text
        assert card_titles_matching(space.name)[0] == space.name
