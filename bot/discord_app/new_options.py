"""The options of `/chicago new`, made from the games' seatings: each game's count of
main seats, the match lengths a host may choose, the round limit and the game itself.

The default game's count comes first (it was the first option of all), the other
games' after `game:`; a new game's seating adds its own options here by itself.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.clocks import Pace
from bot.clocks.pace import MAX_BANK_DAYS, MAX_INCREMENT_HOURS, MIN_BANK_DAYS, PACES
from bot.games import Game
from bot.games.seating import Count, Length, Seating
from bot.registry import DEFAULT_GAME, GAMES

MAX_TIMER_MINUTES = 1440


def _counts() -> list[Count]:
    """Each count option once, the default game's first; an option two games share
    spans both games' ranges."""
    ordered = sorted(GAMES.values(), key=lambda g: g.key != DEFAULT_GAME)
    found: dict[str, Count] = {}
    for game in ordered:
        count = game.seating.count
        seen = found.get(count.option)
        if seen is not None:
            count = Count(
                min(seen.low, count.low), max(seen.high, count.high), seen.default,
                seen.option, seen.words, seen.flag, seen.flag_help,
            )  # fmt: skip
        found[count.option] = count
    return list(found.values())


def _lengths() -> list[Length]:
    found: dict[str, Length] = {}
    for game in GAMES.values():
        for length in game.seating.lengths:
            found.setdefault(length.value, length)
    return list(found.values())


def _either(words: list[str]) -> str:
    """ "a", "a or b", "a, b or c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def new_command_signature() -> tuple[
    inspect.Signature, dict[str, str], dict[str, list[app_commands.Choice[str]]]
]:
    """The callback signature of `/chicago new`, its options' descriptions and the
    choices of those that have them."""
    default = GAMES[DEFAULT_GAME]
    others = [g for g in GAMES.values() if g is not default]
    first, *more = _counts()
    max_rounds = max(g.seating.max_rounds for g in GAMES.values())

    def option(name: str, annotation: Any, value: Any = None) -> inspect.Parameter:
        return inspect.Parameter(
            name, inspect.Parameter.KEYWORD_ONLY, default=value, annotation=annotation
        )

    def counted(count: Count) -> inspect.Parameter:
        return option(count.option, app_commands.Range[int, count.low, count.high] | None)

    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        ),
        counted(first),
        option("timer", app_commands.Range[int, 1, MAX_TIMER_MINUTES] | None),
        option("length", str | None),
        option("rounds", app_commands.Range[int, 1, max_rounds] | None),
        option("thread", bool, False),
        option("game", str, DEFAULT_GAME),
        option("pace", str | None),
        option("bank", app_commands.Range[int, MIN_BANK_DAYS, MAX_BANK_DAYS] | None),
        option("increment", app_commands.Range[int, 0, MAX_INCREMENT_HOURS] | None),
        option("cap", app_commands.Range[int, MIN_BANK_DAYS, 2 * MAX_BANK_DAYS] | None),
        *(counted(count) for count in more),
    ]
    rounds = "".join(f"; {g.title} {g.default_rounds}" for g in others)
    titles = [g.title for g in others]
    described = {
        first.option: first.words,
        "timer": "Minutes each decision may take before the safe choice is made for the player",
        "length": "How the match ends",
        "rounds": f"With a round limit: how many rounds (default {default.default_rounds}{rounds})",
        "thread": "Open the match in a new thread of this channel",
        "game": f"Which game: {_either([f'{default.title} (default)', *titles])}",
        **{count.option: count.words for count in more},
        "pace": "live: a timer per decision (default); days: a time bank per player",
        "bank": "Over days: days in each player's bank (1–14, default 3)",
        "increment": "Over days: hours added to the bank per decision (default 12)",
        "cap": "Over days: the most days a bank may hold (default: the bank's size)",
    }
    choices = {
        "pace": [app_commands.Choice(name=p, value=p) for p in PACES],
        "length": [app_commands.Choice(name=x.words, value=x.value) for x in _lengths()],
        "game": [app_commands.Choice(name=g.seating.choice, value=g.key) for g in GAMES.values()],
    }
    if not choices["length"]:
        parameters = [p for p in parameters if p.name != "length"]
        del described["length"], choices["length"]
    return inspect.Signature(parameters), described, choices


@dataclass(frozen=True, slots=True)
class NewOptions:
    """What a host gave `/chicago new`, read for the game chosen."""

    given: Mapping[str, Any]

    @property
    def game(self) -> str:
        return str(self.given.get("game") or DEFAULT_GAME)

    @property
    def timer(self) -> int | None:
        timer = self.given.get("timer")
        return int(timer) if timer is not None else None

    @property
    def pace(self) -> Pace:
        """The pace asked for (live unless `pace:days`)."""
        given = self.given
        return Pace.chosen(
            given.get("pace"), given.get("bank"), given.get("increment"), given.get("cap")
        )

    @property
    def thread(self) -> bool:
        return bool(self.given.get("thread", False))

    def count(self, seating: Seating) -> int:
        """The main seats asked for: the game's own option, else the others it reads,
        else its default."""
        for name in (seating.count.option, *seating.count.also_option):
            value = self.given.get(name)
            if value is not None:
                return int(value)
        return seating.count.default

    def terms(self, game: Game) -> tuple[dict[str, int], int | None]:
        """The game's own options and the round limit: from the length chosen (an
        unknown one reads as the game's first), or always a round limit."""
        seating = game.seating
        rounds = self.given.get("rounds")
        if not seating.lengths:
            return {}, rounds
        length = seating.length(str(self.given.get("length"))) or seating.lengths[0]
        limit = (
            (rounds if rounds is not None else game.default_rounds) if length.round_limit else None
        )
        return dict(length.options), limit
