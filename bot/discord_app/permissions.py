"""The channel permissions a match needs, checked at `/chicago new` with the reason for each.

A match that cannot post its board or its buttons would stall silently, so the lobby is
refused up front with a list of what to grant.
"""

from __future__ import annotations

import discord

NEEDED: tuple[tuple[str, str], ...] = (
    ("view_channel", "see the channel"),
    ("send_messages", "post turns and prompts"),
    ("embed_links", "show the turn summaries"),
    ("attach_files", "post the board picture"),
    ("read_message_history", "update its earlier messages"),
)
THREAD_NEEDED: tuple[tuple[str, str], ...] = (
    ("create_public_threads", "open the match in a new thread"),
    ("send_messages_in_threads", "post in that thread"),
)
IN_THREAD: tuple[tuple[str, str], ...] = (("send_messages_in_threads", "post in this thread"),)

# The integer to put in the invite link: every permission above.
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    create_public_threads=True,
    send_messages_in_threads=True,
)


def missing(perms: discord.Permissions, new_thread: bool, in_thread: bool) -> list[str]:
    """What the bot lacks here, each with why it needs it."""
    wanted = list(NEEDED)
    if in_thread:
        wanted = [w for w in wanted if w[0] != "send_messages"] + list(IN_THREAD)
    elif new_thread:
        wanted += list(THREAD_NEEDED)
    return [
        f"**{name.replace('_', ' ').title()}** (to {why})"
        for name, why in wanted
        if not getattr(perms, name)
    ]
