"""The review of a finished game: the table as it was at each of the player's decisions,
Hard's move beside it, the key moments, the chart of the expected lead and the summary."""
