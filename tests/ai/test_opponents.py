"""The opponents: a roster of data, the balanced one deciding exactly as the levels did at
1550f13, every opponent at every level playing legal, seeded games, and each one's leanings
showing in how it scores and searches."""

from __future__ import annotations

import random

import pytest
from ai_helpers import play
from fingerprints import GAMES, fingerprint_of

from stoneage.ai import (
    BALANCED,
    LEVELS,
    Budget,
    HardBot,
    HeuristicBot,
    find_opponent,
    make_bot,
    parse_spec,
    roster,
    spec_text,
)
from stoneage.ai.leanings import KINDS, leaning
from stoneage.ai.levels import NORMAL_STYLE
from stoneage.ai.opponents import parse_roster
from stoneage.ai.policy import score_actions
from stoneage.ai.prices import HAND
from stoneage.ai.search import seated_choice, styled_choice
from stoneage.resources import resource_path
from stoneage.rules import CHANCE, GameState, Place, new_game, sample_chance
from stoneage.rules.data import (
    BUILDING_SPACES,
    CARD_SPACES,
    CLAY_PIT,
    FOREST,
    RIVER,
    TOOL_MAKER,
)

# Printed by ``python tests/ai/fingerprints.py LEVEL`` in a checkout of 1550f13 (the commit
# before opponents): today's levels are the balanced opponent and must make these decisions.
BEFORE_OPPONENTS = {
    "easy": {
        (2, 11, 16): ("a1fad2c488dcac2b476d", [238, 193]),
        (3, 12, 10): ("331b278c5dbdb86a23c0", [141, 177, 140]),
        (4, 13, 8): ("7316964bcf8cc3db80ac", [96, 249, 159, 144]),
    },
    "normal": {
        (2, 11, 16): ("0d9325e8e222d8e51fc7", [252, 230]),
        (3, 12, 10): ("7664ad240b90da2c2e32", [165, 125, 118]),
        (4, 13, 8): ("4d951af0a3ddf82e538e", [143, 154, 139, 133]),
    },
    "hard": {
        (2, 11, 16): ("035eba1e15ef743e695c", [262, 236]),
        (3, 12, 10): ("0bccc955e41757c89187", [143, 183, 206]),
        (4, 13, 8): ("9c7844707cebba0d5263", [131, 130, 120, 115]),
    },
}
QUICK = Budget.rollouts(8)
STYLED = [o.id for o in roster() if o.lean is not None]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("game", GAMES)
def test_the_balanced_opponent_makes_the_decisions_of_its_level_before_opponents(level, game):
    made = fingerprint_of(lambda s, b: make_bot(level, s, b, BALANCED), *game)
    assert made == BEFORE_OPPONENTS[level][game]


def test_the_roster_has_five_opponents_the_balanced_one_first_each_with_a_portrait():
    found = roster()
    assert len(found) >= 5 and len({o.id for o in found}) == len(found)
    assert found[0].id == BALANCED and found[0].lean is None
    assert all(o.lean is not None for o in found[1:])
    for opponent in found:
        assert resource_path("assets", "images", f"{opponent.portrait}.svg").is_file()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("opponents: {farmer: {portrait: x}}", "starts with 'balanced'"),
        (
            "opponents: {balanced: {portrait: x}, a: {portrait: x, gain: {moon: 2}}}",
            "kind of space",
        ),
        ("opponents: {balanced: {portrait: x}, a: {portrait: x, prices: {x: 2}}}", "unknown price"),
        ("opponents: {balanced: {portrait: x}, a: {portrait: x, gain: {wood: 9}}}", "between"),
        ("opponents: {balanced: {portrait: x}, a: {portrait: x, bonus: {hut: 99}}}", "between"),
        ("opponents: {balanced: {portrait: x}, a: {portrait: x, style: 3}}", "unknown fields"),
        ("opponents: {balanced: {portrait: x}, Bad-Id: {portrait: x}}", "lowercase"),
        ("opponents: {balanced: {portrait: x}, a: {gain: {wood: 2}}}", "portrait"),
        ("- balanced", "mapping"),
    ],
)
def test_a_wrong_roster_is_refused_naming_the_mistake(text, message):
    with pytest.raises(ValueError, match=message):
        parse_roster(text)


def test_a_leaning_is_one_factor_and_bonus_per_space_from_its_kinds():
    lean = leaning(gain={"cards": 1.5}, bonus={"buildings": 3}, prices={"green_share": 2})
    assert [lean.gain[s] for s in CARD_SPACES] == [1.5] * 4
    assert [lean.bonus[s] for s in BUILDING_SPACES] == [3.0] * 4
    assert sum(lean.gain) == 16 + 4 * 0.5 and len(KINDS) == 10
    assert lean.priced(HAND).green_share == pytest.approx(2 * HAND.green_share)
    assert lean.priced(HAND) is lean.priced(HAND)  # made once: the memos key prices by identity


@pytest.mark.parametrize("opponent", STYLED)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_opponent_plays_every_level_legally_and_by_its_seed(opponent, level):
    first: list = []
    second: list = []
    play([make_bot(level, 3, QUICK, opponent), make_bot("normal", 4)], seed=9, record=first)
    play([make_bot(level, 3, QUICK, opponent), make_bot("normal", 4)], seed=9, record=second)
    assert first == second
    bot = make_bot(level, 3, QUICK, opponent)
    assert bot.opponent == opponent and bot.level == level
    assert isinstance(bot, HardBot if level == "hard" else HeuristicBot)


def placements(players: int, seed: int) -> list[tuple[GameState, int]]:
    """Every placement (position, seat) of a seeded game of balanced Normal bots."""
    state = new_game(players, seed=seed)
    bots = [make_bot("normal", seat) for seat in range(players)]
    found = []
    dice = random.Random(seed)
    while not state.is_terminal():
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, dice))
            continue
        if state.placing():
            found.append((state, actor))
        state = state.apply(bots[actor].choose(state.view(actor)), seat=actor)
    return found


def test_an_opponent_plays_its_own_way_where_the_balanced_one_would_not():
    """Over one game's placements every opponent would often have placed otherwise than the
    balanced Normal (at least one placement in ten)."""
    positions = placements(4, 21)
    for opponent in STYLED:
        style = make_bot("normal", 1, None, opponent).style  # type: ignore[attr-defined]
        differs = 0
        for position, seat in positions:
            mine = max(score_actions(position, seat, style), key=lambda x: x[1])[0]
            theirs = max(score_actions(position, seat, NORMAL_STYLE), key=lambda x: x[1])[0]
            differs += mine != theirs
        assert differs >= len(positions) // 10, opponent


def test_each_opponent_scores_its_own_spaces_higher_than_the_balanced_one():
    """The builder its buildings, the clay pit and the forest (wood still pays for cards), the
    scholar its cards, the toolmaker the tool maker, the river and the forest."""
    state, seat = placements(2, 4)[0]
    balanced = dict(score_actions(state, seat, NORMAL_STYLE))
    chosen = (
        ("builder", (*BUILDING_SPACES, CLAY_PIT, FOREST)),
        ("scholar", (*CARD_SPACES, FOREST)),
        ("toolmaker", (TOOL_MAKER, RIVER, FOREST)),
    )
    for opponent, spaces in chosen:
        style = make_bot("normal", 1, None, opponent).style  # type: ignore[attr-defined]
        theirs = dict(score_actions(state, seat, style))
        for action, value in theirs.items():
            if isinstance(action, Place) and action.space in spaces and balanced[action] > -50:
                assert value > balanced[action], (opponent, action)


def test_an_opponents_hard_plays_its_own_judgement_for_its_seat_in_the_rollouts():
    state, seat = placements(3, 8)[5]
    style = make_bot("normal", 1, None, "farmer").style  # type: ignore[attr-defined]
    choose = seated_choice(seat, style, NORMAL_STYLE, noise=0.0)
    rng = random.Random(1)
    assert choose(state, seat, rng) == styled_choice(style, 0.0)(state, seat, rng)
    hard = make_bot("hard", 1, QUICK, "farmer")
    assert isinstance(hard, HardBot) and hard.tactics.own_style == style
    assert make_bot("hard", 1, QUICK).tactics.own_style is None  # type: ignore[attr-defined]


def test_bots_are_named_by_level_or_opponent_and_level():
    assert parse_spec("hard") == (BALANCED, "hard")
    assert parse_spec(" scholar : normal ") == ("scholar", "normal")
    assert spec_text("scholar", "hard") == "scholar:hard" and spec_text(BALANCED, "easy") == "easy"
    assert parse_spec("hard1") == (BALANCED, "hard1")
    for text, message in (
        ("scholar:random", "no opponent"),
        ("wizard:hard", "unknown opponent"),
        ("farmer:expert", "unknown bot level"),
    ):
        with pytest.raises(ValueError, match=message):
            parse_spec(text)
    with pytest.raises(ValueError, match="no opponent"):
        make_bot("random", 1, None, "farmer")
    with pytest.raises(ValueError, match="unknown opponent"):
        make_bot("normal", 1, None, "wizard")
    assert find_opponent(BALANCED).lean is None and set(LEVELS) >= {"easy", "normal", "hard"}
