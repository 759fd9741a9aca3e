"""The game records itself: exactly one history entry (with its replay and achievements, shown
as toasts) when it ends, none when it is abandoned, replayed or was over already; the time
played is kept in the save. A data folder that cannot be written gives a toast, the lasting
"Not saved" mark and "Save elsewhere" in the pause menu, which saves the game elsewhere."""

from __future__ import annotations

import json
import time

from stoneage.play.savefile import load_game_file
from stoneage.play.seats import Seat
from stoneage.records.history import history_path
from stoneage.records.recorder import PlayClock
from stoneage.scenes.files.opening import start_loaded_game
from stoneage.scenes.files.save_elsewhere_scene import SaveElsewhereScene
from stoneage.scenes.kit.toasts import INFO, MAX_LIFE
from stoneage.scenes.menus.pause_scene import PauseMenu
from stoneage.scenes.menus.scoring_scene import ScoringScene
from stoneage.scenes.table.scene import TableScene, game_table
from tests.records.test_history_records import play_to_end

from .hands import click

SEED = 5


def seats() -> list[Seat]:
    return [Seat("Ann", "red", "human"), Seat("Bob", "blue", "bot", "random")]


def near_the_end(moves_left: int = 4):
    """A 2-player game a few moves before its end (random play, the same every time)."""
    end = play_to_end(2, seed=SEED)
    return play_to_end(2, seed=SEED, stop_at_ply=end.ply - moves_left)


def play_out(app, scene: TableScene, seconds: float = 60.0) -> None:
    """Let the bots play and the human take the first legal action until the game is left."""
    deadline = time.monotonic() + seconds
    while app.top is scene and time.monotonic() < deadline:
        app.step(block=False)
        seat = scene.match.human_to_act()
        if seat is not None and scene.hands.controls and not scene.timeline.busy:
            assert scene.act(scene.match.state.legal_actions()[0])
    assert app.top is not scene, "the game did not end"


def test_a_finished_game_is_recorded_once_with_its_replay_and_achievements(app):
    scene = TableScene(app, seats(), SEED, near_the_end(), threaded=False)
    app.push(scene)
    play_out(app, scene)
    assert isinstance(app.top, ScoringScene)
    records = app.records.history.load()
    assert len(records) == 1
    record = records[0]
    assert [s.name for s in record.seats] == ["Ann", "Bob"] and record.seed == SEED
    assert record.winners == tuple(app.top.state.winners())
    replayed = load_game_file(record.replay)
    assert replayed.state.actions_taken() == app.top.state.actions_taken()
    earned = app.records.achievements.earned_by("Ann")
    assert "first_game" in {e.achievement.id for e in earned}
    assert "Achievement earned: First fire" in app.toasts.texts()
    # More frames, and the scoring screen's Play again later, never record the game again.
    for _ in range(10):
        app.step(block=False)
    scene.keeper.recorder.finish(scene.match.state, scene.match.steps)
    assert len(app.records.history.load()) == 1


def test_an_abandoned_game_is_not_recorded(app):
    scene = TableScene(app, seats(), SEED, near_the_end(30), threaded=False)
    app.push(scene)
    for _ in range(5):
        app.step(block=False)
    app.reset(app.make_scene("title"))
    assert not scene.match.is_over()
    assert app.records.history.load() == [] and app.records.history.pending() == []
    assert not history_path().exists()


def test_a_replay_and_a_game_over_already_are_not_recorded(app):
    finished = play_to_end(2, seed=SEED)
    over = TableScene(app, seats(), SEED, finished, threaded=False)
    app.push(over)
    for _ in range(5):
        app.step(block=False)
    replay = game_table(app, seats(), SEED, finished, threaded=False, replay=True)
    assert replay.keeper is None
    assert app.records.history.load() == []


def test_the_time_played_is_kept_in_the_save_and_continued(app, tmp_path):
    clock = PlayClock("2024-05-01T10:00:00+00:00", 600.0)
    scene = TableScene(app, seats(), SEED, near_the_end(30), threaded=False, clock=clock)
    app.push(scene)
    scene.pause()  # writes and flushes the autosave
    payload = json.loads(app.records.autosave.path().read_text(encoding="utf-8"))
    assert payload["started_at"] == "2024-05-01T10:00:00+00:00"
    assert payload["played_seconds"] >= 600.0
    loaded = load_game_file(app.records.autosave.path())
    assert loaded.started_at == clock.started_at and loaded.played >= 600.0
    start_loaded_game(app, loaded)
    assert app.top.keeper.clock.played_before == loaded.played
    assert app.top.keeper.clock.started_at == clock.started_at


def test_an_older_save_without_the_time_still_loads(tmp_path):
    from stoneage.play.savefile import save_payload

    payload = save_payload(
        seats(),
        SEED,
        near_the_end(30),
    )
    payload.pop("started_at", None)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(payload), encoding="utf-8")
    loaded = load_game_file(path)
    assert loaded.played == 0.0 and loaded.started_at == ""
    payload["played_seconds"] = "a lot"  # a wrong value costs the time only, never the game
    path.write_text(json.dumps(payload), encoding="utf-8")
    assert load_game_file(path).played == 0.0


def test_a_data_folder_that_is_a_file_gives_a_toast_a_mark_and_save_elsewhere(
    app, tmp_path, monkeypatch
):
    blocked = tmp_path / "blocked"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("STONEAGE_HOME", str(blocked))
    scene = TableScene(app, seats(), SEED, near_the_end(30), threaded=False)
    app.push(scene)
    scene.autosave()  # as after every move
    scene.keeper.flush()
    app.step(block=False)
    texts = app.toasts.texts()
    assert any("The game cannot be saved" in t and str(blocked) in t for t in texts), texts
    # The first-game tips write the settings too: they fail as well, and are said as well.
    assert {p.kind for p in app.toasts.failing()} <= {"save", "settings"}
    assert "save" in {p.kind for p in app.toasts.failing()}
    # The mark stays after the toast is gone, and a click on it tells the reason again.
    app.toasts.clear()
    app.step(block=False)
    app.draw()
    assert app.toasts.failing() and app.toasts._badge is not None
    click(app, app.toasts._badge.center)
    app.step(block=False)
    assert any("cannot be saved" in t for t in app.toasts.texts())
    # The pause menu offers to save elsewhere, and that works.
    scene.open_menu()
    menu = app.top
    assert isinstance(menu, PauseMenu)
    offer = next(b for b in menu.buttons if b.name == "save_elsewhere")
    offer.on_click()
    dialog = app.top
    assert isinstance(dialog, SaveElsewhereScene)
    dialog.name = str(tmp_path / "usb")
    dialog.save()
    written = list((tmp_path / "usb").glob("stoneage-*.json"))
    assert len(written) == 1
    assert load_game_file(written[0]).state == scene.match.state
    assert any(str(written[0]) in t for t in app.toasts.texts())
    # A folder that cannot be written either says why, and the dialog stays.
    app.push(app.make_scene("save_elsewhere"))
    app.top.name = str(blocked / "inside")
    app.top.save()
    assert isinstance(app.top, SaveElsewhereScene) and "could not be saved" in app.top.error


def test_writing_again_is_told_and_the_mark_goes(app, tmp_path, monkeypatch):
    app.records.health.failed("save", OSError(30, "Read-only file system"), tmp_path)
    app.push(app.make_scene("title"))
    app.step(block=False)
    assert app.toasts.failing()
    app.records.health.succeeded("save")
    app.step(block=False)
    assert "The game is being saved again." in app.toasts.texts()
    assert not app.toasts.failing()
    app.draw()
    assert app.toasts._badge is None


def test_a_click_on_a_toast_dismisses_it_and_toasts_expire(app):
    app.push(app.make_scene("title"))
    app.toasts.show("Hello there", INFO)
    app.toasts.settle()
    app.draw()
    rect = app.toasts._rects[0][0]
    click(app, rect.center)
    app.step(block=False)
    assert app.toasts.texts() == []
    app.toasts.show("Short-lived")
    app.toasts.update(MAX_LIFE + 1)
    assert app.toasts.texts() == []


def test_a_second_copy_of_the_game_says_so_and_autosaves_apart(app, tmp_path):
    import fcntl
    import os

    app.records.autosave.release()
    other = os.open(tmp_path / "autosave.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)  # another copy of the game holds slot 1
    try:
        app.push(app.make_scene("title"))
        app.claim_autosave()
        assert app.records.autosave.path().name == "autosave-2.json"
        assert any("Another copy of the game" in t for t in app.toasts.texts())
        scene = TableScene(app, seats(), SEED, near_the_end(30), threaded=False)
        app.push(scene)
        scene.pause()  # the autosave is written and flushed
        assert (tmp_path / "autosave-2.json").is_file()
        assert not (tmp_path / "autosave.json").exists()
    finally:
        app.records.autosave.release()
        os.close(other)
