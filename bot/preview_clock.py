"""The offline preview's clock control: buttons that move the clock on an hour or a day,
so a host sees a match over days (banks running down, turn notices, reminders, the
safe choice when a bank runs out) without waiting for days.

The bot's clock in the preview is the offline Discord's (simcord's virtual time, which
`discord.utils.utcnow` reads there). Moving it fires, in order, every timer due on the
way: each match's bank deadline and notices are armed from the instants the store
keeps, so they fall exactly where the banks say, and computer moves and idle sweeps
come in between as they would. A click cannot move the clock itself (the bot's own work
may not run an offline-Discord operation), so the button queues the move and the
preview's own task makes it; page clicks wait for a move in progress to end.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any

import discord

from bot.clocks.pace import DAY, HOUR
from bot.preview import OfflineServer

STEP = HOUR  # a move is made an hour at a time, the offline Discord settling in between
MOVES = {"hour": HOUR, "day": DAY}
CUSTOM_ID = "preview:clock:{}"


def control_text(server: OfflineServer, moved: float) -> str:
    """The control's message: the clock's time, and how far it was moved."""
    now = int(server.env.now().timestamp())
    hours = int(moved // HOUR)
    days, hours = divmod(hours, 24)
    so_far = f"{days}d {hours}h" if days else f"{hours}h"
    tail = f" (moved on {so_far})" if moved else ""
    return (
        f"🕰 **Preview clock**: <t:{now}:f>{tail}\n"
        "Move it on to watch the banks, notices and timeouts."
    )


class ClockButtons(discord.ui.View):
    """The control's buttons; a persistent view, so any viewer may press them."""

    def __init__(self, control: ClockControl) -> None:
        super().__init__(timeout=None)
        self.control = control
        for key, seconds in MOVES.items():
            button: discord.ui.Button[ClockButtons] = discord.ui.Button(
                label=f"1 {key}",
                emoji="⏩",
                style=discord.ButtonStyle.secondary,
                custom_id=CUSTOM_ID.format(key),
            )
            button.callback = self._pressed(seconds)  # type: ignore[assignment,method-assign]
            self.add_item(button)

    def _pressed(self, seconds: int) -> Callable[[discord.Interaction], Coroutine[Any, Any, None]]:
        async def pressed(interaction: discord.Interaction) -> None:
            await interaction.response.defer()  # the reposted control shows the move
            self.control.ask(seconds)

        return pressed


class ClockControl:
    """The clock control of one preview: its message in the channel and its queue of
    moves, made by `run` (or one at a time by `move_next`) outside the bot's work."""

    def __init__(self, server: OfflineServer) -> None:
        self.server = server
        self.moved = 0.0
        self.message_id: int | None = None
        self.lock = asyncio.Lock()  # a move, or a click from the page: one at a time
        self._asked: asyncio.Queue[int] = asyncio.Queue()
        self.view = ClockButtons(self)

    def ask(self, seconds: int) -> None:
        self._asked.put_nowait(seconds)

    async def post(self) -> None:
        """Post the control at the bottom of the channel (the old one is removed, so the
        control stays under the newest messages)."""
        channel = self.server.bot.get_partial_messageable(self.server.channel.id)
        if self.message_id is None:
            self.server.bot.add_view(self.view)
        else:
            await channel.get_partial_message(self.message_id).delete()
        message = await channel.send(
            content=control_text(self.server, self.moved),
            view=self.view,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.message_id = message.id

    async def move(self, seconds: float) -> None:
        """Move the clock on `seconds`, an hour at a time, then post the control again."""
        async with self.lock:
            left = seconds
            while left > 0:
                step = min(STEP, left)
                await self.server.env.advance_time(step)
                left -= step
            self.moved += seconds
            await self.post()

    async def move_next(self) -> None:
        """Make the next move asked for (waiting for one)."""
        await self.move(await self._asked.get())

    async def run(self) -> None:
        """Make every move asked for, for as long as the preview runs."""
        while True:
            await self.move_next()


def hold_page_actions(preview: Any, lock: asyncio.Lock) -> None:
    """Let a click from the page wait while the clock moves, instead of failing as an
    operation overlapping the move (simcord 3.2.1's `Preview._action`: re-check on
    upgrades)."""
    act: Callable[[str | None, Mapping[str, Any]], Awaitable[dict[str, Any]]] = preview._action

    async def action(context_id: str | None, body: Mapping[str, Any]) -> dict[str, Any]:
        async with lock:
            return await act(context_id, body)

    preview._action = action
