"""Opening the lessons: the lesson kept on disk, "Learn to play" (resume or start again) and the
offer to learn on the very first start. The lesson's script is read only when the lessons are
opened, and the lesson's table (``guided``) only when it is made: the title screen, which offers
the lessons on the first start, reads neither."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.i18n import _
from stoneage.records.lesson import read_lesson
from stoneage.scenes.kit.base import Scene, SceneHost
from stoneage.scenes.kit.confirm import Choice, ConfirmScene

if TYPE_CHECKING:  # for annotations: the script is read when the lessons open
    from stoneage.tutorial import Tutorial


def saved_lesson() -> Tutorial | None:
    """The lesson in progress on disk, or None (none, finished, or damaged)."""
    from stoneage.tutorial import Tutorial

    text = read_lesson()
    if not text:
        return None
    tutorial = Tutorial.restore(text)
    fresh = tutorial.index == 0 and not tutorial.answered
    return None if tutorial.finished or fresh else tutorial


def open_lessons(app: SceneHost) -> Scene:
    """'Learn to play': the lessons from the start, or (when a lesson is in progress) a question
    whether to resume it or start again."""
    from stoneage.tutorial import STEPS

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
