"""The sounds of the program through the app: the table's cues for a seeded game (bots and a
human), M and the pause menu's mute (remembered), the settings' volume rows, the music started
once and dipped on screen changes, and a mixer that cannot open (the game goes on silently)."""

from __future__ import annotations

import logging
import time

import pygame
import pytest

from stoneage.i18n import _
from stoneage.play.cues import step_cues
from stoneage.play.seats import Seat
from stoneage.play.story import LISTENER_CUES
from stoneage.records.settings import load_settings
from stoneage.rules import Place
from stoneage.scenes.menus.pause_scene import PauseMenu
from stoneage.scenes.menus.settings_scene import SettingsScene
from stoneage.scenes.table.scene import TableScene
from stoneage.scenes.table.session.autoplay import Autoplay, autoplay_seats
from stoneage.scenes.table.telling.announcer import OWN_CUES
from stoneage.ui.audio import SoundManager

from .apps import close_apps, open_app
from .hands import click, drag, post, run_until_human_or_end


class RecordingSound(SoundManager):
    """A sound manager that opens no device: it notes every cue asked for (before any
    throttling, which ``tests/ui/test_audio.py`` covers), the music's start and the dips."""

    def __init__(self) -> None:
        super().__init__()
        self.played: list[tuple[str, int]] = []
        self.music_starts = 0
        self.dips = 0

    def play(self, name: str, count: int = 1) -> bool:
        if self.effects_gain() <= 0:
            return False
        self.played.append((name, count))
        return True

    def start_music(self, fade_ms: int = 0) -> bool:
        self._music_wanted = True
        if not self._music_started:
            self.music_starts += 1
            self._music_started = True
        return True

    def scene_changed(self) -> None:
        self.dips += 1
        super().scene_changed()

    def names(self) -> list[str]:
        return [name for name, _count in self.played]


@pytest.fixture
def heard():
    return RecordingSound()


@pytest.fixture
def sound_app(heard):
    """An app with the recording sound manager, its window open, animations instant."""
    application = open_app(sound=heard, language="en")
    yield application
    close_apps(application)


def key(app, code: int, mod: int = 0, text: str = "") -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)
    if text:
        post(pygame.TEXTINPUT, text=text)
    app.step(block=False)


def expected_cues(scene: TableScene) -> list[tuple[str, int]]:
    """What the table should have sounded for the steps played so far, in order."""
    cues: list[tuple[str, int]] = []
    own = OWN_CUES | LISTENER_CUES  # new round (and your turn, won, lost): at their events
    for step in scene.match.steps:
        cues += [(c.name, c.count) for c in step_cues(step.events) if c.name not in own]
        if step.after.round != step.before.round and not step.after.is_terminal():
            cues.append(("new_round", 1))
    return cues


def test_a_watched_game_sounds_every_step_and_ends_won(sound_app, heard):
    """Four bots, seed 3, instant: the cues heard are exactly those of the steps, in order,
    then the end (won, for a spectator); never "your turn"."""
    watching = Autoplay(speed=0.0)
    sound_app.push(sound_app.make_scene("game", seats=autoplay_seats(4), seed=3, autoplay=watching))
    scene = sound_app.top
    assert isinstance(scene, TableScene)
    deadline = time.monotonic() + 60
    while isinstance(sound_app.top, TableScene) and time.monotonic() < deadline:
        sound_app.step(block=False)
    assert scene.match.is_over()
    table = [(n, c) for n, c in heard.played if n != "click"]
    assert table == expected_cues(scene) + [("won", 1)]
    names = set(heard.names())
    assert {"dice", "food", "feeding", "new_round", "won", "building", "card"} <= names
    assert "your_turn" not in names and "lost" not in names
    assert heard.names().count("new_round") == scene.match.state.round - 1


def test_a_human_hears_the_turn_the_figures_a_refusal_and_buttons(sound_app, heard):
    seats = [Seat("Ann", "red", "human"), Seat("Bo", "blue", "bot", "easy")]
    sound_app.push(sound_app.make_scene("game", seats=seats, seed=4, threaded=False))
    scene = sound_app.top
    assert isinstance(scene, TableScene)
    run_until_human_or_end(sound_app)
    assert "your_turn" in heard.names()
    forest = scene.lay.spaces[4].center
    control = scene.hands.placing()
    assert control is not None
    mark = len(heard.played)
    drag(sound_app, control.grab.center, forest)
    assert heard.names()[mark : mark + 2] == ["pick_up", "drop"]
    run_until_human_or_end(sound_app)
    control = scene.hands.placing()
    assert control is not None and 4 not in {
        a.space for a in scene.match.state.legal_actions() if isinstance(a, Place)
    }
    mark = len(heard.played)
    drag(sound_app, control.grab.center, forest)  # a second group on the forest: refused
    assert heard.names()[mark:] == ["pick_up", "refused", "snap_back"]
    mark = len(heard.played)
    click(sound_app, scene.toolbar.log.rect.center)
    assert heard.names()[mark:] == ["click"]


@pytest.mark.parametrize(("winners", "cue"), [([0], "won"), ([1], "lost"), ([0, 1], "won")])
def test_the_end_is_won_or_lost_for_the_human(sound_app, heard, monkeypatch, winners, cue):
    seats = [Seat("Ann", "red", "human"), Seat("Bo", "blue", "bot", "easy")]
    scene = sound_app.make_scene("game", seats=seats, seed=4, threaded=False)
    assert isinstance(scene, TableScene)
    monkeypatch.setattr(type(scene.match.state), "winners", lambda self: winners)
    scene.announcer.game_end(scene.match.state.winners())
    assert heard.names()[-1] == cue


# --- mute --------------------------------------------------------------------------------------
def test_m_mutes_anywhere_says_so_and_is_remembered(sound_app, heard):
    sound_app.push(sound_app.make_scene("title"))
    sound_app.step(block=False)
    key(sound_app, pygame.K_m)
    assert heard.muted and sound_app.settings.muted and load_settings().muted
    assert sound_app.toasts.texts() == [_("Sound off (M)")]
    assert not heard.play("click") and heard.effects_gain() == 0 and heard.music_gain() == 0
    sound_app.push(sound_app.make_scene("settings"))  # M over a panel, then at the table
    key(sound_app, pygame.K_m)
    assert not heard.muted and not load_settings().muted
    assert sound_app.toasts.texts() == [_("Sound on (M)")]  # the older word withdrawn
    seats = [Seat("Ann", "red", "human"), Seat("Bo", "blue", "bot", "easy")]
    sound_app.reset(sound_app.make_scene("game", seats=seats, seed=4, threaded=False))
    run_until_human_or_end(sound_app)
    key(sound_app, pygame.K_m)
    assert heard.muted and load_settings().muted
    key(sound_app, pygame.K_m, mod=pygame.KMOD_CTRL)  # Ctrl+M is not M
    assert heard.muted


def test_a_name_being_typed_takes_the_m(sound_app, heard):
    sound_app.push(sound_app.make_scene("setup"))
    setup = sound_app.top
    setup.edit(0)
    before = setup.drafts[0].seat.name
    key(sound_app, pygame.K_m, text="m")
    assert setup.drafts[0].seat.name == before + "m"
    assert not heard.muted and not sound_app.settings.muted


def test_the_pause_menu_mutes_and_follows_m(sound_app, heard):
    seats = [Seat("Ann", "red", "human"), Seat("Bo", "blue", "bot", "easy")]
    sound_app.push(sound_app.make_scene("game", seats=seats, seed=4, threaded=False))
    run_until_human_or_end(sound_app)
    sound_app.push(sound_app.make_scene("pause"))
    menu = sound_app.top
    assert isinstance(menu, PauseMenu)
    mute = next(b for b in menu.buttons if b.name == "mute")
    assert mute.label == _("Mute")
    click(sound_app, mute.rect.center)
    assert heard.muted and load_settings().muted
    assert next(b for b in menu.buttons if b.name == "mute").label == _("Unmute")
    key(sound_app, pygame.K_m)
    assert not heard.muted
    assert next(b for b in menu.buttons if b.name == "mute").label == _("Mute")


# --- the settings' sound page --------------------------------------------------------------------
def test_the_volume_rows_change_what_is_heard_at_once(sound_app, heard):
    sound_app.push(sound_app.make_scene("settings"))
    settings_scene = sound_app.top
    assert isinstance(settings_scene, SettingsScene)

    def named(name: str):
        return next(b for b in settings_scene.buttons if b.name == name)

    click(sound_app, named("tab_sound").rect.center)
    assert settings_scene.page == "sound"
    click(sound_app, named("master_volume_down").rect.center)
    assert sound_app.settings.master_volume == pytest.approx(0.7)
    assert heard.master == pytest.approx(0.7)
    assert load_settings().master_volume == pytest.approx(0.7)
    for _i in range(3):
        click(sound_app, named("music_volume_up").rect.center)
    assert heard.music == pytest.approx(0.8) and sound_app.settings.music_volume == 0.8
    gauge = next(g for g in settings_scene.gauges if g.field == "effects_volume")
    click(sound_app, (gauge.rect.left + gauge.rect.width * 3 // 10 - 2, gauge.rect.centery))
    assert heard.effects == pytest.approx(0.3)
    click(sound_app, (gauge.rect.left, gauge.rect.centery))  # the very left: silent
    assert heard.effects == 0 and load_settings().effects_volume == 0
    assert not named("effects_volume_down").enabled
    click(sound_app, named("sound_off").rect.center)
    assert heard.muted and load_settings().muted
    assert named("sound_off").selected and not named("sound_on").selected
    for _i in range(12):  # never past 100 %
        up = named("master_volume_up")
        if not up.enabled:
            break
        click(sound_app, up.rect.center)
    assert sound_app.settings.master_volume == 1.0


def test_the_volumes_change_by_keyboard_and_wheel(sound_app, heard):
    """Up and Down choose a volume (framed), Left and Right change it by 10 %; the wheel over a
    volume's row changes that one; the General page leaves the arrow keys alone."""
    sound_app.push(sound_app.make_scene("settings", page="sound"))
    scene = sound_app.top
    assert isinstance(scene, SettingsScene) and scene.focus is None
    key(sound_app, pygame.K_LEFT)  # nothing chosen yet: the master volume
    assert scene.focus == 0 and sound_app.settings.master_volume == pytest.approx(0.7)
    assert heard.master == pytest.approx(0.7)
    key(sound_app, pygame.K_DOWN)
    key(sound_app, pygame.K_DOWN)
    key(sound_app, pygame.K_DOWN)  # never past the last volume
    assert scene.gauges[scene.focus].field == "music_volume"
    before = sound_app.settings.music_volume
    key(sound_app, pygame.K_RIGHT)
    key(sound_app, pygame.K_KP_PLUS)
    assert sound_app.settings.music_volume == pytest.approx(before + 0.2)
    assert load_settings().music_volume == pytest.approx(before + 0.2)
    key(sound_app, pygame.K_UP)
    assert scene.gauges[scene.focus].field == "effects_volume"
    sound_app.draw()  # the chosen volume is framed
    effects = sound_app.settings.effects_volume
    post(pygame.MOUSEMOTION, pos=scene.gauges[0].rect.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=-1)
    sound_app.step(block=False)
    assert scene.focus == 0 and sound_app.settings.master_volume == pytest.approx(0.6)
    assert sound_app.settings.effects_volume == effects  # the one under the pointer only
    for _i in range(12):  # never below silence
        key(sound_app, pygame.K_LEFT)
    assert sound_app.settings.master_volume == 0
    scene.show_page("general")
    settings_before = load_settings()
    key(sound_app, pygame.K_RIGHT)
    assert load_settings() == settings_before and scene.focus is None


# --- the music and the device -------------------------------------------------------------------
def test_music_starts_once_after_the_first_frame_and_only_dips(sound_app, heard):
    sound_app.push(sound_app.make_scene("title"))
    sound_app.play_music()
    assert heard.music_starts == 0  # not before a frame is on screen
    sound_app.step(block=False)
    assert heard.music_starts == 1
    dips = heard.dips
    sound_app.push(sound_app.make_scene("settings"))  # an overlay: the music does not dip
    sound_app.step(block=False)
    assert heard.dips == dips
    sound_app.pop()
    sound_app.push(sound_app.make_scene("setup"))  # a new screen: it dips, and comes back
    assert heard.dips == dips + 1
    sound_app.play_music()
    for _i in range(3):
        sound_app.step(block=False)
    assert heard.music_starts == 1


def _step_until_sounds_read(app, seconds: float = 10.0) -> bool:
    """Frames until the idle ones have read every sound file (a frame is idle half a second
    after the last input, the window's opening included)."""
    deadline = time.monotonic() + seconds
    while not app.sounds_read() and time.monotonic() < deadline:
        app.step(block=False)
        time.sleep(0.005)
    return app.sounds_read()


def test_idle_frames_read_the_sound_files_and_read_again_after_unmuting():
    app = open_app(seed=None, language="en")
    app.push(app.make_scene("title"))
    assert not app.sounds_read()
    assert _step_until_sounds_read(app)
    app.toggle_mute()
    app.toggle_mute()
    assert not app.sounds_read()  # what waited while muted is read by the next idle frames
    assert _step_until_sounds_read(app)
    close_apps(app)


def test_the_app_opens_no_mixer_before_its_first_frame():
    pygame.mixer.quit()
    app = open_app(seed=None, language="en")
    app.push(app.make_scene("title"))
    assert not pygame.mixer.get_init()
    close_apps(app)


def test_a_mixer_that_cannot_open_leaves_the_game_silent_and_running(monkeypatch, caplog):
    pygame.mixer.quit()

    def broken(*_args, **_kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    app = open_app(seed=5, language="en")
    app.play_music()
    with caplog.at_level(logging.WARNING, logger="stoneage.ui.audio"):
        app.push(app.make_scene("game", seats=autoplay_seats(2), seed=5, autoplay=Autoplay(0.0)))
        deadline = time.monotonic() + 60
        while isinstance(app.top, TableScene) and time.monotonic() < deadline:
            app.step(block=False)
        key(app, pygame.K_m)
    assert app.top is not None and type(app.top).__name__ == "ScoringScene"
    assert not app.sound.available and app.settings.muted
    lines = [r for r in caplog.records if r.name == "stoneage.ui.audio"]
    assert len(lines) == 1 and "sound is off" in lines[0].getMessage()
    close_apps(app)
