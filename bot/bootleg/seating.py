"""How Bootleg is seated: two to four gangs and no other role, always nine rounds, and
the variant as the lobby's one setting (`length:` secret or open, BOOTLEG §3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import engine.bootleg as bootleg
from bot.games.seating import COMPUTER_NAMES, Count, Length, Role, Seating
from engine.common.seats import PlayerSpec

OPEN = "open"  # the game's own option: 1 plays the Open variant, tokens face up

PLAYER = Role(
    key="boss", one="a boss", seat="boss seat", button="player", heading="Players",
    plural="players", join="Join", computer_names=COMPUTER_NAMES,
)  # fmt: skip


def variant(options: Mapping[str, int]) -> bootleg.Variant:
    return bootleg.Variant.OPEN if options.get(OPEN) else bootleg.Variant.SECRET


def make_setup(
    seed: int, players: Sequence[PlayerSpec], options: Mapping[str, int], rounds: int | None
) -> Any:
    """Every seat a gang, in joining order; the seed seats them and deals the gangs.
    Nine rounds always (BOOTLEG §4): a round limit does not apply."""
    return bootleg.BootlegSetup(seed, bootleg.BootlegOptions(variant(options)), list(players))


def goal(rounds: int) -> str:
    return f"the most Szmal after the count of {bootleg.ROUNDS} rounds"


def terms(options: Mapping[str, int], rounds: int | None) -> str:
    return f"{variant(options).value} variant, {goal(bootleg.ROUNDS)}"


SEATING = Seating(
    choice=f"Bootleg ({bootleg.MIN_PLAYERS}–{bootleg.MAX_PLAYERS} players, envoys, barrels, "
    "majorities)",
    count=Count(
        low=bootleg.MIN_PLAYERS,
        high=bootleg.MAX_PLAYERS,
        default=3,
        option="players",
        words="Turf or Bootleg: how many players (default 3)",
        flag="seats",
        flag_help="with --game turf or bootleg: players at the table (default 3)",
        also_option=("bosses",),
    ),
    main=PLAYER,
    setup=make_setup,
    terms=terms,
    max_rounds=bootleg.ROUNDS,
    dealt="The seed seats the players and deals the gangs.",
    lengths=(
        Length("secret", "Bootleg, secret: the Event tokens face down", {OPEN: 0}),
        Length(OPEN, "Bootleg, open: the Event tokens face up", {OPEN: 1}),
    ),
    options={OPEN: 0},
    preview_hint=(
        "  Bootleg: a move is an Envoy's 🔒 button, then its end Location; your Barrel is "
        "chosen in your own list; /chicago hand shows your Barrels."
    ),
)
