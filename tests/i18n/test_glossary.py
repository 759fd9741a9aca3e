"""One name for each game term: the translations follow ``i18n/glossary.yaml`` (the rulebooks'
terms and the choices recorded there), so a new string cannot bring back a second name for one
thing ("执行了小屋", "主机已离开", "サイコロ", "予想リード", "建物10つ")."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from .conftest import I18N

TRANSLATED = ("zh", "ja")


@pytest.fixture(scope="module")
def terms(catalogs_tool):
    return catalogs_tool.read_glossary()


def catalog(lang: str) -> Catalog:
    with (I18N / f"{lang}.po").open("rb") as source:
        return read_po(source, locale=lang)


def made_up(lang: str, *messages: Message) -> Catalog:
    """A catalog of a few messages, as a translator might write them."""
    made = Catalog(locale=lang)
    for message in messages:
        made[message.id] = message
    return made


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogs_follow_the_glossary(lang, catalogs_tool, terms):
    assert catalogs_tool.glossary_problems(lang, catalog(lang), terms) == []


def test_each_term_says_where_its_names_come_from(terms):
    """Every term has its English, Chinese and Japanese and a source; every pattern compiles;
    every exception names its message and says why."""
    english = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog("en") if m.id}
    assert len({t["term"] for t in terms}) == len(terms)
    for term in terms:
        assert all(isinstance(term.get(k), str) and term[k] for k in ("en", "zh", "ja", "source"))
        assert set(term) <= {
            "term", "en", "zh", "ja", "note", "source", "names", "english", "require", "forbid",
            "exceptions",
        }  # fmt: skip
        if term.get("english"):
            re.compile(term["english"])
        assert set(term.get("forbid", {})) | set(term.get("require", {})) <= set(TRANSLATED)
        for patterns in term.get("forbid", {}).values():
            assert patterns and all(re.compile(p) for p in patterns)
        for pattern in term.get("require", {}).values():
            re.compile(pattern)
        for exception in term.get("exceptions", ()):
            assert exception["msgid"] in english, exception["msgid"]
            assert exception["reason"]
            assert set(exception.get("languages", TRANSLATED)) <= set(TRANSLATED)


def test_the_glossary_records_the_reviewed_choices(terms):
    """The choices issue 45 made, and the rulebook terms kept against a review's suggestion."""
    by_name = {t["term"]: t for t in terms}
    assert (by_name["civilization cards"]["ja"], by_name["gold"]["ja"]) == ("文明カード", "金")
    assert "市民カード" in by_name["civilization cards"]["source"]
    assert "金塊" in by_name["gold"]["source"]
    assert by_name["using a space (resolving it)"]["zh"] == "结算"
    assert (by_name["the Hard bot"]["zh"], by_name["the Hard bot"]["ja"]) == (
        "“困难”电脑",
        "「むずかしい」ボット",
    )
    assert by_name["the host (the person)"]["zh"] == "房主"
    assert by_name["a bot playing a dropped seat"]["zh"] == "托管"
    assert by_name["expected lead"]["ja"] == "予想点差"
    assert by_name["dice"]["ja"] == "ダイス"
    assert [by_name[f"culture symbol {s}"]["zh"] for s in ("pottery", "medicine", "writing")] == [
        "陶瓷",
        "医疗",
        "书写",
    ]


@pytest.mark.parametrize(
    ("lang", "msgid", "translation", "term"),
    [
        ("zh", "{name} used the {space}.", "{name} 执行了{space}。", "using a space"),
        ("zh", "Now the forest: 2 figures roll 2 dice.", "现在执行森林：掷 2 颗骰子。", "using"),
        ("zh", "The host has left", "主机已离开", "the host (the person)"),
        ("zh", "Host this table", "主持牌桌", "hosting a table"),
        ("zh", "Away: a bot plays for now", "离开：暂由电脑代打", "a bot playing"),
        ("zh", "You chose Hard's move.", "你选择了困难机器人的行动。", "the Hard bot"),
        ("zh", "Bots played every seat.", "所有座位都由机器人操作。", "bot"),
        ("zh", "-{loss:.1f} points of expected lead", "预计领先 -{loss:.1f} 分", "expected lead"),
        ("zh", "pottery", "陶器", "culture symbol pottery"),
        ("zh", "Build 10 buildings in one game.", "建造 10 个房屋。", "buildings"),
        ("zh", "Take a seat (Enter).", "坐下（回车）。", "the Enter key"),
        ("ja", "Roll the dice", "サイコロを振る", "dice"),
        ("ja", "expected lead", "予想リード", "expected lead"),
        ("ja", "{n} buildings", "建物{n}つ", "buildings"),
        ("ja", "{n} key moments", "{n}つの重要な場面", "counting past nine"),
        ("ja", "You and Hard", "あなたとむずかしい", "the Hard bot"),
        ("ja", "Hard agrees.", "「むずかしい」も同じ。", "the Hard bot"),
        ("ja", "Waiting room", "待合室", "waiting room"),
        ("ja", "The key moments", "分かれ目", "key moment"),
    ],
)
def test_a_second_name_for_a_term_is_caught(lang, msgid, translation, term, catalogs_tool, terms):
    found = catalogs_tool.glossary_problems(lang, made_up(lang, Message(msgid, translation)), terms)
    broken = [p for p in found if "the glossary names" not in p and "which breaks no rule" not in p]
    assert broken and all(msgid in p or repr(msgid) in p for p in broken)
    assert any(f"the glossary's {term!r}" in p or f"the glossary's '{term}" in p for p in broken)


def test_a_plural_translation_is_checked_in_every_form(catalogs_tool, terms):
    message = Message(
        ("{n} building worth {points} points", "{n} buildings worth {points} points"),
        ("建物{n}つ（{points}点）",),
    )
    found = catalogs_tool.glossary_problems("ja", made_up("ja", message), terms)
    assert any("{n} building worth" in p and "'buildings'" in p for p in found)


def test_an_exception_excuses_only_its_message_and_must_excuse_something(catalogs_tool):
    term = {
        "term": "the Hard bot",
        "zh": "“困难”电脑",
        "english": r"\bHard\b",
        "forbid": {"zh": ["困难(?!”电脑)"]},
        "exceptions": [
            {"msgid": "Hard", "reason": "the level's name"},
            {"msgid": "Hard mode", "reason": "no longer a message"},
        ],
    }
    messages = [Message("Hard", "困难"), Message("You and Hard", "你和困难")]
    found = catalogs_tool.term_problems(term, "zh", messages)
    assert found == [
        "zh: 'You and Hard' says '困难'; the glossary's 'the Hard bot' is '“困难”电脑'",
        "zh: the glossary's 'the Hard bot' excuses 'Hard mode', which breaks no rule",
    ]
    context = Message("Hard", "困难", context="the Hard bot")  # not the excused level name
    assert catalogs_tool.term_problems(term, "zh", [context])[0].startswith(
        "zh: 'Hard' (context 'the Hard bot') says '困难'"
    )


def test_a_name_the_glossary_gives_is_checked_exactly(catalogs_tool, terms):
    wrong = made_up(
        "zh", Message("Forest", "树林"), Message("Hard", "困难", context="the Hard bot")
    )
    found = catalogs_tool.glossary_problems("zh", wrong, terms)
    assert "zh: 'Forest' is '树林'; the glossary's 'forest' is '森林'" in found
    assert (
        "zh: 'the Hard bot|Hard' is '困难'; the glossary's 'the Hard bot' is '“困难”电脑'" in found
    )
    assert "zh: the glossary names 'Hut', which is not in the catalog" in found
