"""Chicago 1927's own speed figures (`chicago-bot bench engine|render|ai|replay|store|load`):
its rules engine, its board pictures, its computer players, its animated replay, and the
store and one machine's load measured on its matches (the default game's, so the figures
stay comparable with every earlier run)."""
