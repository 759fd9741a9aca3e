"""stoneage.play."""
