"""The lobby: the host seats computer players and takes them out again."""

from __future__ import annotations

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
    older = await table.click(alice, table.lobby(), label="Add computer player")
    assert menu.response is not None and older.response is not None
    removal = [b for b in buttons(menu.response) if b.label.startswith("Remove ")]
    assert len(removal) == 1
    await table.click(alice, menu.response, label=removal[0].label)
    assert "computer" not in (table.lobby().embeds[0].fields[0].value or "")
    assert "*open*" in (table.lobby().embeds[0].fields[0].value or "")

    again = await table.click(alice, older.response, label=removal[0].label)
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
