"""Opening, loading and saving games: Continue, the list of saves, naming a save, saving elsewhere."""
