"""stoneage.scenes.stats."""
