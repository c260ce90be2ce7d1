"""Screenshots of the channel as players see it, at desktop and phone width: the lobby,
a turn prompt, a raid, the half-time reminder, a timeout, a private error reply and the
final standings.

For looking at what the bot posts, not for CI (it needs a browser): the real bot plays a
seeded match in the offline Discord (`bot.preview`), and Debian's `chromium` (through
Playwright, never `playwright install`) photographs simcord's preview page.

    python -m bot.preview_shots --out shots [--readme assets/readme/turn.png]
    python -m bot.preview_shots --game turf --out shots
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from bot.preview import Button, OfflineServer, live_decisions

SEED = 6  # with the player below, meets a pay, a raid with a withdrawal prompt and a bribe
PEOPLE = ("alice", "bob", "carol")  # two bosses, then the police
TIMER = 300
WIDTHS = {"desktop": (1280, 1000), "phone": (400, 860)}
READY = (
    "() => window.simcordPreview && window.simcordPreview.ready === true"
    " && !window.simcordPreview.pendingAction"
)
IMAGES_LOADED = "() => Array.from(document.images).every(i => i.complete)"
LAST = "#channel-message-list .channel-message >> nth=-1"
SETTLED = "() => !document.getElementById('action-status').textContent.trim().endsWith('\u2026')"


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


class Camera:
    """One browser; each shot opens the page afresh as the given viewer, at each width."""

    def __init__(self, out: Path, url: str) -> None:
        self.out = out
        self.url = url
        self.shots: list[Path] = []

    async def __aenter__(self) -> Camera:
        from playwright.async_api import async_playwright

        self._pw = await async_playwright().start()
        self._browser = await self._pw.chromium.launch(executable_path=shutil.which("chromium"))
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._browser.close()
        await self._pw.stop()

    async def open(self, viewer: str, width: int, height: int, scale: float = 1) -> Any:
        """The page as `viewer` sees it, scrolled to the newest message, images loaded."""
        page = await self._browser.new_page(
            viewport={"width": width, "height": height}, device_scale_factor=scale
        )
        await page.goto(self.url)
        await page.wait_for_function(READY, timeout=20_000)
        picker = page.locator("#viewer-picker")
        if await picker.count():
            await picker.select_option(label=viewer)
            await page.wait_for_function(READY, timeout=20_000)
        await page.wait_for_function(SETTLED, timeout=10_000)
        await page.wait_for_function(IMAGES_LOADED, timeout=10_000)
        await asyncio.sleep(0.3)
        await page.locator(LAST).evaluate("m => m.scrollIntoView({block: 'end'})")
        await page.mouse.move(0, 0)
        return page

    async def shoot(self, name: str, viewer: str) -> None:
        for width_name, (width, height) in WIDTHS.items():
            page = await self.open(viewer, width, height)
            path = self.out / f"{name}-{width_name}.png"
            await page.screenshot(path=str(path))
            await page.close()
            self.shots.append(path)
            print(f"  {path}", flush=True)

    async def shoot_message(self, path: Path, viewer: str) -> None:
        """The newest message alone, as in the README."""
        page = await self.open(viewer, 1000, 1100, scale=2)
        await page.locator(LAST).screenshot(path=str(path))
        await page.close()
        print(f"  {path}", flush=True)


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


async def take_turf(out: Path) -> list[Path]:
    """The Turf scenario (`bot.turf.preview_shots`): two people and a computer."""
    from bot.preview import seats_for
    from bot.turf.preview_shots import PEOPLE as TURF_PEOPLE
    from bot.turf.preview_shots import ROUNDS, turf_scenario
    from bot.turf.preview_shots import SEED as TURF_SEED

    with tempfile.TemporaryDirectory(prefix="chicago-shots-") as folder:
        server = OfflineServer(Path(folder) / "shots.db", TURF_PEOPLE, seed=TURF_SEED)
        await server.start()
        try:
            computers = seats_for(3, len(TURF_PEOPLE), "normal", "turf")
            await server.open_match(3, TURF_PEOPLE, computers, game="turf", rounds=ROUNDS)
            viewers = list(server.members.values())
            preview = server.env.preview(server.channel, viewers=viewers, layout="channel")
            async with preview, Camera(out, preview.url) as camera:
                return await turf_scenario(server, preview, camera)
        finally:
            await server.close()


async def take(out: Path, readme: Path | None) -> list[Path]:
    with tempfile.TemporaryDirectory(prefix="chicago-shots-") as folder:
        server = OfflineServer(Path(folder) / "shots.db", PEOPLE, turn_timer=TIMER, seed=SEED)
        await server.start()
        try:
            await server.open_match(2, PEOPLE, length="rounds", rounds=6)
            viewers = list(server.members.values())
            preview = server.env.preview(server.channel, viewers=viewers, layout="channel")
            async with preview, Camera(out, preview.url) as camera:
                return await scenario(server, preview, camera, readme)
        finally:
            await server.close()


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("shots"), help="folder for the PNGs")
    parser.add_argument("--readme", type=Path, default=None, help="also copy the turn here")
    parser.add_argument(
        "--game", choices=("chicago", "turf"), default="chicago", help="which game to photograph"
    )
    args = parser.parse_args(argv)
    if shutil.which("chromium") is None:
        print("preview_shots needs Debian's chromium: apt-get install -y chromium")
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    if args.game == "turf":
        shots = asyncio.run(take_turf(args.out))
    else:
        shots = asyncio.run(take(args.out, args.readme))
    print(f"{len(shots)} screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
