"""The buttons every game's messages share (lobby, computer players, ending a match,
Rematch, a risky choice's confirmation), and the one persistent item that reads every
button of ours back after a restart; which decision buttons a prompt carries is its
game's (`bot.chicago.table.buttons` for Chicago 1927).

Every button of ours carries its whole meaning in its custom id
(`bot.discord_app.custom_ids`). One `DynamicItem`, registered in `setup_hook`, matches
them all, so a click on a message posted before a restart still reaches its match; the
id is parsed in one place and each kind of click is routed by the match registry.
Who may click a decision is checked before the callback, against the decision's seat.

Every interaction is answered once, by one path: a button or list still shown on its
message is answered by the item here matching its id (buttons and lists have disjoint
templates), through the router (`bot.discord_app.tables`); what no item answers — a
component its message no longer shows, a form sent back — is answered by the bot's
`on_interaction`. No view of ours listens on its own (a private screen is a set of these
items too, its state kept by its match).
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Sequence
from typing import Any, Self

import discord

from bot.discord_app.custom_ids import (
    DecisionClick,
    ProposeClick,
    add_computer_id,
    end_id,
    lobby_id,
    parse,
    rematch_id,
    remove_computer_id,
    sure_id,
)
from bot.discord_app.ports import host_of
from bot.discord_app.replies import SORRY, reply
from bot.store import SeatRecord

log = logging.getLogger("chicago.bot")

# A list's id (a private list of decisions, a private screen's list); every other id of
# ours is a button's. The two templates never match the same id.
LIST_IDS = r"chicago:\d+:(?:gs|dl):\S+"
BUTTON_IDS = r"chicago:(?!\d+:(?:gs|dl):)\S+"


class Layout(discord.ui.View):
    """The components of a message of ours, sent as they are and never listened to:
    discord.py keeps no view of ours (no timer per private reply, nothing that could
    answer a click beside the persistent items)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True


class ChicagoButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=BUTTON_IDS,
):
    """A button of ours, on any message, before or after a restart."""

    def __init__(
        self,
        custom_id: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        emoji: str | discord.PartialEmoji | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=custom_id,
                label=label or None,
                style=style,
                disabled=disabled,
                emoji=emoji,
                row=row,
            )
        )
        self.click = parse(custom_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(getattr(item, "custom_id", None) or match.string)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Who may click a decision (or propose a trade): only the deciding player;
        everyone else hears why, privately. discord.py drops a click whose check raises
        without a word, so a failure here is logged and answered."""
        clicks = host_of(interaction).clicks
        try:
            if isinstance(self.click, DecisionClick):
                return await clicks.may_decide(interaction, self.click)
            if isinstance(self.click, ProposeClick):
                return await clicks.may_propose(interaction, self.click)
        except Exception:
            log.exception("checking a click failed (user %s)", interaction.user.id)
            if not interaction.response.is_done():
                with contextlib.suppress(discord.HTTPException):
                    await reply(interaction, SORRY)
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        await host_of(interaction).clicks.route(interaction, self.click)


class ChicagoSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=LIST_IDS,
):
    """A private list: of complete decisions (a hand, a secret choice), in an ephemeral
    message or a DM, or of a private screen's terms; it works after a restart like every
    button of ours."""

    def __init__(
        self,
        custom_id: str,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str = "Choose…",
        low: int = 1,
        high: int = 1,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                placeholder=placeholder,
                options=list(options[:25]) or [discord.SelectOption(label="—", value="-")],
                min_values=low,
                max_values=high,
                row=row,
            )
        )
        self.click = parse(custom_id)

    @classmethod
    def of_choices(cls, custom_id: str, choices: Sequence[Any]) -> ChicagoSelect:
        """A list of complete decisions, one option per choice."""
        options = [discord.SelectOption(label=c.label[:100], value=c.decision) for c in choices]
        return cls(custom_id, options)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(getattr(item, "custom_id", None) or match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        await host_of(interaction).clicks.choose(interaction, self.click, values)


DYNAMIC_ITEMS = (ChicagoButton, ChicagoSelect)


def sure_view(click: DecisionClick, label: str) -> Layout:
    """One more private click for a risky choice; the prompt's buttons stay for any other."""
    view = Layout()
    sure = sure_id(click.match_id, click.seq, click.decision)
    view.add_item(ChicagoButton(sure, f"Yes: {label}"[:80], discord.ButtonStyle.danger))
    return view


def lobby_view(match_id: int, joins: Sequence[tuple[str, str, bool]], full: bool) -> Layout:
    """The lobby's buttons: a join button per role (`(role, label, no seat open)`), then
    adding a computer, leaving and starting. Those that cannot work now (a role with no
    seat left, adding a computer to a full table) are greyed out, and Start stands out
    once it can."""
    view = Layout()
    start = discord.ButtonStyle.success if full else discord.ButtonStyle.secondary
    buttons = [
        *(
            (f"join_{role}", label, discord.ButtonStyle.primary, taken)
            for role, label, taken in joins
        ),
        ("add", "Add computer player", discord.ButtonStyle.secondary, full),
        ("leave", "Leave", discord.ButtonStyle.secondary, False),
        ("start", "Start", start, False),
    ]
    for action, label, style, disabled in buttons:
        view.add_item(ChicagoButton(lobby_id(match_id, action), label, style, disabled=disabled))
    return view


def computer_choice_view(
    match_id: int,
    seats: Sequence[SeatRecord],
    roles: Sequence[tuple[str, str, bool]],
    levels: Sequence[str],
) -> Layout:
    """The host's private choice of which computer player to add, per role and level
    (`(role, word on its buttons, no seat open)`; a role with no seat left greyed out),
    or to remove one already seated (a button per computer seat, by its place in the
    lobby)."""
    view = Layout()
    for role, word, taken in roles:
        for level in levels:
            label = f"{level.title()} {word}"
            view.add_item(
                ChicagoButton(add_computer_id(match_id, role, level), label, disabled=taken)
            )
    for index, seat in enumerate(seats):
        if seat.user_id is None:
            label = f"Remove {seat.name}"[:80]
            view.add_item(
                ChicagoButton(
                    remove_computer_id(match_id, index), label, discord.ButtonStyle.danger
                )
            )
    return view


def end_view(match_id: int) -> Layout:
    view = Layout()
    view.add_item(
        ChicagoButton(end_id(match_id, True), "End the match", discord.ButtonStyle.danger)
    )
    view.add_item(ChicagoButton(end_id(match_id, False), "Keep playing"))
    return view


def rematch_button(match_id: int) -> ChicagoButton:
    """A new lobby in the same channel with the finished match's players and settings."""
    return ChicagoButton(rematch_id(match_id), "Rematch", discord.ButtonStyle.success, emoji="🔁")
