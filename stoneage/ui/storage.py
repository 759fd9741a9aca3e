"""Where the program keeps its settings and the autosaved game, and reading/writing them.

The folder is ``$STONEAGE_HOME`` when set (tests point it at a temporary folder), else the
user's data folder from platformdirs. A damaged file is ignored, never trusted.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

ANIMATION_SPEEDS = ("instant", "fast", "normal")
SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"


def home() -> Path:
    """The folder for settings and saves (created on first write)."""
    override = os.environ.get("STONEAGE_HOME")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("stoneage", appauthor=False))


@dataclass
class Settings:
    """What the player can set: animation speed and language."""

    animation: str = "normal"
    language: str = "en"

    def speed_factor(self) -> float:
        """How long animations last relative to normal (0 = instant)."""
        return {"instant": 0.0, "fast": 0.45, "normal": 1.0}.get(self.animation, 1.0)


def load_settings() -> Settings:
    """The saved settings, or the defaults when there are none or the file is damaged.

    Without a saved (known) language, the first of the system's preferred languages the game
    has is used, else English.
    """
    from stoneage.i18n import LANGUAGES, detect_language

    try:
        raw = json.loads((home() / SETTINGS_FILE).read_text(encoding="utf-8"))
        settings = Settings(str(raw.get("animation", "normal")), str(raw.get("language", "")))
    except (OSError, ValueError, AttributeError):
        settings = Settings(language="")
    if settings.animation not in ANIMATION_SPEEDS:
        settings.animation = "normal"
    if settings.language not in LANGUAGES:
        settings.language = detect_language()
    return settings


def save_settings(settings: Settings) -> None:
    """Write the settings (silently skipped when the folder is not writable)."""
    _write(SETTINGS_FILE, json.dumps(asdict(settings), indent=1))


def write_autosave(payload: dict) -> None:
    """Store the game in progress (seats and the rules engine's JSON save)."""
    _write(AUTOSAVE_FILE, json.dumps(payload))


def read_autosave() -> dict | None:
    """The autosaved game, or None when there is none or it is unreadable."""
    try:
        payload = json.loads((home() / AUTOSAVE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return payload if isinstance(payload, dict) and "game" in payload and "seats" in payload else None


def has_autosave() -> bool:
    """True when a game in progress can be continued."""
    return read_autosave() is not None


def delete_autosave() -> None:
    """Forget the game in progress (it ended, or the player started anew)."""
    try:
        (home() / AUTOSAVE_FILE).unlink()
    except OSError:
        pass


def _write(name: str, content: str) -> None:
    folder = home()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / (name + ".tmp")
        tmp.write_text(content, encoding="utf-8")
        tmp.replace(folder / name)  # atomic: a crash never leaves half a file
    except OSError:
        pass
