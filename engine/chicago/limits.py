"""The game's limits, declared once: the command line, the slash commands and the engine
all read them here (RULES §1, §3; the short-match options of the README's rulings)."""

from __future__ import annotations

MIN_BOSSES = 2
MAX_BOSSES = 4
BOSS_COUNTS: tuple[int, ...] = tuple(range(MIN_BOSSES, MAX_BOSSES + 1))
DEFAULT_BOSSES = MAX_BOSSES
STANDARD_MARKS = 4  # RULES §11.1: the first side to four Empire Marks wins
SHORT_MATCH_MARKS = 3
MARKS_CHOICES: tuple[int, ...] = (2, 3, 4)
MAX_ROUND_LIMIT = 200
DEFAULT_ROUND_LIMIT = 12  # a round limit offered for an evening's match
# The computer players' levels; "random" is a yardstick only.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "random")
