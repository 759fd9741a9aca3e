"""stoneage.scenes.files."""
