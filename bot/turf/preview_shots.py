"""Screenshots of a Turf table as players see it (`python -m bot.preview_shots --game
turf`, which running this module also does): the lobby, a legwork prompt with the
picture, a private list opened from a 🔒 button, a secret choice in a confrontation, and
the final count.

The real bot plays a seeded Turf match in the offline Discord; two people (hot seat)
and a computer player sit at it, and a plain player clicks for whoever is asked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.preview import OfflineServer, buttons, seats_for
from bot.preview_shots import (
    PRIVATE,
    PUBLIC,
    game_prompt,
    list_values,
    open_private,
    photograph,
)

SEED = 5  # meets a confrontation in the first rounds
PEOPLE = ("alice", "bob")
ROUNDS = 4
PLAIN = ("word", "keep", "pass", "end")  # what a plain player clicks, first found first


async def step(server: OfflineServer, open_lists: bool = True) -> str | None:
    """One plain click for whoever is asked: a private list first (its first choice; a
    fight's largest), else the first plain button. None when nothing is asked."""
    prompt = game_prompt(server)
    if prompt is None:
        return None
    live = [b for b in buttons(prompt) if not b.disabled]
    privates = [b.custom_id for b in live if PRIVATE.fullmatch(b.custom_id)]
    if privates and open_lists:
        member, shown = await open_private(server, prompt, privates[0])
        values = list_values(shown) if shown is not None else []
        if values:
            commit = privates[0].endswith(":commit")
            await member.select(shown, [values[-1] if commit else values[0]])
            await server.env.advance_time(1.5)
            return privates[0]
    publics = {m[1]: b for b in live if (m := PUBLIC.fullmatch(b.custom_id))}
    choice = next((publics[d] for d in PLAIN if d in publics), None) or next(
        iter(publics.values()), None
    )
    if choice is None:
        return None
    await server.decider(prompt).click(prompt, custom_id=choice.custom_id)
    await server.env.advance_time(1.5)
    return choice.custom_id


def confrontation(prompt: Any) -> bool:
    """Whether the prompt asks for a secret choice in a confrontation (a 🔒 list)."""
    return any(
        b.custom_id.endswith(":commit") and PRIVATE.fullmatch(b.custom_id)
        for b in buttons(prompt)
        if not b.disabled
    )


async def turf_scenario(server: OfflineServer, preview: Any, camera: Any) -> list[Path]:
    await camera.shoot("turf-01-lobby", "alice")
    await server.members["alice"].click(server.lobby(), label="Start")
    await server.env.advance_time(1.5)
    for _ in range(2):
        await step(server, open_lists=False)
    await preview.refresh()
    prompt = game_prompt(server)
    assert prompt is not None, "the match did not start"
    await camera.shoot("turf-02-legwork", server.decider(prompt).name)
    for _ in range(300):  # until a 🔒 list is offered: open it and photograph it
        prompt = game_prompt(server)
        if prompt is None:
            break
        privates = [b.custom_id for b in buttons(prompt) if PRIVATE.fullmatch(b.custom_id)]
        if privates:
            member, _ = await open_private(server, prompt, privates[0])
            await preview.refresh()
            await camera.shoot("turf-03-private", member.name)
            break
        await step(server, open_lists=False)
    for _ in range(600):  # until both sides of a fight are asked to choose in secret
        prompt = game_prompt(server)
        if prompt is None or confrontation(prompt):
            break
        await step(server)
    assert prompt is not None, "the match ended before any confrontation"
    await preview.refresh()
    await camera.shoot("turf-04-fight", server.decider(prompt).name)
    while await step(server):
        pass
    await preview.refresh()
    await camera.shoot("turf-05-final", "alice")
    return list(camera.shots)


async def take(out: Path) -> list[Path]:
    """Two people and a computer at a four-round table."""
    computers = seats_for(3, len(PEOPLE), "normal", "turf")
    options = {"game": "turf", "rounds": ROUNDS}
    return await photograph(out, PEOPLE, SEED, 3, computers, options, turf_scenario)


if __name__ == "__main__":
    import sys

    from bot.preview_shots import main

    # Run by its own name, it takes the Turf shots, as `bot.preview_shots --game turf`.
    sys.exit(main(["--game", "turf", *sys.argv[1:]]))
