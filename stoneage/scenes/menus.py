"""The title screen, the pause menu, the settings and the rules reference.

Every menu screen: Enter presses the primary button, Esc goes back, and the tooltip of the
button under the mouse is shown.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame

from stoneage.i18n import LANGUAGES, _
from stoneage.ui import assets, storage, theme
from stoneage.ui.layout import button_row, column
from stoneage.ui.menu_layout import MenuLayout
from stoneage.ui.names import SPEED_TITLES
from stoneage.ui.sound_cues import CLICK
from stoneage.ui.widgets import (
    Button,
    draw_panel,
    draw_text,
    draw_text_fit,
    draw_wrapped,
    shade,
    wrap_lines,
)

from .autoplay import ATTRACT_IDLE, IdleWatch, attract_autoplay, autoplay_seats
from .base import SceneHost
from .menu_base import MenuScene, PanelScene, draw_backdrop
from .rules_text import RULES_PAGES, RulesPage
from .saves import autosave_status, continue_autosave, summary

#: Events that show someone is at the screen (the attract mode waits for none of them).
INPUT_EVENTS = frozenset(
    {
        pygame.KEYDOWN,
        pygame.KEYUP,
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEMOTION,
        pygame.MOUSEWHEEL,
        pygame.TEXTINPUT,
        pygame.FINGERDOWN,
        pygame.JOYBUTTONDOWN,
    }
)


class TitleScene(MenuScene):
    """New game, Continue (greyed out without a readable autosave), Learn to play, Load game,
    Statistics, Settings, Rules, Quit; a notice beside the buttons when the settings or the autosave were damaged.

    Left alone for ``ATTRACT_IDLE`` seconds it starts the attract mode: four bots play a game
    nobody owns (never saved nor recorded) until a key or a click brings the title back.
    ``clock`` measures the idle time (tests pass a fake one)."""

    button_count = 8

    def __init__(self, app: SceneHost, clock: Callable[[], float] = time.monotonic) -> None:
        # The settings problem is told once: on the first title screen after starting.
        self.settings_notice = app.settings_problem
        if self.settings_notice:
            app.settings_problem = ""
        self.idle = IdleWatch(ATTRACT_IDLE, clock)
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        self.status = autosave_status()
        size = self.lay.fonts.title
        rects = fit_above(self.lay.buttons, self.lay.footer.top - self.lay.margin)
        if self.status.game is not None:
            continue_tip = _("Play on where you left off: {summary}.").format(
                summary=summary(self.status.game)
            )
        elif self.status.fallback is not None:
            continue_tip = _(
                "The newest autosave is damaged; the copy saved before it can be loaded."
            )
        else:
            continue_tip = self.status.problem() or _("There is no game in progress.")
        return [
            Button(
                rects[0],
                _("New game"),
                self.new_game,
                size=size,
                primary=True,
                tooltip=_("Choose the players and start a new game."),
                name="new_game",
            ),
            Button(
                rects[1],
                _("Continue"),
                self.continue_game,
                enabled=self.status.can_continue,
                size=size,
                tooltip=continue_tip,
                name="continue",
            ),
            Button(
                rects[2],
                _("Learn to play"),
                lambda: self.app.push(self.app.make_scene("learn")),
                size=size,
                tooltip=_("A guided first game: the rules taught step by step, as you play."),
                name="learn",
            ),
            Button(
                rects[3],
                _("Load game"),
                self.load_game,
                size=size,
                tooltip=_("Open one of the games you saved."),
                name="load",
            ),
            Button(
                rects[4],
                _("Statistics"),
                lambda: self.app.push(self.app.make_scene("stats")),
                size=size,
                tooltip=_("Your games in numbers and charts, past games to replay, achievements."),
                name="stats",
            ),
            Button(
                rects[5],
                _("Settings"),
                lambda: self.app.push(self.app.make_scene("settings")),
                size=size,
                tooltip=_("Animation speed, language, hints and fullscreen."),
                name="settings",
            ),
            Button(
                rects[6],
                _("Rules"),
                lambda: self.app.push(self.app.make_scene("rules")),
                size=size,
                tooltip=_("How to play, page by page."),
                name="rules",
            ),
            Button(
                rects[7],
                _("Quit"),
                self.app.quit,
                size=size,
                tooltip=_("Close the game (a game in progress is kept)."),
                name="quit",
            ),
        ]

    def back(self) -> None:
        self.app.quit()

    def enter(self) -> None:
        super().enter()
        self.idle.touch()

    def pause(self) -> None:
        self.settings_notice = ""  # told once

    def resume(self) -> None:
        super().resume()
        self.idle.touch()  # back from another screen: the minute starts again

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in INPUT_EVENTS:
            self.idle.touch()
        return super().handle(event)

    def update(self, dt: float) -> bool:
        """After a minute with no input the attract mode starts."""
        if self.idle.due():
            self.start_attract()
            return True
        return False

    def start_attract(self) -> None:
        """Four bots play a game over the title (a key or a click brings the title back)."""
        seed = (
            self.app.seed
            if self.app.seed is not None
            else random.Random(time.time_ns()).randrange(1, 10**9)
        )
        self.app.push(
            self.app.make_scene(
                "game", seats=autoplay_seats(4), seed=seed, autoplay=attract_autoplay()
            )
        )

    def new_game(self) -> None:
        """Open the setup screen (its defaults start with one click)."""
        self.app.push(self.app.make_scene("setup"))

    def continue_game(self) -> None:
        """Resume the newest good autosave (asking first when only an older copy is good)."""
        continue_autosave(self.app)
        if self.app.top is self:
            self.buttons = self.make_buttons()

    def load_game(self) -> None:
        """The list of saved games."""
        self.app.push(self.app.make_scene("load"))

    def notices(self) -> list[str]:
        """What went wrong with the files, to tell the player (translated now)."""
        found = [_(self.settings_notice)] if self.settings_notice else []
        problem = self.status.problem()
        return found + ([problem] if problem else [])

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.lay.size)
        lay, f = self.lay, self.lay.fonts
        icon = assets.image("icon", lay.title.height)
        title = draw_text(
            surface,
            _("STONE AGE"),
            (lay.title.centerx + icon.get_width() // 2, lay.title.centery),
            round(f.huge * 1.6),
            theme.UMBER_DARK,
            True,
            "center",
        )
        surface.blit(icon, icon.get_rect(midright=(title.left - lay.margin * 2, lay.title.centery)))
        draw_text(
            surface,
            _("Gather, build and grow your tribe — 2 to 4 players"),
            lay.subtitle.center,
            f.title,
            theme.CHARCOAL,
            False,
            "center",
        )
        for button in self.buttons:
            button.draw(surface)
        self.draw_notices(surface)
        draw_text(
            surface,
            _(
                "A desktop edition of the board game Stone Age (Hans im Glück, 2008), with original art."
            ),
            lay.footer.center,
            f.small,
            theme.UMBER_DARK,
            False,
            "center",
        )
        self.draw_tip(surface)

    def draw_notices(self, surface: pygame.Surface) -> None:
        """A small box beside the buttons telling what went wrong with the files."""
        notices = self.notices()
        if not notices:
            return
        lay, f, m = self.lay, self.lay.fonts, self.lay.margin
        column = self.buttons[0].rect.union(self.buttons[-1].rect)
        area = pygame.Rect(
            column.right + m * 4, column.top, lay.size[0] - column.right - m * 8, column.height
        )
        pad = m * 2
        line = assets.font(f.body).get_linesize()
        heights = [len(wrap_lines(text, f.body, area.width - pad * 2)) * line for text in notices]
        box = pygame.Rect(
            area.left,
            area.top,
            area.width,
            min(area.height, sum(heights) + pad * (len(notices) + 1)),
        )
        draw_panel(surface, box, theme.PARCHMENT_LIGHT, theme.ERROR, 2, 10)
        y = box.top + pad
        for text, height in zip(notices, heights):
            y += (
                draw_wrapped(
                    surface,
                    text,
                    pygame.Rect(
                        box.left + pad, y, box.width - pad * 2, min(height, box.bottom - y)
                    ),
                    f.body,
                    theme.CHARCOAL,
                )
                + pad
            )


def fit_above(rects: list[pygame.Rect], bottom: int) -> list[pygame.Rect]:
    """A column of buttons squeezed (heights and gaps alike) to end above ``bottom``."""
    if not rects or rects[-1].bottom <= bottom:
        return rects
    top = rects[0].top
    scale = (bottom - top) / (rects[-1].bottom - top)
    return [
        pygame.Rect(r.left, top + round((r.top - top) * scale), r.width, round(r.height * scale))
        for r in rects
    ]


class PauseMenu(MenuScene):
    """Over the table: resume, save, load, settings, rules, or leave (the game is kept for
    Continue)."""

    opaque = False
    button_count = 6

    def __init__(self, app: SceneHost) -> None:
        self.notice = ""
        self._shown_muted = app.settings.muted
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        size = self.lay.fonts.title
        height = self.lay.buttons[0].height
        failing = storage.write_health.is_failing("save")  # offer to save elsewhere
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
                size=size,
                tooltip=_("Keep this game under a name, to load it later."),
                name="save",
            ),
            Button(
                rects[2],
                _("Load game"),
                self.load_game,
                size=size,
                tooltip=_("Open one of the games you saved."),
                name="load",
            ),
            Button(
                rects[3],
                _("Settings"),
                lambda: self.app.push(self.app.make_scene("settings")),
                size=size,
                tooltip=_("Animation speed, language, hints and fullscreen."),
                name="settings",
            ),
            Button(
                rects[4],
                _("Rules"),
                lambda: self.app.push(self.app.make_scene("rules")),
                size=size,
                tooltip=_("How to play, page by page."),
                name="rules",
            ),
            Button(
                rects[5],
                _("Save and leave to title"),
                self.leave,
                size=size,
                tooltip=_("The game is kept: Continue on the title screen plays on."),
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

    def _box(self) -> pygame.Rect:
        """The parchment box of the menu (narrower than the panel of the other screens)."""
        return self.lay.panel.inflate(-self.lay.panel.width // 3, 0)

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
        """Back to the title screen; the game exits and saves itself."""
        self.app.reset(self.app.make_scene("title"))

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, surface.get_rect(), 150, radius=0)
        box = self._box()
        draw_panel(surface, box, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 3, 16)
        draw_text(
            surface,
            _("Game paused"),
            self.lay.panel_title.center,
            self.lay.fonts.big,
            theme.CHARCOAL,
            True,
            "center",
        )
        for button in self.buttons:
            button.draw(surface)
        if self.notice:
            last = self.buttons[-2].rect  # the last of the column (the mute button is apart)
            below = pygame.Rect(
                box.left,
                last.bottom,
                box.width,
                box.bottom - last.bottom,
            )
            draw_text_fit(
                surface,
                self.notice,
                below.inflate(-self.lay.margin * 4, 0),
                self.lay.fonts.label,
                theme.MOSS_DARK,
                True,
            )
        self.draw_tip(surface)


@dataclass(frozen=True)
class SettingRow:
    """One row of the settings screen: its label, a help line and its option buttons."""

    label: str
    help: str
    rect: pygame.Rect  # where the option buttons are
    help_rect: pygame.Rect


@dataclass(frozen=True)
class VolumeGauge:
    """A volume's bar between its - and + buttons: ``STEPS`` segments, a click sets the level."""

    field: str  # the settings field: master_volume, effects_volume or music_volume
    rect: pygame.Rect  # the segments
    label_rect: pygame.Rect  # the percentage

    def level_at(self, x: int) -> int:
        """The level (0 to STEPS) a click at ``x`` asks for: the segment under it, full."""
        share = (x - self.rect.left) / max(1, self.rect.width)
        return max(0, min(VOLUME_STEPS, int(share * VOLUME_STEPS) + 1 if share > 0.02 else 0))


GENERAL, SOUND = "general", "sound"
VOLUME_STEPS = 10  # a volume goes from 0 to 100 % in steps of 10 %


def volume_level(value: float) -> int:
    """A volume (0 to 1) as a step from 0 to VOLUME_STEPS."""
    return max(0, min(VOLUME_STEPS, round(value * VOLUME_STEPS)))


class SettingsScene(PanelScene):
    """Two pages, chosen by the tabs beside the title. General: animation speed, language,
    hints, tips and fullscreen. Sound: sound on or off (M anywhere), the master, effects and
    music volumes in steps of 10 %. Each change is saved and applied at once (the language
    changes every screen at once, a volume is heard at once)."""

    def __init__(self, app: SceneHost, page: str = GENERAL) -> None:
        self.page = page if page in (GENERAL, SOUND) else GENERAL
        self.gauges: list[VolumeGauge] = []
        self.focus: int | None = None  # the volume the arrow keys change (index into gauges)
        self._shown_muted = app.settings.muted
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        self.heading = _("Settings")
        self._shown_muted = self.app.settings.muted
        specs = self._general_specs() if self.page == GENERAL else self._sound_specs()
        body, f, m = self.lay.panel_body, self.lay.fonts, self.lay.margin
        height = round(f.title * 2.2)
        help_h = assets.font(f.body).get_linesize() * 2
        pitch = height + help_h + m * 2
        left = body.left + body.width // 3
        width = (
            body.width * 2 // 3 - 2 * m
        ) // 3  # every option button as wide as a third of the row
        top = body.top + max(0, (body.height - pitch * len(specs)) // 3)
        buttons, self.rows, self.gauges = [], [], []
        for i, (label, help_text, options) in enumerate(specs):
            row = pygame.Rect(left, top + i * pitch, body.right - left, height)
            self.rows.append(
                SettingRow(
                    label, help_text, row, pygame.Rect(row.left, row.bottom + m, row.width, help_h)
                )
            )
            if isinstance(options, str):  # a volume: - and + around its gauge
                buttons += self._volume_control(options, row, 3 * width + 2 * m)
                continue
            for k, (text, action, selected, name, tip) in enumerate(options):
                rect = pygame.Rect(row.left + k * (width + m), row.top, width, height)
                buttons.append(
                    Button(
                        rect, text, action, size=f.label, selected=selected, tooltip=tip, name=name
                    )
                )
        return self._tabs() + buttons + [self.back_button()]

    def _general_specs(self) -> list[tuple[str, str, list[tuple]]]:
        """Animation speed, language, hints, tips and fullscreen."""
        settings = self.app.settings
        return [
            (
                _("Animation speed"),
                _("How fast the bots' moves, the dice and the goods are shown."),
                [
                    (
                        _(SPEED_TITLES[s]),
                        partial(self.set_speed, s),
                        settings.animation == s,
                        f"speed_{s}",
                        _("Animations at this speed."),
                    )
                    for s in storage.ANIMATION_SPEEDS
                ],
            ),
            (
                _("Language"),
                _("The whole game switches at once, even in the middle of a game."),
                [
                    (
                        LANGUAGES[c],
                        partial(self.set_language, c),
                        settings.language == c,
                        f"lang_{c}",
                        _("Show every screen in this language."),
                    )
                    for c in LANGUAGES
                ],
            ),
            (
                _("Hints"),
                _(
                    "The Hint button suggests a move, and the table previews what a placement brings."
                ),
                self._on_off(
                    settings.hints,
                    self.set_hints,
                    "hints",
                    _("Offer hints and previews."),
                    _("Play without hints and previews."),
                ),
            ),
            (
                _("Tips"),
                _("A short tip the first time something new comes up in a game; each one once."),
                self._on_off(
                    settings.tips,
                    self.set_tips,
                    "tips",
                    _("Show each first-game tip once."),
                    _("Play without first-game tips."),
                ),
            ),
            (
                _("Fullscreen"),
                _("F11 switches between fullscreen and a window at any time."),
                self._on_off(
                    self.app.fullscreen,
                    self.set_fullscreen,
                    "fullscreen",
                    _("Fill the whole screen."),
                    _("Play in a window you can resize."),
                ),
            ),
        ]

    def _sound_specs(self) -> list[tuple[str, str, list[tuple] | str]]:
        """Sound on or off, then the three volumes (a volume row names its settings field)."""
        return [
            (
                _("Sound"),
                _(
                    "M switches all sound and music off or on at any time. Up and Down choose "
                    "a volume, Left and Right change it."
                ),
                self._on_off(
                    not self.app.settings.muted,
                    lambda on: self.set_muted(not on),
                    "sound",
                    _("Play the effects and the music."),
                    _("Play in silence."),
                ),
            ),
            (
                _("Master volume"),
                _("Everything the game plays, effects and music together."),
                "master_volume",
            ),
            (
                _("Effects"),
                _("Dice, goods, figures, buttons and the other sounds of the table."),
                "effects_volume",
            ),
            (
                _("Music"),
                _("The calm background music of the title and the table."),
                "music_volume",
            ),
        ]

    def _tabs(self) -> list[Button]:
        """General and Sound, at the right of the title line."""
        title, f = self.lay.panel_title, self.lay.fonts
        width = min(round(f.title * 7), title.width // 4)
        tabs = [
            (GENERAL, _("General"), _("Speed, language, hints, tips and fullscreen.")),
            (SOUND, _("Sound"), _("Sound on or off, and the volumes.")),
        ]
        buttons = []
        for i, (page, text, tip) in enumerate(tabs):
            rect = pygame.Rect(0, title.top, width, title.height)
            rect.right = title.right - (len(tabs) - 1 - i) * (width + self.lay.margin)
            buttons.append(
                Button(
                    rect,
                    text,
                    partial(self.show_page, page),
                    size=f.label,
                    selected=self.page == page,
                    tooltip=tip,
                    name=f"tab_{page}",
                )
            )
        return buttons

    def _volume_control(self, field: str, row: pygame.Rect, span: int) -> list[Button]:
        """The - button, the gauge and the + button of a volume, ``span`` pixels wide."""
        f, m = self.lay.fonts, self.lay.margin
        side = round(row.height * 1.3)
        minus = pygame.Rect(row.left, row.top, side, row.height)
        plus = pygame.Rect(row.left + span - side, row.top, side, row.height)
        label_w = round(f.label * 3.6)
        bar = pygame.Rect(minus.right + m * 2, row.top, 0, row.height)
        bar.width = plus.left - m * 2 - label_w - bar.left
        label = pygame.Rect(bar.right, row.top, label_w + m, row.height)
        self.gauges.append(VolumeGauge(field, bar, label))
        level = volume_level(getattr(self.app.settings, field))
        return [
            Button(
                minus,
                "–",  # the table's carry button's minus (the font draws it)
                partial(self.set_volume, field, level - 1),
                enabled=level > 0,
                size=f.title,
                tooltip=_("Softer by 10 %."),
                name=f"{field}_down",
            ),
            Button(
                plus,
                "+",
                partial(self.set_volume, field, level + 1),
                enabled=level < VOLUME_STEPS,
                size=f.title,
                tooltip=_("Louder by 10 %."),
                name=f"{field}_up",
            ),
        ]

    @staticmethod
    def _on_off(
        value: bool, setter: Callable[[bool], None], name: str, on_tip: str, off_tip: str
    ) -> list[tuple]:
        """The On and Off options of a yes/no setting."""
        return [
            (_("On"), lambda: setter(True), value, f"{name}_on", on_tip),
            (_("Off"), lambda: setter(False), not value, f"{name}_off", off_tip),
        ]

    def show_page(self, page: str) -> None:
        """Show the General or the Sound page."""
        self.page, self.focus = page, None
        self.buttons = self.make_buttons()

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

    def set_hints(self, on: bool) -> None:
        """Hints and previews on or off."""
        self.app.settings.hints = on
        self.app.save_settings()
        self.buttons = self.make_buttons()

    def set_tips(self, on: bool) -> None:
        """First-game tips on or off (the tips already shown stay shown)."""
        self.app.settings.tips = on
        self.app.save_settings()
        self.buttons = self.make_buttons()

    def set_fullscreen(self, on: bool) -> None:
        """Fullscreen or a window (every scene is laid out again for the new size)."""
        self.app.set_fullscreen(on)
        self.buttons = self.make_buttons()

    def set_muted(self, muted: bool) -> None:
        """All sound off (or on again), as M does."""
        self.app.settings.muted = muted
        self.app.apply_sound_settings()
        self.buttons = self.make_buttons()

    def set_volume(self, field: str, level: int) -> None:
        """Set a volume to ``level`` steps of 10 % (heard at once, saved at once)."""
        level = max(0, min(VOLUME_STEPS, level))
        setattr(self.app.settings, field, level / VOLUME_STEPS)
        self.app.apply_sound_settings()
        self.buttons = self.make_buttons()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, gauge in enumerate(self.gauges):
                if gauge.rect.collidepoint(event.pos):
                    self.app.sound.play(CLICK)
                    self.focus = index
                    self.set_volume(gauge.field, gauge.level_at(event.pos[0]))
                    return True
        if event.type == pygame.MOUSEWHEEL and self._wheel(event.y):
            return True
        if event.type == pygame.KEYDOWN and self._volume_key(event.key):
            return True
        return super().handle(event)

    def _volume_key(self, key: int) -> bool:
        """Up and Down choose a volume (the first press the master), Left and Right (or - and
        +) change the chosen one by a step. True when the key was used."""
        if not self.gauges:
            return False
        if key in (pygame.K_UP, pygame.K_DOWN):
            move = -1 if key == pygame.K_UP else 1
            start = -1 if move > 0 else len(self.gauges)
            focus = start if self.focus is None else self.focus
            self.focus = max(0, min(len(self.gauges) - 1, focus + move))
            return True
        louder = key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS)
        if louder or key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.focus = 0 if self.focus is None else self.focus
            self._step_volume(self.gauges[self.focus], 1 if louder else -1)
            return True
        return False

    def _wheel(self, clicks: int) -> bool:
        """The wheel over a volume's row changes it by a step a click. True when used."""
        for index, gauge in enumerate(self.gauges):
            row = gauge.rect.union(gauge.label_rect).inflate(0, self.lay.margin * 2)
            if clicks and row.collidepoint(self.mouse):
                self.focus = index
                self._step_volume(gauge, 1 if clicks > 0 else -1)
                return True
        return False

    def _step_volume(self, gauge: VolumeGauge, step: int) -> None:
        level = volume_level(getattr(self.app.settings, gauge.field))
        if 0 <= level + step <= VOLUME_STEPS:
            self.app.sound.play(CLICK)
            self.set_volume(gauge.field, level + step)

    def update(self, dt: float) -> bool:
        if self._shown_muted != self.app.settings.muted:  # M was pressed over this screen
            self.buttons = self.make_buttons()
            return True
        return False

    def draw_body(self, surface: pygame.Surface) -> None:
        f, body = self.lay.fonts, self.lay.panel_body
        for row in self.rows:
            label = pygame.Rect(
                body.left,
                row.rect.top,
                row.rect.left - body.left - self.lay.margin * 2,
                row.rect.height,
            )
            draw_text_fit(surface, row.label, label, f.title, theme.CHARCOAL, True, "midleft")
            draw_wrapped(surface, row.help, row.help_rect, f.body, theme.UMBER_DARK)
        for index, gauge in enumerate(self.gauges):
            self._draw_gauge(surface, gauge, index == self.focus)

    def _draw_gauge(self, surface: pygame.Surface, gauge: VolumeGauge, focused: bool) -> None:
        """The segments up to the level filled (paler while the sound is off), and the %;
        the volume the arrow keys change framed."""
        level = volume_level(getattr(self.app.settings, gauge.field))
        if focused:
            frame = gauge.rect.union(gauge.label_rect).inflate(self.lay.margin, self.lay.margin)
            pygame.draw.rect(surface, theme.OCHRE, frame, max(3, self.lay.margin // 2), 8)
        muted = self.app.settings.muted
        gap = max(2, self.lay.margin // 2)
        seg_w = (gauge.rect.width - gap * (VOLUME_STEPS - 1)) / VOLUME_STEPS
        full = theme.mix(theme.GOLD, theme.PARCHMENT_LIGHT, 0.55) if muted else theme.GOLD
        for i in range(VOLUME_STEPS):
            # Segments grow taller to the right: louder.
            h = round(gauge.rect.height * (0.3 + 0.45 * (i + 1) / VOLUME_STEPS))
            seg = pygame.Rect(
                round(gauge.rect.left + i * (seg_w + gap)), 0, max(2, round(seg_w)), h
            )
            seg.bottom = gauge.rect.centery + round(gauge.rect.height * 0.38)
            fill = full if i < level else theme.PARCHMENT
            draw_panel(surface, seg, fill, theme.UMBER_DARK, 1, max(2, seg.width // 4))
        draw_text_fit(
            surface,
            f"{level * 100 // VOLUME_STEPS}%",
            gauge.label_rect,
            self.lay.fonts.label,
            theme.UMBER_DARK if muted else theme.CHARCOAL,
            True,
            "center",
        )


class RulesScene(PanelScene):
    """The rules reference: one page per topic (tabs at the left), icons beside short paragraphs.

    Left/Right or the tabs change the page; the wheel or Up/Down scroll a page taller than
    the panel.
    """

    button_count = 1

    def __init__(self, app: SceneHost, page: int = 0) -> None:
        self.page, self.scroll = page, 0
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        self.heading = _("How to play")
        f, body = self.lay.fonts, self.lay.panel_body
        self.tabs_area = pygame.Rect(body.left, body.top, round(body.width * 0.24), body.height)
        tab_h = min(round(f.label * 2.1), (body.height - len(RULES_PAGES) * 4) // len(RULES_PAGES))
        tabs = column(self.tabs_area, len(RULES_PAGES), tab_h, 4, self.tabs_area.width)
        buttons = [
            Button(
                rect,
                _(page.title),
                partial(self.show, i),
                size=f.body,
                selected=i == self.page,
                tooltip=_("Show this page."),
                name=f"page_{i}",
            )
            for i, (rect, page) in enumerate(zip(tabs, RULES_PAGES))
        ]
        back = self.back_button()
        prev_rect, next_rect = button_row(
            self.lay.panel_buttons, 2, back.rect.height, self.lay.margin, back.rect.width
        )
        prev_rect.left, next_rect.left = (
            self.lay.panel_buttons.left,
            self.lay.panel_buttons.left + back.rect.width + self.lay.margin,
        )
        buttons.append(
            Button(
                prev_rect,
                _("Previous"),
                lambda: self.show(self.page - 1),
                enabled=self.page > 0,
                size=f.label,
                tooltip=_("The page before (Left arrow)."),
                name="previous",
            )
        )
        buttons.append(
            Button(
                next_rect,
                _("Next"),
                lambda: self.show(self.page + 1),
                enabled=self.page < len(RULES_PAGES) - 1,
                size=f.label,
                tooltip=_("The next page (Right arrow)."),
                name="next",
            )
        )
        self.content = pygame.Rect(
            self.tabs_area.right + self.lay.margin * 2,
            body.top,
            body.right - self.tabs_area.right - self.lay.margin * 2,
            body.height,
        )
        self._picture: pygame.Surface | None = None
        return buttons + [back]

    def show(self, page: int) -> None:
        """Turn to ``page`` (kept within the reference)."""
        self.page, self.scroll = max(0, min(len(RULES_PAGES) - 1, page)), 0
        self.buttons = self.make_buttons()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_LEFT,
            pygame.K_PAGEUP,
            pygame.K_RIGHT,
            pygame.K_PAGEDOWN,
        ):
            self.show(self.page + (1 if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN) else -1))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            return self.scroll_by(
                self.lay.fonts.body * 3 * (1 if event.key == pygame.K_DOWN else -1)
            )
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
        area = pygame.Rect(
            0,
            self.scroll,
            self.content.width,
            min(self.content.height, picture.get_height() - self.scroll),
        )
        surface.blit(picture, self.content.topleft, area)
        if picture.get_height() > self.content.height:  # a scroll bar shows there is more
            bar_h = self.content.height * self.content.height // picture.get_height()
            top = self.content.top + (self.content.height - bar_h) * self.scroll // max(
                1, picture.get_height() - self.content.height
            )
            pygame.draw.rect(
                surface, theme.UMBER, (self.content.right + 4, top, 4, bar_h), border_radius=2
            )


def render_rules_page(page: RulesPage, width: int, lay: MenuLayout) -> pygame.Surface:
    """A page of the reference on a transparent surface ``width`` wide, as tall as it needs."""
    f, m = lay.fonts, lay.margin
    icon = round(f.body * 2.6)
    text_w = width - icon - m * 2
    line_h = assets.font(f.body).get_linesize()
    heights = [
        max(icon, len(wrap_lines(_(text), f.body, text_w)) * line_h) for _icon, text in page.entries
    ]
    title_h = assets.font(f.title, True).get_linesize() + m
    picture = pygame.Surface((width, title_h + sum(heights) + m * len(heights)), pygame.SRCALPHA)
    draw_text(picture, _(page.title), (0, 0), f.title, theme.CLAY, True)
    y = title_h
    for (name, text), height in zip(page.entries, heights):
        if name:
            picture.blit(assets.image(name, icon), (0, y))
        draw_wrapped(
            picture, _(text), pygame.Rect(icon + m * 2, y, text_w, height), f.body, theme.CHARCOAL
        )
        y += height + m
    return picture
