"""Screenshots of a Chicago 1927 match as players see it (`python -m bot.preview_shots`):
the lobby, a turn prompt, a raid, the half-time reminder, a timeout, a private error
reply and the final standings.

The real bot plays a seeded match in the offline Discord; two bosses and the police
(hot seat) sit at it, and a plain player clicks for whoever is asked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.preview import Button, OfflineServer, live_decisions
from bot.preview_shots import Camera, photograph

SEED = 6  # with the player below, meets a pay, a raid with a withdrawal prompt and a bribe
PEOPLE = ("alice", "bob", "carol")  # two bosses, then the police
TIMER = 300
ROUNDS = 6


def pick(choices: list[Button], paid: list[int]) -> Button:
    """A plain player: pays the first toll, raids after, withdraws from a losing fight,
    bribes, takes control or recruits when it can, else rolls or passes."""
    live = {b.decision: b for b in choices if b.decision and not b.disabled}
    if "pay" in live:
        paid.append(1)
        return live["raid"] if len(paid) > 1 and "raid" in live else live["pay"]
    for decision in ("withdraw", "bribe", "control", "recruit4", "roll", "reject", "pass"):
        if decision in live:
            return live[decision]
    return next(iter(live.values()))


def channel_text(server: OfflineServer) -> str:
    parts = []
    for message in server.history():
        parts.append(message.content)
        parts.extend(e.description or "" for e in message.embeds)
    return "\n".join(parts)


def in_raid(server: OfflineServer) -> bool:
    """A raid is under way (someone is asked to fight on or withdraw) or was just told."""
    prompt = server.prompt()
    if prompt is not None and any(b.decision == "withdraw" for b in live_decisions(prompt)):
        return True
    return " raids " in channel_text(server) or " beats " in channel_text(server)


async def click_as_player(server: OfflineServer, paid: list[int]) -> bool:
    prompt = server.prompt()
    if prompt is None:
        return False
    choice = pick(live_decisions(prompt), paid)
    await server.decider(prompt).click(prompt, custom_id=choice.custom_id)
    await server.env.advance_time(1.5)
    return True


async def take(out: Path, readme: Path | None) -> list[Path]:
    """Two bosses and the police, a six-round match; the turn also to `readme`."""

    async def play(server: OfflineServer, preview: Any, camera: Camera) -> list[Path]:
        return await scenario(server, preview, camera, readme)

    options = {"length": "rounds", "rounds": ROUNDS}
    return await photograph(out, PEOPLE, SEED, 2, (), options, play, turn_timer=TIMER)


async def scenario(
    server: OfflineServer, preview: Any, camera: Camera, readme: Path | None
) -> list[Path]:
    paid: list[int] = []
    await camera.shoot("01-lobby", "alice")
    await server.start_match()
    for _ in range(3):
        await click_as_player(server, paid)
    await preview.refresh()
    prompt = server.prompt()
    assert prompt is not None
    turn_viewer = server.decider(prompt).name
    await camera.shoot("02-turn", turn_viewer)
    if readme is not None:
        readme.parent.mkdir(parents=True, exist_ok=True)
        await camera.shoot_message(readme, turn_viewer)
    for _ in range(200):
        if in_raid(server):
            break
        if not await click_as_player(server, paid):
            break
    await preview.refresh()
    prompt = server.prompt()
    await camera.shoot("03-raid", server.decider(prompt).name if prompt else "alice")
    if prompt is not None:
        await server.env.advance_time(TIMER * 0.6)  # past half time: the reminder is out
        await preview.refresh()
        await camera.shoot("04-reminder", server.decider(prompt).name)
        await server.env.advance_time(TIMER * 0.4 + 1)
        await preview.refresh()
        prompt = server.prompt()
        await camera.shoot("04-timeout", server.decider(prompt).name if prompt else "alice")
    if prompt is not None:
        decider = server.decider(prompt)
        other = next(m for m in server.members.values() if m.id != decider.id)
        await other.click(prompt, custom_id=live_decisions(prompt)[0].custom_id)
        await preview.refresh()
        await camera.shoot("05-error", other.name)
    while await click_as_player(server, paid):
        pass
    await preview.refresh()
    await camera.shoot("06-final", "alice")
    return camera.shots
