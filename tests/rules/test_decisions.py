"""``GameState.decision()``: the typed public form of what is being decided, for every kind of
step a game goes through, agreeing with who acts and with the legal actions."""

from __future__ import annotations

import ast
import doctest
import random
from pathlib import Path

import stoneage.rules.decisions
from stoneage.rules import (
    CHANCE,
    TERMINAL,
    ChooseSpace,
    ChooseTools,
    Decline,
    DrawExtra,
    DrawFaceDown,
    Feed,
    FeedPeople,
    GameOver,
    Pay,
    PayForBuilding,
    PayForCard,
    PickItem,
    PickItemDie,
    Place,
    PlaceFigures,
    Resolve,
    RevealCard,
    RevealTile,
    Roll,
    RollDice,
    RollItemDice,
    RollItems,
    Starve,
    TakeTwo,
    TurnUpBuilding,
    TurnUpCard,
    UseTools,
    new_game,
    sample_chance,
)

# The actions each kind of decision offers (the two-resources card aside, offered at any).
OFFERS = {
    PlaceFigures: (Place,),
    ChooseSpace: (Resolve,),
    ChooseTools: (UseTools,),
    PayForCard: (Pay, Decline),
    PayForBuilding: (Pay, Decline),
    PickItemDie: (PickItem,),
    FeedPeople: (Feed, Starve),
    RollDice: (Roll,),
    RollItemDice: (RollItems,),
    TurnUpCard: (RevealCard,),
    TurnUpBuilding: (RevealTile,),
    DrawFaceDown: (DrawExtra,),
}


def test_every_decision_names_its_seat_and_fits_the_legal_actions() -> None:
    seen: set[type] = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = new_game(2 + seed % 3, seed=seed)
        while not state.is_terminal():
            decision = state.decision()
            seen.add(type(decision))
            actor = state.current_player()
            offered = tuple(a for a in state.legal_actions() if not isinstance(a, TakeTwo))
            assert offered and all(isinstance(a, OFFERS[type(decision)]) for a in offered)
            if actor == CHANCE:
                if isinstance(decision, RollDice):
                    assert decision.seat == state.turn and decision.dice >= 1
                    low, high = decision.dice, 6 * decision.dice
                    assert {a.total for a in offered} == set(range(low, high + 1))
            else:
                assert decision.seat == actor
            if isinstance(decision, PayForCard):
                assert state.display[decision.slot] is not None
                assert decision.cost == decision.slot + 1
            if isinstance(decision, PayForBuilding):
                assert state.tops[decision.stack] is not None
            if isinstance(decision, PickItemDie):
                assert {a.face for a in offered} == set(decision.faces)
            assert state.placing() == isinstance(decision, PlaceFigures)
            if actor == CHANCE:
                action = sample_chance(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
        assert state.current_player() == TERMINAL
        assert isinstance(state.decision(), GameOver)
    assert seen == set(OFFERS)  # these seeds go through every kind of decision


def test_a_decision_is_immutable_and_compares_by_value() -> None:
    assert ChooseTools(0, 3, 7) == ChooseTools(0, 3, 7)
    assert hash(PayForCard(1, 2)) == hash(PayForCard(1, 2))
    try:
        PayForCard(1, 2).slot = 3  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("a decision must be frozen")


def test_the_module_docstring_example_runs() -> None:
    # The docstring read from the source: a module compiled by mypyc keeps none of its own,
    # and the example is run against whichever path is loaded.
    module = stoneage.rules.decisions
    source = Path(module.__file__).with_name("decisions.py").read_text(encoding="utf-8")
    docstring = ast.get_docstring(ast.parse(source))
    test = doctest.DocTestParser().get_doctest(docstring, vars(module), "decisions", None, 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    failures, tried = runner.summarize(verbose=False)
    assert tried and not failures


def test_a_choice_of_tools_says_whether_its_roll_was_a_cards_two_dice() -> None:
    """The rules carry the roll's source from the dice to the choice of tools after them: a
    card's two dice (its resource's space named) or figures on the space; the wire keeps it."""
    from stoneage.rules import RollDice, view_from_wire, view_to_wire

    seen = set()
    for seed in range(1, 30):
        rng = random.Random(seed)
        state, rolled = new_game(4, seed=seed), None
        while not state.is_terminal() and len(seen) < 2:
            decision = state.decision()
            if isinstance(decision, RollDice):
                rolled = decision
            if isinstance(decision, ChooseTools):
                assert rolled is not None and rolled.space == decision.space
                assert decision.by_card == rolled.by_card
                seen.add(decision.by_card)
                back = view_from_wire(view_to_wire(state.view(decision.seat)))
                assert back.decision() == decision
            if state.current_player() == CHANCE:
                action = sample_chance(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
        if len(seen) == 2:
            break
    assert seen == {True, False}
