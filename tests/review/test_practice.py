"""A practice game, without the screen: it starts at the same state as the replay at that
decision, playing the original moves from there ends with the original scores (the same dice,
cards and bot decisions to come), another move makes another game, and the review of a
practice game judges the moves from its start on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stoneage.play.match import Match
from stoneage.play.savefile import replay_document
from stoneage.play.seats import Seat
from stoneage.review import analyse_replay, load_replay

COLOURS = ("red", "blue", "green", "yellow")
SEED = 21


@pytest.fixture(scope="module")
def original(tmp_path_factory) -> Path:
    """A recorded 4-player game: seat 0 a person (played here by a Normal bot), three Normal
    bots."""
    seats = [Seat(f"Seat {i}", COLOURS[i], "bot", "normal") for i in range(4)]
    match = Match(seats, SEED, threaded=False)
    match.play_out()
    seats[0].kind = "human"
    path = tmp_path_factory.mktemp("replays") / "original.json"
    path.write_text(json.dumps(replay_document(seats, SEED, match.steps, match.state)))
    return path


def decisions(path: Path) -> list[int]:
    """The steps where the person decided among several moves."""
    replay = load_replay(path)
    return [
        i
        for i, step in enumerate(replay.steps)
        if step.actor == 0 and len(step.before.legal_actions()) > 1
    ]


def practice_match(path: Path, step: int) -> Match:
    """The match a practice game from ``step`` plays: the table's (the replay's seats, seed
    and the state before that move)."""
    replay = load_replay(path)
    return Match(list(replay.seats), replay.seed, replay.steps[step].before, threaded=False)


def play(match: Match, moves: dict[int, object]) -> None:
    """Bots and chance on their own; the person plays ``moves`` (by ply)."""
    while not match.is_over():
        action = match.automatic_action()
        if action is None:
            action = moves[match.state.ply]
        match.apply(action)


@pytest.mark.parametrize("which", [0, 7, -12])
def test_the_original_moves_from_the_practice_start_end_as_the_original(original, which):
    replay = load_replay(original)
    step = decisions(original)[which]
    match = practice_match(original, step)
    assert match.state.to_json() == replay.steps[step].before.to_json()
    assert match.state.players == replay.steps[step].before.players
    assert match.human_to_act() == 0  # the person's decision, at once
    play(match, {s.before.ply: s.action for s in replay.steps})
    assert match.state.to_json() == replay.final.to_json()
    final = [row["total"] for row in match.state.final_scoring()]
    practice = replay.practice_from(step)
    assert list(practice.scores) == final and practice.seat == 0


def test_another_move_makes_another_game(original):
    replay = load_replay(original)
    step = decisions(original)[0]
    match = practice_match(original, step)
    other = next(a for a in match.state.legal_actions() if a != replay.steps[step].action)
    match.apply(other)
    rest = {s.before.ply: s.action for s in replay.steps}
    while not match.is_over():  # the person's later moves: the original's where still legal
        action = match.automatic_action()
        if action is None:
            wanted = rest.get(match.state.ply)
            legal = match.state.legal_actions()
            action = wanted if wanted in legal else legal[0]
        match.apply(action)
    assert match.state.to_json() != replay.final.to_json()


def test_the_review_of_a_practice_game_judges_from_its_start(original, tmp_path):
    replay = load_replay(original)
    step = decisions(original)[-12]
    practice = replay.practice_from(step)
    document = json.loads(original.read_text())
    document["practice"] = practice.to_dict()
    path = tmp_path / "practice.json"
    path.write_text(json.dumps(document))
    game = load_replay(path)
    assert game.practice == practice and game.first_step == step
    review = analyse_replay(game, budget=4)
    judged = [j.step for j in review.seats[0].decisions]
    assert judged and min(judged) >= step
    assert set(judged) == {s for s in decisions(original) if s >= step}
