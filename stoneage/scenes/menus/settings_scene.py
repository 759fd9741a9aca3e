"""The settings screen: a General page (animation speed, language, hints, your rolls, tips,
fullscreen), a Sound page (sound on or off, and the master, effects and music volumes as
gauges) and an Online page (whether the local network is used, and the player's name at every
table, kept with the player key).

Like every menu screen: Enter presses the primary button, Esc goes back, and the tooltip of
the button under the mouse is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Literal

import pygame

from stoneage.i18n import LANGUAGES, N_, _
from stoneage.play.cues import CLICK
from stoneage.play.names import speed_title
from stoneage.records.player_key import MAX_NAME, PlayerKeys
from stoneage.records.settings import ANIMATION_SPEEDS, Settings
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.menu import PanelScene
from stoneage.ui import assets, theme
from stoneage.ui.fields import TextField
from stoneage.ui.widgets import Button, draw_panel, draw_text_fit, draw_wrapped

#: The settings field a volume is kept in.
VolumeField = Literal["master_volume", "effects_volume", "music_volume"]

#: One option button of a row: its text, what it does, whether it is the current choice, its
#: name and its tooltip.
Option = tuple[str, Callable[[], object], bool, str, str]

#: The row where the player types their name (the Online page's).
NAME_ROW: Literal["player_name"] = "player_name"

#: One row of a page: its label, its help line, and its options, the volume it sets, or the
#: name typed in it (``NAME_ROW``).
RowSpec = tuple[str, str, list[Option] | VolumeField | Literal["player_name"]]


#: What the empty name box says (the name is kept with the player key).
NAME_PLACEHOLDER = N_("Type the name the other players see")


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

    field: VolumeField  # the settings field: master_volume, effects_volume or music_volume
    rect: pygame.Rect  # the segments
    label_rect: pygame.Rect  # the percentage

    def level_at(self, x: int) -> int:
        """The level (0 to STEPS) a click at ``x`` asks for: the segment under it, full."""
        share = (x - self.rect.left) / max(1, self.rect.width)
        return max(0, min(VOLUME_STEPS, int(share * VOLUME_STEPS) + 1 if share > 0.02 else 0))


GENERAL, SOUND, ONLINE = "general", "sound", "online"
PAGES = (GENERAL, SOUND, ONLINE)
VOLUME_STEPS = 10  # a volume goes from 0 to 100 % in steps of 10 %


def volume_level(value: float) -> int:
    """A volume (0 to 1) as a step from 0 to VOLUME_STEPS."""
    return max(0, min(VOLUME_STEPS, round(value * VOLUME_STEPS)))


def read_volume(settings: Settings, field: VolumeField) -> float:
    """The volume (0 to 1) kept in ``field`` of the settings."""
    match field:
        case "master_volume":
            return settings.master_volume
        case "effects_volume":
            return settings.effects_volume
        case "music_volume":
            return settings.music_volume


def write_volume(settings: Settings, field: VolumeField, value: float) -> None:
    """Keep the volume ``value`` (0 to 1) in ``field`` of the settings."""
    match field:
        case "master_volume":
            settings.master_volume = value
        case "effects_volume":
            settings.effects_volume = value
        case "music_volume":
            settings.music_volume = value


class SettingsScene(PanelScene):
    """Two pages, chosen by the tabs beside the title. General: animation speed, language,
    hints, tips and fullscreen. Sound: sound on or off (M anywhere), the master, effects and
    music volumes in steps of 10 %. Each change is saved and applied at once (the language
    changes every screen at once, a volume is heard at once)."""

    def __init__(self, app: SceneHost, page: str = GENERAL, keys: PlayerKeys | None = None) -> None:
        """``page``: the page shown first; ``keys``: the player key (the name is kept there)."""
        self.page = page if page in PAGES else GENERAL
        self.keys = keys if keys is not None else PlayerKeys()
        kept = self.keys.load()
        self.name_field = TextField(
            pygame.Rect(0, 0, 0, 0),
            "",
            kept.name if kept is not None else "",
            MAX_NAME,
            name="name",
        )
        self.rows: list[SettingRow] = []
        self.gauges: list[VolumeGauge] = []
        self.focus: int | None = None  # the volume the arrow keys change (index into gauges)
        self._shown_muted = app.settings.muted
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        self.heading = _("Settings")
        self._shown_muted = self.app.settings.muted
        specs = {
            GENERAL: self._general_specs,
            SOUND: self._sound_specs,
            ONLINE: self._online_specs,
        }[self.page]()
        body, f, m = self.lay.panel_body, self.lay.fonts, self.lay.margin
        height = round(f.title * 2.2)
        help_h = assets.font(f.body).get_linesize() * 2
        pitch = height + help_h + m * 2
        if pitch * len(specs) > body.height:
            # A long page in a small window: the buttons and the gaps give way, never the
            # help's two lines.
            height = max(round(f.title * 1.5), body.height // len(specs) - help_h - m)
            pitch = height + help_h + m
        left = body.left + body.width // 3
        width = (
            body.width * 2 // 3 - 2 * m
        ) // 3  # every option button as wide as a third of the row
        top = body.top + max(0, (body.height - pitch * len(specs)) // 3)
        buttons: list[Button] = []
        self.rows, self.gauges = [], []
        for i, (label, help_text, options) in enumerate(specs):
            row = pygame.Rect(left, top + i * pitch, body.right - left, height)
            self.rows.append(
                SettingRow(
                    label, help_text, row, pygame.Rect(row.left, row.bottom + m, row.width, help_h)
                )
            )
            match options:
                case "player_name":  # the name typed in a box as wide as the options
                    self.name_field.rect = pygame.Rect(row.left, row.top, 3 * width + 2 * m, height)
                    continue
                case "master_volume" | "effects_volume" | "music_volume":  # - and + around a gauge
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

    def _general_specs(self) -> list[RowSpec]:
        """Animation speed, language, hints, holding your rolls, tips and fullscreen."""
        settings = self.app.settings
        return [
            (
                _("Animation speed"),
                _("How fast the bots' moves, the dice and the goods are shown."),
                [
                    (
                        speed_title(s),
                        partial(self.set_speed, s),
                        settings.animation == s,
                        f"speed_{s}",
                        _("Animations at this speed."),
                    )
                    for s in ANIMATION_SPEEDS
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
                _("Your rolls"),
                _("When your roll asks nothing more, the dice wait on the board for Continue."),
                self._on_off(
                    settings.hold_rolls,
                    self.set_hold_rolls,
                    "hold_rolls",
                    _("Show each of your rolls until you press Continue."),
                    _("Show your rolls as the bots' are, and go on by itself."),
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

    def _sound_specs(self) -> list[RowSpec]:
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

    def _online_specs(self) -> list[RowSpec]:
        """The local network on or off, and the player's name."""
        return [
            (
                _("Local network"),
                _(
                    "Announce the tables you host to the computers of your network, and look "
                    "for tables there when you ask (Join a table)."
                ),
                self._on_off(
                    self.app.settings.local_network,
                    self.set_local_network,
                    "local_network",
                    _("Announce hosted tables; look for tables nearby when asked."),
                    _("Never announce or look on the local network: join by address and code."),
                ),
            ),
            (
                _("Your name"),
                _(
                    "Your name at every table. Servers know you by a key made for you on this "
                    "computer (player.json in the data folder, no password): keep it to keep "
                    "your ratings."
                ),
                NAME_ROW,
            ),
        ]

    def _tabs(self) -> list[Button]:
        """General, Sound and Online, at the right of the title line."""
        title, f = self.lay.panel_title, self.lay.fonts
        width = min(round(f.title * 7), title.width // 4)
        tabs = [
            (GENERAL, _("General"), _("Speed, language, hints, tips and fullscreen.")),
            (SOUND, _("Sound"), _("Sound on or off, and the volumes.")),
            (ONLINE, _("Online"), _("The local network, and your name at tables.")),
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

    def _volume_control(self, field: VolumeField, row: pygame.Rect, span: int) -> list[Button]:
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
        level = volume_level(read_volume(self.app.settings, field))
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
    ) -> list[Option]:
        """The On and Off options of a yes/no setting."""
        return [
            (_("On"), lambda: setter(True), value, f"{name}_on", on_tip),
            (_("Off"), lambda: setter(False), not value, f"{name}_off", off_tip),
        ]

    def show_page(self, page: str) -> None:
        """Show the General, the Sound or the Online page."""
        self.keep_name()
        self.page, self.focus = page, None
        self.buttons = self.make_buttons()

    def set_local_network(self, on: bool) -> None:
        """Use the local network (announce hosted tables, look for tables when asked) or not."""
        self.app.settings.local_network = on
        self.app.save_settings()
        self.buttons = self.make_buttons()

    def keep_name(self) -> None:
        """Keep the name typed with the player key (when it changed), and stop typing."""
        field = self.name_field
        if field.focused:
            field.focused = False
            pygame.key.stop_text_input()
        kept = self.keys.load()
        if field.text.strip() != (kept.name if kept is not None else ""):
            self.keys.rename(field.text)

    def exit(self) -> None:
        self.keep_name()

    def pause(self) -> None:
        self.keep_name()

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

    def set_hold_rolls(self, on: bool) -> None:
        """The player's rolls held until Continue, or shown and passed as the bots' are."""
        self.app.settings.hold_rolls = on
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

    def set_volume(self, field: VolumeField, level: int) -> None:
        """Set a volume to ``level`` steps of 10 % (heard at once, saved at once)."""
        level = max(0, min(VOLUME_STEPS, level))
        write_volume(self.app.settings, field, level / VOLUME_STEPS)
        self.app.apply_sound_settings()
        self.buttons = self.make_buttons()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.page == ONLINE and self._typing(event):
            return True
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

    def _typing(self, event: pygame.event.Event) -> bool:
        """The name box: a click in it types there (a click elsewhere keeps the name), Enter
        or Esc keeps it; True when the event was the box's."""
        field = self.name_field
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if field.rect.collidepoint(event.pos):
                field.focused = True
                pygame.key.start_text_input()
                return True
            if field.focused:
                self.keep_name()
            return False
        if not field.focused:
            return False
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_ESCAPE,
        ):
            self.keep_name()
            return True
        return field.handle(event)

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
        level = volume_level(read_volume(self.app.settings, gauge.field))
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
        if self.page == ONLINE:
            # Worded at each frame: the language may have changed on the General page.
            self.name_field.placeholder = _(NAME_PLACEHOLDER)
            self.name_field.draw(surface, f.label)

    def _draw_gauge(self, surface: pygame.Surface, gauge: VolumeGauge, focused: bool) -> None:
        """The segments up to the level filled (paler while the sound is off), and the %;
        the volume the arrow keys change framed."""
        level = volume_level(read_volume(self.app.settings, gauge.field))
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
