"""Benchmarks that print figures: engine, render, computer players."""

from __future__ import annotations

import resource
import sys


def peak_memory_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux reports KB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024
