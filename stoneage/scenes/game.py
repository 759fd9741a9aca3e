"""The game scene: a thin controller between the table on screen and the rules engine.

It holds the driver (the state, chance and the bots), shows each applied action through the
timeline, and when a human seat must decide builds the controls for exactly what
``legal_actions()`` offers. A control's choice goes to ``act``, which applies it through the
rules engine and shows the engine's reason when it is refused. The scene never decides a rule.
"""

from __future__ import annotations

from collections import deque

import pygame

from stoneage import i18n
from stoneage.i18n import _
from stoneage.rules import Action, GameState, IllegalActionError, TakeTwo
from stoneage.rules.nodes import FEED_SHORT, ITEMS_PICK, ITEMS_ROLL, PAY_BUILDING, PAY_CARD, ROLL, TOOLS
from stoneage.ui import assets, storage, theme
from stoneage.ui.anim import Flyer, Timeline
from stoneage.ui.layout import panel_parts, table_layout
from stoneage.ui.names import engine_reason
from stoneage.ui.widgets import Button, draw_tooltip

from .base import Scene
from .dialogs import ItemsDialog, TakeTwoButton, ToolsDialog
from .driver import GameDriver, Seat, Step, make_bot
from .motion import Motion
from .payment import FeedDialog, PayDialog
from .hints import tooltip_at
from .placing import Control, PlacementControl, ResolveControl
from .status_view import StatusBar
from .table_view import TableRenderer
from .story import banner, describe

INSTANT_BATCH = 200  # automatic actions applied per update at instant speed
FRAME_BUDGET = 0.003  # seconds of table redrawing per frame while something moves
SNAP_BACK = 0.25  # seconds for refused figures to fly home (at any animation speed)
END_PAUSE = 1.2  # seconds the final position stays before the scoring screen (normal speed)


class GameScene(Scene):
    """The table during a game."""

    def __init__(self, app, seats: list[Seat], seed: int, state: GameState | None = None, threaded: bool = True) -> None:
        super().__init__(app)
        self.seats = seats
        self.driver = GameDriver(seats, seed, state, threaded, notify=app.wake)
        humans = self.driver.humans()
        self.viewer = humans[0] if len(humans) == 1 else (-1 if humans else None)
        self.timeline = Timeline()
        self.controls: list[Control] = []
        self.popup: Control | None = None
        self.controls_state: GameState | None = None
        self.error = ""
        self.log: deque[str] = deque(maxlen=40)
        self.log_steps: deque[Step] = deque(maxlen=40)  # the log's steps, to re-tell in another language
        self.mouse = (0, 0)
        self.finish_timer: float | None = None
        self.suggester = make_bot("normal", seed)
        self._views: dict[int, tuple[GameState, GameState]] = {}
        self._damage: list[pygame.Rect] = []
        self.watching: ItemsDialog | None = None
        self._watching_key: tuple | None = None
        self._table_for: tuple | None = None
        self.resize(app.size)

    # --- lifecycle ------------------------------------------------------------------------------
    def exit(self) -> None:
        self.autosave()
        self.driver.close()
        self.timeline.clear()

    def pause(self) -> None:
        self.autosave()

    def resume(self) -> None:
        if self._language != i18n.current_language():  # every cached word must be redrawn
            self.resize(self.app.size)
        self.motion.speed = self.app.settings.speed_factor()

    def resize(self, size: tuple[int, int]) -> None:
        if getattr(self, "_language", None) not in (None, i18n.current_language()):
            self.log = deque((line for line in map(self.describe, self.log_steps) if line), maxlen=40)
        self._language = i18n.current_language()
        self.lay = table_layout(size, len(self.seats))
        self.motion = Motion(self.lay, self.seats, self.app.settings.speed_factor(), self.display)
        menu = self.lay.status.menu_button
        self.menu_button = Button(menu, _("Menu"), self.open_menu, size=self.lay.fonts.label, name="menu")
        self.controls_state = None
        # Warm the picture caches for the first layout; after a resize they fill as needed.
        self.table = TableRenderer(self.lay, self.seats, warm=not hasattr(self, "table"))
        self.status = StatusBar(self.lay)
        self.timeline.clear()

    def autosave(self) -> None:
        """Keep the game in progress for Continue (nothing once it is over)."""
        if self.driver.is_over():
            storage.delete_autosave()
        else:
            storage.write_autosave(self.driver.save_payload())

    def open_menu(self) -> None:
        """The pause menu over the table."""
        from .menus import PauseMenu

        self.app.push(PauseMenu(self.app))

    # --- what is shown --------------------------------------------------------------------------
    def display(self, state: GameState) -> GameState:
        """The state as the people at this screen may see it (others' extra cards hidden)."""
        if self.viewer is None:
            return state
        cached = self._views.get(id(state))
        if cached is None or cached[0] is not state:
            if len(self._views) > 64:
                self._views.clear()
            cached = self._views[id(state)] = (state, state.view(self.viewer))
        return cached[1]

    @property
    def shown(self) -> GameState:
        """The state on screen: the one of the beat playing, else the current state."""
        beat = self.timeline.current()
        return beat.shown if beat is not None else self.display(self.driver.state)

    # --- the loop -------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance the animations and the game. True asks for a whole new frame (the human's
        controls appeared); parts of the table that changed are reported by ``take_damage``
        and moving sprites by ``moving_rects``, and the app repaints only those."""
        self.timeline.update(dt)
        full = False
        if not self.timeline.busy:
            full = self._advance(dt)
        self._refresh_pictures()
        return full

    def moving_rects(self) -> list[pygame.Rect]:
        return self.timeline.bounds(self.lay.size)

    def take_damage(self) -> list[pygame.Rect]:
        damage, self._damage = self._damage, []
        return damage

    def _advance(self, dt: float) -> bool:
        """Apply the next automatic actions, or get the human's controls ready."""
        driver = self.driver
        if driver.is_over():
            return self._count_down_to_scoring(dt)
        batch = INSTANT_BATCH if self.motion.speed <= 0 else 1
        for _i in range(batch):
            action = driver.automatic_action()
            if action is None:
                break
            self._play(driver.apply(action), by_human=False)
            if self.timeline.busy or driver.is_over():
                return False
        else:
            return False
        if driver.human_to_act() is not None and self.controls_state is not driver.state:
            self._build_controls()
            return True
        return False

    def _count_down_to_scoring(self, dt: float) -> bool:
        if self.finish_timer is None:
            self.finish_timer = END_PAUSE * self.motion.speed
        self.finish_timer -= dt
        if self.finish_timer <= 0:
            from .scoring import ScoringScene

            storage.delete_autosave()
            self.app.replace(ScoringScene(self.app, self.seats, self.driver.state, self.driver.seed))
        return False

    def _play(self, step: Step, by_human: bool) -> None:
        """Show an applied step, and log it once its result is on screen."""
        beats = self.motion.beats_for(step, by_human, self.timeline.float)
        line = self.describe(step)
        result = next((b for b in beats if b.shown is self.display(step.after)), None)
        if line and result is not None:
            result.on_start = _then(result.on_start, lambda: self.add_to_log(step, line))
        elif line:
            self.add_to_log(step, line)
        for beat in beats:
            self.timeline.add(beat)
        if step.after.round != step.before.round:
            self.autosave()
        self.controls, self.popup, self.controls_state = [], None, None

    def describe(self, step: Step) -> str:
        """The log line of ``step`` in the current language ('' for steps not worth a line)."""
        return describe(step, self.seats)

    def add_to_log(self, step: Step, line: str) -> None:
        """Show ``line`` in the log, remembering its step to tell it again in another language."""
        self.log.append(line)
        self.log_steps.append(step)

    def is_animating(self) -> bool:
        if self.timeline.moving:
            return True
        driver = self.driver
        if driver.is_over():
            return True
        return driver.human_to_act() is None and not driver.thinking()

    # --- the human's controls -------------------------------------------------------------------------
    def _build_controls(self) -> None:
        state, seat = self.driver.state, self.driver.human_to_act()
        self.controls_state = state
        self.popup = None
        self.controls = [self._main_control(state, seat)]
        if any(isinstance(a, TakeTwo) for a in state.legal_actions()):
            rect = panel_parts(self.lay.panels[seat], self.lay.unit).two_res
            self.controls.append(TakeTwoButton(rect, self.lay, state, self.act, self.open_popup, self.close_popup))

    def _main_control(self, state: GameState, seat: int) -> Control:
        kind = state.pending[0] if state.pending else None
        if kind == TOOLS:
            faces = self.motion.last_roll[1] if self.motion.last_roll and self.motion.last_roll[0] == state.pending[1] else None
            return ToolsDialog(self.lay, state, self.act, faces)
        if kind in (PAY_CARD, PAY_BUILDING):
            return PayDialog(self.lay, state, seat, self.act, self._suggest(state, seat))
        if kind == FEED_SHORT:
            return FeedDialog(self.lay, state, seat, self.act, self._suggest(state, seat))
        if kind == ITEMS_PICK:
            return ItemsDialog(self.lay, state, [s.name for s in self.seats], self.act)
        if state.phase == "place":
            return PlacementControl(self.lay, state, seat, self.seats[seat].colour, self.act, self.open_popup, self._snap_back)
        return ResolveControl(self.lay, state, seat, self.act)

    def _suggest(self, state: GameState, seat: int) -> Action | None:
        try:
            return self.suggester.choose(state.view(seat))
        except Exception:  # a suggestion is a courtesy; the dialog works without one
            return None

    def _snap_back(self, start: tuple[int, int], end: tuple[int, int], count: int) -> None:
        """Carried figures fly back to the board after a refused drop."""
        seat = self.driver.human_to_act()
        if seat is None:
            return
        picture = assets.image(theme.worker_image(self.seats[seat].colour), self.lay.figure * 3 // 2)
        for i in range(count):
            self.timeline.float(Flyer(picture, start, end, SNAP_BACK, delay=0.04 * i))

    def open_popup(self, popup: Control) -> None:
        """Show a small modal chooser (count of figures, two-resources card)."""
        self.popup = popup

    def close_popup(self) -> None:
        """Close the modal chooser."""
        self.popup = None

    def offered(self) -> set[Action]:
        """Every action the controls on screen can emit (tests compare it to legal_actions)."""
        found: set[Action] = set()
        for control in self.controls + ([self.popup] if self.popup else []):
            found |= control.offered()
        return found

    def act(self, action: Action) -> bool:
        """Apply a human's choice; on refusal show the rules engine's reason."""
        seat = self.driver.human_to_act()
        if seat is None or self.timeline.busy:
            return False
        try:
            step = self.driver.apply(action, seat=seat)
        except IllegalActionError as error:
            self.error = engine_reason(error)
            return False
        self.error = ""
        self._play(step, by_human=True)
        return True

    # --- events --------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == self.app.wake_event:
            return False  # a bot is ready: update applies its move and reports what changed
        if hasattr(event, "pos"):
            self.mouse = event.pos
        popup = self.popup
        if popup is not None:
            used = popup.handle(event)
            if getattr(popup, "closed", False) and self.popup is popup:
                self.popup = None
            if used or popup.modal:
                return True
        if self.menu_button.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not any(getattr(c, "cancel_drag", lambda: False)() for c in self.controls):
                self.open_menu()
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.error:
            self.error = ""
        used = False
        if not self.timeline.busy:
            for control in list(self.controls):
                if control.handle(event):
                    used = True
                    break
        return used or event.type == pygame.MOUSEMOTION and self._tooltip() != ""

    # --- drawing ---------------------------------------------------------------------------------------
    def _refresh_pictures(self) -> None:
        """Bring the cached table and status bar up to date (here, not in draw), noting the
        areas that changed."""
        shown = self.shown
        active = _active_seat(shown)
        self._watch_items(shown)
        table_for = (id(shown), shown.ply, len(self.log), self.log[-1] if self.log else "", id(self.table))
        if table_for != self._table_for:
            budget = FRAME_BUDGET if self.timeline.moving else None
            damage, complete = self.table.refresh(shown, active, tuple(self.log), budget)
            self._damage += damage
            self._table_for = table_for if complete else None
        hint, is_error = self._hint()
        banner_now = banner(shown, self.seats, self.driver.thinking())
        self._damage += self.status.refresh(shown, self.seats, banner_now, hint, is_error)

    def _watch_items(self, shown: GameState) -> None:
        """While bots pick from the dice for items, show the dice to everyone."""
        picking = shown.pending is not None and shown.pending[0] == ITEMS_PICK and not self.controls
        key = (id(shown), shown.ply) if picking else None
        if key != self._watching_key:
            self._watching_key = key
            self.watching = ItemsDialog(self.lay, shown, [s.name for s in self.seats], None) if picking else None
            self._damage.append(self.lay.board)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.table.surface, (0, 0))
        if self.watching is not None:
            self.watching.draw(surface)
        surface.blit(self.status.surface, self.lay.status.rect)
        self.menu_button.draw(surface)
        if not self.timeline.busy:
            for control in reversed(self.controls):
                control.draw(surface)
        self.timeline.draw(surface)
        if self.popup is not None:
            self.popup.draw(surface)
        tip = self._tooltip()
        if tip:
            draw_tooltip(surface, tip, self.mouse, self.lay.fonts.small)

    def _hint(self) -> tuple[str, bool]:
        if self.error:
            return self.error, True
        if self.popup is not None:
            return self.popup.hint, False
        for control in self.controls:
            note = getattr(control, "hover_note", "")
            if note:
                return note, False
        if self.controls:
            return self.controls[0].hint, False
        return (self.log[-1] if self.log else ""), False

    def _tooltip(self) -> str:
        """Words for the space, card, building or player board under the mouse."""
        if self.popup is not None or any(getattr(c, "dragging", False) for c in self.controls):
            return ""
        if self.controls and not isinstance(self.controls[0], (PlacementControl, ResolveControl)):
            return ""
        return tooltip_at(self.lay, self.shown, self.seats, self.mouse)


def _active_seat(state: GameState) -> int | None:
    """The seat whose turn it is on screen (also while its dice roll)."""
    seat = state.current_player()
    if seat >= 0:
        return seat
    if state.pending is not None and state.pending[0] in (ROLL, ITEMS_ROLL):
        return state.turn
    return None


def _then(first, second):
    """Call ``first`` (if any), then ``second``."""
    def both() -> None:
        if first:
            first()
        second()
    return both
