"""Whether the optional offline Discord (simcord) is installed, asked without importing it,
so commands that need it can say in one line how to get it."""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence

# simcord and the modules its preview server needs (the `preview` extra).
PREVIEW_MODULES = ("simcord", "aiohttp", "markdown_it", "linkify_it", "regex")
INSTALL_PREVIEW = "pip install '.[preview]'"


def missing(modules: Sequence[str]) -> list[str]:
    """The modules of an optional extra that are not installed."""
    return [name for name in modules if importlib.util.find_spec(name) is None]
