"""The statistics screen: the scene and one view per tab (overview, charts, games, achievements)."""
