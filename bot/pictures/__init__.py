"""The picture toolkit every game draws with: the bundled fonts, text fitting, boxes,
colour arithmetic, fixed palettes, 8-bit PNGs and animated GIFs. Nothing here knows a
game."""
