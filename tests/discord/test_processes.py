"""Two bot processes on one PostgreSQL server (README, "Several bot processes"): each runs
one of two shards and the matches of its servers. A DM answer to a trade offer reaches
the process running shard 0, which does not run the match: it is applied once and told
once, by the match's own process. That process is then killed mid-match and started
again: its match resumes, prompt and timer included.

Each process has its own event loop, offline Discord and connection pool
(`tests.discord.processes`); they share nothing but the database server.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.discord_app import remote
from bot.discord_app.game_table import GameTable
from bot.store import DecisionRecord
from bot.store.postgres import PostgresStore
from tests.discord.harness import Table, buttons, play_turn, running_here, seat_table
from tests.discord.processes import BotProcess, dm_as_shown, dm_user, show_dm
from tests.discord.test_trades import DELI, PAWN, Scene, build_offer, dm_of, set_trade_scene
from tests.store.conftest import postgres_database, postgres_server  # noqa: F401

SHARDS = 2
MATCH = 1


@pytest.fixture
def processes(tmp_path: Path, postgres_database: str) -> Iterator[tuple[BotProcess, BotProcess]]:  # noqa: F811
    """Process A runs shard 0 (so it gets every DM); B runs shard 1, where the guild is."""
    a = BotProcess(tmp_path / "a", postgres_database, (0,), SHARDS, guild_shard=0)
    b = BotProcess(tmp_path / "b", postgres_database, (1,), SHARDS, guild_shard=1)
    try:
        a.start()
        b.start()
        yield a, b
    finally:
        b.stop()
        a.stop()


async def offer_by_dm(process: BotProcess) -> Scene:
    """Two bosses and a computer police in B's guild; the boss to play offers the other a
    trade, which goes to the partner by DM."""
    table = process.table
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    seen: dict[str, int] = {}
    while not (rolls(table) and running_here(table).session.seq > 0):
        await play_turn(table, seen, pause=0.1)  # to a roll after the first decision
    scene, prompt = set_trade_scene(table)
    # The scene is set in memory: a snapshot puts it in the database too, where the
    # other process reads the match.
    state = running_here(table).session.state
    assert state.seq > 0
    await table.bot.store.append_decisions(MATCH, [], (state.seq - 1, state.to_json().decode()))
    await table.click(scene.proposer, prompt, decision="roll")
    await build_offer(table, scene.proposer, [DELI], [PAWN], ("pay", "500"))
    return scene


def rolls(table: Table) -> bool:
    prompt = table.prompt()
    return prompt is not None and any(b.decision == "roll" for b in buttons(prompt))


def log_of(process: BotProcess) -> list[DecisionRecord]:
    return process.run(process.store.load(MATCH)).full_log


def match_of(process: BotProcess) -> GameTable:
    found = process.table.bot.tables.by_id.get(MATCH)
    assert isinstance(found, GameTable)
    return found


def posts(process: BotProcess) -> list[tuple[int, str]]:
    """Every message of B's match channel: id and text."""
    table = process.table
    return [(m.id, m.content) for m in table.history()]


def click_dm(
    process: BotProcess, screen: Any, member: simcord.MemberActor, label: str
) -> tuple[simcord.InteractionResult, discord.Message]:
    """`member` clicks `label` on the DM `screen` (as their screen shows it), the click
    reaching `process`; returns the result and the DM message afterwards."""
    user = dm_user(process, member.id, member.name)
    show_dm(process, screen, member.id)
    result = process.run(
        user.click(process.read(lambda: user.dm_channel.last_message), label=label)
    )
    assert result.acknowledged  # answered at once, within Discord's 3 seconds
    after = process.read(lambda: user.dm_channel.last_message)
    assert after is not None
    return result, after


def test_a_dm_answer_on_the_other_process_is_applied_once_and_posted_once(
    processes: tuple[BotProcess, BotProcess],
) -> None:
    a, b = processes
    scene = b.run(offer_by_dm(b))
    partner = scene.partner
    offer = b.read(lambda: dm_of(partner))
    assert [x.label for x in buttons(offer) if x.decision] == ["Accept", "Reject"]
    # A runs shard 0 only: B's match is not loaded there, and no timer of it runs there.
    assert a.read(lambda: dict(a.table.bot.tables.by_id)) == {}
    before = len(log_of(b))

    # The click lands on A (DMs go to shard 0), as a click on the same DM message.
    screen = dm_as_shown(b, offer)
    _, shown = click_dm(a, screen, partner, "Accept")
    assert "You accepted the offer" in shown.content and not buttons(shown)

    # B, told by the database, posts the accepted trade and the next prompt.
    b.wait_for(lambda: "accepts" in b.table.texts())
    b.wait_for(lambda: b.table.prompt() is not None)
    log = log_of(b)
    accepted = [d for d in log if d.decision == "accept"]
    assert len(accepted) == 1 and accepted[0].actor == str(partner.id)
    assert accepted[0].seq == before
    assert b.read(lambda: match_of(b).session.state.control[DELI]) == scene.partner_seat
    told = b.read(lambda: b.table.texts().count("accepts"))
    # B's own copy of the DM (the one Discord shows) is settled by B too.
    assert "You accepted the offer" in b.read(lambda: dm_of(partner).content)
    assert not b.read(lambda: buttons(dm_of(partner)))

    # A second click on the same button (the DM as the player's screen still showed it)
    # applies nothing and posts nothing more.
    again, _ = click_dm(a, screen, partner, "Accept")
    assert [f.content for f in again.followups] == ["Already done: your choice was counted once."]
    # "Full board" on the DM shows the board privately, from the database.
    board, _ = click_dm(a, screen, partner, "Full board")
    answers = [board.response, *board.followups]
    files = [f.filename for m in answers if m is not None for f in m.attachments]
    assert board.ephemeral and files == ["board.png"]
    posted = b.read(lambda: posts(b))
    b.run(match_of(b).catch_up())  # the same news again changes nothing either
    assert b.read(lambda: posts(b)) == posted
    assert b.read(lambda: b.table.texts().count("accepts")) == told
    assert [d.decision for d in log_of(b)].count("accept") == 1
    assert len(log_of(b)) == len(log)

    # B is killed mid-match and started again: the match resumes where it was.
    prompt = b.read(lambda: b.table.prompt())
    assert prompt is not None
    asked = b.read(lambda: match_of(b).session.seq)
    b.kill_and_restart()
    resumed = b.read(lambda: match_of(b))
    b.wait_for(lambda: resumed.timer.seq == asked)
    assert b.read(lambda: b.table.prompt()) is not None
    # A, loading the running matches as at its start, leaves B's alone.
    a.run(a.table.bot.tables.load())
    assert a.read(lambda: dict(a.table.bot.tables.by_id)) == {}
    # Its timer runs: the decision times out in B's channel, and play goes on.
    b.run(b.table.env.advance_time(301))
    b.wait_for(lambda: "ran out of time" in b.table.texts())
    assert any(d.actor == "timer" and d.seq == asked for d in log_of(b))


def test_a_dm_answer_committed_before_the_owners_timer_runs_out_wins(
    processes: tuple[BotProcess, BotProcess],
) -> None:
    """The owner has not heard of the answer yet when its timer runs out: its timeout
    finds the decision taken, and it tells the answer instead."""
    a, b = processes
    scene = b.run(offer_by_dm(b))
    partner = scene.partner
    asked = b.read(lambda: match_of(b).session.seq)
    listener = b.table.bot.listener
    assert listener is not None
    b.read(lambda: setattr(listener, "on_news", lambda match_id: None))  # news held back
    click_dm(a, dm_as_shown(b, b.read(lambda: dm_of(partner))), partner, "Accept")
    b.run(b.table.env.advance_time(301))
    b.wait_for(lambda: "accepts" in b.table.texts())
    taken = [d for d in log_of(b) if d.seq == asked]
    assert [(d.decision, d.actor) for d in taken] == [("accept", str(partner.id))]
    assert "ran out of time" not in b.read(lambda: b.table.texts())
    assert "You accepted the offer" in b.read(lambda: dm_of(partner).content)
    assert b.read(lambda: b.table.prompt()) is not None


def test_a_dm_answer_after_the_owners_timer_ran_out_is_refused(
    processes: tuple[BotProcess, BotProcess],
) -> None:
    a, b = processes
    scene = b.run(offer_by_dm(b))
    partner = scene.partner
    asked = b.read(lambda: match_of(b).session.seq)
    screen = dm_as_shown(b, b.read(lambda: dm_of(partner)))
    b.run(b.table.env.advance_time(301))
    b.wait_for(lambda: "ran out of time" in b.table.texts())
    result, _ = click_dm(a, screen, partner, "Accept")
    assert [f.content for f in result.followups] == ["That choice has passed."]
    taken = [d for d in log_of(b) if d.seq == asked]
    assert [(d.decision, d.actor) for d in taken] == [("reject", "timer")]
    assert "accepts" not in b.read(lambda: b.table.texts())


def test_a_dm_answer_to_a_match_asleep_on_its_process_is_told_in_full(
    processes: tuple[BotProcess, BotProcess],
) -> None:
    """The match left its process's memory (idle) before the answer came: it is rebuilt
    where it asked, and the answer told as if it had been clicked there."""
    a, b = processes
    scene = b.run(offer_by_dm(b))
    partner = scene.partner
    assert b.read(lambda: match_of(b).sleep())
    # Looking for missed news (as after a lost connection) finds none: nothing is posted.
    shown = b.read(lambda: posts(b))
    b.run(b.table.bot.tables.catch_up_all())
    assert b.read(lambda: posts(b)) == shown and b.read(lambda: match_of(b).asleep)
    click_dm(a, dm_as_shown(b, b.read(lambda: dm_of(partner))), partner, "Accept")
    b.wait_for(lambda: "accepts" in b.table.texts())
    b.wait_for(lambda: b.table.prompt() is not None)
    assert b.read(lambda: match_of(b).session.state.control[DELI]) == scene.partner_seat
    assert "You accepted the offer" in b.read(lambda: dm_of(partner).content)


async def test_the_listener_listens_again_after_losing_its_connection(
    postgres_database: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """News is read until the connection drops; then the listener subscribes again and
    looks for anything missed meanwhile (`Tables.catch_up_all`) before reading on."""
    monkeypatch.setattr(remote, "RESUBSCRIBE_AFTER", 0.01)
    heard: list[int] = []
    reconnected = asyncio.Event()

    async def look_again() -> None:
        reconnected.set()

    async with PostgresStore(postgres_database) as store:
        listener = remote.StepListener(store, heard.append, look_again)
        await listener.start()
        task = asyncio.create_task(listener.run())
        try:
            await store.notify(remote.STEPS, "5 1")
            await wait_until(lambda: heard == [5])
            async with store._transaction() as db:
                await db.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND query LIKE 'LISTEN%'"
                )
            await asyncio.wait_for(reconnected.wait(), 10)
            await store.notify(remote.STEPS, "6 0")
            await wait_until(lambda: heard == [5, 6])
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


async def wait_until(done: Callable[[], bool], timeout: float = 10.0) -> None:
    async with asyncio.timeout(timeout):
        while not done():
            await asyncio.sleep(0.01)


async def turf_to_a_confrontation(process: BotProcess) -> Any:
    """A Turf match of two people in B's guild, played by clicks until both sides of a
    confrontation are asked; the attacker chooses in the channel."""
    from tests.discord.test_turf_table import play_to_a_confrontation
    from tests.discord.turf_driver import Plan, game_table, member_of, select_values

    table = process.table
    alice, bob = table.members["alice"], table.members["bob"]
    await table.open_lobby("alice", game="turf", players=2)
    await table.click(bob, table.lobby(), label="Join")
    await table.click(alice, table.lobby(), label="Start")
    prompt = await play_to_a_confrontation(table, Plan())
    fight = game_table(table).session.state.fight
    attacker = member_of(table, fight.attacker)
    button = next(b for b in buttons(prompt) if b.custom_id.endswith(f":{fight.attacker}:commit"))
    opened = await attacker.click(prompt, custom_id=button.custom_id)
    assert opened.response is not None
    await attacker.select(opened.response, [select_values(opened.response)[-1]])
    await table.env.advance_time(1.5)
    return member_of(table, fight.defender)


def test_a_turf_defenders_dm_choice_on_the_other_process_counts_once(
    processes: tuple[BotProcess, BotProcess],
) -> None:
    """TURF §4.3 across processes: the defender's secret choice, made in the DM that
    reaches shard 0's process, is committed there once and revealed by the owner."""
    from tests.discord.turf_driver import select_values

    a, b = processes
    defender = b.run(turf_to_a_confrontation(b))
    dm = b.read(lambda: defender.user.dm_channel.last_message)
    assert dm is not None and "You defend" in dm.content
    value = select_values(dm)[0]
    before = len(log_of(b))
    screen = dm_as_shown(b, dm)
    user = dm_user(a, defender.id, defender.name)
    show_dm(a, screen, defender.id)
    shown = a.read(lambda: user.dm_channel.last_message)
    result = a.run(user.select(shown, [value]))
    assert result.acknowledged and "Chosen" in (result.response.content if result.response else "")
    b.wait_for(lambda: "Revealed:" in b.table.texts())
    log = log_of(b)
    assert [d.decision for d in log[before:]].count(value) == 1
    assert b.read(lambda: b.table.texts().count("Revealed:")) == 1
    # The same choice again, from the same DM as the screen still shows it: not counted.
    show_dm(a, screen, defender.id)
    again = a.run(user.select(a.read(lambda: user.dm_channel.last_message), [value]))
    assert "has passed" in " ".join(
        f.content for f in again.followups
    ) or "Already done" in " ".join(f.content for f in again.followups)
    assert [d.decision for d in log_of(b)[before:]].count(value) == 1


def test_a_dm_answer_taken_while_the_owner_was_down_is_told_when_it_is_back(
    processes: tuple[BotProcess, BotProcess],
) -> None:
    """The owner never heard of the answer (its news held back, then killed); started
    again, it tells the answer in its channel before the next prompt, and settles its
    copy of the DM."""
    a, b = processes
    scene = b.run(offer_by_dm(b))
    partner = scene.partner
    listener = b.table.bot.listener
    assert listener is not None
    b.read(lambda: setattr(listener, "on_news", lambda match_id: None))  # news held back
    click_dm(a, dm_as_shown(b, b.read(lambda: dm_of(partner))), partner, "Accept")
    assert "accepts" not in b.read(lambda: b.table.texts())
    b.kill_and_restart()
    b.wait_for(lambda: "accepts" in b.table.texts())
    b.wait_for(lambda: b.table.prompt() is not None)
    assert b.read(lambda: b.table.texts().count("accepts")) == 1
    assert b.read(lambda: match_of(b).session.state.control[DELI]) == scene.partner_seat
    assert "You accepted the offer" in b.read(lambda: dm_of(partner).content)
    assert [d.decision for d in log_of(b)].count("accept") == 1


def test_a_turf_choice_taken_while_the_owner_was_down_is_revealed_when_it_is_back(
    processes: tuple[BotProcess, BotProcess],
) -> None:
    """TURF §4.3: the defender's DM choice is committed by shard 0's process while the
    owner hears nothing and is then killed; started again, the owner reveals both
    numbers once and asks what comes next."""
    from tests.discord.turf_driver import select_values

    a, b = processes
    defender = b.run(turf_to_a_confrontation(b))
    dm = b.read(lambda: defender.user.dm_channel.last_message)
    assert dm is not None and "You defend" in dm.content
    value = select_values(dm)[0]
    listener = b.table.bot.listener
    assert listener is not None
    b.read(lambda: setattr(listener, "on_news", lambda match_id: None))  # news held back
    user = dm_user(a, defender.id, defender.name)
    show_dm(a, dm_as_shown(b, dm), defender.id)
    result = a.run(user.select(a.read(lambda: user.dm_channel.last_message), [value]))
    assert result.acknowledged
    assert "Revealed:" not in b.read(lambda: b.table.texts())
    shown = {m.id for m in b.read(lambda: b.table.history())}
    b.kill_and_restart()
    b.wait_for(lambda: "Revealed:" in b.table.texts())
    assert b.read(lambda: b.table.texts().count("Revealed:")) == 1
    last = b.read(lambda: b.table.history())[-1]
    assert last.id not in shown and "Revealed:" in last.content  # a new message
    assert "End legwork" in [x.label for x in buttons(last)]  # asking what comes next
    assert [d.decision for d in log_of(b)].count(value) == 1
