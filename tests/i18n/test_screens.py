"""Every screen, headless at the smallest and the largest window size in each language (and at
the sizes between in English), keeps its text inside its boxes; the language switches while
playing; the system language is the default."""

from __future__ import annotations

import pygame
import pytest

from stoneage import i18n, staging
from stoneage.app import App
from stoneage.records import achievements, stats
from stoneage.records.settings import load_settings
from stoneage.scenes.menus.rules_scene import RulesScene
from stoneage.scenes.menus.rules_text import RULES_PAGES
from stoneage.scenes.menus.settings_scene import SettingsScene
from stoneage.scenes.stats.stats_scene import TABS, StatsScene
from stoneage.scenes.table.lesson.opening import first_start_offer
from stoneage.staging import SCENE_NAMES, build_scene
from stoneage.tutorial import STEPS

from .conftest import LANGS

#: (size, language): every language at the extremes, English at the common sizes between.
SCREEN_CASES = (
    [((1024, 640), lang) for lang in LANGS]
    + [((3840, 2160), lang) for lang in LANGS]
    + [((1280, 720), "en"), ((1920, 1080), "en")]
)


@pytest.fixture(scope="session")
def analysed() -> dict:
    """The reviews the review screens asked for in this run, by game, seats and budget."""
    return {}


@pytest.fixture(autouse=True)
def _each_game_analysed_once(analysed, monkeypatch):
    """The review screens analyse their game with the engine: seconds of Hard's thinking, for
    the same game in every case of size (and again in every test). The same replay, budget
    and seed give the same review (tests/review checks it), so each game is analysed once a
    run and its review handed to every screen that asks."""
    real = staging.analyse_replay

    def analyse(replay, **options):
        key = (replay.identity, repr(replay.seats), repr(sorted(options.items())))
        if key not in analysed:
            analysed[key] = real(replay, **options)
        return analysed[key]

    monkeypatch.setattr(staging, "analyse_replay", analyse)


def draw(app: App) -> None:
    app.top.update(0.0)
    app.draw(pygame.Surface(app.size))


@pytest.mark.parametrize(
    ("size", "lang"), SCREEN_CASES, ids=[f"{w}x{h}-{lang}" for (w, h), lang in SCREEN_CASES]
)
def test_no_text_runs_outside_its_box_on_any_screen(size, lang, make_app, overflows, shrunk):
    app = make_app(lang, size)
    assert i18n.current_language() == lang
    for scene in SCENE_NAMES:
        app.stack.clear()
        build_scene(app, scene, 1, 4)
        draw(app)
    app.stack.clear()
    for page in range(len(RULES_PAGES)):
        app.push(RulesScene(app, page))
        draw(app)
    assert [(text, tuple(box)) for text, _drawn, box in overflows] == []
    assert sorted(set(shrunk)) == []


STATS_CASES = [(size, lang) for size in ((1024, 640), (3840, 2160)) for lang in LANGS]


@pytest.mark.parametrize(
    ("size", "lang"), STATS_CASES, ids=[f"{w}x{h}-{lang}" for (w, h), lang in STATS_CASES]
)
def test_the_statistics_fit_with_no_game_and_with_500(size, lang, make_app, overflows, shrunk):
    """Every tab of the statistics screen, with an empty history and a long one (500 games,
    two people at the table so the person filter shows too)."""
    app = make_app(lang, size)
    long = stats.made_up_history(1, 450) + stats.made_up_history(2, 50, name="Ayla")
    for records in ([], long):
        scene = StatsScene(app, records, achievements.earned_over_history(records))
        app.stack.clear()
        app.push(scene)
        for tab in TABS:
            scene.set_tab(tab)
            draw(app)
    assert [(text, tuple(box)) for text, _drawn, box in overflows] == []
    assert sorted(set(shrunk)) == []


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("lang", LANGS)
def test_fewer_players_fit_the_smallest_window(lang, players, make_app, overflows, shrunk):
    """Two and three seats change the board (stacks, closed village spaces) and the panels."""
    app = make_app(lang, (1024, 640))
    for scene in ("game", "resolution", "scoring"):
        app.stack.clear()
        build_scene(app, scene, 1, players)
        draw(app)
    assert [(text, tuple(box)) for text, _drawn, box in overflows] == []
    assert sorted(set(shrunk)) == []


#: Every stop of the lesson: each step as it is first shown, and after its move where a
#: follow-up explains what happened.
LESSON_STOPS = [(i, False) for i in range(len(STEPS))] + [
    (i, True) for i, step in enumerate(STEPS) if step.follow
]


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_step_fits_the_smallest_window(lang, make_app, overflows, shrunk):
    """Each bubble of "Learn to play" fits at 1024x640: its text inside the bubble, the bubble
    inside the window and clear of what it points at."""
    app = make_app(lang, (1024, 640))
    build_scene(app, "tutorial", 1)
    table = app.top
    window = pygame.Rect(0, 0, 1024, 640)
    lesson = table.layer
    assert lesson is not None
    for index, answered in LESSON_STOPS:
        lesson.show_step(index, answered)
        draw(app)
        coach = lesson.coach
        assert coach is not None
        view = coach.view
        assert view is not None, (index, answered)
        where = (STEPS[index].id, answered)
        assert window.contains(coach.rect), where
        assert not view.lit or not coach.rect.colliderect(view.lit[0]), where
    lesson.show_step(5)
    table.exit()  # the lesson is stored: "Learn to play" now asks whether to resume it
    app.stack.clear()
    build_scene(app, "title", 1)
    app.push(app.make_scene("learn"))
    assert type(app.top).__name__ == "ConfirmScene"  # resume or start again
    draw(app)
    app.settings.tutorial_offered = False
    offer = first_start_offer(app)
    assert offer is not None
    app.push(offer)
    draw(app)
    assert [(text, tuple(box)) for text, _drawn, box in overflows] == []
    assert sorted(set(shrunk)) == []


def test_the_language_switches_while_playing(make_app):
    app = make_app("en")
    build_scene(app, "game", 1, 4)
    game = app.top
    draw(app)
    assert game.toolbar.menu.label == "Menu"
    english_log = list(game.log.lines)
    settings = SettingsScene(app)
    app.push(settings)
    settings.set_language("ja")
    assert i18n.current_language() == "ja"
    assert settings.heading == "設定"
    assert game.toolbar.menu.label == "メニュー"  # the table under the overlay is redrawn at once
    assert list(game.log.lines) != english_log and any("住民" in line for line in game.log.lines)
    draw(app)
    assert load_settings().language == "ja"  # remembered


@pytest.mark.parametrize("over", ["pause", "settings"])
def test_the_status_line_speaks_the_new_language_right_after_a_switch(make_app, over):
    """Behind the pause menu and Settings the status line under the banner is told again in
    the new language at once (it kept the old one until Resume)."""
    app = make_app("en")
    build_scene(app, "game", 1, 4)
    game = app.top
    draw(app)
    english = game.painter.status_line()[0]
    assert english == "Drag figures from your board onto a lit space, or click a space."
    assert game.status.keys["hint"] == (english, False)
    app.push(app.make_scene("pause"))
    if over == "settings":
        app.push(SettingsScene(app))
    app.settings.language = "zh"  # as Settings does it
    app.save_settings()
    assert i18n.current_language() == "zh"
    line = game.painter.status_line()[0]
    assert line == i18n._(english) != english
    assert game.status.keys["hint"] == (line, False)  # the picture under the menu is redrawn
    draw(app)
    assert game.status.keys["hint"] == (line, False)


def test_the_default_language_comes_from_the_system(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.detect_language() == "en"
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert i18n.detect_language() == "ja"
    monkeypatch.setenv("LANGUAGE", "fr:zh_TW:en")
    assert i18n.detect_language() == "zh"
    assert load_settings().language == "zh"  # nothing saved yet


@pytest.mark.parametrize(
    ("tag", "code"),
    [("zh-Hans-CN", "zh"), ("ja", "ja"), ("en_GB.UTF-8", "en"), ("C", None), ("de_DE", None)],
)
def test_os_language_tags_map_to_the_game_languages(tag, code):
    assert i18n.supported_language(tag) == code


def test_without_babel_a_missing_catalog_leaves_english(monkeypatch, tmp_path, caplog):
    import builtins

    real_import = builtins.__import__

    def no_babel(name, *args, **kwargs):
        if name.startswith("babel"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    monkeypatch.setattr(builtins, "__import__", no_babel)
    try:
        assert not i18n.install_language("ja")
        assert i18n._("Forest") == "Forest"
        assert "Babel is not installed" in caplog.text
    finally:
        monkeypatch.undo()
        i18n.install_language("en")


def test_from_source_a_stale_catalog_is_compiled_at_startup(monkeypatch, tmp_path):
    monkeypatch.delenv("STONEAGE_LOCALE_DIR", raising=False)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    try:
        assert i18n.install_language("zh")
        assert (tmp_path / "zh" / "LC_MESSAGES" / "stoneage.mo").is_file()
        assert i18n._("Forest") == "森林"
    finally:
        i18n.install_language("en")
