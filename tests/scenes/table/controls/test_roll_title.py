"""The tools dialog names where its roll came from, as the rules say it: the figures' space,
or the card whose two dice were rolled (the "2 dice of gold" card's roll was titled "Your roll
on the river")."""

from __future__ import annotations

from stoneage.rules import ChooseTools
from stoneage.rules.data import RIVER
from stoneage.scenes.table.controls.dialogs import ToolsDialog
from stoneage.scenes.table.scene import TableScene

from .test_controls import find_state, humans, show


def tools_dialog(app, by_card: bool) -> ToolsDialog:
    def wanted(state) -> bool:
        decision = state.decision()
        return (
            isinstance(decision, ChooseTools)
            and decision.by_card == by_card
            and decision.space == RIVER
        )

    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, find_state(4, wanted))
    dialog = scene.hands.controls[0]
    assert isinstance(dialog, ToolsDialog)
    return dialog


def test_the_gold_cards_roll_is_titled_with_the_card(app):
    title = tools_dialog(app, by_card=True).title
    assert title == "Your roll for the card “2 dice of gold”: add tools?"


def test_the_figures_roll_is_titled_with_their_space(app):
    assert tools_dialog(app, by_card=False).title == "Your roll on the river: add tools?"
