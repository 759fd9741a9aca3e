"""The log and the sounds say exactly what they said before the rules told their events (issue
42): whole seeded games of 2, 3 and 4 players (Normal and Easy bots, and random bots, which
go hungry, decline and take the two-resources card), told again from today's events, give the
same lines (kinds, seats, values, paragraphs in English, Chinese and Japanese), the same cues,
the same round begun and the same end as commit 1550f13 gave for the same actions.

``tests/fixtures/1550f13/stories.json.gz`` is what 1550f13 said (made by the script beside
it, run at that commit with today's catalogs, whose words changed since on purpose).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from stoneage import i18n
from stoneage.play.match import Step, step_of
from stoneage.play.story import Story, tell
from stoneage.rules import new_game

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "1550f13" / "stories.json.gz"


@cache
def recorded() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(gzip.decompress(FIXTURE.read_bytes()))
    return loaded


@cache
def replayed(index: int) -> tuple[Step, ...]:
    """The steps of a recorded game, its actions applied again with today's rules."""
    game = recorded()["games"][index]
    state = new_game(game["players"], seed=game["seed"])
    steps = []
    for text in game["actions"]:
        steps.append(step_of(state, text))
        state = steps[-1].after
    assert state.is_terminal()
    return tuple(steps)


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.install_language("en")


def _data(story: Story) -> dict[str, Any]:
    def plain(v: object) -> object:
        return list(v) if isinstance(v, tuple) else v

    return {
        "lines": [
            [t.kind, t.seat, {k: plain(v) for k, v in t.values.items()}] for t in story.lines
        ],
        "breaks": list(story.breaks),
        "cues": [[c.name, c.count, list(c.seats)] for c in story.cues],
        "new_round": story.new_round,
        "game_over": story.game_over,
    }


GAMES = [
    pytest.param(i, id=f"{g['players']}p-seed{g['seed']}-{'-'.join(g['levels'])}")
    for i, g in enumerate(recorded()["games"])
]


@pytest.mark.parametrize("index", GAMES)
def test_every_step_is_told_and_sounded_as_1550f13_told_it(index: int, language: None) -> None:
    game = recorded()["games"][index]
    names = list(recorded()["names"][: game["players"]])
    different = []
    for number, (step, before) in enumerate(zip(replayed(index), game["steps"], strict=True)):
        story = tell(step)
        now = _data(story)
        was = {k: before[k] for k in now}
        said = {}
        for code in ("en", "zh", "ja"):
            i18n.install_language(code)
            said[code] = story.paragraphs(names)
        if now != was or said != before["said"]:
            different.append((number, game["actions"][number], now, was, said, before["said"]))
    assert different == [], different[:3]


def test_the_recorded_games_meet_every_kind_of_line_and_cue() -> None:
    """Together the games tell every kind of line and sound every cue of a step, so the
    comparison above is not vacuous."""
    kinds = {line[0] for g in recorded()["games"] for s in g["steps"] for line in s["lines"]}
    cues = {cue[0] for g in recorded()["games"] for s in g["steps"] for cue in s["cues"]}
    assert kinds >= {
        "placed", "used", "rolled", "rolled_for_tools", "tools", "no_tools", "bought", "built",
        "declined", "items", "took_item", "took_two", "fed", "starved", "ate", "short",
        "hungry", "drew_extra", "cannot_pay",
    }  # fmt: skip
    assert cues >= {
        "dice", "wood", "brick", "stone", "gold", "food", "tool_gain", "tool_use", "card",
        "building", "birth", "track", "feeding", "hunger", "new_round",
    }  # fmt: skip
