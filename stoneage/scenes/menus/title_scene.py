"""The title screen: New game, Continue, Join a table, Learn to play, Load game, Statistics,
Settings, Rules and Quit, and the attract mode that starts when nobody touches it for a while.

Continue plays on the newest game in progress: the autosave, or the table this player hosts
over the network (reopened for the others to rejoin).

Like every menu screen: Enter presses the primary button, Esc goes back (here: it asks whether
to quit, since a newcomer pressing Esc to "go back" should not lose the window), and the tooltip
of the button under the mouse is shown.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pygame

from stoneage.i18n import _
from stoneage.records.hosted import HostedKeep
from stoneage.scenes.files.opening import continue_autosave, summary
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.confirm import Choice, ConfirmScene
from stoneage.scenes.kit.menu import MenuScene, draw_backdrop
from stoneage.scenes.table.session.autoplay import (
    ATTRACT_IDLE,
    IdleWatch,
    attract_autoplay,
    autoplay_seats,
)
from stoneage.ui import assets, theme
from stoneage.ui.widgets import Button, draw_panel, draw_text, draw_wrapped, wrap_lines

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

    button_count = 9

    def __init__(self, app: SceneHost, clock: Callable[[], float] = time.monotonic) -> None:
        # The settings problem is told once: on the first title screen after starting.
        self.settings_notice = app.settings_problem
        if self.settings_notice:
            app.settings_problem = ""
        self.idle = IdleWatch(ATTRACT_IDLE, clock)
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        self.status = self.app.records.shelf.autosave_status()
        self.hosted = HostedKeep().load()
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
        if self._reopens():
            assert self.hosted is not None
            continue_tip = _("Reopen the table you host ({code}) for the others to rejoin.").format(
                code=self.hosted.code
            )
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
                enabled=self.status.can_continue or self.hosted is not None,
                size=size,
                tooltip=continue_tip,
                name="continue",
            ),
            Button(
                rects[2],
                _("Join a table"),
                lambda: self.app.push(self.app.make_scene("join", discover=True)),
                size=size,
                tooltip=_(
                    "Play with friends on other computers: join the table one of them hosts."
                ),
                name="join",
            ),
            Button(
                rects[3],
                _("Learn to play"),
                lambda: self.app.push(self.app.make_scene("learn")),
                size=size,
                tooltip=_("A guided first game: the rules taught step by step, as you play."),
                name="learn",
            ),
            Button(
                rects[4],
                _("Load game"),
                self.load_game,
                size=size,
                tooltip=_("Open one of the games you saved."),
                name="load",
            ),
            Button(
                rects[5],
                _("Statistics"),
                lambda: self.app.push(self.app.make_scene("stats")),
                size=size,
                tooltip=_("Your games in numbers and charts, past games to replay, achievements."),
                name="stats",
            ),
            self.settings_button(rects[6], size),
            self.rules_button(rects[7], size),
            Button(
                rects[8],
                _("Quit"),
                self.app.quit,
                size=size,
                tooltip=_("Close the game (a game in progress is kept)."),
                name="quit",
            ),
        ]

    def back(self) -> None:
        """Esc: ask before closing the game (the Quit button closes at once)."""
        self.app.push(
            ConfirmScene(
                self.app,
                _("Quit"),
                _("Close the game? A game in progress is kept for Continue."),
                [Choice(_("Quit"), self.app.quit, _("Close the game."), "confirm_quit")],
            )
        )

    def enter(self) -> None:
        super().enter()
        self.idle.touch()

    def pause(self) -> None:
        super().pause()
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

    def _reopens(self) -> bool:
        """True when Continue reopens the hosted table (newer than the autosave, or alone)."""
        if self.hosted is None:
            return False
        return not self.status.can_continue or HostedKeep().newer_than(
            self.app.records.autosave.path()
        )

    def continue_game(self) -> None:
        """Resume the newest game in progress: the hosted table (reopened for the others to
        rejoin) or the newest good autosave (asking first when only an older copy is good)."""
        if self._reopens():
            self.app.push(self.app.make_scene("reopen_table"))
            return
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
