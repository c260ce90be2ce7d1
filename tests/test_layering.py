"""The code is layered: no import loop anywhere in `bot/` or `engine/`, and the platform
reaches a game only through the registry.

Every import counts — at the top, inside a function or under TYPE_CHECKING — as the
engine's purity test counts every module it loads. `from package import module` depends
on that module; `from package import name` on the package."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOPS = ("bot", "engine")
REGISTRY = "bot.registry"
GAME_PACKAGES = ("chicago", "turf", "bootleg", "empire")  # bot/<game>/ and engine/<game>/


def modules() -> dict[str, Path]:
    """Every module of the tree by its dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for top in TOPS:
        for path in (ROOT / top).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _known(name: str, known: set[str]) -> str | None:
    """The tree's module `name` stands for (the nearest enclosing one), or None."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The tree's modules that module `name` (at `path`) imports, in any way."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            subs = [f"{base}.{alias.name}" for alias in node.names]
            names = [s for s in subs if s in known]
            if len(names) < len(subs):
                names.append(base)
        else:
            continue
        found.update(m for m in (_known(n, known) for n in names) if m is not None)
    found.discard(name)
    return found


def graph() -> dict[str, set[str]]:
    every = modules()
    known = set(every)
    return {name: imports_of(name, path, known) for name, path in every.items()}


def is_game(name: str) -> bool:
    parts = name.split(".")
    return len(parts) >= 2 and parts[0] in TOPS and parts[1] in GAME_PACKAGES


def is_platform(name: str) -> bool:
    return name.startswith("bot") and not is_game(name) and name != REGISTRY


def cycle_in(edges: dict[str, set[str]]) -> list[str] | None:
    try:
        list(TopologicalSorter(edges).static_order())
    except CycleError as exc:
        return list(exc.args[1])
    return None


def test_no_import_loop_anywhere_in_bot_or_engine() -> None:
    edges = graph()
    assert len(edges) > 200, "the whole tree is read"
    assert cycle_in(edges) is None, f"import loop: {' -> '.join(cycle_in(edges) or [])}"


def test_the_check_sees_a_loop_when_there_is_one() -> None:
    """A module importing one that imports it back is reported, even deep in a package."""
    edges = graph()
    edges["bot.pictures.png"] = edges["bot.pictures.png"] | {"bot.chicago.render.board"}
    assert cycle_in(edges) is not None


def test_rules_packages_import_only_the_common_rules_and_themselves() -> None:
    """A game's rules never borrow another game's: what they share is engine.common."""
    for name, deps in graph().items():
        if not name.startswith("engine."):
            continue
        own = ".".join(name.split(".")[:2])
        strays = {d for d in deps if not (d.startswith(own) or d.startswith("engine.common"))}
        if own == "engine.common":
            strays = {d for d in deps if not d.startswith("engine.common")}
        assert strays == set(), f"{name} imports {sorted(strays)}"


def naming_a_game(edges: dict[str, set[str]]) -> set[str]:
    """The platform modules that import a game's package directly."""
    return {name for name, deps in edges.items() if is_platform(name) and any(map(is_game, deps))}


def test_the_platform_reaches_games_only_through_the_registry() -> None:
    naming = naming_a_game(graph())
    assert naming == set(), f"platform modules naming a game outside the registry: {naming}"


def test_the_platform_check_sees_a_platform_module_naming_a_game() -> None:
    edges = graph()
    edges["bot.telling"] = edges["bot.telling"] | {"engine.turf.state"}
    assert naming_a_game(edges) == {"bot.telling"}


def test_nothing_in_the_discord_layer_imports_the_bot_class() -> None:
    app = "bot.discord_app.app"
    users = sorted(
        name
        for name, deps in graph().items()
        if name.startswith("bot.discord_app.") and app in deps
    )
    assert users == []


def game_of(name: str) -> str | None:
    return name.split(".")[1] if is_game(name) else None


def test_a_game_never_reads_another_game() -> None:
    """What two games share lives in the platform (bot.games, bot.pictures, bot.telling)
    or in engine.common, never in one of them."""
    crossing = {
        (name, dep)
        for name, deps in graph().items()
        for dep in deps
        if game_of(name) is not None and game_of(dep) not in (None, game_of(name))
    }
    assert crossing == set()
