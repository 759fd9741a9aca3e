"""The saved games: every named save, newest first, to load or delete."""

from __future__ import annotations

import logging
from functools import partial

import pygame

from stoneage.i18n import _
from stoneage.records.files import set_aside
from stoneage.records.saves import (
    SaveEntry,
    delete_named_save,
)
from stoneage.scenes.files.opening import start_loaded_game, summary
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.confirm import Choice, ConfirmScene
from stoneage.scenes.kit.menu import PanelScene
from stoneage.ui import assets, theme
from stoneage.ui.widgets import (
    Button,
    draw_text_fit,
    draw_wrapped,
)

log = logging.getLogger(__name__)


class LoadScene(PanelScene):
    """The named saves, newest first: Load or Delete each. The wheel, Up/Down and Page keys
    scroll and select; Enter loads the selected save, Delete deletes it, Esc goes back."""

    def __init__(self, app: SceneHost, entries: list[SaveEntry] | None = None) -> None:
        self.entries = entries if entries is not None else app.records.shelf.entries()
        self.first, self.selected = 0, 0
        super().__init__(app)

    def refresh(self) -> None:
        """Read the folder again (after a delete, or when coming back)."""
        self.entries = self.app.records.shelf.entries()
        self.selected = max(0, min(self.selected, len(self.entries) - 1))
        self.first = max(0, min(self.first, len(self.entries) - self.visible_rows()))
        self.buttons = self.make_buttons()

    def visible_rows(self) -> int:
        """How many rows fit in the panel."""
        return max(
            1,
            (self.lay.panel_body.height + self.lay.margin) // (self.row_height() + self.lay.margin),
        )

    def row_height(self) -> int:
        """One save's row: its name over its summary."""
        f = self.lay.fonts
        return (
            assets.font(f.label, True).get_linesize()
            + assets.font(f.body).get_linesize()
            + self.lay.margin * 2
        )

    def rows(self) -> list[tuple[int, pygame.Rect]]:
        """The entries on screen now, with their rows."""
        body, m, height = self.lay.panel_body, self.lay.margin, self.row_height()
        shown = range(self.first, min(len(self.entries), self.first + self.visible_rows()))
        return [
            (
                i,
                pygame.Rect(
                    body.left,
                    body.top + (i - self.first) * (height + m),
                    body.width - m * 2,
                    height,
                ),
            )
            for i in shown
        ]

    def make_buttons(self) -> list[Button]:
        self.heading = _("Load game")
        f, m = self.lay.fonts, self.lay.margin
        buttons: list[Button] = []
        width = round(f.label * 6)
        for i, row in self.rows():
            entry = self.entries[i]
            height = row.height - m * 2
            delete = pygame.Rect(row.right - m - width, row.centery - height // 2, width, height)
            load = delete.move(-width - m, 0)
            tip = (
                _("Play on from this save.")
                if entry.game
                else (entry.error.message if entry.error else "")
            )
            buttons.append(
                Button(
                    load,
                    _("Load"),
                    partial(self.load, i),
                    enabled=entry.loadable,
                    size=f.label,
                    primary=True,
                    tooltip=tip,
                    name=f"load_{i}",
                )
            )
            buttons.append(
                Button(
                    delete,
                    _("Delete"),
                    partial(self.ask_delete, i),
                    size=f.label,
                    tooltip=_("Delete this save (you are asked first)."),
                    name=f"delete_{i}",
                )
            )
        back = self.back_button()
        back.primary = False
        back.tooltip = _("Back without loading (Esc).")
        self.list_buttons_right = (
            buttons[0].rect.left if buttons else self.lay.panel_body.right
        ) - m
        return buttons + [back]

    def resume(self) -> None:
        self.refresh()

    # --- choices -----------------------------------------------------------------------------------------
    def load(self, i: int) -> None:
        """Load save ``i``; a damaged one shows why and offers its older copy when there is one."""
        entry = self.entries[i]
        if entry.game is not None:
            start_loaded_game(self.app, entry.game)
            return
        reason = entry.error.message if entry.error else ""
        if entry.fallback is None:
            self.app.push(ConfirmScene(self.app, _("Load game"), reason, []))
            return
        fallback, path = entry.fallback, entry.file.path

        def take_older() -> None:
            set_aside(path)
            start_loaded_game(self.app, fallback)

        message = _(
            "This save is damaged: {reason} The copy saved before it is fine ({summary})."
        ).format(reason=reason, summary=summary(fallback))
        self.app.push(
            ConfirmScene(
                self.app,
                _("Load game"),
                message,
                [
                    Choice(
                        _("Load the last good copy"),
                        take_older,
                        _(
                            "Play on from the copy saved just before; the damaged file is kept aside."
                        ),
                        "load_previous",
                    )
                ],
            )
        )

    def ask_delete(self, i: int) -> None:
        """Ask, then delete save ``i``."""
        entry = self.entries[i]
        self.selected = i
        message = _("Delete the save “{name}”? This cannot be undone.").format(name=entry.file.name)
        self.app.push(
            ConfirmScene(
                self.app,
                _("Delete save"),
                message,
                [
                    Choice(
                        _("Delete"),
                        lambda: self.delete(entry),
                        _("Delete the save for good."),
                        "confirm_delete",
                    )
                ],
            )
        )

    def delete(self, entry: SaveEntry) -> None:
        """Delete ``entry``'s file (and its older copy) and list the saves again."""
        delete_named_save(entry.file.path)
        self.refresh()

    # --- keys and the wheel ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll(-event.y)
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -self.visible_rows(),
                pygame.K_PAGEDOWN: self.visible_rows(),
            }
            if event.key in moves and self.entries:
                return self.select(self.selected + moves[event.key])
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.entries and self.entries[self.selected].loadable:
                    self.load(self.selected)
                return True
            if event.key == pygame.K_DELETE and self.entries:
                self.ask_delete(self.selected)
                return True
        return super().handle(event)

    def select(self, i: int) -> bool:
        """Select entry ``i`` (scrolling it into view)."""
        i = max(0, min(len(self.entries) - 1, i))
        if i < self.first:
            self.first = i
        elif i >= self.first + self.visible_rows():
            self.first = i - self.visible_rows() + 1
        self.selected = i
        self.buttons = self.make_buttons()
        return True

    def scroll(self, rows: int) -> bool:
        """Scroll the list by ``rows``; True when it moved."""
        before = self.first
        self.first = max(0, min(len(self.entries) - self.visible_rows(), self.first + rows))
        if self.first == before:
            return False
        self.selected = max(self.first, min(self.selected, self.first + self.visible_rows() - 1))
        self.buttons = self.make_buttons()
        return True

    # --- drawing ---------------------------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        f, m, body = self.lay.fonts, self.lay.margin, self.lay.panel_body
        if not self.entries:
            draw_wrapped(
                surface,
                _("No saved games yet. Use “Save game” in the game's menu to keep one."),
                body,
                f.label,
                theme.UMBER_DARK,
            )
            return
        for i, row in self.rows():
            entry = self.entries[i]
            fill = (
                theme.OCHRE_LIGHT
                if i == self.selected
                else (
                    theme.PARCHMENT
                    if i % 2
                    else theme.mix(theme.PARCHMENT, theme.PARCHMENT_LIGHT, 0.5)
                )
            )
            pygame.draw.rect(surface, fill, row, border_radius=8)
            text = pygame.Rect(
                row.left + m * 2,
                row.top + m,
                self.list_buttons_right - row.left - m * 3,
                row.height - m * 2,
            )
            name_h = assets.font(f.label, True).get_linesize()
            draw_text_fit(
                surface,
                entry.file.name,
                pygame.Rect(text.left, text.top, text.width, name_h),
                f.label,
                theme.CHARCOAL,
                True,
                "midleft",
            )
            line = pygame.Rect(text.left, text.top + name_h, text.width, text.height - name_h)
            if entry.game is not None:
                draw_text_fit(
                    surface,
                    summary(entry.game, entry.file.modified),
                    line,
                    f.body,
                    theme.UMBER_DARK,
                    False,
                    "midleft",
                )
            else:
                reason = entry.error.message if entry.error else ""
                draw_text_fit(
                    surface,
                    _("Damaged: {reason}").format(reason=reason),
                    line,
                    f.body,
                    theme.ERROR,
                    True,
                    "midleft",
                )
        self._draw_scroll_bar(surface)

    def _draw_scroll_bar(self, surface: pygame.Surface) -> None:
        """A bar at the right when there are more saves than rows."""
        visible, total, body = self.visible_rows(), len(self.entries), self.lay.panel_body
        if total <= visible:
            return
        bar_h = max(12, body.height * visible // total)
        top = body.top + (body.height - bar_h) * self.first // max(1, total - visible)
        pygame.draw.rect(surface, theme.UMBER, (body.right - 6, top, 5, bar_h), border_radius=2)
