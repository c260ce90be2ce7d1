"""Benchmarks that print figures: engine, render, computer players."""

from __future__ import annotations

import math
import resource
import sys
from collections.abc import Sequence


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (share in 0..1) of a non-empty sequence."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, math.ceil(share * len(ordered) - 1e-9) - 1))
    return ordered[rank]


def peak_memory_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux reports KB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024
