"""The lobby message as everyone sees it, for any game: who sits where by role, the
match's terms and what is still open, in the words of the game's `Seating`."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_app.lobby import game_of, open_seats
from bot.discord_app.match_settings import MatchSettings
from bot.store.interface import SeatRecord

COLOUR = discord.Colour(0xB8860B)  # old gold: the table's accent
COMPUTER_MARK = "🤖"


def clock_text(settings: MatchSettings) -> str:
    """How the match's clock runs: a timer per decision, or a bank per player."""
    if settings.pace.days:
        return f"played {settings.pace.words()}"
    return f"{timer_text(settings.timer)} per decision"


def timer_text(seconds: int) -> str:
    if seconds % 60 == 0:
        minutes = seconds // 60
        return f"{minutes} minute" + ("" if minutes == 1 else "s")
    return f"{seconds} seconds"


def seat_text(seat: SeatRecord) -> str:
    """A seat by the player's name: an embed shows names reliably on every client,
    where a mention inside an embed may stay a raw id on a phone."""
    if seat.user_id is None:
        return f"{COMPUTER_MARK} {seat.name} (computer, {seat.computer})"
    if seat.controller != "user":
        return f"{COMPUTER_MARK} {seat.name} (a computer plays for now)"
    return seat.name


def host_name(host_id: int, seats: Sequence[SeatRecord]) -> str:
    """The host by name while seated, else by mention (a host who left the lobby)."""
    return next((s.name for s in seats if s.user_id == host_id), f"<@{host_id}>")


def terms_text(settings: MatchSettings) -> str:
    """How the match ends, in the game's words ("standard (4 marks)")."""
    seating = game_of(settings).seating
    return seating.terms({**seating.options, **settings.options}, settings.round_limit)


def lobby_embed(
    host_id: int, settings: MatchSettings, seats: Sequence[SeatRecord], note: str = ""
) -> discord.Embed:
    """The lobby as everyone sees it: the main seats numbered, each one-off seat in a
    field of its own, and what is still open."""
    game = game_of(settings)
    seating = game.seating
    main = seating.main
    wanted = settings.main_seats
    mains = [s for s in seats if s.role == main.key]
    lines = [f"{i}. {seat_text(s)}" for i, s in enumerate(mains, start=1)]
    lines += [f"{i}. *open*" for i in range(len(mains) + 1, wanted + 1)]
    who = f"{wanted} {main.plural}" + "".join(f" and {r.one}" for r in seating.extras)
    embed = discord.Embed(
        title=f"{game.title} — a new match is forming",
        description=(
            f"Host {host_name(host_id, seats)} · {who} · "
            f"{terms_text(settings)} · {clock_text(settings)}"
        ),
        colour=COLOUR,
    )
    embed.add_field(name=f"{main.heading} ({len(mains)}/{wanted})", value="\n".join(lines))
    for role in seating.extras:
        taken = next((s for s in seats if s.role == role.key), None)
        embed.add_field(name=role.heading, value=seat_text(taken) if taken else "*open*")
    left = sum(max(0, n) for n in open_seats(settings, seats).values())
    footer = (
        "Every seat is filled: the host can start."
        if left <= 0
        else f"{left} open seat{'s' if left != 1 else ''}. "
        "The host can fill them with computer players."
    )
    embed.set_footer(text=(note + " · " if note else "") + footer + " " + seating.dealt)
    return embed
