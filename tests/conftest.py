"""Fixtures for every test package."""

from __future__ import annotations

import pytest

from stoneage.ui import achievements, history, storage


def reset_records() -> None:
    """History, achievements and write health as at a program's start, the autosave's slot
    given back: nothing waiting, failing or held from another test."""
    history.reset_for_tests()
    achievements.reset_for_tests()
    storage.write_health.reset()
    storage.release_autosave()


@pytest.fixture
def fresh_records():
    """``reset_records`` before and after the test."""
    reset_records()
    yield
    reset_records()
