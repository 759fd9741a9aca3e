"""Fixtures for every test package."""

from __future__ import annotations

import pytest

from stoneage.records import Records


@pytest.fixture
def records(tmp_path, monkeypatch):
    """The player's records as a program starts with them, in a temporary data folder; the
    autosave's slot given back after the test."""
    monkeypatch.setenv("STONEAGE_HOME", str(tmp_path))
    made = Records()
    yield made
    made.close()
