"""Dialogs over the board for the human's decisions: tools after a roll, dice for items, and the
two-resources card. Each offers exactly the matching actions of ``legal_actions()``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame
from pygame import Rect

from stoneage.i18n import _, ngettext
from stoneage.play.names import (
    ITEM_ART,
    ITEM_FACES,
    RESOURCE_ART,
    food_count,
    join_list,
    resource_count,
    resource_title,
    space_title,
)
from stoneage.rules import (
    Action,
    ChooseTools,
    GameState,
    PickItem,
    PickItemDie,
    TakeTwo,
    UseTools,
    data,
)
from stoneage.scenes.table.controls.base import Act, Control, ControlBase
from stoneage.ui import assets, theme
from stoneage.ui.layout import TableLayout, button_row, dialog_parts, dialog_rect, grid, popup_near
from stoneage.ui.widgets import (
    Button,
    blit_centred,
    draw_panel,
    draw_text,
    draw_text_block,
    draw_text_fit,
    draw_wrapped,
    handle_buttons,
    shade,
    text_box,
)


class Dialog(ControlBase):
    """A box over the board with a title, a body and buttons."""

    title = ""
    buttons_under_body = False  # True when the body draws pictures over the buttons

    def __init__(
        self, lay: TableLayout, body_height: int | None = None, with_buttons: bool = True
    ) -> None:
        super().__init__()
        self.lay = lay
        rect = (
            lay.dialog
            if body_height is None
            else dialog_rect(lay.board, lay.dialog.width, body_height, lay.unit, with_buttons)
        )
        self.parts = dialog_parts(rect, lay.unit, with_buttons)
        self.hovered: Button | None = None

    @property
    def area(self) -> Rect | None:
        """The dialog's box."""
        return self.parts.rect

    def handle(self, event: pygame.event.Event) -> bool:
        used = handle_buttons(self.buttons, event)
        if event.type == pygame.MOUSEMOTION:
            self.hovered = next((b for b in self.buttons if b.hovered), None)
        inside = "pos" in event.dict and self.parts.rect.collidepoint(event.pos)
        return used or (inside and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP))

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, self.lay.board, 110, radius=12)
        rect = self.parts.rect
        pygame.draw.rect(
            surface, theme.CHARCOAL, rect.move(0, self.lay.margin // 2), border_radius=14
        )
        draw_panel(surface, rect, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 3, 14)
        with text_box(rect):  # the dialog's words keep to it (checked by the tests)
            draw_text_fit(
                surface,
                self.title,
                self.parts.title,
                self.lay.fonts.title,
                theme.CHARCOAL,
                True,
                "midleft",
            )
            if self.buttons_under_body:
                for button in self.buttons:
                    button.draw(surface)
            self.draw_body(surface, self.parts.body)
            if not self.buttons_under_body:
                for button in self.buttons:
                    button.draw(surface)

    def draw_body(self, surface: pygame.Surface, body: Rect) -> None:
        """The dialog's own content."""


def tools_label(option: UseTools) -> str:
    """'no tools', 'tools 3 + 2', 'tool 1 + one-use 4'."""
    parts = [str(v) for v in option.tiles]
    words = []
    if parts:
        words.append(ngettext("tool {v}", "tools {v}", len(parts)).format(v=" + ".join(parts)))
    if option.cards:
        words.append(
            ngettext("one-use {v}", "one-use {v}", len(option.cards)).format(
                v=" + ".join(map(str, option.cards))
            )
        )
    return " + ".join(words) if words else _("no tools")


def roll_title(decision: ChooseTools) -> str:
    """The tools dialog's title: the roll's source as the rules give it (figures on a space,
    or the two dice of a card just bought: the card named, not the space it yields from)."""
    if decision.by_card:
        card = _("2 dice of {res}").format(res=resource_title(decision.space - data.FOREST))
        # TRANSLATORS: {card} is a civilization card's name, e.g. "2 dice of gold".
        return _("Your roll for the card “{card}”: add tools?").format(card=card)
    return _("Your roll on the {space}: add tools?").format(
        space=space_title(decision.space).lower()
    )


class ToolsDialog(Dialog):
    """After a roll: which tools to add, each option with the yield it gives."""

    def __init__(
        self, lay: TableLayout, state: GameState, act: Act, faces: list[int] | None
    ) -> None:
        decision = state.decision()
        if not isinstance(decision, ChooseTools):
            raise ValueError(f"no choice of tools is being made at move {state.ply}")
        self.space, self.total = decision.space, decision.total
        self.faces = faces or []
        self.divisor = data.gather_divisor(self.space)
        self.options = [a for a in state.legal_actions() if isinstance(a, UseTools)]
        self.die = lay.figure * 2  # dice as big as two figures
        columns = 2 if len(self.options) > 3 else 1
        rows = (len(self.options) + columns - 1) // columns
        cell_h, gap = round(lay.fonts.label * 2.3), lay.margin // 2
        preview_h = self.die * 2 + lay.margin * 2
        super().__init__(lay, preview_h + rows * (cell_h + gap), with_buttons=False)
        self.title = roll_title(decision)
        self.hint = _("Choose the tools to add to the roll; each offer shows what you get.")
        body = self.parts.body
        list_area = Rect(body.left, body.top + preview_h, body.width, body.height - preview_h)
        for rect, option in zip(
            grid(list_area, len(self.options), columns, cell_h, gap), self.options
        ):
            label = _("{tools}: {amount}").format(
                tools=tools_label(option), amount=self._yield_text(option)
            )
            tip = (
                _("Add no tools: they stay unused for another roll this round.")
                if not (option.tiles or option.cards)
                else _(
                    "Add {tools} to the roll. Used tool tiles come back next round; one-use cards are discarded."
                ).format(tools=tools_label(option))
            )
            self.buttons.append(
                Button(
                    rect,
                    label,
                    partial(act, option),
                    size=lay.fonts.label,
                    primary=bool(option.tiles or option.cards),
                    name=str(option),
                    tooltip=tip,
                )
            )

    def offered(self) -> set[Action]:
        return set(self.options)

    def default_button(self) -> Button | None:
        """Enter: the option with the largest yield that uses the fewest tools."""
        best = max(self.options, key=self._amount)
        return self.buttons[self.options.index(best)]

    def _amount(self, option: UseTools) -> int:
        return (self.total + sum(option.tiles) + sum(option.cards)) // self.divisor

    def _yield_text(self, option: UseTools) -> str:
        amount = self._amount(option)
        if self.space == data.HUNT:
            return food_count(amount)
        return resource_count(self.space - data.FOREST, amount)

    def draw_body(self, surface: pygame.Surface, body: Rect) -> None:
        f, die = self.lay.fonts, self.die
        option = next((o for o, b in zip(self.options, self.buttons) if b is self.hovered), None)
        option = option or max(self.options, key=self._amount)
        x = body.left
        for face in self.faces:
            surface.blit(assets.image(f"die_{face}", die), (x, body.top))
            x += die + die // 6
        added = sum(option.tiles) + sum(option.cards)
        sum_text = f"= {self.total}" + (f" + {added} = {self.total + added}" if added else "")
        draw_text(
            surface,
            sum_text,
            (x + die // 6, body.top + die // 2),
            f.big,
            theme.CHARCOAL,
            True,
            "midleft",
        )
        line_y = body.top + die + self.lay.margin + die // 2
        rule, icon = draw_yield_rule(
            surface, self.space, self.divisor, (body.left, line_y), f.label, die
        )
        got = draw_text(
            surface,
            _("{tools}: {amount}").format(
                tools=tools_label(option),
                amount=_("you get {amount}").format(amount=self._amount(option)),
            ),
            (rule.right + die * 2, line_y),
            f.big,
            theme.MOSS_DARK,
            True,
            "midleft",
        )
        surface.blit(icon, icon.get_rect(midleft=(got.right + 6, line_y)))


class ItemsDialog(Dialog):
    """Dice for items: the dice on the table; the player whose turn it is takes one."""

    buttons_under_body = True

    def __init__(
        self, lay: TableLayout, state: GameState, names: list[str], act: Act | None
    ) -> None:
        decision = state.decision()
        if not isinstance(decision, PickItemDie):
            raise ValueError(f"no die for items is being picked at move {state.ply}")
        self.faces, self.picker, self.buyer = decision.faces, decision.seat, decision.buyer
        text_h, cell_h = lay.fonts.body * 3, round(lay.fonts.body * 9)
        super().__init__(lay, text_h + cell_h + lay.margin, with_buttons=False)
        self.names = names
        self.title = _("Dice for items: everyone takes one die")
        self.hint = (
            _("Pick the die you want.")
            if act is not None
            else _("{name} picks a die…").format(name=names[self.picker])
        )
        body = self.parts.body
        row = Rect(body.left, body.top + text_h, body.width, cell_h)
        cells = button_row(row, len(self.faces), cell_h, lay.margin, cell_h)
        self.cells = list(zip(cells, self.faces))
        self.options = [PickItem(f) for f in sorted(set(self.faces))] if act is not None else []
        if act is not None:  # every die is a button; dice showing the same face are the same choice
            for rect, face in self.cells:
                self.buttons.append(
                    Button(
                        rect,
                        "",
                        partial(act, PickItem(face)),
                        name=f"pick_{face}",
                        tooltip=_("Take this die: {item}").format(item=_(ITEM_FACES[face])),
                    )
                )

    def offered(self) -> set[Action]:
        return set(self.options)

    def draw_body(self, surface: pygame.Surface, body: Rect) -> None:
        f = self.lay.fonts
        order = join_list(
            [self.names[(self.buyer + i) % len(self.names)] for i in range(len(self.names))]
        )
        draw_wrapped(
            surface,
            _("In turn: {order}. Now: {name}.").format(order=order, name=self.names[self.picker]),
            Rect(body.left, body.top, body.width, f.body * 3),
            f.body,
            theme.UMBER_DARK,
        )
        for rect, face in self.cells:
            die, art, label = die_tile_parts(rect, f.small)
            blit_centred(surface, assets.image(f"die_{face}", die.width), die.center)
            blit_centred(surface, assets.image(ITEM_ART[face], art.width), art.center)
            # Two lines where one would shrink ("+1 food production" ran out of its tile).
            with text_box(rect):
                draw_text_block(surface, _(ITEM_FACES[face]), label, f.small, theme.CHARCOAL, True)


def draw_yield_rule(
    surface: pygame.Surface,
    space: int,
    divisor: int,
    midleft: tuple[int, int],
    size: int,
    icon_size: int,
) -> tuple[Rect, pygame.Surface]:
    """Draw a gathering space's rule ("4 pips = 1" and the good's picture) from ``midleft``,
    as the tools dialog and the held roll both show it; the rectangle of its words and the
    picture (to name the good again after an amount)."""
    icon = assets.image((("food",) + RESOURCE_ART)[space - data.HUNT], icon_size)
    rule = draw_text(
        surface,
        _("{pips} pips = 1").format(pips=divisor),
        midleft,
        size,
        theme.UMBER_DARK,
        True,
        "midleft",
    )
    surface.blit(icon, icon.get_rect(midleft=(rule.right + 4, midleft[1])))
    return rule, icon


def die_tile_parts(rect: Rect, size: int) -> tuple[Rect, Rect, Rect]:
    """A die of the dice for items: the die, the item's picture under it and, at the foot,
    room for the item's name on two lines of ``size``."""
    pad = max(3, rect.width // 14)  # clear of the tile's rounded frame
    line = assets.font(size, True).get_linesize()
    label = Rect(rect.left + pad, rect.bottom - pad - 2 * line, rect.width - 2 * pad, 2 * line)
    room = label.top - rect.top - 2 * pad
    side = max(8, min(rect.width // 2, room * 3 // 5))
    die = Rect(0, 0, side, side)
    die.midtop = (rect.centerx, rect.top + pad)
    art = Rect(0, 0, side * 2 // 3, side * 2 // 3)
    art.midtop = (rect.centerx, die.bottom + pad)
    return die, art, label


class TakeTwoDialog(ControlBase):
    """The two-resources card: choose any two resources (or keep the card)."""

    modal = True

    def __init__(
        self, lay: TableLayout, anchor: Rect, state: GameState, act: Act, close: Callable[[], None]
    ) -> None:
        super().__init__()
        self.lay, self.close = lay, close
        self.options = [a for a in state.legal_actions() if isinstance(a, TakeTwo)]
        size = lay.fonts.body
        cell_h = round(size * 2.2)
        rows = (len(self.options) + 1) // 2 + 1
        self.rect = popup_near(
            anchor,
            round(size * 22),
            cell_h * rows + lay.margin * (rows + 1) + size * 2,
            lay.board.union(anchor),
        )
        area = Rect(
            self.rect.left + lay.margin,
            self.rect.top + size * 2,
            self.rect.width - 2 * lay.margin,
            0,
        )
        cells = grid(area, len(self.options) + 1, 2, cell_h, lay.margin // 2)
        self.buttons = [
            Button(
                rect,
                f"{resource_title(o.first)} + {resource_title(o.second)}",
                partial(self._take, act, o),
                size=size,
                name=str(o),
                tooltip=_("Take {a} and {b} now; the card is used up.").format(
                    a=resource_title(o.first), b=resource_title(o.second)
                ),
            )
            for rect, o in zip(cells, self.options)
        ]
        self.buttons.append(
            Button(
                cells[-1],
                _("Keep the card"),
                close,
                size=size,
                name="cancel",
                tooltip=_("Close and keep the card for later (Esc)"),
            )
        )
        self.hint = _("Take any two resources with your card (once per game).")

    @property
    def area(self) -> Rect | None:
        """The chooser's box."""
        return self.rect

    def _take(self, act: Act, option: TakeTwo) -> None:
        self.close()
        act(option)

    def offered(self) -> set[Action]:
        return set(self.options)

    def handle(self, event: pygame.event.Event) -> bool:
        if handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.rect, theme.PARCHMENT_LIGHT, theme.CHARCOAL, 2, 10)
        title = Rect(
            self.rect.left + self.lay.margin,
            self.rect.top + self.lay.margin // 2,
            self.rect.width - 2 * self.lay.margin,
            self.lay.fonts.body * 3 // 2,
        )
        draw_text_fit(
            surface,
            _("Two resources of your choice"),
            title,
            self.lay.fonts.label,
            theme.CHARCOAL,
            True,
            "midleft",
        )
        for button in self.buttons:
            button.draw(surface)


class TakeTwoButton(ControlBase):
    """On the own board: use the two-resources card now (opens ``TakeTwoDialog``)."""

    def __init__(
        self,
        rect: Rect,
        lay: TableLayout,
        state: GameState,
        act: Act,
        open_popup: Callable[[Control], None],
        close_popup: Callable[[], None],
    ) -> None:
        super().__init__()
        self.lay, self.state, self.act = lay, state, act
        self.open_popup, self.close_popup = open_popup, close_popup
        self.button = Button(
            rect,
            _("Use card"),
            self._open,
            size=lay.fonts.small,
            primary=True,
            name="taketwo",
            tooltip=_("Use your two-resources card: take any two resources, once."),
        )
        self.buttons = [self.button]

    def _open(self) -> None:
        self.open_popup(
            TakeTwoDialog(self.lay, self.button.rect, self.state, self.act, self.close_popup)
        )

    def offered(self) -> set[Action]:
        return {a for a in self.state.legal_actions() if isinstance(a, TakeTwo)}

    def handle(self, event: pygame.event.Event) -> bool:
        return self.button.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.button.draw(surface)
