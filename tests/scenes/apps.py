"""Opening and closing the game's ``App`` in tests: a real (hidden) window, and everything it
opened given back afterwards, so one test's scenes, caches and window never reach the next."""

from __future__ import annotations

import pygame

from stoneage.app import App
from stoneage.records.settings import Settings
from stoneage.ui import assets

SIZE = (1280, 720)


def open_app(size: tuple[int, int] = SIZE, seed: int | None = 11, sound=None, **settings) -> App:
    """An app with its window open at instant animation speed (``settings`` change more)."""
    application = App(
        size, Settings(**{"animation": "instant", **settings}), seed=seed, sound=sound
    )
    application.open_window(flags=0)
    return application


def close_apps(*apps: App) -> None:
    """Every scene of ``apps`` left, the caches emptied and the window closed."""
    for application in apps:
        while application.stack:
            application.stack.pop().exit()
        application.records.close()
        application.bot_worker.close()  # the bots' process, if a table started it
    assets.clear_caches()
    pygame.display.quit()
