"""What the one table asks of a game's way of showing a match (its `Teller`).

The table (`bot.discord_app.game_table`) owns everything a match does alike in every
game: the lock, the session, the timer, one durable transaction per step before anything
is shown, seats handed to a computer, catching up on decisions another process took,
sleeping and resuming. How a step reads in the channel, and the extras a game declares —
a message edited in place (Chicago 1927's fight, round by round), a confirmation before
a risky click, a full-size picture on request, private screens and offers by DM — are
its teller's. A game without a teller of its own is told from its `Presenter`
(`bot.discord_app.presented`), so a new game needs nothing here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

import discord

from bot.discord_app.command_group import Command
from bot.discord_app.match_channel import MatchChannel
from bot.discord_app.ports import MatchContext, Screen
from bot.games.presenter import Choice
from bot.session import Applied, MatchSession, StepResult
from bot.store import MatchRecord, SeatRecord, StepWrite
from bot.telling import Line

NOTE = -1  # the seat of a line about no seat (a timeout, a seat handed over)


@dataclass(slots=True)
class Plan:
    """What a step will do, decided before it is committed: its store write, the new
    deadline (None: the match is over), and how the teller will show it."""

    write: StepWrite
    deadline: datetime | None
    shown: Any = None
    notes: Sequence[Line] = ()  # told before the step's narration
    lapses: Sequence[Line] = ()  # among the notes, those saying whose time ran out


class TableView(Protocol):
    """The running match as its teller reads it."""

    @property
    def ctx(self) -> MatchContext: ...

    @property
    def channel(self) -> MatchChannel: ...

    @property
    def record(self) -> MatchRecord: ...

    @property
    def match_id(self) -> int: ...

    @property
    def seats(self) -> list[SeatRecord]: ...

    @property
    def timer_length(self) -> timedelta: ...

    def player_of(self, seat: int) -> int | None: ...

    def asking(self, *user_ids: int | None) -> discord.AllowedMentions:
        """Whom a message asking these players may ping (over days: nobody; their
        notices go their own way)."""
        ...

    def clock_line(self, session: MatchSession) -> str:
        """The asked seats' banks, for the prompt ("" in a live match)."""
        ...

    def link(self, message_id: int | None) -> str: ...

    async def offer(self, user_id: int, decision: str, seq: int | None = None) -> str | None: ...

    def asks_now(self, seq: int) -> bool: ...


class Teller(Protocol):
    """How one match of a game is shown: in its channel, in private and by DM."""

    def executor(self) -> Executor | None:
        """Where slow computer seats think (None: a worker thread)."""
        ...

    # --- what is posted, after a restart or a reload ------------------------------------

    def prompt_message(self) -> int | None:
        """The message asking what is asked now, if any."""
        ...

    def restore(self, session: MatchSession, posted: dict[str, int]) -> int | None:
        """Read back what the store says is posted; returns how many decisions the
        channel has been told (None: unknown)."""
        ...

    async def keep_prompt(self, session: MatchSession) -> bool:
        """After a restart: whether the posted prompt still asks what is asked now (it
        stays); otherwise a stale one is closed and forgotten."""
        ...

    def forget(self) -> None:
        """The prompt is not known any more (the match is reloaded after an error)."""
        ...

    def may_sleep(self) -> bool:
        """Whether nothing in memory would be lost if the session left it."""
        ...

    def slept(self) -> None: ...

    def remind_again(self, left: timedelta) -> bool:
        """Whether the half-time reminder is still due, `left` before the deadline."""
        ...

    def resumed_deadline(self, deadline: datetime) -> None: ...

    # --- telling --------------------------------------------------------------------------

    def plan(self, session: MatchSession, step: StepResult, force_new: bool) -> Plan: ...

    async def publish(self, session: MatchSession, step: StepResult, plan: Plan) -> None:
        """Tell a committed step, the plan's notes before its narration."""
        ...

    def dropped(self) -> None:
        """The step being told was taken first by another process: nothing of it is told."""
        ...

    async def say_now(self, session: MatchSession, line: Line, picture: bool) -> None:
        """News with no decision of its own (a player back, a seat handed over)."""
        ...

    def labeller(self, session: MatchSession) -> Callable[[Applied], str]:
        """Words for a decision about to be made for a seat, as its button said."""
        ...

    async def remind(self, session: MatchSession, seq: int, deadline: datetime) -> None: ...

    async def ended(self, session: MatchSession, user: discord.abc.User) -> None:
        """The match was ended by the host or a moderator (already in the store)."""
        ...

    def closed(self) -> None:
        """The match is over: private screens stop listening."""
        ...

    # --- what a game may offer besides its buttons --------------------------------------

    def risk(self, session: MatchSession, decision: str) -> str | None:
        """What a click would risk for the clicker's side (None: safe): a confirmation
        is asked first."""
        ...

    def label(self, session: MatchSession, applied: Applied) -> str: ...

    async def board(self, session: MatchSession) -> dict[str, Any]:
        """The whole table now, for `/chicago board` or a "Full board" click."""
        ...

    def open_screen(
        self, session: MatchSession, user_id: int, seq: int
    ) -> tuple[str, discord.ui.View] | str:
        """A private screen to draft an offer on (its words and controls), or why not."""
        ...

    def screen(self, token: str) -> Screen | None:
        """The private screen of this match open under `token` (None: closed, passed
        its time, or lost in a restart)."""
        ...

    def private_list(
        self, session: MatchSession, user_seat: int | None, seq: int, seat: int, group: str
    ) -> tuple[str, list[Choice]]: ...

    def private_view(self, session: MatchSession, seat: int, choices: Sequence[Choice]) -> Any: ...

    def hand(self, session: MatchSession, seat: int | None) -> str | None:
        """The seat's own secrets in words (None: the game shows them its own way)."""
        ...


class AtTheTable(Protocol):
    """What a game brings to the one table, found through `bot.registry` (each game's
    `bot.<game>.table.entry`): how its matches are told, and its own `/chicago` commands.
    The platform names no game: it asks the registry for this."""

    @property
    def own_teller(self) -> bool:
        """Whether the game has a teller of its own (else it is told from its presenter,
        and its match starts the way every presented game's does)."""
        ...

    def teller(self, table: TableView) -> Teller:
        """The teller of one match of the game."""
        ...

    def commands(self, group: discord.app_commands.Group) -> list[Command]:
        """The game's own `/chicago` commands (its look-ups, its way to offer a deal)."""
        ...


class DealsItsOwnStart(Protocol):
    """A game with a teller of its own (`own_teller`) words the start of its match: the
    lobby message once dealt, and who plays what as the seed dealt it."""

    def started_embed(
        self, host_id: int, settings: Any, state: Any, seats: Sequence[SeatRecord]
    ) -> discord.Embed: ...

    def dealt_lines(self, state: Any, seats: Sequence[SeatRecord]) -> list[str]: ...
