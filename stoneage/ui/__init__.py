"""Presentation helpers shared by the scenes: layout, assets, widgets, animation, names."""
