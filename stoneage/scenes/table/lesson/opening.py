"""Opening the lessons: the lesson kept on disk, the table's two seats, "Learn to play" (resume
or start again), the offer to learn on the very first start, and the lesson's table."""

from __future__ import annotations

from stoneage.i18n import _
from stoneage.play.match import Match
from stoneage.play.seats import Seat
from stoneage.records.lesson import read_lesson
from stoneage.scenes.kit.base import Scene, SceneHost
from stoneage.scenes.kit.confirm import Choice, ConfirmScene
from stoneage.scenes.table.lesson.lesson import Lesson
from stoneage.scenes.table.scene import TableScene
from stoneage.scenes.table.session.mode import TableMode
from stoneage.tutorial import STEPS, Tutorial
from stoneage.tutorial.lesson_match import LessonMatch


def saved_lesson() -> Tutorial | None:
    """The lesson in progress on disk, or None (none, finished, or damaged)."""
    text = read_lesson()
    if not text:
        return None
    tutorial = Tutorial.restore(text)
    fresh = tutorial.index == 0 and not tutorial.answered
    return None if tutorial.finished or fresh else tutorial


def lesson_seats() -> list[Seat]:
    """The player and the opponent of the lesson (an Easy bot once the lessons are over)."""
    return [Seat(_("You"), "red", "human"), Seat(_("Grok"), "blue", "bot", "easy")]


def open_lessons(app: SceneHost) -> Scene:
    """'Learn to play': the lessons from the start, or (when a lesson is in progress) a question
    whether to resume it or start again."""
    saved = saved_lesson()
    if saved is None:
        return app.make_scene("tutorial")
    message = _("You stopped at step {n} of {total}. Resume the lesson there?").format(
        n=saved.index + 1, total=len(STEPS)
    )
    return ConfirmScene(
        app,
        _("Learn to play"),
        message,
        [
            Choice(
                _("Resume"),
                lambda: app.push(app.make_scene("tutorial", tutorial=saved)),
                _("Play on from the step where you left."),
                "resume_lesson",
            ),
            Choice(
                _("Start again"),
                lambda: app.push(app.make_scene("tutorial")),
                _("Begin the lessons from the first step."),
                "restart_lesson",
            ),
        ],
    )


def first_start_offer(app: SceneHost) -> Scene | None:
    """On the very first start, the offer to learn to play (once: the settings remember it)."""
    if app.settings.tutorial_offered:
        return None
    app.settings.tutorial_offered = True
    app.save_settings()
    return ConfirmScene(
        app,
        _("Welcome to the Stone Age"),
        _(
            "New to Stone Age? A guided first game teaches you the rules while you play, "
            "step by step."
        ),
        [
            Choice(
                _("Learn to play"),
                lambda: app.push(open_lessons(app)),
                _("Play a guided first game against one opponent."),
                "learn",
            )
        ],
        cancel=_("Not now"),
    )


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
