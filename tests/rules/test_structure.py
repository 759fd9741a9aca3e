"""The state's class layers: one set of slots, and a handler for every kind of action."""

from __future__ import annotations

from typing import get_args

from stoneage.rules import Action, GameState, new_game
from stoneage.rules.core import StateCore
from stoneage.rules.transitions import HANDLERS, Transitions


def test_every_kind_of_action_has_its_handler() -> None:
    kinds = get_args(Action)
    tags = {kind._field_defaults["tag"] for kind in kinds}
    assert len(tags) == len(kinds)  # the tag tells the kinds apart
    assert set(HANDLERS) == tags
    for kind in kinds:
        handler = HANDLERS[kind._field_defaults["tag"]]
        assert handler.__annotations__["action"] == kind.__name__


def test_the_slots_are_declared_once_and_a_state_has_no_dict() -> None:
    # Slots on the base only: the same layout (and copy cost) as one class, and no __dict__
    # that a class without __slots__ in the chain would add to every state.
    assert GameState.__slots__ == () and Transitions.__slots__ == ()
    assert set(StateCore.__slots__) == set(StateCore.__annotations__)
    state = new_game(3, seed=5)
    assert not hasattr(state, "__dict__")
    after = state.apply(state.legal_actions()[0])
    assert not hasattr(after, "__dict__")
