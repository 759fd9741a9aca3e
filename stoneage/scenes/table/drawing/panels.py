"""The player boards: one panel per seat with everything that seat owns.

Header: colour, name, who plays it, start player marker, score. Then: figures (free and placed),
food and food production; wood, brick, stone, gold, tool tiles (used this round greyed),
one-use tools, the two-resources card; civilization cards grouped by how they score, face-down
extra cards, and buildings.
"""

from __future__ import annotations

from collections import Counter

import pygame
from pygame import Rect

from stoneage.i18n import _, ngettext
from stoneage.play.names import (
    LEVEL_TITLES,
    ROLE_ART,
    amounts_text,
    food_count,
)
from stoneage.play.seats import PERSON, Seat
from stoneage.rules import GameState, Player, data, role_figures
from stoneage.scenes.table.drawing.pieces import figure, icon_number, icon_number_width
from stoneage.ui import assets, theme
from stoneage.ui.layout import PanelParts, TableLayout, panel_parts
from stoneage.ui.widgets import draw_panel, draw_text, draw_text_fit, text_box


def goods_icon(row: Rect) -> int:
    """Size of the food, resource and tool icons on a panel line (tall panels of a 2-player
    game must not push the line out of the panel)."""
    return min(round(row.height * 0.7), round(row.width * 0.055))


def cards_icon(row: Rect) -> int:
    """Size of the culture symbols and sand figures on a panel line."""
    return min(round(row.height * 0.78), round(row.width * 0.065))


def people_icon(row: Rect) -> int:
    """Size of the figures on a panel's first line."""
    return min(round(row.height * 0.85), round(row.width * 0.07))


def header_icon(area: Rect) -> int:
    """Size of the figure, crown and star in a panel's header."""
    return min(area.height, round(area.width * 0.08))


def warm_panel_icons(lay: TableLayout, colours: list[str]) -> None:
    """Render every icon a panel may show, so none is first drawn in the middle of a game."""
    parts = panel_parts(lay.panels[0], lay.unit)
    rows = parts.rows
    goods, cards = goods_icon(rows[1]), cards_icon(rows[2])
    for colour in colours:
        assets.image(theme.worker_image(colour), people_icon(rows[0]))
        assets.image(theme.worker_image(colour), people_icon(rows[0]), "faded")
        assets.image(theme.worker_image(colour), header_icon(parts.header))
    for name in ("score", "start_player"):
        assets.image(name, header_icon(parts.header))
    for name in ("food", "food_track", "wood", "brick", "stone", "gold", "tool", "tool_card"):
        assets.image(name, goods)
        assets.image(name, goods, "faded")
        assets.image(name, goods, "grey")
    for name in (
        [f"culture_{c}" for c in data.CULTURE_SYMBOLS]
        + list(ROLE_ART.values())
        + ["building_tile_bg"]
    ):
        assets.image(name, cards)


def seat_label(seat: Seat) -> str:
    """Who plays a seat: 'you (human)', another player over the network, or the bot level."""
    if seat.is_human:
        return _("human")
    if seat.level == PERSON:
        return _("player")
    return _("{level} bot").format(level=_(LEVEL_TITLES[seat.level]))


def draw_panels(
    surface: pygame.Surface,
    lay: TableLayout,
    state: GameState,
    seats: list[Seat],
    active: int | None,
) -> None:
    """Every seat's panel; ``active`` (the seat deciding) gets a thick frame in its colour."""
    for seat_index, rect in enumerate(lay.panels):
        draw_panel_of(surface, lay, state, seats, seat_index, rect, seat_index == active)


def draw_panel_of(
    surface: pygame.Surface,
    lay: TableLayout,
    state: GameState,
    seats: list[Seat],
    index: int,
    rect: Rect,
    active: bool,
    working: int = 0,
) -> None:
    """One seat's panel; ``working`` of its figures still work on a space (their dice not
    rolled yet), so they do not count as at home."""
    seat, player = seats[index], state.players[index]
    colour = theme.PLAYER_COLOURS[seat.colour]
    fill = theme.PARCHMENT_LIGHT if active else theme.PARCHMENT
    if active:
        pygame.draw.rect(surface, colour, rect.inflate(lay.margin, lay.margin), border_radius=12)
    draw_panel(surface, rect, fill, colour if active else theme.UMBER_DARK, 3 if active else 2, 10)
    parts = panel_parts(rect, lay.unit)
    pygame.draw.rect(
        surface, colour, parts.stripe, border_top_left_radius=10, border_bottom_left_radius=10
    )
    # Each line's words keep to their line (``text_box``: checked by the tests).
    with text_box(parts.header):
        _header(surface, lay, state, seat, index, parts.header, active)
    with text_box(parts.rows[0]):
        _people_line(surface, lay, state, seat, index, parts, working)
    with text_box(parts.rows[1]):
        _goods_line(surface, lay, player, parts.rows[1])
    with text_box(parts.rows[2]):
        _cards_line(surface, lay, player, parts.rows[2])


def _header(
    surface: pygame.Surface,
    lay: TableLayout,
    state: GameState,
    seat: Seat,
    index: int,
    area: Rect,
    active: bool,
) -> None:
    f = lay.fonts
    icon = header_icon(area)
    figure(surface, seat.colour, Rect(area.left, area.centery - icon // 2, icon, icon))
    score = state.players[index].score
    star = assets.image("score", icon)
    gap = max(2, round(4 * lay.unit))  # scaled, so a big screen keeps the same airy header
    score_rect = draw_text(
        surface, str(score), (area.right, area.centery), f.big, theme.CHARCOAL, True, "midright"
    )
    surface.blit(star, star.get_rect(midright=(score_rect.left - gap, area.centery)))
    left = area.left + icon + gap
    right = score_rect.left - icon - 2 * gap
    if state.start == index:
        crown = assets.image("start_player", icon)
        right -= crown.get_width()
        surface.blit(crown, crown.get_rect(midleft=(right + gap // 2, area.centery)))
    name_rect = Rect(left, area.top, (right - left) * 3 // 5, area.height)
    used = draw_text_fit(surface, seat.name, name_rect, f.title, theme.CHARCOAL, True, "midleft")
    who = Rect(used.right + 2 * gap, area.top, right - used.right - 2 * gap, area.height)
    label = seat_label(seat) + (" · " + _("turn") if active else "")
    draw_text_fit(surface, label, who, f.small, theme.UMBER_DARK, active, "midleft")


def _people_line(
    surface: pygame.Surface,
    lay: TableLayout,
    state: GameState,
    seat: Seat,
    index: int,
    parts: PanelParts,
    working: int = 0,
) -> None:
    f, player, row, figures = lay.fonts, state.players[index], parts.rows[0], parts.figures
    free = state.available_people(index) - working
    size = people_icon(row)
    step = min(size, (figures.width - size) / max(player.people - 1, 1))
    for i in range(player.people):
        spot = Rect(round(figures.left + i * step), row.centery - size // 2, size, size)
        figure(surface, seat.colour, spot, faded=i >= free)
    draw_text_fit(surface, f"{free}/{player.people}", parts.count, f.small, theme.UMBER_DARK, True)
    icon = goods_icon(row)
    food, track = str(player.food), f"+{player.track}"
    # The gap between food and food production narrows before "+10" runs off the board.
    room = row.right - parts.goods.left - icon_number_width(food, icon, f.label)
    gap = max(2, min(icon // 2, room - icon_number_width(track, icon, f.label)))
    used = icon_number(surface, "food", food, (parts.goods.left, row.centery), icon, f.label)
    icon_number(
        surface,
        "food_track",
        track,
        (used.right + gap, row.centery),
        icon,
        f.label,
        theme.MOSS_DARK,
    )


def _goods_line(surface: pygame.Surface, lay: TableLayout, player: Player, row: Rect) -> None:
    f = lay.fonts
    icon = goods_icon(row)
    x = row.left
    for i, name in enumerate(("wood", "brick", "stone", "gold")):
        amount = player.res[i]
        used = icon_number(
            surface,
            name,
            str(amount),
            (x, row.centery),
            icon,
            f.label,
            theme.CHARCOAL if amount else theme.STONE_GREY,
            "" if amount else "faded",
        )
        x = used.right + icon // 3
    x += icon // 3
    tiles = [(v, False) for v in player.tools_free] + [(v, True) for v in player.tools_used]
    for value, spent in tiles:
        used = icon_number(
            surface,
            "tool",
            str(value),
            (x, row.centery),
            icon,
            f.label,
            theme.STONE_DARK if spent else theme.CHARCOAL,
            "grey" if spent else "",
        )
        if spent:
            pygame.draw.line(surface, theme.CLAY, used.bottomleft, used.topright, 2)
        x = used.right + icon // 4
    for value in player.one_use:
        used = icon_number(surface, "tool_card", str(value), (x, row.centery), icon, f.label)
        x = used.right + icon // 4
    if player.two_res:
        chip = Rect(x, row.centery - icon // 2, icon * 2, icon)
        draw_panel(surface, chip, theme.OCHRE_LIGHT, theme.CHARCOAL, 1, 4)
        draw_text_fit(surface, _("2 any"), chip, f.tiny, theme.CHARCOAL, True)


def _cards_line(surface: pygame.Surface, lay: TableLayout, player: Player, row: Rect) -> None:
    f = lay.fonts
    icon = cards_icon(row)
    label = draw_text(
        surface,
        f"×{len(player.buildings)}",
        (row.right, row.centery),
        f.label,
        theme.CHARCOAL,
        True,
        "midright",
    )
    tile = assets.image("building_tile_bg", icon)
    tile_rect = surface.blit(tile, tile.get_rect(midright=(label.left - 3, row.centery)))
    known = player.cards + tuple(c for c in player.extras if c != "?")
    hidden = sum(1 for c in player.extras if c == "?")
    if not known and not hidden:
        draw_text(
            surface,
            _("no cards"),
            (row.left, row.centery),
            f.small,
            theme.STONE_DARK,
            False,
            "midleft",
        )
        return
    cultures = Counter(data.cards()[c].culture for c in known if data.cards()[c].culture)
    roles = {role: n for role, n in role_figures(known).items() if n}
    role_w = sum(
        icon + assets.font(f.small, True).size(str(n))[0] + icon // 3 for n in roles.values()
    )
    room = (
        tile_rect.left
        - icon // 3
        - row.left
        - role_w
        - (icon if hidden else 0)
        - (icon // 3 if cultures else 0)
    )
    # Culture symbols overlap when a panel is full, so nothing runs into the buildings.
    step = max(icon // 3, min(icon - icon // 6, room // max(1, len(cultures) + 1)))
    x = row.left
    for symbol in data.CULTURE_SYMBOLS:
        if cultures[symbol]:
            surface.blit(assets.image(f"culture_{symbol}", icon), (x, row.centery - icon // 2))
            x += step
            if cultures[symbol] > 1:
                draw_text(
                    surface,
                    f"×{cultures[symbol]}",
                    (x + icon - step, row.bottom),
                    f.tiny,
                    theme.CHARCOAL,
                    True,
                    "bottomright",
                )
    if cultures:
        x += icon - step + icon // 3
    for role, count in roles.items():
        used = icon_number(surface, ROLE_ART[role], str(count), (x, row.centery), icon, f.small)
        x = used.right + icon // 5
    if hidden:
        back = Rect(x, row.centery - icon // 2, icon * 5 // 7, icon)
        draw_panel(surface, back, theme.UMBER, theme.CHARCOAL, 1, 3)
        draw_text(surface, f"{hidden}", back.center, f.tiny, theme.PARCHMENT_LIGHT, True, "center")


def panel_tooltip(state: GameState, seats: list[Seat], index: int) -> str:
    """A seat's belongings in words (hover over a panel), each count with its plural."""
    p = state.players[index]
    tools = ", ".join(str(v) for v in p.tools_free) or "-"
    used = ", ".join(str(v) for v in p.tools_used)
    if used:
        tools_text = _("tools {tools} (used: {used})").format(tools=tools, used=used)
    else:
        tools_text = _("tools {tools}").format(tools=tools) if p.tools_free else _("no tools")
    cards = len(p.cards) + len(p.extras)
    buildings = len(p.buildings)
    belongings = [
        ngettext("{n} person", "{n} people", p.people).format(n=p.people),
        _("{food} (+{track} each round)").format(food=food_count(p.food), track=p.track),
        tools_text,
        amounts_text(p.res) if any(p.res) else _("no resources"),
        ngettext(
            "{n} building worth {points} points", "{n} buildings worth {points} points", buildings
        ).format(n=buildings, points=p.building_points)
        if buildings
        else _("no buildings"),
        ngettext("{n} card", "{n} cards", cards).format(n=cards) if cards else _("no cards"),
    ]
    # TRANSLATORS: between the kinds of belongings of a seat ("7 people; 5 food; 2 wood, 1 brick").
    return _("{name}: {belongings}.").format(
        name=seats[index].name, belongings=_("; ").join(belongings)
    )


#: How far apart two pieces of a line may be for the room between them to count as free.
_INK_TOLERANCE = 14  # a colour this close to the panel's fill on each channel is no ink


def panel_room(
    scratch: pygame.Surface,
    lay: TableLayout,
    state: GameState,
    seats: list[Seat],
    index: int,
) -> list[Rect]:
    """The free stretches of a seat's panel as ``state`` draws it: on the header, the goods
    line and the cards line, the widest run of each with no ink of the panel (no word, number
    or icon), whether the panel is framed as the seat deciding or not; widest first. Pop-up
    amounts go there, so they cover nothing a player reads ("+1 stone" covered the figure
    count and the tools). ``scratch`` is a surface at least as large as the table to draw on."""
    rect = lay.panels[index]
    parts = panel_parts(rect, lay.unit)
    lines = [parts.header, parts.rows[1], parts.rows[2]]
    inked: list[list[tuple[int, int]]] = [[] for _line in lines]
    for active in (False, True):  # the header says "· turn" on the deciding seat's panel
        scratch.set_clip(rect)
        draw_panel_of(scratch, lay, state, seats, index, rect, active)
        scratch.set_clip(None)
        fill = theme.PARCHMENT_LIGHT if active else theme.PARCHMENT
        for line, spans in zip(lines, inked):
            spans += _ink_spans(scratch.subsurface(line), fill, line.left)
    room = [_widest_gap(line, spans, max(2, lay.margin // 3)) for line, spans in zip(lines, inked)]
    return sorted((r for r in room if r.width > 0), key=lambda r: -r.width)


def _ink_spans(line: pygame.Surface, fill: theme.Colour, left: int) -> list[tuple[int, int]]:
    """The horizontal extents (in table coordinates) of whatever is drawn on ``line``."""
    tolerance = (_INK_TOLERANCE, _INK_TOLERANCE, _INK_TOLERANCE, 255)
    ink = pygame.mask.from_threshold(line, fill, tolerance)
    ink.invert()
    return [(left + r.left, left + r.right) for r in ink.get_bounding_rects()]


def _widest_gap(line: Rect, spans: list[tuple[int, int]], pad: int) -> Rect:
    """The widest stretch of ``line`` that no span touches, ``pad`` kept from each side."""
    best, x = Rect(line.left, line.top, 0, line.height), line.left
    for start, end in sorted(spans) + [(line.right, line.right)]:
        if start - x > best.width:
            best = Rect(x, line.top, start - x, line.height)
        x = max(x, end)
    if best.width <= 2 * pad:
        return Rect(best.left, best.top, 0, best.height)
    return best.inflate(-2 * pad, 0)
