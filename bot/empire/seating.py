"""How Empire is seated: two to six gangs and no other role; the cap (EMPIRE §12, in Game
Sequences) is the lobby's round limit, and the offer timer (§10) its `length:` choice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import engine.empire as empire
from bot.games.seating import COMPUTER_NAMES, Count, Length, Role, Seating
from engine.common.seats import PlayerSpec
from engine.empire.state import MAX_CAP, MIN_CAP

OFFER_MINUTES = "offer_minutes"  # the game's own option: how long an offer stays open
OFFER_CHOICES = (2, 5, 10)
DEFAULT_OFFER_MINUTES = 5

PLAYER = Role(
    key="boss", one="a boss", seat="boss seat", button="player", heading="Players",
    plural="players", join="Join", computer_names=COMPUTER_NAMES,
)  # fmt: skip


def cap(rounds: int | None) -> int:
    """The cap in Game Sequences: the host's round limit, kept within EMPIRE §12."""
    if rounds is None:
        return empire.DEFAULT_CAP
    return max(MIN_CAP, min(MAX_CAP, rounds))


def offer_minutes(options: Mapping[str, int]) -> int:
    return int(options.get(OFFER_MINUTES, DEFAULT_OFFER_MINUTES))


def make_setup(
    seed: int, players: Sequence[PlayerSpec], options: Mapping[str, int], rounds: int | None
) -> Any:
    """Every seat a gang, in joining order; the seed draws the seat order (EMPIRE §4.1)."""
    return empire.EmpireSetup(seed, empire.EmpireOptions(sequences=cap(rounds)), list(players))


def goal(rounds: int) -> str:
    return (
        f"first to {empire.WIN_POWER} Power Points, else the most after {cap(rounds)} "
        "Game Sequences"
    )


def terms(options: Mapping[str, int], rounds: int | None) -> str:
    return f"{goal(cap(rounds))}; offers lapse after {offer_minutes(options)} minutes"


SEATING = Seating(
    choice=f"Empire ({empire.MIN_PLAYERS}–{empire.MAX_PLAYERS} players, cars, mobsters, "
    "businesses, shoot-outs)",
    count=Count(
        low=empire.MIN_PLAYERS,
        high=empire.MAX_PLAYERS,
        default=4,
        option="players",
        words="Turf, Bootleg or Empire: how many players (default 3; Empire 4)",
        flag="seats",
        flag_help="with --game turf, bootleg or empire: players at the table",
        also_option=("bosses",),
    ),
    main=PLAYER,
    setup=make_setup,
    terms=terms,
    max_rounds=MAX_CAP,
    dealt="The seed seats the players, deals the Businesses and the starred Mobsters.",
    lengths=tuple(
        Length(
            f"offers{minutes}",
            f"Empire: offers lapse after {minutes} minutes",
            {OFFER_MINUTES: minutes},
            round_limit=True,
        )
        for minutes in (DEFAULT_OFFER_MINUTES, *(m for m in OFFER_CHOICES if m != 5))
    ),
    options={OFFER_MINUTES: DEFAULT_OFFER_MINUTES},
    preview_hint=(
        "  Empire: a move is a street's 🔒 button, then its square; bids, placement and "
        "your cards open privately; /chicago hand shows your folder; /chicago offer trades "
        "(its receiver answers by the 🔒 button on the prompt)."
    ),
)
