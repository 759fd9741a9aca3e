"""Headless pygame and a temporary home for the tests of saves, undo, replays and hints."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from tests.scenes.conftest import _home, app  # noqa: F401 - the same fixtures as the scene tests
