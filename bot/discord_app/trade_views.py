"""The proposer's private trade screen: "Propose a trade" on the prompt opens it.

The screen is an ephemeral message only the proposer sees: a partner select, selects of
the businesses the engine's terms allow (given and asked for), cash either way through a
small form, a running summary, then Send or Cancel. A typed amount that cannot be used is
explained on the same screen and the draft stays as it was, so nothing is lost. Sending
goes through the runner like any click, so the engine has the last word.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

import discord

from bot.discord_app.buttons import PersistentButton, bot_of
from bot.discord_app.router import GONE, reply
from bot.discord_app.trades import CashError, Draft, business_text, parse_cash
from bot.narration import money
from engine import DecisionKind, MatchState, Option, TradeTerms

if TYPE_CHECKING:
    from bot.discord_app.runner import MatchRunner

PROPOSE_TEMPLATE = r"chicago:(?P<match>\d+):propose:(?P<seq>\d+)"
SCREEN_TIMEOUT = 14 * 60  # an ephemeral message can be edited for 15 minutes
TRADE = "trade"


def propose_id(match_id: int, seq: int) -> str:
    return f"chicago:{match_id}:propose:{seq}"


class ProposeButton(
    PersistentButton,
    template=PROPOSE_TEMPLATE,
):
    """ "Propose a trade" on a prompt: opens the private trade screen for the decider."""

    parts = (("match", int), ("seq", int))

    def __init__(self, match_id: int, seq: int, disabled: bool = False, label: str = "") -> None:
        super().__init__(
            custom_id=propose_id(match_id, seq),
            label=label or "Propose a trade",
            style=discord.ButtonStyle.success,
            disabled=disabled,
            emoji="🤝",
        )
        self.match_id, self.seq = match_id, seq

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        router = bot_of(interaction).router
        return await router.may_decide(interaction, self.match_id, self.seq, TRADE)

    async def callback(self, interaction: discord.Interaction) -> None:
        router = bot_of(interaction).router
        runner = router.by_id.get(self.match_id)
        if runner is None:
            await reply(interaction, GONE)
            return

        async def work() -> None:
            screen = TradeScreen.open(runner, self.seq)
            if screen is None:
                await reply(interaction, "No trade can be proposed now.")
                return
            await interaction.response.send_message(screen.text(), view=screen, ephemeral=True)

        await router.guarded(interaction, runner, "trade screen", work)


def propose_button(match_id: int, seq: int, state: MatchState, option: Option) -> ProposeButton:
    """The prompt's trade button; greyed out with the engine's reason when not open."""
    label = "Propose a trade"
    if not option.available and option.reason:
        label = f"{label} — {option.reason}"
    return ProposeButton(match_id, seq, disabled=not option.available, label=label[:80])


TRADE_ITEMS = (ProposeButton,)


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
            title=title[:45], timeout=SCREEN_TIMEOUT, custom_id=f"trade:{screen.token}:cash"
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
            limit, payer = draft.terms.max_pay, "You"
        try:
            amount = parse_cash(self.amount.value, limit, payer)
        except CashError as exc:
            screen.note = f"⚠️ {exc} Your offer is unchanged; set the cash again."
        else:
            draft.cash = -amount if self.partner_pays else amount
            screen.note = ""
        await screen.redraw(interaction)


class TradeScreen(discord.ui.View):
    """The draft and its controls, rebuilt after every change."""

    def __init__(self, runner: MatchRunner, seq: int, state: MatchState, terms: TradeTerms):
        super().__init__(timeout=SCREEN_TIMEOUT)
        self.runner = runner
        self.seq = seq
        self.state = state
        self.draft = Draft(terms, terms.partners[0])
        self.note = ""
        self.done = False
        self.token = secrets.token_hex(4)  # keeps two players' screens' components apart
        self.build()

    @classmethod
    def open(cls, runner: MatchRunner, seq: int) -> TradeScreen | None:
        session = runner.session
        if session is None or session.seq != seq or session.pending is None:
            return None
        pending = session.pending
        if pending.trade is None or "trade" not in pending.available():
            return None
        if pending.kind not in (DecisionKind.ACTION, DecisionKind.MEETING_TRADE):
            return None
        return cls(runner, seq, session.state, pending.trade)

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
        elif problems:
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
            self.add_item(_Select(self, "partner", "Trade with…", options, 1, 1, 0))
        if terms.own:
            options = [
                discord.SelectOption(
                    label=business_text(s)[:100], value=str(s), default=s in draft.give
                )
                for s in terms.own
            ]
            top = min(2, len(options))
            self.add_item(_Select(self, "give", "Businesses you give", options, 0, top, 1))
        if draft.theirs:
            options = [
                discord.SelectOption(
                    label=business_text(s)[:100], value=str(s), default=s in draft.take
                )
                for s in draft.theirs
            ]
            top = min(2, len(options))
            name = sides[draft.partner].name
            placeholder = f"Businesses you ask of {name}"[:150]
            self.add_item(_Select(self, "take", placeholder, options, 0, top, 2))
        self.add_item(_Button(self, "pay", "You pay cash…", discord.ButtonStyle.secondary))
        self.add_item(_Button(self, "ask", "Ask for cash…", discord.ButtonStyle.secondary))
        ready = not draft.problems(self.state)
        self.add_item(_Button(self, "send", "Send offer", discord.ButtonStyle.success, not ready))
        self.add_item(_Button(self, "cancel", "Cancel", discord.ButtonStyle.danger))

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
        await self.redraw(interaction)

    async def pressed(self, interaction: discord.Interaction, what: str) -> None:
        if what in ("pay", "ask"):
            await interaction.response.send_modal(CashForm(self, partner_pays=what == "ask"))
            return
        if what == "cancel":
            self.done = True
            self.stop()
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
        router = bot_of(interaction).router
        runner = self.runner
        decision = str(self.draft.decision())
        partner = self.state.sides[self.draft.partner].name

        async def work() -> None:
            await interaction.response.edit_message(
                content=f"Sending your offer to {partner}…", view=None
            )
            refused = await runner.decide(interaction.user.id, self.seq, decision)
            if refused is None:
                self.done = True
                self.stop()
                text = f"✅ Offer sent to {partner}. The channel will tell how it goes."
                await interaction.edit_original_response(content=text, view=None)
                return
            self.note = f"⚠️ {refused}"
            self.build()
            await interaction.edit_original_response(content=self.text(), view=self)

        await router.guarded(interaction, runner, "trade offer", work)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if self.done or self.runner.session is None or self.runner.session.seq != self.seq:
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
            custom_id=f"trade:{screen.token}:{what}",
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
            custom_id=f"trade:{screen.token}:{what}",
        )
        self.screen, self.what = screen, what

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.screen.pressed(interaction, self.what)
