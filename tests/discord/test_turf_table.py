"""Turf at the table, through the real discord.py code paths (TURF §2–§9): a lobby from
`/chicago new game:turf`, legwork by buttons, secret commitments by private lists and
DM, a hit, a squeeze, a deal by DM, a restart mid-confrontation, and the result."""

from __future__ import annotations

from typing import Any

from tests.discord.harness import Table, buttons, private_text


def live(message: Any) -> list[str]:
    return [b.custom_id for b in buttons(message) if not b.disabled]


async def test_a_turf_lobby_opens_and_starts(table: Table) -> None:
    alice, bob = table.members["alice"], table.members["bob"]
    await table.open_lobby("alice", game="turf", players=2)
    lobby = table.lobby()
    labels = [b.label for b in buttons(lobby)]
    assert "Join as police" not in labels and "Join" in labels, labels
    await table.click(bob, lobby, label="Join")
    started = await table.click(alice, table.lobby(), label="Start")
    assert not private_text(started), private_text(started)
    last = table.history()[-1]
    print(last.content)
    print(live(last))
    assert "Turf" in table.texts()
