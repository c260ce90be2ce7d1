"""How Chicago 1927's matches are drawn at the table (`bot.discord_app.ports.Pictures`):
the phone-sized picture a turn posts, the whole board, and the pool of worker processes
that draws them off the event loop, as the bot reaches them through the registry."""

from __future__ import annotations

from collections.abc import Sequence

from bot.chicago.render import pool as render_pool
from bot.chicago.render import render_phone_png_async, render_png_async
from bot.chicago.render.pool import RenderPool
from bot.discord_app.ports import DrawingPool
from engine.chicago import MatchState
from engine.chicago.events import Event


class ChicagoPictures:
    async def render(self, state: MatchState, events: Sequence[Event]) -> bytes:
        return await render_phone_png_async(state, list(events))

    async def render_full(self, state: MatchState, events: Sequence[Event]) -> bytes:
        return await render_png_async(state, list(events))

    def drawing_pool(self, workers: int | None) -> RenderPool:
        return RenderPool(workers)

    def use_pool(self, pool: DrawingPool | None) -> None:
        assert pool is None or isinstance(pool, RenderPool), "a pool this game made"
        render_pool.install(pool)

    def pool_in_use(self) -> RenderPool | None:
        return render_pool.installed()


PICTURES = ChicagoPictures()
