"""Numbers as people type them, read in one place: a cash amount in a form, the card
ranks of a deal, a number given on the command line.

Only the digits 0–9 make a number, with spaces around them allowed: `str.isdigit()` and
`int()` also take "²" or "٣" (and `int()` refuses past 4,300 digits with an error, not
an answer), so neither is asked directly. Whatever is not a number gets the same words,
with what was typed shown short (a pasted page would not fit a reply).
"""

from __future__ import annotations

import re

MAX_DIGITS = 15  # far above any amount, rank, count or seed the bot uses
NUMBER = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
SIGNED = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")
SHOWN = 20  # characters of a bad entry quoted back


def whole_number(text: str, signed: bool = False) -> int | None:
    """The whole number typed (None: it is not one). `signed` allows a leading minus,
    for the few numbers that may be negative (a match seed)."""
    typed = text.strip()
    found = (SIGNED if signed else NUMBER).fullmatch(typed)
    return int(typed) if found else None


def shown(text: str) -> str:
    """What was typed, as quoted back: stripped, and cut short when long."""
    typed = text.strip()
    return typed if len(typed) <= SHOWN else typed[: SHOWN - 1] + "…"


def not_a_number(
    text: str, what: str = "a whole number", hint: str = "type digits only, for example 12"
) -> str:
    """The one set of words for anything typed where a number belongs that is not one
    (`what` it should be, and a `hint` of how to type it)."""
    if not text.strip():
        return f"Nothing was typed where {what} belongs: {hint}."
    return f"“{shown(text)}” is not {what}: {hint}."
