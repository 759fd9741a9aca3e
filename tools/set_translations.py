#!/usr/bin/env python3
"""Fill in translations from a JSON file: ``{"msgid": {"zh": "...", "ja": "..."}, ...}``; a
plural msgid takes a list of forms per language and its key is the singular. A message with a
context (``msgctxt``) is keyed as gettext keys it, the context and the msgid joined by
``\\u0004`` in JSON: ``"lesson step\\u0004Next"``.

Usage: ``python tools/set_translations.py FILE.json`` after ``tools/i18n_catalogs.py update``
added the new msgids empty. The English catalog gets the msgid itself (its plural forms for a
plural). Entries not in the file, and languages left out of an entry, are left as they are.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    """Apply the translations of ``argv[0]`` to ``i18n/{en,zh,ja}.po``; print what changed."""
    wanted = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    for lang in ("en", "zh", "ja"):
        path = ROOT / "i18n" / f"{lang}.po"
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        changed = 0
        for message in catalog:
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            if key and message.context is not None:
                key = f"{message.context}\x04{key}"
            if not key or key not in wanted or (lang != "en" and lang not in wanted[key]):
                continue  # a language left out of an entry keeps its translation
            if lang == "en":
                text = list(message.id) if isinstance(message.id, tuple) else message.id
            else:
                text = wanted[key][lang]
            message.string = tuple(text) if isinstance(message.id, tuple) else text
            message.flags.discard("fuzzy")
            changed += 1
        with path.open("wb") as handle:
            write_po(handle, catalog, width=0, omit_header=False)
        print(f"{lang}: {changed} set")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
