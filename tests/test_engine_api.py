"""The engine's public surface: one step table, a player view without secrets, saved
state with a format version, limits declared once."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import build_parser
from engine.chicago import (
    PUBLIC_MODULES,
    STATE_FORMAT,
    DecisionKind,
    MatchState,
    StateFormatError,
    new_match,
    player_view,
)
from engine.chicago.limits import BOSS_COUNTS, MARKS_CHOICES
from engine.chicago.random_play import play_random
from engine.chicago.steps import DECISION_HANDLERS, STEP_HANDLERS
from engine.turf import PUBLIC_MODULES as TURF_PUBLIC_MODULES

ROOT = Path(__file__).resolve().parent.parent


def _scheduled_step_kinds() -> set[str]:
    """Every step kind the engine's source pushes onto the agenda."""
    kinds: set[str] = set()
    for path in (ROOT / "engine" / "chicago").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name == "push" and len(node.args) >= 2:
                target = node.args[1]
            elif name == "Step" and node.args:
                target = node.args[0]
            else:
                continue
            for sub in ast.walk(target):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                    kinds.add(sub.value)
    return kinds


def test_every_step_and_decision_kind_has_exactly_one_handler_in_the_table() -> None:
    scheduled = _scheduled_step_kinds()
    assert {"turn", "end_turn", "raid", "action"} <= scheduled
    assert scheduled == set(STEP_HANDLERS)
    assert set(DECISION_HANDLERS) == set(DecisionKind)


def test_the_bot_imports_only_the_engines_public_modules() -> None:
    used: dict[str, set[str]] = {}
    for path in (ROOT / "bot").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "engine.chicago"
            ):
                used.setdefault(node.module or "", set()).add(str(path.relative_to(ROOT)))
    private = {module: files for module, files in used.items() if module not in PUBLIC_MODULES}
    assert private == {}


def test_the_bot_imports_only_turf_s_public_modules() -> None:
    used: dict[str, set[str]] = {}
    for path in (ROOT / "bot").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine.turf"):
                used.setdefault(node.module or "", set()).add(str(path.relative_to(ROOT)))
    assert used, "the bot uses Turf"
    private = {module: files for module, files in used.items() if module not in TURF_PUBLIC_MODULES}
    assert private == {}


def _played(seed: int) -> MatchState:
    state = new_match(3, seed)
    play_random(state, seed, max_decisions=40)
    return state


def test_the_player_view_holds_no_seed_generator_or_deck_order() -> None:
    state = new_match(3, 424242)
    state.rng.counter = 987654321
    text = player_view(state).to_json().decode()
    data = json.loads(text)
    assert "rng" not in data and "seed" not in text and "987654321" not in text
    assert "424242" not in text and "agenda" not in data
    assert data["street_deck_left"] == len(state.street_deck)
    assert "street_deck" not in data and "police_deck" not in data


def test_nothing_can_be_predicted_from_the_player_view() -> None:
    """Two matches that differ only in what is hidden (seed, generator position, deck
    order) give the same view, so the view cannot tell the next die or card."""
    state = new_match(2, 1)
    other = MatchState.from_json(state.to_json())
    other.rng.seed, other.rng.counter = 99, 12345
    other.street_deck.reverse()
    other.police_deck.reverse()
    assert other.street_deck != state.street_deck
    assert player_view(other).to_json() == player_view(state).to_json()


def test_saved_state_carries_its_format_and_another_format_is_refused() -> None:
    state = new_match(2, 5)
    data = json.loads(state.to_json())
    assert data["format"] == STATE_FORMAT
    assert MatchState.from_json(state.to_json()).to_json() == state.to_json()
    for bad in (STATE_FORMAT + 1, None):
        changed = dict(data)
        if bad is None:
            del changed["format"]
        else:
            changed["format"] = bad
        with pytest.raises(StateFormatError):
            MatchState.from_json(json.dumps(changed))


def test_the_command_line_reads_the_game_limits_from_the_engine() -> None:
    parser = build_parser()
    for bosses in BOSS_COUNTS:
        assert parser.parse_args(["demo", "--bosses", str(bosses)]).bosses == bosses
    for marks in MARKS_CHOICES:
        assert parser.parse_args(["demo", "--marks", str(marks)]).marks == marks
    for wrong in (min(BOSS_COUNTS) - 1, max(BOSS_COUNTS) + 1):
        with pytest.raises(SystemExit):
            parser.parse_args(["demo", "--bosses", str(wrong)])


def test_help_does_not_load_the_picture_or_discord_libraries() -> None:
    code = (
        "import sys, contextlib, io\n"
        "from bot.cli import main\n"
        "for cmd in ('demo', 'render', 'simulate', 'bench'):\n"
        "    with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "        main([cmd, '--help'])\n"
        "print(sorted(m for m in ('PIL', 'discord', 'aiosqlite') if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]"


def test_the_slash_commands_read_the_game_limits_from_the_engine() -> None:
    from bot.discord_app.command_group import new_group
    from bot.discord_app.commands import commands
    from engine.chicago.limits import MAX_BOSSES, MAX_ROUND_LIMIT, MIN_BOSSES

    group = new_group()
    command = next(c for c in commands(None, None, group) if c.name == "new")  # type: ignore[arg-type]
    params = {p.name: p for p in command.parameters}
    assert (params["bosses"].min_value, params["bosses"].max_value) == (MIN_BOSSES, MAX_BOSSES)
    assert params["rounds"].max_value == MAX_ROUND_LIMIT


def test_a_newer_layout_that_does_not_even_parse_still_names_its_format() -> None:
    data = json.loads(new_match(2, 5).to_json())
    data["format"] = STATE_FORMAT + 1
    data["sides"] = "rearranged in a newer layout"
    with pytest.raises(StateFormatError, match=f"format {STATE_FORMAT + 1}"):
        MatchState.from_json(json.dumps(data))
    data["format"] = STATE_FORMAT
    with pytest.raises(ValueError):  # this engine's own format, damaged: pydantic says how
        MatchState.from_json(json.dumps(data))
