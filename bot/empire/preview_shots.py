"""Screenshots of an Empire table as players see it (`python -m bot.preview_shots --game
empire`): the lobby, the start, a drive by a street's 🔒 list, the action menu, a sealed
bid's prompt and its private form, an offer made with `/chicago offer` and its answer
(the 🔒 button the direct message duplicates), and a fight's message.

The real bot plays a seeded match in the offline Discord; two people sit with two
computers, and a plain player clicks for whoever of them is asked: a street's first
square, the first entry of a private list, else a plain button (roll, go on, fight).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.empire.choices import STREET_GROUPS
from bot.preview import OfflineServer, buttons, seats_for
from bot.preview_shots import (
    PRIVATE,
    PUBLIC,
    Camera,
    game_prompt,
    list_values,
    open_private,
    seat_member,
)

SEED = 7
PEOPLE = ("alice", "bob")
PLAIN = ("start_lot", "roll", "turf:", "go", "fight", "casualty", "garage", "occupy:-", "none")
SEALED_LISTS = ("startmob", "bid", "place")


def live(prompt: Any) -> tuple[dict[str, str], list[tuple[int, str, str]]]:
    """The prompt's live buttons: channel decisions (decision → id), 🔒 lists (seat,
    list, id)."""
    public: dict[str, str] = {}
    private: list[tuple[int, str, str]] = []
    for b in buttons(prompt):
        if b.disabled:
            continue
        if found := PUBLIC.fullmatch(b.custom_id):
            public[found[1]] = b.custom_id
        elif found := PRIVATE.fullmatch(b.custom_id):
            private.append((int(found[1]), found[2], b.custom_id))
    return public, private


def asked_people(server: OfflineServer) -> list[int]:
    table: Any = server.bot.tables.by_id[1]
    session = table.session
    return [a.seat for a in session.asked() if not session.is_computer(a.seat)]


async def pick_from(server: OfflineServer, prompt: Any, custom_id: str) -> bool:
    """Open a 🔒 list and take its first entry; False when it is empty."""
    member, shown = await open_private(server, prompt, custom_id)
    values = list_values(shown) if shown is not None else []
    if not values:
        return False
    await member.select(shown, [values[0]])
    await server.env.advance_time(1.5)
    return True


async def step(server: OfflineServer) -> bool:
    """One plain decision of a person asked now; False when no person is asked."""
    seats = asked_people(server)
    prompt = game_prompt(server)
    if not seats or prompt is None:
        await server.env.advance_time(1.5)
        return False
    seat = seats[0]
    public, private = live(prompt)
    mine = [(group, i) for s, group, i in private if s == seat]
    for group, custom_id in mine:
        if group in SEALED_LISTS and await pick_from(server, prompt, custom_id):
            return True
    for start in PLAIN:
        chosen = next((i for d, i in public.items() if d.startswith(start)), None)
        if chosen is not None:
            await seat_member(server, seat).click(prompt, custom_id=chosen)
            await server.env.advance_time(1.5)
            return True
    for group, custom_id in mine:  # a drive: a street's list, then its first square
        if group not in ("cards", "peek", "offer") and await pick_from(server, prompt, custom_id):
            return True
    if public:
        await seat_member(server, seat).click(prompt, custom_id=next(iter(public.values())))
        await server.env.advance_time(1.5)
        return True
    return False


async def play_until(server: OfflineServer, wanted: Any, limit: int = 600) -> bool:
    """Plain decisions until `wanted(prompt, server)` holds for the newest prompt."""
    for _ in range(limit):
        prompt = game_prompt(server)
        if prompt is not None and wanted(prompt, server):
            return True
        await step(server)
    return False


def a_person_drives(prompt: Any, server: OfflineServer) -> bool:
    seats = asked_people(server)
    _, private = live(prompt)
    return bool(seats) and any(s in seats and g in STREET_GROUPS for s, g, _ in private)


def a_person_acts(prompt: Any, server: OfflineServer) -> bool:
    public, _ = live(prompt)
    return bool(asked_people(server)) and "none" in public


def sealed_bid(prompt: Any, server: OfflineServer) -> bool:
    return "Sealed bids" in prompt.content and "answered" in prompt.content


def a_fight(prompt: Any, server: OfflineServer) -> bool:
    return any(m.content.startswith("**🔫 Shoot-out**") for m in server.history()[-6:])


async def empire_scenario(server: OfflineServer, preview: Any, camera: Camera) -> list[Path]:
    await camera.shoot("empire-01-lobby", "alice")
    await server.members["alice"].click(server.lobby(), label="Start")
    await server.env.advance_time(1.5)
    await preview.refresh()
    await camera.shoot("empire-02-start", "alice")
    assert await play_until(server, a_person_drives), "nobody drove"
    prompt = game_prompt(server)
    street = next(i for _, g, i in live(prompt)[1] if g in STREET_GROUPS)
    member, _ = await open_private(server, prompt, street)
    await preview.refresh()
    await camera.shoot("empire-03-drive-list", member.name)
    assert await play_until(server, a_person_acts), "nobody acted"
    await preview.refresh()
    await camera.shoot("empire-04-actions", seat_member(server, asked_people(server)[0]).name)

    # An offer, made in the channel's command and answered by direct message.
    table: Any = server.bot.tables.by_id[1]
    alice, bob = server.members["alice"], server.members["bob"]
    sent = await alice.slash(server.channel, "chicago offer", to=bob, give_money=50, ask_booze=1)
    assert sent.acknowledged
    await server.env.advance_time(1.5)
    await preview.refresh()
    await camera.shoot("empire-05-offer-made", "alice")
    # One page shows one channel: the answer is the 🔒 button on the prompt, which the
    # direct message duplicates (and which serves alone when DMs are closed).
    prompt = game_prompt(server)
    answer = next((i for s, g, i in live(prompt)[1] if g == "offer"), None) if prompt else None
    if answer is not None:
        member, shown = await open_private(server, prompt, answer)
        await preview.refresh()
        await camera.shoot("empire-06-offer-answer", member.name)
        if shown is not None and list_values(shown):
            await member.select(shown, [list_values(shown)[0]])
            await server.env.advance_time(1.5)

    assert await play_until(server, sealed_bid), "no sealed bid"
    await preview.refresh()
    prompt = game_prompt(server)
    await camera.shoot("empire-07-sealed-bid", "alice")
    mine = [i for s, g, i in live(prompt)[1] if g == "bid" and table.seats[s].user_id == alice.id]
    if mine:
        await open_private(server, prompt, mine[0])
        await preview.refresh()
        await camera.shoot("empire-08-bid-form", "alice")
    if await play_until(server, a_fight, limit=900):
        await preview.refresh()
        await camera.shoot("empire-09-fight", "alice")
    return list(camera.shots)


async def take(out: Path) -> list[Path]:
    """Two people and two computers (an easy and a normal one)."""
    from bot.preview_shots import photograph

    computers = seats_for(4, len(PEOPLE), "normal", "empire")
    computers[0] = (computers[0][0], "easy")
    return await photograph(out, PEOPLE, SEED, 4, computers, {"game": "empire"}, empire_scenario)
