"""The Discord layer has no import loop: its parts depend on small protocols
(`bot.discord_app.ports`), not on the bot, so each imports alone. Every import counts —
at the top, inside a function or under TYPE_CHECKING — as the engine's purity test
counts every module it loads."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

PACKAGE = "bot.discord_app"
FOLDER = Path(__file__).resolve().parents[2] / "bot" / "discord_app"


def modules() -> dict[str, Path]:
    return {f"{PACKAGE}.{p.stem}": p for p in FOLDER.glob("*.py") if p.stem != "__init__"}


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The layer's modules that `path` imports, in any way."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(name for name in names if name in known)
    return found


def graph() -> dict[str, set[str]]:
    known = set(modules())
    return {name: imports_of(path, known) - {name} for name, path in modules().items()}


def test_the_discord_layer_has_no_import_loop() -> None:
    try:
        order = list(TopologicalSorter(graph()).static_order())
    except CycleError as exc:
        raise AssertionError(f"import loop in the Discord layer: {exc.args[1]}") from None
    assert len(order) == len(modules())


def test_nothing_in_the_layer_imports_the_bot_class() -> None:
    app = f"{PACKAGE}.app"
    users = sorted(name for name, deps in graph().items() if app in deps)
    assert users == []


def test_the_check_sees_a_loop_when_there_is_one() -> None:
    """The graph is read from the source: a module importing one that imports it back
    forms a cycle the sorter reports."""
    edges = graph()
    edges[f"{PACKAGE}.ports"] = edges[f"{PACKAGE}.ports"] | {f"{PACKAGE}.tables"}
    try:
        list(TopologicalSorter(edges).static_order())
    except CycleError:
        return
    raise AssertionError("a loop through ports and tables was not found")
