"""Empire at the table: everything the fourth game shows (its rules: `engine.empire`)."""
