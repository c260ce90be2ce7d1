"""Screenshots of the channel as players see it, at desktop and phone width, for any
game of the registry: each game's scenario (its `Offline.screenshots`) plays a seeded
match and says when to shoot; this module holds the browser and the offline server.

For looking at what the bot posts, not for CI (it needs a browser): the real bot plays a
seeded match in the offline Discord (`bot.preview`), and Debian's `chromium` (through
Playwright, never `playwright install`) photographs simcord's preview page.

    python -m bot.preview_shots --out shots [--readme assets/readme/turn.png]
    python -m bot.preview_shots --game turf --out shots
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import sys
import tempfile
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from bot.preview import OfflineServer, buttons
from bot.registry import DEFAULT_GAME, GAMES, offline_of

Scenario = Callable[[OfflineServer, Any, "Camera"], Awaitable[list[Path]]]

TIMER = 300
WIDTHS = {"desktop": (1280, 1000), "phone": (400, 860)}
READY = (
    "() => window.simcordPreview && window.simcordPreview.ready === true"
    " && !window.simcordPreview.pendingAction"
)
IMAGES_LOADED = "() => Array.from(document.images).every(i => i.complete)"
LAST = "#channel-message-list .channel-message >> nth=-1"
SETTLED = "() => !document.getElementById('action-status').textContent.trim().endsWith('\u2026')"
PUBLIC = re.compile(r"chicago:\d+:g:\d+:(\S+)")  # a game's button in the channel
PRIVATE = re.compile(r"chicago:\d+:gp:\d+:(\d+):(\S+)")  # a 🔒 button: its seat, its list


def game_prompt(server: OfflineServer) -> Any | None:
    """The newest message with live game buttons (None: nobody is asked)."""
    for message in reversed(server.history()):
        if any(
            PUBLIC.fullmatch(b.custom_id) or PRIVATE.fullmatch(b.custom_id)
            for b in buttons(message)
            if not b.disabled
        ):
            return message
    return None


def list_values(message: Any) -> list[str]:
    """The values of a private list (a select menu) in a message."""
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else row.children
        for child in children:
            data = child if isinstance(child, dict) else child.to_dict()
            if data.get("options"):
                return [str(o["value"]) for o in data["options"]]
    return []


def seat_member(server: OfflineServer, seat: int) -> Any:
    """The person in a seat of the (only) match: private lists carry the seat."""
    table: Any = server.bot.tables.by_id[1]
    return server.by_id[table.seats[seat].user_id]


async def open_private(server: OfflineServer, prompt: Any, custom_id: str) -> tuple[Any, Any]:
    """Open a 🔒 list as its seat's player: (the player, the private message)."""
    found = PRIVATE.fullmatch(custom_id)
    assert found is not None
    member = seat_member(server, int(found[1]))
    opened = await member.click(prompt, custom_id=custom_id)
    return member, opened.response


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


async def photograph(
    out: Path,
    people: Sequence[str],
    seed: int,
    count: int,
    computers: Sequence[tuple[str, str]],
    options: dict[str, Any],
    scenario: Scenario,
    turn_timer: int = TIMER,
) -> list[Path]:
    """A lobby of `count` main seats opened by the first of `people` (the others and
    `computers` seated), served as simcord's page, played and photographed by `scenario`."""
    with tempfile.TemporaryDirectory(prefix="chicago-shots-") as folder:
        server = OfflineServer(
            Path(folder) / "shots.db",
            people,
            turn_timer=turn_timer,
            seed=seed,
            game=options.get("game"),
        )
        await server.start()
        try:
            await server.open_match(count, people, computers, **options)
            preview = server.page()
            async with preview, Camera(out, preview.url) as camera:
                return await scenario(server, preview, camera)
        finally:
            await server.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.preview_shots", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--out", type=Path, default=Path("shots"), help="folder for the PNGs")
    parser.add_argument("--readme", type=Path, default=None, help="also copy the turn here")
    parser.add_argument(
        "--game", choices=tuple(GAMES), default=DEFAULT_GAME, help="which game to photograph"
    )
    args = parser.parse_args(argv)
    if shutil.which("chromium") is None:
        print("preview_shots needs Debian's chromium: apt-get install -y chromium")
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    shots = offline_of(args.game).screenshots(args.out, args.readme)
    print(f"{len(shots)} screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
