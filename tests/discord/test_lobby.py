"""The lobby: the host seats computer players and takes them out again, from one
private note at a time."""

from __future__ import annotations

from typing import Any

from tests.discord.harness import Table, buttons, private_text


async def test_the_host_removes_a_computer_player_from_the_lobby(table: Table) -> None:
    await table.open_lobby(bosses=2)
    alice, bob = table.members["alice"], table.members["bob"]
    menu = await table.click(alice, table.lobby(), label="Add computer player")
    assert menu.response is not None
    await table.click(alice, menu.response, label="Normal boss")
    seated = table.lobby().embeds[0].fields[0].value or ""
    assert "computer, normal" in seated

    menu = await table.click(alice, table.lobby(), label="Add computer player")
    assert menu.response is not None
    removal = [b for b in buttons(menu.response) if b.label.startswith("Remove ")]
    assert len(removal) == 1
    await table.click(alice, menu.response, label=removal[0].label)
    assert "computer" not in (table.lobby().embeds[0].fields[0].value or "")
    assert "*open*" in (table.lobby().embeds[0].fields[0].value or "")

    # A seat that moved since the menu was drawn is not removed by its old button.
    await table.click(bob, table.lobby(), label="Join as boss")
    await table.click(alice, menu.response, label="Normal police")
    await table.click(bob, table.lobby(), label="Leave")
    again = await table.click(alice, menu.response, label="Remove Chicago Police")
    assert "changed since" in private_text(again)

    refused = await table.click(bob, table.lobby(), label="Add computer player")
    assert "Only the host" in private_text(refused)


async def test_the_lobby_names_its_players_instead_of_raw_mentions(table: Table) -> None:
    await table.open_lobby(bosses=2)
    await table.click(table.members["bob"], table.lobby(), label="Join as police")
    embed = table.lobby().embeds[0]
    shown = "\n".join([embed.description or ""] + [f.value or "" for f in embed.fields])
    assert "<@" not in shown
    assert "Host alice" in shown and "bob" in shown


async def test_the_lobby_shows_each_change_and_only_buttons_that_can_work(table: Table) -> None:
    await table.open_lobby(bosses=2)
    alice, bob = table.members["alice"], table.members["bob"]
    live = {b.label: not b.disabled for b in buttons(table.lobby())}
    assert live["Join as boss"] and live["Join as police"] and live["Add computer player"]
    await table.click(bob, table.lobby(), label="Join as boss")
    lobby = table.lobby()
    assert "bob joined as a boss" in (lobby.embeds[0].footer.text or "")
    live = {b.label: not b.disabled for b in buttons(lobby)}
    assert not live["Join as boss"], "every boss seat is taken"
    assert live["Join as police"] and live["Add computer player"]
    menu = await table.click(alice, lobby, label="Add computer player")
    assert menu.response is not None
    shown = {b.label: not b.disabled for b in buttons(menu.response)}
    assert not shown["Easy boss"] and not shown["Normal boss"] and shown["Easy police"]
    await table.click(alice, menu.response, label="Easy police")
    # One private menu, updated in place: no note stacked per computer added.
    assert "Added an easy computer police." in menu.response.content
    assert "Every seat is filled" in menu.response.content
    assert all(b.disabled for b in buttons(menu.response) if b.label.startswith(("Easy", "Normal")))
    lobby = table.lobby()
    assert "Added an easy computer police." in (lobby.embeds[0].footer.text or "")
    live = {b.label: not b.disabled for b in buttons(lobby)}
    assert not live["Join as police"] and not live["Add computer player"] and live["Start"]
    await table.click(alice, lobby, label="Start")
    assert "The match has started" in menu.response.content
    assert not buttons(menu.response), "the menu still answers after the start"


def notes(table: Table, viewer: str) -> list[Any]:
    """The private notes `viewer` sees in the channel, oldest first."""
    channel = table.channel
    return [m for m in channel.history(viewer=table.members[viewer]) if m.flags.ephemeral]


async def test_the_host_holds_one_computer_note_closed_at_start(table: Table) -> None:
    """Each "Add computer player" used to leave a note with live buttons: a phone
    opened on three of them, Start scrolled away. One note stays, short once the
    table is full, and loses its buttons when the match starts."""
    await table.open_lobby(bosses=3)
    alice = table.members["alice"]
    for role in ("Normal boss", "Hard boss", "Easy police"):
        menu = await table.click(alice, table.lobby(), label="Add computer player")
        assert menu.response is not None
        await table.click(alice, menu.response, label=role)
    held = notes(table, "alice")
    assert len(held) == 1, [m.content for m in held]
    assert "Every seat is filled" in held[0].content
    labels = [b.label for b in buttons(held[0])]
    assert labels == ["Remove Vito Marchetti", "Remove Mae Kowalski", "Remove Chicago Police"]

    await table.click(alice, table.lobby(), label="Start")
    held = notes(table, "alice")
    assert len(held) == 1 and buttons(held[0]) == [], [m.content for m in held]
    assert "The match has started" in held[0].content
