"""Turf at the one table: told from its presenter, with `/chicago deal` to offer a deal.
The platform reaches this only through `bot.registry`."""
