"""Every open table of this bot — lobbies and running matches — found by match id or
channel, and the one place where an interaction meets a match: clicks are routed by
their parsed custom id, replies are private, and every error is logged with the match
id and told to the user instead of "This interaction failed".

Opening a table is atomic per channel (two `/chicago new` at the same moment give one
lobby and one polite answer), and the counts a server's limits read are kept per server
and per host, so opening a match costs the same with 1 or 1,000 open.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot import logs
from bot.discord_app.cooldowns import SLOW_DOWN, Answer, ClickGuard, Cooldowns
from bot.discord_app.custom_ids import (
    BoardClick,
    Click,
    DecisionClick,
    DraftClick,
    EndClick,
    GameClick,
    LeaderboardClick,
    LobbyClick,
    PrivateClick,
    ProposeClick,
    RematchClick,
    SelectClick,
)
from bot.discord_app.game_table import GameTable
from bot.discord_app.history import leaderboard_page
from bot.discord_app.lobby import joined_note, rematch_seats, seating_of
from bot.discord_app.lobby_room import Lobby
from bot.discord_app.match_channel import ChannelGone
from bot.discord_app.match_settings import MatchSettings
from bot.discord_app.names import plain_name
from bot.discord_app.ports import Listed, MatchContext
from bot.discord_app.remote import RemoteDecisions
from bot.discord_app.replies import SORRY, reply
from bot.discord_app.views import sure_view
from bot.store import ChannelTaken, MatchRecord, MatchStatus, SeatRecord, StoreError
from bot.verdicts import Verdict, say

log = logging.getLogger("chicago.bot")
T = TypeVar("T")

Playing = GameTable
Table = Lobby | GameTable
ALREADY_OPEN = (
    "A match is already open here: {where}. Finish it, or ask the host to `/chicago end` "
    "it, before starting another."
)


def confirm_view(match: GameTable, click: DecisionClick) -> discord.ui.View:
    """One more private click for a risky choice, in the words of the prompt's button."""
    return sure_view(click, match.label(click.seq, click.decision))


JOIN = "join_"  # a lobby action "join_<role>"


def user_name(user: discord.abc.User) -> str:
    return plain_name(user.display_name)


class Tables:
    """The registry of open tables and the router of every click."""

    def __init__(
        self,
        ctx_of: Callable[[Tables], MatchContext],
        new_seed: Callable[[], int],
        seconds: Callable[[], float],
        owns: Callable[[int | None], bool] = lambda guild_id: True,
    ) -> None:
        self.ctx = ctx_of(self)
        # The servers whose matches this process runs (`bot.discord_app.shards`); with
        # other processes beside it, DM clicks on theirs go through `remote`.
        self.owns = owns
        self.remote: RemoteDecisions | None = None
        self._catching_up: set[asyncio.Task[None]] = set()
        self.new_seed = new_seed
        self.by_id: dict[int, Table] = {}
        self.by_channel: dict[int, Table] = {}
        self.per_guild: defaultdict[int | None, set[int]] = defaultdict(set)
        self.lobbies_of: defaultdict[int, set[int]] = defaultdict(set)
        self._opening: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.clicks = ClickGuard(seconds)
        self.cooldowns = Cooldowns(seconds)

    # --- the registry ---------------------------------------------------------------------

    def put(self, table: Listed) -> None:
        assert isinstance(table, Lobby | GameTable)
        old = self.by_id.get(table.match_id)
        if old is not None:
            self._unindex(old)
        self.by_id[table.match_id] = table
        self.by_channel[table.channel_id] = table
        self.per_guild[table.record.guild_id].add(table.match_id)
        if isinstance(table, Lobby):
            self.lobbies_of[table.host_id].add(table.match_id)

    def drop(self, table: Listed) -> None:
        if self.by_id.get(table.match_id) is table:
            del self.by_id[table.match_id]
            self._unindex(table)
        if self.by_channel.get(table.channel_id) is table:
            del self.by_channel[table.channel_id]

    def _unindex(self, table: Listed) -> None:
        self.per_guild[table.record.guild_id].discard(table.match_id)
        self.lobbies_of[table.record.host_id].discard(table.match_id)

    def in_channel(self, channel_id: int | None) -> Table | None:
        return self.by_channel.get(channel_id) if channel_id is not None else None

    def running(self) -> list[Playing]:
        return [t for t in self.by_id.values() if isinstance(t, GameTable)]

    def open_in_guild(self, guild_id: int | None) -> int:
        return len(self.per_guild.get(guild_id, ()))

    def lobbies_hosted(self, user_id: int) -> list[Lobby]:
        found = (self.by_id.get(m) for m in self.lobbies_of.get(user_id, ()))
        return [t for t in found if isinstance(t, Lobby)]

    async def load(self) -> None:
        """Every lobby and running match of this process's servers in the store, each
        loaded once."""
        clocks = await self.ctx.store.running_clocks()  # matches over days, in one read
        for record in await self.ctx.store.active_matches():
            if not self.owns(record.guild_id):
                continue  # another bot process runs this server's shard
            try:
                table: Table
                if record.status is MatchStatus.RUNNING:
                    table = await GameTable.load(self.ctx, record, clocks.get(record.match_id))
                else:
                    table = await Lobby.load(self.ctx, record)
            except (StoreError, ValueError) as exc:
                log.warning("match %s cannot be continued: %s", record.match_id, exc)
                continue
            self.put(table)

    async def resume_all(self) -> None:
        """Once connected: every running match gets its prompt and timer back."""
        for match in self.running():
            try:
                await match.resume()
            except ChannelGone:
                await match.gone()
            except Exception:
                log.exception("match %s: could not be resumed", match.match_id)

    # --- decisions other bot processes committed ----------------------------------------

    def news(self, match_id: int) -> None:
        """Another process committed a decision of `match_id` (a DM answer): if the match
        runs here, it is told, in the background."""
        match = self._of(match_id, GameTable)
        if match is None:
            return
        task = asyncio.create_task(self._catch_up(match), name=f"chicago-catch-up-{match_id}")
        self._catching_up.add(task)
        task.add_done_callback(self._catching_up.discard)

    def stop_catching_up(self) -> None:
        """The bot closes: catching up is left to the next start (the store has it all)."""
        for task in list(self._catching_up):
            task.cancel()

    async def catch_up_all(self) -> None:
        """After notifications may have been missed: every running match compared with
        the store, and anything new told."""
        for match in self.running():
            await self._catch_up(match)

    async def _catch_up(self, match: Playing) -> None:
        try:
            await match.catch_up()
        except ChannelGone:
            await match.gone()
        except Exception:
            log.exception("match %s: a decision taken by another process could not be told",
                          match.match_id)  # fmt: skip
            try:
                await match.recover()
            except Exception:
                log.exception("match %s: recovery after an error failed", match.match_id)

    def _remote(self, interaction: discord.Interaction) -> RemoteDecisions | None:
        """Who answers a click in a DM on a match not running here (None: nobody)."""
        return self.remote if interaction.guild_id is None else None

    # --- opening a lobby ----------------------------------------------------------------------

    async def open_lobby(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        settings: MatchSettings,
        seats: list[SeatRecord],
        post: Callable[[Lobby], Awaitable[int]],
        prepare: Callable[[], Awaitable[int]] | None = None,
    ) -> Lobby | str:
        """A new lobby in `channel_id` (or, with `prepare`, in the channel it makes —
        a thread — returning its id), posted by `post`; or why not. One at a time per
        channel, so two at the same moment give one lobby and one answer."""
        async with self._opening[channel_id]:
            refused = await self._taken(channel_id)
            if refused is not None:
                return refused
            target = await prepare() if prepare is not None else channel_id
            try:
                record = await self.ctx.store.create_match(
                    guild_id, target, host_id, settings.to_dict(), self.new_seed()
                )
            except ChannelTaken:
                return "A match was opened here a moment ago; it is the one to join."
            await self.ctx.store.set_seats(record.match_id, seats)
            record.seats = seats
            lobby = Lobby(self.ctx, record, None)
            self.put(lobby)
            await lobby.posted(await post(lobby))
            log.info("match %s: lobby opened in channel %s by %s", record.match_id, target, host_id)
            return lobby

    async def _taken(self, channel_id: int) -> str | None:
        existing = self.in_channel(channel_id)
        if existing is not None:
            return ALREADY_OPEN.format(where=existing.where())
        if await self.ctx.store.match_in_channel(channel_id) is not None:
            return "A match is still being loaded here; try again shortly."
        return None

    # --- guarding the work of an interaction --------------------------------------------------

    async def guarded(
        self,
        interaction: discord.Interaction,
        table: Listed | None,
        what: str,
        work: Callable[[], Awaitable[None]],
    ) -> None:
        """Run `work`; a vanished channel ends the match, any other error is logged with
        the match id, told privately, and the match is reloaded from the store."""
        logs.bind(
            guild=interaction.guild_id,
            channel=table.channel_id if table is not None else interaction.channel_id,
            match=table.match_id if table is not None else None,
        )
        if self.ctx.stopping():
            await reply(interaction, say(Verdict.STOPPING))
            return
        try:
            await work()
        except ChannelGone:
            if isinstance(table, Lobby | GameTable):
                await table.gone()
        except Exception:
            if self.ctx.stopping():  # the store closed under a click that came too late
                with contextlib.suppress(discord.HTTPException):
                    await reply(interaction, say(Verdict.STOPPING))
                return
            match = table.match_id if table is not None else "-"
            log.exception("match %s: %s failed (user %s)", match, what, interaction.user.id)
            try:
                await reply(interaction, SORRY)
            except discord.HTTPException:
                log.warning("match %s: could not tell user %s", match, interaction.user.id)
            if isinstance(table, GameTable):
                try:
                    await table.recover()
                except Exception:
                    log.exception("match %s: recovery after an error failed", match)

    async def tell(self, interaction: discord.Interaction, text: str) -> None:
        """A private refusal. A user whose clicks keep being refused (hammering someone
        else's button) gets a few answers, one "slow down", then silent
        acknowledgements until they pause: one answer, not one per click."""
        answer = self.clicks.refused(interaction.user.id)
        if answer is Answer.OK:
            await reply(interaction, text)
        elif answer is Answer.WARN:
            await reply(interaction, SLOW_DOWN)
        elif not interaction.response.is_done():
            await interaction.response.defer()

    # --- routing clicks -------------------------------------------------------------------------

    def _of(self, match_id: int, kind: type[T]) -> T | None:
        """The open table numbered `match_id` if it is of `kind`."""
        table = self.by_id.get(match_id)
        return table if isinstance(table, kind) else None

    async def _here(
        self,
        interaction: discord.Interaction,
        match_id: int,
        kind: type[T],
        what: str,
        elsewhere: Callable[[RemoteDecisions], Awaitable[None]],
        missing: Verdict,
    ) -> T | None:
        """The open table of `kind` this click acts on here. None when this process does
        not run it: a DM click is then handed to `elsewhere` (the process running the
        match hears of it through the store), any other click told `missing`."""
        match = self._of(match_id, kind)
        if match is not None:
            return match
        remote = self._remote(interaction)
        if remote is not None:
            await self.guarded(interaction, None, what, lambda: elsewhere(remote))
        else:
            await self.tell(interaction, say(missing))
        return None

    async def _may(
        self, interaction: discord.Interaction, match_id: int, seq: int, decision: str
    ) -> bool:
        if self.ctx.stopping():
            await self.tell(interaction, say(Verdict.STOPPING))
            return False
        table = self.by_id.get(match_id)
        if table is None and self._remote(interaction) is not None:
            return True  # checked against the store by `RemoteDecisions`
        if table is None:
            refused: str | None = say(Verdict.NO_MATCH)
        elif isinstance(table, Lobby):
            refused = say(Verdict.NOT_STARTED)
        else:
            await table.wake()
            refused = table.refusal(interaction.user.id, seq, decision)
        if refused is None:
            return True
        await self.tell(interaction, refused)
        return False

    async def may_decide(self, interaction: discord.Interaction, click: DecisionClick) -> bool:
        return await self._may(interaction, click.match_id, click.seq, str(click.decision))

    async def may_propose(self, interaction: discord.Interaction, click: ProposeClick) -> bool:
        return await self._may(interaction, click.match_id, click.seq, "trade")

    async def route(self, interaction: discord.Interaction, click: Click) -> None:
        """One click, by its kind."""
        if self.ctx.stopping():
            await self.tell(interaction, say(Verdict.STOPPING))
            return
        if isinstance(click, DecisionClick):
            await self._decide(interaction, click)
        elif isinstance(click, ProposeClick):
            await self._propose(interaction, click)
        elif isinstance(click, LobbyClick):
            await self._lobby(interaction, click)
        elif isinstance(click, EndClick):
            await self._end(interaction, click)
        elif isinstance(click, RematchClick):
            await self.guarded(
                interaction, None, "rematch", lambda: self._rematch(interaction, click)
            )
        elif isinstance(click, LeaderboardClick):
            await self.guarded(
                interaction, None, "leaderboard", lambda: self._leaderboard(interaction, click)
            )
        elif isinstance(click, BoardClick):
            await self._full_board(interaction, click)
        elif isinstance(click, DraftClick):
            await self._screen(interaction, click, [])
        elif isinstance(click, GameClick):
            await self._game_decide(interaction, click.match_id, click.seq, click.decision)
        elif isinstance(click, PrivateClick):
            await self._private(interaction, click)
        elif isinstance(click, SelectClick):
            await self.tell(interaction, say(Verdict.STALE))
        else:
            log.info("malformed click %r by %s", click.custom_id, interaction.user.id)
            await self.tell(interaction, say(Verdict.MALFORMED))

    async def _decide(self, interaction: discord.Interaction, click: DecisionClick) -> None:
        match = await self._here(
            interaction, click.match_id, GameTable, f"DM decision {click.seq}",
            lambda remote: remote.decide(interaction, click), Verdict.NO_MATCH,
        )  # fmt: skip
        if match is None:
            return

        async def work() -> None:
            user = interaction.user.id
            risk = None if click.sure else await match.risk(user, click.seq, click.decision)
            if risk is not None:
                await reply(interaction, f"⚠️ {risk}", view=confirm_view(match, click))
                return
            if click.sure:
                await interaction.response.edit_message(content="✅ Done.", view=None)
            else:
                await interaction.response.defer()
            refused = await match.decide(user, click.seq, click.decision)
            if refused is not None:
                await reply(interaction, refused)

        await self.guarded(
            interaction, match, f"decision {click.seq} {str(click.decision)!r}", work
        )

    # --- choices made from a game's presenter (buttons and private lists) -----------------

    async def _game_decide(
        self, interaction: discord.Interaction, match_id: int, seq: int, decision: str
    ) -> None:
        match = await self._here(
            interaction, match_id, GameTable, f"DM decision {seq}",
            lambda remote: remote.game_decide(interaction, match_id, seq, decision),
            Verdict.NO_MATCH,
        )  # fmt: skip
        if match is None:
            return
        refused = match.refusal(interaction.user.id, seq, decision)
        if refused is not None:
            await self.tell(interaction, refused)
            return

        async def work() -> None:
            private = interaction.message is not None and (
                interaction.message.flags.ephemeral or interaction.guild_id is None
            )
            if private:  # a private list: it closes on the choice made
                await interaction.response.edit_message(content="✅ Chosen.", view=None)
            else:
                await interaction.response.defer()
            refused = await match.decide(interaction.user.id, seq, decision)
            if refused is not None:
                await reply(interaction, refused)

        await self.guarded(interaction, match, f"decision {seq} {decision!r}", work)

    async def choose(
        self, interaction: discord.Interaction, click: Click, values: list[str]
    ) -> None:
        """A choice from a private list (ephemeral or in a DM), or a private screen's."""
        if isinstance(click, DraftClick):
            await self._screen(interaction, click, values)
            return
        if not isinstance(click, SelectClick) or len(values) != 1:
            await self.tell(interaction, say(Verdict.MALFORMED))
            return
        await self._game_decide(interaction, click.match_id, click.seq, values[0])

    async def submit(
        self, interaction: discord.Interaction, click: Click, values: list[str]
    ) -> None:
        """A form sent back (a private screen's): `values` as typed, field by field."""
        if self.ctx.stopping():
            await self.tell(interaction, say(Verdict.STOPPING))
        elif isinstance(click, DraftClick):
            await self._screen(interaction, click, values)
        else:
            log.info("unexpected form %r by %s", click, interaction.user.id)
            await self.tell(interaction, say(Verdict.MALFORMED))

    async def _private(self, interaction: discord.Interaction, click: PrivateClick) -> None:
        match = self._of(click.match_id, GameTable)
        if match is None:
            await self.tell(interaction, say(Verdict.NO_MATCH))
            return
        note, choices = match.private_list(interaction.user.id, click.seq, click.seat, click.group)
        if not choices:
            await self.tell(interaction, note)
            return
        await reply(interaction, note, view=match.private_view(click.seat, choices))

    async def _propose(self, interaction: discord.Interaction, click: ProposeClick) -> None:
        match = self._of(click.match_id, GameTable)
        if match is None:
            await self.tell(interaction, say(Verdict.NO_MATCH))
            return

        async def work() -> None:
            screen = await match.open_screen(interaction.user.id, click.seq)
            if isinstance(screen, str):
                await reply(interaction, screen)
                return
            text, view = screen
            await interaction.response.send_message(text, view=view, ephemeral=True)

        await self.guarded(interaction, match, "trade screen", work)

    async def _full_board(self, interaction: discord.Interaction, click: BoardClick) -> None:
        match = await self._here(
            interaction, click.match_id, GameTable, "DM full board",
            lambda remote: remote.board(interaction, click.match_id), Verdict.OVER,
        )  # fmt: skip
        if match is None:
            return

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            body = await match.board()
            await interaction.followup.send(ephemeral=True, **body)

        await self.guarded(interaction, match, "full board", work)

    async def _screen(
        self, interaction: discord.Interaction, click: DraftClick, values: list[str]
    ) -> None:
        """A click, choice or form of a private screen, handed to the screen its match
        keeps; a screen no longer kept (closed, timed out, lost in a restart) says so."""
        match = self._of(click.match_id, GameTable)
        screen = match.show.screen(click.token) if match is not None else None
        if screen is None:
            await self.guarded(interaction, match, "closed screen",
                               lambda: self._screen_gone(interaction))  # fmt: skip
            return
        found = screen
        await self.guarded(interaction, match, f"screen {click.part}",
                           lambda: found.answer(interaction, click.part, values))  # fmt: skip

    @staticmethod
    async def _screen_gone(interaction: discord.Interaction) -> None:
        text = say(Verdict.SCREEN_GONE)
        if interaction.type is discord.InteractionType.component:
            await interaction.response.edit_message(content=text, view=None)
        else:
            await reply(interaction, text)

    async def _lobby(self, interaction: discord.Interaction, click: LobbyClick) -> None:
        table = self.by_id.get(click.match_id)
        if table is None:
            await self.tell(interaction, say(Verdict.NO_MATCH))
            return
        if not isinstance(table, Lobby):
            await self.tell(interaction, "The match has already started.")
            return
        lobby = table

        async def work() -> None:
            await lobby.wake()
            user = interaction.user
            action = click.action
            if action == "add":
                refused = lobby.computer_menu(user.id)
                if refused is not None:
                    await self.tell(interaction, refused)
                    return
                menu = lobby.menu()
                await reply(interaction, menu.content, view=menu.view)
                await lobby.remember_menu(interaction)
                return
            if action == "start":
                await interaction.response.defer()
                ok, text = await lobby.start(user.id)
                if not ok:
                    await reply(interaction, text)
                return
            if action.startswith(JOIN):
                ok, text = await lobby.join(user, action.removeprefix(JOIN))
            elif action == "leave":
                ok, text = await lobby.leave(user.id)
            elif action == "add_computer":
                ok, text = await lobby.add_computer(user.id, click.role, click.level)
            else:
                ok, text = await lobby.remove_computer(user.id, click.index)
            if ok and action in ("add_computer", "remove_computer"):
                # The private menu stays, up to date; the lobby message shows the change.
                menu = lobby.menu(f"✅ {text}")
                await interaction.response.edit_message(content=menu.content, view=menu.view)
                await lobby.remember_menu(interaction)
                await lobby.refresh(text)
            elif ok:
                name = user_name(user)
                note = f"{name} left" if action == "leave" else ""
                note = note or joined_note(lobby.settings, action.removeprefix(JOIN), name)
                await interaction.response.edit_message(**lobby.message(note))
            else:
                await self.tell(interaction, text)

        await self.guarded(interaction, lobby, f"lobby {click.action}", work)

    def may_end(self, interaction: discord.Interaction, table: Table) -> bool:
        perms = interaction.permissions
        # The role a server lets open matches (`/chicago settings`) may end them too.
        role = table.settings.starter_role
        roles = {r.id for r in getattr(interaction.user, "roles", [])}
        starter = role is not None and role in roles
        return interaction.user.id == table.record.host_id or perms.manage_channels or starter

    async def _end(self, interaction: discord.Interaction, click: EndClick) -> None:
        table = self.by_id.get(click.match_id)
        if table is None:
            await interaction.response.edit_message(content=say(Verdict.OVER), view=None)
            return

        async def work() -> None:
            if not click.yes:
                await interaction.response.edit_message(content="The match goes on.", view=None)
                return
            if not self.may_end(interaction, table):
                await reply(interaction, "Only the host or a moderator can end it.")
                return
            await interaction.response.edit_message(content="Ending the match…", view=None)
            await table.end(interaction.user)

        await self.guarded(interaction, table, "end", work)

    async def _rematch(self, interaction: discord.Interaction, click: RematchClick) -> None:
        store = self.ctx.store
        old = await store.finished_match(click.match_id)
        channel_id = interaction.channel_id
        if old is None or channel_id is None or interaction.guild is None:
            await reply(interaction, "That match is not in the history any more.")
            return
        if all(s.user_id != interaction.user.id for s in old.seats):
            await reply(interaction, "Only the players of that match can call a rematch.")
            return
        previous: MatchRecord = await store.match(click.match_id)
        settings = MatchSettings.from_dict(previous.settings).but(thread=False)
        seats = rematch_seats(old.seats, interaction.user.id, seating_of(settings))
        note = f"🔁 Rematch of match #{click.match_id}: the host starts it."

        async def post(lobby: Lobby) -> int:
            await interaction.response.send_message(**lobby.message(note))
            return (await interaction.original_response()).id

        opened = await self.open_lobby(
            interaction.guild.id, channel_id, interaction.user.id, settings, seats, post
        )
        if isinstance(opened, str):
            await reply(interaction, "A match is already open here; finish it first.")
            return
        log.info(
            "match %s: rematch of %s by %s", opened.match_id, click.match_id, interaction.user.id
        )

    async def _leaderboard(self, interaction: discord.Interaction, click: LeaderboardClick) -> None:
        body: dict[str, Any] = await leaderboard_page(
            self.ctx.store, interaction.guild_id, click.game, click.page
        )
        await interaction.response.edit_message(**body)
