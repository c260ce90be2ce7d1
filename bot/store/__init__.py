"""The match store: every match and its decision log, kept in SQLite (aiosqlite)."""
