"""Benchmarks that print figures: engine, render, computer players."""
