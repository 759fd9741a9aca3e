"""The player's folders, and writing files there so that none is ever lost.

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

A file holding a secret (a seat's token, the player key) is written ``private``: its ``.tmp`` is
created readable and writable by its owner only (mode 0600, set as the file is made, so it is
never readable by others, not even for an instant), and the previous copy (a link to the older
file, which an older version may have left readable) is narrowed to the same mode.

A file that is not complete JSON never becomes the previous copy (the older good copy stays).
A damaged file is never deleted silently: it is renamed aside (``<stem>.damaged-<time>.json``)
once the player has chosen what to do. Failing writes (a read-only folder, a full disk) are
logged; the autosave and the settings then carry on without the file, and a named save reports
the error to the player.

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
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# The lock that keeps two copies of the game apart: fcntl on POSIX, msvcrt on Windows.
fcntl: Any = None
msvcrt: Any = None
try:
    fcntl = importlib.import_module("fcntl")
except ImportError:  # pragma: no cover - Windows
    msvcrt = importlib.import_module("msvcrt")

log = logging.getLogger(__name__)

SAVES_FOLDER = "saves"
MAX_FILE_BYTES = 5_000_000  # far above any file the game writes; a larger one is refused unread
PREVIOUS_MARK = ".prev"
#: The mode of a file holding a secret: its owner reads and writes it, nobody else.
PRIVATE_MODE = 0o600
DAMAGED_MARK = ".damaged-"


@dataclass(frozen=True)
class SaveFile:
    """A save on disk: its name, file and when it was last written."""

    name: str
    path: Path
    modified: float = field(compare=False)


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
    private: bool = False,
) -> None:
    """Write ``content`` to ``path`` so that a kill at any instant leaves a complete file (see
    the module's docstring). Raises ``OSError`` when the file cannot be written; the files
    already there are then unchanged. ``is_complete`` says whether the file now there is whole
    and worth keeping as the previous copy (default: it is one JSON object). ``private``: the
    file (and its previous copy) readable by its owner only (mode 0600 where the system has
    modes), from the moment it exists."""
    data = content.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    try:
        if private:
            remove_quietly(tmp)  # a stray .tmp of an older version keeps its own mode
        _write_synced(tmp, data, PRIVATE_MODE if private else 0o644)
        if keep_previous and (is_complete or is_whole_json)(path):
            _keep_previous(path)
            if private:
                narrow(previous_of(path))
        os.replace(tmp, path)
    except OSError:
        remove_quietly(tmp)
        raise
    sync_folder(path.parent)


def narrow(path: Path) -> None:
    """Make ``path`` readable and writable by its owner only (POSIX; elsewhere the user's
    folder is already the user's own). Never raises."""
    if os.name == "posix":
        with contextlib.suppress(OSError):
            os.chmod(path, PRIVATE_MODE)


def _write_synced(path: Path, data: bytes, mode: int = 0o644) -> None:
    """``data`` in ``path`` (created with ``mode``), on the disk before this returns."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), mode)
    try:
        if mode == PRIVATE_MODE and os.name == "posix":
            os.fchmod(fd, PRIVATE_MODE)  # an existing file keeps its mode through O_CREAT
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
    remove_quietly(staged)
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


def is_whole_json(path: Path) -> bool:
    """True when ``path`` holds a whole JSON object (worth keeping as the previous copy)."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return False
        return isinstance(json.loads(path.read_bytes()), dict)
    except (OSError, ValueError, RecursionError):
        return False


def sync_folder(folder: Path) -> None:
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


def remove_quietly(path: Path) -> None:
    """Delete ``path`` if it is there and can be deleted; never raises."""
    with contextlib.suppress(OSError):
        path.unlink()


def read_limited(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
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
            remove_quietly(target)
            raise
    sync_folder(path.parent)
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
    sync_folder(path.parent)
    return target


@contextlib.contextmanager
def exclusive(path: Path, timeout: float = 10.0) -> Iterator[None]:
    """Hold an exclusive lock on the file ``path`` (created if missing) while the block runs,
    so two copies of the game never read-modify-write the same file at once. Where the system
    cannot lock, or the lock is not had within ``timeout``, the block runs anyway: a write is
    never refused for want of a lock."""
    handle = open_lock_file(path)
    locked = handle is not None and _lock_waiting(handle, timeout)
    try:
        yield
    finally:
        if handle is not None:
            if locked:
                unlock(handle)
            os.close(handle)


def open_lock_file(path: Path) -> int | None:
    """A descriptor of the lock file ``path`` (created with its folder), or None."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
    except OSError:
        return None


def _lock_waiting(fd: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while True:
        outcome = try_lock(fd)
        if outcome is not False:
            return outcome is True
        if time.monotonic() > deadline:
            log.warning("a lock was not had within %s s; going on without it", timeout)
            return False
        time.sleep(0.02)


def try_lock(fd: int) -> bool | None:
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


def unlock(fd: int) -> None:
    """Let go of a lock ``try_lock`` took."""
    with contextlib.suppress(OSError):
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
        elif msvcrt is not None:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
