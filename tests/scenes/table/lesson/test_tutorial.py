"""Learn to play through the real table: the whole lesson by injected mouse events in each
language (every expected move legal in the engine where it is asked for), refused moves and
their friendly word, Back and Skip, leaving and resuming at the same step, the first-start
offer and the first-game tips of an ordinary game."""

from __future__ import annotations

import json
import re
import time

import pygame
import pytest

from stoneage import i18n
from stoneage.app import App
from stoneage.records.lesson import lesson_path, read_lesson
from stoneage.records.settings import load_settings
from stoneage.rules import Place, parse_action
from stoneage.rules.nodes import REVEAL_CARD, REVEAL_TILE
from stoneage.scenes.kit.confirm import ConfirmScene
from stoneage.scenes.table.drawing.tooltips import tooltip_at
from stoneage.scenes.table.lesson.coach import place_bubble, target_rects
from stoneage.scenes.table.lesson.guided import lesson_table
from stoneage.scenes.table.lesson.lesson import Lesson
from stoneage.scenes.table.lesson.opening import first_start_offer, saved_lesson
from stoneage.scenes.table.scene import TableScene
from stoneage.tutorial import STEPS, TARGETS, Tutorial, step_index
from stoneage.ui.layout import table_layout
from tests.scenes import apps
from tests.scenes.conftest import SIZE
from tests.scenes.hands import click, drag, perform

LANGS = ("en", "zh", "ja")
SETTLE_SECONDS = 10.0
REFILLING = (REVEAL_CARD, REVEAL_TILE)  # cards or buildings still to be turned up


@pytest.fixture
def open_app():
    """Open an app in a language at instant speed; every window closed afterwards."""
    opened: list[App] = []

    def make(lang: str = "en", size: tuple[int, int] = SIZE) -> App:
        app = apps.open_app(size, seed=1, language=lang)
        opened.append(app)
        return app

    yield make
    apps.close_apps(*opened)
    i18n.install_language("en")


def start_lesson(app: App, tutorial: Tutorial | None = None) -> TableScene:
    scene = lesson_table(app, tutorial, threaded=False)
    app.push(scene)
    settle(app, scene)
    return scene


def settle(app: App, scene: TableScene) -> None:
    """Run the loop until the table shows the lesson's state and the bubble is up (or the
    lessons are over and the player decides)."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while time.monotonic() < deadline:
        app.step(block=False)
        lesson = scene.layer
        assert lesson is not None
        if lesson.running and lesson.ready() and lesson.coach.view is not None:
            return
        if not lesson.running and scene.match.human_to_act() is not None and scene.hands.controls:
            return
    raise AssertionError("the lesson did not settle")


def press_coach(app: App, scene: TableScene, name: str) -> None:
    """Click one of the bubble's buttons (coach_back, coach_skip, coach_next)."""
    button = next(b for b in scene.layer.coach.buttons if b.name == name)
    assert button.enabled, f"{name} is disabled"
    click(app, button.rect.center)


def play_lesson_by_mouse(app: App, scene: TableScene) -> list[tuple[str, str, str]]:
    """Every step by hand: the expected move by drag, click or dialog; Next on the others.
    Returns the bubbles seen, in order: (step id, kind, text)."""
    seen: list[tuple[str, str, str]] = []
    while scene.layer.running:
        tutorial, state = scene.layer.tutorial, scene.match.state
        bubble, view = tutorial.bubble(), scene.layer.coach.view
        assert bubble is not None and view is not None
        assert state == tutorial.state, f"the table lags behind at {bubble.step_id}"
        seen.append((bubble.step_id, bubble.kind, view.message))
        # The table as a player sees it then: settled (no display slot waiting to be refilled)
        # and, while a follow-up explains the move, no next dialog over what it talks about.
        assert state.pending is None or state.pending.kind not in REFILLING, bubble.step_id
        if bubble.kind == "follow":
            assert not scene.hands.controls and scene.hands.popup is None, bubble.step_id
        # The bubble leaves the turn banner's hint line readable (unless it points up there).
        status = scene.lay.status
        if not any(r.colliderect(status.rect) for r in view.lit):
            assert not scene.layer.coach.rect.colliderect(status.hint), bubble.step_id
        before = (tutorial.index, tutorial.answered)
        expected = tutorial.expected()
        if expected is None:
            press_coach(app, scene, "coach_next")
        else:
            action = parse_action(state, expected)  # raises if it is not legal now
            assert action in state.legal_actions(), f"{bubble.step_id}: {expected} not legal"
            if bubble.kind == "roll":
                click(app, view.lit[0].center)  # the dice on the lit space
            else:
                assert action in scene.offered(), f"{bubble.step_id}: the table lacks {expected}"
                perform(app, action)
        settle(app, scene)
        assert (tutorial.index, tutorial.answered) != before, f"{bubble.step_id} did not move on"
    return seen


@pytest.mark.parametrize("lang", LANGS)
def test_the_whole_lesson_by_mouse_to_the_final_tally(lang, open_app):
    app = open_app(lang)
    scene = start_lesson(app)
    tutorial = scene.layer.tutorial
    tally_at = step_index("tally")
    seen = play_lesson_by_mouse(app, scene)
    assert len(seen) == len(STEPS) + sum(1 for s in STEPS if s.follow)
    # The tally shows the engine's final scoring of the player's own position.
    total = Tutorial()
    total.goto(tally_at)
    points = total.state.final_scoring()[0]["total"]
    tally = [text for step_id, _kind, text in seen if step_id == "tally"]
    assert len(tally) == 1 and re.search(rf"(?<!\d){points}(?!\d)", tally[0]), (points, tally)
    assert [step_id for step_id, kind, _text in seen if kind != "follow"] == [s.id for s in STEPS]
    # Free play: a normal game against the Easy bot, saved as the ordinary autosave.
    assert tutorial.finished and scene.layer.coach.view is None
    assert scene.seats[1].level == "easy"
    app.step(block=False)
    scene.keeper.flush()
    assert not lesson_path().exists()
    assert app.records.autosave.read() is not None


def test_a_wrong_move_is_refused_with_a_friendly_word(open_app):
    app = open_app()
    scene = start_lesson(app, at("place_hunt"))
    state = scene.match.state
    control = scene.hands.controls[0]
    drag(app, control.grab.center, scene.lay.spaces[4].center)  # the forest, not the hunt
    settle(app, scene)
    assert scene.match.state is state and scene.layer.tutorial.index == step_index("place_hunt")
    assert scene.layer.coach.view is not None and scene.layer.coach.view.friendly
    assert not scene.hands.error  # a friendly word in the bubble, not the engine's error
    perform(app, Place(3, 2))
    settle(app, scene)
    assert scene.layer.tutorial.index == step_index("place_hut")
    assert scene.layer.coach.view.friendly == ""


def test_a_move_on_a_step_to_read_asks_for_next(open_app):
    app = open_app()
    scene = start_lesson(app)
    perform(app, Place(3, 1))
    settle(app, scene)
    assert scene.layer.tutorial.index == 0 and scene.layer.coach.view.friendly


def test_back_skip_and_next_from_the_bubble(open_app):
    app = open_app()
    scene = start_lesson(app, at("roll_hunt"))
    assert scene.layer.coach.view.lit[0] == scene.lay.spaces[3]  # the dice wait on the hunt
    press_coach(app, scene, "coach_next")  # Next rolls for the player
    settle(app, scene)
    assert scene.layer.tutorial.answered
    press_coach(app, scene, "coach_back")
    settle(app, scene)
    assert (scene.layer.tutorial.index, scene.layer.tutorial.answered) == (
        step_index("roll_hunt"),
        False,
    )
    assert scene.match.state == scene.layer.tutorial.state
    press_coach(app, scene, "coach_back")
    settle(app, scene)
    assert scene.layer.tutorial.index == step_index("roll_hunt") - 1
    press_coach(app, scene, "coach_skip")
    app.step(block=False)
    assert not scene.layer.running and scene.layer.coach.view is None
    assert scene.tips.enabled


def test_leaving_and_coming_back_resumes_at_the_same_step(open_app):
    app = open_app()
    app.push(app.make_scene("title"))
    scene = start_lesson(app, at("use_tool"))
    app.push(app.make_scene("pause"))
    pause = app.top
    click(app, next(b for b in pause.buttons if b.name == "leave").rect.center)
    assert not any(isinstance(s, TableScene) for s in app.stack)
    stored = json.loads(read_lesson() or "{}")
    assert stored["step"] == step_index("use_tool")
    assert saved_lesson() is not None
    title = app.top
    click(app, next(b for b in title.buttons if b.name == "learn").rect.center)
    question = app.top
    assert isinstance(question, ConfirmScene)
    click(app, next(b for b in question.buttons if b.name == "resume_lesson").rect.center)
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed.layer is not None and resumed is not scene
    settle(app, resumed)
    assert resumed.layer.tutorial.index == step_index("use_tool")
    assert resumed.match.state == scene.layer.tutorial.state
    view = resumed.layer.coach.view
    assert view is not None and view.lit  # the tools dialog


def test_a_damaged_lesson_file_starts_afresh(open_app):
    lesson_path().parent.mkdir(parents=True, exist_ok=True)
    lesson_path().write_text("{not json", encoding="utf-8")
    assert saved_lesson() is None
    app = open_app()
    app.push(app.make_scene("title"))
    app.push(app.make_scene("learn"))
    lesson = app.top
    assert isinstance(lesson, TableScene) and isinstance(lesson.layer, Lesson)
    assert lesson.layer.tutorial.index == 0


def test_learn_to_play_is_offered_once_on_the_first_start(open_app):
    app = open_app()
    app.push(app.make_scene("title"))
    offer = first_start_offer(app)
    assert isinstance(offer, ConfirmScene)
    assert load_settings().tutorial_offered
    assert first_start_offer(app) is None
    app.push(offer)
    click(app, next(b for b in offer.buttons if b.name == "learn").rect.center)
    assert isinstance(app.top, TableScene) and app.top.layer is not None


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_every_target_names_a_rect_and_the_bubble_keeps_off_it(size):
    lay = table_layout(size, 2)
    tutorial = Tutorial()
    named = {s.target for s in STEPS}
    assert named <= TARGETS
    for target in sorted(named - {"dice", "button:next"} - {t for t in named if "dialog" in t}):
        rects = target_rects(lay, tutorial.state, target)
        assert rects, target
        bubble = place_bubble((round(size[0] * 0.36), 150), rects, pygame.Rect(0, 0, *size), 20)
        assert not bubble.colliderect(rects[0]), target
        assert pygame.Rect(0, 0, *size).contains(bubble)


def test_a_first_game_tip_shows_once_and_tips_can_be_off(app):
    from stoneage.play.seats import Seat

    seats = [Seat("You", "red", "human"), Seat("Bot", "blue", "bot", "easy")]
    two_village_spaces_used = at("village_closed").state  # an ordinary game from here on
    scene = TableScene(app, seats, seed=14, state=two_village_spaces_used, threaded=False)
    app.push(scene)
    for _ in range(50):
        app.step(block=False)
        if scene.hands.controls:
            break
    assert scene.tips.showing and scene.tips.tip.id == "village_closed"
    assert "village" in scene.tips.text
    shown = list(app.settings.tips_shown)
    assert shown == ["village_closed"] and load_settings().tips_shown == shown
    first = shown[0]
    click(app, scene.tips.rect.center)  # closes it; the click still reaches the table
    assert not scene.tips.showing
    scene.tips.consider(scene.lay, scene.match.state, 0)
    assert scene.tips.tip is None or scene.tips.tip.id != first  # never twice
    app.settings.tips = False
    scene.tips.close()
    assert not scene.tips.consider(scene.lay, scene.match.state, 0)


def at(step_id: str, answered: bool = False) -> Tutorial:
    """A tutorial at the step named ``step_id``."""
    tutorial = Tutorial()
    tutorial.goto(step_index(step_id), answered)
    return tutorial


def test_with_animations_the_bubble_waits_for_the_moves_to_be_shown(open_app):
    """At an animated speed the opponent's moves and the dice the lesson plays are shown one
    by one (the bubble hidden meanwhile), and the table ends on the lesson's own state."""
    app = open_app()
    app.settings.animation = "fast"
    scene = start_lesson(app, at("place_forest"))
    perform(app, Place(4, 1))
    hidden = 0
    deadline = time.monotonic() + SETTLE_SECONDS
    while not scene.layer.ready() and time.monotonic() < deadline:
        app.step(block=False)
        hidden += scene.layer.coach.view is None
    settle(app, scene)
    assert hidden > 0 and scene.layer.tutorial.bubble().kind == "roll"
    assert scene.match.state == scene.layer.tutorial.state
    text, seat = scene.painter.banner(scene.match.state)
    assert seat == 0 and "rolls" not in text
    click(app, scene.layer.coach.view.lit[0].center)  # the roll is shown before its explanation
    assert bool(scene.layer.tutorial.planned) or scene.timeline.busy
    settle(app, scene)
    assert scene.layer.tutorial.answered and scene.match.state == scene.layer.tutorial.state


def move_to(app: App, pos: tuple[int, int]) -> None:
    """Move the pointer to ``pos`` (no button held) and let the app handle it."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    )
    app.step(block=False)


def test_under_a_bubble_a_tooltip_shows_only_over_the_lit_target(open_app):
    """After a click on Next the pointer rests where Next was; the next bubble's dimmed table
    gives no tooltip there, and once the pointer moves only the lit target has one."""
    app = open_app(size=(1024, 640))
    scene = start_lesson(app, at("one_group"))
    next_button = next(b for b in scene.layer.coach.buttons if b.name == "coach_next").rect
    press_coach(app, scene, "coach_next")
    settle(app, scene)
    view = scene.layer.coach.view
    assert scene.layer.tutorial.step.id == "place_forest" and view is not None
    assert scene.mouse == next_button.center and not view.lit[0].collidepoint(scene.mouse)
    assert scene.layer.tooltip() == ""  # resting where Next was, over the dimmed table
    opponent = scene.lay.panels[1]
    spot = (opponent.centerx, opponent.bottom - scene.lay.margin * 2)
    assert not any(rect.collidepoint(spot) for rect in view.lit + (scene.layer.coach.rect,))
    assert tooltip_at(scene.lay, scene.shown, scene.seats, spot)  # a normal game has one
    move_to(app, spot)
    assert scene.layer.tooltip() == ""  # the opponent's board is dimmed: no summary over it
    forest = view.lit[0]
    move_to(app, forest.center)
    assert scene.layer.tooltip() == tooltip_at(scene.lay, scene.shown, scene.seats, forest.center)
    assert scene.layer.tooltip()
    app.draw()  # the tooltip is drawn over the lit target


def test_a_new_bubble_waits_for_the_pointer_to_move_before_a_tooltip(open_app):
    app = open_app(size=(1024, 640))
    scene = start_lesson(app, at("place_hunt"))
    hunt = scene.layer.coach.view.lit[0]
    move_to(app, hunt.center)
    assert scene.layer.tooltip()
    perform(app, Place(3, 2))  # the drop ends on the hunt: the next bubble comes up there
    settle(app, scene)
    assert scene.layer.tutorial.step.id == "place_hut"
    scene.mouse = hunt.center
    assert scene.layer.tooltip() == ""  # not until the pointer moves under this bubble


@pytest.mark.parametrize(
    ("step_id", "shown"),
    [("welcome", False), ("figures", False), ("village_closed", False), ("place_hunt", True)],
)
def test_the_figure_stepper_shows_only_when_the_lesson_asks_for_a_placement(
    step_id, shown, open_app
):
    app = open_app()
    scene = start_lesson(app, at(step_id))
    placing = scene.hands.placing()
    assert placing is not None and placing.carry_shown is shown
    plus = placing.buttons[1]
    assert (plus in scene.painter.all_buttons()) is shown  # no tooltip, no click when hidden
    click(app, plus.rect.center)
    assert placing.carry == (2 if shown else 1)


def test_the_stepper_is_hidden_during_the_scoring_steps(open_app):
    app = open_app()
    scene = start_lesson(app, at("score_buildings"))
    placing = scene.hands.placing()
    assert placing is not None and not placing.carry_shown


def test_the_dice_to_roll_show_no_faces_until_rolled(open_app, monkeypatch):
    """On a roll step the dice waiting on the space are blank ('?'), not example faces that
    read like a result; after the roll they show the faces rolled."""
    app = open_app()
    scene = start_lesson(app, at("roll_hunt"))
    drawn: list[tuple[int, list]] = []
    draw_dice = scene.layer.painter._draw_dice
    monkeypatch.setattr(
        scene.layer.painter,
        "_draw_dice",
        lambda surface, space, faces: drawn.append((space, list(faces))),
    )
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    hunters = scene.match.state.pending.dice
    assert drawn == [(3, [None] * hunters)]
    draw_dice(surface, 3, [None] * hunters)  # a blank die with its mark draws
    click(app, scene.layer.coach.view.lit[0].center)
    settle(app, scene)
    assert scene.layer.tutorial.answered
    drawn.clear()
    scene.draw(surface)
    space, faces = scene.motion.last_roll
    assert drawn == [(space, faces)] and all(1 <= face <= 6 for face in faces)


def test_the_hunters_stand_on_their_space_until_their_dice_are_rolled(open_app, monkeypatch):
    """The rules take the figures off a space when it is resolved; while the lesson waits for
    the player's roll they are still drawn there (beside the opponent's) and not counted at
    home on the player's board (it read 6/6 with figures still out), then they are gone."""
    import stoneage.scenes.table.drawing.picture as draw_table

    app = open_app()
    scene = start_lesson(app, at("roll_hunt"))
    hunters = scene.match.state.pending.dice
    assert scene.match.state.placed[0][3] == 0  # off the space in the rules' state
    assert scene.layer.waiting_figures() == (3, (0, hunters))
    drawn: list[tuple[int, object]] = []
    boards: list[tuple[int, int]] = []
    monkeypatch.setattr(
        draw_table,
        "draw_space",
        lambda surface, lay, state, space, colours, waiting=None: drawn.append((space, waiting)),
    )
    monkeypatch.setattr(
        draw_table,
        "draw_panel_of",
        lambda surface, lay, state, seats, seat, rect, active, working=0: boards.append(
            (seat, working)
        ),
    )
    scene.resize(app.size)  # every picture made again, with the figures still working
    assert (3, (0, hunters)) in drawn
    assert (0, hunters) in boards
    monkeypatch.undo()
    scene.update(0.0)  # the bubble of the new layout
    click(app, scene.layer.coach.view.lit[0].center)
    settle(app, scene)
    # Rolled: the hunters have worked; the forest's figure still waits for its own dice.
    assert scene.layer.waiting_figures() in (None, (4, (0, 1)))


def test_the_waiting_hunters_are_drawn_in_the_players_colour():
    """``draw_space`` with waiting figures draws the seat's figure and count on the hunt."""
    from stoneage.rules import new_game
    from stoneage.scenes.table.drawing.board import draw_space

    lay = table_layout(SIZE, 2)
    state = new_game(2, seed=1)
    colours = ["red", "blue"]
    plain, waiting = pygame.Surface(SIZE), pygame.Surface(SIZE)
    draw_space(plain, lay, state, 3, colours)
    draw_space(waiting, lay, state, 3, colours, (0, 2))
    area = lay.spaces[3]
    differing = sum(
        plain.get_at((x, y)) != waiting.get_at((x, y))
        for x in range(area.left, area.right, 2)
        for y in range(area.centery, area.bottom, 2)
    )
    assert differing > 20  # a figure and "x2" where "no limit" was


def test_the_bubbles_buttons_have_tooltips(open_app):
    """Back, Skip and Next say what they do when the pointer rests on them."""
    app = open_app(size=(1024, 640))
    scene = start_lesson(app, at("figures"))
    for button in scene.layer.coach.buttons:
        move_to(app, button.rect.center)
        assert scene.layer.tooltip() == button.tooltip and button.tooltip
    app.draw()


def test_the_dimmed_table_does_not_answer_a_press(open_app):
    """While the bubble asks for the hunt, a press on a dimmed space opens nothing (the forest
    opened "How many figures" and then refused): the bubble says a friendly word instead, and
    the lit space still takes the move."""
    app = open_app()
    scene = start_lesson(app, at("place_hunt"))
    river = scene.lay.spaces[7].center
    click(app, river)
    assert scene.hands.popup is None
    assert scene.layer.friendly != ""
    assert scene.match.state.placed[0][7] == 0
    assert scene.layer.tutorial.index == step_index("place_hunt")


@pytest.mark.parametrize("speed", ["normal", "instant"])
def test_the_banner_says_what_is_on_screen_from_the_buildings_payment_to_the_cards_dialog(
    open_app, speed
):
    """Issue 45, point 5: after paying for the building (step 28) no banner asks to "pay or
    decline" while no dialog is open: the payment flying says what is paid, the tile turned
    up says so, the explanation asks for Next, and the card's dialog (step 29) asks to pay."""
    from stoneage.rules import PayForBuilding, PayForCard, TurnUpBuilding
    from stoneage.scenes.table.controls.payment import PayDialog

    app = open_app()
    app.settings.animation = speed
    scene = start_lesson(app, at("pay_fixed"))
    assert isinstance(scene.hands.main(), PayDialog)
    assert scene.painter.banner(scene.shown) == ("Your turn: pay or decline", 0)
    seen: dict[str, str] = {}

    def look() -> None:
        """The banner now, filed under what the table shows."""
        shown, (text, _seat) = scene.shown, scene.painter.banner(scene.shown)
        dialog = isinstance(scene.hands.main(), PayDialog) and not scene.timeline.busy
        decision = shown.decision()
        if dialog:
            kind = "card dialog"
        elif isinstance(decision, PayForBuilding):
            kind = "payment flying"
        elif isinstance(decision, TurnUpBuilding):
            kind = "tile turned up"
        elif isinstance(decision, PayForCard):
            kind = "explanation"
        else:
            raise AssertionError(f"an unexpected moment: {decision} under {text!r}")
        assert seen.setdefault(kind, text) == text, kind  # one banner for each moment
        if not dialog:
            assert "pay or decline" not in text, kind

    action = parse_action(scene.match.state, "pay 2wood,1brick")
    perform(app, action)
    deadline = time.monotonic() + SETTLE_SECONDS
    while not (scene.layer.ready() and scene.layer.coach.view is not None):
        assert time.monotonic() < deadline, "the explanation did not come"
        look()
        app.step(block=False)
    look()
    assert scene.layer.tutorial.answered and not scene.hands.controls
    press_coach(app, scene, "coach_next")
    deadline = time.monotonic() + SETTLE_SECONDS
    while not (isinstance(scene.hands.main(), PayDialog) and not scene.timeline.busy):
        assert time.monotonic() < deadline, "the card's dialog did not open"
        look()
        app.step(block=False)
    look()
    assert seen["explanation"] == "Your turn: read the bubble, then press Next"
    assert seen["card dialog"] == "Your turn: pay or decline"
    if speed == "normal":  # each moment of the animation is seen
        assert seen["payment flying"] == "Your turn: pay 2 wood, 1 brick"
        assert seen["tile turned up"] == "A new building is turned up…"
