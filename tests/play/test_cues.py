"""The cues a rules step sounds, voiced from its events, in real positions: seeded games from
``new_game`` driven through actions in their text form (``parse_action``), set up with the
rules tests' helpers."""

from __future__ import annotations

import random

import pytest

from stoneage.play.cues import CUE_NAMES, Cue, step_cues
from stoneage.rules import (
    CHANCE,
    DiceRolled,
    GameEnded,
    GameState,
    new_game,
    parse_action,
    sample_chance,
)
from tests.rules.conftest import advance, default_action, placement_done, start, with_player


def step(state: GameState, text: str) -> tuple[GameState, list]:
    """Apply one action given as text; the state after and its cues."""
    after, happened = state.apply_with_events(parse_action(state, text))
    return after, step_cues(happened)


def names(cues: list[Cue]) -> list[str]:
    return [cue.name for cue in cues]


def record(
    state: GameState, until, plans: dict[int, list[str]] | None = None
) -> tuple[GameState, list[Cue]]:
    """``advance`` (planned actions, else the rules tests' default ones) keeping every cue."""
    plans = {seat: list(texts) for seat, texts in (plans or {}).items()}
    heard: list[Cue] = []
    while not until(state):
        seat = state.current_player()
        if seat >= 0 and plans.get(seat):
            action = parse_action(state, plans[seat].pop(0))
        else:
            action = default_action(state)
        state, happened = state.apply_with_events(action)
        heard += step_cues(happened)
    return state, heard


def roll_for_seat0(space: str, figures: int, n: int = 2, **player: object) -> GameState:
    """Seat 0 puts ``figures`` on ``space``; everyone else hunts; stop at seat 0's roll."""
    state = with_player(start(n), 0, people=figures, **player)
    state = advance(state, placement_done, {0: [f"place {space} {figures}"]})
    assert state.current_player() == CHANCE and state.pending.kind == "roll"
    return state


@pytest.mark.parametrize(
    ("space", "pips", "cue", "units"),
    [("forest", 11, "wood", 3), ("claypit", 9, "brick", 2), ("quarry", 15, "stone", 3)]
    + [("river", 13, "gold", 2), ("hunt", 9, "food", 4)],
)
def test_a_roll_sounds_its_dice_then_what_it_gathered(space, pips, cue, units):
    state = roll_for_seat0(space, 4)
    _, cues = step(state, f"roll {pips}")
    assert cues[0] == Cue("dice", 4, (0,))
    assert Cue(cue, units, (0,)) in cues
    _, happened = state.apply_with_events(f"roll {pips}")
    assert [e.dice for e in happened if isinstance(e, DiceRolled)] == [4]


def test_a_roll_that_gathers_nothing_is_only_dice():
    _, cues = step(roll_for_seat0("river", 1), "roll 5")
    assert cues == [Cue("dice", 1, (0,))]


def test_tools_used_then_the_gain():
    state = roll_for_seat0("hunt", 3, tools_free=(1,))
    state, cues = step(state, "roll 11")
    assert names(cues) == ["dice"]  # tools may raise the yield: the seat decides first
    _, cues = step(state, "tools 1")
    assert cues == [Cue("tool_use", 1, (0,)), Cue("food", 6, (0,))]


def test_tools_declined_is_no_tool_sound():
    state = step(roll_for_seat0("hunt", 3, tools_free=(1,)), "roll 11")[0]
    _, cues = step(state, "tools none")
    assert cues == [Cue("food", 5, (0,))]


def test_village_spaces_sound_a_tool_a_birth_and_the_food_track():
    state = with_player(start(4), 0, people=5)
    plan = {0: ["place toolmaker 1", "place hut 2", "place field 1", "place hunt 1"]}
    _, heard = record(state, lambda s: s.round == 2, plan)
    for cue in ("birth", "track", "tool_gain"):
        assert Cue(cue, 1, (0,)) in heard


def test_the_last_hunt_of_a_round_sounds_the_food_then_feeding_and_a_new_round():
    state = with_player(start(2), 0, people=5, food=0)
    state = with_player(state, 1, people=5, food=10)
    state = advance(state, placement_done, {0: ["place hunt 5"], 1: ["place hunt 5"]})
    state = state.apply("roll 10")  # seat 0: 5 food, so it can feed its 5 people
    assert state.current_player() == CHANCE and state.turn == 1
    after, cues = step(state, "roll 12")  # seat 1's hunt is the last action of the round
    assert after.round == state.round + 1
    assert names(cues) == ["dice", "food", "feeding", "new_round"]
    assert cues[1] == Cue("food", 6, (1,))  # not the 10 - 5 eaten; seat 0 gained nothing now
    assert cues[2] == Cue("feeding", 2, (0, 1))


def to_feeding(**seat0: object) -> GameState:
    """Seat 0 sends 5 figures to the river and seat 1 hunts; stop where seat 0 must choose
    how to feed, or at the next round (as the rules' feeding tests do)."""
    state = with_player(start(2), 0, **seat0)
    done = lambda s: (s.phase == "feed" and s.pending is not None) or s.round == 2  # noqa: E731
    return advance(state, done, {0: ["place river 5"]})


def test_hunger_without_a_choice_sounds_with_the_feeding():
    state = with_player(start(2), 0, food=0, res=(1, 0, 0, 0))
    _, heard = record(state, lambda s: s.round == 2, {0: ["place river 5"]})
    assert Cue("hunger", 1, (0,)) in heard
    assert names(heard).count("feeding") == 1 and names(heard).count("new_round") == 1


def test_feeding_with_resources_sounds_feeding_not_a_gain():
    state = to_feeding(food=2, res=(1, 1, 1, 0))
    assert state.pending.as_tuple() == ("feed", 3)
    _, cues = step(state, "feed 1wood,1brick,1stone")
    assert cues == [Cue("feeding", 2, (0, 1)), Cue("new_round")]


def test_going_hungry_by_choice_sounds_the_penalty():
    state = to_feeding(food=2, res=(5, 0, 0, 0))
    _, cues = step(state, "starve")
    assert names(cues) == ["feeding", "hunger", "new_round"]
    assert Cue("hunger", 1, (0,)) in cues


def test_the_two_resources_card_while_feeding_is_a_gain_not_feeding():
    state = to_feeding(food=3, res=(0, 0, 0, 0), two_res=1)
    _, cues = step(state, "taketwo brick,stone")
    assert cues == [Cue("brick", 1, (0,)), Cue("stone", 1, (0,))]


def buying(card: str, n: int = 4, **player: object) -> GameState:
    """Seat 0, with one person, stands on ``card`` in the cheapest slot; stop at its payment."""
    display = [card, "F05", "T04", "F04"]
    fields = {"people": 1, "res": (2, 2, 2, 2)} | player
    state = with_player(start(n, display=display), 0, **fields)
    return advance(state, placement_done, {0: ["place card1 1"]})


@pytest.mark.parametrize(
    ("card", "extra"),
    [("H03", Cue("food", 2, (0,))), ("G11", Cue("tool_gain", 1, (0,)))]
    + [("T01", Cue("tool_gain", 1, (0,))), ("G07", Cue("track", 1, (0,)))]
    + [("S04", Cue("brick", 1, (0,)))],
)
def test_a_card_bought_and_its_effect(card, extra):
    _, cues = step(buying(card), "pay 1wood")
    assert Cue("card", 1, (0,)) in cues and extra in cues


def test_a_resource_card_paid_with_the_same_resource_still_sounds_the_gain():
    # S04 gives a brick; paying with a brick leaves the count unchanged, but one was gained.
    _, cues = step(buying("S04"), "pay 1brick")
    assert Cue("brick", 1, (0,)) in cues


def test_dice_for_items_sound_every_die_and_each_seats_pick():
    state = step(buying("G02"), "pay 1wood")[0]
    state, cues = step(state, "items 1,2,5,6")
    assert cues == [Cue("dice", 4, (0,))]
    state, cues = step(state, "pick 5")
    assert cues == [Cue("tool_gain", 1, (0,))]
    state, cues = step(state, "pick 6")
    assert cues == [Cue("track", 1, (1,))]
    _, cues = step(state, "pick 1")  # seat 2 takes wood, seat 3 gets the last die: brick
    assert cues == [Cue("wood", 1, (2,)), Cue("brick", 1, (3,))]


def test_a_building_built():
    state = with_player(start(2), 0, people=1, res=(3, 3, 3, 3))
    paying = lambda s: s.pending is not None and s.pending.kind == "pay_building"  # noqa: E731
    state = advance(state, paying, {0: ["place building1 1"]})
    pay = next(str(a) for a in state.legal_actions() if a.tag == "pay")
    _, cues = step(state, pay)
    assert Cue("building", 1, (0,)) in cues


def test_the_end_of_the_game_is_told_with_its_winners_and_no_listener_cue():
    """Who won is told (the table sounds won or lost for the seats at its screen)."""
    state = new_game(2, seed=5)
    rng = random.Random(5)
    while not state.is_terminal():
        action = (
            sample_chance(state, rng)
            if state.current_player() == CHANCE
            else rng.choice(state.legal_actions())
        )
        state, happened = state.apply_with_events(action)
    ended = happened[-1]
    assert isinstance(ended, GameEnded) and list(ended.winners) == state.winners()
    assert ended.final_scoring() == state.final_scoring()
    assert not {"won", "lost", "your_turn", "new_round"} & set(names(step_cues(happened)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_game_sounds_every_roll_and_every_new_round(seed):
    n = 2 + seed % 3
    state = new_game(n, seed=seed)
    rng = random.Random(seed)
    dice = rolls = rounds = 0
    heard: set[str] = set()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state, happened = state.apply_with_events(action)
        cues = step_cues(happened)
        assert all(cue.name in CUE_NAMES and cue.count >= 1 for cue in cues)
        rolls += action.tag in ("roll", "items")
        dice += sum(cue.name == "dice" for cue in cues)
        rounds += sum(cue.name == "new_round" for cue in cues)
        heard |= set(names(cues))
    assert dice == rolls
    assert rounds == state.round - 1
    assert {"dice", "feeding", "new_round", "card", "building"} <= heard
