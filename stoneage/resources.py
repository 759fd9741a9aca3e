"""Where the program's bundled files are, and where its log goes.

``resource_path("assets", "images", "icon.svg")`` names a file shipped with the game. Paths are
relative to the *bundle root*, which has the same layout from source and frozen:

* from source (a repo checkout or an editable install) the root is the folder that holds the
  ``stoneage`` package, found from this file (never the current directory);
* frozen by PyInstaller it is ``sys._MEIPASS`` (``_internal/`` beside the executable in a
  onedir build, ``Contents/Frameworks`` in a macOS ``.app``), where ``build_exe.spec`` puts
  ``assets/`` and ``stoneage/locale/`` at the same relative places.

``setup_logging()`` sends the ``logging`` records, warnings and uncaught exceptions to
``stoneage.log`` in the user's log folder (platformdirs' ``user_log_dir``). A windowed build has
no console, so that file is the only place a crash can be read afterwards.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import threading
from pathlib import Path
from types import TracebackType

APP_NAME = "stoneage"
LOG_FILE = "stoneage.log"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 3
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"

_HANDLER_NAME = "stoneage-file"


def is_frozen() -> bool:
    """True inside a PyInstaller bundle (``sys.frozen`` and ``sys._MEIPASS`` are set)."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def bundle_root() -> Path:
    """The folder every bundled file is relative to (see the module docstring)."""
    if is_frozen():
        return Path(sys._MEIPASS)  # type: ignore[attr-defined]  # set by PyInstaller's bootloader
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """The path of a bundled file or folder, e.g. ``resource_path("assets", "fonts")``.

    The path is built, not checked: the caller decides what a missing file means.
    """
    return bundle_root().joinpath(*parts)


def user_log_dir() -> Path:
    """The user's log folder for the game: ``$STONEAGE_LOG_DIR`` or platformdirs' choice."""
    override = os.environ.get("STONEAGE_LOG_DIR")
    if override:
        return Path(override)
    from platformdirs import user_log_dir as _platform_log_dir

    return Path(_platform_log_dir(APP_NAME, appauthor=False))


def setup_logging(level: int = logging.INFO, log_dir: Path | None = None) -> Path | None:
    """Log to ``<log_dir>/stoneage.log`` (rotated at 1 MB, 3 old files kept).

    Also routes ``warnings`` and uncaught exceptions (main and other threads) to the log (a
    console, when there is one, still shows the traceback), and lets a windowed build's stray
    prints reach the log (it has no console: ``sys.stdout``/``sys.stderr`` are None). Calling
    it again does nothing. Returns the log file, or None when the folder cannot be written
    (then records go to stderr, if there is one).
    """
    root = logging.getLogger()
    existing = _our_handler(root)
    if existing is not None:
        return Path(existing.baseFilename)
    root.setLevel(level)
    handler = _file_handler(log_dir or user_log_dir())
    if handler is None:
        if sys.stderr is not None:
            logging.basicConfig(level=level, format=LOG_FORMAT)
        return None
    root.addHandler(handler)
    logging.captureWarnings(True)
    _install_excepthooks()
    _give_console_streams_to_log()
    logging.getLogger(__name__).info(
        "%s started (frozen=%s, python %s)", APP_NAME, is_frozen(), sys.version.split()[0]
    )
    return Path(handler.baseFilename)


def _our_handler(logger: logging.Logger) -> logging.handlers.RotatingFileHandler | None:
    """The file handler ``setup_logging`` added before, if any."""
    for handler in logger.handlers:
        if handler.get_name() == _HANDLER_NAME and isinstance(
            handler, logging.handlers.RotatingFileHandler
        ):
            return handler
    return None


def _file_handler(folder: Path) -> logging.handlers.RotatingFileHandler | None:
    """A rotating UTF-8 file handler in ``folder`` (created), or None if it cannot be opened."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            folder / LOG_FILE, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
    except OSError:
        return None
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    return handler


def _has_console() -> bool:
    """Is there a real stderr (a terminal or a pipe), not the stand-in writing to the log?"""
    return sys.stderr is not None and not isinstance(sys.stderr, _LogStream)


def _log_exception(
    kind: type[BaseException], value: BaseException, tb: TracebackType | None
) -> None:
    """``sys.excepthook``: log an uncaught exception, and show it on the console if any."""
    if not issubclass(kind, KeyboardInterrupt):
        logging.getLogger(APP_NAME).critical("uncaught exception", exc_info=(kind, value, tb))
    if _has_console():
        sys.__excepthook__(kind, value, tb)


def _log_thread_exception(args: threading.ExceptHookArgs) -> None:
    """``threading.excepthook``: log an exception that ended a thread (a bot's, say)."""
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread is not None else "?"
    logging.getLogger(APP_NAME).error(
        "uncaught exception in thread %s",
        name,
        exc_info=(args.exc_type, args.exc_value, args.exc_traceback),  # type: ignore[arg-type]
    )
    if _has_console():
        threading.__excepthook__(args)


def _install_excepthooks() -> None:
    """Send uncaught exceptions to the log."""
    sys.excepthook = _log_exception
    threading.excepthook = _log_thread_exception


class _LogStream:
    """A text stream that writes each line it is given to a logger (stands in for a missing
    console; it never holds the log file open itself, so rotation cannot break it)."""

    def __init__(self, logger: logging.Logger, level: int) -> None:
        self.logger = logger
        self.level = level
        self._pending = ""

    def write(self, text: str) -> int:
        """Log every complete line; keep a partial one until its newline arrives."""
        lines = (self._pending + text).split("\n")
        self._pending = lines.pop()
        for line in lines:
            if line.strip():
                self.logger.log(self.level, line.rstrip())
        return len(text)

    def flush(self) -> None:
        """Log a pending partial line."""
        if self._pending.strip():
            self.logger.log(self.level, self._pending.rstrip())
        self._pending = ""

    def isatty(self) -> bool:
        """Never a terminal."""
        return False


def _give_console_streams_to_log() -> None:
    """Without a console (a windowed build has ``sys.stdout``/``sys.stderr`` set to None), let
    stray prints and tracebacks reach the log instead of vanishing."""
    if sys.stdout is None:
        sys.stdout = _LogStream(logging.getLogger(f"{APP_NAME}.stdout"), logging.INFO)  # type: ignore[assignment]
    if sys.stderr is None:
        sys.stderr = _LogStream(logging.getLogger(f"{APP_NAME}.stderr"), logging.WARNING)  # type: ignore[assignment]
