"""The play layer's tests: headless, with a temporary data folder for each test."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    """Settings, saves and records go to a temporary folder, never the user's."""
    monkeypatch.setenv("STONEAGE_HOME", str(tmp_path))
    return tmp_path
