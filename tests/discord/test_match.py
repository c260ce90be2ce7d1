"""Whole matches in a channel, played by clicking the buttons the bot posts."""

from __future__ import annotations

from datetime import timedelta

from bot.chicago.narration import ENDINGS
from bot.store import MatchStatus, load_setup
from engine.chicago import replay
from tests.discord.harness import Table, buttons, play_turn, seat_table

# Seed 6 with a six-round limit deals bob and alice as bosses and carol as police, and the
# simple player of `pick` meets a pay, a raid with the defender asked to withdraw, a bribe,
# a recruit and a take-control on the way.
SEED = 6


def posts_in_window(table: Table, window: timedelta = timedelta(seconds=5)) -> int:
    times = sorted(m.created_at for m in table.history())
    return max((sum(1 for t in times if start <= t < start + window) for start in times), default=0)


async def test_three_players_play_a_whole_match(table: Table) -> None:
    table.seed = SEED
    await seat_table(table, ("alice", "bob"), "carol", length="rounds", rounds=6)
    seen: dict[str, int] = {}
    labels: set[str] = set()
    timed_out = False
    for _ in range(200):
        prompt = table.prompt()
        if prompt is None:
            break
        labels.update(b.label for b in buttons(prompt))
        if not timed_out and buttons(prompt)[0].seq == 5:
            # The sixth decision is left to the timer: a reminder, then the safe default.
            await table.env.advance_time(151)
            assert "half your time is gone" in table.history()[-1].content
            await table.env.advance_time(150)
            timed_out = True
            continue
        await play_turn(table, seen)
    assert table.prompt() is None

    record = await table.bot.store.match_in_channel(table.channel.id)
    assert record is None  # finished: no open match in the channel any more
    stored = await table.bot.store.load(1)
    assert stored.record.status is MatchStatus.FINISHED
    decisions = {d.decision for d in stored.full_log}
    assert {"pay", "raid", "withdraw", "bribe", "recruit4", "control"} <= decisions
    assert [d.actor for d in stored.full_log].count("timer") == 1
    text = table.texts()
    assert "ran out of time" in text
    assert "half your time is gone" not in text  # the reminder is removed once answered
    assert "The match is over" in text and "Final standings" in text
    assert any(label.startswith("Pay $") for label in labels)
    assert any(label.startswith("Raid with ") and "soldiers" in label for label in labels)
    final = table.history()[-1]
    assert final.attachments and final.attachments[0].filename == "board.png"
    # The log replays to the same end: seed + decisions is the whole match.
    assert stored.setup_json is not None
    state, _ = replay(
        load_setup(stored.setup_json), [(d.seat, d.decision) for d in stored.full_log]
    )
    assert state.result is not None and state.result.winner >= 0
    winner = state.sides[state.result.winner].name
    assert f"🏆 {winner} wins the match {ENDINGS[state.result.reason]}" in text
    assert text.count(f"{winner} wins the match") == 1  # said once, in the title
    assert posts_in_window(table) <= 5


async def test_a_match_with_computer_players(table: Table) -> None:
    table.seed = 11
    await seat_table(
        table, ("alice",), None, ("boss:normal", "police:easy"), length="rounds", rounds=4
    )
    seen: dict[str, int] = {}
    clicks = 0
    while await play_turn(table, seen) is not None:
        clicks += 1
        assert clicks < 300
    stored = await table.bot.store.load(1)
    assert stored.record.status is MatchStatus.FINISHED
    actors = {d.actor for d in stored.full_log}
    assert "computer" in actors and str(table.members["alice"].id) in actors
    # Computer turns are summarised: one message per prompt to alice, not one per move.
    posted = table.history()
    assert len(posted) <= clicks + 3
    assert "🤖" in table.texts() or any(
        "🤖" in (e.footer.text or "") for m in posted for e in m.embeds
    )
