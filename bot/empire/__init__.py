"""Empire at the table: what the platform shows of engine.empire."""
