"""The tables of play over days, for both databases: each running match's clocks (one
JSON row: the seats' banks as instants, notices settled, vacations), each player's
notice choice per server and their quiet hours. New tables only, so no other row
changes shape."""

from __future__ import annotations

DAYS_SUMMARY = "play over days: match clocks, notice choices and quiet hours"


def days_tables(big: str, real: str) -> tuple[str, ...]:
    """The statements in a dialect's words for a wide integer and a float."""
    return (
        f"""
        CREATE TABLE match_clocks (
            match_id {big} PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            clocks TEXT NOT NULL,
            updated_at {real} NOT NULL
        )
        """,
        f"""
        CREATE TABLE notice_choices (
            guild_id {big} NOT NULL,
            user_id {big} NOT NULL,
            notify TEXT NOT NULL CHECK (notify IN ('mention', 'dm', 'off')),
            PRIMARY KEY (guild_id, user_id)
        )
        """,
        f"""
        CREATE TABLE quiet_hours (
            user_id {big} PRIMARY KEY,
            hours TEXT NOT NULL,
            zone TEXT NOT NULL
        )
        """,
    )
