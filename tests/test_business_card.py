"""`/chicago card <business>`: category, cost, fine and who runs it (RULES §2.1, §12.1)."""

from __future__ import annotations

from bot.chicago.business_card import (
    business_card,
    card_titles_matching,
    find_business,
    receipts_card,
)
from engine.chicago.board import Category
from engine.chicago.testing import give
from tests.engine.scenes import match


def _card_of(name: str) -> str:
    space = find_business(name)
    assert space is not None
    state = match(bosses=2)
    state.sides[0].name, state.sides[2].name = "Frankie", "Chief"
    give(state, 0, 33, 34, 35)
    give(state, 2, 29)
    return business_card(space, state).text()


def test_a_whole_downtown_block_shows_its_runner_and_the_doubled_fine() -> None:
    text = _card_of("  palmer house GRILL ")
    assert "**Category:** Dining" in text
    assert "$4,000" in text and "Fine** for a rival who lands: $2,250 ($4,500" in text
    assert "**Run by:** Frankie" in text and "**Fine now:** $4,500" in text
    assert "**Block:** 8 Downtown, with Loop Hotel and State Street Theatre" in text
    assert "*Supper-club receipts* pays $500 for each Dining business" in text


def test_a_police_seal_and_a_trade_business_without_a_receipts_card() -> None:
    text = _card_of("Uptown Chop Suey")
    assert "sealed by the police (Chief)" in text and "**Fine now:** $2,000" in text
    trade = _card_of("Loop Hotel")
    assert "Category:** Trade" in trade and "receipts" not in trade
    assert receipts_card(Category.TRADE) is None
    assert receipts_card(Category.HARBOUR) == "Lakefront shipment"


def test_without_a_match_every_business_is_merchant_run() -> None:
    space = find_business("Customs Shed")
    assert space is not None
    card = business_card(space)
    assert card.category is Category.HARBOUR
    assert "a merchant at the start of every match" in card.text()


def test_autocomplete_mixes_cards_characters_and_businesses() -> None:
    assert card_titles_matching("gold")[:1] == ["Gold Coast Cabaret"]
    assert "Drake Supper Club" in card_titles_matching("supper")
    assert "Supper-club receipts" in card_titles_matching("supper")
    assert len(card_titles_matching("")) == 25
    assert find_business("Start") is None and find_business("Street Life") is None
