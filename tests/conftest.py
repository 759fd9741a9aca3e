"""Fixtures for every test package, and how the suite shares the machine's cores.

The README's ``python -m pytest`` runs on every core (pytest-xdist: ``-n logical --dist
loadgroup`` in pyproject.toml's addopts; ``-n0`` runs in one process). Each test goes to
whichever worker is free, except the tests that share a costly session fixture (the wheel built
once a run, and the virtual environment it is installed in): they form one ``xdist_group``, so
that one worker builds it once and runs them one after another, and the group is handed out
first (pytest-xdist starts with the largest groups) instead of trailing at the end.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stoneage.records import Records

# Session fixture -> the xdist group of every test that uses it (directly or not).
SHARED_FIXTURES = {"dists": "wheel", "wheel_venv": "wheel"}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's hook, which reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the tests that use a shared session fixture into its group (see the docstring)."""
    for item in items:
        names = getattr(item, "fixturenames", ())
        groups = {group for name, group in SHARED_FIXTURES.items() if name in names}
        for group in sorted(groups):
            item.add_marker(pytest.mark.xdist_group(group))


# Set in a worker of ``--dist loadgroup`` where pytest-xdist ignored the groups (see below).
GROUPS_IGNORED = pytest.StashKey[bool]()


def pytest_collection_finish(session: pytest.Session) -> None:
    """In a worker of ``--dist loadgroup``, note whether pytest-xdist kept the groups: it marks
    a grouped test's id with ``@group``. With pytest 9.2 and pytest-xdist 3.8 it silently does
    not (pytest-xdist#1386), and two workers would build the wheel at once in the checkout;
    the test extra keeps pytest below 9.2 until a pytest-xdist release fixes it."""
    if getattr(session.config.option, "loadgroup", False):
        session.config.stash[GROUPS_IGNORED] = any(
            item.get_closest_marker("xdist_group") and "@" not in item.nodeid
            for item in session.items
        )


def require_the_groups(config: pytest.Config) -> None:
    """Fail where pytest-xdist ignored the groups (``pytest_collection_finish``)."""
    if config.stash.get(GROUPS_IGNORED, False):
        pytest.fail(
            "pytest-xdist ignored the xdist_group marks (pytest-xdist#1386, pytest 9.2 with "
            "pytest-xdist 3.8): install the test extra's pytest (below 9.2)"
        )


@pytest.fixture(scope="session")
def dists(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path | str]:
    """The sdist and the wheel built from it (``python -m build``), once a run: the wheel
    compiles the rules with mypyc, minutes of work that test_packaging and test_compiled share."""
    from tests.test_packaging import build_dists

    require_the_groups(request.config)

    return build_dists(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="session")
def wheel_venv(dists: dict[str, Path | str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with that wheel installed, once a run; returns its python.
    Its tests only run it, never install into it."""
    from tests.test_packaging import install_wheel

    return install_wheel(Path(dists["wheel"]), tmp_path_factory.mktemp("venv"))


@pytest.fixture
def records(tmp_path, monkeypatch):
    """The player's records as a program starts with them, in a temporary data folder; the
    autosave's slot given back after the test."""
    monkeypatch.setenv("STONEAGE_HOME", str(tmp_path))
    made = Records()
    yield made
    made.close()
