"""stoneage.scenes.table."""
