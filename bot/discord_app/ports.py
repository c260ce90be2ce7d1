"""The narrow interfaces the parts of the Discord layer depend on, instead of the bot.

A lobby or a running match gets a `MatchContext` (store, the Discord client's channel
and user look-ups, clock, renderer, and the registry that lists it), the way a
discord.py view gets an `Interaction`: any part imports alone, tests and benchmarks can
give it their own pieces, and the layer has no import loop (tests/discord/test_layering.py
holds that). Buttons reach the match registry through `host_of(interaction)`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

import discord

from bot.discord_app.custom_ids import Click, DecisionClick, ProposeClick
from bot.store import MatchRecord, MatchStore

Clock = Callable[[], datetime]
# A game's picture of its state after some events (its own state and event types).
Render = Callable[[Any, Sequence[Any]], Awaitable[bytes]]


class DrawingPool(Protocol):
    """Worker processes that draw a game's pictures (and think for its hard computer
    players) off the event loop, started with the bot and shut down after it."""

    def start(self) -> None: ...

    def shutdown(self) -> None: ...


class Pictures(Protocol):
    """How the default game's matches are drawn (`MatchContext.render` and
    `render_full`; a game told from its presenter draws its own), found through the
    registry's table entry of that game: the bot names no game's drawing code."""

    async def render(self, state: Any, events: Sequence[Any]) -> bytes:
        """The picture a turn posts, made to read on a phone."""
        ...

    async def render_full(self, state: Any, events: Sequence[Any]) -> bytes:
        """The whole board."""
        ...

    def drawing_pool(self, workers: int | None) -> DrawingPool:
        """A pool of `workers` processes (None: as many as suit the machine), not started."""
        ...

    def use_pool(self, pool: DrawingPool | None) -> None:
        """Draw in `pool` from now on (None: back to a plain thread)."""
        ...

    def pool_in_use(self) -> DrawingPool | None: ...


class Gateway(Protocol):
    """The Discord client's look-ups a match uses (discord.Client has them all)."""

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    def get_partial_messageable(self, id: int, /) -> Any: ...

    def get_user(self, id: int, /) -> Any: ...

    async def fetch_user(self, user_id: int, /) -> Any: ...


class Listed(Protocol):
    """A lobby or running match as the registry lists it."""

    @property
    def match_id(self) -> int: ...

    @property
    def channel_id(self) -> int: ...

    @property
    def record(self) -> MatchRecord: ...


class Registry(Protocol):
    """Where open matches are listed: a lobby that starts is replaced by its running
    match; a match that ends is taken off."""

    def put(self, table: Listed) -> None: ...

    def drop(self, table: Listed) -> None: ...


class NoRegistry:
    """For a match driven outside the bot (benchmarks): listed nowhere."""

    def put(self, table: Listed) -> None:
        return None

    def drop(self, table: Listed) -> None:
        return None


def _never() -> bool:
    return False


@dataclass(frozen=True, slots=True)
class MatchContext:
    """Everything a lobby or a running match may use."""

    @property
    def full_board(self) -> Render:
        return self.render_full or self.render

    store: MatchStore
    gateway: Gateway
    clock: Clock
    render: Render  # the picture a turn posts: made to read on a phone
    render_full: Render | None = None  # the whole board (None: `render` serves for both)
    registry: Registry = field(default_factory=NoRegistry)
    computer_delay: float = 0.0
    stopping: Callable[[], bool] = _never


class Screen(Protocol):
    """A private screen (one player's draft of an offer): its state lives with its match,
    and the router hands it every click, list choice and form of its own (`part`, with
    the values chosen or typed). It answers each one once; it never listens by itself."""

    async def answer(
        self, interaction: discord.Interaction, part: str, values: list[str]
    ) -> None: ...


class ClickRouter(Protocol):
    """What the persistent buttons call: each click is routed to its match."""

    async def may_decide(self, interaction: discord.Interaction, click: DecisionClick) -> bool: ...

    async def may_propose(self, interaction: discord.Interaction, click: ProposeClick) -> bool: ...

    async def route(self, interaction: discord.Interaction, click: Click) -> None: ...

    async def choose(
        self, interaction: discord.Interaction, click: Click, values: list[str]
    ) -> None: ...

    async def submit(
        self, interaction: discord.Interaction, click: Click, values: list[str]
    ) -> None: ...

    async def guarded(
        self,
        interaction: discord.Interaction,
        table: Listed | None,
        what: str,
        work: Callable[[], Awaitable[None]],
    ) -> None: ...


class Host(Protocol):
    """The bot as buttons see it through `interaction.client`."""

    @property
    def store(self) -> MatchStore: ...

    @property
    def clicks(self) -> ClickRouter: ...

    def table_in(self, channel_id: int | None) -> Listed | None:
        """The lobby or running match in a channel, if any."""
        ...


def host_of(interaction: discord.Interaction) -> Host:
    """The bot an interaction reached, as the narrow `Host` (discord.py types it as a
    plain Client)."""
    client: Any = interaction.client
    return client  # type: ignore[no-any-return]


class DraftOwner(Protocol):
    """The running match a private trade screen belongs to."""

    @property
    def match_id(self) -> int: ...

    def asks_now(self, seq: int) -> bool:
        """Whether decision `seq` is still the one asked (the screen is still useful)."""
        ...

    async def send_offer(self, user_id: int, decision: str, seq: int) -> str | None:
        """Make the offer the screen drafted, answering decision `seq`; the private
        reply when it did not count."""
        ...

    def close_screen(self, token: str) -> None: ...
