"""Saving, loading and continuing through the real scenes, headless: the pause menu's Save game
and Load game, a damaged autosave offering its last good copy, the settings screen's new rows,
the window's limits and fullscreen, and the title's notices."""

from __future__ import annotations

import json

import pygame

from stoneage import app as app_module
from stoneage.app import App
from stoneage.play.match import Match
from stoneage.play.savefile import load_game_file, save_payload
from stoneage.play.seats import Seat, default_seats
from stoneage.records.files import data_dir, saves_dir
from stoneage.records.saves import list_named_saves, named_save_path, write_named_save
from stoneage.records.settings import SETTINGS_FILE, load_settings
from stoneage.rules import TERMINAL
from stoneage.scenes.files.load_scene import LoadScene
from stoneage.scenes.files.save_scene import SaveNameScene
from stoneage.scenes.kit.confirm import ConfirmScene
from stoneage.scenes.menus.pause_scene import PauseMenu
from stoneage.scenes.menus.settings_scene import SettingsScene
from stoneage.scenes.menus.title_scene import TitleScene
from stoneage.scenes.table.scene import TableScene

from .apps import close_apps
from .conftest import SIZE
from .hands import click, post, run_until_human_or_end


def button_named(scene, name: str):
    return next(b for b in scene.buttons if b.name == name)


def press_key(app, key: int) -> None:
    post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    app.step(block=False)


def type_text(app, text: str) -> None:
    post(pygame.TEXTINPUT, text=text)
    app.step(block=False)


def start_game(app) -> TableScene:
    """The title with a game over it, stopped where the human decides."""
    app.push(TitleScene(app))
    game = TableScene(app, default_seats(), seed=3, threaded=False)
    app.push(game)
    run_until_human_or_end(app)
    return game


def bot_payload(plies: int, seed: int) -> dict:
    seats = [Seat(s.name, s.colour, "bot", "random") for s in default_seats()]
    driver = Match(seats, seed, threaded=False)
    while driver.state.ply < plies and driver.actor() != TERMINAL:
        driver.apply(driver.automatic_action())
    payload = save_payload(driver.seats, driver.seed, driver.state)
    driver.close()
    return payload


def played_from(game: TableScene, saved: str) -> bool:
    """True when ``game`` started from the saved game (bots may have moved on since)."""
    before = json.loads(saved)["actions"]
    return json.loads(game.match.state.to_json())["actions"][: len(before)] == before


def test_save_game_from_the_pause_menu_then_load_it_back(app):
    game = start_game(app)
    saved_state = game.match.state.to_json()
    click(app, game.toolbar.menu.rect.center)
    pause = app.top
    assert isinstance(pause, PauseMenu)
    click(app, button_named(pause, "save").rect.center)
    assert isinstance(app.top, SaveNameScene)
    type_text(app, "Evening ")  # replaces the suggested name
    type_text(app, "game 1")
    press_key(app, pygame.K_BACKSPACE)
    type_text(app, "2")
    press_key(app, pygame.K_RETURN)
    path = named_save_path("Evening game 2")
    assert path.exists() and app.top is pause
    assert pause.notice == "Saved as “Evening game 2”."
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "stoneage-save"

    click(app, button_named(pause, "load").rect.center)
    listing = app.top
    assert isinstance(listing, LoadScene)
    assert [e.file.name for e in listing.entries] == ["Evening game 2"]
    click(app, button_named(listing, "load_0").rect.center)
    loaded = app.top
    assert isinstance(loaded, TableScene) and loaded is not game
    assert loaded.match.state.to_json() == saved_state
    assert [s.to_dict() for s in loaded.seats] == [s.to_dict() for s in game.seats]
    assert [type(s) for s in app.stack] == [TitleScene, TableScene]


def test_saving_under_a_taken_name_asks_first_and_esc_cancels(app):
    game = start_game(app)
    write_named_save("Mine", bot_payload(10, 5))
    app.push(PauseMenu(app))
    app.push(SaveNameScene(app))
    type_text(app, "Mine")
    press_key(app, pygame.K_RETURN)
    confirm = app.top
    assert isinstance(confirm, ConfirmScene) and "already exists" in confirm.message
    press_key(app, pygame.K_ESCAPE)  # keep the old one
    assert isinstance(app.top, SaveNameScene)
    assert load_game_file(named_save_path("Mine")).state.to_json() != game.match.state.to_json()
    press_key(app, pygame.K_RETURN)
    press_key(app, pygame.K_RETURN)  # Enter: Replace
    assert isinstance(app.top, PauseMenu)
    assert load_game_file(named_save_path("Mine")).state.to_json() == game.match.state.to_json()
    press_key(app, pygame.K_ESCAPE)
    assert app.top is game


def test_an_empty_name_is_refused_with_a_message(app):
    start_game(app)
    app.push(SaveNameScene(app))
    press_key(app, pygame.K_BACKSPACE)
    type_text(app, "../..")
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.top, SaveNameScene) and app.top.error == "Type a name for the save."
    assert not list_named_saves(app.records.autosave)


def test_the_list_scrolls_deletes_after_asking_and_shows_damaged_saves(app):
    payload = bot_payload(10, 5)
    for i in range(14):
        write_named_save(f"Save {i:02}", payload)
    damaged = saves_dir() / "Damaged.json"
    damaged.write_bytes(b"\x00\xff junk")
    app.push(TitleScene(app))
    click(app, button_named(app.top, "load").rect.center)
    listing = app.top
    assert len(listing.entries) == 15
    entry = next(e for e in listing.entries if e.file.name == "Damaged")
    assert entry.error.message == "The file is not a Stone Age save." and not entry.loadable
    visible = listing.visible_rows()
    assert visible < 15
    post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0, touch=False)
    app.step(block=False)
    assert listing.first == 3 and f"load_{3}" in [b.name for b in listing.buttons]
    name = listing.entries[3].file.name
    click(app, button_named(listing, "delete_3").rect.center)
    assert isinstance(app.top, ConfirmScene)
    click(app, button_named(app.top, "confirm_delete").rect.center)
    assert app.top is listing and name not in [e.file.name for e in listing.entries]
    assert len(listing.entries) == 14 and damaged.exists()  # the damaged file stays listed
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_a_damaged_autosave_offers_the_last_good_copy(app):
    older, newer = bot_payload(20, 7), bot_payload(60, 7)
    app.records.autosave.write(older)
    app.records.autosave.write(newer)
    app.records.autosave.path().write_text(
        '{"format": "stoneage-save", "version": 1, "seats": [{"na', encoding="utf-8"
    )
    title = TitleScene(app)
    app.push(title)
    assert button_named(title, "continue").enabled and title.notices() == []
    click(app, button_named(title, "continue").rect.center)
    dialog = app.top
    assert isinstance(dialog, ConfirmScene)
    assert dialog.message.startswith(
        "The newest autosave is damaged: The save is cut off (incomplete)."
    )
    click(app, button_named(dialog, "load_previous").rect.center)
    game = app.top
    assert isinstance(game, TableScene)
    assert played_from(game, older["game"]) and not played_from(game, newer["game"])
    assert [
        p.name.startswith("autosave.damaged-") for p in data_dir().glob("autosave.damaged-*")
    ] == [True]


def test_cancel_keeps_the_damaged_autosave_where_it_is(app):
    app.records.autosave.write(bot_payload(20, 7))
    app.records.autosave.write(bot_payload(30, 7))
    app.records.autosave.path().write_text("[[[", encoding="utf-8")
    app.push(TitleScene(app))
    click(app, button_named(app.top, "continue").rect.center)
    click(app, button_named(app.top, "cancel").rect.center)
    assert (
        isinstance(app.top, TitleScene)
        and app.records.autosave.path().read_text(encoding="utf-8") == "[[["
    )


def test_an_unreadable_autosave_keeps_continue_off_and_says_why(app):
    app.records.autosave.path().parent.mkdir(parents=True, exist_ok=True)
    app.records.autosave.path().write_text("", encoding="utf-8")
    title = TitleScene(app)
    app.push(title)
    assert not button_named(title, "continue").enabled
    assert title.notices() == ["The autosaved game cannot be continued: The save is empty."]
    app.draw(pygame.Surface(app.size))


def test_a_damaged_settings_file_is_told_once_on_the_title(tmp_path):
    (tmp_path / SETTINGS_FILE).write_text('{"animation": 3, "window": "big"}', encoding="utf-8")
    application = App(SIZE)
    application.open_window(flags=0)
    try:
        title = TitleScene(application)
        application.push(title)
        assert title.notices() == ["Your settings file was damaged; the defaults are used."]
        application.draw(pygame.Surface(application.size))
        assert TitleScene(application).notices() == []
    finally:
        close_apps(application)


def test_settings_hints_and_fullscreen_rows(app):
    app.push(TitleScene(app))
    app.push(SettingsScene(app))
    click(app, button_named(app.top, "hints_off").rect.center)
    assert not app.settings.hints and not load_settings().hints
    assert button_named(app.top, "hints_off").selected
    click(app, button_named(app.top, "hold_rolls_off").rect.center)
    assert not app.settings.hold_rolls and not load_settings().hold_rolls
    click(app, button_named(app.top, "hold_rolls_on").rect.center)
    assert app.settings.hold_rolls and load_settings().hold_rolls
    rows = [b.rect for b in app.top.buttons]
    helps = [row.help_rect for row in app.top.rows]
    assert all(app.top.lay.panel.contains(r) for r in rows + helps)  # six rows fit the window
    click(app, button_named(app.top, "fullscreen_on").rect.center)
    assert app.fullscreen and load_settings().fullscreen
    assert app.top.lay.size == app.size
    click(app, button_named(app.top, "fullscreen_off").rect.center)
    assert not app.fullscreen and app.size == SIZE and not load_settings().fullscreen
    press_key(app, pygame.K_F11)
    assert app.fullscreen
    press_key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == SIZE
    assert all(b.tooltip for b in app.top.buttons)
    press_key(app, pygame.K_RETURN)  # Enter: the primary button (Back)
    assert isinstance(app.top, TitleScene)


def test_the_window_is_kept_within_its_limits_and_remembered(app, monkeypatch):
    monkeypatch.setattr(app_module, "RESIZE_SETTLE", 1e9)  # the resizing goes on
    app.push(TitleScene(app))
    post(pygame.VIDEORESIZE, w=800, h=500, size=(800, 500))
    app.step(block=False)
    assert app.size == app_module.MIN_SIZE and app.top.lay.size == app_module.MIN_SIZE
    post(pygame.VIDEORESIZE, w=5000, h=3000, size=(5000, 3000))
    app.step(block=False)
    assert app.size == app_module.MAX_SIZE
    assert load_settings().window == (1280, 720)  # not on every resize event
    monkeypatch.setattr(app_module, "RESIZE_SETTLE", -1.0)
    post(pygame.VIDEORESIZE, w=1500, h=900, size=(1500, 900))
    app.step(block=False)
    assert load_settings().window == (1500, 900)


def test_every_menu_button_has_a_tooltip_and_draws_it(app):
    start_game(app)
    app.push(PauseMenu(app))
    screens = [app.top, TitleScene(app), SettingsScene(app), SaveNameScene(app), LoadScene(app)]
    for scene in screens:
        assert all(b.tooltip for b in scene.buttons), type(scene).__name__
    pause = app.top
    target = button_named(pause, "save")
    pause.handle(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=target.rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    plain = pygame.Surface(app.size)
    app.draw(plain)
    assert target.hovered and pause.mouse == target.rect.center
