"""Every section of RULES-TURF.md and every ruling it marks [R] is cited by a scenario
test here (`TURF §4.3`, `[R guard defends]`). The sections and rulings are listed below;
where the rules file is at hand (beside the checkout, in `shared/`), the lists are also
checked against it, so a new section or ruling there fails until it is tested."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from tests.rules_file import rules_file, sections_and_rulings

HERE = Path(__file__).parent
SECTIONS = ("1", "1.1", "1.2", "1.3", "2", "3", "4", "4.1", "4.2", "4.3", "5", "6", "7", "8",
            "9", "10")  # fmt: skip
RULINGS = {
    "suits": "1.2", "reshuffle": "1.2", "supply": "1.3", "gain capped": "1.3",
    "players": "2", "start": "2", "end legwork": "4.2", "either order": "4.2",
    "own building": "4.2", "not yourself": "4.2", "guard defends": "4.3", "pass": "6",
    "other player": "6", "ties": "6", "any time": "7", "given thugs": "7",
    "no buildings": "7", "out": "8", "stalemate": "8", "round limit": "8",
    "final count": "8", "timeouts": "9",
}  # fmt: skip


def _test_text() -> str:
    return "\n".join(
        p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py") if p != Path(__file__)
    )


def test_every_section_is_cited_by_a_test() -> None:
    cited = set(re.findall(r"TURF §(\d+(?:\.\d+)*)", _test_text()))
    covered = {".".join(c.split(".")[:n]) for c in cited for n in (1, 2)}
    missing = [s for s in SECTIONS if s not in covered]
    assert not missing, f"sections no test cites: {missing}"


def test_every_ruling_is_cited_by_a_test() -> None:
    text = _test_text()
    missing = [tag for tag in RULINGS if f"[R {tag}]" not in text]
    assert not missing, f"rulings no test cites: {missing}"


def test_the_lists_match_the_rules_file_when_it_is_at_hand() -> None:
    rules = rules_file("RULES-TURF.md")
    if rules is None:
        return  # a checkout without the specification beside it: the lists above stand
    headings, per_section = sections_and_rulings(rules)
    assert headings == SECTIONS
    assert per_section == Counter(RULINGS.values())
