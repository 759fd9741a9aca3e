"""The guided first game's table: the one table scene with the lesson as its game
(``LessonMatch``: the script plays on the table's match) and the lesson's bubble as its layer
(``lesson.Lesson``)."""

from __future__ import annotations

from stoneage.i18n import _
from stoneage.play.match import Match
from stoneage.play.seats import Seat
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.table.lesson.lesson import Lesson
from stoneage.scenes.table.scene import TableScene
from stoneage.scenes.table.session.mode import TableMode
from stoneage.tutorial import Tutorial
from stoneage.tutorial.lesson_match import LessonMatch


def lesson_seats() -> list[Seat]:
    """The player and the opponent of the lesson (an Easy bot once the lessons are over)."""
    return [Seat(_("You"), "red", "human"), Seat(_("Grok"), "blue", "bot", "easy")]


def lesson_table(
    app: SceneHost, tutorial: Tutorial | None = None, threaded: bool = True
) -> TableScene:
    """The scene registered as "tutorial": the table of the guided first game (``tutorial``: a
    lesson in progress; a fresh one by default). The lesson is played on the table's match
    (its Easy bot thinking off the window's thread after the lessons) and asked through the
    seam (``LessonMatch``); its bubble is the table's layer (``Lesson``)."""
    lesson = tutorial if tutorial is not None else Tutorial()
    seats = lesson_seats()
    driver = Match(seats, lesson.seed, threaded=threaded, notify=app.wake)
    match = LessonMatch(lesson, driver)
    return TableScene(
        app,
        seats,
        lesson.seed,
        lesson.state,
        threaded,
        mode=TableMode.lesson(),
        match=match,
        layer=lambda table: Lesson(table, match),
    )
