"""Shared fixtures for the rules scenario tests (helpers live in tests.engine.scenes)."""

from __future__ import annotations

import pytest

from engine.chicago.state import MatchState
from tests.engine.scenes import match


@pytest.fixture
def two() -> MatchState:
    """Two bosses (The Don, Queen Bee) and police; nobody powered."""
    return match(bosses=2)


@pytest.fixture
def three() -> MatchState:
    """Three bosses (The Don, Queen Bee, Iron Fist) and police; nobody powered."""
    return match(bosses=3)


@pytest.fixture
def four() -> MatchState:
    """Four bosses (The Don, Queen Bee, Iron Fist, Lucky Jack) and police; nobody powered."""
    return match(bosses=4)
