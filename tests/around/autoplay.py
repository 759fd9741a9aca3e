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

from stoneage.rules import Action, GameState
from stoneage.scenes.driver import Seat

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


def mark_the_end() -> None:
    """Leave a mark in the data folder when the game's end deletes the autosave, so a kill
    that lands after the end (nothing to continue, rightly) is told from a lost game."""
    from stoneage.ui import storage

    delete = storage.delete_autosave

    def delete_and_mark() -> None:
        (storage.data_dir() / GAME_OVER_MARK).write_text("over", encoding="utf-8")
        delete()

    storage.delete_autosave = delete_and_mark


def main(mode: str) -> int:
    """Start (``new``) or continue a game and play it to the end."""
    from stoneage.app import App
    from stoneage.scenes.game import GameScene
    from stoneage.scenes.menus import TitleScene
    from stoneage.ui.storage import Settings

    if mode == "new":
        mark_the_end()
    app = App((1024, 640), Settings(animation="instant"), seed=SEED)
    app.open_window(flags=0)
    if mode == "new":
        app.push(GameScene(app, seats(), SEED, threaded=False))
    else:
        title = TitleScene(app)
        app.push(title)
        title.continue_game()
    scene = app.top
    if not isinstance(scene, GameScene):
        print("no game to continue", flush=True)
        return 3
    scene.saver.flush()
    if mode == "continue":
        print(f"resumed {len(scene.driver.steps)} {actions_digest(scene.driver.steps)}", flush=True)
    # A new game says "started" once its first step is saved: a kill before that leaves no
    # game to continue (as it should), which is not what the kill test is about.
    started = mode != "new"
    while app.top is scene and not scene.driver.is_over():
        if not started and scene.driver.steps:
            scene.autosave()
            scene.saver.flush()
            print("started", flush=True)
            started = True
        app.step(block=False)
        ready = (
            scene.controls
            and scene.controls_state is scene.driver.state
            and not scene.timeline.busy
        )
        if ready and scene.driver.human_to_act() is not None:
            scene.act(human_choice(scene.driver.state))
    print(json.dumps([row["total"] for row in scene.driver.state.final_scoring()]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "new"))
