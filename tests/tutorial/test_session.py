"""The Tutorial session: acting, friendly refusals, Next, Back, Skip, saving, free play."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from stoneage.ai import make_bot
from stoneage.play.match import Match
from stoneage.play.seats import BOT, HUMAN, Seat
from stoneage.rules import CHANCE, Place, SaveFormatError
from stoneage.tutorial import STEPS, YOU, Tutorial, step_index
from stoneage.tutorial import session as S
from stoneage.tutorial.lesson_match import LessonMatch

from .helpers import end_of_script


def settle(tutorial: Tutorial) -> None:
    """Run the match's one loop (through ``LessonMatch``, as the table does) until nobody but
    the player may move: the lesson's planned moves, and after the lessons chance and the Easy
    bot."""
    match = LessonMatch(tutorial)
    while (action := match.automatic_action()) is not None:
        match.apply(action)


def play_through(tutorial: Tutorial) -> list[tuple[int, bool, object]]:
    """Take every expected action and press Next after each follow-up; record (index,
    answered, state) at every stop."""
    stops = []
    while not tutorial.finished:
        stops.append((tutorial.index, tutorial.answered, tutorial.state))
        expected = tutorial.expected()
        if expected is None:
            assert tutorial.next()
        else:
            assert tutorial.act(expected).ok
        settle(tutorial)
    return stops


STOPS = play_through(Tutorial())


def at(index: int, answered: bool = False) -> Tutorial:
    tutorial = Tutorial()
    tutorial.goto(index, answered)
    return tutorial


def test_acting_step_by_step_reaches_the_end_of_the_script():
    tutorial = Tutorial()
    play_through(tutorial)
    assert tutorial.finished and tutorial.bubble() is None
    assert tutorial.state == end_of_script()
    # Every step stops once, steps with a follow-up twice.
    assert len(STOPS) == len(STEPS) + sum(1 for s in STEPS if s.follow)


def test_next_alone_takes_the_expected_actions_for_the_player():
    tutorial = Tutorial()
    while tutorial.next():
        settle(tutorial)
    assert tutorial.finished and tutorial.state == end_of_script()


def test_the_bubble_says_what_the_step_is():
    tutorial = Tutorial()
    kinds = []
    while not tutorial.finished:
        bubble = tutorial.bubble()
        assert bubble is not None and bubble.text() and bubble.step_id == tutorial.step.id
        kinds.append(bubble.kind)
        if bubble.kind == "roll":
            assert tutorial.is_roll_step() and tutorial.state.current_player() == CHANCE
        if bubble.kind in ("act", "roll"):
            assert bubble.action == tutorial.expected()
        else:
            assert tutorial.expected() is None and bubble.action is None
        tutorial.next()
        settle(tutorial)
    assert set(kinds) == {"read", "act", "roll", "follow"}


def test_the_player_s_move_and_the_opponent_s_answer_are_played_on_the_match_in_turn():
    tutorial = at(step_index("place_hunt"))
    before = len(tutorial.match.steps)
    tutorial.act("place hunt 2")
    assert list(tutorial.planned) == ["place hunt 2", "place field 1"]
    assert tutorial.bubble() is None and tutorial.check("place hunt 2").msgid == S.NOT_YOUR_TURN
    settle(tutorial)
    assert [(s.actor, str(s.action)) for s in tutorial.match.steps[before:]] == [
        (YOU, "place hunt 2"),
        (1, "place field 1"),
    ]
    assert not tutorial.planned and tutorial.bubble() is not None


def test_the_lesson_keeps_no_copy_of_the_game():
    tutorial = at(step_index("place_hunt"))
    assert tutorial.state is tutorial.match.state
    assert not hasattr(tutorial, "automatic_action") and not hasattr(tutorial, "play_automatic")


def test_a_follow_up_explains_the_roll_with_the_real_numbers():
    tutorial = at(step_index("roll_hunt"))
    food = tutorial.state.players[YOU].food
    assert tutorial.act("roll 7").ok and tutorial.answered
    settle(tutorial)
    bubble = tutorial.bubble()
    assert bubble.kind == "follow"
    assert bubble.params == {"pips": 7, "food": tutorial.state.players[YOU].food - food}
    assert "7" in bubble.text() and "3 food" in bubble.text()


# --- anything else gets a friendly word, and nothing changes ------------------------------------
@pytest.mark.parametrize(
    ("step_id", "proposed", "word"),
    [
        ("place_hunt", "place hunt 3", S.OTHER_COUNT),
        ("place_hunt", "place forest 1", S.OTHER_SPACE),
        ("place_hunt", Place(12, 1), S.OTHER_SPACE),
        ("place_hunt", "resolve hunt", S.FOLLOW_BUBBLE),  # not legal now
        ("place_hunt", "this is no action", S.FOLLOW_BUBBLE),
        ("welcome", "place hunt 2", S.READ_FIRST),
        ("roll_hunt", "roll 12", S.ROLL_NOW),
        ("resolve_toolmaker", "resolve forest", S.OTHER_GROUP),
        ("use_tool", "tools none", S.OTHER_TOOLS),
        ("pay_sand_card", "decline", S.KEEP_BUYING),
        ("pay_fixed", "decline", S.KEEP_BUYING),
        ("pay_variable", "pay 2wood,2brick", S.OTHER_PAYMENT),
        ("pick_item", "pick 3", S.OTHER_PICK),
        ("feed_short", "starve", S.DO_NOT_STARVE),
        ("feed_short", "feed 1wood,1brick", S.OTHER_PAYMENT),
    ],
)
def test_anything_else_gets_a_friendly_word(step_id, proposed, word):
    tutorial = at(step_index(step_id))
    before = (tutorial.index, tutorial.answered, tutorial.state)
    verdict = tutorial.act(proposed)
    assert not verdict.ok and verdict.msgid == word and verdict.text()
    assert (tutorial.index, tutorial.answered, tutorial.state) == before


def test_the_expected_action_is_accepted_as_text_or_as_an_action():
    tutorial = at(step_index("place_hunt"))
    assert tutorial.check("place hunt 2").ok
    assert tutorial.check(Place(3, 2)).ok
    assert tutorial.check("  PLACE hunt 2 ").ok  # the engine's reader is lenient


def test_during_a_follow_up_only_next_moves_on():
    tutorial = at(step_index("roll_hunt"), answered=True)
    assert tutorial.check("roll 6").msgid == S.READ_FIRST


# --- Back, goto and Skip -----------------------------------------------------------------------
def test_goto_rebuilds_every_stop_exactly():
    for index, answered, state in STOPS:
        tutorial = at(index, answered)
        assert (tutorial.index, tutorial.answered) == (index, answered)
        assert tutorial.state == state
        assert tutorial.state.actions_taken() == state.actions_taken()


def test_back_returns_to_the_same_state_as_before():
    tutorial = Tutorial()
    seen = []
    while not tutorial.finished:
        seen.append((tutorial.index, tutorial.answered, tutorial.state))
        tutorial.next()
        settle(tutorial)
    # Back from the end, all the way to the start, meets every step (unanswered) again.
    by_step = {i: state for i, answered, state in seen if not answered}
    visited = []
    while tutorial.back():
        assert tutorial.state == by_step[tutorial.index]
        assert not tutorial.answered
        visited.append(tutorial.index)
    assert visited == sorted(set(visited), reverse=True)
    assert visited[-1] == 0 and set(visited) == set(range(len(STEPS)))


def test_back_from_a_follow_up_undoes_the_action():
    tutorial = at(step_index("use_tool"))
    state = tutorial.state
    tutorial.act("tools 1")
    settle(tutorial)
    assert tutorial.answered
    assert tutorial.back()
    assert tutorial.index == step_index("use_tool") and not tutorial.answered
    assert tutorial.state == state


def test_skip_ends_the_lessons_and_back_returns_to_the_skipped_step():
    tutorial = at(step_index("place_fixed"))
    state = tutorial.state
    tutorial.skip()
    assert tutorial.finished and tutorial.bubble() is None and tutorial.state == state
    assert tutorial.back()
    assert tutorial.index == step_index("place_fixed") and tutorial.state == state


def test_back_is_refused_once_free_play_has_begun():
    tutorial = at(len(STEPS))
    assert tutorial.finished
    assert tutorial.back()  # nothing played since the lessons ended: Back is still possible
    tutorial.goto(len(STEPS))
    assert tutorial.waiting_for_player()  # the table is settled: the player places in round 5
    assert tutorial.act(tutorial.state.legal_actions()[0]).ok
    settle(tutorial)
    assert not tutorial.back()


# --- free play ---------------------------------------------------------------------------------
def finish_game(tutorial: Tutorial, limit: int = 5000) -> None:
    """Play on: the player's seat by an Easy bot of its own, the rest by the match's loop."""
    me = make_bot("easy", 99)
    for _ in range(limit):
        settle(tutorial)
        if tutorial.state.is_terminal():
            return
        assert tutorial.waiting_for_player()
        action = me.choose(tutorial.state.view(YOU))
        assert tutorial.act(action).ok
    raise AssertionError("the game did not end")


def test_after_the_lessons_the_game_goes_on_to_a_legal_end_against_easy_bots():
    tutorial = at(len(STEPS))
    # The lessons leave a settled table: round 5, the player (start player) to place.
    assert tutorial.waiting_for_player() and LessonMatch(tutorial).automatic_action() is None
    assert tutorial.state.round == 5 and tutorial.state.phase == "place"
    finish_game(tutorial)
    state = tutorial.state
    assert state.is_terminal() and state.winners()
    assert state.final_scoring()[YOU]["buildings"] >= 36  # what the lessons built stays
    assert LessonMatch(tutorial).automatic_action() is None


def free_moves(tutorial: Tutorial, count: int) -> None:
    """``count`` turns of free play: the player's first legal move, then the others'."""
    for _ in range(count):
        settle(tutorial)
        if tutorial.state.is_terminal():
            return
        tutorial.act(tutorial.state.legal_actions()[0])
    settle(tutorial)


def test_free_play_is_deterministic():
    first, second = at(len(STEPS)), at(len(STEPS))
    for tutorial in (first, second):
        free_moves(tutorial, 30)
    assert first.state == second.state


def test_free_play_s_easy_bot_decides_as_the_match_driver_s_seed_policy_says():
    """The opponent after the lessons is the match's own bot: the same moves as a plain
    ``Match`` of the lesson's seats and seed makes from the same position."""
    tutorial = at(len(STEPS))
    free_moves(tutorial, 12)
    seats = [Seat("You", "red", HUMAN), Seat("Grok", "blue", BOT, "easy")]
    again = Match(seats, tutorial.seed, tutorial.state, threaded=False)
    for step in tutorial.match.steps:
        if step.actor == 1 and step.before.ply > at(len(STEPS)).state.ply:
            assert again.decide(1, step.before) == step.action


def test_in_free_play_any_legal_move_of_the_player_is_taken_and_others_are_refused():
    tutorial = at(len(STEPS))
    settle(tutorial)
    assert tutorial.check("decline").msgid == S.NOT_POSSIBLE
    legal = tutorial.state.legal_actions()
    assert tutorial.act(legal[-1]).ok
    settle(tutorial)
    if not tutorial.waiting_for_player():
        assert tutorial.check(legal[0]).msgid == S.NOT_YOUR_TURN


# --- saving ------------------------------------------------------------------------------------
def test_saving_round_trips_at_every_stop():
    for index, answered, state in STOPS:
        text = at(index, answered).to_json()
        back = Tutorial.from_json(text)
        assert (back.index, back.answered, back.state) == (index, answered, state)
        bubble = at(index, answered).bubble()
        assert back.bubble() == bubble
        assert json.loads(text)["game"]["actions"] == [str(a) for a in state.actions_taken()]


def test_saving_round_trips_in_free_play():
    tutorial = at(len(STEPS))
    free_moves(tutorial, 20)
    back = Tutorial.from_json(tutorial.to_json())
    assert back.finished and back.state == tutorial.state
    assert not back.back()  # the free play is not thrown away by a Back after a restart


def test_a_save_taken_while_the_lesson_s_moves_are_shown_keeps_where_they_lead():
    tutorial = at(step_index("place_hunt"))
    tutorial.act("place hunt 2")
    settled = at(step_index("place_hunt"))
    settled.act("place hunt 2")
    settle(settled)
    assert tutorial.planned
    assert json.loads(tutorial.to_json()) == json.loads(settled.to_json())


def test_saving_after_skip_keeps_the_game():
    tutorial = at(step_index("pick_item"))
    tutorial.skip()
    back = Tutorial.from_json(tutorial.to_json())
    assert back.finished and back.state == tutorial.state


def test_a_resumed_tutorial_goes_on_exactly_like_the_original():
    tutorial = at(step_index("resolve_forest"))
    resumed = Tutorial.from_json(tutorial.to_json())
    for t in (tutorial, resumed):
        t.next()
        settle(t)
        t.next()
        settle(t)
    assert tutorial.state == resumed.state and tutorial.index == resumed.index


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "[]",
        '{"format": "stoneage-game"}',
        '{"format": "stoneage-tutorial", "version": 2, "step": 0, "answered": false, "game": {}}',
        '{"format": "stoneage-tutorial", "version": 1, "step": -1, "answered": false, "game": {}}',
        '{"format": "stoneage-tutorial", "version": 1, "step": 999, "answered": false, "game": {}}',
        '{"format": "stoneage-tutorial", "version": 1, "step": 3, "answered": 1, "game": {}}',
        '{"format": "stoneage-tutorial", "version": 1, "step": 3, "answered": false}',
        '{"format": "stoneage-tutorial", "version": 1, "step": 48, "answered": false, '
        '"game": {"format": "stoneage-game", "version": 1, "players": 2, "seed": 14, '
        '"actions": ["place hunt 99"]}}',
        '{"format": "stoneage-tutorial", "version": 1, "step": 48, "answered": false, '
        '"game": {"format": "stoneage-game", "version": 1, "players": 3, "seed": 14, '
        '"actions": []}}',
        "x" * (S.MAX_SAVE_BYTES + 1),
    ],
)
def test_a_damaged_save_is_refused_and_restore_starts_afresh(text):
    with pytest.raises(SaveFormatError):
        Tutorial.from_json(text)
    fresh = Tutorial.restore(text)
    assert fresh.index == 0 and fresh.state == Tutorial().state


def test_restore_without_a_save_starts_afresh():
    assert Tutorial.restore(None).index == 0


def test_an_answered_flag_on_a_step_without_follow_up_is_ignored():
    text = at(step_index("welcome")).to_json().replace('"answered":false', '"answered":true')
    tutorial = Tutorial.from_json(text)
    assert tutorial.index == 0 and not tutorial.answered


# --- the package stays off the screen ----------------------------------------------------------
def test_the_tutorial_package_imports_no_pygame_and_no_scenes():
    code = (
        "import sys, stoneage.tutorial; "
        "bad = [m for m in sys.modules if m.split('.')[0] == 'pygame' "
        "or m.startswith(('stoneage.scenes', 'stoneage.ui', 'stoneage.app'))]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
