"""stoneage.scenes.kit."""
