"""All Race to Ten shows: its `Game`, its offline side and its presenter."""
