"""Committing a step and telling it in the channel.

What the session returns is written to the store first and only then told. Each turn
reads as one message (board, narration, buttons) that is edited while the same player
keeps deciding; a new message (and a mention) comes when someone else must decide, and
the passed one is closed with what was chosen.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_app import messages, trades
from bot.discord_app.history import match_summary
from bot.discord_app.views import decision_view
from bot.narration import Line
from bot.render import render_png_async
from bot.session import COMPUTER, TIMER, Applied, StepResult
from bot.store import DecisionRecord, MatchStatus, ResultRecord, snapshot_due, snapshot_of
from engine import Pending

if TYPE_CHECKING:
    from bot.discord_app.runner import MatchRunner

BOARD = "board.png"
TURN_HEADER = "— Round "  # how the narrator opens a turn


@dataclass(slots=True)
class Prompt:
    """The message asking for the pending decision, and what it shows."""

    message_id: int
    seq: int
    seat: int
    pending: Pending
    lines: list[Line] = field(default_factory=list)
    image: bool = False
    resumed: bool = False  # found after a restart: its narration is not known, so not edited
    round_number: int = 0  # the round it was asked in: its footer keeps it once closed


def split_at_turn(lines: Sequence[Line]) -> tuple[list[Line], list[Line]]:
    """The lines that finish the turn under way, and those from the next turn's header on."""
    for i, line in enumerate(lines):
        if line.text.startswith(TURN_HEADER):
            return list(lines[:i]), list(lines[i:])
    return list(lines), []


async def commit(runner: MatchRunner, step: StepResult) -> None:
    """Every applied decision in one transaction, before anything is posted."""
    if not step.applied:
        return
    assert runner.session is not None
    records = [DecisionRecord(a.seq, a.seat, a.decision, a.actor) for a in step.applied]
    snapshot = None
    if any(snapshot_due(a.seq) for a in step.applied):
        snapshot = snapshot_of(runner.session.state)
    await runner.store.append_decisions(runner.match_id, records, snapshot)


def label(runner: MatchRunner, applied: Applied) -> str:
    """What an applied decision was, in the words of the button that offered it."""
    if applied.decision.startswith("trade:") and runner.session is not None:
        return trades.proposal_label(runner.session.state, applied.decision)
    prompt = runner.prompt
    if prompt is not None and prompt.seq == applied.seq:
        options = prompt.pending.options
        option = next((o for o in options if o.decision == applied.decision), None)
        if option is not None:
            assert runner.session is not None
            return messages.option_label(runner.session.state, prompt.pending, option)
    return applied.decision


async def start_timer(runner: MatchRunner, seq: int) -> None:
    deadline = runner.bot.clock() + runner.timer_length
    await runner.store.set_deadline(runner.match_id, seq, deadline)
    runner.timer.start(seq, deadline, runner.timer_length)


async def publish(runner: MatchRunner, step: StepResult, force_new: bool = False) -> None:
    """Tell a committed step: edit the prompt while the same player decides on in the
    same turn, else close it and post the next one (board included after a turn)."""
    session = runner.session
    assert session is not None
    runner.board_events += step.events
    computers = [a for a in step.applied if a.actor == COMPUTER]
    if computers and runner.bot.settings.computer_delay > 0:
        await asyncio.sleep(runner.bot.settings.computer_delay)
    await drop_reminder(runner)
    await trades.settle_offer(runner)
    lines = runner.notes + step.lines
    runner.notes = []
    if step.result is not None or session.pending is None:
        await finish(runner, step, lines)
        return
    pending = session.pending
    seq = session.seq
    await start_timer(runner, seq)
    prev = runner.prompt
    same = (
        not force_new
        and prev is not None
        and prev.seat == pending.seat
        and not prev.resumed
        and step.turns_ended == 0
        and not computers
    )
    timeout_note, runner.timeout_note = runner.timeout_note, None
    if same and prev is not None:
        shown = prev.lines + ([timeout_note] if timeout_note else []) + lines
        body = _prompt_body(runner, pending, shown, BOARD if prev.image else None)
        if prev.image and step.events:
            # The picture must show what the text now tells (a roll, a move).
            body["attachments"] = [await _board_file(runner, keep_events=True)]
        await runner.channel.edit(prev.message_id, **body)
        runner.prompt = Prompt(
            prev.message_id, seq, pending.seat, pending, shown, prev.image,
            round_number=prev.round_number,
        )  # fmt: skip
        return
    if prev is not None:
        head, lines = split_at_turn(lines)
        await _close(runner, prev, step.applied, prev.lines + head)
    image = step.turns_ended > 0 or prev is None
    body = _prompt_body(runner, pending, lines, BOARD if image else None)
    if image:
        body["file"] = await _board_file(runner)
    await trades.deliver_offer(runner, pending, body)
    message = await runner.channel.send(**body)
    round_number = session.state.round
    runner.prompt = Prompt(
        message.id, seq, pending.seat, pending, lines, image, round_number=round_number
    )
    await runner.store.set_message(runner.match_id, "prompt", message.id)


def _prompt_body(
    runner: MatchRunner, pending: Pending, lines: Sequence[Line], image: str | None
) -> dict[str, Any]:
    session = runner.session
    assert session is not None
    state = session.state
    player = runner.player_of(pending.seat)
    content = messages.prompt_content(
        player, session.name(pending.seat), pending, runner.timer.deadline
    )
    embed = messages.turn_embed(
        state, runner.seats, lines, messages.situation(state, pending), image
    )
    view = decision_view(runner.match_id, session.seq, state, pending)
    return {"content": content, "embed": embed, "view": view}


async def _board_file(runner: MatchRunner, keep_events: bool = False) -> discord.File:
    """The board now. `keep_events`: the turn goes on in this message, so the next
    picture still lists what happened since the turn's first one."""
    assert runner.session is not None
    png = await render_png_async(runner.session.state, runner.board_events)
    if not keep_events:
        runner.board_events = []
    return discord.File(io.BytesIO(png), filename=BOARD)


async def _close(
    runner: MatchRunner,
    prompt: Prompt,
    applied: Sequence[Applied],
    lines: Sequence[Line] | None = None,
) -> None:
    """The passed prompt loses its buttons and says what was chosen; given the lines
    that finish its turn, its story is completed too (so a message is one turn)."""
    assert runner.session is not None
    mine = next((a for a in applied if a.seq == prompt.seq), None)
    name = runner.session.name(prompt.seat)
    if mine is None:
        text = f"**{name}** — this choice has passed."
    elif mine.actor == TIMER:
        text = f"⏱ **{name}** ran out of time: {label(runner, mine)}."
    elif mine.actor == COMPUTER:
        text = f"🤖 **{name}**: {label(runner, mine)}."
    else:
        text = f"✅ **{name}**: {label(runner, mine)}."
    if lines is None or prompt.resumed:
        await runner.channel.edit(prompt.message_id, content=text, view=None)
        return
    image = BOARD if prompt.image else None
    embed = messages.turn_embed(
        runner.session.state, runner.seats, lines, "", image, prompt.round_number or None
    )
    await runner.channel.edit(prompt.message_id, content=text, embed=embed, view=None)


async def finish(runner: MatchRunner, step: StepResult, lines: Sequence[Line] = ()) -> None:
    """The final standings and board; the match is recorded as finished."""
    session = runner.session
    assert session is not None
    runner.timer.cancel()
    state = session.state
    result = state.result
    if runner.prompt is not None:
        await _close(runner, runner.prompt, step.applied)
        runner.prompt = None
    if result is not None:
        await runner.store.finish(
            runner.match_id,
            MatchStatus.FINISHED,
            ResultRecord(
                result.winner, str(result.reason), list(result.scores), state.round, session.seq
            ),
        )
    else:
        await runner.store.finish(runner.match_id, MatchStatus.ABANDONED)
    await runner.store.set_deadline(runner.match_id, session.seq, None)
    runner.closed = True
    runner.bot.router.forget(runner)
    file = await _board_file(runner)
    embed = messages.final_embed(state, runner.seats, lines, BOARD)
    summary = await match_summary(runner.store, runner.record, state, session.log)
    await runner.channel.send(
        content="🏁 The match is over.",
        embeds=[embed, *summary.embeds],
        files=[file, *summary.files],
        **({"view": summary.view} if summary.view is not None else {}),
    )


async def board(runner: MatchRunner) -> dict[str, Any]:
    """The board and standings now (the lobby before the start), for `/chicago board`."""
    session = runner.session
    if session is None:
        return {"embed": messages.lobby_embed(runner.record.host_id, runner.settings, runner.seats)}
    png = await render_png_async(session.state, [])
    embed = messages.status_embed(session.state, runner.seats, BOARD)
    return {"embed": embed, "file": discord.File(io.BytesIO(png), filename=BOARD)}


async def drop_reminder(runner: MatchRunner) -> None:
    """The half-time reminder goes once the decision it was about is made."""
    if runner.reminder_id is None:
        return
    reminder, runner.reminder_id = runner.reminder_id, None
    await runner.channel.delete(reminder)
    await runner.store.set_message(runner.match_id, "reminder", None)
