"""A tiny file system of a test's own, to make writes fail for real: full (``ENOSPC``) or
read-only (``EROFS``), errors the operating system gives root as well as anyone (file modes do
not stop root, and the tests may run as root).

Where the test runs with the right to mount (root with ``CAP_SYS_ADMIN``, as in a container or
a virtual machine), ``TinyDisk`` mounts a tmpfs of a few hundred kilobytes directly. Elsewhere
``run_where_mounting_works`` runs the test again inside a user and mount namespace of its own
(``unshare -rm``: an ordinary user is "root" there and may mount a tmpfs, which nobody else
sees); the outer test passes when that run passes. Where neither works (no ``unshare``, user
namespaces switched off, not Linux) the test is skipped and says why.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_INSIDE = "STONEAGE_TEST_IN_NAMESPACE"
# How a disk fails (``TinyDisk.break_as``) and what the game says the reason is.
REASONS = {"full": "the disk is full", "read-only": "the disk is read-only"}


def _mount(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["mount", *args], capture_output=True, text=True, check=False)


@contextlib.contextmanager
def _probe_folder():
    folder = tempfile.mkdtemp(prefix="stoneage-probe-")
    try:
        yield folder
    finally:
        os.rmdir(folder)


def can_mount_here() -> bool:
    """True when this process may mount a tmpfs (tried, and undone at once)."""
    if not sys.platform.startswith("linux") or shutil.which("mount") is None:
        return False
    with _probe_folder() as folder:
        if _mount("-t", "tmpfs", "-o", "size=16k", "tmpfs", folder).returncode != 0:
            return False
        subprocess.run(["umount", folder], check=False, capture_output=True)
        return True


def _can_unshare() -> bool:
    if shutil.which("unshare") is None or os.environ.get(_INSIDE):
        return False
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True, check=False)
    return probe.returncode == 0


def run_where_mounting_works(request: pytest.FixtureRequest) -> bool:
    """True: go on here (this process may mount). False: the test already ran, and passed, in a
    namespace of its own; the caller returns. Skips when no way to mount exists."""
    if can_mount_here():
        return True
    if not _can_unshare():
        pytest.skip("cannot mount a tmpfs here (neither root nor unshare -rm)")
    env = dict(os.environ, **{_INSIDE: "1"})
    # -n0: the one test in this process (the suite's addopts would start a worker per core)
    command = [sys.executable, "-m", "pytest", "-n0", "-p", "no:cacheprovider", request.node.nodeid]
    run = subprocess.run(
        ["unshare", "-rm", *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, (run.stdout + run.stderr)[-4000:]
    assert re.search(r"\b1 passed\b", run.stdout) and "skipped" not in run.stdout, run.stdout
    return False


class TinyDisk:
    """A tmpfs of ``size_kb`` kilobytes mounted at ``folder`` (a new, empty folder) for one
    test: ``fill`` it to the last byte, ``empty`` it, make it ``read_only`` or ``writable``;
    ``unmount`` at the end (a context manager does it)."""

    FILLER = ".filler"

    def __init__(self, folder: Path, size_kb: int = 512) -> None:
        self.folder = folder
        self.size_kb = size_kb

    def __enter__(self) -> TinyDisk:
        self.folder.mkdir(parents=True, exist_ok=True)
        done = _mount("-t", "tmpfs", "-o", f"size={self.size_kb}k", "tmpfs", str(self.folder))
        assert done.returncode == 0, done.stderr
        return self

    def __exit__(self, *exc: object) -> None:
        self.unmount()

    def unmount(self) -> None:
        """Take the file system away (what was written on it goes with it)."""
        subprocess.run(["umount", "-l", str(self.folder)], check=False, capture_output=True)

    def fill(self) -> int:
        """Write a file until the disk is full (the system says ``ENOSPC``); its size."""
        written = 0
        chunk = b"\0" * 4096
        with open(self.folder / self.FILLER, "ab", buffering=0) as filler:
            while True:
                try:
                    written += filler.write(chunk) or 0
                except OSError as error:
                    assert error.errno == errno.ENOSPC, error
                    break
        # A file of zero bytes still takes an inode and a page may be half used: use it up.
        with contextlib.suppress(OSError), open(self.folder / ".filler-1", "wb") as more:
            more.write(b"\0" * 64)
        return written

    def empty(self) -> None:
        """Make room again (the player deleted something)."""
        for name in (self.FILLER, ".filler-1"):
            with contextlib.suppress(FileNotFoundError):
                (self.folder / name).unlink()

    def read_only(self) -> None:
        """Remount read-only: every write fails with ``EROFS``, root's too."""
        done = _mount("-o", "remount,ro", str(self.folder))
        assert done.returncode == 0, done.stderr

    def writable(self) -> None:
        """Remount read-write (the player mended it)."""
        done = _mount("-o", "remount,rw", str(self.folder))
        assert done.returncode == 0, done.stderr

    def break_as(self, how: str) -> None:
        """Make writes fail the way ``how`` (a key of ``REASONS``) says."""
        if how == "full":
            assert self.fill() > 0
        else:
            self.read_only()

    def mend_as(self, how: str) -> None:
        """Undo ``break_as(how)``."""
        if how == "full":
            self.empty()
        else:
            self.writable()


@contextlib.contextmanager
def home_on_tiny_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[TinyDisk, Path]]:
    """A ``TinyDisk`` of 256 kB in ``tmp_path`` with the game's home folder on it (made, and
    set as ``STONEAGE_HOME``): (disk, home) for the block, unmounted after it."""
    with TinyDisk(tmp_path / "disk", size_kb=256) as disk:
        home = disk.folder / "stoneage"
        home.mkdir()
        monkeypatch.setenv("STONEAGE_HOME", str(home))
        yield disk, home
