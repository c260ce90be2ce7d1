"""Shuffling cards with the state's generator (EMPIRE §15): the common Fisher-Yates,
for the string ids Empire's cards and pieces have."""

from __future__ import annotations

from engine.common.rng import Rng, below


def shuffle_cards(rng: Rng, items: list[str]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def draw_one(rng: Rng, items: list[str]) -> str:
    """One of `items` at random, taken out of the list (a deal at setup, §4)."""
    return items.pop(below(rng, len(items)))
