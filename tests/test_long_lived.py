"""What start-up loaded is set aside from the garbage collector (`bot.long_lived`), so a
full collection never walks it while the bot answers clicks."""

from __future__ import annotations

import gc

from bot.long_lived import set_aside_start_up


class Loaded:
    """Stands for a loaded match: an object in a cycle, as rules states often are."""

    def __init__(self) -> None:
        self.me = self


def test_objects_alive_at_start_up_are_no_longer_walked_by_collections() -> None:
    loaded = Loaded()
    garbage = Loaded()
    garbage_id = id(garbage)
    del garbage  # a cycle already dead at start-up: collected, not frozen
    try:
        frozen = set_aside_start_up()
        assert frozen > 0 and frozen == gc.get_freeze_count()
        walked = {id(o) for generation in range(3) for o in gc.get_objects(generation)}
        assert id(loaded) not in walked
        assert garbage_id not in walked
        later = Loaded()  # made after start-up: collections still see it
        assert any(o is later for o in gc.get_objects(0))
    finally:
        gc.unfreeze()
    assert gc.get_freeze_count() == 0
