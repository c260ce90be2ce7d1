"""The rule book covers everything the engine knows, and ships as Markdown and HTML."""

from __future__ import annotations

from pathlib import Path

from bot.cli import main
from bot.rulebook import load, to_html
from engine.chicago import DecisionKind
from engine.chicago.board import SpaceKind
from engine.chicago.cards import CONTACTS, POLICE_FILE, STREET_LIFE_ENTRIES
from engine.chicago.characters import CHARACTERS


def test_every_card_of_both_decks_has_its_text() -> None:
    book = load()
    decks = {"Street Life": [CONTACTS, *STREET_LIFE_ENTRIES], "Police File": list(POLICE_FILE)}
    for deck, cards in decks.items():
        for card in cards:
            entry = book.entry("card", card.title)
            assert entry is not None, f"{card.title} has no entry"
            assert entry.group == deck and len(entry.text) >= 8
    assert len(book.of_kind("card")) == 1 + len(STREET_LIFE_ENTRIES) + len(POLICE_FILE)


def test_every_character_space_kind_and_decision_has_its_text() -> None:
    book = load()
    for info in CHARACTERS.values():
        entry = book.entry("character", info.name)
        assert entry is not None and len(entry.text) > 10, info.name
    for kind in SpaceKind:
        entry = book.entry("space", kind.value)
        assert entry is not None and entry.text, kind
    for decision in DecisionKind:
        entry = book.entry("decision", decision.value)
        assert entry is not None and "timeout" in entry.text, decision


def test_topics_look_ups_and_autocomplete() -> None:
    book = load()
    assert book.topic("trades") is book.topic("Trades at Start") is not None
    assert book.topic("nonsense") is None
    assert book.lookup("  big boss meeting! ") is not None
    assert book.lookup("The Fixer") is not None
    titles = [e.title for e in book.matching("pro")]
    assert titles[:3] == ["Protection squeeze", "Prohibition raid", "Prohibition squad"]
    assert len(book.matching("")) == 25


def test_the_book_is_one_document_without_tags() -> None:
    text = load().markdown()
    assert text.startswith("# Chicago 1927 — the rule book")
    assert "{decision:" not in text and "{space:" not in text
    page = to_html(text)
    assert "<table>" in page and "<h3" in page and "@media print" in page
    assert "<strong>Empire Marks</strong>" in page


def test_rulebook_command_writes_both_files(tmp_path: Path, capsys: object) -> None:
    assert main(["rulebook", "--out", str(tmp_path / "book")]) == 0
    md = (tmp_path / "book" / "rulebook.md").read_text(encoding="utf-8")
    page = (tmp_path / "book" / "rulebook.html").read_text(encoding="utf-8")
    assert "Gangland truce" in md and "Gangland truce" in page


def test_rulebook_command_reports_an_unwritable_folder(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["rulebook", "--out", str(blocker / "book")]) == 2
