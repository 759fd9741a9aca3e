"""The statistics screen: it opens from the title, draws every tab with no game, one game and
500 games, its filters change the numbers, a past game opens in the replay viewer, Export CSV
writes the file and says where, and a damaged history is told in a toast."""

from __future__ import annotations

import csv

import pygame
import pytest

from stoneage.play.savefile import now_iso
from stoneage.records import stats
from stoneage.records.game_record import record_from_game
from stoneage.records.history import history_path
from stoneage.records.recorder import export_replay
from stoneage.scenes.menus.title_scene import TitleScene
from stoneage.scenes.stats.stats_scene import TABS, StatsScene, made_up_scene, rolling_mean
from stoneage.scenes.table.scene import TableScene
from stoneage.ui import widgets
from tests.records.test_history_records import SEATS, play_to_end

from .hands import click


@pytest.fixture
def overflows(monkeypatch):
    seen: list = []
    monkeypatch.setattr(widgets, "overflow_hook", lambda text, drawn, box: seen.append(text))
    return seen


def draw_every_tab(app, scene: StatsScene) -> None:
    for tab in TABS:
        scene.set_tab(tab)
        app.draw(pygame.Surface(app.size))


def named(scene: StatsScene, name: str):
    return next(b for b in scene.buttons if b.name == name)


@pytest.mark.parametrize("games", [0, 1, 500])
def test_every_tab_draws_with_none_one_and_many_games(app, games, overflows):
    scene = made_up_scene(app, 1, games) if games else StatsScene(app, [], {})
    app.push(scene)
    draw_every_tab(app, scene)
    assert overflows == []
    assert scene.summary.tally.played == games
    if games == 0:
        scene.set_tab("overview")
        assert scene.empty and named(scene, "new_game").enabled
        assert not named(scene, "export").enabled
        named(scene, "new_game").on_click()
        assert type(app.top).__name__ == "SetupScene"


def test_the_title_opens_the_statistics_from_the_history_file(app):
    state = play_to_end(3, seed=5)
    app.records.history.append(record_from_game(SEATS, 5, state, now_iso(), 900.0))
    title = TitleScene(app)
    app.push(title)
    app.draw()
    click(app, named(title, "stats").rect.center)
    app.step(block=False)
    scene = app.top
    assert isinstance(scene, StatsScene)
    assert scene.summary.tally.played == 1 and scene.names == ["Ann"]
    assert scene.summary.best == state.final_scoring()[0]["total"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.step(block=False)
    assert app.top is title


def test_filters_change_the_numbers(app):
    scene = made_up_scene(app, 1, 200)
    app.push(scene)
    app.draw()
    everything = scene.summary.tally.played
    two = sum(1 for r in scene.records if r.players == 2)
    click(app, named(scene, "players_2").rect.center)
    app.step(block=False)
    assert scene.where.players == 2 and scene.summary.tally.played == two < everything
    assert named(scene, "players_2").selected
    hard = stats.summarise(scene.records, stats.Filter(players=2, level="hard")).tally
    click(app, named(scene, "level_hard").rect.center)
    app.step(block=False)
    assert scene.summary.tally == hard and 0 < hard.played < two
    click(app, named(scene, "players_all").rect.center)
    click(app, named(scene, "level_all").rect.center)
    app.step(block=False)
    assert scene.summary.tally.played == everything


def test_a_person_filter_for_hotseat_names(app):
    records = stats.made_up_history(1, 30, name="Ann") + stats.made_up_history(2, 10, name="Bo")
    scene = StatsScene(app, records, {})
    app.push(scene)
    assert scene.names == ["Ann", "Bo"] and scene.summary.tally.played == 40
    scene.next_player()
    assert scene.where.player == "Ann" and scene.summary.tally.played == 30
    scene.next_player()
    assert scene.where.player == "Bo" and scene.summary.tally.played == 10
    scene.set_tab("achievements")
    assert scene.person() == "Bo"
    scene.next_player()
    assert scene.person() == "Ann"  # achievements are one person's: no "everyone"


def test_a_past_game_opens_in_the_replay_viewer(app):
    state = play_to_end(3, seed=5)
    from stoneage.play.match import replay_steps
    from stoneage.play.seats import Seat

    seats = [Seat(s.name, s.colour, s.kind, s.level) for s in SEATS]
    path = export_replay(seats, 5, replay_steps(state), state)
    record = record_from_game(SEATS, 5, state, now_iso(), 900.0, replay=str(path))
    scene = StatsScene(app, [record], {}, tab="games")
    app.push(scene)
    app.draw()
    button = named(scene, f"replay_{record.id}")
    assert button.enabled
    click(app, button.rect.center)
    app.step(block=False)
    viewer = app.top
    assert isinstance(viewer, TableScene) and viewer.match.replaying()
    assert viewer.keeper is None  # a replay is never recorded again
    assert viewer.match.match.script == state.actions_taken()  # the local match's driver


def test_a_missing_replay_says_so(app, tmp_path):
    state = play_to_end(3, seed=5)
    record = record_from_game(SEATS, 5, state, now_iso(), 900.0, replay=str(tmp_path / "gone.json"))
    scene = StatsScene(app, [record], {}, tab="games")
    app.push(scene)
    scene.open_replay(record)
    assert "cannot be opened" in app.top.message


def test_export_csv_writes_the_file_and_says_where(app, tmp_path):
    scene = made_up_scene(app, 1, 12)
    app.push(scene)
    app.draw()
    click(app, named(scene, "export").rect.center)
    app.step(block=False)
    path = tmp_path / stats.CSV_FILE
    rows = list(csv.reader(path.read_text(encoding="utf-8-sig").splitlines()))
    assert rows[0][0] == "game" and len(rows) == 1 + sum(r.players for r in scene.records)
    assert any(str(path) in text for text in app.toasts.texts())


def test_export_into_a_folder_that_cannot_be_written_says_why(app, tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("x", encoding="utf-8")
    monkeypatch.setenv("STONEAGE_HOME", str(blocked))
    scene = made_up_scene(app, 1, 3)
    app.push(scene)
    scene.export()
    assert any("could not be exported" in text for text in app.toasts.texts())


def test_a_damaged_history_is_told_and_the_good_games_shown(app, tmp_path):
    state = play_to_end(3, seed=5)
    app.records.history.append(record_from_game(SEATS, 5, state, now_iso(), 900.0))
    with history_path().open("a", encoding="utf-8") as handle:
        handle.write('{"id": "cut off", "seats": [\n')
    scene = StatsScene(app)
    assert scene.summary.tally.played == 1
    assert any("history was damaged" in text for text in app.toasts.texts())


def test_the_list_of_games_scrolls(app):
    scene = made_up_scene(app, 1, 500, tab="games")
    app.push(scene)
    shown = scene.visible_rows()
    newest = scene.list_rows()[0][0].record
    assert newest.finished_at == max(r.finished_at for r in scene.records)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0))
    app.step(block=False)
    assert scene.first == shown
    assert len([b for b in scene.buttons if b.name.startswith("replay_")]) == shown
    for _ in range(100):
        scene.scroll(50)
    assert scene.first == 500 - shown


def test_rolling_mean():
    assert rolling_mean([10, 20, 30, 40], 2) == [10, 15, 25, 35]


def test_the_chart_window_grows_with_the_history():
    from stoneage.scenes.stats.stats_scene import window_for

    assert [window_for(n) for n in (0, 1, 99, 100, 299, 300, 5000)] == [10, 10, 10, 20, 20, 50, 50]


def test_the_average_line_says_its_window(app):
    scene = made_up_scene(app, 1, 320, "charts")
    assert scene._average_label() == "average of the last 50"
    assert made_up_scene(app, 1, 30, "charts")._average_label() == "average of the last 10"


@pytest.mark.parametrize("games", [0, 30])
def test_the_screenshot_history_size_is_an_option(app, games):
    from stoneage.staging import build_scene

    build_scene(app, "stats_games", 1, games=games)
    scene = app.top
    assert isinstance(scene, StatsScene) and len(scene.records) == games
    assert scene.tab == "games" and scene.empty == (games == 0)


@pytest.mark.parametrize(("version", "word"), [(99, "newer"), (0, "older")])
def test_a_replay_of_another_format_says_which_way_the_versions_differ(app, version, word):
    import json

    from stoneage.play.match import replay_steps
    from stoneage.play.seats import Seat

    state = play_to_end(3, seed=5)
    seats = [Seat(s.name, s.colour, s.kind, s.level) for s in SEATS]
    path = export_replay(seats, 5, replay_steps(state), state)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["version"] = version
    path.write_text(json.dumps(document), encoding="utf-8")
    record = record_from_game(SEATS, 5, state, now_iso(), 900.0, replay=str(path))
    scene = StatsScene(app, [record], {}, tab="games")
    app.push(scene)
    scene.open_replay(record)
    said = app.top.message
    assert (
        "cannot be opened" in said and f"made by a{'n' if word == 'older' else ''} {word}" in said
    )
    assert f"format {version}" in said
    assert ("newer" in said) == (word == "newer")


def test_the_opponent_filter_counts_the_games_where_each_opponent_sat_in_turn(app):
    from stoneage.play.opponents import opponent_name
    from stoneage.records import stats as records_stats

    scene = made_up_scene(app, 1, 200)
    app.push(scene)
    every = scene.summary.tally.played
    met = scene._opponents_met()
    assert len(met) >= 2
    for opponent in met:
        click(app, named(scene, "opponent").rect.center)
        assert scene.where.opponent == opponent
        assert named(scene, "opponent").label == opponent_name(opponent)
        expected = len(
            records_stats.entries(scene.records, records_stats.Filter(opponent=opponent))
        )
        assert 0 < scene.summary.tally.played == expected < every
        app.draw(pygame.Surface(app.size))
    click(app, named(scene, "opponent").rect.center)
    assert scene.where.opponent is None and scene.summary.tally.played == every
