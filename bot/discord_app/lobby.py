"""The lobby's rules: who may sit where, and the setup the seats make.

Pure functions over seat records, so the lobby's logic is tested without Discord and
the Discord layer only says yes or no with the reason given here. Every seat count,
role and word comes from the game's `Seating` (bot.games.seating): nothing here knows
which game it seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.discord_app.match_settings import MatchSettings
from bot.discord_app.names import MAX_NAME, plain_name
from bot.games import Game
from bot.games.seating import Role, Seating
from bot.registry import GAMES, game_named
from bot.store.interface import SeatRecord
from engine.common.seats import PlayerSpec


def game_of(settings: MatchSettings) -> Game:
    return game_named(settings.game)


def seating_of(settings: MatchSettings) -> Seating:
    return game_of(settings).seating


def seats_wanted(settings: MatchSettings, role: Role) -> int:
    """How many seats of `role` the match has: the main role's count was chosen with the
    lobby, each one-off role has one."""
    return settings.main_seats if role == seating_of(settings).main else 1


def open_seats(settings: MatchSettings, seats: Sequence[SeatRecord]) -> dict[str, int]:
    """The seats still open, by role key (main role first)."""
    return {
        role.key: seats_wanted(settings, role) - sum(1 for s in seats if s.role == role.key)
        for role in seating_of(settings).roles
    }


def all_filled(settings: MatchSettings, seats: Sequence[SeatRecord]) -> bool:
    return all(n <= 0 for n in open_seats(settings, seats).values())


def role_words(settings: MatchSettings, key: str) -> Role | None:
    """The role `key` names: this game's own, else another game's (a button or command
    option of a role this game lacks is refused in that role's own words)."""
    found = seating_of(settings).role(key)
    others = (g.seating.role(key) for g in GAMES.values())
    return found or next((r for r in others if r is not None), None)


def unique_name(name: str, seats: Sequence[SeatRecord], seating: Seating) -> str:
    """Names tell sides apart in the narration, so no two seats share one; each is
    plain text (`plain_name`), so no name can ping or format anything."""
    base = plain_name(name, MAX_NAME)
    taken = {s.name for s in seats} | seating.reserved_names()
    if base not in taken:
        return base
    n = 2
    while f"{base} {n}" in taken:
        n += 1
    return f"{base} {n}"


def seat_of_user(seats: Sequence[SeatRecord], user_id: int) -> int | None:
    return next((i for i, s in enumerate(seats) if s.user_id == user_id), None)


def no_seat(settings: MatchSettings, key: str) -> str | None:
    """Why no seat of role `key` is open, or None when one is."""
    role = role_words(settings, key)
    if role is None:
        return f"This match has no {key} seat."
    if seating_of(settings).role(key) is None:  # another game's role
        return f"The {role.seat} is taken."
    return None


def take_seat(
    settings: MatchSettings, seats: list[SeatRecord], role: str, name: str, user_id: int
) -> str | None:
    """Seat a person; returns why not, or None when seated."""
    mine = seat_of_user(seats, user_id)
    if mine is not None:
        words = role_words(settings, role)
        if seats[mine].role == role and words is not None:
            return f"You already sit here as {words.one}."
        seats.pop(mine)
    problem = refused(settings, seats, role)
    if problem:
        return problem
    seats.append(SeatRecord(role, unique_name(name, seats, seating_of(settings)), user_id))
    return None


def refused(settings: MatchSettings, seats: Sequence[SeatRecord], key: str) -> str | None:
    """Why a seat of role `key` cannot be taken now, or None."""
    problem = no_seat(settings, key)
    if problem:
        return problem
    role = seating_of(settings).role(key)
    assert role is not None
    if open_seats(settings, seats)[key] > 0:
        return None
    if role == seating_of(settings).main:
        return f"Every {role.seat} is taken."
    return f"The {role.seat} is taken."


def add_computer(
    settings: MatchSettings, seats: list[SeatRecord], role: str, level: str
) -> str | None:
    """Seat a computer player; returns why not, or None when seated."""
    if level not in game_of(settings).levels:
        return f"Unknown computer level {level!r}."
    problem = refused(settings, seats, role)
    if problem:
        return problem
    words = seating_of(settings).role(role)
    assert words is not None
    taken = {s.name for s in seats}
    name = next((n for n in words.computer_names if n not in taken), None)
    name = name or unique_name("Computer", seats, seating_of(settings))
    seats.append(SeatRecord(role, name, None, level, level))
    return None


def start_problem(settings: MatchSettings, seats: Sequence[SeatRecord]) -> str | None:
    """Why the match cannot start yet, or None."""
    seating = seating_of(settings)
    missing = []
    for role in seating.roles:
        left = open_seats(settings, seats)[role.key]
        if left > 0 and role == seating.main:
            missing.append(f"{left} {role.seat}{'s' if left != 1 else ''}")
        elif left > 0:
            missing.append(f"the {role.seat}")
    if not missing:
        return None
    return (
        f"Every seat must be filled to start: {' and '.join(missing)} still open. "
        "Ask friends to join, or add computer players."
    )


def joined(settings: MatchSettings, key: str) -> str:
    """The new player's own answer: which role, when the game has more than one."""
    role = role_words(settings, key)
    if not seating_of(settings).names_roles or role is None:
        return "You joined the match."
    return f"You joined as {role.one}."


def joined_note(settings: MatchSettings, key: str, name: str) -> str:
    """The lobby message's note on a player who joined."""
    role = role_words(settings, key)
    if not seating_of(settings).names_roles or role is None:
        return f"{name} joined"
    return f"{name} joined as {role.one}"


def build_setup(settings: MatchSettings, seed: int, seats: Sequence[SeatRecord]) -> Any:
    """The game's setup: the main seats in joining order, then each one-off seat; the
    seed deals seats (and whatever else the game deals)."""
    seating = seating_of(settings)
    players = [
        PlayerSpec(s.name, s.computer)
        for role in seating.roles
        for s in seats
        if s.role == role.key
    ]
    options = {**seating.options, **settings.options}
    return seating.setup(seed, players, options, settings.round_limit)


def in_engine_order(names: Sequence[str], seats: Sequence[SeatRecord]) -> list[SeatRecord]:
    """The seat records reordered to the game's seats, given by name (names are unique)."""
    by_name = {s.name: s for s in seats}
    return [by_name[name] for name in names]


def rematch_seats(seats: list[SeatRecord], host_id: int, seating: Seating) -> list[SeatRecord]:
    """The same people and computers in the same roles, the host first (the main role's
    seats before the one-off ones); seats a computer took over go back to their players."""
    main = seating.main.key
    fresh = [SeatRecord(s.role, s.name, s.user_id, s.computer, s.computer or "user") for s in seats]
    fresh.sort(key=lambda s: (s.role != main, s.user_id != host_id))
    return fresh
