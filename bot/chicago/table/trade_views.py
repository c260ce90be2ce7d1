"""The proposer's private trade screen: "Propose a trade" on the prompt opens it.

The screen is an ephemeral message only the proposer sees: a partner select, selects of
the businesses the engine's terms allow (given and asked for), cash either way through a
small form, a running summary, then Send or Cancel. A typed amount that cannot be used is
explained on the same screen and the draft stays as it was, so nothing is lost. Sending
goes through the running match like any click, so the engine has the last word.

A screen lives in its match's memory (its teller's `screens`) and never listens by
itself: its components are the bot's persistent items, whose ids name the match and the
screen, and the router hands each click, choice and form to the screen kept under that
id (`answer`), so each is answered once. A screen past its time or lost in a restart is
answered politely (see `bot.discord_app.tables`) instead of failing.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

import discord

from bot.chicago.narration import money
from bot.chicago.table.trades import CashError, Draft, business_text, parse_cash
from bot.discord_app.custom_ids import draft_id, draft_list_id
from bot.discord_app.ports import DraftOwner
from bot.discord_app.views import ChicagoButton, ChicagoSelect, Layout
from bot.session import MatchSession
from bot.verdicts import Verdict, say
from engine.chicago import DecisionKind, MatchState, TradeTerms

SCREEN_TIMEOUT = timedelta(minutes=14)  # an ephemeral message can be edited for 15 minutes
LISTS = ("partner", "give", "take")  # the screen's select menus
CASH_FORMS = {"askcash": True, "paycash": False}  # a cash form's part: does the partner pay?


class CashForm(discord.ui.Modal):
    """One amount, in dollars; who pays is the button that opened it. Only its fields
    are used: the typed text comes back to the screen through the router."""

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
        part = next(p for p, pays in CASH_FORMS.items() if pays == partner_pays)
        super().__init__(
            title=title[:45], custom_id=draft_id(screen.owner.match_id, screen.token, part)
        )
        current = abs(screen.draft.cash)
        if current and (screen.draft.cash < 0) == partner_pays:
            self.amount.default = str(current)
        self.stop()  # sent as a payload only: discord.py keeps no listener for it


class TradeScreen:
    """The draft and its controls, rebuilt after every change."""

    def __init__(
        self,
        owner: DraftOwner,
        user_id: int,
        seq: int,
        state: MatchState,
        terms: TradeTerms,
        opened: datetime,
    ) -> None:
        self.owner = owner
        self.expires = opened + SCREEN_TIMEOUT
        self.user_id = user_id
        self.seq = seq
        self.state = state
        self.draft = Draft(terms, terms.partners[0])
        self.note = ""
        self.touched = False  # a hint about what is missing only once something was picked
        self.done = False
        self.token = secrets.token_hex(4)  # keeps two players' screens' components apart
        self.view = Layout()
        self.build()

    @classmethod
    def open(
        cls, owner: DraftOwner, session: MatchSession, user_id: int, seq: int, now: datetime
    ) -> TradeScreen | None:
        """A screen for the trade open at decision `seq`, or None when none is."""
        if session.seq != seq or session.pending is None:
            return None
        pending = session.pending
        if pending.trade is None or "trade" not in pending.available():
            return None
        if pending.kind not in (DecisionKind.ACTION, DecisionKind.MEETING_TRADE):
            return None
        return cls(owner, user_id, seq, session.state, pending.trade, now)

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
        view = self.view = Layout()
        draft = self.draft
        terms = draft.terms
        sides = self.state.sides
        if len(terms.partners) > 1:
            options = [
                discord.SelectOption(label=sides[p].name, value=str(p), default=p == draft.partner)
                for p in terms.partners
            ]
            view.add_item(self._list("partner", "Partner", options, 1, 1, 0))
        if terms.own:
            view.add_item(self._businesses("give", "You give…", terms.own, draft.give, 1))
        if draft.theirs:
            view.add_item(self._businesses("take", "You ask for…", draft.theirs, draft.take, 2))
        view.add_item(self._button("pay", "You pay cash…", discord.ButtonStyle.secondary))
        view.add_item(self._button("ask", "Ask for cash…", discord.ButtonStyle.secondary))
        ready = not draft.problems(self.state)
        view.add_item(self._button("send", "Send offer", discord.ButtonStyle.success, not ready))
        view.add_item(self._button("cancel", "Cancel", discord.ButtonStyle.danger))

    def _businesses(
        self, what: str, placeholder: str, spaces: list[int], chosen: list[int], row: int
    ) -> ChicagoSelect:
        """A select of up to two businesses (given, or asked for), the draft's picked."""
        options = [
            discord.SelectOption(label=business_text(s)[:100], value=str(s), default=s in chosen)
            for s in spaces
        ]
        return self._list(what, placeholder, options, 0, min(2, len(options)), row)

    def _list(
        self,
        what: str,
        placeholder: str,
        options: list[discord.SelectOption],
        low: int,
        high: int,
        row: int,
    ) -> ChicagoSelect:
        custom_id = draft_list_id(self.owner.match_id, self.token, what)
        return ChicagoSelect(custom_id, options, placeholder, low, high, row)

    def _button(
        self, what: str, label: str, style: discord.ButtonStyle, disabled: bool = False
    ) -> ChicagoButton:
        custom_id = draft_id(self.owner.match_id, self.token, what)
        return ChicagoButton(custom_id, label, style, disabled, row=3)

    async def redraw(self, interaction: discord.Interaction) -> None:
        self.build()
        await interaction.response.edit_message(content=self.text(), view=self.view)

    # --- answering --------------------------------------------------------------------

    def expired(self, now: datetime) -> bool:
        return now >= self.expires

    async def answer(self, interaction: discord.Interaction, part: str, values: list[str]) -> None:
        """One click, choice or form of this screen, answered once: a screen whose
        decision has passed says so and closes."""
        if self.done or not self.owner.asks_now(self.seq):
            self.finish()
            text = "This trade screen has passed: the decision was made."
            if interaction.type is discord.InteractionType.component:
                await interaction.response.edit_message(content=text, view=None)
            else:
                await interaction.response.send_message(text, ephemeral=True)
            return
        if part in LISTS:
            await self.picked(interaction, part, values)
        elif part in CASH_FORMS:
            await self.cash(interaction, CASH_FORMS[part], values[0] if values else "")
        else:
            await self.pressed(interaction, part)

    async def cash(self, interaction: discord.Interaction, partner_pays: bool, typed: str) -> None:
        draft = self.draft
        if partner_pays:
            limit, payer = draft.max_ask, self.state.sides[draft.partner].name
        else:
            limit, payer = draft.terms.max_pay, "you"
        try:
            amount = parse_cash(typed, limit, payer)
        except CashError as exc:
            self.note = f"⚠️ {exc} Your offer is unchanged; set the cash again."
        else:
            draft.cash = -amount if partner_pays else amount
            self.note = ""
        self.touched = True
        await self.redraw(interaction)

    # --- acting -------------------------------------------------------------------

    def _offered(self, what: str) -> set[str]:
        """The values the screen's list `what` offers now (none: no such list)."""
        custom_id = draft_list_id(self.owner.match_id, self.token, what)
        for item in self.view.children:
            if isinstance(item, ChicagoSelect) and item.custom_id == custom_id:
                return {option.value for option in item.item.options}
        return set()

    async def picked(self, interaction: discord.Interaction, what: str, values: list[str]) -> None:
        offered = self._offered(what)
        chosen = [int(v) for v in values if v in offered]
        if what == "partner" and len(chosen) == 1:
            self.draft.choose_partner(chosen[0])
        elif what == "give" and len(chosen) == len(values):
            self.draft.give = chosen
        elif what == "take" and len(chosen) == len(values):
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
        if what == "send":
            await self.send(interaction)
        else:
            await interaction.response.send_message(say(Verdict.MALFORMED), ephemeral=True)

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
        await interaction.edit_original_response(content=self.text(), view=self.view)

    def finish(self) -> None:
        """The screen is done (sent, cancelled or passed): it is forgotten."""
        self.done = True
        self.owner.close_screen(self.token)
