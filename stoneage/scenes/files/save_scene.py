"""Naming a save: type a name and the game below is saved under it (asking before replacing a
save of that name)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

import pygame

from stoneage.i18n import _
from stoneage.records.saves import (
    named_save_exists,
    sanitise_name,
    write_named_save,
)
from stoneage.scenes.files.opening import TYPED_NAME_LIMIT
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.confirm import Choice, ConfirmScene, DialogScene
from stoneage.ui import assets, theme
from stoneage.ui.layout import button_row
from stoneage.ui.widgets import (
    Button,
    draw_panel,
    draw_text,
    draw_text_fit,
    draw_wrapped,
)

log = logging.getLogger(__name__)


@runtime_checkable
class SavableGame(Protocol):
    """A scene showing a game that can be written to a save (the game scene)."""

    def save_payload(self) -> dict[str, Any]:
        """The game as a save file's content."""
        ...


def game_below(app: SceneHost) -> SavableGame | None:
    """The game scene under the menus, if any."""
    return next((scene for scene in reversed(app.stack) if isinstance(scene, SavableGame)), None)


class SaveNameScene(DialogScene):
    """Type a name for the save: Enter saves (asking before replacing a save of that name),
    Esc goes back. The suggested name is replaced by the first letter typed."""

    def __init__(self, app: SceneHost, on_saved: Callable[[str], None] | None = None) -> None:
        self.heading = ""
        self.name = datetime.now().strftime("%Y-%m-%d %H.%M")
        self.fresh = True  # the suggestion is still untouched: typing replaces it
        self.composing = ""  # text an input method is still composing (CJK)
        self.error = ""
        self.on_saved = on_saved
        super().__init__(app)

    def enter(self) -> None:
        super().enter()
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(self.field)

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def make_buttons(self) -> list[Button]:
        self.heading = _("Save game")
        f = self.lay.fonts
        line = assets.font(f.body).get_linesize()
        field_h = round(f.title * 2.2)
        self.rect = self.box(line + field_h + line * 3 + self.lay.margin * 4)
        _title, body, row = self.parts(self.rect)
        self.label_rect = pygame.Rect(body.left, body.top, body.width, line)
        self.field = pygame.Rect(
            body.left, self.label_rect.bottom + self.lay.margin, body.width, field_h
        )
        self.note_rect = pygame.Rect(
            body.left,
            self.field.bottom + self.lay.margin * 2,
            body.width,
            body.bottom - self.field.bottom - self.lay.margin * 2,
        )
        save, cancel = button_row(row, 2, row.height, self.lay.margin * 2, round(f.title * 9))
        return [
            Button(
                save,
                _("Save"),
                self.save,
                size=f.label,
                primary=True,
                tooltip=_("Keep the game under this name (Enter)."),
                name="save",
            ),
            Button(
                cancel,
                _("Cancel"),
                self.back,
                size=f.label,
                tooltip=_("Back to the menu without saving (Esc)."),
                name="cancel",
            ),
        ]

    limit = TYPED_NAME_LIMIT  # characters the player may type

    def field_label(self) -> str:
        """The words above the field."""
        return _("Name of the save:")

    def note(self) -> str:
        """The help under the field."""
        return _(
            "Type a name and press Enter to save, or Esc to go back. The save can be loaded later from “Load game”."
        )

    def shown_text(self, text: str, width: int) -> str:
        """The field's text as drawn in ``width`` pixels (all of it: a name is short)."""
        return text

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            self.name = (("" if self.fresh else self.name) + event.text)[: self.limit]
            self.fresh, self.composing, self.error = False, "", ""
            return True
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.name = "" if self.fresh else self.name[:-1]
            self.fresh, self.error = False, ""
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.save()
            return True
        return super().handle(event)

    def save(self) -> None:
        """Save under the typed name (asking first when that name is taken)."""
        clean = sanitise_name(self.name)
        if not clean:
            self.error = _("Type a name for the save.")
            return
        if named_save_exists(clean):
            self.app.push(
                ConfirmScene(
                    self.app,
                    _("Save game"),
                    _("A save called “{name}” already exists. Replace it with this game?").format(
                        name=clean
                    ),
                    [
                        Choice(
                            _("Replace"),
                            lambda: self.write(clean),
                            _("The older save under this name is replaced."),
                            "replace",
                        )
                    ],
                )
            )
            return
        self.write(clean)

    def write(self, clean: str) -> None:
        """Write the save now; on success go back, else show why it failed."""
        scene = game_below(self.app)
        if scene is None:
            self.error = _("There is no game to save.")
            return
        try:
            write_named_save(clean, scene.save_payload())
        except (OSError, ValueError, TypeError) as error:
            log.warning("could not save %r: %s", clean, error)
            reason = (error.strerror if isinstance(error, OSError) else None) or str(error)
            self.error = _("The game could not be saved ({error}).").format(error=reason)
            return
        if self.app.top is self:
            self.app.pop()
        if self.on_saved is not None:
            self.on_saved(clean)

    def draw(self, surface: pygame.Surface) -> None:
        f = self.lay.fonts
        self.draw_frame(surface, self.rect)
        draw_text(
            surface, self.field_label(), self.label_rect.topleft, f.body, theme.UMBER_DARK, True
        )
        draw_panel(surface, self.field, theme.WHITE, theme.HIGHLIGHT, 2, 6)
        inner = self.field.inflate(-f.label, 0)
        if self.fresh and self.name:  # shown as selected: typing replaces it
            width = min(inner.width, assets.text_width(self.name, f.label, True) + 4)
            pygame.draw.rect(
                surface,
                theme.OCHRE_LIGHT,
                (inner.left - 2, inner.top + 4, width, inner.height - 8),
                border_radius=4,
            )
        drawn = draw_text_fit(
            surface,
            self.shown_text(self.name + self.composing + "|", inner.width),
            inner,
            f.label,
            theme.CHARCOAL,
            True,
            "midleft",
        )
        if self.composing:  # underline the text still being composed by the input method
            pygame.draw.line(
                surface,
                theme.UMBER,
                (
                    drawn.right - assets.text_width(self.composing + "|", f.label, True),
                    drawn.bottom - 2,
                ),
                (drawn.right, drawn.bottom - 2),
                2,
            )
        if self.error:
            draw_wrapped(surface, self.error, self.note_rect, f.body, theme.ERROR, True)
        else:
            note = self.note()
            draw_wrapped(surface, note, self.note_rect, f.body, theme.UMBER_DARK)
        for button in self.buttons:
            button.draw(surface)
        self.draw_tip(surface)
