"""The frozen reference ``hard1`` plays exactly as Hard did at commit 0bad382.

The golden fingerprints below were recorded from a checkout of 0bad382 with
``PYTHONPATH=<checkout> python tests/ai/fingerprints.py hard``; the frozen copy must reproduce
them decision for decision, whatever later happens to the live bots.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fingerprints import GAMES, fingerprint

from bench.frozen import hard1
from stoneage.ai import ALL_LEVELS, LEVELS, Budget, make_bot, references
from stoneage.sim.__main__ import parse_args

CHECKOUT = Path(__file__).resolve().parents[2]

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


def test_the_frozen_copies_are_not_in_the_package() -> None:
    """``hard1`` lives in the checkout's ``bench/frozen``: the game's package has no copy."""
    package = Path(references.__file__).parent.parent
    assert not (package / "ai" / "frozen").exists()
    assert not Path(hard1.__file__).is_relative_to(package)
    assert Path(hard1.__file__).parent.parts[-3:] == ("bench", "frozen", "hard1")


def forget_the_checkout(monkeypatch: pytest.MonkeyPatch, cwd: Path) -> None:
    """As in a process started outside the checkout: ``bench`` neither imported nor importable
    from ``sys.path``, the current folder elsewhere (all given back after the test)."""
    root = str(Path(hard1.__file__).parents[3])
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in (root, "", ".")])
    for name in [m for m in sys.modules if m == "bench" or m.startswith("bench.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.chdir(cwd)


def test_a_reference_is_found_in_a_checkout_not_on_the_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Not importable (a runner started elsewhere): found in a checkout that holds it, imported
    from there, and playing as ``hard1``."""
    root = Path(hard1.__file__).parents[3]
    forget_the_checkout(monkeypatch, tmp_path)
    monkeypatch.setattr(references, "checkouts", lambda: [tmp_path, root])
    bot = make_bot("hard1", 3, Budget.rollouts(4))
    assert type(bot).__module__ == "bench.frozen.hard1.hard" and bot.level == "hard1"
    assert str(root) in sys.path and str(tmp_path) not in sys.path


def test_without_a_checkout_a_reference_says_where_it_lives(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An installed wheel has no ``bench``: ``make_bot`` and the runner say so in words."""
    forget_the_checkout(monkeypatch, tmp_path)
    monkeypatch.setattr(references, "checkouts", lambda: [tmp_path])
    with pytest.raises(references.MissingReference, match=r"checkout .*bench/frozen/hard1"):
        make_bot("hard1", 3)
    assert "bench/frozen/hard1" in (references.missing_reason("hard1") or "")
    with pytest.raises(SystemExit) as exited:
        parse_args(["--seats", "hard,hard1"])
    assert exited.value.code == 2
    assert parse_args(["--seats", "hard,normal"]).levels == ("hard", "normal")  # no checkout needed


@pytest.mark.skipif(
    not Path(references.__file__).is_relative_to(CHECKOUT),
    reason="the game is installed, not run from this checkout (the compiled smoke run)",
)
def test_the_runner_started_outside_the_checkout_seats_hard1(tmp_path: Path) -> None:
    """``python -m stoneage.sim --seats hard,hard1`` from another folder, with the editable
    install of the test command: the runner (and its worker processes) find the checkout's
    ``bench/frozen`` beside the package."""
    command = [sys.executable, "-m", "stoneage.sim", "--seats", "hard,hard1", "--games", "2"]
    command += ["--hard-rollouts", "2", "--jobs", "2", "--json", "--quiet"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert set(json.loads(done.stdout)["levels"]) == {"hard", "hard1"}
