"""The rules of every game the table runs, one pure package each.

`engine.common` holds what they all share (errors, seeded randomness, events, replay,
random play); `engine.chicago` is Chicago 1927 (RULES.md) and `engine.turf` is Turf
(TURF). A rules package imports the standard library, pydantic and `engine.common`, never
another game, Discord, Pillow or a database.
"""
