"""Reading a game's rules file from `../shared/` for the coverage tests: its section
numbers and its [R] rulings per section, so each game's lists of what its tests must
cite are checked against the specification whenever it sits beside the checkout."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

HEADING = re.compile(r"^#{2,3} (\d+(?:\.\d+)?)")


def rules_file(name: str) -> Path | None:
    """`shared/<name>` in a folder above this one, or None in a checkout without it."""
    for folder in Path(__file__).resolve().parents:
        candidate = folder / "shared" / name
        if candidate.is_file():
            return candidate
    return None


def sections_and_rulings(path: Path) -> tuple[tuple[str, ...], Counter[str]]:
    """The file's section numbers in order, and how many [R] rulings each holds."""
    text = path.read_text(encoding="utf-8")
    headings = tuple(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", text, re.MULTILINE))
    per_section: Counter[str] = Counter()
    section = ""
    for line in text.splitlines():
        found = HEADING.match(line)
        if found:
            section = found[1]
        if section:
            per_section[section] += line.count("[R]")
    return headings, per_section
