"""How Race to Ten is seated: two players, no other role, always to a round limit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.seating import Count, Role, Seating
from engine.common import PlayerSpec


def make_setup(
    seed: int, players: Sequence[PlayerSpec], options: Mapping[str, int], rounds: int | None
) -> Any:
    """The players in joining order: the first says a number first."""
    return list(players)


SEATING = Seating(
    choice="Race to Ten (two players say numbers)",
    count=Count(
        low=2,
        high=2,
        default=2,
        option="racers",
        words="Race to Ten: two players",
        flag="racers",
        flag_help="with --game race: two players",
    ),
    main=Role("player", "a player", "player seat", "player", "Players", "players", "Join"),
    setup=make_setup,
    terms=lambda options, rounds: "say ten first",
    dealt="The seed seats the players.",
    max_rounds=10,
)
