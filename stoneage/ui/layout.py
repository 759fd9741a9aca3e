"""Every position on the game screen, as named rects computed from the window size.

Scenes hold no coordinates of their own: they ask ``table_layout(size, seats)`` for the table
and the ``*_parts`` functions for the inside of a space, a card, a building stack or a player
panel. All proportions live here, expressed against a 1280x720 reference (``unit`` scales them).
A window much wider or taller than the table's allowed shapes gets margins (``table_frame``):
pictures keep their proportions and the table is never stretched.
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


#: The smallest sizes text is drawn at, whatever the window: below these a player reads it
#: with effort (counts, card prices and the log at 1024x640 were 9-10 px before).
MIN_TINY, MIN_SMALL, MIN_TEXT = 10, 12, 12


def fonts_for(unit: float) -> Fonts:
    """Font sizes scaled to the window (``unit`` = 1 at 1280x720), never below the minimums."""

    def s(px: int, least: int = MIN_TEXT) -> int:  # a local scale
        return max(least, round(px * unit))

    return Fonts(s(11, MIN_TINY), s(13, MIN_SMALL), s(15), s(17), s(20), s(28), s(44))


def unit_for(size: tuple[int, int]) -> float:
    """The scale of this window against the reference size."""
    return min(size[0] / REFERENCE[0], size[1] / REFERENCE[1])


@dataclass(frozen=True)
class StatusParts:
    """The bar across the top: round and phase, whose turn (with the hint line under it), the
    start player, and the buttons Undo, Hint, Log and Menu (drawn by the game scene)."""

    rect: Rect
    round_box: Rect
    turn_banner: Rect
    hint: Rect
    start_box: Rect
    menu_button: Rect
    undo_button: Rect
    hint_button: Rect
    log_button: Rect

    def buttons(self) -> list[Rect]:
        """The four button rects, left to right."""
        return [self.undo_button, self.hint_button, self.log_button, self.menu_button]


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
    frame: Rect  # the part of the window the table uses (all of it unless very wide or tall)
    log_overlay: Rect  # the whole game log, over the board
    announce: Rect  # hotseat: "Ayla's turn", centred over the board
    extra: dict[str, Rect] = field(default_factory=dict)


#: The shapes (width / height) the table keeps: a wider window gets margins left and right, a
#: taller one above and below the table, so no picture or row is ever stretched.
MIN_ASPECT, MAX_ASPECT = 1.45, 2.1
BOARD_SHARE = 0.655  # of the table's width, the rest is the column of player panels


def table_frame(size: tuple[int, int]) -> Rect:
    """The part of the window the table fills, centred: the whole window within the allowed
    shapes, else the widest (or tallest) allowed shape that fits."""
    w, h = size
    width = min(w, round(h * MAX_ASPECT))
    height = min(h, round(width / MIN_ASPECT))
    return Rect((w - width) // 2, (h - height) // 2, width, height)


def table_layout(size: tuple[int, int], seats: int) -> TableLayout:
    """The whole game screen for a window of ``size`` and ``seats`` players."""
    w, h = size
    frame = table_frame(size)
    unit = unit_for(frame.size)
    m = max(4, round(8 * unit))
    # The bar always spans the window's top (its surface shares the window's coordinates);
    # only its contents keep to the frame.
    status = _status_parts(Rect(0, 0, w, round(66 * unit)), frame.left, frame.right, unit, m)
    room = Rect(frame.left, status.rect.bottom, frame.width, h - status.rect.bottom)
    height = min(room.height, frame.height - status.rect.height)
    top = room.top + (room.height - height) // 2 + m
    board = Rect(frame.left + m, top, round(frame.width * BOARD_SHARE) - m, height - 2 * m)
    column = Rect(board.right + m, top, frame.right - board.right - 2 * m, board.height)
    panels, log = _panels(column, seats, m, unit)
    spaces, deck = _board_spaces(board, seats, m)
    return TableLayout(
        size,
        unit,
        m,
        fonts_for(unit),
        status,
        board,
        spaces,
        deck,
        panels,
        log,
        dialog=_over_board(board, 0.78, 0.66),
        icon=max(12, round(20 * unit)),
        figure=max(12, round(22 * unit)),
        frame=frame,
        log_overlay=_over_board(board, 0.72, 0.9),
        announce=_over_board(board, 0.46, 0.4),
    )


def _over_board(board: Rect, width: float, height: float) -> Rect:
    """A box of these fractions of the board, centred on it."""
    rect = Rect(0, 0, round(board.width * width), round(board.height * height))
    rect.center = board.center
    return rect


# Widths of the status bar's parts at the reference size (the banner takes what is left).
ROUND_W, START_W, UNDO_W, SMALL_BUTTON_W, MENU_W, BUTTON_H = 140, 150, 270, 56, 84, 36


def _status_parts(bar: Rect, left: int, right: int, unit: float, m: int) -> StatusParts:
    """Round box | banner and start player over the hint line | Undo, Hint, Log, Menu.

    The hint line runs under both the banner and the start player, so the longest hints (in
    Japanese, about 40 characters) keep their full size even at 1024x640.
    """
    top, height = bar.top + m // 2, bar.height - m
    round_box = Rect(left + m, top, round(ROUND_W * unit), height)
    gap = max(3, m // 2)
    button_h = round(BUTTON_H * unit)
    menu = Rect(0, 0, round(MENU_W * unit), button_h)
    menu.midright = (right - m, bar.centery)
    log = Rect(0, 0, round(SMALL_BUTTON_W * unit), button_h)
    log.midright = (menu.left - gap, bar.centery)
    hint_button = log.move(-log.width - gap, 0)
    undo = Rect(0, 0, round(UNDO_W * unit), button_h)
    undo.midright = (hint_button.left - gap, bar.centery)
    middle = Rect(round_box.right + m, top, undo.left - m - round_box.right - m, height)
    row = round(bar.height * 0.56)
    start_box = Rect(0, top, round(START_W * unit), row)
    start_box.right = middle.right
    banner = Rect(middle.left, top, start_box.left - m - middle.left, row)
    hint = Rect(middle.left, banner.bottom, middle.width, bar.bottom - banner.bottom - m // 4)
    return StatusParts(bar, round_box, banner, hint, start_box, menu, undo, hint_button, log)


#: The recent moves keep this much of the column at every table size (a heading and about four
#: lines), so what the bots just did stays on screen with four players too.
LOG_MIN_HEIGHT = 112


def _panels(column: Rect, seats: int, m: int, unit: float) -> tuple[list[Rect], Rect]:
    """The player panels from the column's top, and the recent moves' box under them."""
    tallest = round(200 * unit)
    room = column.height - seats * m - round(LOG_MIN_HEIGHT * unit)
    height = min(tallest, room // seats)
    panels = [
        Rect(column.left, column.top + i * (height + m), column.width, height) for i in range(seats)
    ]
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
    spaces.update(_village_and_stacks(row_b, seats, m))
    card_w = round((row_c.height - m) * 5 / 7)
    deck = Rect(row_c.left, row_c.top, round(card_w * 0.8), row_c.height)
    cards_left = deck.right + 2 * m
    # Display slots right to left by cost: card4 (costs 4) leftmost, card1 (costs 1) rightmost.
    slot_w = min(card_w, (row_c.right - cards_left - 3 * m) // 4)
    for i, space in enumerate(reversed(CARD_SPACES)):
        spaces[space] = Rect(cards_left + i * (slot_w + m), row_c.top, slot_w, row_c.height)
    return spaces, deck


def _village_and_stacks(row: Rect, seats: int, m: int) -> dict[int, Rect]:
    """The three village spaces from the left, then (after a wider gap) the building stacks,
    with room for four always, so the village keeps its size; fewer stacks are centred in it."""
    tile = (row.width - 7 * m) // 7  # gaps: 2 in the village, 2m between, 3 among the stacks
    spaces = {
        space: Rect(row.left + i * (tile + m), row.top, tile, row.height)
        for i, space in enumerate(VILLAGE_ROW)
    }
    area_w = 4 * tile + 3 * m
    used_w = seats * tile + (seats - 1) * m
    left = row.right - area_w + (area_w - used_w) // 2
    for i in range(seats):
        spaces[BUILDING_SPACES[i]] = Rect(left + i * (tile + m), row.top, tile, row.height)
    return spaces


# --- the inside of things --------------------------------------------------------------------
@dataclass(frozen=True)
class SpaceParts:
    """A board space: its name, picture, what it yields and the rings figures stand on."""

    title: Rect
    art: Rect
    info: Rect
    rings: list[Rect]
    crowd: Rect  # hunting grounds: where the groups of figures are listed


def space_parts(rect: Rect, capacity: int, unit: float, info_lines: int = 1) -> SpaceParts:
    """Parts of a board space; ``capacity`` 0 means no limit (the hunting grounds).

    ``info_lines`` 2 makes room for what the space gives on two lines (a narrow village space
    at a small window), taken from the picture, which stays square.
    """
    pad = max(3, round(5 * unit))
    title = Rect(rect.left + pad, rect.top + pad, rect.width - 2 * pad, round(22 * unit))
    ring_h = min(round(26 * unit), (rect.width - 2 * pad) // max(capacity, 4))
    rings_row = Rect(rect.left + pad, rect.bottom - pad - ring_h, rect.width - 2 * pad, ring_h)
    info_h = round((22 + 17 * (info_lines - 1)) * unit)
    info = Rect(
        rect.left + pad, rings_row.top - info_h - round(2 * unit), rect.width - 2 * pad, info_h
    )
    art_side = min(rect.width - 2 * pad, info.top - title.bottom - pad)
    art = Rect(0, 0, art_side, art_side)
    art.midtop = (rect.centerx, title.bottom + pad // 2)
    rings = []
    if capacity:
        step = rings_row.width / capacity if capacity > 3 else ring_h * 1.25
        start = rings_row.centerx - step * capacity / 2
        # Rounded down, so neighbours never overlap by a pixel (ring_h is at most the step).
        rings = [
            Rect(int(start + i * step + (step - ring_h) / 2), rings_row.top, ring_h, ring_h)
            for i in range(capacity)
        ]
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
    card = Rect(
        0, header.bottom + 2, rect.width, min(rect.height - header_h - 2, round(rect.width * 7 / 5))
    )
    card.width = round(card.height * 5 / 7)
    card.centerx = rect.centerx
    effect = Rect(
        card.left + card.width * 0.1,
        card.top + card.height * 0.07,
        card.width * 0.8,
        card.height * 0.52,
    )
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
    depth: int = 2  # how far each tile under the top one shows, up and to the right

    def pile(self, count: int) -> list[Rect]:
        """The rects of ``count`` tiles under the top one, the lowest first."""
        return [self.tile.move(i * self.depth, -i * self.depth) for i in range(count, 0, -1)]


PILE = 3  # tiles drawn under the top one at most


def stack_parts(rect: Rect, unit: float) -> StackParts:
    """Parts of a building stack; the top tile and the pile under it keep inside ``rect``
    between the header and the footer."""
    header_h, footer_h = round(26 * unit), round(22 * unit)
    gap = max(2, round(3 * unit))
    header = Rect(rect.left, rect.top, rect.width, header_h)
    ring = Rect(0, 0, header_h - 2, header_h - 2)
    ring.midright = (header.right - 2, header.centery)
    footer = Rect(rect.left, rect.bottom - footer_h, rect.width, footer_h)
    room = Rect(rect.left, header.bottom + gap, rect.width, footer.top - header.bottom - 2 * gap)
    depth = max(2, min(room.width, room.height) // 40)
    side = max(1, min(room.width, room.height) - PILE * depth)
    tile = Rect(0, 0, side, side)
    # The pile rises to the upper right, so the whole of it (not the top tile) is centred.
    tile.bottomleft = (
        room.centerx - (side + PILE * depth) // 2,
        room.centery + (side + PILE * depth) // 2,
    )
    return StackParts(header, ring, tile, footer, depth)


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
    body = Rect(
        stripe.right + pad,
        rect.top + pad // 2,
        rect.right - stripe.right - 2 * pad,
        rect.height - pad,
    )
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


def button_row(
    area: Rect, count: int, height: int, gap: int, width: int | None = None
) -> list[Rect]:
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
        Rect(
            area.left + (i % columns) * (cell_w + gap),
            area.top + (i // columns) * (cell_h + gap),
            cell_w,
            cell_h,
        )
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


def dialog_rect(
    board: Rect, width: int, body_height: int, unit: float, with_buttons: bool = True
) -> Rect:
    """A dialog centred on the board, tall enough for a body of ``body_height``."""
    pad = dialog_pad(unit)
    height = (
        3 * pad + round(30 * unit) + body_height + (round(40 * unit) + pad if with_buttons else 0)
    )
    rect = Rect(0, 0, width, min(height, board.height - 2 * pad))
    rect.center = board.center
    return rect


def dialog_parts(rect: Rect, unit: float, with_buttons: bool = True) -> DialogParts:
    """Parts of a dialog box."""
    pad = dialog_pad(unit)
    title = Rect(rect.left + pad, rect.top + pad, rect.width - 2 * pad, round(30 * unit))
    button_h = round(40 * unit) if with_buttons else 0
    buttons = Rect(rect.left + pad, rect.bottom - pad - button_h, rect.width - 2 * pad, button_h)
    body = Rect(
        rect.left + pad,
        title.bottom + pad // 2,
        rect.width - 2 * pad,
        buttons.top - title.bottom - pad,
    )
    return DialogParts(rect, title, body, buttons)


def split_columns(area: Rect, fraction: float, gap: int) -> tuple[Rect, Rect]:
    """``area`` cut into a left part of ``fraction`` of its width and the rest."""
    left = Rect(area.left, area.top, round(area.width * fraction) - gap // 2, area.height)
    right = Rect(left.right + gap, area.top, area.right - left.right - gap, area.height)
    return left, right


def stepper_rows(
    area: Rect, count: int, height: int, gap: int
) -> list[tuple[Rect, Rect, Rect, Rect]]:
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


# --- what must stay visible on a space ---------------------------------------------------------
def figure_area(lay: TableLayout, space: int) -> Rect:
    """Where the figures standing on ``space`` are shown: the row of rings (or the hunting
    grounds' groups and counts) of a place, the occupant ring of a card slot or building stack.
    Nothing the table lays over a space (the "Use now" tag, a tooltip) may cover it."""
    rect = lay.spaces[space]
    if space in CARD_SPACES:
        return card_parts(rect, lay.unit).ring
    if space in BUILDING_SPACES:
        return stack_parts(rect, lay.unit).ring
    parts = space_parts(rect, CAPACITY[space], lay.unit)
    return parts.crowd.unionall(parts.rings)


def use_now_tag(lay: TableLayout, space: int) -> Rect:
    """The "Use now" tag of a space the player may use next (action phase). On a place it lies
    over the foot of the picture, above what the space yields and the figures standing there;
    on a card slot or building stack at the bottom, away from the occupant ring at the top."""
    rect = lay.spaces[space]
    height = lay.fonts.body * 2
    if space in CARD_SPACES or space in BUILDING_SPACES:
        tag = Rect(0, 0, rect.width - 8, height)
        tag.midbottom = (rect.centerx, rect.bottom - 2)
        return tag
    # The picture as it is with two lines of yield text (a narrow village space), the smaller
    # of the two, so the tag clears the text either way.
    art = space_parts(rect, CAPACITY[space], lay.unit, info_lines=2).art
    tag = Rect(0, 0, rect.width - 8, min(height, art.height // 2))
    tag.midbottom = (rect.centerx, art.bottom)
    return tag


def tooltip_place(
    size: tuple[int, int], pointer: tuple[int, int], keep_clear: Rect | None, bounds: Rect, gap: int
) -> Rect:
    """Where a tooltip box of ``size`` goes: below and right of the pointer, as everywhere, unless
    that covers ``keep_clear`` (the figures on the space under the pointer); then above the
    pointer, beside the area, or below it, whichever first stays clear. Always inside ``bounds``."""
    width, height = size
    x, y = pointer
    usual = Rect(x + gap, y + gap, width, height).clamp(bounds)
    if keep_clear is None or not usual.colliderect(keep_clear):
        return usual
    candidates = [
        Rect(x + gap, min(y, keep_clear.top) - gap - height, width, height),  # above
        Rect(keep_clear.right + gap, y + gap, width, height),  # right of the area
        Rect(keep_clear.left - gap - width, y + gap, width, height),  # left of it
        Rect(x + gap, keep_clear.bottom + gap, width, height),  # below it
    ]
    for candidate in candidates:
        placed = candidate.clamp(bounds)
        if not placed.colliderect(keep_clear):
            return placed
    return usual
