"""Every section of RULES-BOOTLEG.md and every ruling it marks [R] is cited by a test here
(`BOOTLEG §6.2`, `[R precinct fine 2]`). Where the rules file is at hand (in `shared/`
beside the checkout), the lists are checked against it, so a new section or ruling there
fails until it is tested."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from tests.rules_file import rules_file, sections_and_rulings

HERE = Path(__file__).parent
SECTIONS = ("1", "2", "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "3", "4", "4.1", "4.2", "4.3",
            "4.4", "4.5", "4.6", "5", "5.1", "5.2", "5.3", "5.4", "6", "6.1", "6.2", "6.3",
            "6.4", "6.5", "6.6", "6.7", "6.8", "6.9", "7", "8", "8.1", "8.2", "8.3", "9",
            "9.1", "9.2", "9.3", "9.4", "9.5", "10", "11", "12", "13", "14")  # fmt: skip
RULINGS = {
    "players": "1", "nine locations": "2.1", "prison no service": "2.1", "spaces": "2.1",
    "casino colours": "2.1", "board": "2.2", "track update": "2.3", "token names": "2.4",
    "token travels": "2.4", "colours": "2.5", "starting szmal": "2.5",
    "whole numbers": "2.6", "floor": "2.6", "gangs dealt": "3", "track drawn": "3",
    "open variant": "3", "always a path": "4.1", "advance at once": "4.3",
    "exchanged away": "4.4", "turn ends itself": "4.4", "whole action": "4.4",
    "looks alike on discard": "4.5", "expansion at end": "4.6", "active player only": "4.6",
    "protection": "5", "read when used": "5.1", "free service": "5.4",
    "casino netted": "6.1", "precinct fine 2": "6.2", "own barrel": "6.2",
    "arrive then pay": "6.2", "station any envoy": "6.5", "church everyone": "6.6",
    "post any location": "6.8", "prison": "6.9", "every arrival": "7", "reveal at end": "7",
    "no tricks": "8.1", "bomb stays": "8.1", "big removed whole": "8.1",
    "no service moves big": "8.2", "bomb asked": "9.1", "lucky activatable": "9.1",
    "value floor": "9.2", "incomes summed": "9.2", "left out counts nothing": "9.3",
    "left out value": "9.3", "looks alike": "11", "timeouts": "12", "leaver": "12",
    "move text": "12", "discord": "14",
}  # fmt: skip


def _test_text() -> str:
    return "\n".join(
        p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py") if p != Path(__file__)
    )


def test_every_section_is_cited_by_a_test() -> None:
    cited = set(re.findall(r"BOOTLEG §(\d+(?:\.\d+)*)", _test_text()))
    missing = [s for s in SECTIONS if s not in cited]
    assert not missing, f"sections no test cites: {missing}"


def test_every_ruling_is_cited_by_a_test() -> None:
    text = re.sub(r"\s+", " ", _test_text().replace('"""', " ").replace("#", " "))
    missing = [tag for tag in RULINGS if f"[R {tag}]" not in text]
    assert not missing, f"rulings no test cites: {missing}"


def test_the_lists_match_the_rules_file_when_it_is_at_hand() -> None:
    rules = rules_file("RULES-BOOTLEG.md")
    if rules is None:
        return  # a checkout without the specification beside it: the lists above stand
    headings, per_section = sections_and_rulings(rules)
    assert headings == SECTIONS
    assert per_section == Counter(RULINGS.values())
