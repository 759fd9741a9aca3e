"""The game scene: a thin controller between the table on screen and the rules engine.

It holds the driver (the state, chance and the bots), shows each applied action through the
timeline, and when a human seat must decide builds the controls for exactly what
``legal_actions()`` offers. A control's choice goes to ``act``, which applies it through the
rules engine and shows the engine's reason when it is refused. The scene never decides a rule.

Around the game: the autosave after every action (written off-thread by ``Autosaver``), Undo
of the human's own last decisions, the Hard bot's hint, the game log, the hotseat
announcement of each human's turn, and the keyboard (Esc menu, Enter confirms, Ctrl+Z undo,
1-9 choose counts, H hint, L log). With ``replay=True`` the scene plays a saved game back.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pygame

from stoneage import i18n
from stoneage.ai import make_bot
from stoneage.i18n import _
from stoneage.rules import Action, ActionError, GameState, Place, Resolve, TakeTwo
from stoneage.rules.data import GATHER_SPACES
from stoneage.rules.nodes import (
    FEED_SHORT,
    ITEMS_PICK,
    ITEMS_ROLL,
    PAY_BUILDING,
    PAY_CARD,
    ROLL,
    TOOLS,
)
from stoneage.ui import assets, storage, theme
from stoneage.ui.anim import Flyer, Timeline
from stoneage.ui.layout import figure_area, panel_parts, table_layout, tooltip_place
from stoneage.ui.names import COLOUR_TITLES, engine_reason
from stoneage.ui.sound_cues import (
    DROP,
    LOST,
    NEW_ROUND,
    PICK_UP,
    REFUSED,
    WON,
    YOUR_TURN,
    transition_cues,
)
from stoneage.ui.sound_cues import SNAP_BACK as SNAP_BACK_CUE
from stoneage.ui.widgets import (
    Button,
    draw_panel,
    draw_text_fit,
    draw_tooltip,
    draw_wrapped,
    shade,
    tooltip_under,
    wrap_lines,
)

from .assist import Hint, HintService, preview_text
from .autoplay import Autoplay
from .autosaver import Autosaver
from .base import Scene, SceneHost
from .board_view import space_at
from .coach import TipToast
from .dialogs import ItemsDialog, TakeTwoButton, ToolsDialog
from .driver import GameDriver, Seat, Step, follow_language, save_payload
from .game_record import GameRecorder, PlayClock
from .hints import tooltip_at
from .motion import Motion
from .payment import FeedDialog, PayDialog
from .placing import Control, CountChooser, PlacementControl, ResolveControl
from .status_view import StatusBar
from .story import banner, describe, undo_label, undo_phrase
from .table_view import TableRenderer

INSTANT_BATCH = 200  # automatic actions applied per update at instant speed
FRAME_BUDGET = 0.003  # seconds of table redrawing per frame while something moves
SNAP_BACK = 0.25  # seconds for refused figures to fly home (at any animation speed)
END_PAUSE = 1.2  # seconds the final position stays before the scoring screen (normal speed)
LOG_LINES = 40  # lines kept in the table's short log (the log scene tells the whole game)
EVENTS_KEPT = 200  # table events remembered (tests read them)
#: Cues a rules step implies that sound from their own event instead (``on_new_round``,
#: ``on_your_turn``, ``on_game_end``: the hotseat call to the screen, and once per game).
OWN_CUES = frozenset({NEW_ROUND, YOUR_TURN, WON, LOST})
FIGURE_CUES = frozenset({PICK_UP, DROP, SNAP_BACK_CUE})

#: One thing that happened at the table: its kind ("transition", "pick_up", "drop",
#: "snap_back", "click", "refused", "new_round", "your_turn", "game_end") and its detail.
TableEvent = tuple[str, object]


class GameScene(Scene):
    """The table during a game."""

    def __init__(
        self,
        app: SceneHost,
        seats: list[Seat],
        seed: int,
        state: GameState | None = None,
        threaded: bool = True,
        replay: bool = False,
        autoplay: Autoplay | None = None,
        clock: PlayClock | None = None,
    ) -> None:
        """``replay`` plays the actions of ``state`` back from the start; ``autoplay`` has bots
        (every seat must be a bot) play a game nobody owns: it is neither saved nor recorded.
        ``clock``: the time a continued game was played before (a new game starts at 0)."""
        super().__init__(app)
        self.seats = seats
        self.autoplay = autoplay
        script = state.actions_taken() if replay and state is not None else ([] if replay else None)
        self.driver = GameDriver(seats, seed, state, threaded, notify=app.wake, script=script)
        humans = [] if replay else self.driver.humans()
        self.hotseat = len(humans) > 1
        self.viewer = humans[0] if len(humans) == 1 else (-1 if humans else None)
        self.announced: int | None = None  # hotseat: the human last shown the table
        self.announcing: int | None = None  # hotseat: the human whose turn is being announced
        self.saver = None if replay or autoplay is not None else Autosaver()
        # The history and achievements: only a game of the player's own (never a replay).
        self.record = (
            GameRecorder(seats, seed, clock or PlayClock(), self.driver.is_over())
            if self.saver is not None
            else None
        )
        self.hints = HintService(seed, app.wake, threaded)
        self.hint_asked: tuple[int, int] | None = None  # (ply, seat) the human asked a hint for
        self.timeline: Timeline[GameState] = Timeline()
        self.controls: list[Control] = []
        self.popup: Control | None = None
        self.controls_state: GameState | None = None
        self.error = ""
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        # the log's steps, to re-tell in another language
        self.log_steps: deque[Step] = deque(maxlen=LOG_LINES)
        self.mouse = (0, 0)
        self.finish_timer: float | None = None
        # What happened at the table, newest last (see "what the table announces" below).
        self.table_events: deque[TableEvent] = deque(maxlen=EVENTS_KEPT)
        self.suggester = make_bot("normal", seed)
        self._views: dict[tuple[int, int], tuple[GameState, GameState]] = {}
        self._damage: list[pygame.Rect] = []
        self.watching: ItemsDialog | None = None
        self._watching_key: tuple | None = None
        self._table_for: tuple | None = None
        self.tips = TipToast(app.settings, app.save_settings)  # first-game tips (issue 14)
        self.resize(app.size)
        self.log_recent_steps()  # a continued game shows its recent past
        if not replay and state is None:
            self.autosave()

    @property
    def keeps_records(self) -> bool:
        """True for a game of the player's own: False for a replay and for autoplay, which
        must never write the autosave, the history or achievements."""
        return self.saver is not None

    @property
    def watch_only(self) -> bool:
        """True when nobody at the screen plays (a replay or autoplay): no Undo, no Hint."""
        return self.driver.replaying() or self.autoplay is not None

    def speed(self) -> float:
        """Animation length relative to normal: autoplay's own, else the player's setting."""
        if self.autoplay is not None:
            return self.autoplay.speed
        return self.app.settings.speed_factor()

    # --- lifecycle ------------------------------------------------------------------------------
    def exit(self) -> None:
        self.autosave()
        if self.saver is not None:
            self.saver.close()
        self.hints.close()
        self.driver.close()
        self.timeline.clear()

    def pause(self) -> None:
        self.autosave()
        if self.saver is not None:
            self.saver.flush()

    def resume(self) -> None:
        if self._language != i18n.current_language():  # every cached word must be redrawn
            self.resize(self.app.size)
        self.motion.speed = self.speed()

    def resize(self, size: tuple[int, int]) -> None:
        follow_language(self.seats)  # "You" in the language of now (also a game saved in another)
        if getattr(self, "_language", None) not in (None, i18n.current_language()):
            self.log = deque(
                (line for line in map(self.describe, self.log_steps) if line), maxlen=LOG_LINES
            )
        self._language = i18n.current_language()
        self.lay = table_layout(size, len(self.seats))
        self.motion = Motion(self.lay, self.seats, self.speed(), self.display)
        menu = self.lay.status.menu_button
        if self.autoplay is None:
            self.menu_button = Button(
                menu,
                _("Menu"),
                self.open_menu,
                size=self.lay.fonts.label,
                name="menu",
                tooltip=_("Pause: save, load, settings, rules (Esc)"),
            )
        else:
            self.menu_button = Button(
                menu,
                _("Leave"),
                self.leave_autoplay,
                size=self.lay.fonts.label,
                name="menu",
                tooltip=_("Stop watching the bots (Esc)"),
            )
        parts = self.lay.status
        font_size = self.lay.fonts.body
        self.undo_button = Button(
            parts.undo_button, _("Undo"), self.undo, enabled=False, size=font_size, name="undo"
        )
        self.hint_button = Button(
            parts.hint_button,
            _("Hint"),
            self.ask_hint,
            enabled=False,
            size=font_size,
            name="hint",
            tooltip=_(
                "Ask the Hard bot for its best move here (H). The expected lead is its estimate, at "
                "the end of the round, of your points minus your rivals' (half the best "
                "rival's, half their average)."
            ),
        )
        self.log_button = Button(
            parts.log_button,
            _("Log"),
            self.open_log,
            size=font_size,
            name="log",
            tooltip=_("Every move of the game in words; export a replay (L)"),
        )
        self._button_keys: dict[str, tuple] = {}
        self.controls_state = None
        # Warm the picture caches for the first layout; after a resize they fill as needed.
        self.table = TableRenderer(self.lay, self.seats, warm=not hasattr(self, "table"))
        self.status = StatusBar(self.lay)
        self.timeline.clear()
        self.tips.lay_out(self.lay)

    def autosave(self) -> None:
        """Keep the game in progress for Continue (nothing once it is over). The writing is
        handed to the autosave thread; a replay is never saved."""
        if self.saver is None:
            return
        if self.driver.is_over():
            self.saver.submit(storage.delete_autosave)
            return
        seats, seed, state = list(self.seats), self.driver.seed, self.driver.state
        played = self.record.clock.save_fields() if self.record is not None else {}
        self.saver.submit(
            lambda: storage.write_autosave({**save_payload(seats, seed, state), **played})
        )

    def save_payload(self) -> dict:
        """The game as a save file's content (for a named save)."""
        played = self.record.clock.save_fields() if self.record is not None else {}
        return {**self.driver.save_payload(), **played}

    def open_log(self) -> None:
        """The whole game log over the table."""
        self.app.push(self.app.make_scene("log", game=self))

    def open_menu(self) -> None:
        """The pause menu over the table."""
        self.app.push(self.app.make_scene("pause"))

    def leave_autoplay(self) -> None:
        """Stop watching: the attract mode goes back to the title, the command line's autoplay
        ends the program."""
        if self.autoplay is not None and self.autoplay.attract:
            self.app.reset(self.app.make_scene("title"))
        else:
            self.app.quit()

    # --- what is shown --------------------------------------------------------------------------
    def display(self, state: GameState) -> GameState:
        """The state as the people at this screen may see it (others' extra cards hidden; at a
        hotseat table, a human sees the own extra cards only during the own turn)."""
        viewer = self._viewer()
        if viewer is None:
            return state
        key = (id(state), viewer)
        cached = self._views.get(key)
        if cached is None or cached[0] is not state:
            if len(self._views) > 64:
                self._views.clear()
            cached = self._views[key] = (state, state.view(viewer))
        return cached[1]

    def _viewer(self) -> int | None:
        if not self.hotseat:
            return self.viewer
        seat = self.driver.human_to_act()
        return (
            seat if seat is not None and seat == self.announced and self.announcing is None else -1
        )

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
        faded = self.tips.update()
        if faded is not None:
            self._damage.append(faded)
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
        if driver.replay_finished():
            return False
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
        seat = driver.human_to_act()
        if seat is not None and self.controls_state is not driver.state:
            if self.hotseat and seat != self.announced:
                if self.announcing != seat:
                    self.announcing = seat
                    self.on_your_turn(seat)
                    return True
                return False
            if self._turn_came_back(seat):
                self.on_your_turn(seat)
            self._build_controls(seat)
            return True
        return False

    def _turn_came_back(self, seat: int) -> bool:
        """True when someone else decided since ``seat`` last did (chance steps, such as the
        roll of the seat's own dice, do not count): the turn has come back to ``seat``."""
        for step in reversed(self.driver.steps):
            if step.actor >= 0:
                return step.actor != seat
        return True

    def start_turn(self) -> None:
        """Hotseat: the announced human is at the screen; show the table and the controls."""
        if self.announcing is None:
            return
        self.announced, self.announcing = self.announcing, None
        self._views.clear()
        if self.driver.human_to_act() == self.announced:
            self._build_controls(self.announced)

    def _count_down_to_scoring(self, dt: float) -> bool:
        if self.finish_timer is None:
            self.finish_timer = END_PAUSE * self.motion.speed
            self.on_game_end()
            if self.record is not None:  # the history, the replay and the achievements, once
                self.record.finish(self.driver.state, self.driver.steps)
        self.finish_timer -= dt
        if self.finish_timer <= 0:
            self.autosave()  # the game is over: the autosave is deleted
            if self.saver is not None:
                self.saver.flush()
            options: dict[str, object] = {}
            if self.autoplay is not None:
                options["autoplay"] = self.autoplay
            self.app.replace(
                self.app.make_scene(
                    "scoring",
                    seats=self.seats,
                    state=self.driver.state,
                    seed=self.driver.seed,
                    **options,
                )
            )
        return False

    def _play(self, step: Step, by_human: bool) -> None:
        """Show an applied step, and log it once its result is on screen."""
        beats = self.motion.beats_for(step, by_human, self.timeline.add_floater)
        line = self.describe(step)
        result = next((b for b in beats if b.shown is self.display(step.after)), None)

        def on_screen() -> None:  # the step's result is shown now: log it, announce it
            if line:
                self.add_to_log(step, line)
            self.on_transition(step, by_human)

        if result is not None:
            result.on_start = _then(result.on_start, on_screen)
        else:
            on_screen()
        for beat in beats:
            self.timeline.add(beat)
        self.autosave()
        self.controls, self.popup, self.controls_state = [], None, None

    def describe(self, step: Step) -> str:
        """The log line of ``step`` in the current language ('' for steps not worth a line)."""
        return describe(step, self.seats)

    # --- undo and hints ------------------------------------------------------------------------------
    def undo_target(self) -> Step | None:
        """The step Undo would take back now, or None: the last decision of the human who
        decided last, when no dice were rolled and nothing hidden was turned up since, and
        that human is the one deciding now (or the bots are)."""
        found = self.driver.undoable()
        if found is None or self.announcing is not None:
            return None
        step = found[1]
        now = self.driver.human_to_act()
        return step if now is None or now == step.actor else None

    def undo(self) -> bool:
        """Take back the human's last decision (and the bots' moves after it)."""
        if self.undo_target() is None:
            return False
        self.timeline.clear()
        self.driver.undo()
        self.log_recent_steps()
        self.controls, self.popup, self.controls_state, self.error = [], None, None, ""
        self.finish_timer = None
        self.autosave()
        return True

    def hints_enabled(self) -> bool:
        """The player's setting: hints and previews on or off."""
        return self.app.settings.hints

    def ask_hint(self) -> None:
        """Ask the Hard bot for the best move of the human deciding now."""
        seat = self.driver.human_to_act()
        if seat is None or not self.hints_enabled() or self.announcing is not None:
            return
        self.hint_asked = (self.driver.state.ply, seat)
        self.hints.request(self.driver.state, seat)

    def current_hint(self) -> Hint | None:
        """The hint asked for at this decision, once it is ready."""
        seat = self.driver.human_to_act()
        if seat is None or self.hint_asked != (self.driver.state.ply, seat):
            return None
        return self.hints.hint_for(self.driver.state, seat)

    def _sync_buttons(self) -> None:
        """Undo says what it undoes; Hint is offered while a human decides (hints on)."""
        target = self.undo_target()
        if target is not None:
            self.undo_button.label = undo_label(target)
            self.undo_button.tooltip = _("Take back your last decision (Ctrl+Z): {what}").format(
                what=undo_phrase(target)
            )
        else:
            self.undo_button.label = _("Undo")
            self.undo_button.tooltip = _(
                "Nothing to undo now. Undo takes back your own decisions since the last roll of the dice or card turned up (Ctrl+Z)."
            )
        self.undo_button.enabled = target is not None
        deciding = self.driver.human_to_act() is not None and self.announcing is None
        self.hint_button.enabled = deciding and self.hints_enabled()
        for button in (self.undo_button, self.hint_button, self.log_button):
            key = (button.label, button.enabled)
            if self._button_keys.get(button.name) != key:
                self._button_keys[button.name] = key
                self._damage.append(button.rect.inflate(4, 8))

    def log_recent_steps(self) -> None:
        """The log told afresh from the driver's last steps (after a continue, undo or jump)."""
        self.log.clear()
        self.log_steps.clear()
        for step in self.driver.steps[-LOG_LINES:]:
            line = self.describe(step)
            if line:
                self.add_to_log(step, line)

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
        if driver.replay_finished():
            return False
        return driver.human_to_act() is None and not driver.thinking()

    # --- the human's controls -------------------------------------------------------------------------
    def _build_controls(self, seat: int) -> None:
        """The controls for ``seat``, the human to decide in the current state."""
        state = self.driver.state
        self.controls_state = state
        self.popup = None
        self.controls = [self._main_control(state, seat)]
        if any(isinstance(a, TakeTwo) for a in state.legal_actions()):
            rect = panel_parts(self.lay.panels[seat], self.lay.unit).two_res
            self.controls.append(
                TakeTwoButton(rect, self.lay, state, self.act, self.open_popup, self.close_popup)
            )
        dialog = getattr(self.controls[0], "parts", None)
        self.tips.consider(self.lay, state, seat, dialog.rect if dialog is not None else None)

    def _main_control(self, state: GameState, seat: int) -> Control:
        pending = state.pending
        kind = pending[0] if pending is not None else None
        if pending is not None and kind == TOOLS:
            last_roll = self.motion.last_roll
            faces = last_roll[1] if last_roll is not None and last_roll[0] == pending[1] else None
            return ToolsDialog(self.lay, state, self.act, faces)
        if kind in (PAY_CARD, PAY_BUILDING):
            return PayDialog(self.lay, state, seat, self.act, self._suggest(state, seat))
        if kind == FEED_SHORT:
            return FeedDialog(self.lay, state, seat, self.act, self._suggest(state, seat))
        if kind == ITEMS_PICK:
            return ItemsDialog(self.lay, state, [s.name for s in self.seats], self.act)
        if state.phase == "place":
            return PlacementControl(
                self.lay,
                state,
                seat,
                self.seats[seat].colour,
                self.act,
                self.open_popup,
                self._snap_back,
            )
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
        self.on_figures("snap_back", count)
        picture = assets.image(
            theme.worker_image(self.seats[seat].colour), self.lay.figure * 3 // 2
        )
        for i in range(count):
            self.timeline.add_floater(Flyer(picture, start, end, SNAP_BACK, delay=0.04 * i))

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
        if seat is None or self.timeline.busy or self.announcing is not None:
            return False
        try:
            step = self.driver.apply(action, seat=seat)
        except ActionError as error:
            self.error = engine_reason(error)
            self.on_refused(action, self.error)
            return False
        self.error = ""
        if isinstance(action, Place):
            self.on_figures("drop", action.count)
        self._play(step, by_human=True)
        return True

    # --- what the table announces ------------------------------------------------------------
    # One method per event, called at the moment it happens on screen. Each records the event in
    # ``table_events`` and sounds its cue; the table's sounds are played from these methods (and
    # nowhere else). A button's click is sounded by the app for every button of the program.
    def _announce(self, kind: str, detail: object) -> None:
        self.table_events.append((kind, detail))

    def listeners(self) -> list[int]:
        """The seats played at this screen, for whom "your turn" and "won" or "lost" sound
        (none in a replay or autoplay: a spectator hears every game end as won)."""
        return [] if self.watch_only else self.driver.humans()

    def on_transition(self, step: Step, by_human: bool) -> None:
        """A rules step (a human's, a bot's or chance's) is shown on the table: its result is
        on screen now (at the end of its animation). Dice, gathering, food, tools, cards,
        buildings, births, feeding and hunger are read from it
        (``stoneage.ui.sound_cues.transition_cues``); the new round, the turn and the end of the
        game sound from their own methods."""
        self._announce("transition", (step.action, by_human))
        cues = transition_cues(step.before, step.action, step.after, self.listeners())
        self.app.sound.play_cues(c for c in cues if c.name not in OWN_CUES)
        if step.after.round != step.before.round and not step.after.is_terminal():
            self.on_new_round(step.after.round)

    def on_new_round(self, round_number: int) -> None:
        """A new round starts on screen."""
        self._announce("new_round", round_number)
        self.app.sound.play(NEW_ROUND)

    def on_your_turn(self, seat: int) -> None:
        """A human at this screen must decide, after others did (or is called to the screen)."""
        self._announce("your_turn", seat)
        self.app.sound.play(YOUR_TURN)

    def on_game_end(self) -> None:
        """The game has just ended on screen (the final position, before the scoring screen):
        won when a player at this screen is among the winners (always, for a spectator)."""
        winners = self.driver.state.winners()
        self._announce("game_end", winners)
        listeners = self.listeners()
        self.app.sound.play(WON if not listeners or set(winners) & set(listeners) else LOST)

    def on_figures(self, what: str, count: int) -> None:
        """The human's figures: ``what`` is "pick_up" (a drag starts), "drop" (placed on a
        space) or "snap_back" (a drop refused or off the board, or a drag cancelled)."""
        self._announce(what, count)
        if what in FIGURE_CUES:
            self.app.sound.play(what, count)

    def on_refused(self, action: Action, reason: str) -> None:
        """The rules refused a human's choice (a drop on a space that does not take it)."""
        self._announce("refused", reason)
        self.app.sound.play(REFUSED)

    def on_click(self, button: Button) -> None:
        """A button on the table was clicked (the table's own and the dialogs'); its sound is
        the app's, as for every button."""
        self._announce("click", button.name)

    # --- events --------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == self.app.wake_event:
            return False  # a bot is ready: update applies its move and reports what changed
        if hasattr(event, "pos"):
            self.mouse = event.pos
        clicked = self._button_released_on(event)
        if clicked is not None:
            self.on_click(clicked)
        closed = self.tips.handle(event)  # the click still goes on to the table
        if closed is not None:
            self._damage.append(closed)
        if self.autoplay is not None:
            return self._handle_watching(event)
        if self.announcing is not None and self._handle_announcement(event):
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key != pygame.K_ESCAPE
            and self._handle_key(event)
        ):
            return True  # keys reach the table also while a chooser is open (Esc closes it)
        popup = self.popup
        if popup is not None:
            used = popup.handle(event)
            if getattr(popup, "closed", False) and self.popup is popup:
                self.popup = None
            if used or popup.modal:
                return True
        for button in (self.menu_button, self.undo_button, self.hint_button, self.log_button):
            if button.handle(event):
                return True
        if event.type == pygame.KEYDOWN and self._handle_key(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.error:
            self.error = ""
        used = False
        if not self.timeline.busy:
            placing = self._placing()
            carrying = placing is not None and placing.dragging
            for control in list(self.controls):
                if control.handle(event):
                    used = True
                    break
            if placing is not None and placing.dragging and not carrying:
                self.on_figures("pick_up", placing.carry)
        return used or (event.type == pygame.MOUSEMOTION and self._tooltip() != "")

    def _placing(self) -> PlacementControl | None:
        """The human's figures being placed, if that is the decision now."""
        return next((c for c in self.controls if isinstance(c, PlacementControl)), None)

    def _button_released_on(self, event: pygame.event.Event) -> Button | None:
        """The enabled button a left-button release lands on (a click), if any."""
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return None
        if self.popup is None and self.timeline.busy:
            return None  # the controls are hidden while the table moves
        return next(
            (b for b in self._all_buttons() if b.enabled and b.rect.collidepoint(event.pos)), None
        )

    def _handle_watching(self, event: pygame.event.Event) -> bool:
        """Autoplay: nobody plays, so only leaving, the log and tooltips answer. In the attract
        mode any key or click goes back to the title."""
        attract = self.autoplay is not None and self.autoplay.attract
        if attract and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.leave_autoplay()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave_autoplay()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.open_log()
            return True
        for button in (self.menu_button, self.log_button):
            if button.handle(event):
                return True
        return event.type == pygame.MOUSEMOTION and self._tooltip() != ""

    def _handle_key(self, event: pygame.event.Event) -> bool:
        """The keyboard: Esc menu, Ctrl+Z undo, Enter confirms, 1-9 counts, H hint, L log."""
        key, mods = event.key, event.mod
        if key == pygame.K_ESCAPE:
            if self.popup is not None:
                self.popup = None
            elif not any(getattr(c, "cancel_drag", lambda: False)() for c in self.controls):
                self.open_menu()
            return True
        if key == pygame.K_z and mods & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.undo()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._confirm()
        if key == pygame.K_h and not mods & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.ask_hint()
            return True
        if key == pygame.K_l and not mods & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.open_log()
            return True
        count = _digit(key)
        if count is not None and not self.timeline.busy:
            return self._choose_count(count)
        return False

    def _confirm(self) -> bool:
        """Enter: the default button of the open chooser or dialog."""
        if self.timeline.busy:
            return False
        for control in ([self.popup] if self.popup else []) + self.controls:
            button = control.default_button()
            if button is not None and button.enabled and button.on_click:
                button.on_click()
                return True
        return False

    def _choose_count(self, count: int) -> bool:
        """1-9: place that many on the space of the open chooser, or carry that many."""
        if isinstance(self.popup, CountChooser):
            if count in self.popup.counts:
                self.popup.choose(count)
            return True
        placing = next((c for c in self.controls if isinstance(c, PlacementControl)), None)
        if placing is not None:
            placing.set_carry(count)
            return True
        return False

    def _handle_announcement(self, event: pygame.event.Event) -> bool:
        """Hotseat: Enter, Space or a click starts the announced human's turn."""
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            self.start_turn()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.menu_button.rect.collidepoint(event.pos):
                return False
            self.start_turn()
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and not self.menu_button.rect.collidepoint(
            event.pos
        )

    # --- drawing ---------------------------------------------------------------------------------------
    def _refresh_pictures(self) -> None:
        """Bring the cached table and status bar up to date (here, not in draw), noting the
        areas that changed."""
        shown = self.shown
        self._sync_buttons()
        active = _active_seat(shown)
        self._watch_items(shown)
        table_for = (
            id(shown),
            shown.ply,
            len(self.log),
            self.log[-1] if self.log else "",
            id(self.table),
        )
        if table_for != self._table_for:
            budget = FRAME_BUDGET if self.timeline.moving else None
            damage, complete = self.table.refresh(shown, active, tuple(self.log), budget)
            self._damage += damage
            self._table_for = table_for if complete else None
        hint, is_error = self._hint()
        banner_now = self._banner(shown)
        self._damage += self.status.refresh(shown, self.seats, banner_now, hint, is_error)

    def _watch_items(self, shown: GameState) -> None:
        """While bots pick from the dice for items, show the dice to everyone."""
        picking = shown.pending is not None and shown.pending[0] == ITEMS_PICK and not self.controls
        key = (id(shown), shown.ply) if picking else None
        if key != self._watching_key:
            self._watching_key = key
            self.watching = (
                ItemsDialog(self.lay, shown, [s.name for s in self.seats], None)
                if picking
                else None
            )
            self._damage.append(self.lay.board)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.table.surface, (0, 0))
        if self.watching is not None:
            self.watching.draw(surface)
        surface.blit(self.status.surface, self.lay.status.rect)
        self.menu_button.draw(surface)
        if not self.watch_only:
            for button in (self.undo_button, self.hint_button):
                button.draw(surface)
        self.log_button.draw(surface)
        if not self.timeline.busy:
            for control in reversed(self.controls):
                control.draw(surface)
            self._draw_hinted_space(surface)
        self.timeline.draw(surface)
        if self.popup is not None:
            self.popup.draw(surface)
        if self.announcing is not None and not self.timeline.busy:
            self._draw_announcement(surface, self.announcing)
        self.tips.draw(surface)
        tip = self._tooltip()
        if tip:
            self._draw_tooltip(surface, tip)

    def _draw_tooltip(self, surface: pygame.Surface, tip: str) -> None:
        """The tooltip beside the pointer, never over the figures on the space under it."""
        size = self.lay.fonts.small
        space = space_at(self.lay, self.mouse)
        keep_clear = figure_area(self.lay, space) if space is not None else None
        # The box ``draw_tooltip`` makes for this message (the same measures).
        width = min(surface.get_width() // 3, assets.font(size).size(tip)[0] + size)
        lines = wrap_lines(tip, size, width - size)
        height = assets.font(size).get_linesize() * len(lines) + size // 2
        box = tooltip_place((width, height), self.mouse, keep_clear, surface.get_rect(), size)
        draw_tooltip(surface, tip, (box.left - size, box.top - size), size)

    def _banner(self, shown: GameState) -> tuple[str, int | None]:
        if self.driver.replaying():
            if self.driver.replay_finished() and not self.driver.is_over():
                return _("End of the replay"), None
            watchers = [Seat(s.name, s.colour, "bot", s.level) for s in self.seats]
            text, seat = banner(shown, watchers, False)
            return _("Replay: {what}").format(what=text), seat
        if self.announcing is not None:
            who = self.seats[self.announcing]
            return _("{name}: your turn").format(name=who.name), self.announcing
        return banner(shown, self.seats, self.driver.thinking())

    def _draw_hinted_space(self, surface: pygame.Surface) -> None:
        hint = self.current_hint()
        if hint is None or not isinstance(hint.best, (Place, Resolve)):
            return
        rect = self.lay.spaces.get(hint.best.space)
        if rect is not None:
            width = max(3, self.lay.margin // 2)
            pygame.draw.rect(
                surface, theme.MOSS, rect.inflate(width * 4, width * 4), width, border_radius=14
            )

    def _draw_announcement(self, surface: pygame.Surface, seat: int) -> None:
        """Hotseat: the board is veiled and the next human is called to the screen."""
        lay, f, who = self.lay, self.lay.fonts, self.seats[seat]
        shade(surface, lay.board, 235, radius=12)
        for i in range(len(self.seats)):
            if i != seat:
                shade(surface, lay.panels[i], 150, radius=8)
        box = lay.announce
        colour = theme.PLAYER_COLOURS[who.colour]
        draw_panel(surface, box, theme.PARCHMENT_LIGHT, colour, max(4, lay.margin // 2), 18)
        figure_size = min(box.height // 3, box.width // 5)
        picture = assets.image(theme.worker_image(who.colour), figure_size)
        surface.blit(picture, picture.get_rect(midtop=(box.centerx, box.top + lay.margin * 2)))
        title = pygame.Rect(
            box.left + lay.margin * 2,
            box.top + lay.margin * 3 + figure_size,
            box.width - lay.margin * 4,
            f.huge,
        )
        draw_text_fit(
            surface,
            _("{name}: your turn").format(name=who.name),
            title,
            f.huge,
            theme.CHARCOAL,
            True,
        )
        body = pygame.Rect(
            title.left,
            title.bottom + lay.margin,
            title.width,
            box.bottom - title.bottom - lay.margin * 2,
        )
        words = _(
            "Pass the screen to {name} ({colour}). Click or press Enter to start your turn."
        ).format(name=who.name, colour=_(COLOUR_TITLES[who.colour]))
        draw_wrapped(surface, words, body, f.title, theme.UMBER_DARK, centred=True)

    def _hint(self) -> tuple[str, bool]:
        if self.error:
            return self.error, True
        if self.announcing is not None:
            return _("The next player takes the screen."), False
        hint = self.current_hint()
        if hint is not None:
            return hint.text(), False
        if self.hint_asked is not None and self.hints.thinking(self.driver.state):
            return _("The Hard bot is thinking about a hint…"), False
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
        """Words for the button, space, card, building or player board under the mouse; while
        placing, a gathering space also shows what the carried figures can yield."""
        tip = tooltip_under(self._all_buttons(), self.mouse)
        if tip:
            return tip
        if self.announcing is not None:
            return ""
        placing = (
            self.controls[0]
            if self.controls and isinstance(self.controls[0], PlacementControl)
            else None
        )
        preview = self._preview(placing)
        if self.popup is not None or (placing is not None and placing.dragging):
            return preview
        if self.controls and not isinstance(self.controls[0], (PlacementControl, ResolveControl)):
            return ""
        words = tooltip_at(self.lay, self.shown, self.seats, self.mouse)
        return f"{preview}\n\n{words}" if preview and words else preview or words

    def _preview(self, placing: PlacementControl | None) -> str:
        if placing is None or not self.hints_enabled():
            return ""
        space = space_at(self.lay, self.mouse)
        if space not in GATHER_SPACES:
            return ""
        return preview_text(placing.state, placing.seat, space, placing.count_for(space))

    def _all_buttons(self) -> list[Button]:
        """Every button on screen now (for tooltips)."""
        found = [self.menu_button, self.log_button]
        if not self.watch_only:
            found += [self.undo_button, self.hint_button]
        for control in ([self.popup] if self.popup else []) + self.controls:
            found += control.all_buttons()
        return found


def _digit(key: int) -> int | None:
    """1-9 from the number row or the keypad."""
    if pygame.K_1 <= key <= pygame.K_9:
        return key - pygame.K_0
    if pygame.K_KP1 <= key <= pygame.K_KP9:
        return key - pygame.K_KP1 + 1
    return None


def _active_seat(state: GameState) -> int | None:
    """The seat whose turn it is on screen (also while its dice roll)."""
    seat = state.current_player()
    if seat >= 0:
        return seat
    if state.pending is not None and state.pending[0] in (ROLL, ITEMS_ROLL):
        return state.turn
    return None


def _then(first: Callable[[], None] | None, second: Callable[[], None]) -> Callable[[], None]:
    """Call ``first`` (if any), then ``second``."""

    def both() -> None:
        if first:
            first()
        second()

    return both
