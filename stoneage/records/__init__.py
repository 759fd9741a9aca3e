"""The player's records, without pygame: settings, the autosave and its slot, named saves, the
history of finished games, achievements and statistics, and the lesson's progress.

- ``files``: the folders (platformdirs; ``$STONEAGE_HOME`` for tests) and atomic writing.
- ``health``: ``WriteHealth``, which kinds of file cannot be written now and what to tell.
- ``settings``: ``Settings``, read field by field and written atomically.
- ``autosave``: ``Autosave``, this copy's slot (an OS lock) and the game in it.
- ``saves``: named saves, saves written elsewhere, and ``SaveShelf`` (what Continue and Load
  offer).
- ``history``, ``achievements``, ``stats``: the finished games, what they earned, figures.
- ``recorder``: the clock of a game and its record at the end (``GameRecorder``).
- ``autosaver``: the thread that writes the autosave off the window's thread.
- ``lesson``: the guided first game's progress.

``Records`` ties the stateful parts together; the program makes one (the ``App`` does) and
hands it to whoever needs it. Nothing here is a module-level singleton, and nothing here shows
anything: what went wrong comes back as values (notices, write problems) for the window to show.
"""

from __future__ import annotations

from stoneage.records.achievements import Achievements
from stoneage.records.autosave import Autosave, AutosaveClaim
from stoneage.records.health import WriteHealth
from stoneage.records.history import History
from stoneage.records.saves import SaveShelf
from stoneage.records.settings import Settings, load_settings_with_message, save_settings


class Records:
    """The records of one program: its write health, autosave slot, history, achievements and
    the shelf of saves, made together so that they share one write health."""

    def __init__(self) -> None:
        self.health = WriteHealth()
        self.autosave = Autosave(self.health)
        self.history = History(self.health)
        self.achievements = Achievements(self.health, self.history)
        self.shelf = SaveShelf(self.autosave)

    def claim_autosave(self) -> AutosaveClaim:
        """Take this copy's autosave slot (see ``Autosave.claim_slot``)."""
        return self.autosave.claim_slot()

    def load_settings(self) -> tuple[Settings, str]:
        """The saved settings and a problem to tell once ('' when all was well)."""
        return load_settings_with_message()

    def save_settings(self, settings: Settings) -> bool:
        """Write the settings; False when they could not be written (the health tells)."""
        return save_settings(settings, self.health)

    def retry_pending(self) -> bool:
        """Write again the history and achievements that could not be written; True when
        nothing is left waiting."""
        history = self.history.retry_pending()
        achievements = self.achievements.retry_pending()
        return history and achievements

    def take_notices(self) -> list[str]:
        """What to tell the player about the history and achievements files (each once)."""
        return self.history.take_notices() + self.achievements.take_notices()

    def close(self) -> None:
        """The program ends: give the autosave slot back."""
        self.autosave.release()


__all__ = ["Records"]
