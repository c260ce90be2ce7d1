"""The proposer's private trade screen: "Propose a trade" on the prompt opens it.

The screen is an ephemeral message only the proposer sees: a partner select, selects of
the businesses the engine's terms allow (given and asked for), cash either way through a
small form, a running summary, then Send or Cancel. A typed amount that cannot be used is
explained on the same screen and the draft stays as it was, so nothing is lost. Sending
goes through the running match like any click, so the engine has the last word.

A screen lives in its match's memory (its teller's `screens`); its components' ids name
the match and the screen, so a click on a screen that a restart closed is answered
politely (see `bot.discord_app.tables`) instead of failing.
"""

from __future__ import annotations

import contextlib
import logging
import secrets

import discord

from bot.chicago.narration import money
from bot.chicago.table.trades import CashError, Draft, business_text, parse_cash
from bot.discord_app.custom_ids import draft_id
from bot.discord_app.ports import DraftOwner
from bot.discord_app.replies import SORRY, reply
from bot.session import MatchSession
from engine.chicago import DecisionKind, MatchState, TradeTerms

log = logging.getLogger("chicago.bot")

SCREEN_TIMEOUT = 14 * 60  # an ephemeral message can be edited for 15 minutes


class CashForm(discord.ui.Modal):
    """One amount, in dollars; who pays is the button that opened it."""

    amount: discord.ui.TextInput[CashForm] = discord.ui.TextInput(
        label="Amount in dollars ($50 steps)",
        placeholder="e.g. 500",
        max_length=12,
        custom_id="amount",
    )

    def __init__(self, screen: TradeScreen, partner_pays: bool) -> None:
        state = screen.state
        partner = state.sides[screen.draft.partner].name
        title = f"Ask {partner} for cash" if partner_pays else f"Pay {partner} cash"
        super().__init__(
            title=title[:45],
            timeout=SCREEN_TIMEOUT,
            custom_id=draft_id(screen.owner.match_id, screen.token, "cash"),
        )
        self.screen = screen
        self.partner_pays = partner_pays
        current = abs(screen.draft.cash)
        if current and (screen.draft.cash < 0) == partner_pays:
            self.amount.default = str(current)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        screen = self.screen
        draft = screen.draft
        state = screen.state
        if self.partner_pays:
            limit, payer = draft.max_ask, state.sides[draft.partner].name
        else:
            limit, payer = draft.terms.max_pay, "you"
        try:
            amount = parse_cash(self.amount.value, limit, payer)
        except CashError as exc:
            screen.note = f"⚠️ {exc} Your offer is unchanged; set the cash again."
        else:
            draft.cash = -amount if self.partner_pays else amount
            screen.note = ""
        screen.touched = True
        await screen.redraw(interaction)


class TradeScreen(discord.ui.View):
    """The draft and its controls, rebuilt after every change."""

    def __init__(
        self, owner: DraftOwner, user_id: int, seq: int, state: MatchState, terms: TradeTerms
    ) -> None:
        super().__init__(timeout=SCREEN_TIMEOUT)
        self.owner = owner
        self.user_id = user_id
        self.seq = seq
        self.state = state
        self.draft = Draft(terms, terms.partners[0])
        self.note = ""
        self.touched = False  # a hint about what is missing only once something was picked
        self.done = False
        self.token = secrets.token_hex(4)  # keeps two players' screens' components apart
        self.build()

    @classmethod
    def open(
        cls, owner: DraftOwner, session: MatchSession, user_id: int, seq: int
    ) -> TradeScreen | None:
        """A screen for the trade open at decision `seq`, or None when none is."""
        if session.seq != seq or session.pending is None:
            return None
        pending = session.pending
        if pending.trade is None or "trade" not in pending.available():
            return None
        if pending.kind not in (DecisionKind.ACTION, DecisionKind.MEETING_TRADE):
            return None
        return cls(owner, user_id, seq, session.state, pending.trade)

    # --- showing ------------------------------------------------------------------

    def text(self) -> str:
        draft = self.draft
        sides = self.state.sides
        lines = [draft.summary(self.state), ""]
        lines.append(
            f"-# Up to two businesses in all. You can pay up to {money(draft.terms.max_pay)}; "
            f"{sides[draft.partner].name} up to {money(draft.max_ask)}. Only you see this."
        )
        problems = draft.problems(self.state)
        if self.note:
            lines.insert(0, self.note)
        elif problems and self.touched:
            lines.insert(0, "ℹ️ " + " ".join(problems))
        return "\n".join(lines)

    def build(self) -> None:
        self.clear_items()
        draft = self.draft
        terms = draft.terms
        sides = self.state.sides
        if len(terms.partners) > 1:
            options = [
                discord.SelectOption(label=sides[p].name, value=str(p), default=p == draft.partner)
                for p in terms.partners
            ]
            self.add_item(_Select(self, "partner", "Partner", options, 1, 1, 0))
        if terms.own:
            self.add_item(self._businesses("give", "You give…", terms.own, draft.give, 1))
        if draft.theirs:
            self.add_item(self._businesses("take", "You ask for…", draft.theirs, draft.take, 2))
        self.add_item(_Button(self, "pay", "You pay cash…", discord.ButtonStyle.secondary))
        self.add_item(_Button(self, "ask", "Ask for cash…", discord.ButtonStyle.secondary))
        ready = not draft.problems(self.state)
        self.add_item(_Button(self, "send", "Send offer", discord.ButtonStyle.success, not ready))
        self.add_item(_Button(self, "cancel", "Cancel", discord.ButtonStyle.danger))

    def _businesses(
        self, what: str, placeholder: str, spaces: list[int], chosen: list[int], row: int
    ) -> _Select:
        """A select of up to two businesses (given, or asked for), the draft's picked."""
        options = [
            discord.SelectOption(label=business_text(s)[:100], value=str(s), default=s in chosen)
            for s in spaces
        ]
        return _Select(self, what, placeholder, options, 0, min(2, len(options)), row)

    async def redraw(self, interaction: discord.Interaction) -> None:
        self.build()
        await interaction.response.edit_message(content=self.text(), view=self)

    # --- acting -------------------------------------------------------------------

    async def picked(self, interaction: discord.Interaction, what: str, values: list[str]) -> None:
        chosen = [int(v) for v in values]
        if what == "partner":
            self.draft.choose_partner(chosen[0])
        elif what == "give":
            self.draft.give = chosen
        else:
            self.draft.take = chosen
        self.note = ""
        self.touched = True
        await self.redraw(interaction)

    async def pressed(self, interaction: discord.Interaction, what: str) -> None:
        if what in ("pay", "ask"):
            await interaction.response.send_modal(CashForm(self, partner_pays=what == "ask"))
            return
        if what == "cancel":
            self.finish()
            await interaction.response.edit_message(
                content="Offer cancelled. Your other choices are still on the prompt.", view=None
            )
            return
        await self.send(interaction)

    async def send(self, interaction: discord.Interaction) -> None:
        problems = self.draft.problems(self.state)
        if problems:
            self.note = "⚠️ " + " ".join(problems)
            await self.redraw(interaction)
            return
        decision = str(self.draft.decision())
        partner = self.state.sides[self.draft.partner].name
        await interaction.response.edit_message(
            content=f"Sending your offer to {partner}…", view=None
        )
        refused = await self.owner.send_offer(interaction.user.id, decision, self.seq)
        if refused is None:
            self.finish()
            text = f"✅ Offer sent to {partner}. The channel will tell how it goes."
            await interaction.edit_original_response(content=text, view=None)
            return
        self.note = f"⚠️ {refused}"
        self.build()
        await interaction.edit_original_response(content=self.text(), view=self)

    def finish(self) -> None:
        """The screen is done (sent or cancelled): it stops listening and is forgotten."""
        self.done = True
        self.stop()
        self.owner.close_screen(self.token)

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[TradeScreen]
    ) -> None:
        log.error("match %s: trade screen failed (user %s)", self.owner.match_id,
                  interaction.user.id, exc_info=error)  # fmt: skip
        with contextlib.suppress(discord.HTTPException):
            await reply(interaction, SORRY)

    async def on_timeout(self) -> None:
        self.owner.close_screen(self.token)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if self.done or not self.owner.asks_now(self.seq):
            self.finish()
            await interaction.response.edit_message(
                content="This trade screen has passed: the decision was made.", view=None
            )
            return False
        return True


class _Select(discord.ui.Select[TradeScreen]):
    def __init__(
        self,
        screen: TradeScreen,
        what: str,
        placeholder: str,
        options: list[discord.SelectOption],
        low: int,
        high: int,
        row: int,
    ) -> None:
        super().__init__(
            placeholder=placeholder,
            options=options,
            min_values=low,
            max_values=high,
            row=row,
            custom_id=draft_id(screen.owner.match_id, screen.token, what),
        )
        self.screen, self.what = screen, what

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.screen.picked(interaction, self.what, list(self.values))


class _Button(discord.ui.Button[TradeScreen]):
    def __init__(
        self,
        screen: TradeScreen,
        what: str,
        label: str,
        style: discord.ButtonStyle,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            label=label,
            style=style,
            disabled=disabled,
            row=3,
            custom_id=draft_id(screen.owner.match_id, screen.token, what),
        )
        self.screen, self.what = screen, what

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.screen.pressed(interaction, self.what)
