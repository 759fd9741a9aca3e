"""This copy of the game's autosave: its slot, and writing, reading and deleting the game there.

A game is saved after every action (the table hands each save to ``Autosaver``, a writer
thread), so Continue resumes at the same decision even after a crash: ``atomic_write`` keeps the
newest complete save and the one before it (``autosave.prev.json``).

Two copies of the game on one data folder never write the same autosave. Each running copy
holds a lock on ``autosave.lock`` (``autosave-<n>.lock`` for slot n) for as long as it runs;
the system drops it when the process ends, a crash or a kill included, so a lock left by a dead
copy never blocks anyone (the file stays; only the held lock counts). A second copy finds slot 1
held, takes the next free slot and autosaves to its own file: neither copy ever writes over the
other's game. A slot whose copy is gone is listed with the named saves (``leftovers``), so its
game stays within reach.

The ``Autosave`` belongs to the program's ``Records``; it holds the claimed slot, nothing else.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stoneage.i18n import N_, _
from stoneage.play.savefile import now_iso, save_text
from stoneage.records.files import (
    SaveFile,
    data_dir,
    is_whole_json,
    open_lock_file,
    previous_of,
    read_limited,
    remove_quietly,
    set_aside,
    try_lock,
    unlock,
)
from stoneage.records.health import WriteHealth

log = logging.getLogger(__name__)

AUTOSAVE_FILE = "autosave.json"
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
    holder: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def shared(self) -> bool:
        """True when another copy of the game runs on the same data folder."""
        return self.slot != 1

    def message(self) -> str:
        """What to tell the player once ('' when this copy is alone), translated now."""
        if not self.shared:
            return ""
        pid = self.holder.get("pid", "?")
        return _(OTHER_COPY).format(pid=pid, file=slot_file(self.slot))


def slot_file(slot: int) -> str:
    """The autosave file name of ``slot`` (1 is the usual ``autosave.json``)."""
    return AUTOSAVE_FILE if slot == 1 else f"autosave-{slot}.json"


def _lock_path(slot: int) -> Path:
    return data_dir() / (Path(slot_file(slot)).stem + LOCK_SUFFIX)


class Autosave:
    """The autosave of this copy of the game (see the module's docstring)."""

    def __init__(self, health: WriteHealth) -> None:
        self.health = health
        self.claim: AutosaveClaim | None = None

    # --- the slot ---------------------------------------------------------------------------------
    def claim_slot(self) -> AutosaveClaim:
        """Take the first free autosave slot for this copy of the game (call once at start; a
        second call keeps the slot taken). Slot 1 when no other copy runs. When every slot is
        held, or the folder cannot be written, slot 1 without a lock (the write health then
        speaks)."""
        if self.claim is not None:
            return self.claim
        holder: dict[str, Any] = {}
        for slot in range(1, MAX_SLOTS + 1):
            fd = open_lock_file(_lock_path(slot))
            if fd is None:
                break
            outcome = try_lock(fd)
            if outcome is False:
                if slot == 1:
                    holder = _read_holder(_lock_path(slot))
                os.close(fd)
                continue
            if outcome is True:
                _write_holder(fd)
            self.claim = AutosaveClaim(slot, fd, holder)
            if slot != 1:
                log.warning("another copy of the game holds the autosave; this one uses %d", slot)
            return self.claim
        self.claim = AutosaveClaim(1, None, holder)
        return self.claim

    def release(self) -> None:
        """Give the slot back (at exit; the system does it anyway when the process ends)."""
        claim, self.claim = self.claim, None
        if claim is not None and claim.fd is not None:
            unlock(claim.fd)
            with contextlib.suppress(OSError):
                os.close(claim.fd)

    def slot_in_use(self, slot: int) -> bool:
        """True when a running copy of the game (this one included) holds autosave ``slot``."""
        if self.claim is not None and self.claim.slot == slot and self.claim.fd is not None:
            return True
        fd = open_lock_file(_lock_path(slot))
        if fd is None:
            return False
        try:
            taken = try_lock(fd)
            if taken is True:
                unlock(fd)
            return taken is False
        finally:
            os.close(fd)

    def leftovers(self) -> list[SaveFile]:
        """The autosaves of other slots whose copy of the game is gone (it quit or crashed with
        a game in progress): listed with the named saves, so no game is ever out of reach."""
        found: list[SaveFile] = []
        try:
            entries = list(os.scandir(data_dir()))
        except OSError:
            return []
        for entry in entries:
            match = _SLOT_NAME.match(entry.name)
            if match is None or self.slot_in_use(int(match.group(1))):
                continue
            with contextlib.suppress(OSError):
                if entry.is_file():
                    modified = entry.stat().st_mtime
                    found.append(SaveFile(entry.name[: -len(".json")], Path(entry.path), modified))
        return found

    # --- the game in it -----------------------------------------------------------------------------
    def path(self) -> Path:
        """The newest autosave of this copy of the game (``autosave.json``, or
        ``autosave-<n>.json`` when another copy holds that one: see ``claim_slot``)."""
        return data_dir() / slot_file(self.claim.slot if self.claim is not None else 1)

    def candidates(self) -> list[Path]:
        """The autosave files that exist, newest first (the newest, then the previous copy)."""
        newest = self.path()
        return [p for p in (newest, previous_of(newest)) if p.is_file()]

    def write(self, payload: dict[str, Any]) -> bool:
        """Store the game in progress; False (and a log line) when it could not be written. A
        failure (and the next success after it) is told to the write health, kind ``"save"``."""
        try:
            text = save_text(payload)
        except (TypeError, ValueError) as error:  # a bug in the payload, not the disk
            log.warning("could not write the autosave: %s", error)
            return False
        try:
            self.health.write("save", self.path(), text)
        except OSError as error:
            log.warning("could not write the autosave: %s", error)
            return False
        return True

    def read(self) -> dict[str, Any] | None:
        """The newest autosave that is a complete JSON object with seats and a game, or None.
        (Whether its game follows the rules is checked by ``stoneage.play.savefile``.)"""
        for path in self.candidates():
            try:
                payload = json.loads(read_limited(path))
            except (OSError, ValueError, RecursionError):
                continue
            if isinstance(payload, dict) and "game" in payload and "seats" in payload:
                return payload
        return None

    def exists(self) -> bool:
        """True when an autosave file is there (it may still turn out damaged)."""
        return bool(self.candidates())

    def delete(self) -> None:
        """Forget the game in progress (it ended, or the player started anew).

        The previous copy goes first, so a kill in between leaves only the newest (as if
        nothing was deleted) and never an older game alone. A file that is not complete JSON is
        set aside, not deleted: the player chose a new game, but the damaged file may still
        matter to them.
        """
        newest = self.path()
        for path in (previous_of(newest), newest):
            if not path.exists():
                continue
            if is_whole_json(path):
                remove_quietly(path)
            else:
                set_aside(path)
        remove_quietly(newest.with_name(newest.name + ".tmp"))


def _write_holder(fd: int) -> None:
    """Note in the held lock file who holds it (for the other copy's message)."""
    info = json.dumps({"pid": os.getpid(), "started": now_iso()}).encode("utf-8")
    with contextlib.suppress(OSError):
        os.lseek(fd, 1, os.SEEK_SET)  # byte 0 is the byte Windows locks
        os.ftruncate(fd, 1)
        os.write(fd, info)


def _read_holder(path: Path) -> dict[str, Any]:
    try:
        raw = json.loads(read_limited(path, 1000)[1:])
    except (OSError, ValueError, RecursionError):
        return {}
    return raw if isinstance(raw, dict) else {}
