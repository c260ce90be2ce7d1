"""Seeds no one can search for (128 random bits), while matches made with the old narrow
seeds replay exactly as they were played (tests/golden holds one such transcript)."""

from __future__ import annotations

from engine.chicago import WIDE_SEED_BITS, new_match, replay, wide_seed
from engine.chicago.random_play import play_random
from engine.common.rng import Rng, die


def dice(seed: int, count: int = 40) -> list[int]:
    rng = Rng(seed=seed)
    return [die(rng) for _ in range(count)]


def test_a_wide_seed_keeps_every_one_of_its_bits() -> None:
    base = wide_seed(0x1234_5678_9ABC_DEF0_0FED_CBA9_8765_4321)
    assert base.bit_length() == WIDE_SEED_BITS + 1
    for bit in (0, 63, 64, 100, WIDE_SEED_BITS - 1):
        assert dice(base ^ (1 << bit)) != dice(base), f"bit {bit} does not change the dice"


def test_a_wide_seed_is_not_read_as_its_low_64_bits() -> None:
    seed = wide_seed(987654321)
    assert dice(seed) != dice(seed & ((1 << 64) - 1))


def test_a_wide_seed_match_replays_exactly() -> None:
    seed = wide_seed(2**127 + 12345)
    state = new_match(3, seed=seed)
    log = play_random(state, 7)
    again, _ = replay(state.setup, log)
    assert again.to_json() == state.to_json()
    assert again.setup.seed == seed


def test_narrow_seeds_keep_their_generator() -> None:
    """splitmix64 of the seed and the counter, as matches created before wide seeds."""
    mask = (1 << 64) - 1
    z = (1931 + 0x9E3779B97F4A7C15) & mask
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    assert dice(1931, 1) == [(z ^ (z >> 31)) % 6 + 1]
