"""The wire form of a view: it round-trips, it rebuilds the legal actions and the placement
board, it never carries the full state, and it refuses anything that is not a view."""

from __future__ import annotations

import copy
import json
import random

import pytest

from stoneage.rules import (
    CHANCE,
    SPECTATOR,
    DrawExtra,
    WireFormatError,
    action_from_text,
    new_game,
    sample_chance,
    spectator_view,
    view_from_wire,
    view_to_wire,
)

from .conftest import random_positions


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_view_of_a_game_round_trips_through_json(n: int) -> None:
    for state in random_positions(n, 100 + n):
        for viewer in [*range(n), SPECTATOR]:
            view = state.view(viewer)
            text = json.dumps(view_to_wire(view))
            back = view_from_wire(json.loads(text))
            assert back == view
            assert back.legal_actions() == view.legal_actions()
            assert back.decision() == view.decision()
            # The placement board the rules keep: the whole of it while figures are placed
            # (what is open is derived from it; the engine counts the occupants off the rows
            # until the placement ends), what stands where at any time.
            if view.placing():
                assert back._board.key()[1:] == view._board.key()[1:]
            assert (back.occupants, back.occupant_mask) == (view.occupants, view.occupant_mask)
            assert back.final_scoring() == view.final_scoring()


def test_the_full_state_never_goes_on_the_wire() -> None:
    state = new_game(3, seed=5)
    with pytest.raises(ValueError):
        view_to_wire(state)
    wire = view_to_wire(state.view(0))
    assert "seed" not in wire and "history" not in wire


def test_a_spectator_sees_no_extra_card() -> None:
    for state in random_positions(4, 9):
        for p in spectator_view(state).players:
            assert all(card == "?" for card in p.extras)


def test_a_view_from_the_wire_plays_on_like_the_view() -> None:
    states = random_positions(2, 3)
    for before in states:
        if before.current_player() < 0:
            continue
        seat = before.current_player()
        view = view_from_wire(view_to_wire(before.view(seat)))
        for legal in view.legal_actions()[:3]:
            assert view.apply(legal) == before.view(seat).apply(legal)


def _mutations(wire: dict[str, object]) -> list[object]:
    bad: list[object] = [None, 3, "x", [], {"wire": 2}]
    for key in wire:
        for value in (None, "x", -5, 10**9, [1] * 500, {"a": 1}, [None], True, 1.5):
            changed = copy.deepcopy(wire)
            changed[key] = value
            bad.append(changed)
        dropped = copy.deepcopy(wire)
        del dropped[key]
        bad.append(dropped)
    return bad


def test_anything_else_is_refused_with_wire_format_error() -> None:
    state = random_positions(4, 11)[150]
    wire = view_to_wire(state.view(1))
    refused = 0
    for bad in _mutations(wire):
        try:
            view_from_wire(bad)
        except WireFormatError:
            refused += 1
    # A few mutations are harmless (a value the field may take); the rest are refused and
    # none raises anything else.
    assert refused > 100


def test_hostile_players_and_pending_steps_are_refused() -> None:
    wire = view_to_wire(random_positions(3, 2)[40].view(0))
    for pending in (
        ["roll"],
        ["roll", 4, "x"],
        ["nope", 1],
        ["items_pick", [9], 0, 0],
        [1],
        ["tools", 4, 9],
        ["tools", 4, 9, 1],
        ["tools", 4, 999, False],
    ):
        bad = copy.deepcopy(wire)
        bad["pending"] = pending
        with pytest.raises(WireFormatError):
            view_from_wire(bad)
    bad = copy.deepcopy(wire)
    bad["players"][0]["cards"] = ["ZZZ"]
    with pytest.raises(WireFormatError):
        view_from_wire(bad)
    bad = copy.deepcopy(wire)
    bad["deck"] = list(reversed(bad["deck"]))
    with pytest.raises(WireFormatError):
        view_from_wire(bad)


def test_action_text_reads_without_a_state() -> None:
    assert action_from_text("extra ?") == DrawExtra("?")
    assert str(action_from_text("place hunt 3")) == "place hunt 3"
    with pytest.raises(ValueError):
        action_from_text("fly away")


@pytest.mark.parametrize(("n", "seed"), [(2, 5), (3, 6), (4, 7), (4, 8)])
def test_a_view_follows_every_step_its_seat_may_know(n: int, seed: int) -> None:
    """A network client applies each step's action to the view it has, and gets the view the
    host would have sent (the host sends one only where the seat cannot know the action:
    another seat's face-down draw): whole games, every seat and a spectator."""
    rng = random.Random(seed)
    state = new_game(n, seed=seed)
    listeners = [*range(n), SPECTATOR]
    views = {who: view_from_wire(view_to_wire(state.view(who))) for who in listeners}
    followed = sent = 0
    while not state.is_terminal():
        action = (
            sample_chance(state, rng)
            if state.current_player() == CHANCE
            else rng.choice(state.legal_actions())
        )
        owner = state.decision().owner if isinstance(action, DrawExtra) else None
        state = state.apply(action)
        for who in listeners:
            expected = view_to_wire(state.view(who))
            if owner is not None and owner != who:
                views[who] = view_from_wire(expected)  # the host sends this one
                sent += 1
                continue
            views[who] = views[who].apply(action)
            assert view_to_wire(views[who]) == expected, (state.ply, who, str(action))
            followed += 1
    assert followed > 1000 * len(listeners) // 2 and sent < followed / 100
