"""The sound manager under SDL's dummy audio driver: it plays, throttles, caps the channels,
honours mute and the volumes, starts the music once; without a device it is silent, logs one
line and never raises. And the sound files themselves: all there, decodable, within 5 MB."""

from __future__ import annotations

import importlib.util
import logging
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from stoneage.play.cues import CUE_NAMES, Cue
from stoneage.records.settings import Settings
from stoneage.ui import audio
from stoneage.ui.audio import CHANNELS, MAX_SAME, SoundManager, all_sound_files, sound_file

ROOT = Path(__file__).resolve().parents[2]
LONG_CUES = ("won", "lost", "new_round", "building", "birth", "hunger", "feeding", "gold")
LONG_CUES += ("tool_gain", "food")  # ten cues of 0.9 s or more, more than the channels


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def manager(clock):
    """A manager on the dummy driver; the mixer is closed before (a game scene tested earlier
    may have left it open) and afterwards, so each test opens it."""
    pygame.mixer.quit()
    sounds = SoundManager(clock=clock)
    yield sounds
    pygame.mixer.quit()


def audio_records(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "stoneage.ui.audio"]


# --- playing ---------------------------------------------------------------------------------
def test_nothing_opens_until_a_sound_is_asked_for(manager):
    assert not pygame.mixer.get_init()
    assert manager.play("click")
    assert pygame.mixer.get_init() and manager.busy_channels() == 1


def test_dice_sound_as_many_dice_as_rolled(manager):
    assert sound_file("dice", 4) == "dice_4"
    assert sound_file("dice", 0) == "dice_1" and sound_file("dice", 14) == "dice_10"
    assert manager.play("dice", count=4)
    assert manager._sounds["dice_4"].get_length() > manager._sound("dice_1").get_length()


def test_the_same_cue_again_within_its_interval_is_skipped(manager, clock):
    assert manager.play("click")
    assert not manager.play("click")
    clock.now += 0.03
    assert not manager.play("click")
    clock.now += 0.02  # 50 ms after the first: past the click's 40 ms
    assert manager.play("click")
    assert manager.dropped == 2


def test_at_most_two_copies_of_a_cue_sound_at_once(manager, clock):
    started = []
    for _ in range(4):
        started.append(manager.play("card"))  # 0.47 s long; 0.1 s apart on the test clock
        clock.now += 0.1
    assert started == [True] * MAX_SAME + [False] * (4 - MAX_SAME)


def test_no_more_sounds_than_channels_and_none_is_cut(manager, clock):
    manager.set_volumes(master=0.1, effects=0.5)  # soft enough that all would fit under full scale
    started = []
    for name in LONG_CUES:
        started.append(manager.play(name))
        clock.now += 0.01
    assert len(LONG_CUES) > CHANNELS
    assert started == [True] * CHANNELS + [False] * (len(LONG_CUES) - CHANNELS)
    assert manager.busy_channels() == CHANNELS
    # The first sounds still play: the late ones were dropped, not swapped in.
    first = manager._sounds[LONG_CUES[0]]
    assert any(pygame.mixer.Channel(i).get_sound() == first for i in range(CHANNELS))


def test_loud_sounds_together_never_pass_full_scale(manager, clock):
    """At full volume the peaks still to come of everything playing stay under full scale: a
    sound that would pass it plays softer, or not at all; as sounds fade, room comes back."""
    manager.set_volumes(master=1.0, effects=1.0, music=1.0)
    assert manager.start_music()
    started = []
    for name in LONG_CUES:
        started.append(manager.play(name))
        assert manager.peak_to_come() <= audio.HEADROOM + 1e-9
        clock.now += 0.01
    assert started[0] and not all(started)
    assert 0 < manager.peak_to_come() <= audio.HEADROOM
    clock.now += 3.0  # every effect has ended (by its measured length): only the music is left
    assert manager.peak_to_come() == pytest.approx(manager._music_peak * manager.music_gain())
    tails = manager._tails["won"]
    assert tails == sorted(tails, reverse=True) and 0.5 < tails[0] < 1.0


def test_play_cues_sounds_a_rules_steps_cues(manager):
    manager.set_volumes(master=0.5, effects=0.8)  # three loud cues at once fit under full scale
    cues = [Cue("dice", 3, (0,)), Cue("wood", 2, (0,)), Cue("new_round")]
    assert manager.play_cues(cues) == 3
    assert {"dice_3", "wood", "new_round"} <= set(manager._sounds)


def test_mute_silences_and_unmute_brings_back(manager, clock):
    manager.set_muted(True)
    assert not manager.play("click")
    assert manager.busy_channels() == 0
    assert manager.toggle_mute() is False
    assert manager.play("click")
    assert manager.toggle_mute() is True and manager.effects_gain() == 0.0


def test_volumes_multiply_and_reach_sounds_already_read(manager, clock):
    manager.set_volumes(master=0.5, effects=0.5, music=0.4)
    assert manager.play("drop")
    drop = manager._sounds["drop"]
    assert drop.get_volume() == pytest.approx(0.25, abs=1 / 128)
    manager.set_volumes(effects=1.0)
    assert drop.get_volume() == pytest.approx(0.5, abs=1 / 128)
    manager.set_volumes(effects=0.0)
    clock.now += 1
    assert not manager.play("drop")
    manager.set_volumes(master=7.0, effects=-1)  # out of range: clamped
    assert (manager.master, manager.effects) == (1.0, 0.0)


def test_settings_give_the_volumes_and_mute(manager):
    manager.apply_settings(
        Settings(master_volume=0.6, effects_volume=0.5, music_volume=0.25, muted=True)
    )
    assert (manager.master, manager.effects, manager.music, manager.muted) == (0.6, 0.5, 0.25, True)
    assert manager.effects_gain() == 0 and manager.music_gain() == 0


# --- music -----------------------------------------------------------------------------------
@pytest.fixture
def loads(monkeypatch):
    """Counts the times the music file is loaded (each load would restart the music)."""
    calls: list[str] = []
    real = pygame.mixer.music.load

    def counting(path, *args):
        calls.append(path)
        return real(path, *args)

    monkeypatch.setattr(pygame.mixer.music, "load", counting)
    return calls


def test_music_starts_once_and_never_restarts(manager, loads, clock):
    manager.set_volumes(master=1.0, music=0.5)
    assert manager.start_music()
    assert pygame.mixer.music.get_busy()
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=1 / 128)
    for _ in range(3):  # three new screens
        manager.scene_changed()
        assert manager.start_music()
    assert len(loads) == 1


def test_a_screen_change_dips_the_music_and_brings_it_back(manager, clock):
    manager.set_volumes(master=1.0, music=0.8)
    manager.start_music()
    manager.scene_changed()
    clock.now += 0.25
    manager.update()
    assert pygame.mixer.music.get_volume() == pytest.approx(0.8 * audio.SCENE_DIP, abs=0.02)
    clock.now += 0.45
    manager.update()
    low_then_rising = pygame.mixer.music.get_volume()
    assert 0.8 * audio.SCENE_DIP < low_then_rising < 0.8
    clock.now += 0.5
    manager.update()
    assert pygame.mixer.music.get_volume() == pytest.approx(0.8, abs=0.01)
    assert pygame.mixer.music.get_busy()


def test_music_keeps_its_place_while_muted(manager, loads):
    manager.set_volumes(master=1.0, music=0.5)
    manager.start_music()
    manager.toggle_mute()
    assert pygame.mixer.music.get_volume() == 0 and pygame.mixer.music.get_busy()
    manager.toggle_mute()
    assert pygame.mixer.music.get_volume() > 0 and len(loads) == 1


def test_music_asked_for_while_muted_starts_when_unmuted(manager, loads):
    manager.set_muted(True)
    assert not manager.start_music()
    assert not loads
    manager.set_muted(False)
    assert len(loads) == 1 and pygame.mixer.music.get_busy()


def test_preload_reads_the_files_a_few_at_a_time(manager):
    assert not manager.preload(budget=0.0)  # one file per call at the least
    assert manager.preload(budget=10.0)
    assert set(manager._sounds) == set(all_sound_files()) - {audio.MUSIC_FILE}
    assert all(sound is not None for sound in manager._sounds.values())


# --- no device -------------------------------------------------------------------------------
def test_a_mixer_that_fails_to_open_means_silence_and_one_log_line(manager, monkeypatch, caplog):
    def no_device(*args, **kwargs):
        raise pygame.error("no available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    caplog.set_level(logging.INFO)
    assert not manager.play("click")
    assert not manager.play("dice", count=3)
    assert not manager.start_music()
    manager.scene_changed()
    manager.update()
    manager.toggle_mute()
    manager.toggle_mute()
    assert manager.play_cues([Cue("wood", 1, (0,))]) == 0
    assert manager.preload() and not manager.available
    records = audio_records(caplog)
    assert len(records) == 1 and "sound is off" in records[0].getMessage()
    assert records[0].levelno == logging.WARNING and records[0].exc_info is None


def test_an_audio_driver_naming_nothing_runs_silently(tmp_path):
    script = (
        "import logging, pygame\n"
        "logging.basicConfig(level=logging.INFO, format='%(name)s %(message)s')\n"
        "from stoneage.ui.audio import SoundManager\n"
        "sound = SoundManager()\n"
        "assert not sound.play('click') and not sound.start_music()\n"
        "sound.play('dice', count=5); sound.toggle_mute(); sound.toggle_mute(); sound.update()\n"
        "print('alive', sound.available)\n"
    )
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-driver", STONEAGE_HOME=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("alive False")
    lines = [line for line in result.stderr.splitlines() if line.startswith("stoneage.ui.audio")]
    assert len(lines) == 1 and "sound is off" in lines[0]
    assert "Traceback" not in result.stderr


def test_a_missing_sound_file_is_logged_once_and_stays_silent(tmp_path, clock, caplog):
    sounds = SoundManager(folder=tmp_path, clock=clock)
    try:
        caplog.set_level(logging.INFO)
        assert not sounds.play("click")
        clock.now += 1
        assert not sounds.play("click")
        assert not sounds.start_music()
        assert not sounds.start_music()
        messages = [r.getMessage() for r in audio_records(caplog)]
        assert len(messages) == 2
        assert "click.wav" in messages[0] and "music.wav" in messages[1]
    finally:
        pygame.mixer.quit()


def test_importing_the_manager_opens_no_audio():
    script = (
        "import pygame, stoneage.ui.audio as audio\n"
        "audio.SoundManager()\n"
        "print(pygame.mixer.get_init())\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and result.stdout.strip().endswith("None")


# --- the files -------------------------------------------------------------------------------
def load_tool():
    """``tools/make_sounds.py`` as a module (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_cue_has_its_sound_file_and_all_fit_in_5_mb():
    folder = audio.sounds_dir()
    files = all_sound_files()
    assert {sound_file(name) for name in CUE_NAMES} <= set(files)
    assert set(files) == set(load_tool().sound_names())
    paths = [folder / f"{name}.wav" for name in files]
    assert all(path.is_file() for path in paths)
    assert sum(path.stat().st_size for path in paths) <= 5_000_000


def test_every_sound_file_decodes(manager):
    manager.open()
    for name in all_sound_files():
        sound = pygame.mixer.Sound(str(audio.sounds_dir() / f"{name}.wav"))
        assert sound.get_length() > 0.05, name
    music = pygame.mixer.Sound(str(audio.sounds_dir() / "music.wav"))
    assert 30 <= music.get_length() <= 90


def test_the_files_pass_the_tools_measurements(capsys):
    # Peaks at most -1 dBFS, effects levelled, no clicks at the ends, no cut tails, the music
    # quieter than the effects with a seamless loop point, 5 MB in all.
    assert load_tool().check(audio.sounds_dir()) == 0, capsys.readouterr().out


def test_the_files_are_what_the_tool_makes(tmp_path):
    tool = load_tool()
    for name in ("click", "dice_3", "gold"):
        tool.write_wav(tmp_path / f"{name}.wav", tool.render(name))
        ours, _ = tool.read_wav(audio.sounds_dir() / f"{name}.wav")
        fresh, _ = tool.read_wav(tmp_path / f"{name}.wav")
        assert len(ours) == len(fresh)
        # Identical here; a sample may round differently where libm differs in its last bit.
        assert max(abs(a - b) for a, b in zip(ours, fresh)) <= 2 / 32768
