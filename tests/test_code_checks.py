"""The checks every change must pass, run as part of the test command.

ruff (lint and format), mypy and import-linter are configured in ``pyproject.toml`` and
installed by the ``test`` extra; running them here means the README's one test command (and so
CI) runs them too. Each test shows the tool's own report when it fails.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    """Run a checking tool at the repository root and capture what it says."""
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, check=False, timeout=600
    )


def _tool(name: str) -> str:
    """The tool's executable beside this interpreter (the test venv), else on PATH."""
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]'")
    return found


def _assert_clean(result: subprocess.CompletedProcess[str]) -> None:
    """Fail with the tool's output unless it exited 0."""
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout}\n{result.stderr}"


def test_ruff_finds_nothing() -> None:
    """``ruff check`` with the rule set of pyproject.toml reports no finding."""
    _assert_clean(_run(_tool("ruff"), "check", "--no-cache", "."))


def test_code_is_formatted() -> None:
    """Every file is as ``ruff format`` would write it."""
    _assert_clean(_run(_tool("ruff"), "format", "--check", "--no-cache", "."))


def test_mypy_reports_no_error() -> None:
    """mypy over the whole package, with the flags of --strict, reports no error."""
    _assert_clean(_run(_tool("mypy")))


def test_import_contracts_are_kept() -> None:
    """The layers, the pygame-free core and the absence of import cycles (import-linter)."""
    _assert_clean(_run(_tool("lint-imports"), "--no-cache"))
