"""Which path runs: the rules engine (and Hard's rollouts) compiled by mypyc, or the same modules
as plain Python.

A wheel built where a C compiler works carries, beside every module of the rules but this one
and ``__init__`` and beside the modules of Hard's rollouts in ``stoneage.ai``
(``setup.py``'s ``COMPILED_MODULES``), an extension module compiled from it, and Python imports an
extension module in preference to the ``.py`` file of the same name. Everywhere else (an
editable install, a checkout, an sdist built without a compiler) only the ``.py`` files exist.

``STONEAGE_PURE=1`` in the environment runs the plain Python even where compiled modules are
installed: this module, imported by ``stoneage.rules`` before any other of its modules and never
compiled itself, then puts a finder first in ``sys.meta_path`` that loads the modules of both
packages from their ``.py`` files. (``stoneage.ai`` imports ``stoneage.rules`` before any
compiled module of its own, and a package is always imported before its modules.) The
benchmarks and the tests run both paths in one installation this way. A frozen build keeps no
``.py`` files, so there the variable changes nothing.

``engine()`` says which path runs (``stoneage --version`` and the log's first line print it).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType

PURE_VARIABLE = "STONEAGE_PURE"
_RULES = Path(__file__).resolve().parent
# The packages holding compiled modules, and their folders.
PACKAGES = {"stoneage.rules": _RULES, "stoneage.ai": _RULES.parent / "ai"}


def pure_requested() -> bool:
    """True when ``STONEAGE_PURE`` asks for the plain Python (any value but empty or ``0``)."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


class SourceFinder(MetaPathFinder):
    """Finds each module of the compiled packages as its ``.py`` file, ahead of a compiled one."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The spec of ``fullname`` from its source file, for those packages' own modules."""
        package, _, name = fullname.rpartition(".")
        folder = PACKAGES.get(package)
        if folder is None or not (folder / f"{name}.py").is_file():
            return None
        return importlib.util.spec_from_file_location(fullname, folder / f"{name}.py")


if pure_requested() and not any(isinstance(f, SourceFinder) for f in sys.meta_path):
    sys.meta_path.insert(0, SourceFinder())


def _compiled_beside(source: Path) -> bool:
    """Whether an extension module was built from this ``.py`` file (it lies beside it)."""
    return any(source.with_name(source.stem + suffix).is_file() for suffix in EXTENSION_SUFFIXES)


def engine() -> str:
    """``"compiled"`` when the loaded modules that were compiled run compiled, ``"pure"`` when
    none runs compiled (nothing compiled is installed, or ``STONEAGE_PURE``), ``"mixed"`` when
    some run compiled and others run from the source they were compiled from (a broken
    install)."""
    compiled = python_with_compiled = 0
    for name, module in list(sys.modules.items()):
        if name.rpartition(".")[0] not in PACKAGES or module is None:
            continue
        where = str(getattr(module, "__file__", None) or "")
        if where.endswith(tuple(EXTENSION_SUFFIXES)):
            compiled += 1
        elif where.endswith(".py") and _compiled_beside(Path(where)):
            python_with_compiled += 1
    if not compiled:
        return "pure"
    return "mixed" if python_with_compiled else "compiled"


def describe() -> str:
    """The path in words, for ``--version`` and the log."""
    return {
        "compiled": "compiled (mypyc)",
        "pure": "pure Python",
        "mixed": "MIXED compiled and pure Python (a broken install?)",
    }[engine()]
