"""How strong each bot is, on the ladder's Elo scale (``stoneage.sim.ladder``: Normal = 1500).

The ratings ship in ``data/ratings.json``, one per bot as the runner names it (``hard``,
``scholar:normal``), with the command that measured them. A bot the file does not rate gets its
level's rating (the balanced bot's), and a file that cannot be read gives the levels' ratings
of the README's ladder (one log line says why). The player's match (``stoneage.records.match``)
reads them to predict a table's chances.
"""

from __future__ import annotations

import json
import logging
from functools import cache
from importlib import resources

from .levels import spec_text

log = logging.getLogger(__name__)

RATINGS_FILE = "ratings.json"
#: The levels' ratings when the file says nothing better (the README's ladder at 1550f13).
LEVEL_RATINGS = {"random": 477.0, "easy": 1157.0, "normal": 1500.0, "hard": 1683.0}


def bot_rating(opponent: str, level: str) -> float:
    """The rating of ``opponent`` at ``level`` (its level's rating when it was not rated)."""
    table = _ratings()
    found = table.get(spec_text(opponent, level))
    if found is not None:
        return found
    return table.get(level, LEVEL_RATINGS.get(level, LEVEL_RATINGS["normal"]))


@cache
def _ratings() -> dict[str, float]:
    try:
        text = resources.files("stoneage.ai").joinpath("data", RATINGS_FILE).read_text("utf-8")
        raw = json.loads(text)["ratings"]
        return {str(k): float(v) for k, v in raw.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        log.warning("bot ratings not read (%s): using the levels' ratings", error)
        return dict(LEVEL_RATINGS)
