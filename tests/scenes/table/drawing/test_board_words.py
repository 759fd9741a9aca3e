"""What the board says in words: a space's tooltip counts the figures standing there now, in
every language."""

from __future__ import annotations

import pytest

from stoneage import i18n
from stoneage.rules import data
from stoneage.scenes.table.drawing.pieces import space_tooltip
from tests.scenes.table.controls.test_controls import find_state


def standing(state, space: int) -> int:
    return sum(state.placed[seat][space] for seat in range(state.n))


def emptied(state) -> int | None:
    """A resource space figures stood on this round that is empty again (used already)."""
    if state.phase != "resolve":
        return None
    for space in data.RESOURCE_SPACES:
        if state.occupants[space] and not standing(state, space):
            return space
    return None


@pytest.fixture(params=["en", "zh", "ja"])
def language(request):
    i18n.install_language(request.param)
    yield request.param
    i18n.install_language("en")


def test_an_emptied_resource_space_claims_no_room_from_the_figures_gone(language):
    state = find_state(4, lambda s: emptied(s) is not None)
    space = emptied(state)
    assert state.occupants[space]  # figures stood there this round
    stale = i18n._(
        "{name}: up to 7 figures (room for {room} more). Roll a die per figure: {rule}. "
        "Tools add to the roll."
    )
    words = space_tooltip(state, space)
    assert words
    # Not the room left while the figures stood there ("room for 4 more" on an empty quarry):
    # nobody places again this round, so no room is counted at all.
    room_words = stale.split("{room}")[0].split("{name}")[-1]  # ": up to 7 figures (room for "
    assert room_words not in words


def test_while_placing_the_room_counts_the_figures_standing(language):
    state = find_state(
        4,
        lambda s: (
            s.phase == "place" and any(0 < standing(s, space) < 7 for space in data.RESOURCE_SPACES)
        ),
    )
    space = next(s for s in data.RESOURCE_SPACES if 0 < standing(state, s) < 7)
    room = data.RESOURCE_SPACE_CAPACITY - standing(state, space)
    assert str(room) in space_tooltip(state, space)
