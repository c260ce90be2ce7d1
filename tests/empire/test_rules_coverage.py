"""Every section of RULES-EMPIRE.md is cited by a test here (`EMPIRE §7.4`), and every
section that holds a ruling marked [R] is cited with it (`EMPIRE §7.4 [R]`). Where the
rules file is at hand (in `shared/` beside the checkout), the lists are checked against
it, so a new section or ruling there fails until it is tested."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
SECTIONS = ("1", "1.1", "1.2", "2", "2.1", "2.2", "2.3", "2.4", "2.5", "3", "3.1", "3.2",
            "3.3", "3.4", "3.5", "3.6", "4", "5", "5.1", "5.2", "6", "6.1", "6.2", "6.3",
            "6.4", "6.5", "6.6", "6.7", "6.8", "6.9", "6.10", "7", "7.1", "7.2", "7.3",
            "7.4", "7.5", "7.6", "8", "8.1", "8.2", "8.3", "9", "9.1", "9.2", "9.3", "9.4",
            "9.5", "9.6", "10", "11", "12", "13", "14", "15", "16", "17")  # fmt: skip
RULED = ("1.1", "1.2", "2", "2.4", "2.5", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "4",
         "5.2", "6.7", "6.9", "6.10", "7.4", "7.5", "8.1", "8.2", "9.1", "9.3", "9.5", "10",
         "11", "12", "14", "15", "16")  # fmt: skip


def _test_text() -> str:
    return "\n".join(
        p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py") if p != Path(__file__)
    )


def test_every_section_is_cited() -> None:
    text = _test_text()
    cited = set(re.findall(r"§(\d+(?:\.\d+)?)", text))
    missing = [s for s in SECTIONS if s not in cited]
    assert not missing, f"sections no test cites: {missing}"


def test_every_ruling_is_cited() -> None:
    text = _test_text()
    cited = set(re.findall(r"§(\d+(?:\.\d+)?) \[R\]", text))
    missing = [s for s in RULED if s not in cited]
    assert not missing, f"sections whose rulings no test cites: {missing}"


def _rules_file() -> Path | None:
    for folder in Path(__file__).resolve().parents:
        candidate = folder / "shared" / "RULES-EMPIRE.md"
        if candidate.is_file():
            return candidate
    return None


def test_the_lists_match_the_rules_file_when_it_is_at_hand() -> None:
    rules = _rules_file()
    if rules is None:
        return
    section, ruled, heads = "", set(), []
    for line in rules.read_text(encoding="utf-8").splitlines():
        found = re.match(r"^#{2,3} (\d+(?:\.\d+)?)", line)
        if found:
            section = found[1]
            heads.append(section)
        if section and "[R]" in line:
            ruled.add(section)
    assert tuple(heads) == SECTIONS
    assert ruled == set(RULED)
