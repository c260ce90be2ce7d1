"""A lobby in one channel, until its host starts the match: who sits where, the lobby
message that shows it, and the start that deals the seats and hands the table over to
a `GameTable`.

The rules of the lobby are pure functions in `bot.discord_app.lobby`; this object
applies them under its lock, stores the seats and keeps its message up to date.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from typing import Any, cast

import discord

from bot.discord_app import lobby
from bot.discord_app.game_table import GameTable
from bot.discord_app.lobby_message import lobby_embed
from bot.discord_app.ports import MatchContext
from bot.discord_app.table import OpenTable
from bot.discord_app.teller import DealsItsOwnStart
from bot.discord_app.tellers import at_the_table
from bot.discord_app.views import computer_choice_view, lobby_view
from bot.games.seating import Seating
from bot.session import MatchSession
from bot.store import MatchRecord, MatchStatus, SeatRecord
from bot.telling import NOBODY, TURN_HEADER, Line

log = logging.getLogger("chicago.bot")

COMPUTERS_OFF = "This server does not allow computer players; invite a friend instead."
LOBBY = "lobby"  # store: the lobby message


@dataclass(frozen=True, slots=True)
class Menu:
    content: str
    view: discord.ui.View


async def same_message(one: discord.Interaction, other: discord.Interaction) -> bool:
    """Whether two interactions answer through the same message: a click on a menu
    edits the menu it was on, a new menu is a message of its own."""
    try:
        return (await one.original_response()).id == (await other.original_response()).id
    except discord.HTTPException:  # one is gone already: nothing left to delete
        return True


class Lobby(OpenTable):
    """One lobby; every change to it goes through its lock."""

    def __init__(self, ctx: MatchContext, record: MatchRecord, message_id: int | None) -> None:
        super().__init__(ctx, record)
        self.message_id = message_id
        self.menus: dict[int, discord.Interaction] = {}

    @classmethod
    async def load(cls, ctx: MatchContext, record: MatchRecord) -> Lobby:
        return cls(ctx, record, (await ctx.store.messages(record.match_id)).get(LOBBY))

    @property
    def seating(self) -> Seating:
        return lobby.seating_of(self.settings)

    def where(self) -> str:
        return self.link(self.message_id)

    async def wake(self) -> None:
        self.touch()

    # --- the lobby message ----------------------------------------------------------------

    def message(self, note: str = "") -> dict[str, Any]:
        """The lobby message: who sits where, the latest change, and only the buttons
        that can work."""
        left = lobby.open_seats(self.settings, self.seats)
        joins = [(r.key, r.join, left[r.key] <= 0) for r in self.seating.roles]
        return {
            "embed": lobby_embed(self.host_id, self.settings, self.seats, note),
            "view": lobby_view(self.match_id, joins, lobby.all_filled(self.settings, self.seats)),
            "allowed_mentions": discord.AllowedMentions.none(),
        }

    def menu(self, note: str = "") -> Menu:
        """The host's private computer-player menu, kept up to date in place."""
        left = lobby.open_seats(self.settings, self.seats)
        full = lobby.all_filled(self.settings, self.seats)
        ask = (
            "Every seat is filled: press Start on the lobby." if full else "Which computer player?"
        )
        # A full table offers no seat: only its computers' Remove buttons are left, so
        # the note stays short and the lobby's Start is not pushed away on a phone.
        roles = [] if full else [(r.key, r.button, left[r.key] <= 0) for r in self.seating.roles]
        levels = lobby.game_of(self.settings).levels
        view = computer_choice_view(self.match_id, self.seats, roles, levels)
        return Menu(f"{note}\n{ask}" if note else ask, view)

    async def remember_menu(self, interaction: discord.Interaction) -> None:
        """The menu a host holds: one at a time (an older one is deleted when another
        is opened, so no second note with live buttons is left), closed with the lobby
        so it never answers late."""
        older = self.menus.get(interaction.user.id)
        self.menus[interaction.user.id] = interaction
        if older is None or await same_message(older, interaction):
            return
        with contextlib.suppress(discord.HTTPException):
            await older.delete_original_response()

    async def close_menus(self, text: str) -> None:
        menus, self.menus = self.menus, {}
        for interaction in menus.values():
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(content=text, view=None)

    async def posted(self, message_id: int) -> None:
        """The lobby message is out: remembered so it can be updated after a restart."""
        self.message_id = message_id
        await self.ctx.store.set_message(self.match_id, LOBBY, message_id)

    async def refresh(self, note: str = "") -> None:
        if self.message_id is not None:
            await self.channel.edit(self.message_id, **self.message(note))

    async def _set_seats(self, seats: list[SeatRecord]) -> None:
        await self.ctx.store.set_seats(self.match_id, seats)
        self._record.seats = seats

    # --- seats ------------------------------------------------------------------------------

    async def join(self, user: discord.abc.User, role: str) -> tuple[bool, str]:
        async with self.lock:
            seats = list(self.seats)
            problem = lobby.take_seat(self.settings, seats, role, user.display_name, user.id)
            if problem:
                return False, problem
            await self._set_seats(seats)
            return True, lobby.joined(self.settings, role)

    def computer_menu(self, user_id: int) -> str | None:
        """Why this user may not open the computer-player menu, or None."""
        if user_id != self.host_id:
            return "Only the host can add computer players."
        if not self.settings.computers:
            return COMPUTERS_OFF
        return None

    async def add_computer(self, user_id: int, role: str, level: str) -> tuple[bool, str]:
        async with self.lock:
            if user_id != self.host_id:
                return False, "Only the host can add computer players."
            if not self.settings.computers:
                return False, COMPUTERS_OFF
            seats = list(self.seats)
            problem = lobby.add_computer(self.settings, seats, role, level)
            if problem:
                return False, problem
            await self._set_seats(seats)
            article = "an" if level[:1] in "aeiou" else "a"
            words = self.seating.role(role)
            what = words.button if words is not None else role
            return True, f"Added {article} {level} computer {what}."

    async def remove_computer(self, user_id: int, index: int) -> tuple[bool, str]:
        async with self.lock:
            if user_id != self.host_id:
                return False, "Only the host can remove computer players."
            seats = list(self.seats)
            if not 0 <= index < len(seats) or seats[index].user_id is not None:
                return False, "That seat has changed since; open the menu again."
            removed = seats.pop(index)
            await self._set_seats(seats)
            return True, f"Removed {removed.name}."

    async def leave(self, user_id: int) -> tuple[bool, str]:
        async with self.lock:
            if self.seat_of(user_id) is None:
                return False, "You have no seat in this match."
            await self._set_seats([s for s in self.seats if s.user_id != user_id])
            return True, "You left the lobby."

    # --- starting and ending ------------------------------------------------------------------

    async def start(self, user_id: int) -> tuple[bool, str]:
        """Deal seats and characters by the seed, hand the table to a `GameTable` and
        play until a person must decide."""
        async with self.lock:
            if self.closed:
                return False, "The match has already started."
            if user_id != self.host_id:
                return False, f"Only the host (<@{self.host_id}>) can start the match."
            problem = lobby.start_problem(self.settings, self.seats)
            if problem:
                return False, problem
            record = self._record
            game = lobby.game_of(self.settings)
            side = at_the_table(game.key)
            if not side.own_teller:  # told from its presenter
                return await self._start_game(record)
            words = cast(DealsItsOwnStart, side)
            setup = lobby.build_setup(self.settings, record.seed, self.seats)
            session, step = MatchSession.new(setup, hold_slow=True, game=game)
            ordered = lobby.in_engine_order(game.names(session.state), self.seats)
            await self._set_seats(ordered)
            await self.ctx.store.start_match(self.match_id, game.dump_setup(setup))
            record.status = MatchStatus.RUNNING
            self.closed = True
            await self.close_menus("The match has started: the lobby is closed.")
            running = GameTable(self.ctx, record, session)
            self.ctx.registry.put(running)
            if self.message_id is not None:
                started = words.started_embed(
                    self.host_id, self.settings, session.state, self.seats
                )
                await self.channel.edit(
                    self.message_id, embed=started, view=None,
                    allowed_mentions=discord.AllowedMentions.none(),
                )  # fmt: skip
            dealt = "; ".join(words.dealt_lines(session.state, self.seats))
            opening, _ = game.replay(setup, ())  # the first turn, before any computer played it
            first = opening.sides[opening.turn.seat].name
            notes = [
                Line(NOBODY, f"The seed deals the seats: {dealt}."),
                Line(opening.turn.seat, f"{TURN_HEADER}{opening.round}: {first}'s turn —"),
            ]
        await running.begin(step, notes)
        return True, "The match has started."

    async def _start_game(self, record: MatchRecord) -> tuple[bool, str]:
        """Start a game told from its presenter (any without a teller of its own): the
        same store and seats, a `GameTable` to run it. Called under the lobby's lock."""
        game = lobby.game_of(self.settings)
        setup = lobby.build_setup(self.settings, record.seed, self.seats)
        session, step = MatchSession.new(setup, hold_slow=True, game=game)
        await self._set_seats(lobby.in_engine_order(game.names(session.state), self.seats))
        await self.ctx.store.start_match(self.match_id, game.dump_setup(setup))
        record.status = MatchStatus.RUNNING
        self.closed = True
        await self.close_menus("The match has started: the lobby is closed.")
        running = GameTable(self.ctx, record, session)
        self.ctx.registry.put(running)
        if self.message_id is not None:
            await self.channel.edit(self.message_id, view=None)
        order = ", ".join(
            f"{i}. {s.name}" + (f" ({s.computer} computer)" if s.user_id is None else "")
            for i, s in enumerate(self.seats, start=1)
        )
        notes = [
            Line(NOBODY, f"**{game.title}** — the seed seats the players: {order}."),
            Line(NOBODY, game.table_hint),
        ]
        await running.begin(step, notes)
        return True, "The match has started."

    async def end(self, user: discord.abc.User) -> None:
        """Ended by the host or a moderator before the start."""
        async with self.lock:
            if self.closed:
                return
            self.closed = True
            self.ctx.registry.drop(self)
            await self.ctx.store.finish(self.match_id, MatchStatus.ABANDONED)
            await self.close_menus("The match was ended.")
            if self.message_id is not None:
                await self.channel.edit(self.message_id, view=None)
            await self.channel.send(
                content=f"🛑 The match was ended by {user.mention}.",
                allowed_mentions=discord.AllowedMentions.none(),
            )

    async def gone(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.ctx.registry.drop(self)
        await self.ctx.store.finish(self.match_id, MatchStatus.ABANDONED)
        log.info("match %s: its channel %s is gone; lobby closed", self.match_id, self.channel_id)
