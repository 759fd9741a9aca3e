"""The card and tile data match the manifest: counts by type, symbols, figures, tiles."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from stoneage.rules import data

# The project's shared manifest lives beside the checkout; a copy travels with the tests so the
# card-by-card check also runs on a clone without ../shared (CI), and a test keeps them equal.
SHARED_MANIFEST = Path(__file__).resolve().parents[3] / "shared" / "manifest.yaml"
COPIED_MANIFEST = Path(__file__).resolve().parent / "data" / "manifest.yaml"
MANIFEST = SHARED_MANIFEST if SHARED_MANIFEST.exists() else COPIED_MANIFEST


def test_36_cards_by_effect_type():
    counts = Counter(card.effect for card in data.cards().values())
    assert counts == {
        "dice_for_items": 10,
        "food": 7,
        "resource": 5,
        "resource_2_dice": 3,
        "points": 3,
        "food_production": 2,
        "one_use_tool": 3,
        "permanent_tool": 1,
        "extra_card": 1,
        "any_two_resources": 1,
    }


def test_16_green_cards_each_symbol_twice():
    symbols = Counter(card.culture for card in data.cards().values() if card.culture)
    assert sum(symbols.values()) == 16 and set(symbols.values()) == {2} and len(symbols) == 8


def test_sand_figures_farmer_7_tool_maker_8_hut_builder_9_shaman_7():
    figures = Counter()
    for card in data.cards().values():
        if card.role:
            figures[card.role] += card.role_count
    assert figures == {"farmer": 7, "tool_maker": 8, "hut_builder": 9, "shaman": 7}
    assert sum(1 for card in data.cards().values() if card.role) == 20


def test_28_tiles_17_fixed_8_variable_3_flexible():
    kinds = Counter(tile.kind for tile in data.buildings().values())
    assert kinds == {"fixed": 17, "variable": 8, "flexible": 3}


def test_fixed_tile_points_equal_the_value_of_their_cost():
    for tile in data.buildings().values():
        if tile.kind == "fixed":
            assert tile.points == sum(n * v for n, v in zip(tile.cost, data.RESOURCE_VALUES))


def test_data_is_frozen():
    card = data.cards()["G01"]
    with pytest.raises(AttributeError):
        card.amount = 9  # type: ignore[misc]


def test_every_card_matches_the_manifest():
    manifest = yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))
    for entry in manifest["civilization_cards"]["cards"]:
        card = data.cards()[entry["id"]]
        top, bottom = entry["top"], entry["bottom"]
        assert card.effect == top["type"], entry["id"]
        assert card.amount == top.get("amount", top.get("value", 0)), entry["id"]
        resource = {"clay": "brick"}.get(top.get("resource"), top.get("resource"))
        assert card.resource == (data.RESOURCE_NAMES.index(resource) if resource else None)
        assert card.culture == bottom.get("green") and card.role == bottom.get("role")
        assert card.role_count == bottom.get("count", 0)


def test_every_tile_matches_the_manifest():
    manifest = yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))["buildings"]
    ours = Counter()
    for tile in data.buildings().values():
        if tile.kind == "fixed":
            ours[("fixed", tile.cost, tile.points)] += 1
        elif tile.kind == "variable":
            ours[("variable", tile.count, tile.kinds)] += 1
        else:
            ours[("flexible", tile.min_count, tile.max_count)] += 1
    theirs = Counter()
    for t in manifest["fixed"]:
        cost = tuple(t["cost"].get({"brick": "clay"}.get(r, r), 0) for r in data.RESOURCE_NAMES)
        theirs[("fixed", cost, t["points"])] += t["copies"]
    for t in manifest["variable"]:
        theirs[("variable", t["resources"], t["kinds"])] += 1
    for t in manifest["flexible"]:
        theirs[("flexible", t["resources_min"], t["resources_max"])] += t["copies"]
    assert ours == theirs


@pytest.mark.skipif(
    not SHARED_MANIFEST.exists(), reason="shared/manifest.yaml is not beside the checkout"
)
def test_the_copied_manifest_is_the_shared_one():
    assert COPIED_MANIFEST.read_bytes() == SHARED_MANIFEST.read_bytes(), (
        "shared/manifest.yaml changed: copy it to tests/rules/data/manifest.yaml"
    )
