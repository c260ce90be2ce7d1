"""Which path answers an interaction of ours, decided once, from the interaction alone.

discord.py hands a component click to the persistent item whose template matches its id
(`bot.discord_app.views`), but only when the message it came from still shows that
component; it drops every other click without a word, and never hands a form back to an
item. The bot's `on_interaction` answers exactly those. Both paths read the same facts —
the interaction's type, its id and the message as the click carried it — so whatever
order they run in, one answers and the other stays silent.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import discord


def item_answers(interaction: discord.Interaction) -> bool:
    """Whether a persistent item answers this interaction: a component click whose
    message still shows a component of that type and id."""
    if interaction.type is not discord.InteractionType.component:
        return False
    data: Mapping[str, Any] = interaction.data or {}
    message = interaction.message
    if message is None:
        return False
    wanted = (data.get("component_type"), data.get("custom_id"))
    return any(
        (child.type.value, getattr(child, "custom_id", None)) == wanted
        for row in message.components
        for child in getattr(row, "children", [row])
    )


def form_values(interaction: discord.Interaction) -> list[str]:
    """The texts typed in a form sent back, field by field."""
    data: Mapping[str, Any] = interaction.data or {}
    return [str(field.get("value", "")) for field in _fields(data.get("components", []))]


def _fields(components: Any) -> Iterator[Mapping[str, Any]]:
    """Every text field of a form's payload, in rows (action rows) or labels."""
    for component in components if isinstance(components, list) else []:
        if not isinstance(component, Mapping):
            continue
        if "value" in component:
            yield component
        yield from _fields(component.get("components", []))
        inner = component.get("component")
        if isinstance(inner, Mapping):
            yield from _fields([inner])
