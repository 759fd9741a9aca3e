#!/usr/bin/env python3
"""Maintain the translation catalogs with Babel (its command line, ``pybabel``, run in-process).

Subcommands:

* ``extract``: scan ``stoneage/`` (UI and the rules engine's reasons) into ``i18n/stoneage.pot``.
* ``update``: extract, then merge the template into every ``i18n/<lang>.po`` (new strings are
  added empty, changed ones marked fuzzy; nothing is dropped silently: obsolete ones become ``#~``).
* ``compile``: ``i18n/<lang>.po`` -> ``stoneage/locale/<lang>/LC_MESSAGES/stoneage.mo``
  (the same step as ``tools/compile_catalogs.py``).
* ``check``: fail when a catalog has an untranslated or fuzzy entry, a msgid the template lacks
  or the template has a msgid the catalog lacks, or Babel's checkers (placeholders, plural forms)
  complain; also when the code has a string the template does not, or a translation breaks the
  glossary (``i18n/glossary.yaml``: one name for each game term, see ``glossary_problems``).

Usage: ``python tools/i18n_catalogs.py {extract,update,compile,check}`` (needs ``pip install babel``).
After changing catalogs, re-run ``tools/build_fonts.py`` so the fonts hold every character.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml
from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "i18n"
POT = I18N / "stoneage.pot"
GLOSSARY = I18N / "glossary.yaml"
LANGUAGES = ("en", "zh", "ja")
TRANSLATED = ("zh", "ja")  # the languages the glossary holds translations to
# The marking functions of stoneage/i18n.py; ``1c`` marks the argument that is the context.
KEYWORDS = ("_", "N_", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3", "NP_:1c,2")


def pybabel(*args: str) -> None:
    """Run one ``pybabel`` command; raise when it fails."""
    status = CommandLineInterface().run(["pybabel", "-q", *args])
    if status:
        raise RuntimeError(f"pybabel {' '.join(args)} failed ({status})")


def extract(pot: Path = POT) -> Path:
    """Write the template of every marked string in ``stoneage/`` to ``pot``.

    Run from the repository root so the ``#:`` locations read ``stoneage/...``.
    """
    keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        pybabel(
            "extract",
            "-F",
            "babel.cfg",
            "--no-default-keywords",
            *keywords,
            "--add-comments=TRANSLATORS:",
            "--sort-by-file",
            "--project=stoneage",
            "--no-wrap",
            "-o",
            str(pot),
            "stoneage",
        )
    finally:
        os.chdir(here)
    return pot


def update() -> None:
    """Extract, then merge the template into each language's catalog."""
    extract()
    for lang in LANGUAGES:
        po = I18N / f"{lang}.po"
        if po.exists():
            pybabel(
                "update",
                "-i",
                str(POT),
                "-o",
                str(po),
                "-l",
                lang,
                "--no-wrap",
                "--ignore-pot-creation-date",
                "--ignore-obsolete",
            )
        else:
            pybabel("init", "-i", str(POT), "-o", str(po), "-l", lang, "--no-wrap")


def compile_all() -> None:
    """Compile every catalog where the game reads it."""
    sys.path.insert(0, str(ROOT / "tools"))
    import compile_catalogs

    for mo in compile_catalogs.compile_all():
        print(mo)


def load(po: Path, lang: str | None = None) -> Catalog:
    """A catalog read with Babel."""
    with po.open("rb") as source:
        return read_po(source, locale=lang)


def ids(catalog: Catalog) -> set:
    """The messages of a catalog as (context, singular id) pairs, header excluded: one msgid
    with two contexts is two messages."""
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def shown(key: tuple[str | None, str]) -> str:
    """A message key as a report line names it: ``'Next'`` or ``'Next' (context 'lesson step')``."""
    context, msgid = key
    return f"{msgid!r}" + (f" (context {context!r})" if context is not None else "")


def problems(lang: str, template: Catalog) -> list[str]:
    """What is wrong with one catalog (empty when it is complete and consistent)."""
    catalog = load(I18N / f"{lang}.po", lang)
    found = []
    for message in catalog:
        if not message.id:
            continue
        label = f"{lang}: {shown((message.context, message.id))}"
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if message.fuzzy:
            found.append(f"{label} is fuzzy")
        if not all(strings):
            found.append(f"{label} is untranslated")
        found += [f"{label}: {error}" for error in message.check(catalog)]
    found += [f"{lang}: missing {shown(m)}" for m in sorted(ids(template) - ids(catalog), key=str)]
    found += [
        f"{lang}: not in the code {shown(m)}" for m in sorted(ids(catalog) - ids(template), key=str)
    ]
    return found


# --- the glossary: one name for each game term -----------------------------------------------------
def read_glossary(path: Path = GLOSSARY) -> list[dict[str, Any]]:
    """The terms of ``i18n/glossary.yaml`` (its header says what each field means)."""
    with path.open(encoding="utf-8") as source:
        return list(yaml.safe_load(source)["terms"])


def _english(message: Any) -> str:
    """A message's English: its msgid, and its plural on the next line."""
    return message.id if isinstance(message.id, str) else "\n".join(message.id)


def _translations(message: Any) -> list[str]:
    """A message's translation (every plural form)."""
    return [message.string] if isinstance(message.string, str) else list(message.string)


def _singular(message: Any) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def _excuses(exception: dict[str, Any], message: Any, lang: str) -> bool:
    """Whether a glossary exception names this message in this language."""
    return (
        exception["msgid"] == _singular(message)
        and exception.get("context") == message.context
        and lang in exception.get("languages", TRANSLATED)
    )


def term_problems(term: dict[str, Any], lang: str, messages: Iterable[Any]) -> list[str]:
    """Where the ``lang`` translations of ``messages`` break one glossary term: a forbidden
    variant, the term's name missing where the English has the term, or an exception that
    excuses nothing."""
    english = re.compile(term["english"]) if term.get("english") else None
    forbidden = [re.compile(p) for p in term.get("forbid", {}).get(lang, ())]
    required = term.get("require", {}).get(lang)
    exceptions = term.get("exceptions", ())
    used = set()
    found = []
    for message in messages:
        if not message.id or (english is not None and not english.search(_english(message))):
            continue
        broken = []
        for text in _translations(message):
            broken += [
                f"says {hit.group()!r}" for pattern in forbidden if (hit := pattern.search(text))
            ]
            if required and not re.search(required, text):
                broken.append(f"lacks {required!r}")
        if not broken:
            continue
        excused = [i for i, e in enumerate(exceptions) if _excuses(e, message, lang)]
        if excused:
            used.update(excused)
            continue
        where = shown((message.context, _singular(message)))
        found += [
            f"{lang}: {where} {what}; the glossary's {term['term']!r} is {term[lang]!r}"
            for what in dict.fromkeys(broken)
        ]
    found += [
        f"{lang}: the glossary's {term['term']!r} excuses {e['msgid']!r}, which breaks no rule"
        for i, e in enumerate(exceptions)
        if i not in used and lang in e.get("languages", TRANSLATED)
    ]
    return found


def glossary_problems(lang: str, catalog: Catalog, terms: list[dict[str, Any]]) -> list[str]:
    """Every glossary term checked against one translated catalog, and the messages the
    glossary names ("Forest") translated exactly as the term."""
    found = []
    for term in terms:
        found += term_problems(term, lang, catalog)
        for name in term.get("names", ()):
            context, _bar, msgid = name.rpartition("|")
            message = catalog.get(msgid, context=context or None)
            if message is None:
                found.append(f"{lang}: the glossary names {name!r}, which is not in the catalog")
            elif message.string != term[lang]:
                found.append(
                    f"{lang}: {name!r} is {message.string!r}; the glossary's "
                    f"{term['term']!r} is {term[lang]!r}"
                )
    return found


def check() -> int:
    """Print every problem; 1 when there is one."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = load(extract(Path(tmp) / "fresh.pot"))
    found = [f"template: missing {shown(m)}" for m in sorted(ids(fresh) - ids(load(POT)), key=str)]
    for lang in LANGUAGES:
        found += problems(lang, fresh)
    terms = read_glossary()
    for lang in TRANSLATED:
        found += glossary_problems(lang, load(I18N / f"{lang}.po", lang), terms)
    for line in found:
        print(line)
    print(
        f"{len(ids(fresh))} messages, {len(LANGUAGES)} catalogs: "
        + (f"{len(found)} problems" if found else "ok")
    )
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "update", "compile", "check"))
    command = parser.parse_args(argv).command
    if command == "check":
        return check()
    {"extract": extract, "update": update, "compile": compile_all}[command]()
    return 0


if __name__ == "__main__":
    sys.exit(main())
