"""The review's tests: headless, with a temporary data folder, in English unless a test says."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest

from stoneage import i18n


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    """Settings, saves and records go to a temporary folder, never the user's; English."""
    monkeypatch.setenv("STONEAGE_HOME", str(tmp_path))
    i18n.install_language("en")
    yield tmp_path
    i18n.install_language("en")
