"""Empire's side of the one table: its teller and its own `/chicago` commands."""
