"""The game log and the banner read right for the player's default name "You" (issue 14: the
log said "You uses the forest.") in every language."""

from __future__ import annotations

import re

import pytest

from stoneage import i18n
from stoneage.i18n import _
from stoneage.play.match import Match, Step, step_of
from stoneage.play.seats import Seat
from stoneage.play.story import banner, describe
from stoneage.rules import GameState, Resolve, UseTools, new_game
from stoneage.rules.nodes import ROLL

BOTS = [Seat("Ann", "red", "bot", "easy"), Seat("Bo", "blue", "bot", "easy")]


@pytest.fixture
def language():
    """Install a language for the test; English again afterwards."""
    yield i18n.install_language
    i18n.install_language("en")


def played_steps(seed: int) -> list[Step]:
    """Every step of a whole two-player game played by Easy bots."""
    driver = Match(BOTS, seed, threaded=False)
    while not driver.is_over():
        action = driver.automatic_action()
        assert action is not None
        driver.apply(action)
    return driver.steps


STEPS = played_steps(5)


def seats_with_you() -> list[Seat]:
    """The player under the default name (in the language installed now) and a bot."""
    return [Seat(_("You"), "red", "human"), Seat(_("Grok"), "blue", "bot", "easy")]


def test_every_log_line_about_you_reads_right_in_english(language):
    language("en")
    seats = seats_with_you()
    lines = [describe(step, seats) for step in STEPS if step.actor in (0, -1)]
    yours = [line for line in lines if re.match(r"You \w", line)]
    assert len(yours) > 30
    # A verb after "You" never has the third person's -s ("You uses", "You adds", "You takes").
    verbs = {line.split()[1] for line in yours}
    assert not [verb for verb in verbs if verb.endswith("s")], verbs
    assert {"placed", "used", "rolled"} <= verbs


def test_the_lines_that_said_uses_adds_and_takes_are_in_the_past_tense(language):
    language("en")
    seats = seats_with_you()
    used = next(step for step in STEPS if isinstance(step.action, Resolve) and step.actor == 0)
    assert describe(used, seats).startswith("You used the ")
    tools = next(s for s in STEPS if isinstance(s.action, UseTools) and s.actor == 0)
    no_tools = step_of(tools.before, UseTools((), ()))
    assert describe(no_tools, seats).startswith("You added no tools to ")


def test_the_banner_speaks_to_the_player_when_their_dice_are_rolled(language):
    language("en")
    state = rolling_state(seat=0)
    assert banner(state, seats_with_you(), False) == ("Your dice are rolled…", 0)
    # Two people at the table: each is named.
    two = [Seat("Ann", "red", "human"), Seat("Bo", "blue", "human")]
    assert banner(state, two, False)[0] == "Ann rolls the dice…"
    assert banner(rolling_state(seat=1), seats_with_you(), False)[0] == "Grok rolls the dice…"


@pytest.mark.parametrize("code", ["zh", "ja"])
def test_the_log_names_you_in_the_language_of_the_game(language, code):
    language(code)
    you = _("You")
    assert you != "You"
    seats = seats_with_you()
    lines = [describe(step, seats) for step in STEPS if step.actor == 0]
    assert lines and all(you in line for line in lines if line)
    assert not [line for line in lines if "You" in line]


def rolling_state(seat: int) -> GameState:
    """A state where the dice of ``seat``'s group are to be rolled (a chance node)."""
    for step in STEPS:
        state = step.after
        pending = state.pending
        if pending is not None and pending.kind == ROLL and state.turn == seat:
            return state
    return new_game(2, seed=1)  # not reached: every game rolls for both seats
