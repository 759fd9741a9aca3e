"""Where the program keeps its settings and saved games, and writing them so none is ever lost.

Folders
    Saved games (the autosave and ``saves/<name>.json``) live in the user's data folder, the
    settings in the user's config folder (platformdirs). ``$STONEAGE_HOME``, when set, is used
    for both (tests point it at a temporary folder). Settings written by older versions in the
    data folder are still read when the config folder has none.

Writing a file (``atomic_write``), in this order:
    1. the new text goes to ``<name>.tmp`` in the same folder, is flushed and ``fsync``-ed;
    2. if ``<name>`` exists and is complete, it becomes the previous copy: a hard link (a copy
       where the file system has no links) is made as ``<stem>.prev.json.tmp`` and renamed
       (``os.replace``) onto ``<stem>.prev.json``;
    3. ``<name>.tmp`` is renamed onto ``<name>``;
    4. the folder is ``fsync``-ed where the system allows it (POSIX), so the renames last.

Why a kill at any instant loses nothing (``os.replace`` is atomic: the name points either to
the old file or to the new one, never to a mix):
    * during or after step 1: ``<name>`` and ``<stem>.prev.json`` are untouched; only a
      half-written ``.tmp`` is left, which is never read and is overwritten next time;
    * during step 2, before its rename: the same, plus a stray ``.prev.json.tmp`` link;
    * after step 2, before step 3: the previous copy and ``<name>`` are the same complete
      file (the newest complete save);
    * after step 3: ``<name>`` is the new save and ``<stem>.prev.json`` the one before it.
    So ``<name>`` is always a complete file (the newest or, if the kill came before step 3, the
    one before it) and ``<stem>.prev.json`` a complete older one; the loader reads ``<name>``
    first and falls back to the previous copy only when ``<name>`` is damaged by something else
    (a failing disk, a hand edit). The data is on disk before a rename makes it visible (step
    1's ``fsync``), so a power cut behaves like a kill.

A file that is not complete JSON never becomes the previous copy (the older good copy stays).
A damaged file is never deleted silently: it is renamed aside (``<stem>.damaged-<time>.json``)
once the player has chosen what to do. Failing writes (a read-only folder, a full disk) are
logged; the autosave and the settings then carry on without the file, and a named save reports
the error to the player.

A failing write is never silent: the autosave, the settings, the history and the achievements
tell ``write_health`` how each write went, and the UI asks it for ``notices()`` after every
action: the start of each failure episode once (the reason and the folder), and its end once.

Two copies of the game on one data folder never write the same autosave: each holds an OS lock
on its autosave slot (``claim_autosave``), which the system releases when the process ends, a
crash included; a second copy takes ``autosave-2.json``. A slot whose copy is gone is listed
with the named saves (``leftover_autosaves``), so its game stays within reach.

Nothing here imports pygame, and nothing read from a file is ever executed: saves and settings
are JSON, read with ``json.loads`` only.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import json
import logging
import os
import re
import shutil
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from stoneage.i18n import N_

# The lock that keeps two copies of the game apart: fcntl on POSIX, msvcrt on Windows.
fcntl: Any = None
msvcrt: Any = None
try:
    fcntl = importlib.import_module("fcntl")
except ImportError:  # pragma: no cover - Windows
    msvcrt = importlib.import_module("msvcrt")

log = logging.getLogger(__name__)

ANIMATION_SPEEDS = ("instant", "fast", "normal")
SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
SAVES_FOLDER = "saves"
SAVE_FORMAT = "stoneage-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 5_000_000  # a whole game is about 15-40 kB; anything far larger is not a save
MAX_SETTINGS_BYTES = 100_000
NAME_LIMIT = 60  # characters of a save's name (its file name stays far below 255 bytes)
DEFAULT_WINDOW = (1280, 720)
VOLUME_FIELDS = ("master_volume", "effects_volume", "music_volume")
WINDOW_LIMITS = ((320, 240), (16384, 16384))  # a stored size outside these is damage, not a choice
PREVIOUS_MARK = ".prev"
DAMAGED_MARK = ".damaged-"

SETTINGS_DAMAGED = N_("Your settings file was damaged; the defaults are used.")
OLDEST_SAVE_VERSION = 1  # the oldest save (and replay) format this version still reads
SAVE_NEWER = N_(
    "The save was made by a newer version of the game (format {found}; this version reads "
    "formats {oldest} to {newest}). Update the game to open it."
)
SAVE_OLDER = N_(
    "The save was made by an older version of the game (format {found}) that this version "
    "can no longer read (it reads formats {oldest} to {newest})."
)

# Names Windows reserves for devices, with or without an extension.
_RESERVED = {
    "con",
    "prn",
    "aux",
    "nul",
    *(f"com{i}" for i in range(10)),
    *(f"lpt{i}" for i in range(10)),
}
_FORBIDDEN = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')


class FileTooLarge(OSError):
    """A file far larger than any save or settings the game writes (refused unread)."""


# --- folders ------------------------------------------------------------------------------------
def home() -> Path:
    """The folder for saved games (created on first write); ``$STONEAGE_HOME`` when set."""
    return data_dir()


def data_dir() -> Path:
    """The user's data folder for the game: the autosave and the named saves."""
    override = os.environ.get("STONEAGE_HOME")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("stoneage", appauthor=False))


def config_dir() -> Path:
    """The user's config folder for the game: the settings."""
    override = os.environ.get("STONEAGE_HOME")
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("stoneage", appauthor=False))


def saves_dir() -> Path:
    """Where the saves the player named are kept."""
    return data_dir() / SAVES_FOLDER


def previous_of(path: Path) -> Path:
    """The previous good copy kept beside ``path`` (``autosave.json`` -> ``autosave.prev.json``)."""
    return path.with_name(path.stem + PREVIOUS_MARK + path.suffix)


# --- writing ------------------------------------------------------------------------------------
def atomic_write(
    path: Path,
    content: str,
    keep_previous: bool = True,
    is_complete: Callable[[Path], bool] | None = None,
) -> None:
    """Write ``content`` to ``path`` so that a kill at any instant leaves a complete file (see
    the module's docstring). Raises ``OSError`` when the file cannot be written; the files
    already there are then unchanged. ``is_complete`` says whether the file now there is whole
    and worth keeping as the previous copy (default: it is one JSON object)."""
    data = content.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    try:
        _write_synced(tmp, data)
        if keep_previous and (is_complete or _is_complete)(path):
            _keep_previous(path)
        os.replace(tmp, path)
    except OSError:
        _remove_quietly(tmp)
        raise
    _sync_folder(path.parent)


def _write_synced(path: Path, data: bytes) -> None:
    """``data`` in ``path``, on the disk before this returns."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)


def _keep_previous(path: Path) -> None:
    """Make the file now at ``path`` the previous copy, in one atomic rename."""
    previous = previous_of(path)
    staged = previous.with_name(previous.name + ".tmp")
    _remove_quietly(staged)
    try:
        os.link(path, staged)  # the same file under a second name: nothing is copied
    except OSError:  # FAT, some network shares: no hard links
        shutil.copyfile(path, staged)
        fd = os.open(staged, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    os.replace(staged, previous)


def _is_complete(path: Path) -> bool:
    """True when ``path`` holds a whole JSON object (worth keeping as the previous copy)."""
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            return False
        return isinstance(json.loads(path.read_bytes()), dict)
    except (OSError, ValueError, RecursionError):
        return False


def _sync_folder(folder: Path) -> None:
    """Make the renames in ``folder`` durable (POSIX only; Windows cannot open a folder)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


def remove_quietly(path: Path) -> None:
    """Delete ``path`` if it is there and can be deleted; never raises."""
    _remove_quietly(path)


def read_limited(path: Path, limit: int = MAX_SAVE_BYTES) -> bytes:
    """The bytes of ``path``; ``FileTooLarge`` above ``limit`` (never read whole), else ``OSError``."""
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(f"{path} is larger than {limit} bytes")
    return data


def _aside_name(path: Path) -> Path:
    """A free name beside ``path`` for its damaged copy (``<stem>.damaged-<time>.json``)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}{DAMAGED_MARK}{stamp}{path.suffix}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.stem}{DAMAGED_MARK}{stamp}-{number}{path.suffix}")
    return target


def keep_aside(path: Path) -> Path:
    """Keep a damaged file under a second name beside it (``<stem>.damaged-<time>.json``)
    while it stays where it is, so that mending it can fail at any step and lose nothing: a
    hard link (no space needed), else a copy. Returns the new name; ``OSError`` when neither
    works (a read-only or full disk), and then nothing changed."""
    target = _aside_name(path)
    try:
        os.link(path, target)
    except OSError as error:
        if error.errno in (errno.EROFS, errno.ENOSPC, errno.EDQUOT, errno.ENOENT):
            raise
        try:
            shutil.copyfile(path, target)
        except OSError:
            _remove_quietly(target)
            raise
    _sync_folder(path.parent)
    return target


def set_aside(path: Path) -> Path | None:
    """Rename a damaged file out of the way (``<stem>.damaged-<time>.json``), keeping it for a
    look later. Returns the new name, or None when it could not be renamed."""
    target = _aside_name(path)
    try:
        os.replace(path, target)
    except OSError as error:
        log.warning("could not set the damaged file %s aside: %s", path, error)
        return None
    _sync_folder(path.parent)
    return target


# --- the payload of a save ----------------------------------------------------------------------------
def now_iso() -> str:
    """The current time as ISO-8601 with the UTC offset (the ``saved_at`` of a save)."""
    return datetime.now(UTC).astimezone().isoformat(timespec="seconds")


def stamped(payload: dict) -> dict:
    """``payload`` with the save format, version and time filled in where missing."""
    out = {"format": SAVE_FORMAT, "version": SAVE_VERSION}
    out.update(payload)
    out.setdefault("saved_at", now_iso())
    return out


def version_problem(
    found: int, oldest: int = OLDEST_SAVE_VERSION, newest: int = SAVE_VERSION
) -> str | None:
    """None when a save of format ``found`` can be read; else which way the versions differ:
    ``SAVE_NEWER`` or ``SAVE_OLDER`` (a template of ``found``, ``oldest`` and ``newest``)."""
    if found > newest:
        return SAVE_NEWER
    if found < oldest:
        return SAVE_OLDER
    return None


def _dump(payload: dict) -> str:
    return json.dumps(stamped(payload), ensure_ascii=False, separators=(",", ":"))


# --- the autosave ---------------------------------------------------------------------------------------
def autosave_path() -> Path:
    """The newest autosave of this copy of the game (``autosave.json``, or ``autosave-<n>.json``
    when another copy holds that one: see ``claim_autosave``)."""
    return data_dir() / slot_file(_claim.slot if _claim is not None else 1)


def autosave_candidates() -> list[Path]:
    """The autosave files that exist, newest first (the newest, then the previous copy)."""
    newest = autosave_path()
    return [p for p in (newest, previous_of(newest)) if p.is_file()]


def write_autosave(payload: dict) -> bool:
    """Store the game in progress; False (and a log line) when it could not be written. A
    failure (and the next success after it) is told to ``write_health``, kind ``"save"``."""
    try:
        text = _dump(payload)
    except (TypeError, ValueError) as error:  # a bug in the payload, not the disk
        log.warning("could not write the autosave: %s", error)
        return False
    try:
        tracked_write("save", autosave_path(), text)
    except OSError as error:
        log.warning("could not write the autosave: %s", error)
        return False
    return True


def read_autosave() -> dict | None:
    """The newest autosave that is a complete JSON object with seats and a game, or None.
    (Whether its game follows the rules is checked by ``stoneage.scenes.saves``.)"""
    for path in autosave_candidates():
        try:
            payload = json.loads(read_limited(path))
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(payload, dict) and "game" in payload and "seats" in payload:
            return payload
    return None


def has_autosave() -> bool:
    """True when an autosave file is there (it may still turn out damaged)."""
    return bool(autosave_candidates())


def delete_autosave() -> None:
    """Forget the game in progress (it ended, or the player started anew).

    The previous copy goes first, so a kill in between leaves only the newest (as if nothing
    was deleted) and never an older game alone. A file that is not complete JSON is set aside,
    not deleted: the player chose a new game, but the damaged file may still matter to them.
    """
    newest = autosave_path()
    for path in (previous_of(newest), newest):
        if not path.exists():
            continue
        if _is_complete(path):
            _remove_quietly(path)
        else:
            set_aside(path)
    _remove_quietly(newest.with_name(newest.name + ".tmp"))


# --- named saves -------------------------------------------------------------------------------------------
def sanitise_name(name: str) -> str:
    """``name`` made safe as a file name on every system: letters of every script (CJK too)
    stay; separators, control and reserved characters go; no ``..``, no reserved Windows
    device names, at most ``NAME_LIMIT`` characters. '' when nothing usable is left."""
    text = unicodedata.normalize("NFC", str(name))
    text = _FORBIDDEN.sub(" ", text)
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")  # format/private chars
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"\.{2,}", ".", text)
    text = text[:NAME_LIMIT].strip(" .")
    lowered = text.lower()
    if lowered.split(".")[0].strip() in _RESERVED:
        text = "_" + text
    if lowered.endswith(PREVIOUS_MARK) or DAMAGED_MARK in lowered:
        text = text.replace(".", "_")  # would be taken for a kept copy, not a save
    return text


def named_save_path(name: str) -> Path:
    """The file of the save called ``name`` (sanitised; ``ValueError`` when nothing is left)."""
    clean = sanitise_name(name)
    if not clean:
        raise ValueError("empty save name")
    return saves_dir() / f"{clean}.json"


@dataclass(frozen=True)
class SaveFile:
    """A named save on disk: its name, file and when it was last written."""

    name: str
    path: Path
    modified: float = field(compare=False)


def list_named_saves() -> list[SaveFile]:
    """Every named save, newest first (kept previous copies, set-aside damaged files and
    half-written temporary files are not listed)."""
    found: list[SaveFile] = []
    try:
        entries = list(os.scandir(saves_dir()))
    except OSError:
        entries = []
    for entry in entries:
        name = entry.name
        if (
            not name.endswith(".json")
            or name.endswith(PREVIOUS_MARK + ".json")
            or DAMAGED_MARK in name
        ):
            continue
        try:
            if not entry.is_file():
                continue
            modified = entry.stat().st_mtime
        except OSError:
            continue
        found.append(SaveFile(name[: -len(".json")], Path(entry.path), modified))
    found.extend(leftover_autosaves())
    return sorted(found, key=lambda s: (-s.modified, s.name))


def named_save_exists(name: str) -> bool:
    """True when a save called ``name`` (after sanitising) is there already."""
    try:
        return named_save_path(name).exists()
    except ValueError:
        return False


def write_named_save(name: str, payload: dict) -> Path:
    """Store ``payload`` as the save called ``name`` (an existing one is replaced, its last
    version kept as the previous copy). Raises ``OSError`` (or ``ValueError`` for an empty
    name) with the files unchanged when it cannot be written."""
    path = named_save_path(name)
    atomic_write(path, _dump(payload))
    return path


def delete_named_save(path: Path) -> bool:
    """Delete a named save and its previous copy; False when it could not be deleted."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as error:
        log.warning("could not delete %s: %s", path, error)
        return False
    _remove_quietly(previous_of(path))
    _sync_folder(path.parent)
    return True


# --- settings ---------------------------------------------------------------------------------------------
@dataclass
class Settings:
    """What the player can set: animation speed, language, window size, fullscreen, hints, and
    the sound: master, effects and music volumes (0 to 1) and mute."""

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
    tips_shown: list[str] = field(default_factory=list)
    tutorial_offered: bool = False

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


def _read_settings_file() -> tuple[dict, bool]:
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


def settings_from(raw: dict) -> tuple[Settings, bool]:
    """Settings read field by field from ``raw``; True when some field had a bad value."""
    from stoneage.i18n import LANGUAGES, detect_language

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
    for name in ("fullscreen", "hints", "muted", "tips", "tutorial_offered"):
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


def save_settings(settings: Settings) -> bool:
    """Write the settings; False (and a log line) when the folder is not writable."""
    raw = asdict(settings)
    raw["window"] = list(settings.window)
    try:
        tracked_write(
            "settings", config_dir() / SETTINGS_FILE, json.dumps(raw, indent=1, ensure_ascii=False)
        )
    except OSError as error:
        log.warning("could not write the settings: %s", error)
        return False
    return True


# --- writes that fail are never silent --------------------------------------------------------------------
WRITE_KINDS = ("save", "history", "achievements", "settings")

# What the player is told when a kind of file cannot be written, and when it can be again.
WRITE_FAILED = {
    "save": N_(
        "The game cannot be saved: {reason}. Folder: {folder}. "
        "It is tried again after every move; save it elsewhere from the pause menu."
    ),
    "history": N_(
        "Your game history cannot be written: {reason}. Folder: {folder}. It is tried again later."
    ),
    "achievements": N_(
        "Your achievements cannot be written: {reason}. Folder: {folder}. It is tried again later."
    ),
    "settings": N_(
        "Your settings cannot be written: {reason}. Folder: {folder}. They apply until you quit."
    ),
}
WRITE_WORKS_AGAIN = {
    "save": N_("The game is being saved again."),
    "history": N_("Your game history is being written again."),
    "achievements": N_("Your achievements are being written again."),
    "settings": N_("Your settings are being written again."),
}
REASON_FULL = N_("the disk is full")
REASON_READ_ONLY = N_("the disk is read-only")
REASON_DENIED = N_("the game may not write there")
REASON_MISSING = N_("the folder is missing or is not a folder")
REASON_OTHER = N_("the system reported: {error}")

_REASONS = {
    errno.ENOSPC: REASON_FULL,
    errno.EDQUOT: REASON_FULL,
    errno.EROFS: REASON_READ_ONLY,
    errno.EACCES: REASON_DENIED,
    errno.EPERM: REASON_DENIED,
    errno.ENOENT: REASON_MISSING,
    errno.ENOTDIR: REASON_MISSING,
    errno.EEXIST: REASON_MISSING,  # mkdir on a path that is a file
}


@dataclass(frozen=True)
class WriteProblem:
    """A kind of file that cannot be written now: why (the system's error) and where."""

    kind: str
    errno: int | None
    error: str
    folder: Path

    def reason(self) -> str:
        """Why, in the player's language (a short phrase)."""
        from stoneage.i18n import _

        template = _REASONS.get(self.errno) if self.errno is not None else None
        if template is None:
            return _(REASON_OTHER).format(error=self.error)
        return _(template)


@dataclass(frozen=True)
class WriteNotice:
    """One thing to tell the player about writing: a failure that began, or writing that works
    again (``recovered``)."""

    problem: WriteProblem
    recovered: bool = False

    @property
    def kind(self) -> str:
        """Which kind of file: one of ``WRITE_KINDS``."""
        return self.problem.kind

    def message(self) -> str:
        """The sentence to show, in the player's language, translated now."""
        from stoneage.i18n import _

        if self.recovered:
            return _(WRITE_WORKS_AGAIN[self.kind])
        return _(WRITE_FAILED[self.kind]).format(
            reason=self.problem.reason(), folder=str(self.problem.folder)
        )


class WriteHealth:
    """Which kinds of file cannot be written now, and what the player has yet to be told.

    Writers call ``failed`` or ``succeeded`` after every attempt (the autosave does so from its
    own thread, hence the lock). A failure episode starts with the first failure of a kind and
    ends with its next success; the UI asks ``notices`` (after every action, say) and gets the
    start of each episode once and its end once, never the same failure again and again.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._failing: dict[str, WriteProblem] = {}
        self._pending: list[WriteNotice] = []

    def failed(self, kind: str, error: OSError, folder: Path) -> None:
        """A write of ``kind`` into ``folder`` failed with ``error``."""
        problem = WriteProblem(kind, error.errno, error.strerror or str(error), folder)
        with self._lock:
            if kind not in self._failing:
                self._pending = [n for n in self._pending if n.kind != kind]
                self._pending.append(WriteNotice(problem))
            self._failing[kind] = problem
        log.warning("could not write the %s in %s: %s", kind, folder, error)

    def succeeded(self, kind: str) -> None:
        """A write of ``kind`` worked: a failure episode of that kind, if any, is over."""
        with self._lock:
            problem = self._failing.pop(kind, None)
            if problem is None:
                return
            shown = not any(n.kind == kind and not n.recovered for n in self._pending)
            self._pending = [n for n in self._pending if n.kind != kind]
            if shown:  # a failure the player never saw needs no "works again"
                self._pending.append(WriteNotice(problem, recovered=True))
        log.info("the %s can be written again", kind)

    def failing(self) -> list[WriteProblem]:
        """Every kind that cannot be written now (for a lasting mark on the screen)."""
        with self._lock:
            return list(self._failing.values())

    def is_failing(self, kind: str) -> bool:
        """True while writes of ``kind`` fail."""
        with self._lock:
            return kind in self._failing

    def notices(self) -> list[WriteNotice]:
        """What to tell the player now (each notice is handed out once)."""
        with self._lock:
            out, self._pending = self._pending, []
        return out

    def reset(self) -> None:
        """Forget everything (tests, or a new data folder)."""
        with self._lock:
            self._failing.clear()
            self._pending.clear()


write_health = WriteHealth()


def tracked_write(kind: str, path: Path, content: str, **options: Any) -> None:
    """``atomic_write`` that tells ``write_health`` how it went (``kind`` from ``WRITE_KINDS``).
    Raises the ``OSError`` like ``atomic_write``."""
    try:
        atomic_write(path, content, **options)
    except OSError as error:
        write_health.failed(kind, error, path.parent)
        raise
    write_health.succeeded(kind)


@contextlib.contextmanager
def exclusive(path: Path, timeout: float = 10.0) -> Iterator[None]:
    """Hold an exclusive lock on the file ``path`` (created if missing) while the block runs,
    so two copies of the game never read-modify-write the same file at once. Where the system
    cannot lock, or the lock is not had within ``timeout``, the block runs anyway: a write is
    never refused for want of a lock."""
    handle = _open_lock_file(path)
    locked = handle is not None and _lock_waiting(handle, timeout)
    try:
        yield
    finally:
        if handle is not None:
            if locked:
                _unlock(handle)
            os.close(handle)


def _open_lock_file(path: Path) -> int | None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
    except OSError:
        return None


def _lock_waiting(fd: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while True:
        outcome = _try_lock(fd)
        if outcome is not False:
            return outcome is True
        if time.monotonic() > deadline:
            log.warning("a lock was not had within %s s; going on without it", timeout)
            return False
        time.sleep(0.02)


def _try_lock(fd: int) -> bool | None:
    """True when the lock was taken, False when another holds it, None when the system
    cannot lock this file (no lock then: better than no game)."""
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        elif msvcrt is not None:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:  # pragma: no cover - neither POSIX nor Windows
            return None
    except (BlockingIOError, PermissionError):
        return False
    except OSError as error:
        if error.errno in (errno.EAGAIN, errno.EACCES, errno.EDEADLK):
            return False
        log.warning("cannot lock files here: %s", error)
        return None
    return True


def _unlock(fd: int) -> None:
    with contextlib.suppress(OSError):
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
        elif msvcrt is not None:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


# --- two copies of the game on one data folder --------------------------------------------------------------
# Each running copy holds a lock on ``autosave.lock`` (``autosave-<n>.lock`` for slot n) for as
# long as it runs; the system drops it when the process ends, a crash or a kill included, so a
# lock left by a dead copy never blocks anyone (the file stays; only the held lock counts). A
# second copy finds slot 1 held, takes the next free slot and autosaves to its own file:
# neither copy ever writes over the other's game.
MAX_SLOTS = 9
LOCK_SUFFIX = ".lock"
OTHER_COPY = N_(
    "Another copy of the game is running on this data folder (process {pid}). "
    "This window saves its game separately, as {file}."
)
_SLOT_NAME = re.compile(r"^autosave-([2-9])\.json$")


@dataclass(frozen=True)
class AutosaveClaim:
    """The autosave slot this copy of the game writes, and who holds slot 1 when it is not us."""

    slot: int
    fd: int | None = field(default=None, compare=False, repr=False)
    holder: dict = field(default_factory=dict, compare=False)

    @property
    def shared(self) -> bool:
        """True when another copy of the game runs on the same data folder."""
        return self.slot != 1

    def message(self) -> str:
        """What to tell the player once ('' when this copy is alone), translated now."""
        if not self.shared:
            return ""
        from stoneage.i18n import _

        pid = self.holder.get("pid", "?")
        return _(OTHER_COPY).format(pid=pid, file=slot_file(self.slot))


_claim: AutosaveClaim | None = None


def slot_file(slot: int) -> str:
    """The autosave file name of ``slot`` (1 is the usual ``autosave.json``)."""
    return AUTOSAVE_FILE if slot == 1 else f"autosave-{slot}.json"


def _lock_path(slot: int) -> Path:
    return data_dir() / (Path(slot_file(slot)).stem + LOCK_SUFFIX)


def claim_autosave() -> AutosaveClaim:
    """Take the first free autosave slot for this copy of the game (call once at start; a
    second call keeps the slot taken). Slot 1 when no other copy runs. When every slot is held,
    or the folder cannot be written, slot 1 without a lock (the write health then speaks)."""
    global _claim
    if _claim is not None:
        return _claim
    holder: dict = {}
    for slot in range(1, MAX_SLOTS + 1):
        fd = _open_lock_file(_lock_path(slot))
        if fd is None:
            break
        outcome = _try_lock(fd)
        if outcome is False:
            if slot == 1:
                holder = _read_holder(_lock_path(slot))
            os.close(fd)
            continue
        if outcome is True:
            _write_holder(fd)
        _claim = AutosaveClaim(slot, fd, holder)
        if slot != 1:
            log.warning("another copy of the game holds the autosave; this one uses slot %d", slot)
        return _claim
    _claim = AutosaveClaim(1, None, holder)
    return _claim


def release_autosave() -> None:
    """Give the slot back (at exit; the system does it anyway when the process ends)."""
    global _claim
    if _claim is not None and _claim.fd is not None:
        _unlock(_claim.fd)
        with contextlib.suppress(OSError):
            os.close(_claim.fd)
    _claim = None


def _write_holder(fd: int) -> None:
    """Note in the held lock file who holds it (for the other copy's message)."""
    info = json.dumps({"pid": os.getpid(), "started": now_iso()}).encode("utf-8")
    with contextlib.suppress(OSError):
        os.lseek(fd, 1, os.SEEK_SET)  # byte 0 is the byte Windows locks
        os.ftruncate(fd, 1)
        os.write(fd, info)


def _read_holder(path: Path) -> dict:
    try:
        raw = json.loads(read_limited(path, 1000)[1:])
    except (OSError, ValueError, RecursionError):
        return {}
    return raw if isinstance(raw, dict) else {}


def slot_in_use(slot: int) -> bool:
    """True when a running copy of the game (this one included) holds autosave ``slot``."""
    if _claim is not None and _claim.slot == slot and _claim.fd is not None:
        return True
    fd = _open_lock_file(_lock_path(slot))
    if fd is None:
        return False
    try:
        taken = _try_lock(fd)
        if taken is True:
            _unlock(fd)
        return taken is False
    finally:
        os.close(fd)


def leftover_autosaves() -> list[SaveFile]:
    """The autosaves of other slots whose copy of the game is gone (it quit or crashed with a
    game in progress): listed with the named saves, so no game is ever out of reach."""
    found: list[SaveFile] = []
    try:
        entries = list(os.scandir(data_dir()))
    except OSError:
        return []
    for entry in entries:
        match = _SLOT_NAME.match(entry.name)
        if match is None or slot_in_use(int(match.group(1))):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file():
                modified = entry.stat().st_mtime
                found.append(SaveFile(entry.name[: -len(".json")], Path(entry.path), modified))
    return found
