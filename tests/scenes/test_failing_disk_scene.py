"""The table on a data folder whose disk really fails (a tmpfs of the test's own, full or
read-only: see ``tests.records.tiny_disk``): the player is warned with the reason and the folder, the
"Not saved" mark stays, the pause menu saves the game elsewhere, and the table says when saving
works again."""

from __future__ import annotations

import pytest

from stoneage.play.savefile import load_game_file
from stoneage.scenes.files.save_elsewhere_scene import SaveElsewhereScene
from stoneage.scenes.menus.pause_scene import PauseMenu
from stoneage.scenes.table.scene import TableScene
from tests.records.tiny_disk import REASONS, home_on_tiny_disk, run_where_mounting_works

from .test_stats_recording import SEED, near_the_end, seats


@pytest.mark.parametrize("how", list(REASONS))
def test_a_failing_disk_is_said_on_the_table_saved_elsewhere_and_mended(
    request, app, tmp_path, monkeypatch, how
):
    if not run_where_mounting_works(request):
        return
    with home_on_tiny_disk(tmp_path, monkeypatch) as (disk, home):
        scene = TableScene(app, seats(), SEED, near_the_end(30), threaded=False)
        app.push(scene)
        scene.autosave()
        scene.keeper.flush()
        assert app.records.autosave.read() is not None  # saved while the disk was fine
        disk.break_as(how)
        scene.autosave()  # as after the next move
        scene.keeper.flush()
        app.step(block=False)
        warning = [t for t in app.toasts.texts() if "The game cannot be saved" in t]
        assert len(warning) == 1 and REASONS[how] in warning[0] and str(home) in warning[0]
        assert "save" in {p.kind for p in app.toasts.failing()}
        for _again in range(3):  # every later move tries again, and is not said again
            scene.autosave()
            scene.keeper.flush()
            app.step(block=False)
        assert len([t for t in app.toasts.texts() if "cannot be saved" in t]) == 1

        scene.open_menu()
        menu = app.top
        assert isinstance(menu, PauseMenu)
        next(b for b in menu.buttons if b.name == "save_elsewhere").on_click()
        dialog = app.top
        assert isinstance(dialog, SaveElsewhereScene)
        dialog.name = str(home / "inside")  # the broken disk itself: refused with the reason
        dialog.save()
        assert isinstance(app.top, SaveElsewhereScene) and "could not be saved" in dialog.error
        dialog.name = str(tmp_path / "usb")
        dialog.save()
        (written,) = (tmp_path / "usb").glob("stoneage-*.json")
        assert load_game_file(written).state == scene.match.state
        while app.top is not scene:
            app.pop()

        disk.mend_as(how)
        scene.autosave()
        scene.keeper.flush()
        app.step(block=False)
        assert "The game is being saved again." in app.toasts.texts()
        assert "save" not in {p.kind for p in app.toasts.failing()}
        assert app.records.autosave.read()["game"] == scene.save_payload()["game"]
        while app.stack:
            app.pop()
