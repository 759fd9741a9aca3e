"""The frozen reference bots (``hard1``): earlier Hards kept exactly as they played, to measure
later ones against. Only the headless runner and the benchmarks seat them, never a player.

They are not part of the installed game: they live in a checkout's ``bench/frozen`` (package
``bench.frozen``), so a wheel, an installer or the frozen program carries none of them. From a
checkout they are found where they are importable already (the tests, ``python -m`` run in the
checkout), else beside this package's own source (an editable install run from elsewhere), else
in the current folder (a benchmark script run in the checkout against an installed game).
Anywhere else ``MissingReference`` says where they are.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

from .bots import Bot
from .hard import Budget

REFERENCE_LEVELS = ("hard1",)  # frozen earlier Hards, for the headless runner only
PACKAGE = "bench.frozen"  # where the checkout keeps them (bench/frozen/<level>/)


class MissingReference(LookupError):
    """A reference level that this installation cannot find (it is not in a checkout)."""


def checkouts() -> list[Path]:
    """The folders that may be a checkout holding ``bench/frozen``: the one this package's
    source sits in (an editable install, or the checkout itself), then the current folder."""
    return [Path(__file__).resolve().parents[2], Path.cwd()]


def missing_reason(level: str) -> str | None:
    """Why the reference ``level`` cannot be played here, in a sentence (None: it can)."""
    try:
        reference_module(level)
    except MissingReference as missing:
        return str(missing)
    return None


def reference_module(level: str) -> ModuleType:
    """The frozen package of ``level`` (e.g. ``bench.frozen.hard1``), imported.

    Raises ``MissingReference`` when no checkout holding it is found, and ``ValueError`` for a
    level that is no reference."""
    if level not in REFERENCE_LEVELS:
        raise ValueError(f"{level!r} is not a reference level ({', '.join(REFERENCE_LEVELS)})")
    name = f"{PACKAGE}.{level}"
    parts = name.split(".")
    prefixes = {".".join(parts[: i + 1]) for i in range(len(parts))}  # bench, bench.frozen, ...
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name not in prefixes:
            raise  # the frozen copy is there but something it imports is not: a real error
    for root in checkouts():
        if (root.joinpath(*parts) / "__init__.py").is_file():
            sys.path.append(str(root))
            importlib.invalidate_caches()
            try:
                return importlib.import_module(name)
            except ModuleNotFoundError as error:
                if error.name not in prefixes:
                    raise
                # another package named bench shadows the checkout's: say so below
    raise MissingReference(
        f"{level} is a frozen reference bot kept in a checkout of the game's repository "
        f"(bench/frozen/{level}), not in the installed game: run this from a checkout "
        "(pip install -e . there, or python -m stoneage.sim in its folder)"
    )


def reference_bot(level: str, seed: int = 0, budget: Budget | None = None) -> Bot:
    """A reference bot of ``level`` owning ``random.Random(seed)``, thinking with ``budget`` in
    its own terms (``frozen_budget``)."""
    frozen = reference_module(level)
    bot = frozen.HardBot(seed, frozen_budget(frozen, budget))
    if not isinstance(bot, Bot):
        raise TypeError(f"{frozen.__name__}.HardBot is not a Bot")
    return bot


def frozen_budget(frozen: ModuleType, budget: Budget | None) -> object:
    """The live budget in a frozen bot's terms (its own ``Budget`` class): the same exact
    rollouts or the same seconds; otherwise (the default budget) the frozen bot's own default."""
    if budget is not None and budget.exact and budget.iterations is not None:
        return frozen.Budget.rollouts(budget.iterations)
    if budget is not None and budget.seconds is not None:
        return frozen.Budget(seconds=budget.seconds, game_seconds=budget.game_seconds)
    return frozen.Budget()  # its own default: 0.45 s a placement, 25 s a game
