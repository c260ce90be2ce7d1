"""The offline preview page as a person sees it, checked without a browser: what the
page is served (its stylesheet, the channel's header, the sidebar's summaries, the
host's notes) and what the screenshot scenarios photograph."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar

import pytest

from bot import preview_shots
from bot.preview import OfflineServer, buttons, seats_for
from bot.preview_page import PAGE_STYLE, relative, told_timestamps


async def fetch(preview: Any, path: str, body: dict[str, Any] | None = None) -> Any:
    """One request as the page's own script makes it."""
    import aiohttp

    origin, capability = preview.url.split("/#", 1)
    headers = {"X-Simcord-Capability": capability}
    async with aiohttp.ClientSession() as http:
        if body is None:
            async with http.get(origin + path, headers=headers) as answer:
                assert answer.status == 200
                return await answer.text()
        async with http.post(origin + path, json=body, headers=headers) as answer:
            assert answer.status == 200
            return await answer.json()


@pytest.fixture
async def guest_table(tmp_path: Path) -> AsyncIterator[OfflineServer]:
    """`chicago-bot preview` as it opens: a guest hosts, computers fill the seats."""
    server = OfflineServer(tmp_path / "p.db", ["guest"], seed=7)
    await server.start()
    try:
        await server.open_match(3, ["guest"], seats_for(3, 1, "normal"))
        yield server
    finally:
        await server.close()


def css_rules(css: str) -> str:
    return re.sub(r"\s+", " ", css)


async def test_pictures_are_shown_at_discords_width(guest_table: OfflineServer) -> None:
    """The phone picture was a 166×280 thumbnail (simcord caps embed images at 280 px
    high): the page's stylesheet now ends with rules that let it fill the embed, the
    message column on a phone and a 520 px embed on a desktop."""
    async with guest_table.page(port=0) as preview:
        css = css_rules(await fetch(preview, "/preview.css"))
        script = await fetch(preview, "/app.js")
    assert css.endswith(css_rules(PAGE_STYLE)), css[-300:]
    assert "img.embed-image { width: 100%; max-width: 100%; max-height: none;" in css
    assert ".embed-card { width: min(520px, calc(100% - 88px)); }" in css
    assert ".embed-card { width: calc(100% - 84px);" in css  # phone: the whole column
    # "(edited)" of a grouped message goes after its text, inside the column; files
    # come before the buttons.
    assert ".channel-message > .message-edited-compact { order: 3; margin: 0 0 2px 72px; }" in css
    assert ".channel-message > * { order: 5; }" in css
    assert ".channel-message > .message-components { order: 6; }" in css
    assert "PAGE_STYLE" not in script and "import" in script  # other files as simcord's


async def test_one_note_for_the_host_closed_at_start(guest_table: OfflineServer) -> None:
    """At 400 px the page opened on three "Which computer player?" notes, two with live
    buttons, Start scrolled away: one note is left, with only its Remove buttons."""
    server = guest_table
    guest = server.members["guest"]

    def notes() -> list[Any]:
        return [m for m in server.channel.history(viewer=guest) if m.flags.ephemeral]

    held = notes()
    assert len(held) == 1 and "Every seat is filled" in held[0].content
    assert all(b.label.startswith("Remove ") for b in buttons(held[0])), buttons(held[0])
    async with server.page(port=0) as preview:
        page = json.dumps(await fetch(preview, "/api/pages", {}), ensure_ascii=False)
    assert "Which computer player?" not in page and "Easy boss" not in page
    await server.start_match()
    held = notes()
    assert len(held) == 1 and not buttons(held[0]), [m.content for m in held]


@pytest.mark.parametrize("game", ["chicago", "turf", "bootleg"])
async def test_the_channel_header_names_the_game(tmp_path: Path, game: str) -> None:
    from bot.registry import game_named

    server = OfflineServer(tmp_path / "p.db", ["guest"], game=game)
    await server.start()
    try:
        async with server.page(port=0) as preview:
            page = json.dumps(await fetch(preview, "/api/pages", {}), ensure_ascii=False)
    finally:
        await server.close()
    title = game_named(game).title
    assert f"{title}, offline" in page
    if game != "chicago":
        assert "Chicago 1927, offline" not in page


async def test_the_sidebar_tells_timestamps_as_the_channel_does(
    guest_table: OfflineServer,
) -> None:
    """The desktop sidebar summarised "Time runs out <t:…:R>" as "[timestamp]"."""
    server = guest_table
    await server.start_match()
    await server.env.advance_time(5)
    prompt = server.prompt()
    assert prompt is not None and "<t:" in prompt.content
    async with server.page(port=0) as preview:
        page = await fetch(preview, "/api/pages", {})
    text = json.dumps(page, ensure_ascii=False)
    assert "[timestamp]" not in text
    excerpts = re.findall(r'"excerpt": "([^"]*)"', text)
    assert any("Time runs out in 5 minutes." in e for e in excerpts), excerpts


def test_timestamps_read_as_discord_words_them() -> None:
    now = datetime(2026, 1, 1, 0, 0, tzinfo=UTC)
    assert relative(now + timedelta(minutes=5), now) == "in 5 minutes"
    assert relative(now - timedelta(hours=2), now) == "2 hours ago"
    assert relative(now + timedelta(seconds=1), now) == "in 1 second"
    assert relative(now, now) == "now"
    stamp = int((now + timedelta(minutes=90)).timestamp())
    assert told_timestamps(f"at <t:{stamp}:t>, <t:{stamp}:d>", now) == "at 1:30 AM, 1/1/2026"


class RecordingCamera:
    """The screenshot scenarios' camera without a browser: it notes each shot's name
    and viewer (the scenario, the offline server and its page are the real ones)."""

    taken: ClassVar[list[tuple[str, str]]] = []

    def __init__(self, out: Path, url: str) -> None:
        self.out = out
        self.shots: list[Path] = []

    async def __aenter__(self) -> RecordingCamera:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def shoot(self, name: str, viewer: str) -> None:
        self.taken.append((name, viewer))
        self.shots.append(self.out / f"{name}-phone.png")


async def test_turf_shots_include_the_confrontation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`preview_shots --game turf` promised a confrontation shot it never took."""
    from bot.turf import preview_shots as turf_shots

    asked: list[bool] = []
    shoot = RecordingCamera.shoot

    async def noting(self: RecordingCamera, name: str, viewer: str) -> None:
        if name == "turf-04-fight":
            asked.append(turf_shots.confrontation(preview_shots.game_prompt(server)))
        await shoot(self, name, viewer)

    photograph = preview_shots.photograph
    server: Any = None

    async def kept(*args: Any, **kwargs: Any) -> list[Path]:
        *table, scenario = args

        async def watched(srv: OfflineServer, preview: Any, camera: Any) -> list[Path]:
            nonlocal server
            server = srv
            return list(await scenario(srv, preview, camera))

        return await photograph(*table, watched, **kwargs)  # type: ignore[call-arg]

    RecordingCamera.taken = []
    monkeypatch.setattr(RecordingCamera, "shoot", noting)
    monkeypatch.setattr(preview_shots, "Camera", RecordingCamera)
    monkeypatch.setattr(turf_shots, "photograph", kept)
    shots = await turf_shots.take(tmp_path)
    names = [name for name, _ in RecordingCamera.taken]
    assert names == [
        "turf-01-lobby",
        "turf-02-legwork",
        "turf-03-private",
        "turf-04-fight",
        "turf-05-final",
    ]
    assert asked == [True], "the fight shot was taken when no secret choice was asked"
    assert len(shots) == 5
