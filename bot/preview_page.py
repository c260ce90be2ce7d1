"""How the offline preview page shows what the bot posts, made closer to Discord's own
client: the board picture at the width Discord gives it (the message column on a phone,
about 400–550 px on a desktop), files above a message's buttons, "(edited)" inside the
message column, and timestamps in the sidebar told as the channel tells them, not as
"[timestamp]".

simcord 3.2.1 draws its page from its own stylesheet and summaries; these adjustments
are made on one preview (its stylesheet) and on simcord's summary function, both
private knobs to re-check on any simcord upgrade.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

# Appended to simcord's preview.css, so these rules win over its own.
PAGE_STYLE = """
/* chicago-bot preview: pictures as Discord shows them. */
.embed-card { width: min(520px, calc(100% - 88px)); }
img.embed-image { width: 100%; max-width: 100%; max-height: none; object-fit: contain; }
.embed-media { margin-top: 12px; }
@container preview (max-width: 600px) {
  .embed-card { width: calc(100% - 84px); padding: 10px 10px 8px 10px; margin-right: 12px; }
}
/* A message's parts in Discord's order: its text, then "(edited)" (of a message grouped
   under the one before: after its text, in its column), embeds and files, and the
   buttons last (simcord draws files below the buttons). */
.channel-message { display: flex; flex-direction: column; }
.channel-message > * { order: 5; }
.channel-message > :is(.message-header, .message-gutter-time) { order: 0; }
.channel-message > .message-ephemeral-note { order: 1; }
.channel-message > .message-content { order: 2; }
.channel-message > .message-edited-compact { order: 3; margin: 0 0 2px 72px; }
.channel-message > .message-components { order: 6; }
"""
STYLESHEET = "/preview.css"


def restyle(preview: Any, style: str = PAGE_STYLE) -> None:
    """Serve this preview's stylesheet with `style` after simcord's. Call it before the
    preview is entered: its server binds its routes when it starts."""
    server = preview._server
    serve_static = server._static

    async def static(request: Any) -> Any:
        response = await serve_static(request)
        if request.path != STYLESHEET:
            return response
        from aiohttp import web

        return web.Response(
            text=response.text + style,
            content_type="text/css",
            headers=server._SECURITY_HEADERS,
        )

    server._static = static


# --- timestamps in the sidebar -------------------------------------------------------------

TIMESTAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")
UNITS = (("week", 604_800), ("day", 86_400), ("hour", 3_600), ("minute", 60), ("second", 1))


def relative(moment: datetime, now: datetime) -> str:
    """A relative time in Discord's words ("in 5 minutes", "2 hours ago")."""
    seconds = (moment - now).total_seconds()
    size = abs(seconds)
    unit, length = next(((u, n) for u, n in UNITS if size >= n), ("second", 1))
    count = round(size / length)
    if count == 0:
        return "now"
    words = f"{count} {unit}{'' if count == 1 else 's'}"
    return f"in {words}" if seconds > 0 else f"{words} ago"


def told_time(unix: int, style: str, now: datetime) -> str:
    """A `<t:…>` timestamp as the channel shows it (English, UTC, as the page does)."""
    moment = datetime.fromtimestamp(unix, UTC)
    if style == "R":
        return relative(moment, now)
    clock = moment.strftime("%I:%M %p").lstrip("0")
    day = f"{moment.strftime('%B')} {moment.day}, {moment.year}"
    formats = {
        "t": clock,
        "T": moment.strftime("%I:%M:%S %p").lstrip("0"),
        "d": f"{moment.month}/{moment.day}/{moment.year}",
        "D": day,
        "F": f"{moment.strftime('%A')}, {day} {clock}",
    }
    return formats.get(style, f"{moment.strftime('%b')} {moment.day}, {moment.year} {clock}")


def told_timestamps(text: str, now: datetime) -> str:
    """Every `<t:…>` in `text` as the channel shows it."""
    return TIMESTAMP.sub(lambda m: told_time(int(m[1]), m[2] or "f", now), text)


def tell_sidebar_timestamps() -> None:
    """simcord's summaries (the sidebar's message list) write every timestamp as
    "[timestamp]"; make them tell it as the message does. Done once per process."""
    from simcord.preview import _queries
    from simcord.preview._markdown import markdown_summary, markdown_tokens
    from simcord.preview._messages import _markdown_context

    summarize: Callable[..., dict[str, Any]] = _queries._message_summary_parts
    if getattr(summarize, "tells_timestamps", False):
        return

    def summary(
        preview: Any, page: Any, message: Any, channel: Any, *, context: Any = None
    ) -> dict[str, Any]:
        if context is None:
            context = _markdown_context(preview, page, message, channel)
        parts = summarize(preview, page, message, channel, context=context)
        content = message.content or ""
        if "[timestamp]" in parts.get("excerpt", "") and TIMESTAMP.search(content):
            shown = told_timestamps(content, preview.capture_time)
            tokens = markdown_tokens(shown, "message", context=context)
            parts["excerpt"] = markdown_summary(tokens)
        return parts

    summary.tells_timestamps = True  # type: ignore[attr-defined]
    _queries._message_summary_parts = summary


def adapt(preview: Any) -> None:
    """Every adjustment above, on a preview not yet entered."""
    restyle(preview)
    tell_sidebar_timestamps()
