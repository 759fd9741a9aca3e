"""The pause menu over the table: resume, save, load, settings, rules, or leave to the title.

Like every menu screen: Enter presses the primary button (Resume), Esc goes back to the table,
and the tooltip of the button under the mouse is shown.
"""

from __future__ import annotations

import pygame

from stoneage.i18n import _
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.menu import MenuScene
from stoneage.ui import theme
from stoneage.ui.layout import column
from stoneage.ui.widgets import Button, draw_panel, draw_text, draw_text_fit, shade


class PauseMenu(MenuScene):
    """Over the table: resume, save, load, settings, rules, or leave (the game is kept for
    Continue)."""

    opaque = False
    button_count = 6

    def __init__(
        self, app: SceneHost, online: bool = False, hosting: bool = False, practice: bool = False
    ) -> None:
        """``online``: over a table played over the network (its host keeps the game: nothing
        to save or load here, and leaving leaves the table); ``hosting``: this program hosts
        it (leaving closes it for everyone until Continue reopens it); ``practice``: over a
        practice game (not kept for Continue: leaving ends it, back to where it was started)."""
        self.online = online
        self.hosting = hosting
        self.practice = practice
        self.notice = ""
        self._shown_muted = app.settings.muted
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        size = self.lay.fonts.title
        height = self.lay.buttons[0].height
        failing = self.app.records.health.is_failing("save")  # offer to save elsewhere
        rects = column(
            self.lay.panel_body, 6 + failing, height, self.lay.margin, self.lay.buttons[0].width
        )
        if failing:
            elsewhere = rects.pop(2)
        buttons = [
            Button(
                rects[0],
                _("Resume"),
                self.app.pop,
                size=size,
                primary=True,
                tooltip=_("Back to the table (Esc)."),
                name="resume",
            ),
            Button(
                rects[1],
                _("Save game"),
                self.save_game,
                enabled=not self.online,
                size=size,
                tooltip=_("Keep this game under a name, to load it later.")
                if not self.online
                else _("The host keeps a game played over the network."),
                name="save",
            ),
            Button(
                rects[2],
                _("Load game"),
                self.load_game,
                enabled=not self.online,
                size=size,
                tooltip=_("Open one of the games you saved."),
                name="load",
            ),
            self.settings_button(rects[3], size),
            self.rules_button(rects[4], size),
            Button(
                rects[5],
                self._leave_label(),
                self.leave,
                size=size,
                tooltip=self._leave_tip(),
                name="leave",
            ),
        ]
        if failing:
            buttons.insert(
                2,
                Button(
                    elsewhere,
                    _("Save elsewhere…"),
                    lambda: self.app.push(self.app.make_scene("save_elsewhere")),
                    size=size,
                    tooltip=_("The game cannot be saved in its own folder: save it into another."),
                    name="save_elsewhere",
                ),
            )
        return buttons + [self._mute_button()]

    def _leave_label(self) -> str:
        """The leave button's words, at this kind of table."""
        if self.online:
            return _("Leave the table")
        if self.practice:
            return _("Leave the practice")
        return _("Save and leave to title")

    def _leave_tip(self) -> str:
        """What leaving does, at this kind of table."""
        if self.practice:
            return _(
                "A practice game is not kept for Continue (Save game keeps it under a name); "
                "leaving ends it."
            )
        if self.hosting:
            return _(
                "The others are told; the table is kept and Continue on the title screen reopens it."
            )
        if self.online:
            return _(
                "A bot plays your seat meanwhile; join again with the table's code to play on."
            )
        return _("The game is kept: Continue on the title screen plays on.")

    def title(self) -> str:
        """The menu's title: a game on this computer waits; a game over the network does not
        (nothing pauses for the others)."""
        return _("The game goes on") if self.online else _("Game paused")

    def _online_notice(self) -> str:
        """Under the buttons of the menu over a network table: what goes on meanwhile."""
        if not self.online:
            return ""
        return _("The others play on meanwhile; your turn waits for you.")

    def _box(self) -> pygame.Rect:
        """The parchment box of the menu: narrower than the panel of the other screens, and
        only as tall as its buttons and a line for a notice under them (it left a third of
        itself empty)."""
        box = self.lay.panel.inflate(-self.lay.panel.width // 3, 0)
        column_buttons = [b for b in self.buttons if b.name != "mute"]
        if column_buttons:
            last = max(b.rect.bottom for b in column_buttons)
            notice = self.lay.fonts.label * 2 + self.lay.margin * 2
            box.height = min(box.height, last + notice - box.top)
        return box

    def _mute_button(self) -> Button:
        """Mute or unmute, small, at the top right corner of the box (as M does anywhere)."""
        self._shown_muted = muted = self.app.settings.muted
        box, m, f = self._box(), self.lay.margin, self.lay.fonts
        rect = pygame.Rect(0, box.top + m * 2, round(f.label * 6.5), round(f.label * 2.2))
        rect.right = box.right - m * 2
        return Button(
            rect,
            _("Unmute") if muted else _("Mute"),
            self.toggle_mute,
            size=f.label,
            selected=muted,
            tooltip=_("All sound and music off or on again (M, on every screen)."),
            name="mute",
        )

    def toggle_mute(self) -> None:
        """Sound off, or on again (said in a toast, remembered in the settings)."""
        self.app.toggle_mute()
        self.buttons = self.make_buttons()

    def update(self, dt: float) -> bool:
        if self._shown_muted != self.app.settings.muted:  # M was pressed over the menu
            self.buttons = self.make_buttons()
            return True
        return False

    def save_game(self) -> None:
        """Type a name and save the game under it."""
        self.app.push(self.app.make_scene("save", on_saved=self.saved))

    def saved(self, name: str) -> None:
        """Say where the game was saved."""
        self.notice = _("Saved as “{name}”.").format(name=name)

    def load_game(self) -> None:
        """The list of saved games."""
        self.app.push(self.app.make_scene("load"))

    def leave(self) -> None:
        """Back to the title screen; the game exits and saves itself. A practice game ends:
        back to the screen it was started from (the review), else to the title."""
        if self.practice and len(self.app.stack) > 2:
            self.app.pop()  # this menu
            self.app.pop()  # the practice table: the review under it resumes
            return
        self.app.reset(self.app.make_scene("title"))

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, surface.get_rect(), 150, radius=0)
        box = self._box()
        draw_panel(surface, box, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 3, 16)
        draw_text(
            surface,
            self.title(),
            self.lay.panel_title.center,
            self.lay.fonts.big,
            theme.CHARCOAL,
            True,
            "center",
        )
        for button in self.buttons:
            button.draw(surface)
        notice = self.notice or self._online_notice()
        if notice:
            last = self.buttons[-2].rect  # the last of the column (the mute button is apart)
            below = pygame.Rect(
                box.left,
                last.bottom,
                box.width,
                box.bottom - last.bottom,
            )
            draw_text_fit(
                surface,
                notice,
                below.inflate(-self.lay.margin * 4, 0),
                self.lay.fonts.label,
                theme.MOSS_DARK if self.notice else theme.UMBER_DARK,
                True,
            )
        self.draw_tip(surface)
