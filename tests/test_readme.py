"""The README's engine example runs as printed."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_engine_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    assert blocks, "the README has no python example"
    namespace: dict[str, object] = {}
    exec(compile(blocks[0], "README.md", "exec"), namespace)
    state = namespace["state"]
    assert getattr(state, "result", None) is not None


def test_readme_session_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    session_blocks = [b for b in blocks if "MatchSession" in b]
    assert session_blocks, "the README has no session example"
    namespace: dict[str, object] = {}
    exec(compile(session_blocks[0], "README.md", "exec"), namespace)
    assert namespace["rebuilt"] is not None


def test_every_setting_is_documented() -> None:
    """Each setting the bot reads is in the README's table and in `.env.example`."""
    from bot.settings import Settings

    readme = README.read_text()
    example = (README.parent / ".env.example").read_text()
    names = [f.alias for f in Settings.model_fields.values() if f.alias]
    assert "CHICAGO_SHARD_IDS" in names and "CHICAGO_SHARD_COUNT" in names
    for name in names:
        assert f"| `{name}` |" in readme or f"`{name}`" in readme, f"{name} not in README"
        assert re.search(rf"^#? ?{name}=|\({name} ", example, re.M), f"{name} not in .env.example"
