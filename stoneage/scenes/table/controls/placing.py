"""Placing figures and choosing which space to resolve: the human's hands on the board.

Placement: drag figures from the own board onto a space. While dragging, the spaces where
``legal_actions()`` offers a ``Place`` light up and the others are dimmed; the number carried is
set with the +/- control (or the mouse wheel while dragging). A drop on a space that does not
take that move snaps back with the rules engine's reason. Clicking a space instead opens a
chooser of exactly the legal counts. Resolution: click one of the own spaces offered.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame
from pygame import Rect

from stoneage.i18n import _, ngettext
from stoneage.play.names import space_title
from stoneage.rules import Action, GameState, Place, Resolve, data
from stoneage.scenes.table.controls.base import Act, Control, ControlBase, reason_for
from stoneage.scenes.table.drawing.board import space_at
from stoneage.scenes.table.drawing.pieces import figure
from stoneage.ui import theme
from stoneage.ui.layout import TableLayout, carry_parts, panel_parts, popup_near, use_now_tag
from stoneage.ui.widgets import Button, draw_panel, draw_text, draw_text_fit, handle_buttons, shade

FIXED_COUNT_SPACES = frozenset(data.VILLAGE + data.CARD_SPACES + data.BUILDING_SPACES)
DRAG_THRESHOLD = 6  # pixels the mouse must move before a press becomes a drag


def unpaid_warning(state: GameState, seat: int, space: int) -> str:
    """What a player placing on ``space`` in ``state`` should know: a card or building that
    ``seat`` cannot pay for now gives nothing unless resources come first ('' otherwise).
    The rules allow the move; the player should make it knowingly."""
    if state.can_pay_now(seat, space):
        return ""
    if space in data.CARD_SPACES:
        return _(
            "You cannot pay for this card now: unless you gather the resources before it is "
            "resolved, the figure comes back with nothing."
        )
    return _(
        "You cannot pay for this building now: unless you gather the resources before it is "
        "resolved, the figure comes back with nothing."
    )


class PlacementControl(ControlBase):
    """Drag-and-drop (or click) placement of the human seat's figures."""

    def __init__(
        self,
        lay: TableLayout,
        state: GameState,
        seat: int,
        colour: str,
        act: Act,
        open_popup: Callable[[Control], None],
        snap_back: Callable[[tuple[int, int], tuple[int, int], int], None],
    ) -> None:
        super().__init__()
        self.lay, self.state, self.seat, self.colour, self.act, self.open_popup = (
            lay,
            state,
            seat,
            colour,
            act,
            open_popup,
        )
        self.snap_back = snap_back
        self.counts: dict[int, list[int]] = {}
        for action in state.legal_actions():
            if isinstance(action, Place):
                self.counts.setdefault(action.space, []).append(action.count)
        self.most = max((max(c) for c in self.counts.values()), default=1)
        self.carry = 1
        self.press: tuple[int, int] | None = None
        self.dragging = False
        self.mouse = (0, 0)
        parts = panel_parts(lay.panels[seat], lay.unit)
        self.grab = parts.figures
        minus, self.value_rect, plus = carry_parts(parts.carry)
        size = lay.fonts.label
        self.buttons = [
            Button(
                minus,
                "–",
                lambda: self.set_carry(self.carry - 1),
                size=size,
                name="carry_minus",
                tooltip=_(
                    "Carry one figure fewer (or keys 1-9, or the mouse wheel while dragging)"
                ),
            ),
            Button(
                plus,
                "+",
                lambda: self.set_carry(self.carry + 1),
                size=size,
                name="carry_plus",
                tooltip=_("Carry one figure more (or keys 1-9, or the mouse wheel while dragging)"),
            ),
        ]
        self.set_carry(1)
        self.carry_shown = True  # False hides the − / + stepper (a lesson step placing nothing)
        # The spaces the pointer hears about in the status line (None: all); a lesson dims
        # the others, where a click only gets its friendly word.
        self.focus: frozenset[int] | None = None
        self.hint = _("Drag figures from your board onto a lit space, or click a space.")

    # --- the carry count ---------------------------------------------------------------------------
    def set_carry(self, value: int) -> None:
        """Carry ``value`` figures (kept between 1 and the most any space takes)."""
        self.carry = max(1, min(self.most, value))
        self.buttons[0].enabled = self.carry > 1
        self.buttons[1].enabled = self.carry < self.most

    def count_for(self, space: int) -> int:
        """How many figures a drop on ``space`` places: the carried number, or the one number
        a village space, card or building takes."""
        counts = self.counts.get(space, [])
        if self.carry in counts:
            return self.carry
        if space in FIXED_COUNT_SPACES:
            return counts[0] if counts else (2 if space == data.HUT else 1)
        return self.carry

    def offered(self) -> set[Action]:
        return {Place(space, count) for space, counts in self.counts.items() for count in counts}

    def all_buttons(self) -> list[Button]:
        return list(self.buttons) if self.carry_shown else []

    # --- events ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.carry_shown and handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.press = event.pos
            return self.grab.collidepoint(event.pos) or space_at(self.lay, event.pos) is not None
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        if event.type == pygame.MOUSEWHEEL and self.dragging:
            self.set_carry(self.carry + (1 if event.y > 0 else -1))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            return self._release(event.pos)
        return False

    def _motion(self, pos: tuple[int, int]) -> bool:
        moved = pos != self.mouse
        self.mouse = pos
        if (
            self.press
            and not self.dragging
            and self.grab.collidepoint(self.press)
            and abs(pos[0] - self.press[0]) + abs(pos[1] - self.press[1]) >= DRAG_THRESHOLD
        ):
            self.dragging = True
        return moved and (
            self.dragging or space_at(self.lay, pos) is not None or bool(self.hover_note)
        )

    def cancel_drag(self) -> bool:
        """Escape while dragging: the figures go home. True if a drag was cancelled."""
        if not self.dragging:
            return False
        self.dragging, self.press = False, None
        self.snap_back(self.mouse, self.grab.center, self.carry)
        return True

    def _release(self, pos: tuple[int, int]) -> bool:
        press, self.press = self.press, None
        target = space_at(self.lay, pos)
        if self.dragging:
            self.dragging = False
            placed = target is not None and self.act(Place(target, self.count_for(target)))
            if not placed:  # refused (the reason is shown) or dropped off the board
                self.snap_back(pos, self.grab.center, self.carry)
            return True
        if target is not None and press is not None and target == space_at(self.lay, press):
            self._click(target)
            return True
        return False

    def handle_click(self, space: int) -> None:
        """A click on ``space`` (the screenshot mode shows the chooser this way)."""
        self._click(space)

    def _click(self, space: int) -> None:
        """A click on a space: its one possible number of figures goes there at once (the hut
        takes 2, the tool maker, a card or a building 1); a choice of numbers opens the
        chooser; a space that takes none gets the rules' reason."""
        counts = self.counts.get(space)
        if not counts or len(counts) == 1:
            self.act(Place(space, counts[0] if counts else self.count_for(space)))
            return
        self.open_popup(CountChooser(self.lay, space, counts, self.seat, self.act))

    # --- drawing -----------------------------------------------------------------------------------
    @property
    def hover_note(self) -> str:
        """What the space under the mouse would take (or why not)."""
        space = space_at(self.lay, self.mouse)
        if space is None or space not in self.lay.spaces:
            return ""
        if self.focus is not None and space not in self.focus:
            return ""
        if not self.dragging:
            counts = self.counts.get(space)
            if counts is not None and len(counts) == 1:  # the hut's 2, a card's 1: at once
                if not self.state.can_pay_now(self.seat, space):  # allowed, said before
                    return _("{space}: click to place 1 figure (you cannot pay for it yet)").format(
                        space=space_title(space)
                    )
                return ngettext(
                    "{space}: click to place {n} figure",
                    "{space}: click to place {n} figures",
                    counts[0],
                ).format(space=space_title(space), n=counts[0])
            if counts is not None:
                return _("{space}: click to choose how many figures").format(
                    space=space_title(space)
                )
            return reason_for(self.state, Place(space, self.count_for(space)), self.seat) or ""
        count = self.count_for(space)
        if count in self.counts.get(space, []) and not self.state.can_pay_now(self.seat, space):
            return _("{space}: you cannot pay for it yet").format(space=space_title(space))
        if count in self.counts.get(space, []):
            return ngettext(
                "Place {n} figure on the {space}", "Place {n} figures on the {space}", count
            ).format(n=count, space=space_title(space).lower())
        return reason_for(self.state, Place(space, count), self.seat) or ""

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.lay
        for space, rect in lay.spaces.items():
            if space in self.counts:
                width = max(2, lay.margin // 2 if self.dragging else 2)
                pygame.draw.rect(
                    surface,
                    theme.HIGHLIGHT,
                    rect.inflate(width * 2, width * 2),
                    width,
                    border_radius=12,
                )
            elif self.dragging:
                shade(surface, rect, 120, radius=10)
        pygame.draw.rect(surface, theme.HIGHLIGHT, self.grab, 2, border_radius=6)
        if self.carry_shown:
            self._draw_stepper(surface)
        if self.dragging:
            self.draw_carried(surface)

    def _draw_stepper(self, surface: pygame.Surface) -> None:
        """The − / + buttons and the number of figures carried between them."""
        for button in self.buttons:
            button.draw(surface)
        draw_text(
            surface,
            str(self.carry),
            self.value_rect.center,
            self.lay.fonts.label,
            theme.CHARCOAL,
            True,
            "center",
        )

    def draw_carried(self, surface: pygame.Surface) -> None:
        """The figures in hand under the pointer, with their number."""
        size = self.lay.figure * 3 // 2
        for i in range(self.carry - 1, -1, -1):
            rect = Rect(0, 0, size, size)
            rect.center = (self.mouse[0] + i * size // 5, self.mouse[1] - i * size // 6)
            figure(surface, self.colour, rect)
        badge = Rect(0, 0, size, size * 2 // 3)
        badge.midleft = (self.mouse[0] + size // 2 + self.carry * size // 5, self.mouse[1])
        draw_panel(surface, badge, theme.CHARCOAL, theme.HIGHLIGHT, 2, badge.height // 2)
        draw_text(
            surface,
            f"×{self.carry}",
            badge.center,
            self.lay.fonts.label,
            theme.PARCHMENT_LIGHT,
            True,
            "center",
        )


class CountChooser(ControlBase):
    """After a click on a space: buttons for exactly the legal numbers of figures, and Cancel."""

    modal = True

    def __init__(
        self, lay: TableLayout, space: int, counts: list[int], seat: int, act: Act
    ) -> None:
        super().__init__()
        self.lay, self.space, self.counts, self.act = lay, space, counts, act
        size = lay.fonts.label
        cell = round(size * 2.6)
        gap = lay.margin // 2
        cancel_w = cell * 2 + gap
        # Room for every number, a gap before Cancel and Cancel itself: the last number was
        # half under Cancel with five or more numbers.
        needed = len(counts) * (cell + gap) + gap + cancel_w + 2 * lay.margin
        width = max(round(size * 16), needed)
        self.rect = popup_near(lay.spaces[space], width, round(size * 6), lay.board)
        row = Rect(
            self.rect.left + lay.margin,
            self.rect.top + size * 2 + lay.margin,
            self.rect.width - 2 * lay.margin,
            cell,
        )
        x = row.left
        self.buttons = []
        for count in counts:
            self.buttons.append(
                Button(
                    Rect(x, row.top, cell, cell),
                    str(count),
                    partial(self.choose, count),
                    size=size,
                    primary=True,
                    name=f"count_{count}",
                    tooltip=ngettext(
                        "Place {n} figure (key {n})", "Place {n} figures (key {n})", count
                    ).format(n=count),
                )
            )
            x += cell + gap
        cancel = Rect(0, row.top, max(cancel_w, self.rect.right - lay.margin - x - gap), cell)
        cancel.right = self.rect.right - lay.margin
        self.buttons.append(
            Button(
                cancel,
                _("Cancel"),
                self.close,
                size=size,
                name="cancel",
                tooltip=_("Place nothing here (Esc)"),
            )
        )
        self.hint = _("How many figures on the {space}?").format(space=space_title(space).lower())

    @property
    def area(self) -> Rect | None:
        """The chooser's box."""
        return self.rect

    def choose(self, count: int) -> None:
        """Place ``count`` figures on the space (also keys 1-9)."""
        self._closed = True
        self.act(Place(self.space, count))

    def default_button(self) -> Button | None:
        return None  # the number must be chosen (a click or keys 1-9)

    def close(self) -> None:
        """Leave without placing."""
        self._closed = True

    def offered(self) -> set[Action]:
        return {Place(self.space, count) for count in self.counts}

    def handle(self, event: pygame.event.Event) -> bool:
        if handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type == pygame.MOUSEBUTTONUP and not self.rect.collidepoint(event.pos):
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.rect, theme.PARCHMENT_LIGHT, theme.CHARCOAL, 2, 10)
        title = Rect(
            self.rect.left + self.lay.margin,
            self.rect.top + self.lay.margin // 2,
            self.rect.width - 2 * self.lay.margin,
            self.lay.fonts.label * 2,
        )
        draw_text_fit(
            surface, self.hint, title, self.lay.fonts.label, theme.CHARCOAL, True, "midleft"
        )
        for button in self.buttons:
            button.draw(surface)


class ResolveControl(ControlBase):
    """Resolution: the own spaces still to use light up; a click uses one."""

    def __init__(self, lay: TableLayout, state: GameState, seat: int, act: Act) -> None:
        super().__init__()
        self.lay, self.state, self.seat, self.act = lay, state, seat, act
        self.spaces = [a.space for a in state.legal_actions() if isinstance(a, Resolve)]
        self.mouse = (0, 0)
        self.hint = _("Choose which of your spaces to use next: click it.")

    def offered(self) -> set[Action]:
        return {Resolve(space) for space in self.spaces}

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            before = space_at(self.lay, self.mouse)
            self.mouse = event.pos
            return before != space_at(self.lay, event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            space = space_at(self.lay, event.pos)
            if space is not None:
                self.act(Resolve(space))
                return True
        return False

    @property
    def hover_note(self) -> str:
        """What a click on the space under the mouse does."""
        space = space_at(self.lay, self.mouse)
        if space is None:
            return ""
        if space in self.spaces:
            return _("Use your figures on the {space} now").format(space=space_title(space).lower())
        return reason_for(self.state, Resolve(space), self.seat) or ""

    def draw(self, surface: pygame.Surface) -> None:
        width = max(3, self.lay.margin // 2)
        for space in self.spaces:
            rect = self.lay.spaces[space]
            pygame.draw.rect(
                surface,
                theme.HIGHLIGHT,
                rect.inflate(width * 2, width * 2),
                width,
                border_radius=12,
            )
            tag = use_now_tag(self.lay, space)  # never over the figures standing there
            draw_panel(surface, tag, theme.HIGHLIGHT, theme.CHARCOAL, 1, 6)
            draw_text_fit(surface, _("Use now"), tag, self.lay.fonts.body, theme.CHARCOAL, True)
