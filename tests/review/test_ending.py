"""Two moves played to the end of the game (``stoneage.review.ending``): Normal's judgement in
every seat, the same futures for both moves, the same figures for the same key, bounded work,
and a Cancel that stops it."""

from __future__ import annotations

import random
import threading

import pytest

from stoneage.ai import make_bot
from stoneage.ai.search import utility
from stoneage.review import ReviewCancelled, load_replay
from stoneage.review.ending import (
    BATCH,
    FEWEST_FUTURES,
    MOST_FUTURES,
    final_lead,
    normal_choice,
    play_out,
)
from stoneage.rules import CHANCE

from .scripted import scripted_game, write_replay


@pytest.fixture(scope="module")
def replay(tmp_path_factory):
    """A finished 4-player game, read as the review reads it."""
    match, _blunders = scripted_game(3)
    return load_replay(write_replay(match, tmp_path_factory.mktemp("ending") / "game.json"))


def late_decision(replay, rounds_before_end: int = 1):
    """A decision of seat 0 with more than one legal action, ``rounds_before_end`` rounds
    before the game's last (cheap to play out)."""
    last = replay.final.round
    for step in replay.steps:
        state = step.before
        if (
            step.actor == 0
            and state.round == last - rounds_before_end
            and len(state.legal_actions()) > 1
        ):
            return step
    raise AssertionError("no such decision")


def test_normal_choice_is_the_normal_bot(replay):
    """The playouts play what the Normal bot plays, at every kind of step."""
    bot = make_bot("normal", 0)
    checked = 0
    for step in replay.steps[::3]:
        state = step.before
        if step.actor == CHANCE or step.actor < 0:
            continue
        view = state.view(step.actor)
        assert normal_choice(view, step.actor) == bot.choose(view)
        checked += 1
    assert checked > 100


def test_final_lead_of_a_finished_game_is_its_lead(replay):
    final = replay.final
    scores = [float(row["total"]) for row in final.final_scoring()]
    for seat in range(final.n):
        assert final_lead(final, seat, random.Random(0)) == utility(scores, seat)


def test_the_same_key_gives_the_same_figures_and_the_work_is_bounded(replay):
    step = late_decision(replay)
    view = step.before.view(0)
    other = next(a for a in view.legal_actions() if a != step.action)
    first = play_out(view, other, step.action, "key")
    again = play_out(view, other, step.action, "key")
    assert first == again
    assert FEWEST_FUTURES <= first.futures <= MOST_FUTURES and first.futures % BATCH == 0
    assert first.error >= 0.0
    same = play_out(view, step.action, step.action, "key")  # a move against itself: nothing
    assert (same.gap, same.error, same.futures) == (0.0, 0.0, FEWEST_FUTURES)


def test_cancel_stops_the_playouts(replay):
    step = late_decision(replay, 3)
    view = step.before.view(0)
    other = next(a for a in view.legal_actions() if a != step.action)
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(ReviewCancelled):
        play_out(view, other, step.action, "key", cancel)
