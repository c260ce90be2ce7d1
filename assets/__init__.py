"""Bundled data: the font (with its licence) and artwork used by the board picture."""
