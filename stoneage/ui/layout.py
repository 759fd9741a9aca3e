"""Every position on the game screen, as named rects computed from the window size.

Scenes hold no coordinates of their own: they ask ``table_layout(size, seats)`` for the table
and the ``*_parts`` functions for the inside of a space, a card, a building stack or a player
panel. All proportions live here, expressed against a 1280x720 reference (``unit`` scales them).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from stoneage.rules.data import BUILDING_SPACES, CARD_SPACES

REFERENCE = (1280, 720)
GATHER_ROW = (3, 4, 5, 6, 7)  # hunting grounds, forest, clay pit, quarry, river
VILLAGE_ROW = (0, 1, 2)  # tool maker, hut, field
CAPACITY = {0: 1, 1: 2, 2: 1, 3: 0, 4: 7, 5: 7, 6: 7, 7: 7}  # 0: no limit (hunting grounds)


@dataclass(frozen=True)
class Fonts:
    """Font sizes in pixels for this window."""

    tiny: int
    small: int
    body: int
    label: int
    title: int
    big: int
    huge: int


def fonts_for(unit: float) -> Fonts:
    """Font sizes scaled to the window (``unit`` = 1 at 1280x720)."""
    s = lambda px: max(9, round(px * unit))  # noqa: E731 - a local scale
    return Fonts(s(11), s(13), s(15), s(17), s(20), s(28), s(44))


def unit_for(size: tuple[int, int]) -> float:
    """The scale of this window against the reference size."""
    return min(size[0] / REFERENCE[0], size[1] / REFERENCE[1])


@dataclass(frozen=True)
class StatusParts:
    """The bar across the top: round and phase, whose turn, the start player, the menu."""

    rect: Rect
    round_box: Rect
    turn_banner: Rect
    hint: Rect
    start_box: Rect
    menu_button: Rect


@dataclass(frozen=True)
class TableLayout:
    """The game screen: status bar, board (spaces, cards, buildings, deck), player panels."""

    size: tuple[int, int]
    unit: float
    margin: int
    fonts: Fonts
    status: StatusParts
    board: Rect
    spaces: dict[int, Rect]
    deck: Rect
    panels: list[Rect]
    log: Rect
    dialog: Rect
    icon: int  # size of a resource icon in text lines
    figure: int  # size of a worker figure on the board
    extra: dict[str, Rect] = field(default_factory=dict)


def table_layout(size: tuple[int, int], seats: int) -> TableLayout:
    """The whole game screen for a window of ``size`` and ``seats`` players."""
    w, h = size
    unit = unit_for(size)
    m = max(4, round(8 * unit))
    status = _status_parts(Rect(0, 0, w, round(66 * unit)), unit, m)
    top = status.rect.bottom + m
    board = Rect(m, top, round(w * 0.655) - m, h - top - m)
    column = Rect(board.right + m, top, w - board.right - 2 * m, board.height)
    panels, log = _panels(column, seats, m, unit)
    spaces, deck = _board_spaces(board, seats, m)
    dialog = Rect(0, 0, round(board.width * 0.78), round(board.height * 0.66))
    dialog.center = board.center
    return TableLayout(
        size, unit, m, fonts_for(unit), status, board, spaces, deck, panels, log, dialog,
        icon=max(12, round(20 * unit)), figure=max(12, round(22 * unit)),
    )


def _status_parts(rect: Rect, unit: float, m: int) -> StatusParts:
    round_box = Rect(rect.left + m, rect.top + m // 2, round(rect.width * 0.17), rect.height - m)
    menu = Rect(0, 0, round(96 * unit), round(36 * unit))
    menu.midright = (rect.right - m, rect.centery)
    start_box = Rect(0, rect.top + m // 2, round(rect.width * 0.17), rect.height - m)
    start_box.right = menu.left - m
    banner_left = round_box.right + m
    banner = Rect(banner_left, rect.top + m // 2, start_box.left - m - banner_left, round(rect.height * 0.56))
    hint = Rect(banner.left, banner.bottom, banner.width, rect.bottom - banner.bottom - m // 4)
    return StatusParts(rect, round_box, banner, hint, start_box, menu)


def _panels(column: Rect, seats: int, m: int, unit: float) -> tuple[list[Rect], Rect]:
    tallest = round(200 * unit)
    height = min(tallest, (column.height - (seats - 1) * m) // seats)
    panels = [Rect(column.left, column.top + i * (height + m), column.width, height) for i in range(seats)]
    below = panels[-1].bottom + m
    return panels, Rect(column.left, below, column.width, max(0, column.bottom - below))


def _row(rect: Rect, count: int, gap: int) -> list[Rect]:
    """``count`` equal rects side by side filling ``rect``."""
    width = (rect.width - (count - 1) * gap) // count
    return [Rect(rect.left + i * (width + gap), rect.top, width, rect.height) for i in range(count)]


def _board_spaces(board: Rect, seats: int, m: int) -> tuple[dict[int, Rect], Rect]:
    inner = board.inflate(-2 * m, -2 * m)
    row_a = Rect(inner.left, inner.top, inner.width, round(inner.height * 0.345))
    row_b = Rect(inner.left, row_a.bottom + m, inner.width, round(inner.height * 0.255))
    row_c = Rect(inner.left, row_b.bottom + m, inner.width, inner.bottom - row_b.bottom - m)
    spaces = dict(zip(GATHER_ROW, _row(row_a, len(GATHER_ROW), m)))
    tiles = _row(row_b, 3 + 4, m)  # always room for 4 stacks, so the village keeps its size
    spaces.update(zip(VILLAGE_ROW, tiles[:3]))
    stacks = tiles[3:3 + seats]
    shift = (len(tiles) - 3 - seats) * (tiles[0].width + m) // 2  # centre fewer stacks
    for i, rect in enumerate(stacks):
        spaces[BUILDING_SPACES[i]] = rect.move(shift + m, 0)
    card_w = round((row_c.height - m) * 5 / 7)
    deck = Rect(row_c.left, row_c.top, round(card_w * 0.8), row_c.height)
    cards_left = deck.right + 2 * m
    # Display slots right to left by cost: card4 (costs 4) leftmost, card1 (costs 1) rightmost.
    slot_w = min(card_w, (row_c.right - cards_left - 3 * m) // 4)
    for i, space in enumerate(reversed(CARD_SPACES)):
        spaces[space] = Rect(cards_left + i * (slot_w + m), row_c.top, slot_w, row_c.height)
    return spaces, deck


# --- the inside of things --------------------------------------------------------------------
@dataclass(frozen=True)
class SpaceParts:
    """A board space: its name, picture, what it yields and the rings figures stand on."""

    title: Rect
    art: Rect
    info: Rect
    rings: list[Rect]
    crowd: Rect  # hunting grounds: where the groups of figures are listed


def space_parts(rect: Rect, capacity: int, unit: float) -> SpaceParts:
    """Parts of a board space; ``capacity`` 0 means no limit (the hunting grounds)."""
    pad = max(3, round(5 * unit))
    title = Rect(rect.left + pad, rect.top + pad, rect.width - 2 * pad, round(22 * unit))
    ring_h = round(min(26 * unit, (rect.width - 2 * pad) / max(capacity, 4)))
    rings_row = Rect(rect.left + pad, rect.bottom - pad - ring_h, rect.width - 2 * pad, ring_h)
    info = Rect(rect.left + pad, rings_row.top - round(24 * unit), rect.width - 2 * pad, round(22 * unit))
    art_side = min(rect.width - 2 * pad, info.top - title.bottom - pad)
    art = Rect(0, 0, art_side, art_side)
    art.midtop = (rect.centerx, title.bottom + pad // 2)
    rings = []
    if capacity:
        step = rings_row.width / capacity if capacity > 3 else ring_h * 1.25
        start = rings_row.centerx - step * capacity / 2
        rings = [Rect(round(start + i * step + (step - ring_h) / 2), rings_row.top, ring_h, ring_h) for i in range(capacity)]
    return SpaceParts(title, art, info, rings, rings_row)


@dataclass(frozen=True)
class CardParts:
    """A display slot: the price above, the card, its effect panel and its scoring seat."""

    header: Rect
    ring: Rect
    card: Rect
    effect: Rect
    bottom: Rect  # the lower band with the culture symbol or the sand figure


def card_parts(rect: Rect, unit: float) -> CardParts:
    """Parts of a civilization card slot (the art's symbol seat is at 50 %, 79.4 %)."""
    header_h = round(26 * unit)
    header = Rect(rect.left, rect.top, rect.width, header_h)
    ring = Rect(0, 0, header_h - 2, header_h - 2)
    ring.midright = (header.right - 2, header.centery)
    card = Rect(0, header.bottom + 2, rect.width, min(rect.height - header_h - 2, round(rect.width * 7 / 5)))
    card.width = round(card.height * 5 / 7)
    card.centerx = rect.centerx
    effect = Rect(card.left + card.width * 0.1, card.top + card.height * 0.07, card.width * 0.8, card.height * 0.52)
    seat = round(card.height * 0.26)
    bottom = Rect(0, 0, seat, seat)
    bottom.center = (card.centerx, card.top + round(card.height * 0.794))
    return CardParts(header, ring, card, effect, bottom)


@dataclass(frozen=True)
class StackParts:
    """A building stack: the occupant ring, the top tile and how many tiles are left."""

    header: Rect
    ring: Rect
    tile: Rect
    footer: Rect


def stack_parts(rect: Rect, unit: float) -> StackParts:
    """Parts of a building stack."""
    header_h, footer_h = round(26 * unit), round(22 * unit)
    header = Rect(rect.left, rect.top, rect.width, header_h)
    ring = Rect(0, 0, header_h - 2, header_h - 2)
    ring.midright = (header.right - 2, header.centery)
    side = min(rect.width, rect.height - header_h - footer_h - 4)
    tile = Rect(0, 0, side, side)
    tile.midtop = (rect.centerx, header.bottom + 2)
    footer = Rect(rect.left, rect.bottom - footer_h, rect.width, footer_h)
    return StackParts(header, ring, tile, footer)


@dataclass(frozen=True)
class PanelParts:
    """A player board: name and score, figures and food, goods and tools, cards and buildings."""

    stripe: Rect
    header: Rect
    rows: list[Rect]
    figures: Rect  # where the human grabs figures to drag
    count: Rect  # free / total figures
    carry: Rect  # the carry count control beside the figures
    goods: Rect  # food and food production, right of the carry control
    two_res: Rect


def panel_parts(rect: Rect, unit: float) -> PanelParts:
    """Parts of a player panel (four lines under a header)."""
    stripe = Rect(rect.left, rect.top, max(5, round(8 * unit)), rect.height)
    pad = max(3, round(6 * unit))
    body = Rect(stripe.right + pad, rect.top + pad // 2, rect.right - stripe.right - 2 * pad, rect.height - pad)
    header = Rect(body.left, body.top, body.width, round(body.height * 0.25))
    line_h = (body.bottom - header.bottom) // 3
    rows = [Rect(body.left, header.bottom + i * line_h, body.width, line_h) for i in range(3)]
    top = rows[0]
    figures = Rect(top.left, top.top, round(top.width * 0.44), top.height)
    count = Rect(figures.right, top.top, round(top.width * 0.09), top.height)
    carry = Rect(count.right, top.top, round(top.width * 0.16), top.height)
    goods = Rect(carry.right + pad, top.top, top.right - carry.right - pad, top.height)
    two_res = Rect(0, 0, round(rows[1].width * 0.2), rows[1].height - 2)
    two_res.midright = (rows[1].right, rows[1].centery)
    return PanelParts(stripe, header, rows, figures, count, carry, goods, two_res)


def centred_rect(area: Rect, width: int, height: int) -> Rect:
    """A rect of this size centred in ``area``."""
    rect = Rect(0, 0, width, height)
    rect.center = area.center
    return rect


def button_row(area: Rect, count: int, height: int, gap: int, width: int | None = None) -> list[Rect]:
    """``count`` buttons in a row centred in ``area`` (equal widths)."""
    if count <= 0:
        return []
    width = width or (area.width - (count - 1) * gap) // count
    width = min(width, (area.width - (count - 1) * gap) // count)
    total = count * width + (count - 1) * gap
    left = area.centerx - total // 2
    return [Rect(left + i * (width + gap), area.top, width, height) for i in range(count)]


def grid(area: Rect, count: int, columns: int, cell_h: int, gap: int) -> list[Rect]:
    """``count`` cells in rows of ``columns`` filling ``area``'s width from its top."""
    cell_w = (area.width - (columns - 1) * gap) // columns
    return [
        Rect(area.left + (i % columns) * (cell_w + gap), area.top + (i // columns) * (cell_h + gap), cell_w, cell_h)
        for i in range(count)
    ]


def column(area: Rect, count: int, height: int, gap: int, width: int | None = None) -> list[Rect]:
    """``count`` rects stacked vertically, centred horizontally in ``area``, from its top."""
    width = width or area.width
    left = area.centerx - width // 2
    return [Rect(left, area.top + i * (height + gap), width, height) for i in range(count)]


def carry_parts(rect: Rect) -> tuple[Rect, Rect, Rect]:
    """The carry-count control: minus button, the number, plus button."""
    side = min(rect.height - 4, rect.width // 3)
    minus = Rect(rect.left + 2, rect.centery - side // 2, side, side)
    plus = Rect(rect.right - side - 2, minus.top, side, side)
    value = Rect(minus.right, minus.top, plus.left - minus.right, side)
    return minus, value, plus


def popup_near(anchor: Rect, width: int, height: int, bounds: Rect) -> Rect:
    """A popup of this size just below ``anchor`` (above it if there is no room), kept in ``bounds``."""
    rect = Rect(0, 0, width, height)
    rect.midtop = (anchor.centerx, anchor.centery)
    if rect.bottom > bounds.bottom:
        rect.midbottom = (anchor.centerx, anchor.centery)
    return rect.clamp(bounds)


@dataclass(frozen=True)
class DialogParts:
    """A dialog: title line, body, and the row of buttons at the bottom."""

    rect: Rect
    title: Rect
    body: Rect
    buttons: Rect


def dialog_pad(unit: float) -> int:
    """Inner margin of a dialog."""
    return max(6, round(12 * unit))


def dialog_rect(board: Rect, width: int, body_height: int, unit: float, with_buttons: bool = True) -> Rect:
    """A dialog centred on the board, tall enough for a body of ``body_height``."""
    pad = dialog_pad(unit)
    height = 3 * pad + round(30 * unit) + body_height + (round(40 * unit) + pad if with_buttons else 0)
    rect = Rect(0, 0, width, min(height, board.height - 2 * pad))
    rect.center = board.center
    return rect


def dialog_parts(rect: Rect, unit: float, with_buttons: bool = True) -> DialogParts:
    """Parts of a dialog box."""
    pad = dialog_pad(unit)
    title = Rect(rect.left + pad, rect.top + pad, rect.width - 2 * pad, round(30 * unit))
    button_h = round(40 * unit) if with_buttons else 0
    buttons = Rect(rect.left + pad, rect.bottom - pad - button_h, rect.width - 2 * pad, button_h)
    body = Rect(rect.left + pad, title.bottom + pad // 2, rect.width - 2 * pad, buttons.top - title.bottom - pad)
    return DialogParts(rect, title, body, buttons)


def split_columns(area: Rect, fraction: float, gap: int) -> tuple[Rect, Rect]:
    """``area`` cut into a left part of ``fraction`` of its width and the rest."""
    left = Rect(area.left, area.top, round(area.width * fraction) - gap // 2, area.height)
    right = Rect(left.right + gap, area.top, area.right - left.right - gap, area.height)
    return left, right


def stepper_rows(area: Rect, count: int, height: int, gap: int) -> list[tuple[Rect, Rect, Rect, Rect]]:
    """Rows of (icon + label, minus, value, plus) for choosing amounts."""
    rows = []
    for i in range(count):
        row = Rect(area.left, area.top + i * (height + gap), area.width, height)
        side = height
        plus = Rect(row.right - side, row.top, side, side)
        value = Rect(plus.left - side * 3 // 2, row.top, side * 3 // 2, side)
        minus = Rect(value.left - side, row.top, side, side)
        label = Rect(row.left, row.top, minus.left - row.left - gap, side)
        rows.append((label, minus, value, plus))
    return rows
