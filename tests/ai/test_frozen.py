"""The frozen reference ``hard1`` plays exactly as Hard did at commit 0bad382.

The golden fingerprints below were recorded from a checkout of 0bad382 with
``PYTHONPATH=<checkout> python tests/ai/fingerprints.py hard``; the frozen copy must reproduce
them decision for decision, whatever later happens to the live bots.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from fingerprints import GAMES, fingerprint

from stoneage.ai import ALL_LEVELS, LEVELS, make_bot
from stoneage.ai.frozen import hard1

GOLDEN = {
    (2, 11, 16): ("7fc9b9609b0f4ca9545c", [208, 290]),
    (3, 12, 10): ("30bb0e65dad6b0f98bbb", [193, 213, 152]),
    (4, 13, 8): ("b21b4e6c819b681cbda2", [182, 145, 125, 143]),
}


@pytest.mark.parametrize("game", GAMES)
def test_hard1_makes_the_decisions_hard_made_at_0bad382(game: tuple[int, int, int]) -> None:
    assert fingerprint("hard1", *game) == GOLDEN[game]


def test_hard1_is_a_reference_level_not_offered_to_players() -> None:
    assert "hard1" in ALL_LEVELS and "hard1" not in LEVELS
    bot = make_bot("hard1", 3)
    assert isinstance(bot, hard1.HardBot) and bot.level == "hard1"


def test_the_frozen_copy_imports_nothing_live_but_the_bot_interface() -> None:
    """Only ``stoneage.ai.bots.Bot`` (the interface) and the rules come from outside it."""
    folder = Path(hard1.__file__).parent
    for source in folder.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                module = node.module
                assert (
                    module.startswith("stoneage.rules")
                    or module == "stoneage.ai.bots"
                    or (not module.startswith("stoneage"))
                ), f"{source.name} imports {module}"
                if module == "stoneage.ai.bots":
                    assert [alias.name for alias in node.names] == ["Bot"]
