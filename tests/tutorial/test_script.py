"""The lesson script plays through the rules engine and teaches every lesson for real."""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from pathlib import Path

import pytest

from stoneage.rules import (
    CHANCE,
    PickItem,
    Place,
    Resolve,
    Roll,
    UseTools,
    parse_action,
)
from stoneage.rules import data as rules_data
from stoneage.tutorial import LESSONS, STEPS, TARGETS, YOU, Moment, step_index
from stoneage.tutorial import lessons as L

from .helpers import OPPONENT, Visit, end_of_script, walk

VISITS = walk()  # walking asserts every action's legality and actor (see helpers.walk)
MAX_MESSAGE = 160  # English characters: a bubble at 1024x640 (the scene checks CJK widths)


def action_of(visit: Visit):
    return parse_action(visit.state, visit.step.action)


def test_the_script_plays_through_and_every_action_is_legal():
    assert len(VISITS) == len(STEPS)
    final = end_of_script()
    assert not final.is_terminal()
    assert final.round == 5  # four rounds of lessons
    assert final.final_scoring()[YOU]["total"] == 42


def test_expected_actions_are_written_in_their_canonical_text_form():
    for visit in VISITS:
        if visit.step.action is not None:
            assert str(action_of(visit)) == visit.step.action, visit.step.id


def test_every_chance_outcome_is_one_of_the_chance_node_outcomes():
    # walk() applies them only where chance decides; here: each is among legal_actions().
    checked = 0
    for visit in VISITS:
        state = visit.state
        if visit.step.action is not None and state.is_chance_node():
            assert parse_action(state, visit.step.action) in state.legal_actions()
            checked += 1
    assert checked >= 2  # the player's own first rolls


def test_no_step_is_shown_with_the_table_half_refilled():
    # A step (or its follow-up) shown while cards or buildings are still to be turned up
    # would show empty display slots and the banner "Cards and buildings are turned up".
    refilling = []
    for visit in VISITS:
        for when, state in (("shown", visit.state), ("after", visit.after)):
            pending = state.pending if state is not None else None
            if pending is not None and pending.kind in ("reveal_card", "reveal_tile"):
                refilling.append((visit.step.id, when))
    assert refilling == []
    assert None not in end_of_script().display


def test_step_ids_are_unique_and_found_by_name():
    ids = [step.id for step in STEPS]
    assert len(set(ids)) == len(ids)
    assert all(step_index(step_id) == i for i, step_id in enumerate(ids))
    with pytest.raises(KeyError):
        step_index("no such step")


def test_every_lesson_is_taught_and_every_step_teaches_a_known_lesson():
    taught = {lesson for step in STEPS for lesson in step.lessons}
    assert taught == set(LESSONS)


def test_every_target_is_a_known_name():
    assert {step.target for step in STEPS} <= TARGETS
    assert {step.follow_target for step in STEPS if step.follow_target} <= TARGETS
    assert {also for step in STEPS for also in step.also + step.follow_also} <= TARGETS
    assert all(step.follow for step in STEPS if step.follow_also)
    # A follow-up is shown after its dialog closed: it points at something still there.
    closed = [
        s.id for s in STEPS if s.follow and (s.follow_target or s.target).startswith("dialog")
    ]
    assert closed == []


def test_placements_and_resolutions_point_at_their_space():
    for visit in VISITS:
        if visit.step.action is None or visit.state.current_player() == CHANCE:
            continue
        action = action_of(visit)
        if isinstance(action, (Place, Resolve)):
            name = rules_data.SPACE_NAMES[action.space]
            if name.startswith("card"):
                expected = f"card:slot{name[4:]}"
            elif name.startswith("building"):
                expected = f"building:{name[8:]}"
            else:
                expected = f"space:{name}"
            assert visit.step.target == expected, visit.step.id


def test_decisions_point_at_their_dialog():
    dialogs = {"tools": "dialog:tools", "pay": "dialog:payment", "pick": "dialog:items"}
    dialogs["feed"] = "dialog:feed"
    for visit in VISITS:
        if visit.step.action is not None:
            kind = action_of(visit)[-1]
            if kind in dialogs:
                assert visit.step.target == dialogs[kind], visit.step.id
            if kind == "roll":
                assert visit.step.target == "dice", visit.step.id


# --- every lesson really happens: the situation it names, in the engine, at one of its steps ---
def _village_space_closed(v: Visit) -> bool:
    legal = {a.space for a in v.state.legal_actions() if isinstance(a, Place)}
    empty = [s for s in rules_data.VILLAGE if v.state.occupants[s] == 0]
    return v.state.n < 4 and bool(empty) and not any(s in legal for s in empty)


def _hunt_closed_to_the_group_there(v: Visit) -> bool:
    legal = {a.space for a in v.state.legal_actions() if isinstance(a, Place)}
    return v.state.placed[YOU][rules_data.HUNT] > 0 and rules_data.HUNT not in legal


def _resource_space_closed_by_opponent(v: Visit) -> bool:
    legal = {a.space for a in v.state.legal_actions() if isinstance(a, Place)}
    return any(
        v.state.placed[OPPONENT][s] and v.state.occupants[s] < 7 and s not in legal
        for s in rules_data.RESOURCE_SPACES
    )


def _player_action(kind: type, test: Callable = lambda a, v: True) -> Callable[[Visit], bool]:
    def check(v: Visit) -> bool:
        if v.step.action is None:
            return False
        action = action_of(v)
        return isinstance(action, kind) and test(action, v)

    return check


def _pending(kind: str) -> Callable[[Visit], bool]:
    def check(v: Visit) -> bool:
        pending = v.state.pending
        return pending is not None and pending.kind == kind and v.state.current_player() == YOU

    return check


def _paying_card(bottom: str) -> Callable[[Visit], bool]:
    def check(v: Visit) -> bool:
        pending = v.state.pending
        if pending is None or pending.kind != "pay_card" or v.state.current_player() != YOU:
            return False
        card = rules_data.cards()[v.state.display[pending.slot]]
        return (card.culture if bottom == "green" else card.role) is not None

    return check


def _paying_building(kind: str) -> Callable[[Visit], bool]:
    def check(v: Visit) -> bool:
        pending = v.state.pending
        if pending is None or pending.kind != "pay_building" or v.state.current_player() != YOU:
            return False
        return rules_data.buildings()[v.state.tops[pending.stack]].kind == kind

    return check


def _gained_tool(v: Visit) -> bool:
    return v.after is not None and (
        v.after.players[YOU].tool_tiles > v.state.players[YOU].tool_tiles
    )


def _fed_since_last_step(v: Visit) -> bool:
    if v.index == 0:
        return False
    return VISITS[v.index - 1].state.round < v.state.round or _pending("feed")(v)


def _field_moved(v: Visit) -> bool:
    return v.state.players[YOU].track > 0 or (
        _player_action(Place, lambda a, _v: a.space == rules_data.FIELD)(v)
    )


def _scoring_params_match(key: str, category: str) -> Callable[[Visit], bool]:
    def check(v: Visit) -> bool:
        if v.step.say is None:
            return False
        value = v.step.say(v.state).get(key)
        return value is not None and value == v.state.final_scoring()[YOU][category] > 0

    return check


EVIDENCE: dict[str, Callable[[Visit], bool]] = {
    L.INTRO: lambda v: v.step.is_read,
    L.PLACING: _player_action(Place),
    L.HUNT: _player_action(Place, lambda a, v: a.space == rules_data.HUNT),
    L.HUT: _player_action(Place, lambda a, v: a.space == rules_data.HUT and a.count == 2),
    L.VILLAGE_FEW: _village_space_closed,
    L.ONE_GROUP: _hunt_closed_to_the_group_there,
    L.RESOURCE_SPACES_FEW: _resource_space_closed_by_opponent,
    L.DICE: _player_action(Roll),
    L.FEEDING: _fed_since_last_step,
    L.TOOL_MAKER: _gained_tool,
    L.RESOLVE_ORDER: lambda v: (
        _player_action(Resolve)(v)
        and sum(isinstance(a, Resolve) for a in v.state.legal_actions()) > 1
    ),
    L.TOOLS: _player_action(UseTools, lambda a, v: bool(a.tiles)),
    L.CARD_SAND: _paying_card("sand"),
    L.ONE_USE_TOOL: _player_action(UseTools, lambda a, v: bool(a.cards)),
    L.FIELD: _field_moved,
    L.BUILD_FIXED: _paying_building("fixed"),
    L.CARD_GREEN: _paying_card("green"),
    L.DICE_FOR_ITEMS: _player_action(PickItem),
    L.HUNGER: _pending("feed"),
    L.BUILD_VARIABLE: _paying_building("variable"),
    L.BUILD_FLEXIBLE: _paying_building("flexible"),
    L.GAME_END: lambda v: v.step.is_read and not v.state.is_terminal(),
    L.SCORE_GREEN: _scoring_params_match("green", "green_sets"),
    L.SCORE_SAND: _scoring_params_match("points", "tool_makers"),
    L.TALLY: _scoring_params_match("total", "total"),
}


def test_every_lesson_has_a_test_of_its_situation():
    assert set(EVIDENCE) == set(LESSONS)


@pytest.mark.parametrize("lesson", LESSONS)
def test_each_lesson_happens_with_the_players_own_hands(lesson):
    steps = [v for v in VISITS if lesson in v.step.lessons]
    assert steps, f"no step teaches {lesson}"
    assert any(EVIDENCE[lesson](v) for v in steps), f"{lesson}: the situation never happens"


def test_the_player_buys_a_green_and_a_sand_card_and_builds_three_kinds():
    you = end_of_script().players[YOU]
    cards = [rules_data.cards()[c] for c in you.cards]
    assert any(c.culture for c in cards) and any(c.role for c in cards)
    assert any(c.effect == "dice_for_items" for c in cards)
    kinds = {rules_data.buildings()[b].kind for b in you.buildings}
    assert kinds == {"fixed", "variable", "flexible"}
    assert you.penalties == 0  # the lesson on hunger is paid for, not suffered


def test_the_green_set_lesson_shows_two_different_symbols():
    visit = VISITS[step_index("score_green")]
    params = visit.step.say(visit.state)
    assert params["kinds"] == 2 and params["green"] == 4


# --- the messages ------------------------------------------------------------------------------
def rendered(visit: Visit) -> list[str]:
    """The step's message, and its follow-up, filled as the player sees them (English)."""
    step = visit.step
    texts = [step.message.format(**(step.say(visit.state) if step.say else {}))]
    if step.follow:
        assert visit.after is not None
        moment = Moment(visit.state, visit.after, action_of(visit))
        texts.append(step.follow.format(**(step.told(moment) if step.told else {})))
    return texts


def sentences(text: str) -> int:
    return len(re.findall(r"[.!?](?:\s|$)", text))


@pytest.mark.parametrize("visit", VISITS, ids=[v.step.id for v in VISITS])
def test_messages_are_short_enough_for_a_bubble(visit):
    for text in rendered(visit):
        assert len(text) <= MAX_MESSAGE, text
        assert 1 <= sentences(text) <= 2, text
        assert "{" not in text, text


def test_a_follow_up_comes_only_after_an_action():
    for step in STEPS:
        assert step.follow is None or step.action is not None, step.id
        assert step.told is None or step.follow is not None, step.id


def test_every_message_is_marked_for_translation():
    """Babel extracts every message and follow-up of the script (the N_ keyword)."""
    extract = pytest.importorskip("babel.messages.extract")
    source = Path(__file__).resolve().parents[2] / "stoneage" / "tutorial" / "script.py"
    with source.open("rb") as handle:
        found = {
            message
            for _line, _func, message, _comments in extract.extract_python(
                handle, ["_", "N_"], [], {}
            )
        }
    for step in STEPS:
        assert step.message in found, step.id
        assert step.follow is None or step.follow in found, step.id


def test_message_fields_are_plain_names():
    for step in STEPS:
        for text in filter(None, (step.message, step.follow)):
            for _lit, name, spec, conv in string.Formatter().parse(text):
                assert name is None or (name.isidentifier() and not spec and not conv), text
