"""pyproject.toml lists every package, so an install carries all the code and data
(and setuptools has nothing to warn about)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def declared() -> tuple[set[str], dict[str, str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    return set(config["packages"]), dict(config.get("package-dir", {}))


def test_every_code_folder_is_a_declared_package() -> None:
    packages, _ = declared()
    for top in ("engine", "bot"):
        for init in (ROOT / top).rglob("__init__.py"):
            name = ".".join(init.parent.relative_to(ROOT).parts)
            assert name in packages, f"add {name!r} to [tool.setuptools] packages"


def test_every_asset_folder_is_a_declared_package() -> None:
    packages, package_dir = declared()
    assets = ROOT / package_dir["chicago_assets"]
    not_installed = {"readme"}  # the README's picture is for GitHub, not for the bot
    for folder in assets.iterdir():
        if folder.is_dir() and folder.name not in not_installed | {"__pycache__"}:
            assert f"chicago_assets.{folder.name}" in packages, folder.name


def test_license_is_an_spdx_string() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert isinstance(project["license"], str)
    for path in project["license-files"]:
        assert (ROOT / path).is_file()
