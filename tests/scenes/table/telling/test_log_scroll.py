"""The recent moves' box holds four lines at 1024x640, less than a bot's turn of the resolution
phase (issue 45 point 6): the wheel over it scrolls back through the kept lines, a bar shows
where it is, new lines wait below (counted on the title line) instead of moving what is read,
and turning the wheel down comes back to the newest."""

from __future__ import annotations

import pygame

from stoneage.play.match import replay_steps
from stoneage.play.story import tell
from stoneage.scenes.table.drawing import status
from stoneage.scenes.table.drawing.status import log_bar_track
from stoneage.scenes.table.scene import TableScene
from tests.scenes.apps import close_apps, open_app
from tests.scenes.hands import post

from ..controls.test_controls import decision_states, humans, show


def wheel(app, pos: tuple[int, int], turns: int) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=turns, flipped=False, precise_x=0.0, precise_y=float(turns))
    app.step(block=False)


def drawn_rows(scene: TableScene) -> str:
    """Every text the log box draws now, one a line."""
    rows: list[str] = []
    real = status.draw_text

    def noting(surface, message, *rest, **named):
        rows.append(message)
        return real(surface, message, *rest, **named)

    status.draw_text = noting
    try:
        status.draw_log(pygame.Surface(scene.lay.size), scene.lay, list(scene.log.window()))
    finally:
        status.draw_text = real
    return "\n".join(rows)


def test_the_wheel_reads_back_a_whole_turn_and_new_lines_wait_below():
    app = open_app((1024, 640))
    try:
        scene = TableScene(app, humans(4), seed=7, threaded=False)
        app.push(scene)
        states = decision_states(4, 7)
        state = next(s for s in states if s.round >= 2 and s.phase == "resolve")
        show(scene, state)
        steps = replay_steps(state)
        for step in steps[-30:]:
            scene.log.add(tell(step), scene.seats)
        total = len(scene.log.lines)
        newest = scene.log.lines[-1]
        box = scene.lay.log
        assert newest in drawn_rows(scene) or newest[:20] in drawn_rows(scene)
        wheel(app, box.center, 3)
        assert scene.log.newer == 3
        assert scene.log.window() == tuple(scene.log.lines)[: total - 3]
        earlier = scene.log.lines[total - 4]
        assert earlier[:20] in drawn_rows(scene)
        # A move told meanwhile waits below: what the player reads stays put.
        scene.log.add(tell(steps[-1]), scene.seats)
        assert scene.log.newer == 3 + len(tell(steps[-1]).paragraphs([s.name for s in scene.seats]))
        assert earlier[:20] in drawn_rows(scene)
        # The bar is drawn in the box's right margin, clear of the lines' width.
        track = log_bar_track(scene.lay)
        assert box.contains(track) and track.left >= box.right - scene.lay.margin
        # The wheel elsewhere scrolls nothing; turned down it comes back to the newest.
        wheel(app, scene.lay.board.center, 2)
        assert scene.log.newer > 0
        wheel(app, box.center, -100)
        assert scene.log.newer == 0
        assert scene.log.window() == tuple(scene.log.lines)
        # Never further back than the oldest kept line.
        wheel(app, box.center, 1000)
        assert scene.log.newer == len(scene.log.lines) - 1
    finally:
        close_apps(app)
