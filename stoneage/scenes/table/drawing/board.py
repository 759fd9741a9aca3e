"""The main board: gathering spaces, the village, building stacks, the card display and deck.

``draw_board`` draws a state's board into the layout's rects. Legal-target highlighting is an
overlay drawn by the game scene, so this picture can be cached between actions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
from pygame import Rect

from stoneage.i18n import _, ngettext
from stoneage.play.names import SPACE_ART, space_title, village_text, yield_text
from stoneage.play.seats import Seat
from stoneage.rules import GameState, data
from stoneage.scenes.table.drawing.pieces import building_face, card_back, card_face, figure, ring
from stoneage.ui import assets, theme
from stoneage.ui.layout import (
    CAPACITY,
    MIN_SMALL,
    PILE,
    TableLayout,
    card_parts,
    space_parts,
    stack_parts,
)
from stoneage.ui.widgets import (
    blit_centred,
    draw_panel,
    draw_text,
    draw_text_block,
    draw_text_fit,
    draw_wrapped,
    fit_size,
    needs_two_lines,
    shade,
    text_box,
)

SPACE_FILL = theme.mix(theme.PARCHMENT, theme.PARCHMENT_LIGHT, 0.5)


def line_width(lay: TableLayout) -> int:
    """The outline of a space: 2 px at 1280x720, thicker on big screens so it stays visible."""
    return max(2, round(2 * lay.unit))


def corner(lay: TableLayout) -> int:
    """The corner radius of a space (the veils and highlights drawn over spaces use the same)."""
    return 10


def chip_pad(lay: TableLayout) -> int:
    """Room between a label band's edge and its words."""
    return max(4, round(6 * lay.unit))


def occupants(state: GameState, space: int) -> list[int]:
    """One seat per figure on ``space``, starting from the start player (ring order)."""
    order = [(state.start + i) % state.n for i in range(state.n)]
    return [seat for seat in order for _f in range(state.placed[seat][space])]


def draw_board_base(surface: pygame.Surface, lay: TableLayout) -> None:
    """The board itself: frame and earth, without anything that changes."""
    draw_panel(
        surface, lay.board, theme.mix(theme.UMBER, theme.OCHRE, 0.35), theme.UMBER_DARK, 3, 12
    )
    surface.blit(
        assets.cover_image("board_bg", lay.board.inflate(-6, -6).size), lay.board.inflate(-6, -6)
    )


def draw_board(
    surface: pygame.Surface, lay: TableLayout, state: GameState, seats: list[Seat]
) -> None:
    """The whole board for ``state``."""
    draw_board_base(surface, lay)
    colours = [s.colour for s in seats]
    for space in lay.spaces:
        draw_space(surface, lay, state, space, colours)
    draw_deck(surface, lay, state)


Waiting = tuple[int, int]  # (seat, figures): still standing on a space while their dice wait


def draw_space(
    surface: pygame.Surface,
    lay: TableLayout,
    state: GameState,
    space: int,
    colours: list[str],
    waiting: Waiting | None = None,
) -> None:
    """One space, card slot or building stack; on a gathering space, ``waiting`` figures
    stand there too (the rules take figures off when their space is resolved, before the
    roll; a lesson waits for the player's click on the dice in between)."""
    rect = lay.spaces[space]
    with text_box(rect):  # a space's words keep to it (checked by the tests)
        if space < 8:
            _draw_place(surface, lay, state, space, rect, colours, waiting)
            if space in data.VILLAGE and state.n < 4:
                _draw_village_note(surface, lay, state, space)
        elif space < 12:
            _draw_card_slot(surface, lay, state, space, rect, colours)
        else:
            _draw_stack(surface, lay, state, space, rect, colours)


def draw_deck(surface: pygame.Surface, lay: TableLayout, state: GameState) -> None:
    """The face-down deck."""
    with text_box(lay.deck):
        card_back(surface, deck_rect(lay), state.deck_size, lay.fonts.small)


def deck_rect(lay: TableLayout) -> Rect:
    """Where the deck's top card lies."""
    return lay.deck.inflate(0, -lay.deck.height // 5)


def space_key(state: GameState, space: int) -> tuple[object, ...]:
    """Everything a space's picture depends on (it is redrawn only when this changes)."""
    standing = tuple(occupants(state, space))
    if space < 8:
        village = (
            tuple(state.occupants[v] for v in data.VILLAGE)
            if space in data.VILLAGE and state.n < 4
            else ()
        )
        return standing, village
    if space < 12:
        return standing, state.display[space - 8]
    stack = space - 12
    return standing, state.tops[stack], state.stack_sizes[stack]


def _draw_place(
    surface: pygame.Surface,
    lay: TableLayout,
    state: GameState,
    space: int,
    rect: Rect,
    colours: list[str],
    waiting: Waiting | None = None,
) -> None:
    f = lay.fonts
    draw_panel(surface, rect, SPACE_FILL, theme.UMBER_DARK, line_width(lay), corner(lay))
    info = yield_text(space) if space >= data.HUNT else village_text(space)
    parts = space_parts(rect, CAPACITY[space], lay.unit)
    if needs_two_lines(
        info, f.body, parts.info.width, True
    ):  # a narrow village space: wrap, do not shrink
        parts = space_parts(rect, CAPACITY[space], lay.unit, info_lines=2)
    draw_text_fit(surface, space_title(space), parts.title, f.label, theme.CHARCOAL, True)
    blit_centred(surface, assets.image(SPACE_ART[space], parts.art.size), parts.art.center)
    draw_text_block(surface, info, parts.info, f.body, theme.UMBER_DARK, True)
    standing = occupants(state, space)
    if waiting is not None:
        standing += [waiting[0]] * waiting[1]
    if parts.rings:
        for i, ring_rect in enumerate(parts.rings):
            ring(surface, ring_rect, colours[standing[i]] if i < len(standing) else None)
    else:
        _draw_crowd(surface, lay, state, space, parts.crowd, colours, waiting)


@dataclass(frozen=True)
class CrowdCell:
    """One seat's group on the hunting grounds: where its figure goes (None: a compact pill in
    the seat's colour instead) and where its count is written, at which size."""

    seat: int
    figure: Rect | None
    count: Rect
    text: str
    size: int


def crowd_cells(
    area: Rect,
    groups: list[tuple[int, int]],
    sizes: tuple[int, int],
    width_of: Callable[[str, int], int],
) -> list[CrowdCell]:
    """Where each (seat, count) group of the hunting grounds goes in ``area``, side by side and
    never overlapping: a figure and "×n" at the first size of ``sizes`` if all fit, else smaller
    figures at the second size, else pills in the seats' colours with "×n", then with the
    number alone (four large groups at a small window). ``width_of(text, size)`` measures a
    text."""
    gap = max(2, area.height // 6)
    big, small = sizes
    # (figure side, text size, the count's words): the first that fits all groups is used.
    tries = (
        (area.height, big, "×{n}"),
        (area.height * 4 // 5, small, "×{n}"),
        (0, small, "×{n}"),
        (0, small, "{n}"),
        (0, max(8, small * 3 // 4), "{n}"),
    )
    for figure_side, size, form in tries:
        texts = [form.format(n=count) for _seat, count in groups]
        pad = 0 if figure_side else max(2, size // 4)
        widths = [figure_side + width_of(t, size) + 2 * pad for t in texts]
        if sum(widths) + gap * (len(groups) - 1) <= area.width:
            break
    spare = max(0, area.width - sum(widths) - gap * (len(groups) - 1))
    spread = gap + spare // max(1, len(groups))  # the groups spread over the whole row
    cells, x = [], area.left
    for (seat, _count), text, width in zip(groups, texts, widths):
        figure_rect = None
        if figure_side:
            figure_rect = Rect(x, area.centery - figure_side // 2, figure_side, figure_side)
        count = Rect(x + figure_side, area.top, width - figure_side, area.height)
        cells.append(CrowdCell(seat, figure_rect, count, text, size))
        x += width + spread
    return cells


def _draw_crowd(
    surface: pygame.Surface,
    lay: TableLayout,
    state: GameState,
    space: int,
    area: Rect,
    colours: list[str],
    waiting: Waiting | None = None,
) -> None:
    """The hunting grounds: a figure and a count per seat standing there (no limit)."""
    counts = [state.placed[seat][space] for seat in range(state.n)]
    if waiting is not None:
        counts[waiting[0]] += waiting[1]
    groups = [(seat, count) for seat, count in enumerate(counts) if count]
    if not groups:
        draw_text_fit(surface, _("no limit"), area, lay.fonts.small, theme.UMBER_DARK)
        return
    sizes = (lay.fonts.body, lay.fonts.small)
    for cell in crowd_cells(area, groups, sizes, lambda t, n: assets.text_width(t, n, True)):
        ink = theme.CHARCOAL
        if cell.figure is not None:
            figure(surface, colours[cell.seat], cell.figure)
        else:
            fill = theme.PLAYER_COLOURS[colours[cell.seat]]
            pill = cell.count.inflate(0, -max(2, cell.count.height // 6))
            draw_panel(surface, pill, fill, theme.CHARCOAL, 1, pill.height // 2)
            ink = theme.text_on(fill)
        draw_text(surface, cell.text, cell.count.center, cell.size, ink, True, "center")


def _draw_card_slot(
    surface: pygame.Surface,
    lay: TableLayout,
    state: GameState,
    space: int,
    rect: Rect,
    colours: list[str],
) -> None:
    slot = space - data.CARD_SPACES[0]
    parts = card_parts(rect, lay.unit)
    _chip(surface, parts.header)
    labels, size = cost_labels(lay)
    draw_text_fit(
        surface,
        labels[slot],
        cost_label_rect(lay, space),
        size,
        theme.PARCHMENT_LIGHT,
        True,
        "midleft",
    )
    standing = occupants(state, space)
    ring(surface, parts.ring, colours[standing[0]] if standing else None)
    card_id = state.display[slot]
    if card_id is None:
        pygame.draw.rect(
            surface,
            theme.mix(theme.UMBER, theme.CHARCOAL, 0.3),
            parts.card,
            line_width(lay),
            border_radius=corner(lay),
        )
        draw_text_fit(surface, _("empty"), parts.card, lay.fonts.small, theme.PARCHMENT)
        return
    card_face(surface, parts.card, parts.effect, parts.bottom, card_id, lay.fonts.small)


def cost_label_rect(lay: TableLayout, space: int) -> Rect:
    """Where a card slot's price is written: its band, left of the occupant ring."""
    parts = card_parts(lay.spaces[space], lay.unit)
    left = parts.header.left + max(3, chip_pad(lay) * 3 // 4)
    right = parts.ring.left - 1  # the ring's own outline keeps the words apart
    return Rect(left, parts.header.top, right - left, parts.header.height)


def cost_labels(lay: TableLayout) -> tuple[list[str], int]:
    """The four slots' prices ("costs 1 resource" ... "costs 4 resources") and the one size
    they are all written at: the largest at which each fits its band (the longest label shrank
    alone to 10 px beside "costs 1 resource" at 12 px). Where the row would shrink below the
    smallest readable size, the shorter form ("4 resources") is written instead."""
    width = cost_label_rect(lay, data.CARD_SPACES[0]).width
    costs = range(1, len(data.CARD_SPACES) + 1)
    forms = (
        [ngettext("costs {n} resource", "costs {n} resources", n).format(n=n) for n in costs],
        [ngettext("{n} resource", "{n} resources", n).format(n=n) for n in costs],
    )
    for labels in forms:
        size = min(fit_size(label, lay.fonts.small, width, True) for label in labels)
        if size >= MIN_SMALL:
            break
    return labels, size


def _draw_stack(
    surface: pygame.Surface,
    lay: TableLayout,
    state: GameState,
    space: int,
    rect: Rect,
    colours: list[str],
) -> None:
    stack = space - data.BUILDING_SPACES[0]
    parts = stack_parts(rect, lay.unit)
    _chip(surface, parts.header)
    _chip(surface, parts.footer)
    pad = chip_pad(lay)
    label = Rect(
        parts.header.left + pad,
        parts.header.top,
        parts.ring.left - parts.header.left - 2 * pad,
        parts.header.height,
    )
    draw_text_fit(
        surface, _("Building"), label, lay.fonts.small, theme.PARCHMENT_LIGHT, True, "midleft"
    )
    standing = occupants(state, space)
    ring(surface, parts.ring, colours[standing[0]] if standing else None)
    left = state.stack_sizes[stack]
    for under in parts.pile(min(left, PILE + 1) - 1):  # the tiles underneath, as a visible pile
        draw_panel(surface, under, theme.STONE_DARK, theme.CHARCOAL, 1, corner(lay) * 3 // 5)
    tile_id = state.tops[stack]
    if tile_id is not None:
        building_face(surface, parts.tile, tile_id, lay.fonts.small)
    else:
        pygame.draw.rect(
            surface,
            theme.STONE_DARK,
            parts.tile,
            line_width(lay),
            border_radius=corner(lay) * 3 // 5,
        )
    text = ngettext("{n} tile left", "{n} tiles left", left).format(n=left)
    draw_text_fit(surface, text, parts.footer, lay.fonts.small, theme.PARCHMENT_LIGHT, True)


def _chip(surface: pygame.Surface, rect: Rect) -> None:
    """A dark label band, so light text reads on the light board."""
    draw_panel(surface, rect, theme.UMBER_DARK, theme.CHARCOAL, 1, rect.height // 3)


def _draw_village_note(
    surface: pygame.Surface, lay: TableLayout, state: GameState, space: int
) -> None:
    """With 2 or 3 players only two of the three village spaces may be used each round:
    once two are taken, the third is shown closed."""
    used = [v for v in data.VILLAGE if state.occupants[v]]
    if len(used) < 2 or space in used:
        return
    rect = lay.spaces[space]
    shade(surface, rect, 150, radius=10)
    note = rect.inflate(-lay.margin, 0)
    note.height = rect.height // 2
    note.centery = rect.centery
    draw_panel(surface, note, theme.PARCHMENT_LIGHT, theme.CLAY, 2, 8)
    message = _("Closed: with {n} players only 2 of the 3 village spaces are used").format(
        n=state.n
    )
    draw_wrapped(
        surface,
        message,
        note.inflate(-lay.margin, -lay.margin // 2),
        lay.fonts.tiny,
        theme.CLAY,
        True,
        centred=True,
    )


def space_at(lay: TableLayout, pos: tuple[int, int]) -> int | None:
    """The board space under ``pos`` (a card slot or stack counts as a space)."""
    for space, rect in lay.spaces.items():
        if rect.collidepoint(pos):
            return space
    return None


def drop_point(lay: TableLayout, space: int, index: int) -> tuple[int, int]:
    """Where the ``index``-th figure on ``space`` stands (for animations)."""
    rect = lay.spaces[space]
    if space < 8:
        parts = space_parts(rect, CAPACITY[space], lay.unit)
        if parts.rings:
            return parts.rings[min(index, len(parts.rings) - 1)].center
        return (parts.crowd.left + parts.crowd.height // 2, parts.crowd.centery)
    if space < 12:
        return card_parts(rect, lay.unit).ring.center
    return stack_parts(rect, lay.unit).ring.center
