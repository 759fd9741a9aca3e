"""First-game tips: which one-time tip fits a state, and never twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from stoneage.ai import make_bot
from stoneage.rules import GameState, new_game, sample_chance, seeded_rng
from stoneage.tutorial import TIP_IDS, TIPS, is_last_round, may_be_last_round, tip_by_id, tip_for

from .helpers import walk

VISITS = walk()


def start(n: int = 2, display=("T01", "G08", "G01", "H01"), tops=("B01", "X1", "B02", "B03")):
    state = new_game(n, seed=5)
    for card in display:
        state = state.apply(f"card {card}")
    for tile in tops[:n]:
        state = state.apply(f"tile {tile}")
    return state


def play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = state.apply(text)
    return state


def state_at(step_id: str) -> GameState:
    return next(v.state for v in VISITS if v.step.id == step_id)


def test_tip_ids_are_unique_and_found_by_name():
    assert len(set(TIP_IDS)) == len(TIPS)
    assert all(tip_by_id(tip.id) is tip for tip in TIPS)
    with pytest.raises(KeyError):
        tip_by_id("nope")


def test_nothing_to_say_at_the_very_start():
    assert tip_for(start(4), 0) is None


@pytest.mark.parametrize(
    ("step_id", "tip_id"),
    [
        ("use_tool", "first_tool"),
        ("use_tool_card", "one_use_tool"),
        ("pick_item", "dice_for_items"),
        ("pay_sand_card", "first_card"),
        ("pay_fixed", "first_building"),
        ("feed_short", "feeding_shortfall"),
        ("village_closed", "village_closed"),
    ],
)
def test_the_situations_of_the_lesson_script_bring_their_tip(step_id, tip_id):
    state = state_at(step_id)
    tip = tip_for(state, 0, shown=set(TIP_IDS) - {tip_id})
    assert tip is not None and tip.id == tip_id
    assert tip.text(state, 0) and "{" not in tip.text(state, 0)


def test_a_tip_is_never_shown_twice():
    state = state_at("feed_short")
    first = tip_for(state, 0)
    assert first is not None
    second = tip_for(state, 0, {first.id})
    assert second is None or second.id != first.id
    assert tip_for(state, 0, set(TIP_IDS)) is None


def test_a_tip_is_for_the_seat_that_decides():
    state = state_at("use_tool")
    assert tip_for(state, 0).id == "first_tool"
    found = tip_for(state, 1)
    assert found is None or found.id not in ("first_tool", "one_use_tool")


def test_the_most_pressing_tip_comes_first():
    # A shortfall to pay: the feeding tip before anything else that also holds.
    state = state_at("feed_short")
    assert tip_for(state, 0).id == "feeding_shortfall"
    # A tool decision with a one-use card: the card's tip before the general tool tip.
    state = state_at("use_tool_card")
    assert tip_for(state, 0).id == "one_use_tool"
    assert tip_for(state, 0, {"one_use_tool"}).id == "first_tool"


def test_feeding_shortfall_names_the_missing_food():
    state = state_at("feed_short")
    assert "2 food short" in tip_by_id("feeding_shortfall").text(state, 0)


def test_food_short_ahead_while_placing():
    state = state_at("place_field")  # 3 food, 6 figures, no track
    tip = tip_for(state, 0, {"village_closed"})
    assert tip is not None and tip.id == "food_short_ahead"
    assert "6 food" in tip.text(state, 0) and "have 3" in tip.text(state, 0)


def test_last_round_when_a_stack_is_empty_or_the_deck_cannot_refill():
    state = start()
    assert not is_last_round(state) and not may_be_last_round(state)
    # Reaching these counts through real moves takes a whole game (the test below does): here
    # a stand-in with only the counts the checks read. A stack down to its last tile, or fewer
    # cards than slots: the game may end; an empty stack, or fewer cards than the slots already
    # empty: it certainly ends.
    fake = _Counts(state, stack_sizes=(1, 7), deck_size=32, display=state.display)
    assert may_be_last_round(fake) and not is_last_round(fake)
    fake = _Counts(state, stack_sizes=(0, 7), deck_size=32, display=state.display)
    assert is_last_round(fake)
    fake = _Counts(state, stack_sizes=(7, 7), deck_size=3, display=state.display)
    assert may_be_last_round(fake) and not is_last_round(fake)
    fake = _Counts(state, stack_sizes=(7, 7), deck_size=1, display=(None, None, "G01", "H01"))
    assert is_last_round(fake)


class _Counts:
    """A stand-in exposing the counts the end-of-game checks read (phase place, not over)."""

    def __init__(self, state, stack_sizes, deck_size, display):
        self.phase, self.stack_sizes, self.deck_size, self.display = (
            "place",
            stack_sizes,
            deck_size,
            display,
        )

    def is_terminal(self) -> bool:
        return False


def test_in_real_games_every_tip_fires_at_most_once_and_the_end_is_announced():
    """Easy 3-player games: the caller keeps ``shown``; the last round is announced."""
    fired_total: set[str] = set()
    for seed in range(3):
        state = new_game(3, seed=seed)
        bots = [make_bot("easy", seed * 10 + seat) for seat in range(3)]
        shown: list[str] = []
        last_round_seen = False
        while not state.is_terminal():
            tip = tip_for(state, 0, shown)
            if tip is not None:
                assert tip.id not in shown
                assert tip.text(state, 0)
                shown.append(tip.id)
            last_round_seen |= is_last_round(state)
            if state.is_chance_node():
                state = state.apply(sample_chance(state, seeded_rng(state)))
            else:
                seat = state.current_player()
                state = state.apply(bots[seat].choose(state.view(seat)))
        assert len(shown) == len(set(shown))
        assert "end_near" in shown or "last_round" in shown
        fired_total |= set(shown)
    assert {"first_tool", "first_card", "first_building", "village_closed"} <= fired_total


def test_tips_are_marked_for_translation():
    extract = pytest.importorskip("babel.messages.extract")
    source = Path(__file__).resolve().parents[2] / "stoneage" / "tutorial" / "tips.py"
    with source.open("rb") as handle:
        found = {m for _l, _f, m, _c in extract.extract_python(handle, ["_", "N_"], [], {})}
    assert {tip.message for tip in TIPS} <= found


def test_tip_messages_are_short():
    for tip in TIPS:
        assert len(tip.message) <= 160, tip.id
