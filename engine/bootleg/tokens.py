"""The 12 Event Tokens (BOOTLEG §2.4 [R]), numbered as the rules list them.

Tokens with an `end` amount change a controller's income (§9.2); the others name the
rule they change, which the rules modules look up by these names.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Token:
    number: int
    key: str
    name: str
    income: int = 0  # Tribute (+) or Levy (−) at the end


TOKENS: tuple[Token, ...] = (
    Token(1, "tribute_1", "Tribute +1", 1),
    Token(2, "tribute_2", "Tribute +2", 2),
    Token(3, "tribute_3", "Tribute +3", 3),
    Token(4, "levy_1", "Levy −1", -1),
    Token(5, "levy_2", "Levy −2", -2),
    Token(6, "welcome", "Welcome"),
    Token(7, "dry_pot", "Dry Pot"),
    Token(8, "last_out", "Last Out"),
    Token(9, "reverse_ties", "Reverse Ties"),
    Token(10, "fixed_price", "Fixed Price"),
    Token(11, "double_fee", "Double Fee"),
    Token(12, "no_tricks", "No Tricks"),
)
BY_NUMBER = {t.number: t for t in TOKENS}
WELCOME, DRY_POT, LAST_OUT, REVERSE_TIES = 6, 7, 8, 9
FIXED_PRICE, DOUBLE_FEE, NO_TRICKS = 10, 11, 12
UNKNOWN = 0  # a face-down token as a seat that cannot see it pictures it
FIXED_VALUE = 3
