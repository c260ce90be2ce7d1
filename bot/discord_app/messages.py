"""How the bot's messages read where no game's facts are needed: the help, and the
narration lines as a channel shows them.

Pure functions, so wording lives in one place and tests (and a preview) can read it
without a running bot; each game's own wording (its prompts, standings, offers) is in its
package (`bot.chicago.table.messages` for Chicago 1927).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_app.lobby_message import COLOUR, COMPUTER_MARK
from bot.store.interface import SeatRecord
from bot.telling import Line

MAX_DESCRIPTION = 3800

HELP = (
    (
        "/chicago new",
        "Open a lobby here (or in a new thread): bosses 2–4, the decision "
        "timer, and the match length (standard 4 marks, short 3 marks, or a round limit).",
    ),
    (
        "/chicago join",
        "Take a seat in the lobby (boss or police), or take your seat back "
        "from the computer that played it while you were away.",
    ),
    ("/chicago leave", "Leave the lobby; during a match a computer plays your seat."),
    (
        "/chicago start",
        "Host: deal seats and characters and begin. Every seat must be "
        "filled; add computer players for the empty ones.",
    ),
    ("/chicago board", "The board and standings now, just for you or for the channel."),
    ("/chicago end", "End the match here (the host, or anyone with Manage Channels)."),
    ("/chicago history", "This server's finished matches: players, winner, how they ended."),
    ("/chicago stats", "A player's wins by character and as police, marks, raids, ratings."),
    (
        "/chicago leaderboard",
        "Who rules Chicago here, game by game (default: this channel's last game).",
    ),
    ("/chicago replay", "A finished match as an animation, with its log to verify offline."),
    ("/chicago help", "This help."),
    ("/chicago rules · /chicago card", "The rule book by topic; any card, character or business."),
    (
        "/chicago hand · /chicago banknotes · /chicago ledger",
        "Your own hand (power, Contacts, cash, people), a side's banknotes, the bank's Ledger.",
    ),
)

HOW_TO_PLAY = (
    "Bosses race for Empire Marks by taking control of businesses and raiding rivals; "
    "the police seal businesses and lean on the bosses. When it is your decision the bot "
    "mentions you and shows a button for every choice the rules allow — greyed out with "
    "the reason when a choice is not open to you. Each decision has a timer; when it runs "
    "out the safe choice is made for you, and after three in a row a computer takes your "
    "seat until you `/chicago join` again."
)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def computer_seats(seats: Sequence[SeatRecord]) -> frozenset[int]:
    """Seats a computer plays now: dealt to one, or handed over after timeouts."""
    return frozenset(
        i for i, seat in enumerate(seats) if seat.user_id is None or seat.controller != "user"
    )


def told(line: Line, computers: frozenset[int]) -> str:
    """One narration line as the channel shows it: turn headers bold, and a choice a
    computer seat made marked, so nobody mistakes it for a person's (what the dice, a
    card or the rules did is nobody's choice and carries no mark)."""
    if line.text.startswith("—"):
        return f"**{line.text}**"
    return f"{COMPUTER_MARK} {line.text}" if line.by in computers else line.text


def narration_text(
    lines: Sequence[Line], limit: int = MAX_DESCRIPTION, computers: frozenset[int] = frozenset()
) -> str:
    """Narration since the last prompt; the oldest lines give way when it grows long."""
    texts = [told(line, computers) for line in lines]
    dropped = 0
    while texts and len("\n".join(texts)) > limit:
        texts.pop(0)
        dropped += 1
    if dropped:
        texts.insert(0, f"*… {dropped} earlier lines*")
    return "\n".join(texts)


def help_embed() -> discord.Embed:
    embed = discord.Embed(
        title="Chicago 1927 — how to play here", description=HOW_TO_PLAY, colour=COLOUR
    )
    for name, text in HELP:
        embed.add_field(name=name, value=text, inline=False)
    return embed
