"""``hard1``: Hard as of commit 0bad382 (Normal's candidates, rollouts to the end of the round,
hand-set weights, 0.45 s a placement paced to 25 s a game). See ``bench.frozen``."""

from .hard import Budget, HardBot

__all__ = ["Budget", "HardBot"]
