"""The bots' prices: fitted per table size, shipped in the package, hand prices as fallback."""

from __future__ import annotations

import json
import logging
import sys
from importlib import resources
from pathlib import Path

import pytest

from stoneage.ai import prices
from stoneage.ai.levels import NORMAL_STYLE
from stoneage.ai.outlook import make_outlook
from stoneage.ai.policy import Style
from stoneage.ai.prices import HAND, NAMES, Prices, from_mapping, prices_for
from stoneage.rules import new_game


def shipped() -> dict:
    text = resources.files("stoneage.ai").joinpath("data", prices.PRICES_FILE).read_text("utf-8")
    return json.loads(text)


def test_every_fitted_table_size_is_shipped_with_how_it_was_made() -> None:
    table = shipped()
    assert table["by_players"], "no fitted prices shipped"
    for size, row in table["by_players"].items():
        assert set(row) == set(NAMES)
        assert prices_for(int(size)) == from_mapping(row) != HAND
        meta = table["meta"][size]
        assert "tools/tune_prices.py" in meta["command"] and "fitted v" in meta["evaluated"]


def test_a_table_size_without_fitted_prices_plays_with_the_hand_prices() -> None:
    missing = [n for n in (2, 3, 4) if str(n) not in shipped()["by_players"]]
    for n in missing:
        assert prices_for(n) == HAND


def test_the_outlook_prices_by_the_tables_prices() -> None:
    state = new_game(2, seed=3)
    fitted = make_outlook(state, 0)
    assert fitted.prices == prices_for(2)
    with prices.using(HAND):
        hand = make_outlook(state, 0)
    assert make_outlook(state, 0).prices == prices_for(2)  # the override ended with the block
    assert hand.prices == HAND
    if prices_for(2) != HAND:
        assert (fitted.person, fitted.tool) != (hand.person, hand.tool)


def test_normals_blocking_and_timing_come_from_the_tables_prices() -> None:
    resolved = NORMAL_STYLE.at_table(2)
    assert (resolved.block, resolved.timing) == (prices_for(2).block, prices_for(2).timing)
    assert not resolved.fitted and resolved.foresight
    easy = Style(block=0.0, timing=0.0, foresight=False)
    assert easy.at_table(2) is easy  # a style that is not fitted is played as it is


def test_a_damaged_prices_file_falls_back_to_the_hand_prices(monkeypatch, caplog) -> None:
    monkeypatch.setattr(prices, "PRICES_FILE", "no_such_prices.json")
    prices._fitted.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="stoneage.ai.prices"):
            assert prices_for(2) == HAND
        assert "hand-set prices" in caplog.text
    finally:
        monkeypatch.undo()
        prices._fitted.cache_clear()
    assert prices_for(2) == from_mapping(shipped()["by_players"]["2"])


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ({"block": 0.9}, Prices(block=0.9)),
        ({"block": "high", "timing": True, "unknown": 3.0}, HAND),  # not numbers, not names
    ],
)
def test_a_row_of_prices_keeps_only_numbers_it_knows(row, expected) -> None:
    assert from_mapping(row) == expected


def test_the_tuner_fits_evaluates_and_ships_a_table_size(tmp_path, monkeypatch, capsys) -> None:
    """A tiny run of tools/tune_prices.py end to end: a fit file, its evaluation against the
    hand prices, and shipping it (into a copy of the package file) with its command."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import tune_prices

    out = tmp_path / "fitted.json"
    common = ["--games", "1", "--jobs", "1", "--players", "2", "--seed", "3"]
    assert tune_prices.main([*common, "--iterations", "2", "--out", str(out)]) == 0
    fitted = json.loads(out.read_text("utf-8"))
    assert fitted["players"] == 2 and set(fitted["prices"]) == set(NAMES)
    assert fitted["prices"] != {name: getattr(HAND, name) for name in NAMES}  # it moved
    shipped_copy = tmp_path / "prices.json"
    shipped_copy.write_text(json.dumps(shipped()), "utf-8")
    monkeypatch.setattr(tune_prices, "SHIPPED", shipped_copy)
    assert tune_prices.main([*common, "--evaluate", str(out), "--ship"]) == 0
    assert "fitted v hand, 2 players, 2 games" in capsys.readouterr().out
    table = json.loads(shipped_copy.read_text("utf-8"))
    assert table["by_players"]["2"] == fitted["prices"]
    assert table["meta"]["2"]["evaluated"].startswith("fitted v hand")
    assert prices_for(2) == from_mapping(shipped()["by_players"]["2"])  # the package untouched
