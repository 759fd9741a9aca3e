"""The title screen, the pause menu, the settings and the rules reference."""

from __future__ import annotations

import pygame

from stoneage.i18n import LANGUAGES, _
from stoneage.ui import assets, storage, theme
from stoneage.ui.layout import button_row, column
from stoneage.ui.menu_layout import MenuLayout, menu_layout
from stoneage.ui.names import SPEED_TITLES
from stoneage.ui.widgets import Button, draw_panel, draw_text, draw_text_fit, draw_wrapped, handle_buttons, shade, wrap_lines

from .base import Scene
from .rules_text import RULES_PAGES, RulesPage


def draw_backdrop(surface: pygame.Surface, size: tuple[int, int]) -> None:
    """The earth-coloured background of the menu screens."""
    surface.blit(assets.cover_image("board_bg", size), (0, 0))


class MenuScene(Scene):
    """A screen of buttons over the backdrop; subclasses make the buttons."""

    button_count = 5

    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.lay: MenuLayout = menu_layout(size, self.button_count)
        self.buttons = self.make_buttons()

    def make_buttons(self) -> list[Button]:
        """The screen's buttons for the current layout."""
        return []

    def enter(self) -> None:
        self.buttons = self.make_buttons()  # a save may have been written since __init__

    def resume(self) -> None:
        self.buttons = self.make_buttons()  # the language or a save may have changed

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return handle_buttons(self.buttons, event)

    def back(self) -> None:
        """Escape: leave this screen."""
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.lay.size)
        for button in self.buttons:
            button.draw(surface)


class TitleScene(MenuScene):
    """New game, Continue (greyed out without a save), Settings, Rules, Quit."""

    def make_buttons(self) -> list[Button]:
        size = self.lay.fonts.title
        rects = self.lay.buttons
        return [
            Button(rects[0], _("New game"), self.new_game, size=size, primary=True, name="new_game"),
            Button(rects[1], _("Continue"), self.continue_game, enabled=storage.has_autosave(), size=size, name="continue"),
            Button(rects[2], _("Settings"), lambda: self.app.push(SettingsScene(self.app)), size=size, name="settings"),
            Button(rects[3], _("Rules"), lambda: self.app.push(RulesScene(self.app)), size=size, name="rules"),
            Button(rects[4], _("Quit"), self.app.quit, size=size, name="quit"),
        ]

    def back(self) -> None:
        self.app.quit()

    def new_game(self) -> None:
        """Open the setup screen (its defaults start with one click)."""
        from .setup import SetupScene

        self.app.push(SetupScene(self.app))

    def continue_game(self) -> None:
        """Resume the autosaved game."""
        from .setup import load_saved_game

        scene = load_saved_game(self.app)
        if scene is not None:
            self.app.push(scene)
        else:
            self.buttons = self.make_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.lay.size)
        lay, f = self.lay, self.lay.fonts
        icon = assets.image("icon", lay.title.height)
        title = draw_text(surface, _("STONE AGE"), (lay.title.centerx + icon.get_width() // 2, lay.title.centery), round(f.huge * 1.6), theme.UMBER_DARK, True, "center")
        surface.blit(icon, icon.get_rect(midright=(title.left - lay.margin * 2, lay.title.centery)))
        draw_text(surface, _("Gather, build and grow your tribe — 2 to 4 players"), lay.subtitle.center, f.title, theme.CHARCOAL, False, "center")
        for button in self.buttons:
            button.draw(surface)
        draw_text(surface, _("A desktop edition of the board game Stone Age (Hans im Glück, 2008), with original art."), lay.footer.center, f.small, theme.UMBER_DARK, False, "center")


class PauseMenu(MenuScene):
    """Over the table: resume, settings, rules, or leave (the game is kept for Continue)."""

    opaque = False
    button_count = 4

    def make_buttons(self) -> list[Button]:
        size = self.lay.fonts.title
        rects = column(self.lay.panel_body, 4, self.lay.buttons[0].height, self.lay.margin * 2, self.lay.buttons[0].width)
        return [
            Button(rects[0], _("Resume"), self.app.pop, size=size, primary=True, name="resume"),
            Button(rects[1], _("Settings"), lambda: self.app.push(SettingsScene(self.app)), size=size, name="settings"),
            Button(rects[2], _("Rules"), lambda: self.app.push(RulesScene(self.app)), size=size, name="rules"),
            Button(rects[3], _("Save and leave to title"), self.leave, size=size, name="leave"),
        ]

    def leave(self) -> None:
        """Back to the title screen; the game exits and saves itself."""
        self.app.reset(TitleScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, surface.get_rect(), 150, radius=0)
        box = self.lay.panel.inflate(-self.lay.panel.width // 3, 0)
        draw_panel(surface, box, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 3, 16)
        draw_text(surface, _("Game paused"), self.lay.panel_title.center, self.lay.fonts.big, theme.CHARCOAL, True, "center")
        for button in self.buttons:
            button.draw(surface)


class _PanelScene(MenuScene):
    """A parchment panel with a title, content and a Back button."""

    opaque = False
    heading = ""

    def draw(self, surface: pygame.Surface) -> None:
        if self.opaque:
            draw_backdrop(surface, self.lay.size)
        shade(surface, surface.get_rect(), 170, radius=0)
        draw_panel(surface, self.lay.panel, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 3, 16)
        draw_text_fit(surface, self.heading, self.lay.panel_title, self.lay.fonts.big, theme.CHARCOAL, True, "midleft")
        self.draw_body(surface)
        for button in self.buttons:
            button.draw(surface)

    def draw_body(self, surface: pygame.Surface) -> None:
        """The panel's content."""

    def back_button(self) -> Button:
        """The Back button, at the bottom right of the panel."""
        rect = button_row(self.lay.panel_buttons, 1, self.lay.panel_buttons.height, 0, round(self.lay.fonts.title * 8))[0]
        rect.right = self.lay.panel_buttons.right
        return Button(rect, _("Back"), self.back, size=self.lay.fonts.label, primary=True, name="back")


class SettingsScene(_PanelScene):
    """Animation speed and language (the language changes every screen at once)."""

    def make_buttons(self) -> list[Button]:
        self.heading = _("Settings")
        body, f = self.lay.panel_body, self.lay.fonts
        height = round(f.title * 2.2)
        speed_row = pygame.Rect(body.left + body.width // 3, body.top + height, body.width * 2 // 3, height)
        lang_row = pygame.Rect(speed_row.left, speed_row.bottom + height * 2, speed_row.width, height)
        buttons = []
        for rect, speed in zip(button_row(speed_row, 3, height, self.lay.margin), storage.ANIMATION_SPEEDS):
            buttons.append(Button(rect, _(SPEED_TITLES[speed]), lambda s=speed: self.set_speed(s), size=f.label,
                                  selected=self.app.settings.animation == speed, name=f"speed_{speed}"))
        for rect, code in zip(button_row(lang_row, len(LANGUAGES), height, self.lay.margin), LANGUAGES):
            buttons.append(Button(rect, LANGUAGES[code], lambda c=code: self.set_language(c), size=f.label,
                                  selected=self.app.settings.language == code, name=f"lang_{code}"))
        self.rows = (speed_row, lang_row)
        return buttons + [self.back_button()]

    def set_speed(self, speed: str) -> None:
        """Instant, fast or normal animations."""
        self.app.settings.animation = speed
        self.app.save_settings()
        self.buttons = self.make_buttons()

    def set_language(self, code: str) -> None:
        """Choose the language: every scene on the stack is redrawn in it at once."""
        self.app.settings.language = code
        self.app.save_settings()
        self.resize(self.app.size)

    def draw_body(self, surface: pygame.Surface) -> None:
        f, body = self.lay.fonts, self.lay.panel_body
        speed_row, lang_row = self.rows
        draw_text(surface, _("Animation speed"), (body.left, speed_row.centery), f.title, theme.CHARCOAL, True, "midleft")
        draw_text(surface, _("Language"), (body.left, lang_row.centery), f.title, theme.CHARCOAL, True, "midleft")
        note = pygame.Rect(lang_row.left, lang_row.bottom + self.lay.margin, lang_row.width, f.body * 3)
        draw_wrapped(surface, _("The whole game switches at once, even in the middle of a game."), note, f.body, theme.UMBER_DARK)
        help_rect = pygame.Rect(speed_row.left, speed_row.bottom + self.lay.margin, speed_row.width, f.body * 3)
        draw_wrapped(surface, _("How fast the bots' moves, the dice and the goods are shown."), help_rect, f.body, theme.UMBER_DARK)


class RulesScene(_PanelScene):
    """The rules reference: one page per topic (tabs at the left), icons beside short paragraphs.

    Left/Right or the tabs change the page; the wheel or Up/Down scroll a page taller than
    the panel.
    """

    button_count = 1

    def __init__(self, app, page: int = 0) -> None:
        self.page, self.scroll = page, 0
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        self.heading = _("How to play")
        f, body = self.lay.fonts, self.lay.panel_body
        self.tabs_area = pygame.Rect(body.left, body.top, round(body.width * 0.24), body.height)
        tab_h = min(round(f.label * 2.1), (body.height - len(RULES_PAGES) * 4) // len(RULES_PAGES))
        tabs = column(self.tabs_area, len(RULES_PAGES), tab_h, 4, self.tabs_area.width)
        buttons = [Button(rect, _(page.title),
                          lambda i=i: self.show(i), size=f.body, selected=i == self.page, name=f"page_{i}")
                   for i, (rect, page) in enumerate(zip(tabs, RULES_PAGES))]
        back = self.back_button()
        prev_rect, next_rect = button_row(self.lay.panel_buttons, 2, back.rect.height, self.lay.margin, back.rect.width)
        prev_rect.left, next_rect.left = self.lay.panel_buttons.left, self.lay.panel_buttons.left + back.rect.width + self.lay.margin
        buttons.append(Button(prev_rect, _("Previous"), lambda: self.show(self.page - 1), enabled=self.page > 0, size=f.label, name="previous"))
        buttons.append(Button(next_rect, _("Next"), lambda: self.show(self.page + 1),
                              enabled=self.page < len(RULES_PAGES) - 1, size=f.label, name="next"))
        self.content = pygame.Rect(self.tabs_area.right + self.lay.margin * 2, body.top,
                                   body.right - self.tabs_area.right - self.lay.margin * 2, body.height)
        self._picture: pygame.Surface | None = None
        return buttons + [back]

    def show(self, page: int) -> None:
        """Turn to ``page`` (kept within the reference)."""
        self.page, self.scroll = max(0, min(len(RULES_PAGES) - 1, page)), 0
        self.buttons = self.make_buttons()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_RIGHT, pygame.K_PAGEDOWN):
            self.show(self.page + (1 if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN) else -1))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            return self.scroll_by(self.lay.fonts.body * 3 * (1 if event.key == pygame.K_DOWN else -1))
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll_by(-event.y * self.lay.fonts.body * 3)
        return super().handle(event)

    def scroll_by(self, pixels: int) -> bool:
        """Scroll a long page; True when it moved."""
        limit = max(0, self.page_picture().get_height() - self.content.height)
        before, self.scroll = self.scroll, max(0, min(limit, self.scroll + pixels))
        return before != self.scroll

    def page_picture(self) -> pygame.Surface:
        """The current page drawn at full height (cached until the page or language changes)."""
        if self._picture is None:
            self._picture = render_rules_page(RULES_PAGES[self.page], self.content.width, self.lay)
        return self._picture

    def draw_body(self, surface: pygame.Surface) -> None:
        picture = self.page_picture()
        area = pygame.Rect(0, self.scroll, self.content.width, min(self.content.height, picture.get_height() - self.scroll))
        surface.blit(picture, self.content.topleft, area)
        if picture.get_height() > self.content.height:  # a scroll bar shows there is more
            bar_h = self.content.height * self.content.height // picture.get_height()
            top = self.content.top + (self.content.height - bar_h) * self.scroll // max(1, picture.get_height() - self.content.height)
            pygame.draw.rect(surface, theme.UMBER, (self.content.right + 4, top, 4, bar_h), border_radius=2)


def render_rules_page(page: RulesPage, width: int, lay: MenuLayout) -> pygame.Surface:
    """A page of the reference on a transparent surface ``width`` wide, as tall as it needs."""
    f, m = lay.fonts, lay.margin
    icon = round(f.body * 2.6)
    text_w = width - icon - m * 2
    line_h = assets.font(f.body).get_linesize()
    heights = [max(icon, len(wrap_lines(_(text), f.body, text_w)) * line_h) for _icon, text in page.entries]
    title_h = assets.font(f.title, True).get_linesize() + m
    picture = pygame.Surface((width, title_h + sum(heights) + m * len(heights)), pygame.SRCALPHA)
    draw_text(picture, _(page.title), (0, 0), f.title, theme.CLAY, True)
    y = title_h
    for (name, text), height in zip(page.entries, heights):
        if name:
            picture.blit(assets.image(name, icon), (0, y))
        draw_wrapped(picture, _(text), pygame.Rect(icon + m * 2, y, text_w, height), f.body, theme.CHARCOAL)
        y += height + m
    return picture
