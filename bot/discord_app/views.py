"""Buttons that survive restarts: every custom id carries the match and what it does.

`chicago:{match}:{seq}:{decision}` is a decision offered at decision number `seq`;
`chicago:{match}:lobby:{action}` a lobby button; `chicago:{match}:end:{yes|no}` the
answer to "end this match?". They are `DynamicItem`s registered in `setup_hook`, so a
click on a message posted before a restart still reaches the running match.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_app.buttons import PersistentButton, bot_of
from bot.discord_app.messages import option_label, shown_options
from bot.store import SeatRecord
from engine import MatchState, Option, Pending

if TYPE_CHECKING:
    pass

log = logging.getLogger("chicago.bot")

DECISION_ID = re.compile(r"chicago:(?P<match>\d+):(?P<seq>\d+):(?P<decision>\S+)")

STYLES = {
    "roll": discord.ButtonStyle.primary,
    "pay": discord.ButtonStyle.primary,
    "bribe": discord.ButtonStyle.primary,
    "raid": discord.ButtonStyle.danger,
    "fight": discord.ButtonStyle.danger,
    "withdraw": discord.ButtonStyle.secondary,
    "control": discord.ButtonStyle.success,
    "recruit4": discord.ButtonStyle.success,
    "recruit10": discord.ButtonStyle.success,
    "rebuild": discord.ButtonStyle.secondary,
    "accept": discord.ButtonStyle.success,
    "reject": discord.ButtonStyle.danger,
    "pass": discord.ButtonStyle.secondary,
}


def decision_id(match_id: int, seq: int, decision: str) -> str:
    return f"chicago:{match_id}:{seq}:{decision}"


def seq_of(components: Sequence[Any]) -> int | None:
    """The decision number a posted prompt's buttons carry (None: no decision buttons)."""
    for row in components:
        for child in getattr(row, "children", [row]):
            found = DECISION_ID.fullmatch(getattr(child, "custom_id", None) or "")
            if found:
                return int(found["seq"])
    return None


class DecisionButton(
    PersistentButton,
    template=r"chicago:(?P<match>\d+):(?P<seq>\d+):(?P<decision>\S+)",
):
    """One of the engine's options for the pending decision."""

    parts = (("match", int), ("seq", int), ("decision", str))

    def __init__(
        self,
        match_id: int,
        seq: int,
        decision: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        super().__init__(decision_id(match_id, seq, decision), label or decision, style, disabled)
        self.match_id, self.seq, self.decision = match_id, seq, decision

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Who may click: only the deciding player; everyone else hears why, privately."""
        router = bot_of(interaction).router
        return await router.may_decide(interaction, self.match_id, self.seq, self.decision)

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).router.decide(interaction, self.match_id, self.seq, self.decision)


class LobbyButton(
    PersistentButton,
    template=r"chicago:(?P<match>\d+):lobby:(?P<action>[a-z0-9_:]+)",
):
    """Join as boss, join as police, add a computer player, leave, start."""

    parts = (("match", int), ("action", str))

    def __init__(
        self,
        match_id: int,
        action: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        super().__init__(f"chicago:{match_id}:lobby:{action}", label or action, style, disabled)
        self.match_id, self.action = match_id, action

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).router.lobby(interaction, self.match_id, self.action)


class EndButton(
    PersistentButton,
    template=r"chicago:(?P<match>\d+):end:(?P<answer>yes|no)",
):
    """The answer to "end this match?"."""

    parts = (("match", int), ("answer", str))

    def __init__(self, match_id: int, answer: str) -> None:
        yes = answer == "yes"
        super().__init__(
            f"chicago:{match_id}:end:{answer}",
            "End the match" if yes else "Keep playing",
            style=discord.ButtonStyle.danger if yes else discord.ButtonStyle.secondary,
        )
        self.match_id, self.answer = match_id, answer

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).router.end(interaction, self.match_id, self.answer == "yes")


DYNAMIC_ITEMS = (DecisionButton, LobbyButton, EndButton)


def decision_view(match_id: int, seq: int, state: MatchState, pending: Pending) -> discord.ui.View:
    """A button for exactly the options the engine offers; unavailable ones disabled."""
    view = discord.ui.View(timeout=None)
    trade = next((o for o in pending.options if o.decision == "trade"), None)
    if trade is not None:
        # Proposing opens the private trade screen (imported here: it builds on this module).
        from bot.discord_app.trade_views import propose_button

        view.add_item(propose_button(match_id, seq, state, trade))
    options: list[Option] = shown_options(pending)
    for option in options:
        view.add_item(
            DecisionButton(
                match_id,
                seq,
                option.decision,
                option_label(state, pending, option),
                STYLES.get(option.decision, discord.ButtonStyle.secondary),
                disabled=not option.available,
            )
        )
    return view


def lobby_view(match_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    buttons = (
        ("join_boss", "Join as boss", discord.ButtonStyle.primary),
        ("join_police", "Join as police", discord.ButtonStyle.primary),
        ("add", "Add computer player", discord.ButtonStyle.secondary),
        ("leave", "Leave", discord.ButtonStyle.secondary),
        ("start", "Start", discord.ButtonStyle.success),
    )
    for action, label, style in buttons:
        view.add_item(LobbyButton(match_id, action, label, style))
    return view


def computer_choice_view(match_id: int, seats: Sequence[SeatRecord] = ()) -> discord.ui.View:
    """The host's private choice of which computer player to add, or to remove one
    already seated (a button per computer seat, by its place in the lobby)."""
    view = discord.ui.View(timeout=None)
    for role in ("boss", "police"):
        for level in ("easy", "normal"):
            label = f"{level.title()} {'boss' if role == 'boss' else 'police'}"
            view.add_item(LobbyButton(match_id, f"add:{role}:{level}", label))
    for index, seat in enumerate(seats):
        if seat.user_id is None:
            label = f"Remove {seat.name}"[:80]
            view.add_item(
                LobbyButton(match_id, f"remove:{index}", label, discord.ButtonStyle.danger)
            )
    return view


def end_view(match_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(EndButton(match_id, "yes"))
    view.add_item(EndButton(match_id, "no"))
    return view
