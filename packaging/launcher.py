"""Entry script of the frozen game (PyInstaller needs a script; this one calls the real entry
point, ``stoneage.__main__.main``, exactly as the ``stoneage`` command does).

Before that it starts the log file: a windowed build has no console, so the log in the user's
log folder (see ``stoneage.resources``) is where errors can be read afterwards.
"""

from __future__ import annotations

import multiprocessing
import sys


def run() -> int:
    """Set up logging and run the game; the return value is the exit status."""
    multiprocessing.freeze_support()  # a frozen child process must not start a second game
    from stoneage.resources import setup_logging

    setup_logging()
    from stoneage.__main__ import main

    return main()


if __name__ == "__main__":
    sys.exit(run())
