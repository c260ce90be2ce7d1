"""How Chicago 1927 is seated: two to four bosses and the police, a match to a number
of Empire Marks or to a round limit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.seating import COMPUTER_NAMES, Count, Length, Role, Seating
from engine.chicago import MatchOptions, PlayerSpec, Setup
from engine.chicago.limits import (
    MAX_BOSSES,
    MAX_ROUND_LIMIT,
    MIN_BOSSES,
    SHORT_MATCH_MARKS,
    STANDARD_MARKS,
)

MARKS = "marks"  # the game's own option: the Empire Marks that win
COMPUTER_POLICE_NAME = "Chicago Police"

BOSS = Role(
    key="boss", one="a boss", seat="boss seat", button="boss", heading="Bosses",
    plural="bosses", join="Join as boss", computer_names=COMPUTER_NAMES,
)  # fmt: skip
POLICE = Role(
    key="police", one="the police", seat="police seat", button="police", heading="Police",
    plural="police", join="Join as police", computer_names=(COMPUTER_POLICE_NAME,),
)  # fmt: skip


def make_setup(
    seed: int, players: Sequence[PlayerSpec], options: Mapping[str, int], rounds: int | None
) -> Any:
    """The bosses in joining order, the police last; the seed deals seats and characters."""
    *bosses, police = players
    marks = options.get(MARKS, STANDARD_MARKS)
    return Setup(seed, MatchOptions(marks_to_win=marks, round_limit=rounds), bosses, police)


def terms(options: Mapping[str, int], rounds: int | None) -> str:
    """ "standard (4 marks)", "short (3 marks)" or "4 marks or 12 rounds"."""
    marks = options.get(MARKS, STANDARD_MARKS)
    if rounds:
        return f"{marks} marks or {rounds} rounds"
    return "standard (4 marks)" if marks == 4 else f"short ({marks} marks)"


SEATING = Seating(
    choice="Chicago 1927 (bosses and the police)",
    count=Count(
        low=MIN_BOSSES,
        high=MAX_BOSSES,
        default=3,
        option="bosses",
        words=f"How many bosses ({MIN_BOSSES}–{MAX_BOSSES}); the police is one more seat",
        flag="bosses",
        flag_help="number of bosses (default 3; the police is one more seat)",
    ),
    main=BOSS,
    extras=(POLICE,),
    setup=make_setup,
    terms=terms,
    max_rounds=MAX_ROUND_LIMIT,
    dealt="Seats and characters are dealt by the seed at the start.",
    lengths=(
        Length(
            "standard", f"standard: first to {STANDARD_MARKS} Empire Marks", {MARKS: STANDARD_MARKS}
        ),
        Length(
            "short", f"short: first to {SHORT_MATCH_MARKS} Empire Marks", {MARKS: SHORT_MATCH_MARKS}
        ),
        Length(
            "rounds",
            "round limit: final count after N rounds",
            {MARKS: STANDARD_MARKS},
            round_limit=True,
        ),
    ),
    options={MARKS: STANDARD_MARKS},
)
