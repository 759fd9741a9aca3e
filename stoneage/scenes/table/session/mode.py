"""What kind of table is on screen: a value, not a subclass.

A game of the player's own, a replay, bots playing for the player to watch (autoplay, and the
title screen's attract mode), the guided first game and a seat at a table over the network all
use the one table scene; what tells
them apart is a ``TableMode``: who acts (humans at this screen or nobody), whether the game is
kept (autosave, history, achievements), and whether Undo, the Hint, first-game tips and the
announcement of a human's turn are offered. Hotseat is not a mode of its own: a table with more
than one human seat announces each human's turn (``Turns.hotseat``).
"""

from __future__ import annotations

from dataclasses import dataclass

from stoneage.records.settings import Settings
from stoneage.scenes.table.session.autoplay import Autoplay

GAME, REPLAY, WATCH, LESSON, ONLINE = "game", "replay", "watch", "lesson", "online"


@dataclass(frozen=True)
class TableMode:
    """How the table behaves (see the module's docstring)."""

    name: str
    keeps_records: bool  # the autosave, the history and achievements are written
    people_play: bool  # someone at this screen decides (False: a replay, bots alone)
    undo: bool  # Undo is offered
    hints: bool  # the Hint and the previews are offered (the player's setting still rules)
    tips: bool  # first-game tips (the player's setting still rules)
    autoplay: Autoplay | None = None  # bots alone: the speed and what happens at the end

    @property
    def watch_only(self) -> bool:
        """True when nobody at the screen plays (a replay or autoplay): no Undo, no Hint."""
        return not self.people_play

    def speed(self, settings: Settings) -> float:
        """Animation length relative to normal: bots alone have their own, else the player's
        setting."""
        if self.autoplay is not None:
            return self.autoplay.speed
        return settings.speed_factor()

    @property
    def attract(self) -> bool:
        """True for the title screen's demonstration (any input goes back to the title)."""
        return self.autoplay is not None and self.autoplay.attract

    @classmethod
    def game(cls) -> TableMode:
        """A game of the player's own (one human or several at this screen)."""
        return cls(GAME, keeps_records=True, people_play=True, undo=True, hints=True, tips=True)

    @classmethod
    def replay(cls) -> TableMode:
        """A finished game (or a save) played back: nobody decides, nothing is kept."""
        return cls(
            REPLAY, keeps_records=False, people_play=False, undo=False, hints=False, tips=False
        )

    @classmethod
    def watching(cls, autoplay: Autoplay) -> TableMode:
        """Bots play every seat for the player to watch; the game belongs to nobody."""
        return cls(
            WATCH,
            keeps_records=False,
            people_play=False,
            undo=False,
            hints=False,
            tips=False,
            autoplay=autoplay,
        )

    @classmethod
    def lesson(cls) -> TableMode:
        """The guided first game: kept (the lesson's progress, then the ordinary autosave);
        Undo, hints and tips wait until the lessons are over (``TableMatch.guided``)."""
        return cls(LESSON, keeps_records=True, people_play=True, undo=True, hints=True, tips=True)

    @classmethod
    def online(cls, watching: bool = False) -> TableMode:
        """A seat at a table over the network (``watching``: a spectator's place): the host
        keeps the game; nobody takes a move back; the hints work on the seat's own view."""
        return cls(
            ONLINE,
            keeps_records=False,
            people_play=not watching,
            undo=False,
            hints=not watching,
            tips=not watching,
        )
