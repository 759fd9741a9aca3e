#!/usr/bin/env python3
"""Compile the translation catalogs ``i18n/*.po`` to ``.mo`` files with Babel (``pybabel compile``).

Each ``i18n/<lang>.po`` (or ``i18n/<lang>/LC_MESSAGES/<anything>.po``) becomes
``stoneage/locale/<lang>/LC_MESSAGES/stoneage.mo``: the folder ``stoneage.i18n`` reads from
source, and the one ``build_exe.spec`` bundles at the same relative place. ``setup.py`` calls
``compile_all`` to put the catalogs into the wheel (``build/lib/stoneage/locale``), or into the
checkout for an editable install. The ``.mo`` files are build output (git ignores ``*.mo``). No
``.po`` file is not an error: the game is then English only.

Usage: ``python tools/compile_catalogs.py [--i18n DIR] [--out DIR]`` (needs ``pip install babel``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOMAIN = "stoneage"
DEFAULT_I18N = ROOT / "i18n"
DEFAULT_OUT = ROOT / "stoneage" / "locale"


def find_catalogs(i18n_dir: Path) -> dict[str, Path]:
    """The ``.po`` file of each language found under ``i18n_dir``, by language code."""
    catalogs: dict[str, Path] = {}
    if not i18n_dir.is_dir():
        return catalogs
    for po in sorted(i18n_dir.glob("*.po")):
        catalogs[po.stem] = po
    for po in sorted(i18n_dir.glob("*/LC_MESSAGES/*.po")):
        catalogs.setdefault(po.parent.parent.name, po)
    return catalogs


def mo_path(out_dir: Path, language: str) -> Path:
    """Where the compiled catalog of ``language`` goes."""
    return out_dir / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def compile_catalog(po: Path, mo: Path) -> bool:
    """``pybabel compile -i po -o mo -D stoneage --statistics`` (Babel's own command line).

    Returns False when Babel skipped the catalog (a catalog marked fuzzy as a whole is skipped,
    with a message saying so); a catalog with errors raises.
    """
    from babel.messages.frontend import CommandLineInterface

    mo.parent.mkdir(parents=True, exist_ok=True)
    mo.unlink(missing_ok=True)  # never ship a stale catalog
    argv = ["pybabel", "compile", "-i", str(po), "-o", str(mo), "-D", DOMAIN, "--statistics"]
    status = CommandLineInterface().run(argv)
    if status:  # Babel returns 1 when a catalog has errors
        raise RuntimeError(f"pybabel compile failed for {po}")
    return mo.is_file()


def compile_all(i18n_dir: Path = DEFAULT_I18N, out_dir: Path = DEFAULT_OUT) -> list[Path]:
    """Compile every catalog; returns the ``.mo`` files written (empty without catalogs)."""
    written = []
    for language, po in find_catalogs(i18n_dir).items():
        mo = mo_path(out_dir, language)
        if compile_catalog(po, mo):
            written.append(mo)
        else:
            print(
                f"warning: {po} was not compiled (marked fuzzy?): {language} stays English",
                file=sys.stderr,
            )
    return written


def main(argv: list[str] | None = None) -> int:
    """Command line: compile and list what was written."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--i18n", type=Path, default=DEFAULT_I18N, help="folder of .po files (default: i18n/)"
    )
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="locale folder (default: stoneage/locale)"
    )
    args = parser.parse_args(argv)
    written = compile_all(args.i18n, args.out)
    for mo in written:
        print(mo)
    if not written:
        print(f"no catalogs in {args.i18n}: English only")
    return 0


if __name__ == "__main__":
    sys.exit(main())
