"""Practice from here: a new game that starts at a decision of a recorded game, with the same
seats and bots and the same dice and cards to come (the replay holds the seed and the actions:
under the seed policy of ``stoneage.play.match`` the same seed and the same moves give the same
game), so the player can try Hard's move or an idea of their own and compare the end.

``Replay.practice_from`` makes the mark of a practice from a decision of a review;
``practice_table`` (registered as the scene "practice") opens the table at that decision through
the table's own entry (the "game" scene with its ``practice`` option), or says in words why it
cannot.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from stoneage.i18n import _
from stoneage.play.practice import Practice
from stoneage.review import ReviewError, load_replay
from stoneage.scenes.kit.base import Scene, SceneHost
from stoneage.scenes.kit.confirm import ConfirmScene
from stoneage.scenes.kit.toasts import INFO

log = logging.getLogger(__name__)


def practice_table(app: SceneHost, practice: Practice, threaded: bool = True) -> Scene:
    """The scene registered as "practice": the table of ``practice``'s game at its decision
    (a toast says where it starts and the original's score), or a message when the original's
    replay cannot be read any more."""
    try:
        game = load_replay(practice.source)
    except ReviewError as error:
        return _cannot(app, error.message)
    except Exception:  # whatever the file holds, the screen says so and the program stays up
        log.exception("could not open the replay %s for a practice game", practice.source)
        return _cannot(app, _("This game's replay cannot be opened."))
    if not 0 <= practice.step < len(game.steps) or len(game.seats) != len(practice.scores):
        return _cannot(app, _("This move is not in the game's replay any more."))
    seats = [replace(seat) for seat in game.seats]
    state = game.steps[practice.step].before
    table = app.make_scene(
        "game",
        seats=seats,
        seed=game.seed,
        state=state,
        threaded=threaded,
        practice=practice,
    )
    app.toasts.show(start_words(practice, state.round, seats[practice.seat].name), INFO)
    return table


def start_words(practice: Practice, round_: int, name: str) -> str:
    """The toast at the start of a practice game: where it starts and the score to beat."""
    return _(
        "Practice from round {round}, move {move}: the same dice and cards to come. "
        "Original game: {name} {points}."
    ).format(round=round_, move=practice.step + 1, name=name, points=practice.original)


def _cannot(app: SceneHost, reason: str) -> Scene:
    return ConfirmScene(app, _("Play from here"), reason, [])
