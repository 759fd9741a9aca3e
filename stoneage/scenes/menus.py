"""The title screen, the pause menu, the settings and the short rules screen."""

from __future__ import annotations

import pygame

from stoneage.i18n import LANGUAGES, N_, _
from stoneage.ui import assets, storage, theme
from stoneage.ui.layout import button_row, column
from stoneage.ui.menu_layout import MenuLayout, menu_layout
from stoneage.ui.names import SPEED_TITLES
from stoneage.ui.widgets import Button, draw_panel, draw_text, draw_text_fit, draw_wrapped, handle_buttons, shade

from .base import Scene


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
    """Animation speed and language (catalogs are a later issue: English only for now)."""

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
                                  selected=self.app.settings.language == code, enabled=code == "en", name=f"lang_{code}"))
        self.rows = (speed_row, lang_row)
        return buttons + [self.back_button()]

    def set_speed(self, speed: str) -> None:
        """Instant, fast or normal animations."""
        self.app.settings.animation = speed
        self.app.save_settings()
        self.buttons = self.make_buttons()

    def set_language(self, code: str) -> None:
        """Choose the language (only English has its text for now)."""
        self.app.settings.language = code
        self.app.save_settings()
        self.resize(self.app.size)

    def draw_body(self, surface: pygame.Surface) -> None:
        f, body = self.lay.fonts, self.lay.panel_body
        speed_row, lang_row = self.rows
        draw_text(surface, _("Animation speed"), (body.left, speed_row.centery), f.title, theme.CHARCOAL, True, "midleft")
        draw_text(surface, _("Language"), (body.left, lang_row.centery), f.title, theme.CHARCOAL, True, "midleft")
        note = pygame.Rect(lang_row.left, lang_row.bottom + self.lay.margin, lang_row.width, f.body * 3)
        draw_wrapped(surface, _("Translations are on their way; until then the game is in English."), note, f.body, theme.UMBER_DARK)
        help_rect = pygame.Rect(speed_row.left, speed_row.bottom + self.lay.margin, speed_row.width, f.body * 3)
        draw_wrapped(surface, _("How fast the bots' moves, the dice and the goods are shown."), help_rect, f.body, theme.UMBER_DARK)


RULES_TEXT = [
    (N_("Goal"), N_("Score the most points: build huts, collect civilization cards, and feed your growing tribe.")),
    (N_("1. Place"), N_("In turn, put one or more of your people on one space. Hunting grounds: any number; forest, clay pit, quarry, river: up to 7; tool maker and field: 1; hut: exactly 2; each card and building: 1.")),
    (N_("2. Use"), N_("Each player in turn uses all of their spaces, in an order of their choice. Gathering spaces roll one die per person: every full 2 pips give 1 food (hunting), 3 = 1 wood, 4 = 1 brick, 5 = 1 stone, 6 = 1 gold. Tools add to a roll once per round.")),
    (N_("3. Feed"), N_("Each person eats 1 food. Food production on the track comes first. Short of food? Pay the rest with resources, or lose 10 points.")),
    (N_("Buy"), N_("A card costs 1 to 4 resources (the price is above it), a building what is printed on it. Cards give something now and score at the end.")),
    (N_("End"), N_("The game ends when a building stack is empty after a round, or when the cards run out. Then the cards' lower halves score: culture sets, and farmers, tool makers, hut builders and shamans multiply what you built up.")),
]


class RulesScene(_PanelScene):
    """The rules in a few paragraphs (the full reference is a later issue)."""

    button_count = 1

    def make_buttons(self) -> list[Button]:
        self.heading = _("How to play")
        return [self.back_button()]

    def draw_body(self, surface: pygame.Surface) -> None:
        f, body = self.lay.fonts, self.lay.panel_body
        y = body.top
        head_w = round(body.width * 0.16)
        for head, text in RULES_TEXT:
            draw_text(surface, _(head), (body.left, y), f.label, theme.CLAY, True)
            used = draw_wrapped(surface, _(text), pygame.Rect(body.left + head_w, y, body.width - head_w, body.bottom - y), f.body, theme.CHARCOAL)
            y += max(used, f.label * 3 // 2) + self.lay.margin
