#!/usr/bin/env python3
"""A git merge driver for the translation catalogs (``i18n/*.po``, ``i18n/stoneage.pot``).

Two branches that each add or change strings touch the same catalogs in many places (every
``#:`` location moves when code moves), so a line-based merge conflicts where nothing really
does. This driver merges by message instead: every message of either side is kept, and where
both sides have one msgid, the side whose translation differs from the common ancestor's wins
(ours when both changed it). The result's locations and order are whatever ``ours`` had; run
``python tools/i18n_catalogs.py update`` after the merge to bring them in line with the code,
then ``check``.

Set it up once in a clone::

    git config merge.pomerge.name "merge translation catalogs by message"
    git config merge.pomerge.driver "python tools/po_merge.py %O %A %B"

with ``i18n/*.po merge=pomerge`` and ``i18n/*.pot merge=pomerge`` in ``.gitattributes``. Git
passes the ancestor, ours (the result is written there) and theirs; the exit code is 0.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

MessageKey = tuple[object, str | None]


def _read(path: Path) -> Catalog:
    """The catalog at ``path`` (an empty one for an empty or missing ancestor)."""
    if not path.is_file() or path.stat().st_size == 0:
        return Catalog()
    with path.open("rb") as handle:
        return read_po(handle)


def _key(message: Message) -> MessageKey:
    return (message.id, message.context)


def merge(base: Catalog, ours: Catalog, theirs: Catalog) -> Catalog:
    """``ours`` with every message of ``theirs`` it lacks, and theirs' translation where only
    theirs changed it from ``base``."""
    known = {_key(m): m for m in base if m.id}
    mine = {_key(m): m for m in ours if m.id}
    for message in theirs:
        if not message.id:
            continue
        key = _key(message)
        own = mine.get(key)
        if own is None:
            ours[message.id] = message  # added on their side only (keyed with its context)
            continue
        ancestor = known.get(key)
        was = ancestor.string if ancestor is not None else None
        if own.string == was and message.string != was:
            own.string = message.string  # only their side translated or changed it
            own.flags = set(message.flags)
        elif not own.string and message.string:
            own.string = message.string
            own.flags = set(message.flags)
    return ours


def main(argv: list[str]) -> int:
    """Merge ``argv`` = (ancestor, ours, theirs) into ours; 0 on success."""
    base, ours, theirs = (Path(a) for a in argv[:3])
    ours_catalog = _read(ours)
    merged = merge(_read(base), ours_catalog, _read(theirs))
    with ours.open("wb") as handle:
        write_po(handle, merged, width=0)  # no wrapping, as i18n_catalogs.py writes them
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
