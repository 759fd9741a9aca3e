"""The catalogs are complete and consistent: every string of the code is in them, nothing is
untranslated or fuzzy, placeholders and plural forms match (Babel's checkers, like
``msgfmt --check``, plus the ``{name}`` fields Babel does not check)."""

from __future__ import annotations

import string

import pytest
from babel.messages.pofile import read_po

from .conftest import I18N, LANGS


def catalog(lang: str):
    with (I18N / f"{lang}.po").open("rb") as source:
        return read_po(source, locale=lang)


def fields(text: str) -> set[str]:
    """The ``{name}`` fields of a format string."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", LANGS)
def test_no_entry_is_untranslated_or_fuzzy(lang):
    bad = []
    for message in catalog(lang):
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if message.id and (message.fuzzy or not all(strings)):
            bad.append(message.id)
    assert bad == []


def test_all_catalogs_hold_the_same_messages():
    ids = {
        lang: {
            (m.context, m.id if isinstance(m.id, str) else tuple(m.id))
            for m in catalog(lang)
            if m.id
        }
        for lang in LANGS
    }
    assert ids["zh"] == ids["en"] == ids["ja"]


@pytest.mark.parametrize("lang", LANGS)
def test_babel_checkers_pass(lang):
    cat = catalog(lang)
    errors = [(m.id, str(e)) for m in cat if m.id for e in m.check(cat)]
    assert errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_and_plural_forms_match(lang):
    cat = catalog(lang)
    bad = []
    for message in cat:
        if not message.id:
            continue
        if isinstance(message.id, str):
            ids, strings = [message.id], [message.string]
        else:
            ids, strings = list(message.id), list(message.string)
            if len(strings) != cat.num_plurals:
                bad.append((message.id, "plural forms"))
        wanted = set().union(*map(fields, ids))
        bad += [
            (message.id, s)
            for s in strings
            if fields(s) - wanted or (len(ids) == 1 and fields(s) != wanted)
        ]
    assert bad == []


def test_english_catalog_reads_as_written():
    for message in catalog("en"):
        if message.id:
            assert message.string == (
                message.id if isinstance(message.id, str) else tuple(message.id)
            )


def test_every_string_in_the_code_is_in_the_catalogs(catalogs_tool):
    """Extract the code to a temporary template and compare: a new ``_()`` string fails here
    until ``tools/i18n_catalogs.py update`` and a translation add it."""
    assert catalogs_tool.check() == 0


def test_a_msgid_with_two_meanings_is_translated_in_each_context(locale_dir, monkeypatch):
    """The compiled catalogs keep the contexts apart: the lesson's Next is a step, the rules
    page's a page; Normal as an animation speed is not the bot level; Hard standing for the bot
    is a name, not the level's adjective."""
    from stoneage import i18n

    monkeypatch.setenv("STONEAGE_LOCALE_DIR", str(locale_dir))
    expected = {
        "zh": ("下一步", "下一页", "正常", "普通", "“困难”电脑", "困难"),
        "ja": ("次へ", "次へ", "標準", "ふつう", "「むずかしい」ボット", "むずかしい"),
        "en": ("Next", "Next", "Normal", "Normal", "Hard", "Hard"),
    }
    try:
        for lang, wanted in expected.items():
            assert i18n.install_language(lang)
            assert (
                i18n.pgettext("lesson step", "Next"),
                i18n.pgettext("rules page", "Next"),
                i18n.pgettext("animation speed", "Normal"),
                i18n._("Normal"),
                i18n.pgettext("the Hard bot", "Hard"),
                i18n._("Hard"),
            ) == wanted
    finally:
        i18n.install_language("en")


def test_the_terms_follow_the_rulebooks():
    zh = {m.id: m.string for m in catalog("zh") if isinstance(m.id, str) and m.context is None}
    ja = {m.id: m.string for m in catalog("ja") if isinstance(m.id, str) and m.context is None}
    spaces = (
        "Tool maker",
        "Hut",
        "Field",
        "Hunting grounds",
        "Forest",
        "Clay pit",
        "Quarry",
        "River",
    )
    assert [zh[s] for s in spaces] == [
        "工具制造所",
        "小屋",
        "田地",
        "狩猎场",
        "森林",
        "砖窑",
        "采石场",
        "河流",
    ]
    assert [ja[s] for s in spaces] == [
        "工場",
        "小屋",
        "農場",
        "狩場",
        "森",
        "粘土場",
        "石切り場",
        "川",
    ]
    assert (zh["Civilization cards"], zh["Buildings"], zh["food"]) == ("文明卡牌", "房屋", "食物")
    assert (ja["Civilization cards"], ja["Buildings"], ja["food"]) == ("文明カード", "建物", "食料")
    assert "工具" in zh["choose tools"] and "道具" in ja["choose tools"]
