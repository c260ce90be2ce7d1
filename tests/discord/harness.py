"""Drive the real bot offline: a simcord guild, a channel, players, and helpers that read
the channel the way a player does (the prompt, whom it mentions, its buttons).

Reusable by any test or tool that needs the bot in a harness: build a `Table`, `start()`
it, act through its members, `close()` it.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import discord
import simcord
import simcord.env
from simcord.actors import _component_interaction

from bot.discord_app import ChicagoBot, create_bot
from bot.discord_app.game_table import GameTable
from bot.discord_app.idle import sweep
from bot.settings import Settings
from bot.store import SqliteStore
from bot.store.location import open_store

# simcord waits 50 ms of quiet after every interaction; 1 ms is plenty for this bot and
# makes a full match of clicks run in seconds (private knob: re-check on upgrades).
simcord.env.Env._settle_internal.__kwdefaults__["idle"] = 0.001  # type: ignore[index]

DECISION = re.compile(r"chicago:(\d+):(\d+):(\S+)")
CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback")
MENTION = re.compile(r"<@(\d+)>")


def make_settings(db: Path | str, **values: Any) -> Settings:
    """Settings for a test bot: no token, no .env, no computer delay."""
    base: dict[str, Any] = {"db": db, "computer_delay": 0.0, "turn_timer": 300}
    base.update(render_workers=1)  # a render thread
    if "shard_count" not in values:
        base.update(shards=1)  # simcord needs a shard count
    base.update(values)
    return Settings(_env_file=None, **base)  # type: ignore[call-arg]


@dataclass
class Button:
    custom_id: str
    label: str
    disabled: bool

    @property
    def decision(self) -> str | None:
        found = DECISION.fullmatch(self.custom_id)
        return found[3] if found else None

    @property
    def seq(self) -> int | None:
        found = DECISION.fullmatch(self.custom_id)
        return int(found[2]) if found else None


@dataclass(frozen=True)
class Seen:
    """A private reply as the player's screen showed it at one moment (simcord's reply
    objects follow later edits)."""

    channel_id: int
    id: int
    components: list[dict[str, Any]]

    @classmethod
    def of(cls, message: Any) -> Seen:
        return cls(message.channel_id, message.id, copy.deepcopy(message.components))


def buttons(message: Any) -> list[Button]:
    """Every button of a message (a discord.Message or a simcord ResponseMessage)."""
    rows = message.components
    out: list[Button] = []
    for row in rows:
        children = row.get("components", []) if isinstance(row, dict) else row.children
        for child in children:
            if isinstance(child, dict):
                if child.get("type") == 2:
                    out.append(
                        Button(
                            child["custom_id"], child.get("label", ""), child.get("disabled", False)
                        )
                    )
            elif isinstance(child, discord.Button):
                out.append(Button(child.custom_id or "", child.label or "", child.disabled))
    return out


@dataclass
class Table:
    """A guild with one channel, a few members and the bot, on a SQLite file in `root`
    (or the PostgreSQL database `database`; the guild on shard `guild_shard`)."""

    root: Path
    seed: int = 1927
    settings: dict[str, Any] = field(default_factory=dict)
    names: tuple[str, ...] = ("alice", "bob", "carol", "dave")
    database: str | None = None
    guild_shard: int | None = None
    # The bot's clock runs this far ahead of the offline Discord's (a match over days
    # played near a date that matters, such as a change to summer time).
    clock_ahead: timedelta = timedelta(0)
    env: simcord.Env = field(init=False)
    bot: ChicagoBot = field(init=False)
    bots: list[ChicagoBot] = field(default_factory=list)

    def make_bot(self) -> ChicagoBot:
        settings = make_settings(self.database or self.root / "chicago.db", **self.settings)
        seed: Callable[[], int] = lambda: self.seed  # noqa: E731
        store = open_store(settings.db) if self.database else SqliteStore(Path(settings.db))
        clock = self.now if self.clock_ahead else None  # else the library clock, as ever
        bot = create_bot(settings, store, clock=clock, seeds=seed)
        self.bots.append(bot)
        return bot

    def now(self) -> datetime:
        """The bot's clock: the offline Discord's (moved by `env.advance_time`), ahead by
        `clock_ahead`."""
        return self.env.now() + self.clock_ahead

    async def start(self) -> Table:
        self.bot = self.make_bot()
        self.env = simcord.Env(self.bot)
        self.declare_waits(self.bot)
        await self.env.start()
        self.guild = self.env.create_guild("Speakeasy", shard_id=self.guild_shard)
        self.channel = self.guild.create_text_channel("chicago")
        self.mods = self.guild.create_role(
            "Mods", permissions=discord.Permissions(manage_channels=True)
        )
        self.members = {n: self.guild.add_member(self.env.create_user(n)) for n in self.names}
        self.by_id = {m.id: m for m in self.members.values()}
        return self

    def declare_waits(self, bot: ChicagoBot) -> None:
        """The bot's wait for news from other bot processes (PostgreSQL notifications)
        is outside input to the offline Discord, not work it should see settle."""
        env = self.env
        if bot.listener is not None:
            bot.listener.waiting = lambda wait: env.external_wait(wait, reason="notifications")

    async def restart(self) -> None:
        """A fresh bot process on the same database (always a new bot object)."""
        old = self.bot
        self.bot = self.make_bot()
        self.declare_waits(self.bot)
        await self.env.restart_bot(self.bot)
        await old.close()

    async def close(self) -> None:
        try:
            await self.env.shutdown()
        finally:
            for bot in self.bots:
                if not bot.is_closed():
                    await bot.close()
                else:
                    await bot.store.close()

    # --- reading the channel --------------------------------------------------------

    def history(self, channel: Any = None) -> list[discord.Message]:
        return list((channel or self.channel).history())

    def prompt(self, channel: Any = None) -> discord.Message | None:
        """The message with live decision buttons (None: no decision is asked)."""
        for message in reversed(self.history(channel)):
            if any(b.decision and not b.disabled for b in buttons(message)):
                return message
        return None

    def decider(self, message: discord.Message) -> simcord.MemberActor:
        found = MENTION.search(message.content)
        assert found, f"no mention in {message.content!r}"
        return self.by_id[int(found[1])]

    def texts(self, channel: Any = None) -> str:
        """Everything the channel shows as text: contents and embed descriptions."""
        parts: list[str] = []
        for message in self.history(channel):
            parts.append(message.content)
            for embed in message.embeds:
                parts.append(embed.title or "")
                parts.append(embed.description or "")
                for embed_field in embed.fields:
                    parts.extend((embed_field.name or "", embed_field.value or ""))
                parts.append(embed.footer.text or "")
        return "\n".join(parts)

    # --- acting ---------------------------------------------------------------------

    async def click(
        self,
        member: simcord.MemberActor,
        message: Any,
        *,
        decision: str | None = None,
        label: str | None = None,
    ) -> simcord.InteractionResult:
        custom_id = None
        if decision is not None:
            custom_id = next(b.custom_id for b in buttons(message) if b.decision == decision)
        result = await member.click(message, custom_id=custom_id, label=label)
        assert result.acknowledged, "the bot did not answer the click"
        return result

    async def raw_click(
        self, member: simcord.MemberActor, message: Any, custom_id: str
    ) -> simcord.InteractionResult:
        """A click on a button the player's screen still shows but the message no longer
        has (a stale prompt, a second click in flight)."""
        return await self.raw_component(member, message, custom_id, 2)

    async def raw_component(
        self,
        member: Any,
        message: Any,
        custom_id: str,
        component_type: int,
        values: list[str] | None = None,
    ) -> simcord.InteractionResult:
        """A click on a button (type 2) or a choice in a list (type 3, `values`) of a
        message as the player's screen showed it (`message` as it was read then)."""
        backend = self.env.backend
        channel_id = message.channel_id if isinstance(message, Seen) else message.channel.id
        stored = copy.copy(backend.get_message(channel_id, message.id))
        if isinstance(message, discord.Message):
            # What the player's screen shows: the message as it was when they saw it.
            stored.components = [row.to_dict() for row in message.components]  # type: ignore[misc]
        elif isinstance(message, Seen):
            stored.components = copy.deepcopy(message.components)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        result = await _component_interaction(member, stored, data)
        assert result.acknowledged, "the bot did not answer the click"
        return result

    async def open_lobby(self, host: str = "alice", **options: Any) -> simcord.InteractionResult:
        result = await self.members[host].slash(self.channel, "chicago new", **options)
        assert result.acknowledged
        return result

    def lobby(self) -> discord.Message:
        for message in self.history():
            if any(":lobby:" in b.custom_id for b in buttons(message)):
                return message
        raise AssertionError("no lobby in the channel")


def answered_wrongly(env: simcord.Env) -> list[str]:
    """Every interaction of the offline Discord not answered exactly once: no answer
    (the player saw "This interaction failed") or a second one (refused by Discord,
    logged by the bot as already responded)."""
    answers = Counter(
        int(found[1])
        for entry in env.http_requests
        if entry.method == "POST" and (found := CALLBACK.fullmatch(entry.path))
    )
    return [
        f"{record.type} {record.command_name or ''} #{interaction_id}: "
        f"answered {answers[interaction_id]} times"
        for interaction_id, record in env.backend.interactions.items()
        if answers[interaction_id] != 1
    ]


def running(table: Table, match_id: int = 1) -> GameTable:
    """The running match numbered `match_id` of the table's bot."""
    found = table.bot.tables.by_id.get(match_id)
    assert isinstance(found, GameTable), f"match {match_id} is not running: {found!r}"
    return found


def running_here(table: Table, channel: Any = None) -> GameTable:
    """The running match in the table's channel (woken, so its session is loaded)."""
    found = table.bot.tables.in_channel((channel or table.channel).id)
    assert isinstance(found, GameTable), f"no running match here: {found!r}"
    return found


def sweep_idle(table: Table) -> int:
    """The idle sweep, now: matches idle longer than the setting leave memory."""
    bot = table.bot
    return sweep(bot.tables, bot.settings.idle_after, bot.clock())


def close_dms(table: Table, member: simcord.MemberActor) -> None:
    """The member's direct messages are closed: every DM to them fails, as Discord's."""
    table.env.inject_error(
        "POST",
        f"/channels/{member.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )


def private_text(result: simcord.InteractionResult) -> str:
    """The text of the private replies to an interaction."""
    texts = []
    if result.response is not None:
        texts.append(result.response.content)
    texts.extend(f.content for f in result.followups)
    return "\n".join(texts)


def pick(choices: list[Button], seen: dict[str, int]) -> Button:
    """A simple player: pays the first toll then raids when it can, withdraws from a
    losing fight, bribes the police, takes control or recruits when it can, else passes."""
    live = {b.decision: b for b in choices if b.decision and not b.disabled}
    if "pay" in live:
        seen["pay_or_raid"] = seen.get("pay_or_raid", 0) + 1
        if seen["pay_or_raid"] > 1 and "raid" in live:
            return live["raid"]
        return live["pay"]
    for decision in ("withdraw", "bribe", "control", "recruit4", "roll", "reject", "pass"):
        if decision in live:
            return live[decision]
    return next(iter(live.values()))


async def play_turn(table: Table, seen: dict[str, int], pause: float = 1.5) -> Button | None:
    """The mentioned player clicks what `pick` chooses; None when nothing is asked."""
    prompt = table.prompt()
    if prompt is None:
        return None
    choice = pick(buttons(prompt), seen)
    await table.click(table.decider(prompt), prompt, decision=choice.decision)
    await table.env.advance_time(pause)
    return choice


async def seat_table(
    table: Table,
    bosses: tuple[str, ...],
    police: str | None,
    computers: tuple[str, ...] = (),
    **options: Any,
) -> None:
    """Open a lobby hosted by the first boss, seat everyone, add computers, start."""
    host = table.members[bosses[0]]
    await table.open_lobby(
        bosses[0], bosses=len(bosses) + sum(c.startswith("boss") for c in computers), **options
    )
    for name in bosses[1:]:
        await table.click(table.members[name], table.lobby(), label="Join as boss")
    if police is not None:
        await table.click(table.members[police], table.lobby(), label="Join as police")
    for computer in computers:
        role, level = computer.split(":")
        menu = await table.click(host, table.lobby(), label="Add computer player")
        assert menu.response is not None
        label = f"{level.title()} {role}"
        await table.click(host, menu.response, label=label)
    started = await table.click(host, table.lobby(), label="Start")
    assert "Every seat" not in private_text(started), private_text(started)


# --- several channels and clicks in flight at once (fuzz test, benchmark, preview) ---------


def lobby_in(table: Table, channel: Any) -> discord.Message:
    """The lobby message of the match in `channel`."""
    for message in table.history(channel):
        if any(":lobby:" in b.custom_id for b in buttons(message)):
            return message
    raise AssertionError(f"no lobby in channel {channel.name}")


async def seat_channel(
    table: Table,
    channel: Any,
    bosses: tuple[str, ...],
    police: str | None,
    computers: tuple[str, ...] = (),
    **options: Any,
) -> None:
    """`seat_table` for any channel of the table's guild."""
    host = table.members[bosses[0]]
    count = len(bosses) + sum(c.startswith("boss") for c in computers)
    opened = await host.slash(channel, "chicago new", bosses=count, **options)
    assert opened.acknowledged and not private_text(opened), private_text(opened)
    for name in bosses[1:]:
        await table.click(table.members[name], lobby_in(table, channel), label="Join as boss")
    if police is not None:
        await table.click(table.members[police], lobby_in(table, channel), label="Join as police")
    for computer in computers:
        role, level = computer.split(":")
        menu = await table.click(host, lobby_in(table, channel), label="Add computer player")
        assert menu.response is not None
        await table.click(host, menu.response, label=f"{level.title()} {role}")
    started = await table.click(host, lobby_in(table, channel), label="Start")
    assert not private_text(started), private_text(started)


async def burst(
    table: Table, clicks: list[tuple[simcord.MemberActor, Any, str]]
) -> list[simcord.InteractionResult]:
    """Clicks that arrive together: every interaction is delivered before the bot has
    answered any (a double click, two channels at once). Each click is (member, message
    as the member saw it, custom_id). Uses simcord 3.2.1 internals: re-check on upgrades."""
    from simcord import interactions as sim_interactions
    from simcord.backend import serializers
    from simcord.enums import InteractionType

    env = table.env
    backend = env.backend
    env._begin_operation("burst")
    try:
        records = []
        for member, message, custom_id in clicks:
            stored = copy.copy(backend.get_message(message.channel.id, message.id))
            if isinstance(message, discord.Message):
                stored.components = [row.to_dict() for row in message.components]  # type: ignore[misc]
            record, payload = sim_interactions.base_payload(
                backend,
                type=InteractionType.MESSAGE_COMPONENT,
                channel_id=stored.channel_id,
                guild_id=member.guild.id,
                user_id=member.id,
                data={"custom_id": custom_id, "component_type": 2},
            )
            payload["message"] = dict(serializers.message_payload(backend, stored))
            record.source_message_id = stored.id
            env._notify_dispatch_observers(record)
            backend.emit("INTERACTION_CREATE", payload)
            records.append(record)
        await env._settle_internal(dispatch="INTERACTION_CREATE")
    finally:
        env._end_operation()
    results = [simcord.InteractionResult(env, record) for record in records]
    assert all(r.acknowledged for r in results), "the bot did not answer a click"
    return results
