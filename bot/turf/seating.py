"""How Turf is seated: two to six players and no other role, always to a round limit.

The refusals keep the words Turf's lobby has always used ("Every boss seat is taken.")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import engine.turf as turf
from bot.games.seating import COMPUTER_NAMES, Count, Role, Seating
from engine.common.seats import PlayerSpec
from engine.turf import MAX_ROUND_LIMIT

PLAYER = Role(
    key="boss", one="a boss", seat="boss seat", button="player", heading="Players",
    plural="players", join="Join", computer_names=COMPUTER_NAMES,
)  # fmt: skip


def make_setup(
    seed: int, players: Sequence[PlayerSpec], options: Mapping[str, int], rounds: int | None
) -> Any:
    """Every seat a player, in joining order; the seed seats them."""
    return turf.TurfSetup(seed, turf.TurfOptions(rounds or turf.DEFAULT_ROUND_LIMIT), list(players))


def goal(rounds: int) -> str:
    return f"ten buildings win, else the count after {rounds} rounds"


def terms(options: Mapping[str, int], rounds: int | None) -> str:
    return goal(rounds or turf.DEFAULT_ROUND_LIMIT)


SEATING = Seating(
    choice=f"Turf ({turf.MIN_PLAYERS}–{turf.MAX_PLAYERS} players, buildings, secret fights)",
    count=Count(
        low=turf.MIN_PLAYERS,
        high=turf.MAX_PLAYERS,
        default=3,
        option="players",
        words=f"Turf: how many players ({turf.MIN_PLAYERS}–{turf.MAX_PLAYERS}; default 3)",
        flag="seats",
        flag_help="with --game turf: players at the table (default 3)",
        also_option=("bosses",),
    ),
    main=PLAYER,
    setup=make_setup,
    terms=terms,
    max_rounds=MAX_ROUND_LIMIT,
    dealt="The seed seats the players.",
    preview_hint=(
        "  Turf: your cards and secret choices open from the 🔒 buttons; type "
        "/chicago hand to see your hand, /chicago deal to offer a deal."
    ),
)
