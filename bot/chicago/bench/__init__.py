"""Chicago 1927's own speed figures (`chicago-bot bench engine|render|ai|replay`): its
rules engine, its board pictures, its computer players and its animated replay."""
