"""The board picture: a pure function from a match state to PNG bytes."""
