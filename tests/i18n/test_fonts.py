"""Nobody ever sees a box: every character of every catalog, and typical player names, exist
in the fonts used for that language (regular and bold)."""

from __future__ import annotations

from functools import cache

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from stoneage import i18n
from stoneage.ui.assets import _FONT_FILES, assets_dir, latin_runs, script_for

from .conftest import I18N, LANGS

NAMES = (
    "Grok",
    "Ayla",
    "Zoë",
    "José",
    "Łukasz",
    "Ærøskøbing",
    "François",
    "小明",
    "王芳",
    "李雷",
    "さくら",
    "たろう",
    "タロウ",
    "山田太郎",
    "Grok・ジュニア",
    "O'Neil-Smith",
)


@cache
def cmap(file: str) -> frozenset[int]:
    return frozenset(TTFont(assets_dir() / "fonts" / file).getBestCmap())


def characters(lang: str) -> set[str]:
    with (I18N / f"{lang}.po").open("rb") as source:
        cat = read_po(source, locale=lang)
    found: set[str] = set()
    for message in cat:
        if message.id:
            for text in (
                message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            ):
                found |= set(text)
    return {c for c in found if c.isprintable()}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("bold", (False, True))
def test_every_catalog_character_is_in_the_language_font(lang, bold):
    file = _FONT_FILES[(i18n.font_script(lang), bold)]
    missing = sorted(c for c in characters(lang) if ord(c) not in cmap(file))
    assert missing == [], f"{file} lacks {''.join(missing)}"


@pytest.mark.parametrize("lang", LANGS)
def test_player_names_render_in_every_language(lang, monkeypatch):
    """A Latin, accented, Chinese or Japanese name, alone or inside a sentence, renders: the
    face is the language's, or a CJK face for CJK text while the game is in English."""
    monkeypatch.setattr(i18n, "_language", lang)
    for bold in (False, True):
        for name in NAMES:
            sentence = f"{name}: 12"
            for run, extended in latin_runs(sentence):
                file = _FONT_FILES[("latin" if extended else script_for(sentence), bold)]
                assert [c for c in run if ord(c) not in cmap(file)] == [], f"{name!r} in {file}"
