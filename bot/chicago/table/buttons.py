"""Chicago 1927's decision buttons under a prompt: one for each option the rules offer
(greyed out with the reason when it is not open), "Propose a trade" and "Full board".

Each is a `ChicagoButton` of the platform, so a click reaches the match after a restart
like every button of ours; only which buttons a prompt carries, and how they look, is
the game's.
"""

from __future__ import annotations

import discord

from bot.chicago.table.messages import option_label, shown_options
from bot.discord_app.custom_ids import board_id, decision_id, propose_id
from bot.discord_app.views import ChicagoButton, Layout
from engine.chicago import MatchState, Option, Pending

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
MAX_DECISION_BUTTONS = 23  # of Discord's 25 a message may carry: one proposes, one shows the board


def decision_view(match_id: int, seq: int, state: MatchState, pending: Pending) -> discord.ui.View:
    """A button for exactly the options the engine offers; unavailable ones disabled."""
    view = Layout()
    trade = next((o for o in pending.options if o.decision == "trade"), None)
    if trade is not None:
        view.add_item(propose_button(match_id, seq, trade))
    options: list[Option] = shown_options(pending)
    for option in options[:MAX_DECISION_BUTTONS]:
        view.add_item(
            ChicagoButton(
                decision_id(match_id, seq, option.decision),
                option_label(state, pending, option),
                STYLES.get(option.decision, discord.ButtonStyle.secondary),
                disabled=not option.available,
            )
        )
    view.add_item(ChicagoButton(board_id(match_id), "Full board", emoji="🗺️"))
    return view


def propose_button(match_id: int, seq: int, option: Option) -> ChicagoButton:
    """The prompt's "Propose a trade": opens the private trade screen; greyed out with
    the engine's reason when no trade is open."""
    label = "Propose a trade"
    if not option.available and option.reason:
        label = f"{label} — {option.reason}"
    return ChicagoButton(
        propose_id(match_id, seq),
        label[:80],
        discord.ButtonStyle.success,
        disabled=not option.available,
        emoji="🤝",
    )
