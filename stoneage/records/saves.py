"""The player's saved games: naming, writing, listing and deleting saves, and what Continue and
Load can offer (each save replayed once and remembered until its file changes).

Named saves live in ``saves/<name>.json`` in the data folder, written atomically with the
previous version kept (``<name>.prev.json``). A save written elsewhere (a USB stick, say) goes
where the player says. The listing is ``SaveShelf``'s, which belongs to the program's
``Records``: it reads each file through ``stoneage.play.savefile`` (never trusting it) and keeps
what it read until the file changes.
"""

from __future__ import annotations

import logging
import os
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from stoneage.i18n import _
from stoneage.play.savefile import LoadedGame, SaveError, load_game_file, save_text
from stoneage.records.autosave import Autosave
from stoneage.records.files import (
    DAMAGED_MARK,
    PREVIOUS_MARK,
    SaveFile,
    atomic_write,
    previous_of,
    remove_quietly,
    saves_dir,
    sync_folder,
)

log = logging.getLogger(__name__)

NAME_LIMIT = 60  # characters of a save's name (its file name stays far below 255 bytes)
ENTRY_CACHE = 256  # saves remembered by the listing

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


# --- named saves -------------------------------------------------------------------------------------
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


def named_save_exists(name: str) -> bool:
    """True when a save called ``name`` (after sanitising) is there already."""
    try:
        return named_save_path(name).exists()
    except ValueError:
        return False


def write_named_save(name: str, payload: dict[str, Any]) -> Path:
    """Store ``payload`` as the save called ``name`` (an existing one is replaced, its last
    version kept as the previous copy). Raises ``OSError`` (or ``ValueError`` for an empty
    name) with the files unchanged when it cannot be written."""
    path = named_save_path(name)
    atomic_write(path, save_text(payload))
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
    remove_quietly(previous_of(path))
    sync_folder(path.parent)
    return True


def list_named_saves(autosave: Autosave | None = None) -> list[SaveFile]:
    """Every named save, newest first (kept previous copies, set-aside damaged files and
    half-written temporary files are not listed), with the autosaves other copies of the game
    left behind (``autosave.leftovers``)."""
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
    if autosave is not None:
        found.extend(autosave.leftovers())
    return sorted(found, key=lambda s: (-s.modified, s.name))


# --- a save written elsewhere -----------------------------------------------------------------------
def suggested_folder() -> Path:
    """Where to offer saving: the Documents folder (the home folder where there is none)."""
    try:
        from platformdirs import user_documents_dir

        documents = Path(user_documents_dir())
    except Exception:  # platformdirs cannot tell on this system
        documents = Path.home()
    return documents / "Stone Age saves"


def save_file_name() -> str:
    """The file name of a save written elsewhere (the time makes it new each time)."""
    return datetime.now().strftime("stoneage-%Y-%m-%d %H.%M.%S.json")


def write_elsewhere(folder: Path, payload: dict[str, Any]) -> Path:
    """Write ``payload`` as a save into ``folder`` (created if need be, atomically); the file.
    Raises ``OSError`` when it cannot be written."""
    path = folder / save_file_name()
    atomic_write(path, save_text(payload))
    return path


# --- what Continue and Load can offer ---------------------------------------------------------------
@dataclass
class AutosaveStatus:
    """What Continue can offer: the newest good autosave, or when the newest is damaged an
    older good copy (``fallback``) to offer, or nothing with the reason."""

    game: LoadedGame | None = None
    fallback: LoadedGame | None = None
    damaged: Path | None = None  # the newest autosave file, when it is damaged
    error: SaveError | None = None  # why the newest (or every) copy cannot be read

    @property
    def can_continue(self) -> bool:
        """True when Continue leads to a game (at once, or after offering the older copy)."""
        return self.game is not None or self.fallback is not None

    def problem(self) -> str:
        """The notice for the title screen when no copy can be continued ('' otherwise)."""
        if self.can_continue or self.error is None:
            return ""
        return _("The autosaved game cannot be continued: {reason}").format(
            reason=self.error.message
        )


@dataclass
class SaveEntry:
    """A named save as listed: the file and the game in it, or why it cannot be read, and an
    older good copy (kept beside it) when the file itself is damaged."""

    file: SaveFile
    game: LoadedGame | None = None
    error: SaveError | None = None
    fallback: LoadedGame | None = None
    key: tuple[object, ...] = field(default=(), compare=False)

    @property
    def loadable(self) -> bool:
        """True when Load leads to a game (at once or after offering the older copy)."""
        return self.game is not None or self.fallback is not None


Signature = tuple[object, ...]


def _signature(path: Path) -> Signature:
    try:
        stat = path.stat()
    except OSError:
        return (str(path),)
    return (str(path), stat.st_mtime_ns, stat.st_size, stat.st_ino)


def _older_copy(path: Path) -> LoadedGame | None:
    previous = previous_of(path)
    if not previous.exists():
        return None
    try:
        return load_game_file(previous)
    except SaveError:
        return None


class SaveShelf:
    """What Continue and Load offer, each file replayed once and remembered until it changes."""

    def __init__(self, autosave: Autosave) -> None:
        self.autosave = autosave
        self._status: tuple[tuple[Signature, ...], AutosaveStatus] | None = None
        self._entries: dict[Signature, SaveEntry] = {}

    def autosave_status(self) -> AutosaveStatus:
        """The state of the autosave files, checked by replaying (remembered until a file
        changes)."""
        candidates = self.autosave.candidates()
        key = tuple(_signature(path) for path in candidates)
        if self._status is not None and self._status[0] == key:
            return self._status[1]
        status = self._read_autosaves(candidates)
        self._status = (key, status)
        return status

    def _read_autosaves(self, candidates: list[Path]) -> AutosaveStatus:
        newest = self.autosave.path()
        status = AutosaveStatus()
        for path in candidates:
            try:
                game = load_game_file(path)
            except SaveError as error:
                status.error = status.error or error
                if path == newest:
                    status.damaged = path
                continue
            if status.damaged is None:
                status.game = game  # the newest complete copy: Continue takes it at once
            else:
                status.fallback = game
            return status
        return status

    def entry(self, file: SaveFile) -> SaveEntry:
        """The listing of one save (replayed once, then remembered until the file changes)."""
        key = (_signature(file.path), _signature(previous_of(file.path)))
        cached = self._entries.get(key)
        if cached is not None:
            return SaveEntry(file, cached.game, cached.error, cached.fallback, key)
        try:
            entry = SaveEntry(file, load_game_file(file.path), key=key)
        except SaveError as error:
            entry = SaveEntry(file, None, error, _older_copy(file.path), key)
        if len(self._entries) > ENTRY_CACHE:
            self._entries.clear()
        self._entries[key] = entry
        return entry

    def entries(self) -> list[SaveEntry]:
        """Every named save, newest first, with its game or the reason it cannot be read."""
        return [self.entry(file) for file in list_named_saves(self.autosave)]
