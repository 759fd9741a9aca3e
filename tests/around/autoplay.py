"""Play one game in the real program, headless: the kill-and-continue test starts this in a
subprocess, kills it at a random moment, and starts it again with ``continue``.

    python -m tests.around.autoplay new|continue

One human seat (played by a fixed rule through the scene, as a person's clicks would be) and
three Easy bots, at instant animation speed. ``STONEAGE_HOME`` tells where saves go. Prints
``started`` once the game is on the table and saved, ``resumed <actions> <digest>`` after Continue, and
the final totals as JSON at the end.
"""

from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from stoneage.play.seats import Seat
from stoneage.rules import Action, GameState

SEED = 21


def seats() -> list[Seat]:
    """The table: one human and three Easy bots."""
    return [
        Seat("Ann", "red", "human"),
        Seat("Bo", "blue", "bot", "easy"),
        Seat("Cy", "green", "bot", "easy"),
        Seat("Di", "yellow", "bot", "easy"),
    ]


def human_choice(state: GameState) -> Action:
    """The human's decision: a fixed rule, so the whole game is a function of the seed."""
    legal = state.legal_actions()
    return legal[len(legal) // 2]


def actions_digest(steps) -> str:
    """A short fingerprint of the actions taken so far."""
    import hashlib

    return hashlib.sha256("\n".join(str(s.action) for s in steps).encode()).hexdigest()[:16]


GAME_OVER_MARK = "game-over.mark"


def mark_the_end(autosave) -> None:
    """Leave a mark in the data folder when the game's end deletes the autosave, so a kill
    that lands after the end (nothing to continue, rightly) is told from a lost game."""
    from stoneage.records.files import data_dir

    delete = autosave.delete

    def delete_and_mark() -> None:
        (data_dir() / GAME_OVER_MARK).write_text("over", encoding="utf-8")
        delete()

    autosave.delete = delete_and_mark


def main(mode: str) -> int:
    """Start (``new``) or continue a game and play it to the end."""
    from stoneage.app import App
    from stoneage.records.settings import Settings
    from stoneage.scenes.menus.title_scene import TitleScene
    from stoneage.scenes.table.scene import TableScene

    app = App((1024, 640), Settings(animation="instant"), seed=SEED)
    if mode == "new":
        mark_the_end(app.records.autosave)
    app.open_window(flags=0)
    if mode == "new":
        app.push(TableScene(app, seats(), SEED, threaded=False))
    else:
        title = TitleScene(app)
        app.push(title)
        title.continue_game()
    scene = app.top
    if not isinstance(scene, TableScene):
        print("no game to continue", flush=True)
        return 3
    scene.keeper.flush()
    if mode == "continue":
        print(f"resumed {len(scene.match.steps)} {actions_digest(scene.match.steps)}", flush=True)
    # A new game says "started" once its first step is saved: a kill before that leaves no
    # game to continue (as it should), which is not what the kill test is about.
    started = mode != "new"
    while app.top is scene and not scene.match.is_over():
        if not started and scene.match.steps:
            scene.autosave()
            scene.keeper.flush()
            print("started", flush=True)
            started = True
        app.step(block=False)
        if scene.held_roll is not None and not scene.timeline.busy:
            scene.release_roll()  # the human's roll held on screen: seen, go on
        ready = (
            scene.hands.controls
            and scene.hands.state is scene.match.state
            and not scene.timeline.busy
        )
        if ready and scene.match.human_to_act() is not None:
            scene.act(human_choice(scene.match.state))
    print(json.dumps([row["total"] for row in scene.match.state.final_scoring()]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "new"))
