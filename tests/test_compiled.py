"""The rules engine's two paths: compiled by mypyc in a wheel built here, plain Python otherwise.

The whole suite runs on the plain Python (the checkout, as the README's test command installs
it). This module takes the wheel built once a run (``dists``: where a C compiler works it
carries the compiled rules), installed into a fresh virtual environment, and there checks
that it reports the compiled path, draws the title screen, plays the same games as the plain
Python and passes the rules' tests, the golden games, the replay fixtures and the bots'
fingerprint tests: a compiled smoke run of what pins the game's behaviour, not a second run of
the whole suite (the window's tests would double the CI time and exercise no compiled code of
their own beyond what these do).
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.test_packaging import (
    VERSION,
    command_path,
    count_colours,
    outside_env,
    run,
)

ROOT = Path(__file__).resolve().parents[1]
# The tests copied beside the installed game and run there on its compiled modules.
SMOKE_TESTS = ("tests/rules", "tests/ai", "tests/around/test_files_of_b2fa461.py")


def setup_literal(name: str) -> object:
    """A constant of ``setup.py``, read without running it."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == name for target in node.targets
        ):
            return ast.literal_eval(node.value)
    raise AssertionError(f"setup.py has no {name}")


@pytest.fixture(scope="module")
def wheel(dists: dict[str, Path | str]) -> Path:
    """The wheel built from the checkout's sdist (``dists``, built once a run and shared with
    ``test_packaging``), which compiles as ``pip install .`` does."""
    built = Path(dists["wheel"])
    if built.name.endswith("-py3-none-any.whl"):
        reason = [line for line in str(dists["log"]).splitlines() if "plain Python" in line]
        pytest.skip(f"the wheel was built without compiling: {' '.join(reason) or '?'}")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, wheel_venv: Path) -> Path:
    """A fresh virtual environment with the compiled wheel; returns its python."""
    return wheel_venv


def engine_of(python: Path, cwd: Path, pure: bool = False) -> str:
    """``stoneage.rules.engine()`` in that Python (with ``STONEAGE_PURE=1`` when ``pure``)."""
    env = outside_env(cwd)
    env["STONEAGE_PURE"] = "1" if pure else "0"
    done = run([python, "-c", "import stoneage.rules as r; print(r.engine())"], cwd=cwd, env=env)
    return done.stdout.strip()


GAMES = """
import json, random
from stoneage.ai import Budget, HardBot
from stoneage.rules import CHANCE, engine, new_game, sample_chance
games = []
for seed in range(12):
    rng = random.Random(seed)
    state = new_game(2 + seed % 3, seed=seed)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
    games.append([state.ply, [row["total"] for row in state.final_scoring()], state.winners(),
                  str(state.actions_taken()[-1]), len(state.to_json())])
state = new_game(2, seed=5)
while state.current_player() == CHANCE:
    state = state.apply(sample_chance(state, random.Random(state.ply)))
hard = HardBot(seed=3, budget=Budget.rollouts(60))
games.append([str(hard.choose(state.view(state.current_player())))])
try:
    new_game(2, seed=1).apply("place hunt 11")
except Exception as error:
    games.append([type(error).__name__, str(error)])
print(json.dumps({"engine": engine(), "games": games}))
"""


def test_the_wheel_carries_every_compiled_module_beside_its_source(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    for source in setup_literal("COMPILED_MODULES"):
        stem = source.removesuffix(".py")
        assert source in names  # the plain Python stays, for STONEAGE_PURE=1
        assert [n for n in names if n.startswith(stem + ".") and n.endswith((".so", ".pyd"))]
    library = setup_literal("COMPILED_GROUP").replace(".", "/") + "__mypyc."
    assert [n for n in names if n.startswith(library)]
    assert not [n for n in names if n.startswith("stoneage/rules/_engine.") and n[-3:] != ".py"]


def test_installed_wheel_runs_compiled_and_plain_on_request(venv: Path, tmp_path: Path) -> None:
    assert engine_of(venv, tmp_path) == "compiled"
    assert engine_of(venv, tmp_path, pure=True) == "pure"
    stoneage = command_path(venv.parent, "stoneage")
    done = run([stoneage, "--version"], cwd=tmp_path, env=outside_env(tmp_path))
    assert done.stdout.startswith(f"stoneage {VERSION}, rules engine compiled (mypyc)")
    env = dict(outside_env(tmp_path), STONEAGE_PURE="1")
    done = run([stoneage, "--version"], cwd=tmp_path, env=env)
    assert "rules engine pure Python" in done.stdout


def test_installed_wheel_draws_the_title_and_logs_the_compiled_path(
    venv: Path, tmp_path: Path
) -> None:
    png = tmp_path / "title.png"
    stoneage = command_path(venv.parent, "stoneage")
    run([stoneage, "--smoke", png.name], cwd=tmp_path, env=outside_env(tmp_path))
    assert count_colours(png) >= 16
    # The log's first line (written when the game or the frozen launcher starts logging).
    start = "from stoneage.resources import setup_logging; setup_logging()"
    run([venv, "-c", start], cwd=tmp_path, env=outside_env(tmp_path))
    logged = (tmp_path / "logs" / "stoneage.log").read_text(encoding="utf-8")
    assert "rules engine compiled (mypyc)" in logged.splitlines()[0]


def test_both_paths_play_the_same_games(venv: Path, tmp_path: Path) -> None:
    answers = {}
    for pure in (False, True):
        env = dict(outside_env(tmp_path), STONEAGE_PURE="1" if pure else "0")
        answers[pure] = json.loads(run([venv, "-c", GAMES], cwd=tmp_path, env=env).stdout)
    assert answers[False]["engine"] == "compiled" and answers[True]["engine"] == "pure"
    assert answers[False]["games"] == answers[True]["games"]


def test_the_rules_tests_pass_on_the_compiled_path(venv: Path, tmp_path: Path) -> None:
    """The rules' tests, the golden games, the replay fixtures and the bots' fingerprints, run
    from a copy beside the installed game (so ``stoneage`` is the compiled one, not the
    checkout's)."""
    # The tests folder (their conftests and helpers), the tools some of them import and the
    # frozen reference bots (bench/frozen, never installed); only the tests above run.
    for folder in ("tests", "tools", "bench"):
        skip = shutil.ignore_patterns("__pycache__")
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=skip)
    env = dict(outside_env(tmp_path / "home"), STONEAGE_PURE="0")
    check = "import stoneage.rules as r, sys; sys.exit(r.engine() != 'compiled')"
    run([venv, "-c", check], cwd=tmp_path, env=env)
    command = [venv, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", *SMOKE_TESTS]
    done = subprocess.run(
        [str(part) for part in command],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout


def test_the_checkout_runs_the_plain_python() -> None:
    """The test command's editable install never compiles: the whole suite runs pure."""
    done = subprocess.run(
        [sys.executable, "-c", "import stoneage.rules as r; print(r.engine(), r.__file__)"],
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "STONEAGE_PURE"},
        check=True,
    )
    engine, where = done.stdout.split()
    assert engine == "pure" and Path(where).is_relative_to(ROOT)
