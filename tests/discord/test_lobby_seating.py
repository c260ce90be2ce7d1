"""The lobby and `/chicago new` seat a game by its declared `Seating`: a game added to
the registry with seating of its own (two or three players, no other role, always to a
round limit) gets its `/chicago new` choice and option and a lobby of its own seat counts
and words, with no edit to any platform module; and matches stored before the settings
named no game's pieces ("bosses", "marks") still open and start as they were."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.discord_app.command_group import new_group
from bot.discord_app.commands import commands
from bot.registry import GAMES
from tests.discord.harness import Table, buttons, private_text, running
from tests.race_game.show.game import RaceToTen
from tests.race_game.show.seating import SEATING as RACE_SEATING

# Race to Ten's seating with three seats at most, a role word of its own and nothing else.
TALLY_SEATING = replace(
    RACE_SEATING,
    choice="Tally (2–3 players, counting to ten)",
    count=replace(RACE_SEATING.count, high=3, option="counters", words="Tally: 2–3 players"),
    main=replace(
        RACE_SEATING.main,
        key="counter",
        one="a counter",
        button="counter",
        heading="Counters",
        plural="counters",
        join="Count along",
        computer_names=("Abacus", "Slide Rule"),
    ),
)


class Tally(RaceToTen):
    key = "tally"
    title = "Tally"
    levels = ("easy", "normal")
    seating = TALLY_SEATING


@pytest.fixture
async def tally_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table]:
    """A table whose bot was made with Tally in the registry, as a new game's one line
    there would put it."""
    monkeypatch.setitem(GAMES, "tally", Tally())
    table = await Table(tmp_path).start()
    try:
        yield table
    finally:
        await table.close()


def test_a_registered_game_brings_its_own_choice_and_count_option(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(GAMES, "tally", Tally())
    new = next(c for c in commands(None, None, new_group()) if c.name == "new")  # type: ignore[arg-type]
    params = {p.name: p for p in new.parameters}
    games = {c.value: c.name for c in params["game"].choices}
    assert games["tally"] == "Tally (2–3 players, counting to ten)"
    assert (params["counters"].min_value, params["counters"].max_value) == (2, 3)
    assert params["counters"].description == "Tally: 2–3 players"
    assert "Chicago 1927 (default), Turf, Bootleg, Empire or Tally" in params["game"].description
    assert list(params)[-1] == "counters", "another game's count comes after game:"
    join = next(c for c in commands(None, None, new_group()) if c.name == "join")  # type: ignore[arg-type]
    roles = [c.value for c in next(p for p in join.parameters if p.name == "role").choices]
    assert roles == ["boss", "police", "counter"]


async def test_a_registered_game_is_seated_by_its_own_counts_and_words(
    tally_table: Table,
) -> None:
    table = tally_table
    alice, bob = table.members["alice"], table.members["bob"]
    await table.open_lobby(game="tally", counters=3)
    lobby = table.lobby()
    embed = lobby.embeds[0]
    assert embed.title == "Tally — a new match is forming"
    assert "3 counters · say ten first" in (embed.description or "")
    assert [f.name for f in embed.fields] == ["Counters (1/3)"], "no one-off seat"
    assert "The seed seats the players." in (embed.footer.text or "")
    assert [b.label for b in buttons(lobby)] == [
        "Count along",
        "Add computer player",
        "Leave",
        "Start",
    ]

    await table.click(bob, lobby, label="Count along")
    lobby = table.lobby()
    assert lobby.embeds[0].fields[0].name == "Counters (2/3)"
    assert (lobby.embeds[0].footer.text or "").startswith("bob joined ·"), "one role: not named"
    again = await table.click(bob, lobby, label="Count along")
    assert "You already sit here as a counter." in private_text(again)

    menu = await table.click(alice, lobby, label="Add computer player")
    assert menu.response is not None
    labels = [b.label for b in buttons(menu.response)]
    assert labels == ["Easy counter", "Normal counter"]
    await table.click(alice, menu.response, label="Normal counter")
    assert "Added a normal computer counter." in menu.response.content
    assert "Every seat is filled" in menu.response.content

    lobby = table.lobby()
    assert "Abacus (computer, normal)" in (lobby.embeds[0].fields[0].value or "")
    live = {b.label: not b.disabled for b in buttons(lobby)}
    assert not live["Count along"] and not live["Add computer player"] and live["Start"]
    stored = table.bot.tables.in_channel(table.channel.id)
    assert stored is not None
    assert [s.role for s in stored.seats] == ["counter"] * 3
    assert stored.settings.main_seats == 3 and stored.settings.game == "tally"


async def test_a_registered_game_takes_its_default_count_and_refuses_the_police(
    tally_table: Table,
) -> None:
    table = tally_table
    await table.open_lobby(game="tally", bosses=4)  # Chicago 1927's count: not Tally's
    assert table.lobby().embeds[0].fields[0].name == "Counters (1/2)"
    refused = await table.members["bob"].slash(table.channel, "chicago join", role="police")
    assert "The police seat is taken." in private_text(refused)


async def test_a_lobby_stored_with_bosses_and_marks_opens_and_starts_as_it_was(
    table: Table,
) -> None:
    """Settings stored by a release whose settings named Chicago 1927's pieces."""
    await table.open_lobby(bosses=2, length="short")
    old = {
        "bosses": 2, "timer": 300, "marks": 3, "round_limit": None, "thread": False,
        "computers": True, "starter_role": None, "game": "chicago",
    }  # fmt: skip
    await table.bot.store.update_settings(1, old)
    await table.restart()
    alice = table.members["alice"]
    await table.click(table.members["bob"], table.lobby(), label="Join as boss")
    embed = table.lobby().embeds[0]
    assert "2 bosses and the police · short (3 marks)" in (embed.description or "")
    assert embed.fields[0].name == "Bosses (2/2)"
    menu = await table.click(alice, table.lobby(), label="Add computer player")
    assert menu.response is not None
    await table.click(alice, menu.response, label="Easy police")
    await table.click(alice, table.lobby(), label="Start")
    state = running(table).session.state
    assert state.setup.options.marks_to_win == 3 and state.setup.options.round_limit is None
    assert [side.name for side in state.sides if not side.is_police] != []
