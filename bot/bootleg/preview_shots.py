"""Screenshots of a Bootleg table as players see it (`python -m bot.preview_shots --game
bootleg`): the lobby, a move's prompt with the city, the end Locations behind an Envoy's
🔒 button, the action menu with its greyed reasons, the private Barrel list, an end
decision (the Bomb or Lucky Joe), the final count, and an Open match's first turn.

The real bot plays a seeded Secret match in the offline Discord; four people sit at it
(hot seat, so the end decisions are a person's), and a plain player clicks for whoever
is asked: an Envoy and an end Location, a Barrel, then End turn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.preview import OfflineServer, buttons
from bot.preview_shots import PRIVATE, PUBLIC, game_prompt, list_values, open_private, photograph

SEED = 5
PEOPLE = ("alice", "bob", "carol", "dave")
END_DECISIONS = ("bomb:", "lucky:")


def lists(prompt: Any) -> dict[str, str]:
    """The live 🔒 buttons of a prompt: list name → custom id."""
    found = {}
    for b in buttons(prompt):
        if not b.disabled and (m := PRIVATE.fullmatch(b.custom_id)):
            found[m[2]] = b.custom_id
    return found


def publics(prompt: Any) -> dict[str, str]:
    """The live channel buttons of a prompt: decision → custom id."""
    return {
        m[1]: b.custom_id
        for b in buttons(prompt)
        if not b.disabled and (m := PUBLIC.fullmatch(b.custom_id))
    }


async def step(server: OfflineServer, n: int = 0) -> str | None:
    """One plain decision for whoever is asked: a Barrel from the list (the first), else
    a move (the Envoy and end Location varied by `n`), else End turn or the first button.
    None when nothing is asked."""
    prompt = game_prompt(server)
    if prompt is None:
        return None
    private = lists(prompt)
    moves = [i for name, i in private.items() if name not in ("place", "ability", "service")]
    opened_id = private.get("place") or (moves[n % len(moves)] if moves else None)
    if opened_id is not None:
        member, shown = await open_private(server, prompt, opened_id)
        values = list_values(shown) if shown is not None else []
        if values:
            await member.select(
                shown, [values[0] if "place" in private else values[n % 7 % len(values)]]
            )
            await server.env.advance_time(1.5)
            return opened_id
    public = publics(prompt)
    chosen = public.get("end") or next(iter(public.values()), None)
    if chosen is None:
        return None
    await server.decider(prompt).click(prompt, custom_id=chosen)
    await server.env.advance_time(1.5)
    return chosen


async def secret_scenario(server: OfflineServer, preview: Any, camera: Any) -> list[Path]:
    await camera.shoot("bootleg-01-lobby", "alice")
    await server.members["alice"].click(server.lobby(), label="Start")
    await server.env.advance_time(1.5)
    await preview.refresh()
    prompt = game_prompt(server)
    assert prompt is not None, "the match did not start"
    mover = server.decider(prompt).name
    await camera.shoot("bootleg-02-move", mover)
    envoy = next(i for name, i in lists(prompt).items() if name != "place")
    member, shown = await open_private(server, prompt, envoy)
    await preview.refresh()
    await camera.shoot("bootleg-03-move-list", member.name)
    await member.select(shown, [list_values(shown)[0]])
    await server.env.advance_time(1.5)
    await preview.refresh()
    await camera.shoot("bootleg-04-actions", mover)
    menu = game_prompt(server)
    assert menu is not None and "place" in lists(menu), "no Barrel to place"
    member, _ = await open_private(server, menu, lists(menu)["place"])
    await preview.refresh()
    await camera.shoot("bootleg-05-barrel", member.name)
    for n in range(400):  # on to an end decision, asked of its owner
        prompt = game_prompt(server)
        if prompt is None or any(d.startswith(END_DECISIONS) for d in publics(prompt)):
            break
        await step(server, n)
    await preview.refresh()
    if prompt is not None:
        await camera.shoot("bootleg-06-end-decision", server.decider(prompt).name)
    n = 0
    while await step(server, n):
        n += 1
    await preview.refresh()
    await camera.shoot("bootleg-07-final", "alice")
    return list(camera.shots)


async def open_scenario(server: OfflineServer, preview: Any, camera: Any) -> list[Path]:
    await server.members["alice"].click(server.lobby(), label="Start")
    await server.env.advance_time(1.5)
    await preview.refresh()
    prompt = game_prompt(server)
    assert prompt is not None, "the match did not start"
    await camera.shoot("bootleg-08-open", server.decider(prompt).name)
    return list(camera.shots)


async def take(out: Path) -> list[Path]:
    """A Secret match of four people played to the final count, then an Open one's start."""
    shots = await photograph(out, PEOPLE, SEED, 4, (), {"game": "bootleg"}, secret_scenario)
    options = {"game": "bootleg", "length": "open"}
    shots += await photograph(out, PEOPLE[:2], SEED, 2, (), options, open_scenario)
    return shots
