"""How Chicago 1927's messages read: its prompts, buttons' labels, the lobby once dealt,
standings, fights, offers and the final summary.

Pure functions from match facts to text and embeds, so wording lives in one place and
tests (and a preview) can read it without a running bot; what every game's messages
share (the help, narration as a channel shows it) is `bot.discord_app.messages`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from bot.chicago.narration import ENDINGS, money, standings
from bot.chicago.table.trades import offer_lines
from bot.discord_app.lobby_message import (
    COLOUR,
    COMPUTER_MARK,
    clock_text,
    host_name,
    terms_text,
)
from bot.discord_app.match_settings import MatchSettings
from bot.discord_app.messages import clip, computer_seats, narration_text
from bot.store.interface import SeatRecord
from bot.telling import Line
from engine.chicago import (
    NO_SPACE,
    BribeOrRaidFacts,
    DecisionKind,
    EndReason,
    FightOrWithdrawFacts,
    MatchState,
    Option,
    PayOrRaidFacts,
    Pending,
    TradeAnswerFacts,
)
from engine.chicago.board import SPACES
from engine.chicago.characters import CHARACTERS

FINISHED_COLOUR = discord.Colour(0x2E7D32)
MAX_LABEL = 80

ASK = {
    DecisionKind.ROLL: "your turn: roll the dice.",
    DecisionKind.PAY_OR_RAID: "pay or raid?",
    DecisionKind.BRIBE_OR_RAID: "the police are here: bribe or raid?",
    DecisionKind.FIGHT_OR_WITHDRAW: "keep fighting or withdraw?",
    DecisionKind.ACTION: "choose your action.",
    DecisionKind.POLICE_ACTION: "a card moved the police: choose an action.",
    DecisionKind.TRADE_ANSWER: "answer the offer.",
    DecisionKind.MEETING_TRADE: "Big Boss Meeting: trade?",
}


def dealt_lines(state: MatchState, seats: Sequence[SeatRecord]) -> list[str]:
    """Who plays what, in seat order, as the seed dealt it."""
    out = []
    for side, seat in zip(state.sides, seats, strict=False):
        role = "the police" if side.is_police else CHARACTERS[side.character].name
        if seat.user_id is None:
            out.append(f"{COMPUTER_MARK} {side.name} plays {role} ({seat.computer} computer)")
        else:
            out.append(f"{side.name} plays {role}")
    return out


def started_embed(
    host_id: int, settings: MatchSettings, state: MatchState, seats: Sequence[SeatRecord]
) -> discord.Embed:
    """The lobby once the match is on: the seats as dealt, in playing order."""
    embed = discord.Embed(
        title="Chicago 1927 — the match is on",
        description=(
            f"Host {host_name(host_id, seats)} · {terms_text(settings)} · {clock_text(settings)}"
        ),
        colour=COLOUR,
    )
    lines = [f"{i}. {text}" for i, text in enumerate(dealt_lines(state, seats), start=1)]
    embed.add_field(name="Seats, in playing order", value="\n".join(lines), inline=False)
    embed.set_footer(text="Seats and characters were dealt by the seed.")
    return embed


def option_label(state: MatchState, pending: Pending, option: Option) -> str:
    """A button's label: the engine's label with the numbers a player weighs."""
    side = state.sides[pending.seat]
    label = option.label
    if option.decision == "raid":
        word = "officers" if side.is_police else "soldiers"
        target = " the police" if pending.kind is DecisionKind.BRIBE_OR_RAID else ""
        label = f"Raid{target} with {side.people} {word}"
    elif option.decision == "withdraw":
        label = "Withdraw"
    elif option.decision == "pass" and pending.kind is DecisionKind.MEETING_TRADE:
        label = "No trade"
    if not option.available and option.reason:
        label = f"{label} — {option.reason}"
    return clip(label, MAX_LABEL)


def shown_options(pending: Pending) -> list[Option]:
    """The options that get a decision button. A trade has its own "Propose a trade"
    button, which opens the private trade screen (bot.chicago.table.trade_views)."""
    return [o for o in pending.options if o.decision != "trade"]


def situation(state: MatchState, pending: Pending) -> str:
    """One line on what is at stake in this decision, from the pending decision's facts."""
    facts = pending.facts
    sides = state.sides
    if isinstance(facts, PayOrRaidFacts):
        kind = "Inspection" if facts.inspection else "Protection"
        where = SPACES[facts.business].name
        return f"{where} is run by {sides[facts.owner].name}: {kind} is {money(facts.fine)}."
    if isinstance(facts, BribeOrRaidFacts):
        return f"A bribe costs the roll × $100, up to {money(facts.top_bribe)}."
    if isinstance(facts, FightOrWithdrawFacts):
        return fight_text(state, facts)
    if isinstance(facts, TradeAnswerFacts):
        return offer_text(sides[facts.proposer].name, facts)
    side = sides[pending.seat]
    if pending.kind in (DecisionKind.ACTION, DecisionKind.POLICE_ACTION):
        return f"{side.name} stands on {SPACES[side.position].name} with {money(side.cash)}."
    return ""


def fight_text(
    state: MatchState, facts: FightOrWithdrawFacts, last_roll: tuple[int, int] | None = None
) -> str:
    """The fight as it stands, both sides alike: losses so far, people left and the
    last roll (attacker's first)."""
    sides = state.sides
    where = "in the street" if facts.business == NO_SPACE else f"at {SPACES[facts.business].name}"
    lines = [f"**The raid {where}**"]
    for seat, lost, role in (
        (facts.attacker, facts.attacker_lost, "attacks"),
        (facts.defender, facts.defender_lost, "defends"),
    ):
        side = sides[seat]
        lines.append(f"{side.name} {role}: lost {lost}, {side.people} left")
    if last_roll is not None:
        a, d = last_roll
        lines.append(
            f"Last roll: {sides[facts.attacker].name} {a} – {d} {sides[facts.defender].name}"
        )
    return "\n".join(lines)


def going_badly(pending: Pending) -> bool:
    """Whether the side asked has lost more than the other in this fight."""
    facts = pending.facts
    if not isinstance(facts, FightOrWithdrawFacts):
        return False
    other = facts.defender if pending.seat == facts.attacker else facts.attacker
    return facts.lost_by(pending.seat) > facts.lost_by(other)


def offer_text(proposer: str, facts: TradeAnswerFacts) -> str:
    """A trade offer from the partner's side: what they would get and give."""
    parts = []
    if facts.give:
        parts.append("you get " + ", ".join(SPACES[s].name for s in facts.give))
    if facts.take:
        parts.append("you give " + ", ".join(SPACES[s].name for s in facts.take))
    if facts.cash > 0:
        parts.append(f"{proposer} pays you {money(facts.cash)}")
    elif facts.cash < 0:
        parts.append(f"you pay {proposer} {money(-facts.cash)}")
    return f"{proposer} offers a deal: " + ("; ".join(parts) or "nothing") + "."


def prompt_content(
    user_id: int | None, name: str, pending: Pending, deadline: datetime | None
) -> str:
    """The message text: the mention that pings the deciding player, and the deadline."""
    who = f"<@{user_id}>" if user_id is not None else f"**{name}**"
    ask = ASK.get(pending.kind, "your decision.")
    if going_badly(pending):
        ask = f"the raid is going badly: {ask}"
    text = f"{who}, {ask}"
    if deadline is not None:
        text += f" Time runs out <t:{int(deadline.timestamp())}:R>."
    return text


def players_line(state: MatchState, seats: Sequence[SeatRecord]) -> str:
    computers = computer_seats(seats)
    parts = []
    for side in state.sides:
        role = "Police" if side.is_police else CHARACTERS[side.character].name
        mark = f"{COMPUTER_MARK} " if side.seat in computers else ""
        out = " (out)" if side.eliminated else ""
        parts.append(f"{mark}{side.name} — {role}{out}")
    return " · ".join(parts)


def turn_embed(
    state: MatchState,
    seats: Sequence[SeatRecord],
    lines: Sequence[Line],
    situation_text: str,
    image: str | None,
    round_number: int | None = None,
) -> discord.Embed:
    """A turn's message body: what happened, what is at stake, the board. A closed
    prompt passes the round it was played in, which its footer keeps."""
    body = narration_text(lines, computers=computer_seats(seats))
    if situation_text:
        body = f"{body}\n\n{situation_text}" if body else situation_text
    embed = discord.Embed(description=body or None, colour=COLOUR)
    if image:
        # One short line, under the picture only: who plays what is on the picture.
        embed.set_footer(text=round_text(state, round_number))
        embed.set_image(url=f"attachment://{image}")
    return embed


def round_text(state: MatchState, round_number: int | None = None) -> str:
    """ "Round 2 of 10 · first to 4 marks": where the match is, in one short line."""
    goal = state.setup.options.marks_to_win
    limit = state.setup.options.round_limit
    rounds = f"Round {round_number or state.round}" + (f" of {limit}" if limit else "")
    return f"{rounds} · first to {goal} marks"


def final_embed(
    state: MatchState, seats: Sequence[SeatRecord], lines: Sequence[Line], image: str | None
) -> discord.Embed:
    result = state.result
    title = "The match is over"
    if result is not None:
        winner = state.sides[result.winner].name
        title = f"🏆 {winner} wins the match {ENDINGS[result.reason]}"
    if result is not None:
        said = f"{state.sides[result.winner].name} wins the match {ENDINGS[result.reason]}."
        lines = [line for line in lines if line.text != said]  # the title says it
    body = narration_text(lines, 2500, computer_seats(seats))
    why = ending_reason(state, counts=False)
    if why:
        body = f"{body}\n\n{why}" if body else why
    table = "\n".join(standings(state))
    embed = discord.Embed(title=title, description=body or None, colour=FINISHED_COLOUR)
    embed.add_field(name="Final standings", value=clip(table, 1024), inline=False)
    if image:
        embed.set_image(url=f"attachment://{image}")
    return embed


def ending_reason(state: MatchState, counts: bool = True) -> str:
    """Why the winner won when the marks alone would not say it (a side with fewer
    marks than another can win by the Start raid, by being the last standing or on the
    final count), in one line: the final message and the match summary both say it
    (`counts`: the final count's scores, which the final standings already list)."""
    result = state.result
    if result is None:
        return ""
    winner = state.sides[result.winner]
    if result.reason is EndReason.START_RAID:
        if winner.is_police:
            return (
                "**Why:** the police raided Start and no boss is left: the police win, "
                "whatever the marks."
            )
        return (
            f"**Why:** the police raided Start: {winner.name} is the last boss standing, "
            "and that wins whatever the marks."
        )
    if result.reason is EndReason.LAST_STANDING:
        return (
            f"**Why:** every other side is out: {winner.name} is the last one standing, "
            "and that wins whatever the marks."
        )
    if counts and result.reason in (EndReason.ROUND_LIMIT, EndReason.BANK_SHORTAGE):
        # RULES §11.3: marks are worth $10,000 each in the count, beside the rest.
        scores = result.scores
        count = " · ".join(
            f"{state.sides[seat].name} {money(score)}"
            for seat in result.ranking
            if seat < len(scores) and (score := scores[seat]) is not None
        )
        return (
            "**Why:** the final count decides: $10,000 a mark plus cash, businesses and "
            f"$100 a person: {count}."
        )
    return ""


def status_embed(
    state: MatchState, seats: Sequence[SeatRecord], image: str | None
) -> discord.Embed:
    embed = discord.Embed(title="Chicago 1927 — the board now", colour=COLOUR)
    embed.add_field(name="Standings", value=clip("\n".join(standings(state)), 1024), inline=False)
    pending = state.pending
    if pending is not None:
        embed.add_field(
            name="Waiting for", value=f"{state.sides[pending.seat].name}: {ASK[pending.kind]}"
        )
    embed.set_footer(text=clip(players_line(state, seats), 2000))
    if image:
        embed.set_image(url=f"attachment://{image}")
    return embed


def offer_embed(
    state: MatchState, pending: Pending, deadline: datetime | None, image: str | None
) -> discord.Embed:
    """The offer as its partner reads it in a DM."""
    facts = pending.facts_as(TradeAnswerFacts)
    proposer = state.sides[facts.proposer].name
    where = "at the Big Boss Meeting" if facts.at_meeting else "at Start"
    embed = discord.Embed(
        title=f"Trade offer from {proposer}",
        description="\n".join(offer_lines(state, facts)),
        colour=COLOUR,
    )
    side = state.sides[pending.seat]
    embed.add_field(name="You hold", value=f"{money(side.cash)}, {side.people} soldiers")
    if deadline is not None:
        embed.add_field(
            name="Answer",
            value=f"<t:{int(deadline.timestamp())}:R>; no answer counts as a rejection.",
        )
    embed.set_footer(text=f"Made {where}, round {state.round}. /chicago rules trades explains.")
    if image:
        embed.set_image(url=f"attachment://{image}")
    return embed
