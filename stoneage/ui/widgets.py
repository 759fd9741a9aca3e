"""Small drawing helpers and the one interactive widget, ``Button``.

Widgets never decide a rule: a button emits what it was built with (often an action taken from
``legal_actions()``) through its ``on_click`` callback.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

import pygame

from stoneage.play.names import formula_text
from stoneage.ui import assets, theme
from stoneage.ui.theme import Colour, Paint

Anchor = str  # any pygame.Rect position attribute: 'topleft', 'center', 'midright', ...


Overflow = tuple[str, pygame.Rect, pygame.Rect]  # the text, where it was drawn, the box it had

#: Set to a callable (tests, ``--debug-text``) to hear of every text that ran outside its box:
#: ``hook(message, drawn_rect, box)``. Text wider than its box after shrinking, wrapped text with
#: lines left out for lack of height, and text drawn past the edge of the surface are reported.
overflow_hook: Callable[[str, pygame.Rect, pygame.Rect], None] | None = None


#: Set to a callable (tests) to hear of every text ``draw_text_fit`` had to shrink:
#: ``hook(message, asked_size, drawn_size)`` (a text shrunk too far is too small to read).
shrink_hook: Callable[[str, int, int], None] | None = None


_boxes: list[pygame.Rect] = []  # the boxes text is drawn in now, innermost last (``text_box``)


@contextmanager
def text_box(rect: pygame.Rect) -> Iterator[None]:
    """Text drawn meanwhile belongs inside ``rect`` (in the coordinates of the surface it is
    drawn on: a panel, a row of a panel, a part of the status bar): with ``overflow_hook``
    set, a line whose ink leaves the box is reported. Costs nothing else."""
    _boxes.append(pygame.Rect(rect))
    try:
        yield
    finally:
        _boxes.pop()


def clicked_button(event: pygame.event.Event) -> Button | None:
    """The button a mouse release clicked, if any: a button marks the event it acts on, so
    whoever dispatched the event (the app: the click sound; the table: what it announces) can
    tell, without any button knowing who listens."""
    found = event.dict.get("clicked_button")
    return found if isinstance(found, Button) else None


def _report(message: str, drawn: pygame.Rect, box: pygame.Rect) -> None:
    if overflow_hook is not None:
        overflow_hook(message, pygame.Rect(drawn), pygame.Rect(box))


def draw_text(
    surface: pygame.Surface,
    message: str,
    pos: tuple[int, int],
    size: int,
    colour: Colour = theme.CHARCOAL,
    bold: bool = False,
    anchor: Anchor = "topleft",
) -> pygame.Rect:
    """Draw ``message`` with its ``anchor`` point at ``pos``; return the rect it covers."""
    rendered = assets.text(message, size, colour, bold)
    rect = rendered.get_rect(**{anchor: pos})
    surface.blit(rendered, rect)
    if overflow_hook is not None and message.strip():
        ink = _ink_rect(message, size, bold, rect)
        box = surface.get_rect()
        if _boxes:
            box = _boxes[-1].clip(box)
        if not box.contains(ink):
            _report(message, ink, box)
    return rect


def _ink_rect(message: str, size: int, bold: bool, rect: pygame.Rect) -> pygame.Rect:
    """The part of a rendered line that holds ink horizontally (the advance width), at ``rect``."""
    width = assets.text_width(message, size, bold)
    return pygame.Rect(rect.left, rect.top, min(width, rect.width), rect.height).inflate(
        0, -rect.height // 2
    )


_fits: dict[tuple[object, ...], int] = {}


def fit_size(message: str, size: int, width: int, bold: bool = False, smallest: int = 9) -> int:
    """The largest font size up to ``size`` at which ``message`` fits in ``width`` pixels."""
    key = (message, size, width, bold, assets.font(size, bold, message))
    fitted = _fits.get(key)
    if fitted is None:
        if len(_fits) > 4000:
            _fits.clear()
        fitted = size
        while fitted > smallest and assets.text_width(message, fitted, bold) > width:
            fitted -= 1
        _fits[key] = fitted
    return fitted


def draw_text_fit(
    surface: pygame.Surface,
    message: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour = theme.CHARCOAL,
    bold: bool = False,
    anchor: Anchor = "center",
) -> pygame.Rect:
    """Draw ``message`` shrunk to fit ``rect``'s width, anchored on the same point of ``rect``."""
    fitted = fit_size(message, size, rect.width, bold)
    if shrink_hook is not None and fitted < size:
        shrink_hook(message, size, fitted)
    drawn = draw_text(surface, message, getattr(rect, anchor), fitted, colour, bold, anchor)
    if overflow_hook is not None and assets.text_width(message, fitted, bold) > rect.width:
        _report(message, drawn, rect)
    return drawn


ELLIPSIS = "…"


def fit_line(
    message: str, size: int, width: int, bold: bool = False, least: int = 9
) -> tuple[str, int]:
    """``message`` for one line ``width`` pixels wide: the largest size down to ``least`` at
    which it fits, and when it does not fit even then, cut after the last whole word (or
    character, in Chinese and Japanese) that leaves room for "…". The text and the size."""
    fitted = fit_size(message, size, width, bold, least)
    if assets.text_width(message, fitted, bold) <= width:
        return message, fitted
    units = break_units(message)
    kept = ""
    for text, spaced in units:
        candidate = f"{kept}{' ' if spaced and kept else ''}{text}"
        if assets.text_width(candidate + ELLIPSIS, fitted, bold) > width:
            break
        kept = candidate
    if not kept:  # a first word longer than the line: cut by characters
        kept = _cut_long(
            message,
            width - assets.text_width(ELLIPSIS, fitted, bold),
            lambda t: assets.text_width(t, fitted, bold),
        )[0]
    return kept.rstrip(" ,;:、，。；：") + ELLIPSIS, fitted


def draw_text_line(
    surface: pygame.Surface,
    message: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour = theme.CHARCOAL,
    bold: bool = False,
    anchor: Anchor = "midleft",
    least: int = 9,
) -> bool:
    """``message`` on one line inside ``rect``: shrunk down to ``least``, then cut with "…"
    (see ``fit_line``); nothing is ever drawn outside ``rect``. True when it was cut (the
    caller may offer the whole text elsewhere, in a tooltip)."""
    text, fitted = fit_line(message, size, rect.width, bold, least)
    if shrink_hook is not None and fitted < size:
        shrink_hook(message, size, fitted)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    try:
        draw_text(surface, text, getattr(rect, anchor), fitted, colour, bold, anchor)
    finally:
        surface.set_clip(clip)
    return text != message


# --- line breaking -----------------------------------------------------------------------------
# Kinsoku shori (禁則処理) / 避头尾: what may not begin a line, and what may not end one.
NO_LINE_START = frozenset(
    "、。，．,.：:；;！!？?）)］]｝}」』】〉》〕”’・ー…‥ゝゞ々"
    "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ%％‰°℃"
)
NO_LINE_END = frozenset("（(［[｛{「『【〈《〔“‘")
_CJK_RANGES = (
    (0x2E80, 0x9FFF),
    (0xF900, 0xFAFF),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),
    (0x20000, 0x2FFFF),
)


def is_cjk(char: str) -> bool:
    """True for a Chinese or Japanese character or CJK punctuation (a line may break beside it)."""
    code = ord(char)
    return any(lo <= code <= hi for lo, hi in _CJK_RANGES)


def break_units(paragraph: str) -> list[tuple[str, bool]]:
    """``paragraph`` cut where a line may break: words, and single CJK characters, with the
    punctuation that may not start (or end) a line glued to its neighbour. Each unit comes
    with True when a space came before it (kept when the two stay on one line)."""
    raw: list[tuple[str, bool]] = []
    word, space = "", False
    for char in paragraph:
        if char == " " or is_cjk(char):
            if word:
                raw.append((word, space))
                word, space = "", False
            if char == " ":
                space = True
            else:
                raw.append((char, space))
                space = False
        else:
            word += char
    if word:
        raw.append((word, space))
    units: list[tuple[str, bool]] = []
    for text, spaced in raw:
        if (
            units
            and not spaced
            and (
                text[0] in NO_LINE_START
                or units[-1][0][-1] in NO_LINE_END
                # A number keeps the character that counts it: "4点", "3人" (never "4 / 点").
                or (units[-1][0][-1].isdigit() and is_cjk(text[0]))
            )
        ):
            units[-1] = (units[-1][0] + text, units[-1][1])
        else:
            units.append((text, spaced))
    return units


def wrap_text(message: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """``message`` broken into lines no wider than ``width`` by ``measure`` (pixels).

    One rule for every language: English breaks at spaces, Chinese and Japanese between any
    two characters except before closing punctuation (。、」）！？…) and after opening
    punctuation (「（). A newline always breaks. A unit wider than a line is cut by characters.
    """
    lines: list[str] = []
    # A formula stays whole: "2 × 2 = 4" is never cut as "2 × / 2 = 4" (``formula_text``).
    for paragraph in formula_text(message).split("\n"):
        line = ""
        for text, spaced in break_units(paragraph):
            candidate = f"{line}{' ' if spaced and line else ''}{text}"
            if not line or measure(candidate) <= width:
                line = candidate
                continue
            lines.append(line)
            line = text
        lines.extend(_cut_long(line, width, measure))
    return lines


def _cut_long(line: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """A line wider than ``width`` (one long word) cut by characters; others unchanged."""
    pieces: list[str] = []
    while measure(line) > width and len(line) > 1:
        cut = len(line) - 1
        while cut > 1 and measure(line[:cut]) > width:
            cut -= 1
        pieces.append(line[:cut])
        line = line[cut:]
    return pieces + [line]


def wrap_lines(message: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``message`` broken into lines no wider than ``width`` in the UI font (see ``wrap_text``)."""
    return wrap_text(message, width, lambda text: assets.text_width(text, size, bold))


def draw_wrapped(
    surface: pygame.Surface,
    message: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour = theme.CHARCOAL,
    bold: bool = False,
    centred: bool = False,
) -> int:
    """Draw ``message`` wrapped inside ``rect`` from its top; return the height used."""
    line_height = assets.font(size, bold).get_linesize()
    y = rect.top
    lines = wrap_lines(message, size, rect.width, bold)
    for i, line in enumerate(lines):
        if y + line_height > rect.bottom + line_height // 3:
            _report("\n".join(lines[i:]), pygame.Rect(rect.left, y, rect.width, line_height), rect)
            break
        if centred:
            draw_text(surface, line, (rect.centerx, y), size, colour, bold, "midtop")
        else:
            draw_text(surface, line, (rect.left, y), size, colour, bold)
        y += line_height
    return y - rect.top


def needs_two_lines(
    message: str, size: int, width: int, bold: bool = False, keep: float = 0.85
) -> bool:
    """True when ``message`` on one line would have to shrink below ``keep`` of ``size``, so
    it reads better wrapped (a narrow space at a small window)."""
    shrunk = fit_size(message, size, width, bold) < size * keep
    return shrunk and len(break_units(message.strip())) > 1  # a single word cannot be wrapped


def draw_text_block(
    surface: pygame.Surface,
    message: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour = theme.CHARCOAL,
    bold: bool = False,
    keep: float = 0.85,
) -> None:
    """``message`` centred in ``rect``: on one line (shrunk if need be) when that keeps at
    least ``keep`` of ``size``, else wrapped over the lines ``rect`` holds, shrunk until it fits."""
    if not needs_two_lines(message, size, rect.width, bold, keep):
        draw_text_fit(surface, message, rect, size, colour, bold)
        return
    fitted = size
    while fitted > 9:
        lines = wrap_lines(message, fitted, rect.width, bold)
        if len(lines) * assets.font(
            fitted, bold
        ).get_linesize() <= rect.height + fitted // 3 and all(
            assets.text_width(line, fitted, bold) <= rect.width for line in lines
        ):
            break
        fitted -= 1
    lines = wrap_lines(message, fitted, rect.width, bold)
    line_h = assets.font(fitted, bold).get_linesize()
    top = rect.centery - line_h * len(lines) // 2
    block = pygame.Rect(rect.left, top, rect.width, line_h * len(lines))
    draw_wrapped(surface, message, block, fitted, colour, bold, centred=True)


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Paint = theme.PARCHMENT,
    border: Colour = theme.UMBER_DARK,
    width: int = 2,
    radius: int = 8,
) -> None:
    """A rounded panel with an outline, the frame of every tile and dialog."""
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, border, rect, width, border_radius=radius)


def blit_centred(
    surface: pygame.Surface, picture: pygame.Surface, centre: tuple[int, int]
) -> pygame.Rect:
    """Blit ``picture`` centred on ``centre``."""
    rect = picture.get_rect(center=centre)
    surface.blit(picture, rect)
    return rect


_veils: dict[tuple[object, ...], pygame.Surface] = {}


def shade(
    surface: pygame.Surface,
    rect: pygame.Rect,
    alpha: int,
    colour: Colour = theme.CHARCOAL,
    radius: int = 8,
) -> None:
    """Darken ``rect`` (used to dim spaces that are not a legal target)."""
    key = (rect.size, alpha, colour, radius)
    veil = _veils.get(key)
    if veil is None:
        if len(_veils) > 256:
            _veils.clear()
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*colour, alpha), veil.get_rect(), border_radius=radius)
        _veils[key] = veil
    surface.blit(veil, rect)


class Button:
    """A clickable labelled rectangle. ``on_click`` runs on release inside the button (what it
    returns, if anything, is ignored)."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        on_click: Callable[[], object] | None = None,
        enabled: bool = True,
        size: int = 18,
        primary: bool = False,
        selected: bool = False,
        icon: pygame.Surface | None = None,
        tooltip: str = "",
        name: str = "",
    ) -> None:
        self.rect, self.label, self.on_click = pygame.Rect(rect), label, on_click
        self.enabled, self.size, self.primary, self.selected = enabled, size, primary, selected
        self.icon, self.tooltip, self.name = icon, tooltip, name
        self.hovered = False
        self._pressed = False

    def handle(self, event: pygame.event.Event) -> bool:
        """React to a mouse event; True when the event was used or the look changed."""
        if event.type == pygame.MOUSEMOTION:
            was, self.hovered = self.hovered, self.rect.collidepoint(event.pos)
            return was != self.hovered
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self._pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self._pressed = self._pressed, False
            if was_pressed and self.rect.collidepoint(event.pos) and self.enabled:
                event.clicked_button = self  # the app sounds the click (``clicked_button``)
                if self.on_click:
                    self.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the button in its current state (enabled, hovered, selected)."""
        fill, ink, border = self._colours()
        radius = max(4, self.rect.height // 4)
        pygame.draw.rect(
            surface,
            theme.mix(border, theme.CHARCOAL, 0.4),
            self.rect.move(0, 3),
            border_radius=radius,
        )
        draw_panel(surface, self.rect, fill, border, 2, radius)
        inner = self.rect.inflate(-self.size // 2, -4)
        if self.icon is not None:
            icon_rect = self.icon.get_rect(midleft=(inner.left, inner.centery))
            surface.blit(self.icon, icon_rect)
            inner.width -= icon_rect.width + 4
            inner.left = icon_rect.right + 4
        if self.label:
            draw_text_fit(
                surface, self.label, inner, self.size, ink, bold=self.primary or self.selected
            )

    def _colours(self) -> tuple[Colour, Colour, Colour]:
        if not self.enabled:
            return theme.DISABLED, theme.STONE_DARK, theme.STONE_DARK
        if self.selected:
            return theme.OCHRE_LIGHT, theme.CHARCOAL, theme.CHARCOAL
        base = theme.MOSS if self.primary else theme.PARCHMENT_LIGHT
        fill = theme.mix(base, theme.WHITE, 0.18) if self.hovered else base
        return fill, theme.text_on(base), theme.UMBER_DARK


def handle_buttons(buttons: list[Button], event: pygame.event.Event) -> bool:
    """Pass ``event`` to every button; True if any used it (a click stops at the first)."""
    changed = False
    for button in list(buttons):
        used = button.handle(event)
        changed |= used
        if used and event.type == pygame.MOUSEBUTTONUP:
            break
    return changed


def tooltip_under(buttons: Iterable[Button], pos: tuple[int, int]) -> str:
    """The tooltip of the first of ``buttons`` under ``pos`` that has one ("" if none)."""
    for button in buttons:
        if button.tooltip and button.rect.collidepoint(pos):
            return button.tooltip
    return ""


def draw_tooltip(surface: pygame.Surface, message: str, near: tuple[int, int], size: int) -> None:
    """A small parchment box with ``message`` beside the mouse, kept inside the window."""
    width = min(surface.get_width() // 3, assets.font(size).size(message)[0] + size)
    lines = wrap_lines(message, size, width - size)
    line_height = assets.font(size).get_linesize()
    rect = pygame.Rect(0, 0, width, line_height * len(lines) + size // 2)
    rect.topleft = (near[0] + size, near[1] + size)
    rect.clamp_ip(surface.get_rect())
    draw_panel(surface, rect, theme.PARCHMENT_LIGHT, theme.CHARCOAL, 1, 6)
    for i, line in enumerate(lines):
        draw_text(
            surface, line, (rect.left + size // 2, rect.top + size // 4 + i * line_height), size
        )
