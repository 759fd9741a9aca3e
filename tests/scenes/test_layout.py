"""The table's named rects at every supported window size and seat count: inside the window,
apart where they must not overlap, and pictures in their own proportions (never stretched)."""

from __future__ import annotations

from itertools import combinations

import pytest
from pygame import Rect

from stoneage.rules.data import BUILDING_SPACES, CARD_SPACES
from stoneage.ui.layout import (
    CAPACITY,
    GATHER_ROW,
    MAX_ASPECT,
    MIN_ASPECT,
    PILE,
    VILLAGE_ROW,
    TableLayout,
    card_parts,
    panel_parts,
    space_parts,
    stack_parts,
    table_frame,
    table_layout,
)
from stoneage.ui.menu_layout import menu_layout, scoring_layout, setup_rows

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)]
ODD_SIZES = [(960, 540), (1024, 768), (2560, 1080), (3440, 1440), (5120, 1440), (1200, 1600)]
SEATS = (2, 3, 4)


def cases(sizes):
    return [
        pytest.param(size, seats, id=f"{size[0]}x{size[1]}-{seats}p")
        for size in sizes
        for seats in SEATS
    ]


def disjoint(named: dict[str, Rect]) -> list[tuple[str, str]]:
    """The pairs of ``named`` rects that overlap."""
    return [(a, b) for (a, ra), (b, rb) in combinations(named.items(), 2) if ra.colliderect(rb)]


def inside(outer: Rect, named: dict[str, Rect]) -> list[str]:
    """The names of the rects not wholly inside ``outer``."""
    return [name for name, rect in named.items() if not outer.contains(rect)]


def aspect(rect: Rect) -> float:
    return rect.width / rect.height


def status_rects(lay: TableLayout) -> dict[str, Rect]:
    s = lay.status
    return {
        "round": s.round_box,
        "banner": s.turn_banner,
        "hint": s.hint,
        "start": s.start_box,
        "undo": s.undo_button,
        "hint_button": s.hint_button,
        "log_button": s.log_button,
        "menu": s.menu_button,
    }


def table_rects(lay: TableLayout) -> dict[str, Rect]:
    named = {
        "status": lay.status.rect,
        "board": lay.board,
        "deck": lay.deck,
        "dialog": lay.dialog,
        "log_overlay": lay.log_overlay,
        "announce": lay.announce,
    }
    named.update({f"space {s}": r for s, r in lay.spaces.items()})
    named.update({f"panel {i}": r for i, r in enumerate(lay.panels)})
    if lay.log.height:
        named["log"] = lay.log
    return named


@pytest.mark.parametrize(("size", "seats"), cases(SIZES + ODD_SIZES))
def test_every_rect_lies_inside_the_window(size, seats):
    lay = table_layout(size, seats)
    window = Rect((0, 0), size)
    assert inside(window, table_rects(lay)) == []
    assert inside(lay.status.rect, status_rects(lay)) == []
    assert (
        inside(lay.board, {f"space {s}": r for s, r in lay.spaces.items()} | {"deck": lay.deck})
        == []
    )
    assert (
        inside(
            lay.board,
            {"log_overlay": lay.log_overlay, "announce": lay.announce, "dialog": lay.dialog},
        )
        == []
    )
    assert lay.board.top >= lay.status.rect.bottom


@pytest.mark.parametrize(("size", "seats"), cases(SIZES + ODD_SIZES))
def test_nothing_overlaps_what_it_must_not(size, seats):
    lay = table_layout(size, seats)
    board_things = {f"space {s}": r for s, r in lay.spaces.items()} | {"deck": lay.deck}
    assert disjoint(board_things) == []
    column = {f"panel {i}": r for i, r in enumerate(lay.panels)} | (
        {"log": lay.log} if lay.log.height else {}
    )
    assert disjoint(column | {"board": lay.board, "status": lay.status.rect}) == []
    assert disjoint(status_rects(lay)) == []


@pytest.mark.parametrize(("size", "seats"), cases(SIZES))
def test_the_status_bar_has_the_four_buttons_in_a_row(size, seats):
    status = table_layout(size, seats).status
    buttons = status.buttons()
    assert [b.height for b in buttons] == [status.menu_button.height] * 4
    assert [b.left for b in buttons] == sorted(b.left for b in buttons)
    assert all(
        b.left > status.start_box.right and b.left > status.turn_banner.right for b in buttons
    )
    assert (
        status.undo_button.width >= 3 * status.hint_button.width
    )  # room for "Undo: place 3 on the forest"
    assert (
        status.hint.width >= status.turn_banner.width
    )  # the hint line runs under the start player too
    unit = min(size[0] / 1280, size[1] / 720)
    assert status.menu_button.height >= 28 * unit and status.hint.height >= 20 * unit


@pytest.mark.parametrize(("size", "seats"), cases(SIZES + ODD_SIZES))
def test_the_parts_of_spaces_cards_stacks_and_panels_stay_in_their_rects(size, seats):
    lay = table_layout(size, seats)
    for space in GATHER_ROW + VILLAGE_ROW:
        rect = lay.spaces[space]
        for lines in (1, 2):
            parts = space_parts(rect, CAPACITY[space], lay.unit, lines)
            named = {
                "title": parts.title,
                "art": parts.art,
                "info": parts.info,
                "crowd": parts.crowd,
            }
            named |= {f"ring {i}": r for i, r in enumerate(parts.rings)}
            assert inside(rect, named) == [], (space, lines)
            assert (
                disjoint(
                    {
                        "title": parts.title,
                        "art": parts.art,
                        "info": parts.info,
                        "rings": parts.crowd,
                    }
                )
                == []
            )
            assert disjoint({f"ring {i}": r for i, r in enumerate(parts.rings)}) == []
    for space in CARD_SPACES:
        parts = card_parts(lay.spaces[space], lay.unit)
        assert (
            inside(
                lay.spaces[space], {"header": parts.header, "card": parts.card, "ring": parts.ring}
            )
            == []
        )
        assert inside(parts.card, {"effect": parts.effect, "bottom": parts.bottom}) == []
        assert not parts.header.colliderect(parts.card)
    for space in BUILDING_SPACES[:seats]:
        rect = lay.spaces[space]
        parts = stack_parts(rect, lay.unit)
        pile = parts.tile.unionall(parts.pile(PILE))
        assert (
            inside(
                rect,
                {"header": parts.header, "footer": parts.footer, "pile": pile, "ring": parts.ring},
            )
            == []
        )
        assert disjoint({"header": parts.header, "pile": pile, "footer": parts.footer}) == []
    for rect in lay.panels:
        parts = panel_parts(rect, lay.unit)
        named = {
            "header": parts.header,
            "figures": parts.figures,
            "count": parts.count,
            "carry": parts.carry,
            "goods": parts.goods,
            "two_res": parts.two_res,
        } | {f"row {i}": r for i, r in enumerate(parts.rows)}
        assert inside(rect, named) == []
        assert (
            disjoint(
                {
                    "figures": parts.figures,
                    "count": parts.count,
                    "carry": parts.carry,
                    "goods": parts.goods,
                }
            )
            == []
        )


@pytest.mark.parametrize(("size", "seats"), cases(SIZES + ODD_SIZES))
def test_pictures_keep_their_proportions(size, seats):
    lay = table_layout(size, seats)
    for space in GATHER_ROW + VILLAGE_ROW:
        assert aspect(space_parts(lay.spaces[space], CAPACITY[space], lay.unit).art) == 1
        assert all(
            aspect(r) == 1 for r in space_parts(lay.spaces[space], CAPACITY[space], lay.unit).rings
        )
    for space in CARD_SPACES:
        card = card_parts(lay.spaces[space], lay.unit).card
        assert abs(aspect(card) - 5 / 7) < 1.5 / card.height  # a card is 5:7 to the pixel
    for space in BUILDING_SPACES[:seats]:
        assert aspect(stack_parts(lay.spaces[space], lay.unit).tile) == 1
    deck = lay.deck.inflate(0, -lay.deck.height // 5)  # the deck's top card (board_view.deck_rect)
    assert abs(aspect(deck) - 5 / 7) < 0.1


@pytest.mark.parametrize("size", SIZES + ODD_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_keeps_its_shape_in_any_window(size):
    frame = table_frame(size)
    assert Rect((0, 0), size).contains(frame)
    assert MIN_ASPECT - 0.01 <= aspect(frame) <= MAX_ASPECT + 0.01 or frame.size == size
    assert abs(frame.centerx - size[0] / 2) <= 1 and abs(frame.centery - size[1] / 2) <= 1
    lay = table_layout(size, 4)
    assert lay.board.left >= frame.left and max(p.right for p in lay.panels) <= frame.right
    # The same table in a window of the frame's size: only moved, never stretched.
    same = table_layout(frame.size, 4)
    assert lay.board.size == same.board.size and lay.spaces[4].size == same.spaces[4].size


def test_a_very_wide_window_centres_the_table_with_margins():
    lay = table_layout((3440, 1080), 4)
    assert lay.frame.width < 3440
    left_margin, right_margin = lay.board.left, 3440 - max(p.right for p in lay.panels)
    assert abs(left_margin - right_margin) <= 2 and left_margin > 100
    assert lay.status.rect.width == 3440  # the bar still runs across the whole window


def test_sizes_scale_with_the_window():
    small, big = table_layout((1280, 720), 4), table_layout((3840, 2160), 4)
    assert big.unit == 3 * small.unit
    assert abs(big.board.width - 3 * small.board.width) <= 6
    assert big.fonts.body == 3 * small.fonts.body


@pytest.mark.parametrize("size", SIZES + ODD_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_menu_layouts_fit_the_window(size):
    window = Rect((0, 0), size)
    menu = menu_layout(size)
    named = {
        "title": menu.title,
        "subtitle": menu.subtitle,
        "panel": menu.panel,
        "panel_title": menu.panel_title,
        "panel_body": menu.panel_body,
        "panel_buttons": menu.panel_buttons,
        "footer": menu.footer,
    }
    named |= {f"button {i}": r for i, r in enumerate(menu.buttons)}
    assert inside(window, named) == []
    assert (
        disjoint(
            {f"button {i}": r for i, r in enumerate(menu.buttons)}
            | {"footer": menu.footer, "title": menu.title}
        )
        == []
    )
    assert (
        disjoint(
            {
                "panel_title": menu.panel_title,
                "panel_body": menu.panel_body,
                "panel_buttons": menu.panel_buttons,
            }
        )
        == []
    )
    rows = setup_rows(menu.panel_body, 4, menu.unit)
    for row in rows:
        assert (
            inside(
                row.rect,
                {"toggle": row.toggle, "colour": row.colour, "name": row.name, "kind": row.kind}
                | {f"level {i}": r for i, r in enumerate(row.levels)},
            )
            == []
        )
    scoring = scoring_layout(size)
    parts = {
        "title": scoring.title,
        "verdict": scoring.verdict,
        "table": scoring.table,
        "chart": scoring.chart,
        "buttons": scoring.buttons,
    }
    assert inside(window, parts) == []
    assert disjoint(parts) == []


@pytest.mark.parametrize("size", SIZES + ODD_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hunting_grounds_counts_never_overlap_and_stay_on_the_space(size, app):
    """Four colours on the hunting grounds, counts up to 10: each group's figure and "×n" keep
    apart from the others' and inside the space (the counts overlapped at 4 players)."""
    from stoneage.scenes.table.drawing.board import crowd_cells
    from stoneage.ui import assets

    lay = table_layout(size, 4)
    hunt = 3
    area = space_parts(lay.spaces[hunt], CAPACITY[hunt], lay.unit).crowd
    for counts in ((2, 3, 1, 2), (10, 10, 10, 10), (1, 1, 1, 1), (5, 10, 3, 7), (2, 1, 0, 0)):
        groups = [(seat, n) for seat, n in enumerate(counts) if n]
        cells = crowd_cells(
            area,
            groups,
            (lay.fonts.body, lay.fonts.small),
            lambda text, px: assets.text_width(text, px, True),
        )
        assert [c.seat for c in cells] == [seat for seat, _n in groups]
        rects = [r for c in cells for r in (c.figure, c.count) if r is not None]
        for rect in rects:
            assert lay.spaces[hunt].contains(rect), (counts, rect)
        for one, other in combinations(rects, 2):
            assert not one.colliderect(other), (counts, one, other)
        for cell in cells:  # the words fit their box at the size they are drawn
            assert assets.text_width(cell.text, cell.size, True) <= cell.count.width
