"""Where the program's bundled files are, and where its log goes.

Every file the game reads at run time is found through the installed package
(``importlib.resources.files("stoneage")``), with one layout everywhere:

* ``stoneage/assets/{images,fonts,sounds}`` -- mapped from the top-level ``assets/`` folder of
  the checkout at build time (``setup.py``), never kept twice;
* ``stoneage/locale/<lang>/LC_MESSAGES/stoneage.mo`` -- compiled from ``i18n/<lang>.po`` at build
  time (and, from a checkout, by ``stoneage.i18n`` or ``tools/compile_catalogs.py``);
* ``stoneage/rules/data/*.yaml`` -- plain package data.

A wheel, an sdist install and the PyInstaller build (``build_exe.spec`` puts the files at the same
places under ``sys._MEIPASS``, whose package folder ``importlib.resources`` returns) all hold that
layout. A source checkout (``python -m stoneage`` from the repo, or an editable install, which
imports the package from the checkout) has no ``stoneage/assets``: there a top-level folder the
package lacks is read from the checkout itself (``assets/``, ``i18n/``). The current directory
never matters.

``resource_path("assets", "images", "icon.svg")`` names a shipped file by its top-level folder;
``package_path("locale")`` names one inside the package. Both paths are built, not checked.

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
from importlib import resources
from pathlib import Path
from types import TracebackType

APP_NAME = "stoneage"
PACKAGE = "stoneage"
LOG_FILE = "stoneage.log"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 3
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"

_HANDLER_NAME = "stoneage-file"


def is_frozen() -> bool:
    """True inside a PyInstaller bundle (``sys.frozen`` and ``sys._MEIPASS`` are set)."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def package_root() -> Path:
    """The installed package's folder, as ``importlib.resources`` sees it.

    That is ``site-packages/stoneage`` for a wheel, ``<checkout>/stoneage`` from source or an
    editable install, and ``<sys._MEIPASS>/stoneage`` in a PyInstaller build.
    """
    root = resources.files(PACKAGE)
    if isinstance(root, Path):
        return root
    # A loader without real files (a zip import) is not a supported install: fonts and SVGs are
    # opened by SDL, which needs file names. The module's own folder is the best guess left.
    return Path(__file__).resolve().parent


def package_path(*parts: str) -> Path:
    """A file or folder inside the installed package, e.g. ``package_path("locale")``."""
    return package_root().joinpath(*parts)


def source_checkout() -> Path | None:
    """The repo folder when the package is imported from a source checkout, else None.

    A checkout holds ``pyproject.toml`` beside the package folder; an installed package (a wheel
    in ``site-packages``, a frozen build) does not.
    """
    if is_frozen():
        return None
    root = package_root().parent
    return root if (root / "pyproject.toml").is_file() else None


def resource_path(*parts: str) -> Path:
    """The path of a shipped file or folder named from the repo's top level.

    ``resource_path("assets", "fonts")`` is the package's ``assets/fonts`` when the package has
    an ``assets`` folder (a wheel, a frozen build) and the checkout's otherwise;
    ``resource_path("stoneage", "locale")`` is ``package_path("locale")``;
    ``resource_path("i18n")`` is the checkout's source catalogs (absent from an install). The
    path is built, not checked: the caller decides what a missing file means.
    """
    if parts and parts[0] == PACKAGE:
        return package_path(*parts[1:])
    if parts and package_path(parts[0]).exists():
        return package_path(*parts)
    checkout = source_checkout()
    return (checkout or package_root()).joinpath(*parts)


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
        "%s started (frozen=%s, python %s, rules engine %s)",
        APP_NAME,
        is_frozen(),
        sys.version.split()[0],
        rules_engine(),
    )
    return Path(handler.baseFilename)


def rules_engine() -> str:
    """Whether the rules engine runs compiled (mypyc) or as plain Python, in words."""
    from stoneage.rules import describe_engine

    return describe_engine()


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
        sys.stdout = _LogStream(logging.getLogger(f"{APP_NAME}.stdout"), logging.INFO)
    if sys.stderr is None:
        sys.stderr = _LogStream(logging.getLogger(f"{APP_NAME}.stderr"), logging.WARNING)
