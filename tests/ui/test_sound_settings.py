"""The sound settings (master, effects and music volume, mute) in the settings file: they
round-trip, default sensibly, and fall back field by field like the others."""

from __future__ import annotations

import json

import pytest

from stoneage.records.files import config_dir
from stoneage.records.settings import (
    SETTINGS_DAMAGED,
    SETTINGS_FILE,
    Settings,
    load_settings_with_message,
    save_settings,
)


def write_settings(raw: object) -> None:
    path = config_dir() / SETTINGS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(raw if isinstance(raw, str) else json.dumps(raw), encoding="utf-8")


def test_defaults_put_the_music_under_the_effects_and_sound_on():
    settings = Settings()
    assert not settings.muted
    assert 0.5 <= settings.master_volume <= 1.0
    assert settings.music_volume < settings.effects_volume <= 1.0


def test_sound_settings_round_trip():
    settings = Settings(
        language="en", master_volume=0.3, effects_volume=1.0, music_volume=0.0, muted=True
    )
    assert save_settings(settings)
    loaded, problem = load_settings_with_message()
    assert problem == ""
    assert (loaded.master_volume, loaded.effects_volume, loaded.music_volume, loaded.muted) == (
        0.3,
        1.0,
        0.0,
        True,
    )
    assert loaded == settings


def test_whole_numbers_are_volumes_too():
    write_settings({"language": "en", "master_volume": 1, "music_volume": 0})
    loaded, problem = load_settings_with_message()
    assert problem == "" and loaded.master_volume == 1.0 and loaded.music_volume == 0.0
    assert isinstance(loaded.master_volume, float)


@pytest.mark.parametrize(
    "bad", [1.5, -0.1, "0.5", True, None, [0.5], "NaN", float("nan"), float("inf")]
)
def test_a_bad_volume_falls_back_alone(bad):
    raw = {
        "language": "en",
        "animation": "fast",
        "master_volume": 0.4,
        "effects_volume": 0.6,
        "music_volume": bad,
        "muted": True,
    }
    write_settings(json.dumps(raw))  # json writes NaN and Infinity, and reads them back
    loaded, problem = load_settings_with_message()
    assert problem == SETTINGS_DAMAGED
    assert loaded.music_volume == Settings().music_volume
    assert (loaded.master_volume, loaded.effects_volume, loaded.muted, loaded.animation) == (
        0.4,
        0.6,
        True,
        "fast",
    )


def test_a_bad_mute_falls_back_alone():
    write_settings({"language": "en", "muted": "yes", "master_volume": 0.25})
    loaded, problem = load_settings_with_message()
    assert problem == SETTINGS_DAMAGED
    assert loaded.muted is False and loaded.master_volume == 0.25


def test_settings_from_before_the_sound_are_fine():
    write_settings({"animation": "instant", "language": "zh", "hints": False})
    loaded, problem = load_settings_with_message()
    assert problem == ""
    defaults = Settings()
    assert (loaded.master_volume, loaded.effects_volume, loaded.music_volume, loaded.muted) == (
        defaults.master_volume,
        defaults.effects_volume,
        defaults.music_volume,
        defaults.muted,
    )
