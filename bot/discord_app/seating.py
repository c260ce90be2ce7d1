"""Who sits where in a match: the lobby's seats until the host starts it, then a seat
handed to a computer (a player left or kept timing out) or taken back by its player.

The rules of the lobby are in `bot.discord_app.lobby`; these are the runner's steps that
apply them under the match's lock, store the seats and refresh what the channel shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.discord_app import lobby, messages, telling
from bot.discord_app.views import computer_choice_view, lobby_view
from bot.narration import Line
from bot.session import MatchSession, StepResult
from bot.store import MatchStatus, SeatRecord, dump_setup
from engine import NOBODY

if TYPE_CHECKING:
    from bot.discord_app.runner import MatchRunner

COMPUTERS_OFF = "This server does not allow computer players; invite a friend instead."
HANDED_LEVEL = "normal"
STARTED = "The match has already started."


async def set_seats(runner: MatchRunner, seats: list[SeatRecord]) -> None:
    await runner.store.set_seats(runner.match_id, seats)
    runner.record.seats = seats


def lobby_message(runner: MatchRunner, note: str = "") -> dict[str, Any]:
    return {
        "embed": messages.lobby_embed(runner.record.host_id, runner.settings, runner.seats, note),
        "view": lobby_view(runner.match_id),
    }


async def refresh_lobby(runner: MatchRunner) -> None:
    lobby_id = (await runner.store.messages(runner.match_id)).get("lobby")
    if lobby_id is not None:
        await runner.channel.edit(lobby_id, **lobby_message(runner))


async def join(runner: MatchRunner, user: discord.abc.User, role: str) -> tuple[bool, str]:
    async with runner.lock:
        if runner.session is not None:
            return await _take_back(runner, user)
        seats = list(runner.seats)
        problem = lobby.take_seat(runner.settings, seats, role, user.display_name, user.id)
        if problem:
            return False, problem
        await set_seats(runner, seats)
        word = "the police" if role == "police" else "a boss"
        return True, f"You joined as {word}."


async def add_computer(
    runner: MatchRunner, user_id: int, role: str, level: str
) -> tuple[bool, str]:
    async with runner.lock:
        if runner.session is not None:
            return False, STARTED
        if user_id != runner.record.host_id:
            return False, "Only the host can add computer players."
        if not runner.settings.get("computers", True):
            return False, COMPUTERS_OFF
        seats = list(runner.seats)
        problem = lobby.add_computer(runner.settings, seats, role, level)
        if problem:
            return False, problem
        await set_seats(runner, seats)
        return True, f"Added a {level} computer {'police' if role == 'police' else 'boss'}."


async def remove_computer(runner: MatchRunner, user_id: int, index: int) -> tuple[bool, str]:
    async with runner.lock:
        if runner.session is not None:
            return False, STARTED
        if user_id != runner.record.host_id:
            return False, "Only the host can remove computer players."
        seats = list(runner.seats)
        if not 0 <= index < len(seats) or seats[index].user_id is not None:
            return False, "That seat has changed since; open the menu again."
        removed = seats.pop(index)
        await set_seats(runner, seats)
        return True, f"Removed {removed.name}."


def computer_menu(runner: MatchRunner, user_id: int) -> tuple[bool, str, discord.ui.View | None]:
    if runner.session is not None:
        return False, STARTED, None
    if user_id != runner.record.host_id:
        return False, "Only the host can add computer players.", None
    if not runner.settings.get("computers", True):
        return False, COMPUTERS_OFF, None
    return True, "Which computer player?", computer_choice_view(runner.match_id, runner.seats)


async def leave(runner: MatchRunner, user_id: int) -> tuple[bool, str]:
    async with runner.lock:
        seat = runner.seat_of(user_id)
        if seat is None:
            return False, "You have no seat in this match."
        if runner.session is None:
            seats = [s for s in runner.seats if s.user_id != user_id]
            await set_seats(runner, seats)
            return True, "You left the lobby."
        if runner.seats[seat].controller != "user":
            return False, "A computer already plays your seat; `/chicago join` takes it back."
        name = runner.session.name(seat)
        note = f"🤖 {name} left the table: a computer plays their seat now."
        await _hand_to_computer(runner, seat, note)
        return True, "A computer plays your seat now. `/chicago join` takes it back."


async def start(runner: MatchRunner, user_id: int) -> tuple[bool, str]:
    """Deal seats and characters by the seed and play until a person must decide."""
    async with runner.lock:
        if runner.session is not None:
            return False, STARTED
        if user_id != runner.record.host_id:
            return False, f"Only the host (<@{runner.record.host_id}>) can start the match."
        problem = lobby.start_problem(runner.settings, runner.seats)
        if problem:
            return False, problem
        setup = lobby.build_setup(runner.settings, runner.record.seed, runner.seats)
        session, step = MatchSession.new(setup)
        ordered = lobby.in_engine_order(session.state, runner.seats)
        await set_seats(runner, ordered)
        await runner.store.start_match(runner.match_id, dump_setup(setup))
        runner.record.status = MatchStatus.RUNNING
        runner.session = session
        await telling.commit(runner, step)
        lobby_id = (await runner.store.messages(runner.match_id)).get("lobby")
        if lobby_id is not None:
            started = messages.started_embed(
                runner.record.host_id, runner.settings, session.state, runner.seats
            )
            await runner.channel.edit(lobby_id, embed=started, view=None)
        dealt = "; ".join(messages.dealt_lines(session.state, runner.seats))
        runner.notes.append(Line(NOBODY, f"The seed deals the seats: {dealt}."))
        state = session.state
        first = state.sides[state.turn.seat].name
        runner.notes.append(
            Line(state.turn.seat, f"{telling.TURN_HEADER}{state.round}: {first}'s turn —")
        )
        await telling.publish(runner, step, force_new=True)
        return True, "The match has started."


def hand(runner: MatchRunner, seat: int) -> StepResult:
    """A computer plays `seat` from now on; returns what it did at once."""
    assert runner.session is not None
    runner.seats[seat].controller = HANDED_LEVEL
    runner.timeouts[seat] = 0
    return runner.session.hand_to_computer(seat, HANDED_LEVEL)


async def _hand_to_computer(runner: MatchRunner, seat: int, note: str) -> None:
    step = hand(runner, seat)
    await set_seats(runner, runner.seats)
    runner.notes.append(Line(NOBODY, note))
    await telling.commit(runner, step)
    if step.applied or step.result is not None:
        await telling.publish(runner, step)


async def _take_back(runner: MatchRunner, user: discord.abc.User) -> tuple[bool, str]:
    seat = runner.seat_of(user.id)
    if seat is None:
        return False, "The match has started; new players can join the next one."
    if runner.seats[seat].controller == "user":
        return False, "You are already playing your seat."
    assert runner.session is not None
    runner.session.take_back(seat)
    runner.seats[seat].controller = "user"
    runner.timeouts[seat] = 0
    await set_seats(runner, runner.seats)
    runner.notes.append(Line(NOBODY, f"👋 {runner.session.name(seat)} is back at the table."))
    return True, "You have your seat back."
