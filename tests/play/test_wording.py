"""The player's words for what the rules say (issue 33): the rules' reasons for refusing a move
as a player says them, counts with their plurals, formulas kept on one line, and a log free of
the engine's words."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from stoneage import rules
from stoneage.i18n import install_language
from stoneage.play.match import Match
from stoneage.play.names import (
    FORMULA_SPACE,
    PLAYER_REASONS,
    amounts_text,
    building_words,
    engine_reason,
    formula_text,
    gains_text,
    resource_count,
    space_title,
    space_words,
)
from stoneage.play.seats import Seat
from stoneage.play.story import action_phrase, log_lines
from stoneage.rules import ActionError, IllegalActionError, Place, Resolve, data, new_game
from stoneage.ui.widgets import wrap_text

RULES = Path(rules.__file__).parent
ENGINE_WORDS = ("this seat", "seat ", "stack", "(cost", "slot", "->", "pending")


@pytest.fixture(autouse=True)
def english():
    install_language("en")
    yield
    install_language("en")


def engine_templates() -> set[str]:
    """Every reason the rules mark for translation (``N_("...")`` in ``stoneage/rules``),
    but for the names of the steps of a turn, which fill the ``{step}`` of one of them."""
    found: set[str] = set()
    steps: set[str] = set()
    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AnnAssign) and node.value is not None
                else []
            )
            if any(isinstance(t, ast.Name) and t.id == "_STEP_NAMES" for t in targets):
                assert isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None
                steps |= {
                    call.args[0].value
                    for call in ast.walk(node.value)
                    if isinstance(call, ast.Call) and isinstance(call.args[0], ast.Constant)
                }
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "N_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(node.args[0].value)
    assert steps, "the rules name the steps of a turn in explain._STEP_NAMES"
    return found - steps


SAMPLE_PARAMS = {
    "space": "hunt",
    "actor": 2,
    "avail": 1,
    "room": 2,
    "n": 3,
    "step": "choosing tools for a roll",
    "face": 6,
    "short": 1,
    "cost": 3,
    "count": 4,
    "kinds": 2,
}


def test_every_reason_of_the_rules_has_a_players_sentence():
    templates = engine_templates()
    assert len(templates) > 25
    assert sorted(templates - set(PLAYER_REASONS)) == []


@pytest.mark.parametrize("template", sorted(PLAYER_REASONS))
@pytest.mark.parametrize("space", ["hunt", "card2", "building1", "toolmaker"])
def test_a_reason_reads_as_a_player_says_it(template, space):
    error = IllegalActionError("x", 0, template, **{**SAMPLE_PARAMS, "space": space})
    said = engine_reason(error)
    assert said and said[0].isupper(), said
    assert not [w for w in ENGINE_WORDS if w in said], said
    assert "{" not in said and "}" not in said


def test_spaces_are_named_in_a_players_words_in_reasons():
    said = engine_reason(IllegalActionError("x", 0, "the {space} is already taken", space="card2"))
    assert said == "The card costing 2 is already taken"
    said = engine_reason(
        IllegalActionError(
            "x", 0, "this seat already placed on the {space} this round", space="hunt"
        )
    )
    assert said == "You already placed figures on the hunting grounds this round"
    said = engine_reason(
        IllegalActionError("x", 0, "only {avail} figures are left to place", avail=1)
    )
    assert said == "You have only 1 figure left to place"


def test_the_refusals_met_in_real_play_read_as_a_player_says_them():
    """Every action tried where it is not legal, along a real game: the reasons shown."""
    rng = random.Random(4)
    seats = [Seat(n, c, "bot", "easy") for n, c in (("A", "red"), ("B", "blue"), ("C", "green"))]
    match = Match(seats, 4, threaded=False)
    tries = [Place(space, count) for space in range(16) for count in (1, 2, 3)]
    tries += [Resolve(space) for space in range(16)]
    said: set[str] = set()
    while not match.is_over():
        state = match.state
        seat = state.current_player()
        if seat >= 0:
            for action in rng.sample(tries, 6):
                try:
                    state.apply(action, seat=seat)
                except ActionError as error:
                    said.add(engine_reason(error))
        match.apply(match.automatic_action())
    assert len(said) > 10
    bad = [s for s in said if any(w in s for w in ENGINE_WORDS) or not s[0].isupper()]
    assert bad == []


def test_resources_are_counted_with_their_plural():
    assert [resource_count(data.BRICK, n) for n in (1, 2)] == ["1 brick", "2 bricks"]
    assert [resource_count(data.WOOD, n) for n in (1, 3)] == ["1 wood", "3 wood"]
    assert resource_count(data.STONE, 2) == "2 stones"
    assert resource_count(data.GOLD, 2) == "2 gold"
    assert amounts_text((1, 3, 0, 0)) == "1 wood, 3 bricks"
    assert gains_text(2, (0, 1, 0, 2)) == "2 food, 1 brick, 2 gold"
    assert amounts_text((0, 0, 0, 0)) == "nothing"


def test_cards_and_buildings_spaces_are_named_as_a_player_does():
    assert space_title(data.CARD_SPACES[0]) == "Card costing 1"
    assert space_words(data.CARD_SPACES[3]) == "card costing 4"
    assert space_words(data.BUILDING_SPACES[1]) == "second building"
    fixed = next(t for t in data.buildings().values() if t.kind == "fixed")
    assert space_words(data.BUILDING_SPACES[0], fixed.id) == f"building worth {fixed.points} points"
    variable = next(t for t in data.buildings().values() if t.kind == "variable")
    assert building_words(variable).startswith(f"building of {variable.count} resources")
    assert action_phrase(Place(data.CARD_SPACES[1], 1)) == "place 1 figure on the card costing 2"


def test_a_formula_is_never_broken_across_lines():
    text = formula_text("Green cards: 3 different symbols make a set worth 3 × 3 = 9. Well done.")
    assert "3\u00a0×\u00a03\u00a0=\u00a09." in text
    assert formula_text("Pay 1 wood and 3 bricks: 3 + 12 = 15 points.").endswith(
        f"3{FORMULA_SPACE}+{FORMULA_SPACE}12{FORMULA_SPACE}={FORMULA_SPACE}15 points."
    )
    assert formula_text("a sentence - with a dash") == "a sentence - with a dash"
    # The line breaker keeps the formula whole, however narrow the line.
    for width in range(10, 60):
        lines = wrap_text(text, width, len)
        assert any("3\u00a0×\u00a03\u00a0=\u00a09." in line for line in lines), lines


def test_the_log_of_a_game_has_no_engine_words_and_no_wrong_plurals():
    seats = [Seat(n, c, "bot", "normal") for n, c in (("Ann", "red"), ("Bo", "blue"))]
    match = Match(seats, 9, threaded=False)
    match.play_out()
    lines = [text for text, heading in log_lines(match.steps, seats) if not heading]
    assert not [line for line in lines if any(w in line for w in ENGINE_WORDS)]
    wrong = re.compile(r"\b([02-9]|\d\d+) (brick|stone)\b")
    assert not [line for line in lines if wrong.search(line)]
    assert "->" not in " ".join(lines)


def test_every_reason_is_checked_against_a_state_in_its_language():
    """The reasons are words of the moment: shown in the language installed now."""
    state = new_game(2, seed=1)
    while state.current_player() < 0:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(ActionError) as refused:
        state.apply(Place(data.HUT, 3))
    assert engine_reason(refused.value) == "The hut takes exactly 2 of your figures"
