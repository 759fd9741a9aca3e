"""What the player can set, kept in ``settings.json`` in the config folder.

Reading never fails: a damaged file, or a field of the wrong type or an unknown value, falls
back to the defaults field by field, and the player is told once (``SETTINGS_DAMAGED``).
Settings written by older versions in the data folder are still read when the config folder
has none.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field
from typing import Any

from stoneage.i18n import LANGUAGES, N_, detect_language
from stoneage.records.files import atomic_write, config_dir, data_dir, read_limited
from stoneage.records.health import WriteHealth

log = logging.getLogger(__name__)

ANIMATION_SPEEDS = ("instant", "fast", "normal")
SETTINGS_FILE = "settings.json"
MAX_SETTINGS_BYTES = 100_000
MAX_SERVER = 200  # a server's address as typed: a longer one is damage
DEFAULT_WINDOW = (1280, 720)
VOLUME_FIELDS = ("master_volume", "effects_volume", "music_volume")
WINDOW_LIMITS = ((320, 240), (16384, 16384))  # a stored size outside these is damage, not a choice
SETTINGS_DAMAGED = N_("Your settings file was damaged; the defaults are used.")


@dataclass
class Settings:
    """What the player can set: animation speed, language, window size, fullscreen, hints,
    whether the player's rolls wait to be seen, the sound (master, effects and music volumes,
    0 to 1, and mute), and for network play whether the local network is used and the server
    last asked."""

    animation: str = "normal"
    language: str = "en"
    window: tuple[int, int] = DEFAULT_WINDOW
    fullscreen: bool = False
    hints: bool = True
    # The sound files are levelled already (effects about -16 dBFS RMS, music 8 dB under them),
    # so these only trim: the music a little further back than the effects.
    master_volume: float = 0.8
    effects_volume: float = 0.8
    music_volume: float = 0.5
    muted: bool = False
    # First-game tips (issue 14): on or off, the ids of the tips already shown (never twice),
    # and whether "Learn to play" was offered on the very first start.
    tips: bool = True
    # A roll of the player's that asks nothing waits on screen until Continue (issue 45);
    # players who know the game may let the game go on by itself.
    hold_rolls: bool = True
    tips_shown: list[str] = field(default_factory=list)
    tutorial_offered: bool = False
    # Network play: announce hosted tables on the local network and look for tables there when
    # the player asks (multicast DNS); the dedicated server whose lobby Join a table opens.
    local_network: bool = True
    server: str = ""

    def speed_factor(self) -> float:
        """How long animations last relative to normal (0 = instant)."""
        return {"instant": 0.0, "fast": 0.45, "normal": 1.0}.get(self.animation, 1.0)


def load_settings() -> Settings:
    """The saved settings, or the defaults when there are none or the file is damaged.

    Without a saved (known) language, the first of the system's preferred languages the game
    has is used, else English.
    """
    return load_settings_with_message()[0]


def load_settings_with_message() -> tuple[Settings, str]:
    """The saved settings and a problem to tell the player once ('' when all was well).

    A damaged file (not JSON, not an object, a field of the wrong type or an unknown value)
    falls back to the defaults field by field; the message then is ``SETTINGS_DAMAGED``
    (untranslated: it is read before a language is installed; show it with ``_()``).
    """
    raw, damaged = _read_settings_file()
    settings, bad_field = settings_from(raw)
    return settings, SETTINGS_DAMAGED if damaged or bad_field else ""


def _read_settings_file() -> tuple[dict[str, Any], bool]:
    """The stored settings object and whether the file was damaged ({} when there is none)."""
    for folder in (config_dir(), data_dir()):  # older versions kept it with the saves
        path = folder / SETTINGS_FILE
        if not path.exists():
            continue
        try:
            raw = json.loads(read_limited(path, MAX_SETTINGS_BYTES))
        except (OSError, ValueError, RecursionError) as error:
            log.warning("settings file %s is damaged: %s", path, error)
            return {}, True
        return (raw, False) if isinstance(raw, dict) else ({}, True)
    return {}, False


def settings_from(raw: dict[str, Any]) -> tuple[Settings, bool]:
    """Settings read field by field from ``raw``; True when some field had a bad value."""
    settings, bad = Settings(), False
    animation = raw.get("animation", settings.animation)
    if animation in ANIMATION_SPEEDS:
        settings.animation = animation
    else:
        bad = True
    language = raw.get("language")
    if language in LANGUAGES:
        settings.language = language
    else:  # none saved yet (or a damaged one): the system's
        settings.language = detect_language()
        bad = bad or language not in (None, "")
    window = raw.get("window", list(settings.window))
    if _is_window(window):
        settings.window = (window[0], window[1])
    else:
        bad = True
    for name in (
        "fullscreen",
        "hints",
        "muted",
        "tips",
        "hold_rolls",
        "tutorial_offered",
        "local_network",
    ):
        value = raw.get(name, getattr(settings, name))
        if isinstance(value, bool):
            setattr(settings, name, value)
        else:
            bad = True
    for name in VOLUME_FIELDS:
        value = raw.get(name, getattr(settings, name))
        if _is_volume(value):
            setattr(settings, name, float(value))
        else:
            bad = True
    server = raw.get("server", "")
    if isinstance(server, str) and len(server) <= MAX_SERVER:
        settings.server = server
    else:
        bad = True
    shown = raw.get("tips_shown", [])
    if _is_tip_list(shown):
        settings.tips_shown = list(dict.fromkeys(shown))
    else:
        bad = True
    return settings, bad


MAX_TIPS_SHOWN = 200  # far more tips than the game has: a longer list is damage


def _is_tip_list(value: object) -> bool:
    """The ids of the tips shown: a short list of short strings."""
    return (
        isinstance(value, list)
        and len(value) <= MAX_TIPS_SHOWN
        and all(isinstance(v, str) and 0 < len(v) <= 60 for v in value)
    )


def _is_volume(value: object) -> bool:
    """A volume is a number from 0 to 1 (a bool is not a number here; NaN is not in range)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1


def _is_window(value: object) -> bool:
    (low_w, low_h), (high_w, high_h) = WINDOW_LIMITS
    return (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(type(v) is int for v in value)
        and low_w <= value[0] <= high_w
        and low_h <= value[1] <= high_h
    )


def save_settings(settings: Settings, health: WriteHealth | None = None) -> bool:
    """Write the settings; False (and a log line) when the folder is not writable. ``health``
    (the program's) hears how it went."""
    raw = asdict(settings)
    raw["window"] = list(settings.window)
    text = json.dumps(raw, indent=1, ensure_ascii=False)
    path = config_dir() / SETTINGS_FILE
    try:
        if health is not None:
            health.write("settings", path, text)
        else:
            atomic_write(path, text)
    except OSError as error:
        log.warning("could not write the settings: %s", error)
        return False
    return True
