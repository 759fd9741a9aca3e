"""The public interface: names, text forms, errors, chance, views, saves, purity."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction

import pytest

from stoneage.rules import (
    CHANCE,
    TERMINAL,
    ActionError,
    ActionTextError,
    GameState,
    IllegalActionError,
    SaveFormatError,
    new_game,
    parse_action,
    sample_chance,
    seeded_rng,
)

from .conftest import play, random_positions, start, with_player


def random_game(n: int, seed: int) -> GameState:
    """The end of a seeded game of random legal moves."""
    return random_positions(n, seed)[-1]


def test_importing_the_rules_does_not_import_pygame():
    code = "import sys, stoneage.rules; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_new_game_starts_with_chance_reveals_of_the_display():
    state = new_game(3, seed=5)
    assert state.current_player() == CHANCE and state.pending.as_tuple() == ("reveal_card", 0)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == 1
    assert all(p == Fraction(1, 36) for _, p in outcomes)


@pytest.mark.parametrize("bad", [1, 5, "4", None, 2.0, True])
def test_new_game_rejects_a_wrong_number_of_players(bad):
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_game(bad)


def test_dice_sums_have_exact_probabilities():
    state = play(with_player(start(2), 0, people=3), "place hunt 3", "place forest 5")
    outcomes = {str(a): p for a, p in state.chance_outcomes()}
    assert outcomes["roll 3"] == Fraction(1, 216) and outcomes["roll 10"] == Fraction(27, 216)
    assert sum(outcomes.values()) == 1 and len(outcomes) == 16


def test_sample_chance_follows_the_probabilities():
    state = play(with_player(start(2), 0, people=2), "place hunt 2", "place forest 5")  # two dice
    rng = random.Random(3)
    counts: dict[str, int] = {}
    for _ in range(36_000):
        text = str(sample_chance(state, rng))
        counts[text] = counts.get(text, 0) + 1
    assert 5_500 < counts["roll 7"] < 6_500 and 700 < counts["roll 2"] < 1_300


def test_sample_chance_outside_a_chance_node_is_an_error(four):
    with pytest.raises(IllegalActionError, match="not a chance node"):
        sample_chance(four, random.Random(1))


def test_text_form_round_trips_for_every_legal_action():
    rng = random.Random(11)
    state = new_game(4, seed=11)
    for _ in range(600):
        if state.is_terminal():
            break
        for action in state.legal_actions():
            assert parse_action(state, str(action)) == action
        state = state.apply(
            sample_chance(state, rng)
            if state.current_player() == CHANCE
            else rng.choice(state.legal_actions())
        )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump",
        "place",
        "place volcano 2",
        "place hunt x",
        "place hunt 99",
        "pay 3food",
        "tools 9",
        "roll",
        "x" * 500,
        "place hunt 2 extra",
    ],
)
def test_parse_action_of_nonsense_raises(four, text):
    """Text that is no action is told apart from an illegal action: its own error class, under
    the base both share."""
    with pytest.raises(ActionTextError) as caught:
        parse_action(four, text)
    assert "seat 0" in str(caught.value)
    assert isinstance(caught.value, ActionError)
    assert not isinstance(caught.value, IllegalActionError)


def test_an_action_read_but_not_legal_here_is_an_illegal_action(four):
    with pytest.raises(IllegalActionError) as caught:
        parse_action(four, "place hut 1")
    assert isinstance(caught.value, ActionError)
    assert not isinstance(caught.value, ActionTextError)


def test_illegal_action_names_action_seat_and_reason_and_leaves_the_state(four):
    before = four._key()
    with pytest.raises(IllegalActionError) as caught:
        four.apply("place hut 1")
    error = caught.value
    assert isinstance(error, ValueError)
    assert (
        "'place hut 1'" in str(error)
        and "seat 0" in str(error)
        and "exactly 2 figures" in str(error)
    )
    assert error.template and error.reason == error.template.format(**error.params)
    assert four._key() == before


def test_wrong_seat_is_rejected(four):
    with pytest.raises(IllegalActionError, match="not this seat's turn"):
        four.apply("place hunt 2", seat=2)
    assert four.apply("place hunt 2", seat=0).current_player() == 1


def test_wrong_phase_and_chance_outcomes_at_a_decision_are_rejected(four):
    with pytest.raises(IllegalActionError, match="outcome of chance"):
        four.apply("roll 7")
    with pytest.raises(IllegalActionError, match="now is the placement of figures"):
        four.apply("decline")
    with pytest.raises(IllegalActionError, match="dice or a face-down card decide"):
        new_game(2).apply("place hunt 1")


def test_malformed_action_objects_are_rejected(four):
    for junk in (None, 42, ("place", 3), object()):
        with pytest.raises(ActionTextError, match="not an action"):
            four.apply(junk)  # type: ignore[arg-type]


def test_text_of_a_str_subclass_is_read_as_text(four):
    class Text(str):
        pass

    assert four.apply(Text("place hunt 3")) == four.apply("place hunt 3")


def test_apply_leaves_its_input_usable(four):
    after = four.apply("place hunt 3")
    assert four.current_player() == 0 and four.available_people(0) == 5
    assert after.available_people(0) == 2
    assert four.apply("place forest 2").placed[0][4] == 2


def test_terminal_state_has_no_actions_and_a_scoring():
    state = random_game(2, 4)
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    rows = state.final_scoring()
    assert len(rows) == 2 and all(
        row["total"] == sum(v for k, v in row.items() if k != "total") for row in rows
    )
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply("place hunt 1")


def test_json_round_trip_and_replay_give_equal_states():
    state = random_game(3, 21)
    text = state.to_json()
    assert json.loads(text)["version"] == 1
    again = GameState.from_json(text)
    assert again == state and again.final_scoring() == state.final_scoring()
    replay = new_game(3, seed=21)
    for action in state.actions_taken():
        replay = replay.apply(str(action))
    assert replay == state


def test_each_state_keeps_its_own_history_when_play_branches():
    """The actions are kept in a list shared along a line of play; applying to an older
    state (a search, undo) must not change what any other state reports."""
    root = play(start(3), "place hunt 2")
    before = root.actions_taken()
    first = root.apply("place forest 1")
    second = root.apply("place claypit 1")  # the same state again: a second line
    deeper = first.apply(first.legal_actions()[0])
    third = root.apply("place forest 1")
    assert root.actions_taken() == before and root.last_action() == before[-1]
    assert first.actions_taken() == before + [first.last_action()]
    assert str(first.last_action()) == "place forest 1"
    assert str(second.last_action()) == "place claypit 1"
    assert second.actions_taken()[:-1] == before
    assert deeper.actions_taken()[:-1] == first.actions_taken()
    assert third.actions_taken() == first.actions_taken()
    assert GameState.from_json(second.to_json()) == second
    assert new_game(2).last_action() is None and root.view(0).last_action() is None


def test_threads_applying_to_one_state_each_keep_their_own_history():
    """Two threads extending the same newest state: each result reads back its own action."""
    import threading

    root = play(start(4), "place hunt 2")
    texts = ["place forest 1", "place claypit 1", "place quarry 1", "place river 1"]
    results: dict[str, GameState] = {}
    go = threading.Barrier(len(texts))

    def extend(text: str) -> None:
        go.wait()
        state = root.apply(text)
        for _ in range(200):  # keep extending the line this thread started
            state = state.apply(state.legal_actions()[-1])
            if state.is_terminal() or state.is_chance_node():
                break
        results[text] = state

    threads = [threading.Thread(target=extend, args=(text,)) for text in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    base = root.actions_taken()
    for text, state in results.items():
        taken = state.actions_taken()
        assert taken[: len(base)] == base and str(taken[len(base)]) == text
        assert len(taken) == state.ply


def test_sample_chance_draws_what_randrange_would_draw():
    """``sample_chance`` draws its number as ``Random.randrange`` does (spelled out for
    speed): the same seeds give the same games as before, on this Python."""
    from stoneage.rules.state import _draw_below

    for n in [1, 2, 3, 6, 7, 36, 216, 1296, 7776, 2**31 + 5]:
        ours, theirs = random.Random(n), random.Random(n)
        assert [_draw_below(ours, n) for _ in range(200)] == [
            theirs.randrange(n) for _ in range(200)
        ]

    class Biased(random.Random):
        def randrange(self, *args: object, **kwargs: object) -> int:
            return 0

    assert _draw_below(Biased(1), 1000) == 0  # another generator is asked to draw itself


def test_json_of_a_game_in_progress_resumes_at_the_same_decision():
    state = play(start(4), "place hunt 2", "place forest 3")
    again = GameState.from_json(state.to_json())
    assert again == state and again.legal_actions() == state.legal_actions()
    assert seeded_rng(again).random() == seeded_rng(state).random()


@pytest.mark.parametrize(
    "text,reason",
    [
        ("", "not valid JSON"),
        (
            '{"format": "stoneage-game", "version": 1, "players": 2, "seed": 1, "actions": ["card G0',
            "not valid JSON",
        ),
        ("[1, 2]", "not a Stone Age saved game"),
        ('{"format": "stoneage-game", "version": 99}', "version 99"),
        (
            '{"format": "stoneage-game", "version": 1, "players": "4", "seed": 1, "actions": []}',
            "number of players",
        ),
        (
            '{"format": "stoneage-game", "version": 1, "players": 4, "seed": "x", "actions": []}',
            "invalid seed",
        ),
        (
            '{"format": "stoneage-game", "version": 1, "players": 4, "seed": 1, "actions": {"a": 1}}',
            "list of actions",
        ),
        (
            '{"format": "stoneage-game", "version": 1, "players": 4, "seed": 1, "actions": ["place hunt 3"]}',
            "cannot be replayed",
        ),
        (
            '{"format": "stoneage-game", "version": 1, "players": 2, "seed": 1, "actions": ["__import__(\\"os\\")"]}',
            "cannot be replayed",
        ),
        ("[" * 100_000, "not valid JSON"),
    ],
)
def test_damaged_or_hostile_saves_raise_a_clear_error(text, reason):
    with pytest.raises(SaveFormatError, match=reason):
        GameState.from_json(text)


def test_a_view_hides_the_seed_history_and_others_extra_cards():
    state = random_game(4, 9)
    view = state.view(1)
    assert view.seed is None
    with pytest.raises(ValueError):
        view.actions_taken()
    for seat, player in enumerate(view.players):
        if seat != 1:
            assert set(player.extras) <= {"?"}
    assert view.deck_size == state.deck_size


def test_a_view_is_playable_and_agrees_on_the_legal_actions():
    rng = random.Random(2)
    state = new_game(4, seed=2)
    for _ in range(300):
        if state.is_terminal():
            break
        seat = state.current_player()
        if seat >= 0:
            assert state.view(seat).legal_actions() == state.legal_actions()
            state = state.apply(rng.choice(state.legal_actions()))
        else:
            state = state.apply(sample_chance(state, rng))


def test_the_package_docstring_example_runs():
    import doctest

    import stoneage.rules

    failures, tried = doctest.testmod(stoneage.rules)
    assert tried > 0 and failures == 0
