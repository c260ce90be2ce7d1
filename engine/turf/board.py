"""The 8×8 city (TURF §1.1): squares named by two street numbers, column then row,
counted from the marked corner, and the buildings placed on them at setup.

A square is the int `column * 10 + row` (11 is the marked corner, 88 the opposite one),
so its text form reads as the two street numbers: "35" is column 3, row 5.
"""

from __future__ import annotations

SIDE = 8
BUILDINGS_PER_PLAYER = 6
SQUARES: tuple[int, ...] = tuple(c * 10 + r for c in range(1, SIDE + 1) for r in range(1, SIDE + 1))


def square(column: int, row: int) -> int:
    if not (1 <= column <= SIDE and 1 <= row <= SIDE):
        raise ValueError(f"({column},{row}) is off the board")
    return column * 10 + row


def column_of(sq: int) -> int:
    return sq // 10


def row_of(sq: int) -> int:
    return sq % 10


def square_text(sq: int) -> str:
    return f"{column_of(sq)}{row_of(sq)}"


def square_name(sq: int) -> str:
    """The square in words, as players say it: "(3,5)"."""
    return f"({column_of(sq)},{row_of(sq)})"


def parse_square(text: str) -> int:
    if len(text) != 2 or not text.isdigit():
        raise ValueError(text)
    return square(int(text[0]), int(text[1]))


def named_by(sq: int, first: int, second: int) -> bool:
    """Do two street ranks name the square, in either order (TURF §4.2.3 [R] either order)?"""
    return {first, second} == {column_of(sq), row_of(sq)}
