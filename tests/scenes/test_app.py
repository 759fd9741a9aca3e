"""The app and its scene stack: the lifecycle is symmetric, nothing is redrawn while idle,
the title screen's buttons all lead somewhere, and screenshot mode renders every screen."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from stoneage import __main__ as entry
from stoneage.app import App
from stoneage.records.settings import Settings, load_settings
from stoneage.scenes.catalog import SCENES
from stoneage.scenes.kit.base import Scene
from stoneage.scenes.menus.pause_scene import PauseMenu
from stoneage.scenes.menus.rules_scene import RulesScene
from stoneage.scenes.menus.settings_scene import SettingsScene
from stoneage.scenes.menus.setup_scene import SetupScene
from stoneage.scenes.menus.title_scene import TitleScene
from stoneage.scenes.table.scene import TableScene

from .apps import close_apps
from .hands import click, run_until_human_or_end


class Recorder(Scene):
    """A scene that writes down its lifecycle calls."""

    def __init__(self, app, name: str, log: list[str]) -> None:
        super().__init__(app)
        self.name, self.log = name, log

    def enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")


def button_named(scene, name: str):
    return next(b for b in scene.buttons if b.name == name)


def test_importing_the_program_opens_no_window():
    code = (
        "import pygame, stoneage.__main__, stoneage.app, stoneage.scenes.table.scene, "
        "stoneage.scenes.menus.title_scene, stoneage.scenes.menus.pause_scene, "
        "stoneage.scenes.menus.settings_scene, stoneage.scenes.menus.rules_scene, "
        "stoneage.scenes.menus.scoring_scene, stoneage.scenes.menus.setup_scene; stoneage.app.App(); "
        "print(pygame.display.get_init(), pygame.font.get_init())"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip().splitlines()[-1] == "False False"


#: What the title screen's start must not read: network play, its libraries, and the review.
NOT_AT_THE_START = (
    "stoneage.net",
    "stoneage.review",
    "stoneage.scenes.online",
    "stoneage.scenes.review",
    "websockets",
    "asyncio",
    "zeroconf",
    "ifaddr",
)


def test_the_title_screen_starts_without_network_play_or_the_review(tmp_path):
    """The program's own way to the title (``stoneage.__main__.main``: the app, the window, the
    title, the first start's offer to learn, a frame drawn) imports nothing of network play
    (stoneage.net, websockets, asyncio, zeroconf, ifaddr) nor of the review: they are read
    when the player goes there. Then a scene of each is made, and they are."""
    code = (
        "import sys\n"
        "from stoneage.app import App\n"
        "from stoneage.scenes.table.lesson.opening import first_start_offer\n"
        "app = App((1280, 720))\n"
        "app.open_window()\n"
        "app.push(app.make_scene('title'))\n"
        "offer = first_start_offer(app)\n"
        "app.push(offer) if offer is not None else None\n"
        "app.draw()\n"
        f"heavy = {NOT_AT_THE_START!r}\n"
        "def loaded():\n"
        "    return sorted(m for m in sys.modules if m.startswith(heavy) and\n"
        "                  (m in heavy or m.startswith(tuple(h + '.' for h in heavy))))\n"
        "print(loaded())\n"
        "app.make_scene('join')\n"
        "print(sorted({m.split('.')[0] if not m.startswith('stoneage') else m for m in loaded()}))\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["STONEAGE_HOME"] = str(tmp_path)
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert result.returncode == 0, result.stderr
    at_title, after_join = result.stdout.strip().splitlines()[-2:]
    assert at_title == "[]"
    assert "stoneage.net.client" in after_join and "websockets" in after_join


def test_scene_stack_lifecycle_is_symmetric(app):
    log: list[str] = []
    a, b, c = (Recorder(app, n, log) for n in "abc")
    app.push(a)
    app.push(b)
    app.pop()
    app.push(b)
    app.replace(c)
    app.reset(Recorder(app, "d", log))
    assert log == [
        "a.enter",
        "a.pause",
        "b.enter",
        "b.exit",
        "a.resume",
        "a.pause",
        "b.enter",
        "b.exit",
        "c.enter",
        "c.exit",
        "a.exit",
        "d.enter",
    ]
    assert [s.name for s in app.stack] == ["d"]


def test_every_scene_asked_for_by_name_is_registered():
    """A typo in ``make_scene("...")`` would only fail when that button is pressed: check the
    names statically, in the scenes and the program."""
    package = Path(entry.__file__).parent
    sources = [*package.glob("scenes/**/*.py"), package / "app.py", package / "__main__.py"]
    asked = {
        name
        for path in sources
        for name in re.findall(r"make_scene\(\s*\"(\w+)\"", path.read_text(encoding="utf-8"))
    }
    assert {"title", "setup", "game", "scoring", "pause", "log", "load", "save"} <= asked
    assert asked <= set(SCENES)


def test_a_scene_is_made_by_name_and_an_unknown_name_says_which_exist(app):
    log: list[str] = []
    app.scenes["recorder"] = Recorder  # what adding a scene to the catalog amounts to
    scene = app.make_scene("recorder", name="r", log=log)
    assert isinstance(scene, Recorder) and scene.app is app and scene.name == "r"
    assert isinstance(app.make_scene("settings"), SettingsScene)
    with pytest.raises(LookupError, match=r"'statistic'.*title"):
        app.make_scene("statistic")


def test_an_app_may_be_given_its_own_scenes():
    own, usual = App((1280, 720), Settings(), scenes={"a": Scene}), App((1280, 720), Settings())
    try:
        assert own.scenes == {"a": Scene}
        assert usual.scenes == dict(SCENES)
    finally:
        close_apps(own, usual)


def test_idle_loop_draws_nothing_new(app):
    app.push(TitleScene(app))
    app.step(block=False)
    drawn = app.frames_drawn
    for _ in range(20):
        app.step(block=False)
    assert app.frames_drawn == drawn


def test_continue_is_greyed_out_without_a_save_and_resumes_one(app):
    title = TitleScene(app)
    app.push(title)
    assert not button_named(title, "continue").enabled
    click(app, button_named(title, "new_game").rect.center)
    setup = app.top
    assert isinstance(setup, SetupScene)
    click(app, button_named(setup, "start").rect.center)  # the default game: one click
    game = app.top
    assert isinstance(game, TableScene)
    assert [s.kind for s in game.seats] == ["human", "bot", "bot", "bot"]
    assert {s.level for s in game.seats[1:]} == {"normal"}
    run_until_human_or_end(app)
    ply = game.match.state.ply
    app.reset(TitleScene(app))  # leaving saves the game
    assert app.records.autosave.exists()
    title = app.top
    assert button_named(title, "continue").enabled
    click(app, button_named(title, "continue").rect.center)
    assert isinstance(app.top, TableScene) and app.top.match.state.ply == ply


def test_settings_rules_and_pause_menu_are_reachable_and_change_the_speed(app):
    title = TitleScene(app)
    app.push(title)
    click(app, button_named(title, "settings").rect.center)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    click(app, button_named(settings, "speed_fast").rect.center)
    assert app.settings.animation == "fast"
    assert load_settings().animation == "fast"
    click(app, button_named(app.top, "back").rect.center)
    click(app, button_named(app.top, "rules").rect.center)
    assert isinstance(app.top, RulesScene)
    click(app, button_named(app.top, "back").rect.center)
    assert app.top is title
    game = TableScene(app, storage_seats(), seed=3, threaded=False)
    app.push(game)
    run_until_human_or_end(app)
    press_menu = game.toolbar.menu.rect.center
    click(app, press_menu)
    assert isinstance(app.top, PauseMenu)
    click(app, button_named(app.top, "resume").rect.center)
    assert app.top is game


def storage_seats():
    from stoneage.play.seats import default_seats

    return default_seats()


def test_screenshot_mode_renders_each_screen(tmp_path, monkeypatch):
    for scene in ("title", "setup", "game", "resolution", "scoring"):
        out = tmp_path / f"{scene}.png"
        assert (
            entry.main(
                ["--screenshot", str(out), "--scene", scene, "--seed", "3", "--size", "1280x720"]
            )
            == 0
        )
        picture = pygame.image.load(str(out))
        assert picture.get_size() == (1280, 720)
        pygame.display.quit()


def test_esc_on_the_title_asks_before_quitting(app):
    """A newcomer pressing Esc to "go back" gets a question, not a closed window: Esc again (or
    Cancel) keeps the game open, Quit closes it."""
    from stoneage.scenes.kit.confirm import ConfirmScene

    app.running = True
    app.push(app.make_scene("title"))
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
    app.dispatch(escape)
    assert app.running and isinstance(app.top, ConfirmScene)
    app.dispatch(escape)  # Esc on the question: back to the title, still running
    assert app.running and isinstance(app.top, TitleScene)
    app.dispatch(escape)
    question = app.top
    assert isinstance(question, ConfirmScene)
    quit_button = next(b for b in question.buttons if b.name == "confirm_quit")
    assert quit_button.on_click is not None
    quit_button.on_click()
    assert not app.running


def test_a_dialog_over_the_title_shows_no_tooltip_of_the_title_under_it(app, monkeypatch):
    """The pointer rests on a title button, then a dialog opens over the title (the lesson's
    Resume question, the Quit question): the button's tooltip is not drawn under the dialog."""
    from stoneage.scenes.kit import menu

    drawn: list[str] = []
    real = menu.draw_tooltip
    monkeypatch.setattr(
        menu,
        "draw_tooltip",
        lambda surface, text, *rest: (drawn.append(text), real(surface, text, *rest)),
    )
    title = app.make_scene("title")
    app.push(title)
    learn = next(b for b in title.buttons if b.name == "learn")
    app.dispatch(
        pygame.event.Event(pygame.MOUSEMOTION, pos=learn.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.draw(pygame.Surface(app.size))
    assert learn.tooltip in drawn  # the tooltip shows while the title is on top
    drawn.clear()
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    assert app.top is not title
    app.draw(pygame.Surface(app.size))
    assert learn.tooltip not in drawn


def test_the_bots_worker_starts_once_the_first_frame_is_shown(app):
    app.start_worker_soon()  # as ``run`` asks
    assert app.bot_worker.starts == 0  # nothing before a frame is on screen
    app.push(TitleScene(app))
    app.step(block=False)  # the first frame, then the start, off this thread
    for _ in range(600):  # bounded: the process starts and imports the bots beside us
        if app.bot_worker.starts == 1 and app.bot_worker.alive():
            break
        time.sleep(0.1)
    assert app.bot_worker.alive() and app.bot_worker.starts == 1
    app.step(block=False)
    assert app.bot_worker.starts == 1  # once


def test_a_loop_that_never_ran_starts_no_worker(app):
    app.push(TitleScene(app))
    for _ in range(3):
        app.step(block=False)
    assert app.bot_worker.starts == 0 and not app.bot_worker.alive()
