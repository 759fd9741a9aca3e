"""Headless pygame for the scene tests: dummy video and audio drivers, a temporary home for
settings and saves, and an ``App`` with a real (hidden) window at instant animation speed."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from stoneage.app import App
from stoneage.scenes import toasts
from stoneage.ui import achievements, assets, history, storage
from stoneage.ui.storage import Settings

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    """Settings and autosaves go to a temporary folder, never the user's."""
    monkeypatch.setenv("STONEAGE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def app():
    """An app with its window open, animations instant; closed after the test."""
    application = App(SIZE, Settings(animation="instant"), seed=11)
    application.open_window(flags=0)
    yield application
    while application.stack:
        application.stack.pop().exit()
    assets.clear_caches()
    pygame.display.quit()


def _reset_records() -> None:
    for reset in (history.reset_for_tests, achievements.reset_for_tests):
        reset()
    storage.write_health.reset()
    toasts.BOARD.clear()


@pytest.fixture
def fresh_records():
    """The history, achievements, write health and toasts as at start, before and after."""
    _reset_records()
    yield
    _reset_records()
