"""The real bot in an offline Discord: simcord's in-memory server with one channel and a
few people, driving `create_bot` through discord.py's own code paths.

`chicago-bot preview` serves that channel as a local web page (simcord's preview) so a
match can be played without a Discord token; `chicago-bot bench bot` times clicks in
it. simcord is optional (extras `test` and `preview`): ask `bot.preview_extra` first.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import simcord

from bot.discord_app import ChicagoBot, create_bot
from bot.discord_app.lobby_room import Lobby
from bot.preview_page import adapt
from bot.registry import game_named
from bot.settings import Settings

GUILD = "Speakeasy"
CHANNEL = "chicago"
DECISION = re.compile(r"chicago:(\d+):(\d+):(\S+)")
MENTION = re.compile(r"<@(\d+)>")


def quicken_clicks() -> None:
    """simcord waits 50 ms of quiet after every click; 1 ms is enough for this bot (a
    private simcord 3.2.1 knob: re-check on upgrades)."""
    import simcord.env

    simcord.env.Env._settle_internal.__kwdefaults__["idle"] = 0.001  # type: ignore[index]


@dataclass(frozen=True, slots=True)
class Button:
    """A button as a player sees it; `seq` and `decision` are set on decision buttons."""

    custom_id: str
    label: str
    disabled: bool

    @property
    def seq(self) -> int | None:
        found = DECISION.fullmatch(self.custom_id)
        return int(found[2]) if found else None

    @property
    def decision(self) -> str | None:
        found = DECISION.fullmatch(self.custom_id)
        return found[3] if found else None


def buttons(message: discord.Message) -> list[Button]:
    return [
        Button(child.custom_id or "", child.label or "", child.disabled)
        for row in message.components
        for child in getattr(row, "children", [])
        if isinstance(child, discord.Button)
    ]


def live_decisions(message: discord.Message) -> list[Button]:
    return [b for b in buttons(message) if b.decision and not b.disabled]


class OfflineServer:
    """A server with channel #chicago, the given people and the bot, on a SQLite file."""

    def __init__(
        self,
        db: Path,
        names: Sequence[str],
        *,
        turn_timer: int = 300,
        computer_delay: float = 0.0,
        seed: int | None = None,
        game: str | None = None,
    ) -> None:
        # One shard and a render thread: simcord models one gateway connection, and
        # worker processes do not start under its event loop.
        self.settings = Settings(  # type: ignore[call-arg]
            _env_file=None,
            db=db,
            turn_timer=turn_timer,
            computer_delay=computer_delay,
            shards=1,
            render_workers=1,
        )
        self.names = tuple(names)
        self.seed = seed
        self.game = game_named(game)

    async def start(self) -> OfflineServer:
        seeds: Callable[[], int] | None = None
        if self.seed is not None:
            seed = self.seed
            seeds = lambda: seed  # noqa: E731
        # One shard: simcord models a single gateway connection.
        self.bot: ChicagoBot = create_bot(self.settings, seeds=seeds, shard_count=1)
        self.env = simcord.Env(self.bot)
        self.env.backend.bot_user.global_name = "Chicago 1927"  # simcord calls it TestBot
        # The server exists before the bot connects: a match an earlier preview left in
        # the database is resumed in its channel, not ended as if the channel were gone.
        self.guild = self.env.create_guild(GUILD)
        # The channel's header names the game played in it.
        self.channel = self.guild.create_text_channel(CHANNEL, topic=f"{self.game.title}, offline")
        self.members = {n: self.guild.add_member(self.env.create_user(n)) for n in self.names}
        await self.env.start()
        self.by_id = {m.id: m for m in self.members.values()}
        return self

    def page(self, port: int | None = None) -> Any:
        """simcord's preview of the channel, every person a viewer, as Discord would show
        it (`bot.preview_page`); entered by the caller."""
        preview = self.env.preview(
            self.channel, viewers=list(self.members.values()), layout="channel", port=port
        )
        adapt(preview)
        return preview

    async def close(self) -> None:
        try:
            await self.env.shutdown()
        finally:
            if not self.bot.is_closed():
                await self.bot.close()

    # --- reading the channel --------------------------------------------------------

    def history(self) -> list[discord.Message]:
        return list(self.channel.history())

    def prompt(self) -> discord.Message | None:
        """The message with live decision buttons (None: nobody is asked)."""
        return next((m for m in reversed(self.history()) if live_decisions(m)), None)

    def lobby(self) -> discord.Message:
        """The lobby message; LookupError when the channel has none (a plain `next` would
        end the coroutine that asked with "coroutine raised StopIteration")."""
        for message in self.history():
            if any(":lobby:" in b.custom_id for b in buttons(message)):
                return message
        raise LookupError(f"#{CHANNEL} has no lobby message")

    def decider(self, message: discord.Message) -> simcord.MemberActor:
        found = MENTION.search(message.content)
        assert found is not None, f"nobody is mentioned in {message.content!r}"
        return self.by_id[int(found[1])]

    # --- seating ------------------------------------------------------------------------

    async def open_match(
        self,
        count: int,
        people: Sequence[str],
        computers: Sequence[tuple[str, str]] = (),
        **options: Any,
    ) -> None:
        """The first person opens the lobby of `count` main seats (bosses, players: the
        game's `game=` option, Chicago 1927 by default); the others take the main seats,
        then each one-off seat (the police); the host adds the `(role, level)` computers
        from one menu, the role as the word on its buttons ("boss", "player"). Not
        started."""
        seating = game_named(options.get("game")).seating
        host = self.members[people[0]]
        opened = await host.slash(
            self.channel, "chicago new", **{seating.count.option: count}, **options
        )
        assert opened.acknowledged
        if opened.response is not None and opened.response.ephemeral:  # refused
            raise LookupError(f"no lobby opened: {opened.response.content}")
        joins = [seating.main.join] * (count - 1) + [r.join for r in seating.extras]
        for name, label in zip(people[1:], joins, strict=False):
            await self.members[name].click(self.lobby(), label=label)
        if computers:  # one menu, as a host would: it stays open, up to date
            menu = await host.click(self.lobby(), label="Add computer player")
            assert menu.response is not None, "no computer player menu"
            for role, level in computers:
                await host.click(menu.response, label=f"{level.title()} {role}")

    async def pick_up(self) -> bool:
        """Show again the match a preview stopped earlier left open in this database
        (False: there is none). The channel is new, so none of its messages is there: a
        lobby is posted anew, seats and all; a running match gets its prompt back as after
        any restart of the bot."""
        record = await self.bot.store.match_in_channel(self.channel.id)
        if record is None:
            return False
        await self.env.advance_time(0.1)  # the bot's start-up resumes what was running
        table = self.bot.tables.in_channel(self.channel.id)
        if isinstance(table, Lobby):  # a lobby's message is not posted again by itself
            message = await self.bot.get_partial_messageable(self.channel.id).send(
                **table.message()
            )
            await table.posted(message.id)
        return True

    async def start_match(self) -> None:
        await self.members[self.names[0]].click(self.lobby(), label="Start")


def seats_for(
    count: int, people: int, level: str, game: str | None = None
) -> list[tuple[str, str]]:
    """The computer seats that fill a table of `count` main seats and the game's one-off
    seats (Chicago 1927's: bosses and the police) after `people` people took the first
    seats (main seats first), each by the word on the host's menu button."""
    seating = game_named(game).seating
    seats = [(seating.main.button, level)] * max(0, count - people)
    extras = seating.extras[max(0, people - count) :]
    return seats + [(role.button, level) for role in extras]


# simcord keeps a page the browser left for ten minutes and serves at most 16: reloading
# the page often then shows "Unavailable channel" until old pages expire. An open page
# asks for news twice a second (a hidden tab at least once a minute), so a page silent
# for 90 seconds is gone and can be released.
PAGE_LEASE_SECONDS = 90.0


def release_pages_sooner(preview: Any, lease: float = PAGE_LEASE_SECONDS) -> None:
    """Release pages the browser stopped asking for after `lease` seconds, not ten
    minutes (a simcord 3.2.1 knob, set on this preview only)."""
    preview._PAGE_LEASE_SECONDS = lease


async def keep_current(server: OfflineServer, preview: Any, tick: float = 0.25) -> None:
    """Republish the page whenever the bot has sent or edited something on its own (a
    computer player's move, a reminder, a timeout), so open pages stay current. The
    offline clock follows the wall clock by itself: simcord fires the bot's timers then.

    Not `preview.refresh()`: that is a simcord operation held across awaits, and a click
    from the page arriving meanwhile is answered with an error the page shows as "Action
    outcome uncertain" for good. Republishing is synchronous, so no click can land inside
    it, and clicks in flight are left alone (the click's own answer republishes)."""
    env = server.env
    shown = len(env.http_requests)
    while True:
        await asyncio.sleep(tick)
        if len(env.http_requests) == shown or env._operation_task is not None:
            continue  # nothing new, or a click from the page is being handled
        shown = len(env.http_requests)
        republish(preview)


def republish(preview: Any) -> None:
    """Publish every open page of the preview again, now (simcord 3.2.1 internals, as
    `Preview.refresh` does them, without waiting for the bot to settle)."""
    with contextlib.suppress(simcord.SetupError):
        preview._advance_presentation_time()
        for page in tuple(preview._pages.values()):
            if page.id in preview._pages:  # a publish prunes pages whose lease ran out
                preview._publish(page, reason="refresh")
