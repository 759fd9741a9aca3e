"""Autoplay: bots play every seat while the window shows the game, for watching.

Two ways in: ``python -m stoneage --autoplay --players 2|3|4 --seed N`` (a seeded game, so it
is the same game every time; ``--quit-at-end`` leaves once the final scoring has been shown),
and the attract mode of the title screen, which starts a four-bot game after a minute with no
input (any key or click goes back to the title).

An autoplay game belongs to nobody: it is never autosaved, never recorded in the player's
history and earns no achievement (``GameScene.keeps_records`` is False). The command line also
points the data folder at a temporary one for the run (see ``stoneage.__main__``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from stoneage.i18n import _
from stoneage.play.seats import Seat

#: Animation length relative to normal, by the command line's --speed.
SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.1}
LEVEL = "normal"  # the bots' level: plays a real game and decides in milliseconds
ATTRACT_IDLE = 60.0  # seconds without input on the title screen before the bots start playing
SCORING_HOLD = 2.0  # seconds the final scoring is shown before --quit-at-end leaves
ATTRACT_SCORING_HOLD = 15.0  # seconds the attract game's scoring stays before the title returns


@dataclass
class Autoplay:
    """How a game the bots play alone is shown, and what happens at its end.

    ``speed`` scales the animations (1.0 is normal); ``quit_at_end`` leaves the program once the
    scoring screen has been shown for ``scoring_hold`` seconds; ``attract`` marks the title
    screen's demonstration (any input returns to the title; so does the end, after the hold).
    ``scoring_shown`` is set by the scoring screen once it is on screen (the command line tells
    the final scores then)."""

    speed: float = 1.0
    quit_at_end: bool = False
    attract: bool = False
    scoring_hold: float = SCORING_HOLD
    scoring_shown: bool = False


def attract_autoplay() -> Autoplay:
    """The title screen's demonstration: normal speed, back to the title at the end."""
    return Autoplay(speed=SPEEDS["normal"], attract=True, scoring_hold=ATTRACT_SCORING_HOLD)


def autoplay_seats(players: int) -> list[Seat]:
    """``players`` bots of the autoplay level, named and coloured like the default table (the
    human's red seat goes to a fourth bot)."""
    names = (_("Oona"), _("Grok"), _("Ayla"), _("Tharn"))
    colours = ("red", "blue", "green", "yellow")
    return [Seat(names[i], colours[i], "bot", LEVEL) for i in range(players)]


class IdleWatch:
    """Tells when nobody has touched the keyboard or mouse for ``delay`` seconds.

    ``clock`` is any monotonic clock in seconds (tests pass a fake one)."""

    def __init__(
        self, delay: float = ATTRACT_IDLE, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.delay = delay
        self.clock = clock
        self.since = clock()

    def touch(self) -> None:
        """Input arrived (or the screen came back): the waiting starts again."""
        self.since = self.clock()

    def due(self) -> bool:
        """True once ``delay`` seconds have passed since the last touch."""
        return self.clock() - self.since >= self.delay
