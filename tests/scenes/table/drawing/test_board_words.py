"""What the board says in words: a space's tooltip counts the figures standing there now, in
every language."""

from __future__ import annotations

import pygame
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


def test_no_board_tooltip_shows_through_the_dice_the_bots_pick_from(app):
    """While a bot picks from the dice for items, their dialog lies over the board for
    everyone to see: the space under it has no tooltip there."""
    from stoneage.play.seats import Seat
    from stoneage.rules import PickItemDie
    from stoneage.scenes.table.scene import TableScene

    state = find_state(
        4, lambda s: isinstance(s.decision(), PickItemDie) and s.decision().seat != 0
    )
    seats = [Seat("You", "red", "human")] + [
        Seat(name, colour, "bot", "easy")
        for name, colour in (("B", "blue"), ("C", "green"), ("D", "yellow"))
    ]
    scene = TableScene(app, seats, seed=1, threaded=False)
    app.push(scene)
    scene.match.match.state = state
    scene.painter.refresh()  # drawn as it is, before the bot's pick is applied
    dialog = scene.painter.watching
    assert dialog is not None and dialog.area is not None
    under = [
        rect.clip(dialog.area).center
        for rect in scene.lay.spaces.values()
        if rect.colliderect(dialog.area)
    ]
    assert under
    for pos in under:
        scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        assert scene.painter.tooltip() == "", pos


def test_a_resting_pointer_s_tooltip_follows_the_board(app):
    """The pointer rests on the quarry; figures are put there: the tooltip on screen is
    redrawn with the new room at once (it stayed out of date)."""
    from stoneage.rules import Place
    from stoneage.scenes.table.scene import TableScene
    from tests.scenes.table.controls.test_controls import humans, show

    quarry = data.RESOURCE_SPACES[2]
    state = find_state(
        4,
        lambda s: (
            s.phase == "place" and s.pending is None and Place(quarry, 2) in s.legal_actions()
        ),
    )
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    pos = scene.lay.spaces[quarry].center
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.painter.refresh()
    before, box = scene.painter._tip
    room = data.RESOURCE_SPACE_CAPACITY - standing(state, quarry)
    assert f"room for {room} more" in before
    scene.match.match.state = state.apply(Place(quarry, 2))
    damage = scene.painter.refresh()
    after, _box = scene.painter._tip
    assert f"room for {room - 2} more" in after
    assert any(area.contains(box) for area in damage)  # the old words are painted over


def test_in_the_lesson_the_tooltip_drawn_is_the_one_followed(app):
    """The lesson draws its own tooltip (only over what its bubble lights): when the next
    bubble no longer lights the space under the resting pointer, that tooltip is painted over
    at once."""
    from stoneage.scenes.table.lesson.guided import lesson_table
    from stoneage.tutorial import step_index

    scene = lesson_table(app, threaded=False)
    app.push(scene)
    scene.layer.show_step(step_index("place_hunt"))
    for _ in range(5):
        app.step(block=False)
    pos = scene.lay.spaces[data.HUNT].center
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.painter.refresh()
    shown, _box = scene.painter._tip
    assert shown and shown == scene.layer.tooltip()
    scene.layer.show_step(step_index("place_hut"))
    for _ in range(2):
        app.step(block=False)
    assert scene.layer.tooltip() == ""  # the hunting grounds are dimmed now
    assert scene.painter._tip[0] == ""


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", [2, 4])
def test_the_card_prices_share_one_readable_size(app, language, size, seats):
    from stoneage.scenes.table.drawing.board import cost_label_rect, cost_labels
    from stoneage.ui import assets
    from stoneage.ui.layout import MIN_SMALL, table_layout

    lay = table_layout(size, seats)
    labels, font = cost_labels(lay)
    assert font >= MIN_SMALL
    assert font == lay.fonts.small  # not shrunk at all where the band has room
    assert len(set(labels)) == 4
    for space, label in zip(data.CARD_SPACES, labels):
        assert assets.text_width(label, font, True) <= cost_label_rect(lay, space).width
