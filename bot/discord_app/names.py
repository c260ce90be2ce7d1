"""Names as text: a member's display name becomes a seat name that reads the same in
every message, picture and DM and can never ping, link or format anything.

Discord reads `<@id>`, `@everyone`, `<#id>`, `<t:…>`, masked links and markdown inside
message text. A seat name is written into narration, prompts, embeds and DMs, so it is
made plain once, when the seat is taken, rather than escaped at every use.
"""

from __future__ import annotations

import re
import unicodedata

MAX_NAME = 32
FALLBACK = "Player"
# Characters with a meaning in Discord text: mentions and links (<>@#[]()),
# markdown (*_~`|>\\) and headers/lists at a line start (handled by stripping).
SPECIAL = re.compile(r"[<>@#\[\]()*_~`|\\:]")
SPACES = re.compile(r"\s+")


def plain_name(raw: str, limit: int = MAX_NAME) -> str:
    """`raw` without mention, link and markdown syntax, control or invisible characters,
    on one line and at most `limit` characters ("Player" when nothing is left)."""
    kept = "".join(
        ch for ch in raw if unicodedata.category(ch)[0] != "C" and ch not in "\u200b\u2060"
    )
    text = SPACES.sub(" ", SPECIAL.sub(" ", kept)).strip(" -+.")
    return text[:limit].strip() or FALLBACK
