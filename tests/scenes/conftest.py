"""Headless pygame for the scene tests: dummy video and audio drivers, a temporary home for
settings and saves, and an ``App`` with a real (hidden) window at instant animation speed."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest

from .apps import SIZE, close_apps, open_app

__all__ = ["SIZE"]  # the tests' window size, imported from here by the scene tests


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    """Settings and autosaves go to a temporary folder, never the user's."""
    monkeypatch.setenv("STONEAGE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def app():
    """An app with its window open, animations instant; closed after the test."""
    application = open_app()
    yield application
    close_apps(application)
