"""Seeded randomness stored in the state (splitmix64 over a counter).

All dice, shuffles and the character deal come from here, so the same seed and the
same decisions replay a match exactly. Tests may queue dice in `rng.script`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field


@dataclass(slots=True)
class Rng:
    """A counter-based generator (splitmix64): the state is the seed and a position.
    `script` holds dice that tests queue up; they are used before the generator."""

    seed: int
    counter: int = 0
    script: list[int] = field(default_factory=list)


_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
# A seed wider than 64 bits selects the keyed generator: its stream cannot be searched
# for from a few dice seen in play. Seeds up to 64 bits keep splitmix64, so matches
# created with them replay exactly as they were played.
WIDE_SEED_BITS = 128
WIDE_SEED_MARK = 1 << WIDE_SEED_BITS


def wide_seed(random_bits: int) -> int:
    """A match seed from `WIDE_SEED_BITS` random bits: the mark bit above them selects
    the keyed generator, whatever the bits are."""
    return WIDE_SEED_MARK | (random_bits & (WIDE_SEED_MARK - 1))


def _next(rng: Rng) -> int:
    rng.counter += 1
    if rng.seed > _MASK:
        key = rng.seed.to_bytes((rng.seed.bit_length() + 7) // 8, "little")[:64]
        digest = hashlib.blake2b(rng.counter.to_bytes(8, "little"), key=key, digest_size=8).digest()
        return int.from_bytes(digest, "little")
    z = (rng.seed + rng.counter * _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(rng: Rng, n: int) -> int:
    """A uniform integer in [0, n) (n is tiny, so the modulo bias is negligible)."""
    return _next(rng) % n


def die(rng: Rng) -> int:
    """One six-sided die: a scripted value first, if a test queued one."""
    if rng.script:
        return rng.script.pop(0)
    return _next(rng) % 6 + 1


def shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
