"""One line breaker for every language: spaces in English, between characters in Chinese and
Japanese, never a closing mark at a line start nor an opening one at a line end."""

from __future__ import annotations

import pytest

from stoneage.ui.widgets import NO_LINE_END, NO_LINE_START, wrap_text


def measure(text: str) -> int:
    """Latin letters 1 wide, CJK 2 wide (roughly as drawn)."""
    return sum(2 if ord(c) > 0x2E80 else 1 for c in text)


def test_english_breaks_at_spaces():
    assert wrap_text("Gather food and build huts", 12, measure) == [
        "Gather food",
        "and build",
        "huts",
    ]


def test_a_newline_always_breaks():
    assert wrap_text("one\ntwo", 50, measure) == ["one", "two"]


def test_a_word_longer_than_a_line_is_cut():
    assert all(measure(line) <= 5 for line in wrap_text("abcdefghijkl", 5, measure))


@pytest.mark.parametrize(
    "text",
    [
        "住民1人につきダイスを1個振って合計し、場所に示された数で割って端数を切り捨てます。",
        "你在森林的掷骰结果：要加上工具吗？每个选项都标出了你能得到多少。",
        "「資源2つ」カードを使うか、見送ってください（どちらでも住民は戻ります）。",
        "用“任选 2 个资源”卡拿了木头和金块。Grok 思考中…（选择工具）",
    ],
)
@pytest.mark.parametrize("width", range(6, 30))
def test_cjk_lines_obey_the_kinsoku_rules(text, width):
    lines = wrap_text(text, width, measure)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for line in lines[1:]:
        assert line[0] not in NO_LINE_START, lines
    for line in lines[:-1]:
        assert line[-1] not in NO_LINE_END, lines


def test_mixed_latin_name_in_japanese_stays_whole():
    lines = wrap_text("Łukaszがダイスを選んでいます…", 10, measure)
    assert lines[0].startswith("Łukasz")
