"""Autoplay: bots play every seat in the window (``--autoplay``), and the title screen's attract
mode; neither ever writes the player's files. Also the table's events (where sounds will be
cued) as a human plays."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame

from stoneage.play.seats import Seat
from stoneage.rules import Place
from stoneage.scenes.menus.scoring_scene import ScoringScene
from stoneage.scenes.menus.title_scene import TitleScene
from stoneage.scenes.table.scene import TableScene
from stoneage.scenes.table.session.autoplay import ATTRACT_IDLE, Autoplay, autoplay_seats
from tests.scenes.hands import click, drag, post, run_until_human_or_end

ROOT = Path(__file__).resolve().parents[2]
AUTOPLAY_LIMIT = 180  # s; fast: ~30 s, 50 s on a 2-core machine loaded 10-fold; normal: minutes


def _files(folder: Path) -> dict[str, int]:
    """Every file under ``folder`` with its modification time (ns)."""
    return {
        str(path.relative_to(folder)): path.stat().st_mtime_ns
        for path in folder.rglob("*")
        if path.is_file()
    }


def test_command_line_autoplay_plays_to_the_scoring_and_quits(tmp_path):
    """--autoplay --quit-at-end exits 0 after the final scoring, well within the time, and the
    player's folder (settings, autosave) is read but never written."""
    home = tmp_path / "player"
    home.mkdir()
    (home / "settings.json").write_text('{"language": "en", "animation": "normal"}')
    (home / "autosave.json").write_text('{"format": "stoneage-save", "mine": true}')
    before = _files(home)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["STONEAGE_HOME"] = str(home)
    argv = ["--autoplay", "--players", "2", "--seed", "3", "--speed", "fast", "--quit-at-end"]
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "stoneage", *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=AUTOPLAY_LIMIT * 2,
    )
    elapsed = time.monotonic() - start
    assert done.returncode == 0, done.stderr[-2000:]
    assert "the final scoring was shown" in done.stdout, done.stdout
    assert elapsed < AUTOPLAY_LIMIT, f"autoplay took {elapsed:.0f} s"
    assert _files(home) == before  # nothing added, nothing rewritten


def test_autoplay_game_keeps_no_records_and_announces_the_table(app, _home):
    """An autoplay game at instant speed reaches the scoring and quits; it wrote no autosave or
    history, and the table announced every shown step, the rounds and the end (no human's
    turn: nobody plays)."""
    quits: list[bool] = []
    app.quit = lambda: quits.append(True)
    watching = Autoplay(speed=0.0, quit_at_end=True, scoring_hold=0.0)
    scene = app.make_scene("game", seats=autoplay_seats(3), seed=5, autoplay=watching)
    assert isinstance(scene, TableScene) and not scene.keeps_records
    app.push(scene)
    deadline = time.monotonic() + 60
    while not quits and time.monotonic() < deadline:
        app.step(block=False)
    assert quits and watching.scoring_shown
    assert isinstance(app.top, ScoringScene) and not app.top.keeps_records
    kinds = [kind for kind, _detail in scene.announcer.events]
    assert kinds.count("transition") >= 100  # the last EVENTS_KEPT events are kept
    assert "new_round" in kinds and kinds[-1] == "game_end"
    assert "your_turn" not in kinds
    assert not app.records.autosave.path().exists()
    assert [p.name for p in _home.iterdir() if p.suffix in (".json", ".jsonl")] == []


def test_autoplay_scene_offers_no_undo_hint_or_menu(app):
    """Watching bots: Esc ends the command line's autoplay; no Undo or Hint button answers."""
    quits: list[bool] = []
    app.quit = lambda: quits.append(True)
    watching = Autoplay(speed=1.0)
    app.push(app.make_scene("game", seats=autoplay_seats(2), seed=2, autoplay=watching))
    scene = app.top
    assert isinstance(scene, TableScene) and scene.mode.watch_only
    assert {b.name for b in scene.painter.all_buttons()} == {"menu", "log"}
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.step(block=False)
    assert quits == [True]


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_attract_mode_starts_after_a_minute_idle_and_any_key_returns(app, _home):
    clock = FakeClock()
    title = TitleScene(app, clock=clock)
    app.push(title)
    app.step(block=False)
    clock.now += ATTRACT_IDLE - 1
    app.step(block=False)
    assert app.top is title  # not yet a minute
    post(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))
    app.step(block=False)  # someone moved the mouse: the minute starts again
    clock.now += ATTRACT_IDLE - 1
    app.step(block=False)
    assert app.top is title
    clock.now += 2
    app.step(block=False)
    game = app.top
    assert (
        isinstance(game, TableScene)
        and game.mode.autoplay is not None
        and game.mode.autoplay.attract
    )
    assert len(game.seats) == 4 and not any(seat.is_human for seat in game.seats)
    for _frame in range(30):
        app.step(block=False)
    assert game.match.steps  # the bots are playing
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.step(block=False)
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1
    assert not app.records.autosave.path().exists()  # the demonstration left no game to continue


def test_attract_mode_waits_while_another_screen_is_open(app):
    """The idle minute counts only on the title screen itself, from when it is back on top."""
    clock = FakeClock()
    title = TitleScene(app, clock=clock)
    app.push(title)
    app.push(app.make_scene("settings"))
    clock.now += ATTRACT_IDLE * 3
    app.step(block=False)
    app.pop()
    app.step(block=False)
    assert app.top is title
    clock.now += ATTRACT_IDLE
    app.step(block=False)
    assert isinstance(app.top, TableScene)


def test_table_events_of_a_human_drag(app):
    """Picking figures up, a refused drop (snapped back) and an accepted drop are announced."""
    seats = [Seat("Ann", "red", "human"), Seat("Bo", "blue", "bot", "easy")]
    app.push(app.make_scene("game", seats=seats, seed=4, threaded=False))
    scene = app.top
    assert isinstance(scene, TableScene)
    run_until_human_or_end(app)
    assert ("your_turn", 0) in scene.announcer.events
    forest = scene.lay.spaces[4].center
    control = scene.hands.placing()
    assert control is not None
    mark = len(scene.announcer.events)
    drag(app, control.grab.center, forest)
    kinds = [kind for kind, _detail in scene.announcer.events][mark:]
    assert kinds[:3] == ["pick_up", "drop", "transition"]  # then the bot's moves
    run_until_human_or_end(app)
    control = scene.hands.placing()
    assert control is not None and 4 not in {
        a.space for a in scene.match.state.legal_actions() if isinstance(a, Place)
    }
    mark = len(scene.announcer.events)
    drag(app, control.grab.center, forest)  # a second group on the forest: refused
    kinds = [kind for kind, _detail in scene.announcer.events][mark:]
    assert kinds == ["pick_up", "refused", "snap_back"]
    click(app, scene.toolbar.log.rect.center)
    assert scene.announcer.events[-1] == ("click", "log") and app.top is not scene
