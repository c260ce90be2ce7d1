"""The README's engine example runs as printed."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

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


def _option_rows(command: str) -> dict[str, str]:
    """The README's option table of `chicago-bot COMMAND`: option name -> its row."""
    section = README.read_text().split(f"### `chicago-bot {command}`", 1)[1].split("\n### ", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        cells = re.split(r"(?<!\\)\|", line)
        if len(cells) == 4 and cells[1].strip().startswith("`--"):
            names, row = cells[1].strip(), cells[2]
            if "`, `--" not in names:  # one option a row: the default stated is its own
                rows[names.strip("`").split()[0]] = row
    return rows


def _actions(command: str) -> dict[str, argparse.Action]:
    from bot.cli import build_parser

    parser = build_parser(command)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {o: a for a in sub.choices[command]._actions for o in a.option_strings}


@pytest.mark.parametrize("command", ["demo", "simulate", "preview"])
def test_the_option_tables_say_the_defaults_the_commands_have(command: str) -> None:
    """A default the README states is the one the parser has."""
    actions = _actions(command)
    rows = _option_rows(command)
    assert rows, f"no option table for {command}"
    for option, row in rows.items():
        default = actions[option].default
        stated = re.search(r"\(default ([^;),]+)", row)
        if stated and default is not None and not isinstance(default, bool):
            written = (
                ",".join(default)
                if isinstance(default, list)
                else f"{default:g}"
                if isinstance(default, float)
                else str(default)
            )
            assert stated.group(1).strip("`") == written, (option, row, default)


def test_replay_prints_what_the_readme_says(tmp_path: Path) -> None:
    """`demo --save FILE` needs its FILE, and `replay FILE` prints a summary and the
    standings (drawing only with --out), as the README tells."""
    import contextlib
    import io

    from bot.cli import main

    with pytest.raises(SystemExit):
        main(["demo", "--save"])
    saved = tmp_path / "m.chicago.json"
    with contextlib.redirect_stdout(io.StringIO()):
        main(["demo", "--bosses", "2", "--marks", "2", "--round-limit", "1", "--save", str(saved)])
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown):
        assert main(["replay", str(saved)]) == 0
    lines = shown.getvalue().splitlines()
    assert "seed 1927" in lines[0] and "decisions" in lines[0] and "round" in lines[0]
    assert lines[1].startswith("verified: the log replays to the final state")
    assert lines[2].startswith("winner: ") and lines[3].lstrip().startswith("1. ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.chicago.json"]  # nothing drawn
    readme = " ".join(README.read_text().split())
    assert "then prints a summary of it" in readme and "the final standings; it draws" in readme
    assert "(no default: name it" in " ".join(_option_rows("demo")["--save"].split())
