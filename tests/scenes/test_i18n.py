"""Text goes through gettext: identity without a catalog, translated with one, nothing
translated at import time, and the font follows the language."""

from __future__ import annotations

import ast
import struct
from pathlib import Path

from stoneage import i18n
from stoneage.play import names

PACKAGE = Path(__file__).resolve().parents[2] / "stoneage"
TRANSLATING = ("_", "ngettext", "pgettext", "npgettext")  # the calls that look a catalog up


def write_mo(path: Path, messages: dict[str, str]) -> None:
    """A minimal GNU .mo catalog (what msgfmt writes), UTF-8."""
    messages = {"": "Content-Type: text/plain; charset=UTF-8\n", **messages}
    keys = sorted(messages)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(messages[k].encode() + b"\0" for k in keys)
    count = len(keys)
    header = 7 * 4
    ids_table, strs_table = header, header + count * 8
    ids_start = strs_table + count * 8
    strs_start = ids_start + len(ids)
    out = struct.pack("Iiiiiii", 0x950412DE, 0, count, ids_table, strs_table, 0, 0)
    offset = 0
    for k in keys:
        out += struct.pack("ii", len(k.encode()), ids_start + offset)
        offset += len(k.encode()) + 1
    offset = 0
    for k in keys:
        out += struct.pack("ii", len(messages[k].encode()), strs_start + offset)
        offset += len(messages[k].encode()) + 1
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out + ids + strs)


def test_without_a_catalog_text_is_shown_as_written(monkeypatch, tmp_path):
    monkeypatch.setenv("STONEAGE_LOCALE_DIR", str(tmp_path))
    assert not i18n.install_language("xx")
    assert i18n._("Forest") == "Forest"
    assert i18n.ngettext("{n} tile left", "{n} tiles left", 2) == "{n} tiles left"
    i18n.install_language("en")


def test_a_compiled_catalog_translates_names_when_shown(monkeypatch, tmp_path):
    write_mo(tmp_path / "de" / "LC_MESSAGES" / "stoneage.mo", {"Forest": "Wald", "Hut": "Hütte"})
    monkeypatch.setenv("STONEAGE_LOCALE_DIR", str(tmp_path))
    try:
        assert i18n.install_language("de")
        assert names.space_title(4) == "Wald"  # a constant marked with N_, translated now
        assert names.space_title(1) == "Hütte"
    finally:
        i18n.install_language("en")
    assert names.space_title(4) == "Forest"


def test_a_context_picks_its_own_translation(monkeypatch, tmp_path):
    """``pgettext`` looks a message up under its context (``msgctxt``, stored as
    ``context\x04msgid``), apart from the same msgid without one or with another."""
    write_mo(
        tmp_path / "de" / "LC_MESSAGES" / "stoneage.mo",
        {
            "Next": "Weiter",
            "lesson step\x04Next": "Nächster Schritt",
            "rules page\x04Next": "Nächste Seite",
            "animation speed\x04Normal": "Mittel",
            "Normal": "Normal (Stufe)",
        },
    )
    monkeypatch.setenv("STONEAGE_LOCALE_DIR", str(tmp_path))
    try:
        assert i18n.install_language("de")
        assert i18n.pgettext("lesson step", "Next") == "Nächster Schritt"
        assert i18n.pgettext("rules page", "Next") == "Nächste Seite"
        assert i18n._("Next") == "Weiter"
        assert names.speed_title("normal") == "Mittel"
        assert i18n._(names.LEVEL_TITLES["normal"]) == "Normal (Stufe)"
        assert i18n.pgettext("unknown", "Next") == "Next"  # no such context: the English
        assert i18n.npgettext("lesson step", "{n} step", "{n} steps", 2) == "{n} steps"
    finally:
        i18n.install_language("en")
    assert i18n.pgettext("lesson step", "Next") == "Next"
    assert names.speed_title("instant") == "Instant"
    assert i18n.NP_("animation speed", "Fast") == "Fast"


def test_font_follows_the_language():
    assert i18n.font_script("en") == "latin"
    assert i18n.font_script("zh") == "sc"
    assert i18n.font_script("ja") == "jp"


def test_no_module_translates_at_import_time():
    """``_()`` is only called inside functions: a module-level call would freeze the language."""
    offenders = []
    for path in (
        list(PACKAGE.glob("scenes/*.py")) + list(PACKAGE.glob("ui/*.py")) + [PACKAGE / "app.py"]
    ):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and getattr(call.func, "id", "") in TRANSLATING:
                    offenders.append(f"{path.name}:{call.lineno}")
    assert offenders == []
