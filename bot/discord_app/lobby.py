"""The lobby's rules: who may sit where, and the engine setup the seats make.

Pure functions over seat records, so the lobby's logic is tested without Discord and
the Discord layer only says yes or no with the reason given here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.discord_app.match_settings import MatchSettings
from bot.discord_app.names import MAX_NAME, plain_name
from bot.games import Game
from bot.registry import game_named
from bot.store.interface import SeatRecord
from engine.chicago import MatchOptions, PlayerSpec, Setup
from engine.chicago.computer import PLAYER_LEVELS

COMPUTER_BOSS_NAMES = (
    "Vito Marchetti", "Mae Kowalski", "Frankie Doyle", "Nell Brennan",
    "Sal Greco", "Ruby O'Malley", "Tommy Russo", "Lil Kaminski",
)  # fmt: skip
COMPUTER_POLICE_NAME = "Chicago Police"
LEVELS = PLAYER_LEVELS  # the levels a Chicago 1927 lobby offers


def bosses_wanted(settings: MatchSettings) -> int:
    return settings.bosses


def open_seats(settings: MatchSettings, seats: Sequence[SeatRecord]) -> tuple[int, bool]:
    """Boss seats still open, and whether the police seat is open."""
    bosses = sum(1 for s in seats if s.role == "boss")
    police_open = settings.chicago and not any(s.role == "police" for s in seats)
    return bosses_wanted(settings) - bosses, police_open


def unique_name(name: str, seats: Sequence[SeatRecord]) -> str:
    """Names tell sides apart in the narration, so no two seats share one; each is
    plain text (`plain_name`), so no name can ping or format anything."""
    base = plain_name(name, MAX_NAME)
    taken = {s.name for s in seats} | {COMPUTER_POLICE_NAME}
    if base not in taken:
        return base
    n = 2
    while f"{base} {n}" in taken:
        n += 1
    return f"{base} {n}"


def seat_of_user(seats: Sequence[SeatRecord], user_id: int) -> int | None:
    return next((i for i, s in enumerate(seats) if s.user_id == user_id), None)


def take_seat(
    settings: MatchSettings, seats: list[SeatRecord], role: str, name: str, user_id: int
) -> str | None:
    """Seat a person; returns why not, or None when seated."""
    if seat_of_user(seats, user_id) is not None:
        current = seats[seat_of_user(seats, user_id) or 0].role
        if current == role:
            return f"You already sit here as {'the police' if role == 'police' else 'a boss'}."
        seats.pop(seat_of_user(seats, user_id) or 0)
    bosses_open, police_open = open_seats(settings, seats)
    if role == "police" and not police_open:
        return "The police seat is taken."
    if role == "boss" and bosses_open <= 0:
        return "Every boss seat is taken."
    seats.append(SeatRecord(role, unique_name(name, seats), user_id))
    return None


def add_computer(
    settings: MatchSettings, seats: list[SeatRecord], role: str, level: str
) -> str | None:
    """Seat a computer player; returns why not, or None when seated."""
    if level not in levels_of(settings):
        return f"Unknown computer level {level!r}."
    bosses_open, police_open = open_seats(settings, seats)
    if role == "police":
        if not police_open:
            return "The police seat is taken."
        seats.append(SeatRecord("police", COMPUTER_POLICE_NAME, None, level, level))
        return None
    if bosses_open <= 0:
        return "Every boss seat is taken."
    taken = {s.name for s in seats}
    name = next((n for n in COMPUTER_BOSS_NAMES if n not in taken), None)
    seats.append(SeatRecord("boss", name or unique_name("Computer", seats), None, level, level))
    return None


def start_problem(settings: MatchSettings, seats: Sequence[SeatRecord]) -> str | None:
    """Why the match cannot start yet, or None."""
    bosses_open, police_open = open_seats(settings, seats)
    missing = []
    if bosses_open > 0:
        missing.append(f"{bosses_open} boss seat{'s' if bosses_open != 1 else ''}")
    if police_open:
        missing.append("the police seat")
    if not missing:
        return None
    return (
        f"Every seat must be filled to start: {' and '.join(missing)} still open. "
        "Ask friends to join, or add computer players."
    )


def build_setup(settings: MatchSettings, seed: int, seats: Sequence[SeatRecord]) -> Setup:
    """The engine setup: bosses in joining order; the seed deals seats and characters."""
    options = MatchOptions(marks_to_win=settings.marks, round_limit=settings.round_limit)
    players = [PlayerSpec(s.name, s.computer) for s in seats if s.role == "boss"]
    police = next(s for s in seats if s.role == "police")
    return Setup(seed, options, players, PlayerSpec(police.name, police.computer))


def build_game_setup(
    game: Game, settings: MatchSettings, seed: int, seats: Sequence[SeatRecord]
) -> Any:
    """The setup of a game told through a presenter (Turf): every seat a player, in
    joining order; the seed seats them."""
    players = [PlayerSpec(s.name, s.computer) for s in seats]
    return game.make_setup(seed, players, settings.round_limit)


def levels_of(settings: MatchSettings) -> tuple[str, ...]:
    """The computer levels the lobby of this match offers."""
    return LEVELS if settings.chicago else game_named(settings.game).levels


def in_engine_order(names: Sequence[str], seats: Sequence[SeatRecord]) -> list[SeatRecord]:
    """The seat records reordered to the game's seats, given by name (names are unique)."""
    by_name = {s.name: s for s in seats}
    return [by_name[name] for name in names]


def rematch_seats(seats: list[SeatRecord], host_id: int) -> list[SeatRecord]:
    """The same people and computers in the same roles, the host first; seats a
    computer took over go back to their players."""
    fresh = [SeatRecord(s.role, s.name, s.user_id, s.computer, s.computer or "user") for s in seats]
    fresh.sort(key=lambda s: (s.role == "police", s.user_id != host_id))
    return fresh
