"""Coach marks on the table (issue 14): where a lesson's bubble points, and the bubble itself.

- ``target_rects`` maps a lesson target name (``stoneage.tutorial.TARGETS``: ``space:forest``,
  ``card:slot1``, ``board:player0:food``, ``dice``, ``dialog:tools``...) to the rectangle it
  names on the current layout.
- ``CoachMark`` draws the lesson: the table dimmed except the lit rectangles, a bubble with the
  message beside the target and a pointer to it, and the Back, Skip and Next buttons.

Nothing here decides what the lesson accepts: the tutorial scene asks ``stoneage.tutorial``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
from pygame import Rect

from stoneage.i18n import _
from stoneage.rules import GameState, RollDice
from stoneage.rules import data as rules_data
from stoneage.ui import assets, theme
from stoneage.ui.layout import TableLayout, panel_parts
from stoneage.ui.widgets import Button, draw_panel, draw_text, draw_wrapped, wrap_lines

DIM_ALPHA = 150  # how dark the table around the lit target gets
BUBBLE_SHARE = 0.36  # of the table's width: the bubble's width


# --- what a target names on the table ---------------------------------------------------------------
def target_rects(
    lay: TableLayout, state: GameState, target: str, dialog: Rect | None = None
) -> list[Rect]:
    """The rectangles ``target`` names on this layout (empty when it names none here: the
    bubble's own Next button, or a dialog that is not open)."""
    kind, _sep, rest = target.partition(":")
    if kind == "space":
        space = rules_data.SPACE_BY_NAME.get(rest)
        return [lay.spaces[space]] if space in lay.spaces else []
    if kind == "card":
        return _indexed(lay, rules_data.CARD_SPACES, rest.removeprefix("slot"))
    if kind == "building":
        return _indexed(lay, rules_data.BUILDING_SPACES, rest)
    if kind == "board":
        return _board_part(lay, rest)
    if kind == "dice":
        decision = state.decision()
        if isinstance(decision, RollDice) and decision.space in lay.spaces:
            return [lay.spaces[decision.space]]
        return []
    if kind == "dialog":
        return [dialog] if dialog is not None else []
    if kind == "deck":
        return [lay.deck]
    return []


def _indexed(lay: TableLayout, spaces: Sequence[int], number: str) -> list[Rect]:
    """The space numbered ``number`` (1-based) of ``spaces``, if it is on the board."""
    if not number.isdigit() or not 1 <= int(number) <= len(spaces):
        return []
    space = spaces[int(number) - 1]
    return [lay.spaces[space]] if space in lay.spaces else []


def _board_part(lay: TableLayout, rest: str) -> list[Rect]:
    """``player<S>`` (a whole player board) or ``player<S>:<part>`` (one part of it)."""
    seat_text, _sep, part = rest.partition(":")
    seat_text = seat_text.removeprefix("player")
    if not seat_text.isdigit() or int(seat_text) >= len(lay.panels):
        return []
    panel = lay.panels[int(seat_text)]
    if not part:
        return [panel]
    parts = panel_parts(panel, lay.unit)
    header, (_people, goods, cards) = parts.header, parts.rows

    def right(row: Rect, share: float) -> Rect:  # the right ``share`` of a row
        width = round(row.width * share)
        return Rect(row.right - width, row.top, width, row.height)

    found = {
        "figures": parts.figures.union(parts.count),
        "food": parts.goods,
        "track": parts.goods,
        "tools": goods,
        "resources": goods,
        "cards": cards,
        "buildings": right(cards, 0.22),
        "score": right(header, 0.3),
    }.get(part)
    return [found] if found is not None else []


# --- placing the bubble --------------------------------------------------------------------------------
def place_bubble(
    size: tuple[int, int],
    lit: Sequence[Rect],
    bounds: Rect,
    gap: int,
    keep_clear: Sequence[Rect] = (),
) -> Rect:
    """Where a bubble of ``size`` goes: beside the first lit rect (below, above, right or left
    of it, in that order of preference), inside ``bounds``, covering as little of the lit
    rects and of ``keep_clear`` (what the player reads besides them: the turn banner and its
    hint line) as possible. Without a lit rect it is centred in ``bounds``."""
    box = Rect((0, 0), size)
    if not lit:
        box.center = bounds.center
        return box
    target = lit[0]
    candidates = []
    for side in ("below", "above", "right", "left"):
        spot = box.copy()
        if side == "below":
            spot.midtop = (target.centerx, target.bottom + gap)
        elif side == "above":
            spot.midbottom = (target.centerx, target.top - gap)
        elif side == "right":
            spot.midleft = (target.right + gap, target.centery)
        else:
            spot.midright = (target.left - gap, target.centery)
        candidates.append(spot.clamp(bounds))
    avoid = [r.inflate(gap, gap) for r in lit] + [r for r in keep_clear if r.collidelist(lit) < 0]
    return min(candidates, key=lambda spot: sum(_overlap(spot, r) for r in avoid))


def _overlap(a: Rect, b: Rect) -> int:
    clipped = a.clip(b)
    return clipped.width * clipped.height


def pointer(bubble: Rect, target: Rect) -> list[tuple[int, int]] | None:
    """A triangle from the bubble's edge toward ``target`` (None when they touch or overlap)."""
    if bubble.colliderect(target):
        return None
    if target.top >= bubble.bottom:
        x = max(bubble.left + 16, min(bubble.right - 16, target.centerx))
        base, tip = (x, bubble.bottom - 1), (x, target.top - 2)
        return [(x - 10, base[1]), (x + 10, base[1]), _limit(base, tip)]
    if target.bottom <= bubble.top:
        x = max(bubble.left + 16, min(bubble.right - 16, target.centerx))
        base, tip = (x, bubble.top + 1), (x, target.bottom + 2)
        return [(x - 10, base[1]), (x + 10, base[1]), _limit(base, tip)]
    y = max(bubble.top + 16, min(bubble.bottom - 16, target.centery))
    if target.left >= bubble.right:
        base, tip = (bubble.right - 1, y), (target.left - 2, y)
    else:
        base, tip = (bubble.left + 1, y), (target.right + 2, y)
    return [(base[0], y - 10), (base[0], y + 10), _limit(base, tip)]


def _limit(base: tuple[int, int], tip: tuple[int, int], longest: int = 28) -> tuple[int, int]:
    """``tip``, brought within ``longest`` pixels of ``base`` (a pointer, not a spear)."""
    dx, dy = tip[0] - base[0], tip[1] - base[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    if length <= longest:
        return tip
    return (round(base[0] + dx * longest / length), round(base[1] + dy * longest / length))


def dim_around(surface: pygame.Surface, lit: Sequence[Rect], radius: int) -> None:
    """Darken the whole window except the ``lit`` rects."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*theme.CHARCOAL, DIM_ALPHA))
    for rect in lit:
        pygame.draw.rect(veil, (0, 0, 0, 0), rect, border_radius=radius)
    surface.blit(veil, (0, 0))


# --- the lesson's bubble --------------------------------------------------------------------------------
@dataclass(frozen=True)
class CoachView:
    """What the bubble shows now: the message, a friendly word after a refused move, the step
    counter, the lit rectangles (the first is what it points at) and which buttons work."""

    message: str
    friendly: str
    counter: str
    lit: tuple[Rect, ...]
    can_back: bool
    next_label: str
    next_tip: str


class CoachMark:
    """The lesson's bubble over the dimmed table, with Back, Skip and Next."""

    def __init__(
        self,
        lay: TableLayout,
        on_back: Callable[[], None],
        on_skip: Callable[[], None],
        on_next: Callable[[], None],
    ) -> None:
        self.lay = lay
        self.on_back, self.on_skip, self.on_next = on_back, on_skip, on_next
        self.view: CoachView | None = None
        self.rect = Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self._text_rect = Rect(0, 0, 0, 0)
        self._friendly_rect = Rect(0, 0, 0, 0)

    def show(self, view: CoachView | None) -> bool:
        """Show ``view`` (None hides the bubble); True when what is drawn changed."""
        if view == self.view:
            return False
        self.view = view
        if view is not None:
            self._lay_out(view)
        else:
            self.buttons = []
        return True

    def _lay_out(self, view: CoachView) -> None:
        lay, f, m = self.lay, self.lay.fonts, self.lay.margin
        width = round(lay.frame.width * BUBBLE_SHARE)
        pad = m * 2
        inner = width - 2 * pad
        line = assets.font(f.label).get_linesize()
        text_h = len(wrap_lines(view.message, f.label, inner)) * line
        small = assets.font(f.body, True).get_linesize()
        friendly_h = len(wrap_lines(view.friendly, f.body, inner, True)) * small
        counter_h = assets.font(f.small).get_linesize()
        button_h = round(34 * lay.unit)
        height = pad + counter_h + text_h + (m + friendly_h if view.friendly else 0)
        height += m * 2 + button_h + pad
        bounds = Rect(0, 0, *lay.size).inflate(-m * 2, -m * 2)
        lit = [r.inflate(m, m) for r in view.lit]
        status = lay.status
        self.rect = place_bubble(
            (width, height), lit, bounds, m * 4, keep_clear=(status.turn_banner, status.hint)
        )
        top = self.rect.top + pad + counter_h
        self._text_rect = Rect(self.rect.left + pad, top, inner, text_h)
        self._friendly_rect = Rect(self.rect.left + pad, top + text_h + m, inner, friendly_h)
        row_top = self.rect.bottom - pad - button_h
        small_w, next_w = round(inner * 0.27), round(inner * 0.36)
        size = f.body
        back = Rect(self.rect.left + pad, row_top, small_w, button_h)
        skip = Rect(back.right + m, row_top, small_w, button_h)
        forward = Rect(self.rect.right - pad - next_w, row_top, next_w, button_h)
        self.buttons = [
            Button(
                back,
                _("Back"),
                self.on_back,
                enabled=view.can_back,
                size=size,
                tooltip=_("Go back one step of the lesson."),
                name="coach_back",
            ),
            Button(
                skip,
                _("Skip"),
                self.on_skip,
                size=size,
                tooltip=_("End the lessons here and play on as a normal game."),
                name="coach_skip",
            ),
            Button(
                forward,
                view.next_label,
                self.on_next,
                size=size,
                primary=True,
                tooltip=view.next_tip,
                name="coach_next",
            ),
        ]

    def handle(self, event: pygame.event.Event) -> bool:
        """The bubble's buttons; a click on the bubble itself goes no further. True when used."""
        if self.view is None:
            return False
        for button in self.buttons:
            if button.handle(event):
                return True
        pos = event.dict.get("pos")
        clicking = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        return clicking and pos is not None and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface) -> None:
        """The dimmed table with the lit target, then the bubble."""
        view = self.view
        if view is None:
            return
        _lay, f, m = self.lay, self.lay.fonts, self.lay.margin
        lit = [r.inflate(m, m) for r in view.lit]
        dim_around(surface, lit, radius=12)
        for rect in lit[:1]:
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect, max(3, m // 2), border_radius=12)
        pygame.draw.rect(surface, theme.CHARCOAL, self.rect.move(0, m // 2), border_radius=14)
        draw_panel(surface, self.rect, theme.PARCHMENT_LIGHT, theme.OCHRE, 3, 14)
        if lit:
            shape = pointer(self.rect, lit[0])
            if shape is not None:
                pygame.draw.polygon(surface, theme.PARCHMENT_LIGHT, shape)
                pygame.draw.lines(
                    surface, theme.OCHRE, False, shape[:1] + shape[2:] + shape[1:2], 3
                )
        pad = m * 2
        draw_text(
            surface,
            view.counter,
            (self.rect.right - pad, self.rect.top + pad // 2),
            f.small,
            theme.UMBER_DARK,
            False,
            "topright",
        )
        draw_wrapped(surface, view.message, self._text_rect, f.label, theme.CHARCOAL)
        if view.friendly:
            draw_wrapped(surface, view.friendly, self._friendly_rect, f.body, theme.CLAY, True)
        for button in self.buttons:
            button.draw(surface)
