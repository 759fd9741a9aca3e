"""A complete game through the real scenes: the human seat by injected mouse drags and clicks,
the other seats by bots, ending on the final-scoring scene with the engine's scores."""

from __future__ import annotations

import random

from stoneage.ai import make_bot
from stoneage.play.seats import Seat
from stoneage.rules import GameState, Place, new_game
from stoneage.scenes.menus.scoring_scene import ScoringScene
from stoneage.scenes.table.scene import TableScene
from tests.scenes.hands import perform, run_until_human_or_end

SEATS = [
    Seat("Tester", "red", "human"),
    Seat("Easy", "blue", "bot", "easy"),
    Seat("Random", "green", "bot", "random"),
    Seat("Normal", "yellow", "bot", "normal"),
]


def replay(actions: list, seats: int, seed: int) -> GameState:
    """The same game replayed in a fresh engine, outside the UI."""
    state = new_game(seats, seed=seed)
    for action in actions:
        state = state.apply(action)
    return state


def test_complete_game_by_mouse_reaches_final_scoring_with_engine_scores(app):
    scene = TableScene(app, [Seat(**vars(s)) for s in SEATS], seed=5, threaded=True)
    app.push(scene)
    brain = make_bot("normal", 99)  # picks the human's moves; the hands carry them out
    rng = random.Random(3)
    decisions = 0
    run_until_human_or_end(app)
    while isinstance(app.top, TableScene):
        state = scene.match.state
        seat = scene.match.human_to_act()
        assert seat == 0
        assert scene.offered() == set(state.legal_actions())
        action = brain.choose(state.view(seat))
        perform(app, action, use_click=isinstance(action, Place) and rng.random() < 0.3)
        assert scene.match.state is not state, f"{action} was not applied through the UI"
        decisions += 1
        run_until_human_or_end(app)
    final = app.top
    assert isinstance(final, ScoringScene)
    assert decisions > 20
    engine = replay(final.state.actions_taken(), 4, 5)
    assert final.rows == engine.final_scoring()
    assert [row["total"] for row in final.rows] == [
        row["total"] for row in final.state.final_scoring()
    ]
    assert final.state.winners() == engine.winners()


def test_a_game_is_determined_by_its_seed(app):
    """Chance comes from seeded_rng(state): the same seats and seed give the same game."""
    games = []
    for _ in range(2):
        seats = [Seat(f"B{i}", c, "bot", "easy") for i, c in enumerate(("red", "blue", "green"))]
        scene = TableScene(app, seats, seed=12, threaded=True)
        app.push(scene)
        run_until_human_or_end(app, seconds=30)
        games.append(app.top.state.actions_taken())
        app.pop()
    assert games[0] == games[1]
