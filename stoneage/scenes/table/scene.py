"""The table: one scene for every game on screen, composed of parts that each own one job.

What differs between a game of the player's own, hotseat, the guided first game, a replay, bots
playing alone and a seat at a table hosted elsewhere is a value given to this one scene, not a
subclass and not a branch in it:

- ``TableMode`` (``session/mode.py``): what kind of table (who acts at this screen, whether the
  game is kept, whether Undo, the Hint and tips are offered);
- the game being played, a ``TableMatch`` (``stoneage.play.seam``): who decides. The table asks
  it the same questions whatever decides (the state, who acts, the next automatic step, what
  becomes of a human's choice, undo); a game on this computer is a ``LocalMatch``, the guided
  first game and a seat over the network are the other two answers to the same questions;
- a ``TableLayer`` over the table (``layer.py``): what that kind of game adds on screen and to
  the input (the guided game's bubble, the words of a table over the network), or nothing
  (``PlainLayer``).

The scene wires its parts:

- ``Turns``: whose hidden cards show, and the hotseat announcement of each human's turn;
- ``Hands``: the human's controls for exactly what ``legal_actions()`` offers;
- ``TableInput``: the keyboard and the mouse, routed to the parts;
- ``Painter``: the table, the status bar, the tooltips and the hotseat veil on screen;
- ``TableAnnouncer``: what happened, as events and sounds;
- ``Keeper``: the autosave and the game's record (a game that keeps records only);
- ``TableLog``, ``Hinting``, ``Toolbar`` and the first-game tips.

A control's choice goes to ``act``, which hands it to the game (``TableMatch.choose``) and shows
what became of it: the step played, or the reason it was refused. The scene never decides a
rule.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from stoneage import i18n
from stoneage.ai import make_bot
from stoneage.play.match import Match, Step
from stoneage.play.practice import Practice
from stoneage.play.savefile import save_payload
from stoneage.play.seam import LocalMatch, TableMatch
from stoneage.play.seats import Seat, follow_language
from stoneage.play.story import tell
from stoneage.records.recorder import PlayClock
from stoneage.rules import Action, GameState, Place
from stoneage.scenes.kit.base import Scene, SceneHost
from stoneage.scenes.table.controls.hands import Asking, Hands
from stoneage.scenes.table.controls.placing import unpaid_warning
from stoneage.scenes.table.controls.roll_shown import RollShown, SeenRoll, roll_to_show
from stoneage.scenes.table.controls.toolbar import Toolbar
from stoneage.scenes.table.drawing.motion import Motion
from stoneage.scenes.table.drawing.picture import TableRenderer
from stoneage.scenes.table.drawing.status import StatusBar
from stoneage.scenes.table.drawing.tips import TipToast
from stoneage.scenes.table.layer import PlainLayer, TableLayer
from stoneage.scenes.table.painter import Painter
from stoneage.scenes.table.session.autoplay import Autoplay
from stoneage.scenes.table.session.hinting import Hinting
from stoneage.scenes.table.session.keeper import Keeper
from stoneage.scenes.table.session.mode import TableMode
from stoneage.scenes.table.session.turns import Turns
from stoneage.scenes.table.table_input import TableInput
from stoneage.scenes.table.telling.announcer import TableAnnouncer
from stoneage.scenes.table.telling.table_log import LOG_LINES, TableLog
from stoneage.ui import assets, theme
from stoneage.ui.anim import Flyer, Timeline
from stoneage.ui.layout import table_layout

INSTANT_BATCH = 200  # automatic actions applied per update at instant speed
SNAP_BACK = 0.25  # seconds for refused figures to fly home (at any animation speed)
END_PAUSE = 1.2  # seconds the final position stays before the scoring screen (normal speed)

#: Makes the layer of a table, once the table's parts are made.
LayerMaker = Callable[["TableScene"], TableLayer]


class TableScene(Scene):
    """The table during a game (see the module's docstring)."""

    def __init__(
        self,
        app: SceneHost,
        seats: list[Seat],
        seed: int,
        state: GameState | None = None,
        threaded: bool = True,
        mode: TableMode | None = None,
        clock: PlayClock | None = None,
        match: TableMatch | None = None,
        layer: LayerMaker | None = None,
        practice: Practice | None = None,
    ) -> None:
        """A table for ``seats``: a new game of ``seed``, or ``state`` continued (a replay
        plays ``state``'s actions back from the start). ``mode`` says what kind of table
        (a game of the player's own by default); ``clock`` is the time a continued game was
        played before. ``match`` is the game when someone else than this computer's match
        driver decides it (by default a ``LocalMatch`` of ``seats``, ``seed`` and ``state``);
        ``layer`` makes what that kind of game puts over the table (nothing by default);
        ``practice`` marks a practice game (``state``: the decision it starts at), which its
        keeper keeps apart."""
        super().__init__(app)
        self.seats = seats
        self.mode = mode or TableMode.game()
        replay = self.mode.name == "replay"
        if match is None:
            script = (state.actions_taken() if state is not None else []) if replay else None
            worker = getattr(app, "bot_worker", None) if threaded else None  # a test's host: none
            driver = Match(
                seats, seed, state, threaded, notify=app.wake, script=script, worker=worker
            )
            match = LocalMatch(driver)
        self.match: TableMatch = match
        self.turns = Turns(self.match, self.mode.people_play)
        self.hands = Hands()
        self.hinting = Hinting(
            seed, app.wake, threaded, getattr(app, "bot_worker", None) if threaded else None
        )
        self.announcer = TableAnnouncer(app.sound, self.turns.listeners)
        self.log = TableLog()
        self.keeper = (
            Keeper(app.records, seats, seed, clock or PlayClock(), self.match.is_over(), practice)
            if self.mode.keeps_records
            else None
        )
        self.tips = TipToast(app.settings, app.save_settings)  # first-game tips
        self.timeline: Timeline[GameState] = Timeline()
        self.suggester = make_bot("normal", seed)
        self.mouse = (0, 0)
        self.finish_timer: float | None = None
        # A roll of a human's at this screen that asked nothing, held until the player goes on.
        self.held_roll: SeenRoll | None = None
        self._damage: list[pygame.Rect] = []
        self._language = ""
        self._laid_out = False  # the first layout warms the picture caches
        self.painter = Painter(self)
        self.input = TableInput(self)
        self.layer: TableLayer = layer(self) if layer is not None else PlainLayer(self.painter)
        self.resize(app.size)
        self.log.recent(self.match.steps, self.seats)  # a continued game shows its recent past
        self.layer.begin()
        if not replay and state is None:
            self.autosave()

    # --- what kind of table ---------------------------------------------------------------------
    @property
    def keeps_records(self) -> bool:
        """True for a game of the player's own: False for a replay and for bots alone, which
        must never write the autosave, the history or achievements."""
        return self.keeper is not None

    def offers(self, what: str) -> bool:
        """Whether ``what`` ("undo", "hints" or "tips") is offered now: by the mode, the
        player's settings, and not while someone else leads every move (``guided``)."""
        guided = self.match.guided()
        if what == "undo":
            return self.mode.undo and not guided
        if what == "hints":  # not over a held roll: its ring was drawn over the box
            held = self.held_roll is not None
            return self.mode.hints and self.app.settings.hints and not guided and not held
        return self.mode.tips and not guided

    @property
    def shown(self) -> GameState:
        """The state on screen: the one of the beat playing, else the current state."""
        beat = self.timeline.current()
        return beat.shown if beat is not None else self.turns.display(self.match.state)

    # --- lifecycle ------------------------------------------------------------------------------
    def exit(self) -> None:
        self.autosave()
        if self.keeper is not None:
            self.keeper.close()
        self.hinting.close()
        self.match.close()
        self.timeline.clear()

    def pause(self) -> None:
        self.autosave()
        if self.keeper is not None:
            self.keeper.flush()
        # The pointer now belongs to the scene above: no tooltip or hover of the table's may
        # stay drawn under it (the Menu button's tooltip stayed over Settings).
        self.input.pointer_left()

    def resume(self) -> None:
        if self._language != i18n.current_language():  # every cached word must be redrawn
            self.resize(self.app.size)
        self.motion.speed = self.mode.speed(self.app.settings)

    def resize(self, size: tuple[int, int]) -> None:
        follow_language(self.seats)  # "You" in the language of now (also a game saved in another)
        switched = self._language not in ("", i18n.current_language())
        if switched:
            self.log.retell(self.seats)
            self.hands.error = self.hands.warning = ""  # a refusal in the words of before
        had_controls = bool(self.hands.controls)
        self._language = i18n.current_language()
        self.lay = table_layout(size, len(self.seats))
        speed = self.mode.speed(self.app.settings)
        self.motion = Motion(self.lay, self.seats, speed, self.turns.display)
        self.toolbar = Toolbar(
            self.lay, self.mode.watch_only, self.open_menu, self.undo, self.ask_hint, self.open_log
        )
        if self.mode.autoplay is not None:
            self.toolbar.leave_instead(self.leave_autoplay)
        self.hands.state = None  # the controls are made again for the new layout
        # Warm the picture caches for the first layout; after a resize they fill as needed.
        self.table = TableRenderer(self.lay, self.seats, warm=not self._laid_out)
        self._laid_out = True
        self.status = StatusBar(self.lay)
        self.timeline.clear()
        self.tips.lay_out(self.lay)
        self.painter.reset()
        self.layer.lay_out()
        if had_controls:  # made again now: their words (the status line) in the new language
            self._remake_controls()
        # The pictures are made now, not at the next update: a table under a menu gets no
        # updates, and after a language switch it showed a blank board behind Settings.
        self._damage += self.painter.refresh()

    def autosave(self) -> None:
        """Keep the game in progress for Continue (or what the layer keeps instead: the
        guided game's progress); nothing at a table that keeps no records."""
        if self.keeper is None:
            return
        if self.layer.keep(self.keeper):
            return
        self.keeper.autosave(self.seats, self.match)

    def save_payload(self) -> dict[str, object]:
        """The game as a save file's content (for a named save)."""
        if self.keeper is not None:
            return self.keeper.payload(self.seats, self.match)
        return save_payload(self.seats, self.match.seed, self.match.state)

    # --- navigation -------------------------------------------------------------------------------
    def open_log(self) -> None:
        """The whole game log over the table."""
        self.app.push(self.app.make_scene("log", game=self))

    def open_menu(self) -> None:
        """The pause menu over the table (with the options the game asks for; a practice
        game's menu leaves back to the review)."""
        options = dict(self.match.menu_options())
        if self.keeper is not None and self.keeper.practice is not None:
            options["practice"] = True
        self.app.push(self.app.make_scene("pause", **options))

    def leave_autoplay(self) -> None:
        """Stop watching: the attract mode goes back to the title, the command line's autoplay
        ends the program."""
        if self.mode.attract:
            self.app.reset(self.app.make_scene("title"))
        else:
            self.app.quit()

    # --- the loop -------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance the animations and the game. True asks for a whole new frame (the human's
        controls appeared); parts of the table that changed are reported by ``take_damage``
        and moving sprites by ``moving_rects``, and the app repaints only those."""
        self.timeline.update(dt)
        faded = self.tips.update()
        if faded is not None:
            self._damage.append(faded)
        full = self._hear()
        if not self.timeline.busy:
            full = self._advance(dt) or full
        self._damage += self.painter.refresh()
        if self.layer.update():
            full = True
        return full

    def _hear(self) -> bool:
        """Take in what the game heard from elsewhere (a host's views and refusals). True
        when the words over the table changed or the game jumped (a whole new frame)."""
        news = self.match.hear(time.monotonic())
        if news.refused is not None:
            # A choice sent and refused: the controls come back, with the reason in words.
            action, reason = news.refused
            self.announcer.refused(action, reason)
            self.hands.clear()
            self.hands.error = reason
        if news.jumped:
            self.show_afresh()
        return news.jumped or news.changed

    def show_afresh(self) -> None:
        """The game went to another position at once (arriving at a table, going back a step):
        nothing of the way there is animated, the log is told afresh from the game's recent
        past (quietly: no beat, no sound), the controls are made again."""
        self.timeline.clear()
        self.hands.clear()
        self.held_roll = None
        self.finish_timer = None
        self.log.told(self.match.recent_stories(LOG_LINES), self.seats)

    def moving_rects(self) -> list[pygame.Rect]:
        return self.timeline.bounds(self.lay.size)

    def take_damage(self) -> list[pygame.Rect]:
        damage, self._damage = self._damage, []
        return damage

    def note_damage(self, area: pygame.Rect) -> None:
        """``area`` changed outside the kept pictures (a tip closed): repaint it."""
        self._damage.append(area)

    def is_animating(self) -> bool:
        if self.layer.waiting() or self.held_roll is not None:
            return self.timeline.moving  # waiting for the player: no need for full frames
        if self.timeline.moving or self.match.is_over():
            return True
        if self.match.replay_finished():
            return False
        return self.match.human_to_act() is None and not self.match.thinking()

    def _advance(self, dt: float) -> bool:
        """Apply the next automatic actions, or get the human's controls ready."""
        match = self.match
        if self.held_roll is not None:  # nothing moves on until the player has seen it
            if not isinstance(self.hands.main(), RollShown):
                self._show_held_roll()
                return True
            return False
        if match.is_over():
            return self._count_down_to_scoring(dt)
        if match.replay_finished():
            return False
        batch = INSTANT_BATCH if self.motion.speed <= 0 else 1
        for _i in range(batch):
            action = match.automatic_action()
            if action is None:
                break
            step = match.apply(action)
            self.play(step, by_human=match.mine(step))
            if self.timeline.busy or match.is_over() or self.held_roll is not None:
                return False
        else:
            return False
        seat = match.human_to_act()
        if seat is None or self.hands.state is match.state:
            return False
        if self.turns.needs_call(seat):
            if self.turns.call(seat):
                self.announcer.your_turn(seat)
                return True
            return False
        if self.turns.came_back(seat):
            self.announcer.your_turn(seat)
        self._build_controls(seat)
        return True

    def start_turn(self) -> None:
        """Hotseat: the announced human is at the screen; show the table and the controls."""
        seat = self.turns.answer()
        self.hands.warning = ""  # a word for the player before, who left the screen
        if seat is not None and self.match.human_to_act() == seat:
            self._build_controls(seat)

    def _count_down_to_scoring(self, dt: float) -> bool:
        if self.finish_timer is None:
            self.finish_timer = END_PAUSE * self.motion.speed
            self.announcer.game_end(self.match.state.winners())
            self.match.ended()
            if self.keeper is not None:  # the history, the replay and the achievements, once
                self.keeper.finish(self.match, self.app.toasts)
        self.finish_timer -= dt
        if self.finish_timer <= 0:
            self.autosave()  # the game is over: the autosave is deleted
            if self.keeper is not None:
                self.keeper.flush()
            options: dict[str, object] = {}
            if self.mode.autoplay is not None:
                options["autoplay"] = self.mode.autoplay
            final = self.match.final_scoring()
            if final is not None:
                options["final"] = final  # the host's scoring: every card turned up
            if self.keeper is not None and self.keeper.replay() is not None:
                options["replay"] = self.keeper.replay()  # the scoring screen's Review reads it
            if self.keeper is not None and self.keeper.practice is not None:
                options["practice"] = self.keeper.practice  # compared with the original
            scoring = self.app.make_scene(
                "scoring", seats=self.seats, state=self.match.state, seed=self.match.seed, **options
            )
            self.app.replace(scoring)
        return False

    def play(self, step: Step, by_human: bool) -> None:
        """Show an applied step, and log and announce it once its result is on screen."""
        beats = self.motion.beats_for(step, by_human, self.timeline.add_floater)
        told = self.match.story_of(step)
        story = told if told is not None else tell(step)
        result = next((b for b in beats if b.shown is self.turns.display(step.after)), None)

        def on_screen() -> None:  # the step's result is shown now: log it, announce it
            self.log.add(story, self.seats)
            self.announcer.transition(step, story, by_human)

        if result is not None:
            result.on_start = _then(result.on_start, on_screen)
        else:
            on_screen()
        for beat in beats:
            self.timeline.add(beat)
        held = roll_to_show(step, self._rolls_held_for())
        if held is not None:
            self.held_roll = held
        self.autosave()
        self.hands.clear()

    # --- a roll held on screen ------------------------------------------------------------------------
    def _rolls_held_for(self) -> list[int]:
        """The seats whose rolls wait until seen: the humans at this screen, in a game they
        play (not a replay or bots alone; not while the lesson leads, whose bubble shows each
        roll and waits for Next; none when the player has turned holding off in the settings)."""
        if not self.app.settings.hold_rolls:
            return []
        if self.mode.watch_only or self.match.replaying() or self.match.guided():
            return []
        return self.match.humans()

    def _show_held_roll(self) -> None:
        """The held roll's box over the board, with Continue."""
        held = self.held_roll
        if held is None:
            return
        people = self.match.humans()
        name = None if people == [held.seat] else self.seats[held.seat].name
        self.hands.hold(RollShown(self.lay, held, name, self.release_roll))

    def release_roll(self) -> None:
        """The player has seen the held roll: the game goes on."""
        if self.held_roll is None:
            return
        self.held_roll = None
        self.hands.clear()
        self.app.wake()

    # --- the human's decisions ---------------------------------------------------------------------
    def _build_controls(self, seat: int) -> None:
        """The controls for ``seat``, the human to decide in the current state."""
        state = self.match.state
        self.hands.build(
            Asking(
                self.lay,
                state,
                seat,
                [s.name for s in self.seats],
                self.seats[seat].colour,
                self.act,
                self._snap_back,
                lambda: self._suggest(state, seat),
                self.motion.last_roll,
            )
        )
        placing = self.hands.placing()
        if placing is not None and self.match.guided():
            # The − / + stepper only where the guide asks for a placement: on a step to read
            # it offered a choice nobody can make. The status line speaks of the space the
            # guide asks for only (the others are dimmed: a click there gets a friendly word).
            wanted = self.match.suggestion(state)
            placing.carry_shown = isinstance(wanted, Place)
            placing.focus = frozenset([wanted.space] if isinstance(wanted, Place) else [])
        if self.offers("tips"):
            self.tips.consider(self.lay, state, seat, self.hands.dialog_area())

    def _remake_controls(self) -> None:
        """The controls of the human deciding now made again for this layout and language, at
        once: a table under a menu gets no updates, and the status line behind Settings kept
        the old language until Resume."""
        seat = self.match.human_to_act()
        self.hands.clear()
        if self.held_roll is not None:
            if not self.timeline.busy:
                self._show_held_roll()
        elif seat is not None and self.turns.announcing is None and not self.timeline.busy:
            self._build_controls(seat)

    def _suggest(self, state: GameState, seat: int) -> Action | None:
        """A payment dialog's first choice: the guide's, else the Normal bot's."""
        if self.match.guided():
            return self.match.suggestion(state)
        try:
            return self.suggester.choose(state.view(seat))
        except Exception:  # a suggestion is a courtesy; the dialog works without one
            return None

    def _snap_back(self, start: tuple[int, int], end: tuple[int, int], count: int) -> None:
        """Carried figures fly back to the board after a refused drop."""
        seat = self.match.human_to_act()
        if seat is None:
            return
        self.announcer.figures("snap_back", count)
        picture = assets.image(
            theme.worker_image(self.seats[seat].colour), self.lay.figure * 3 // 2
        )
        for i in range(count):
            self.timeline.add_floater(Flyer(picture, start, end, SNAP_BACK, delay=0.04 * i))

    def act(self, action: Action) -> bool:
        """Hand a human's choice to the game; show the step it played, or the reason it was
        refused (the rules engine's own, or the game's)."""
        seat = self.match.human_to_act()
        if seat is None or self.timeline.busy or self.turns.announcing is not None:
            return False
        before = self.match.state
        answer = self.match.choose(action, seat)
        self.hands.error = answer.reason
        self.hands.warning = ""
        if not answer.taken:
            if answer.reason and not answer.quiet:
                self.announcer.refused(action, answer.reason)
            return False
        if isinstance(action, Place) and not answer.quiet:
            self.announcer.figures("drop", action.count)
        if isinstance(action, Place):
            self.hands.warning = unpaid_warning(before, seat, action.space)
        if answer.step is not None:
            self.play(answer.step, by_human=True)
        else:  # shown when it comes back (from the host)
            self.hands.clear()
        return True

    def offered(self) -> set[Action]:
        """Every action the controls on screen can emit (tests compare it to legal_actions)."""
        return self.hands.offered()

    # --- undo and hints ------------------------------------------------------------------------------
    def undo_target(self) -> Step | None:
        """The step Undo would take back now, or None: the last decision of the human who
        decided last, when no dice were rolled and nothing hidden was turned up since, and
        that human is the one deciding now (or the bots are)."""
        found = self.match.undoable() if self.offers("undo") else None
        if found is None or self.turns.announcing is not None:
            return None
        if self.keeper is not None and not self.keeper.may_undo(found[0]):
            return None  # before a practice game's start
        step = found[1]
        now = self.match.human_to_act()
        return step if now is None or now == step.actor else None

    def undo(self) -> bool:
        """Take back the human's last decision (and the bots' moves after it)."""
        if self.undo_target() is None:
            return False
        self.timeline.clear()
        self.held_roll = None
        self.match.undo()
        self.log.recent(self.match.steps, self.seats)
        self.hands.clear()
        self.hands.error = self.hands.warning = ""
        self.finish_timer = None
        self.autosave()
        return True

    def ask_hint(self) -> None:
        """Ask the Hard bot for the best move of the human deciding now."""
        if self.offers("hints") and self.turns.announcing is None:
            self.hinting.ask(self.match)

    # --- events and drawing --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        return self.input.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.layer.draw(surface)


def _then(first: Callable[[], None] | None, second: Callable[[], None]) -> Callable[[], None]:
    """Call ``first`` (if any), then ``second``."""

    def both() -> None:
        if first:
            first()
        second()

    return both


def game_table(
    app: SceneHost,
    seats: list[Seat],
    seed: int,
    state: GameState | None = None,
    threaded: bool = True,
    replay: bool = False,
    autoplay: Autoplay | None = None,
    clock: PlayClock | None = None,
    practice: Practice | None = None,
) -> TableScene:
    """The scene registered as "game": a game of the player's own, or with ``replay`` the
    game ``state`` played back, or with ``autoplay`` bots playing alone (every seat a bot) to
    be watched; ``practice`` makes the game from ``state`` on a practice game. Scenes ask for
    it by name and say which with these options, so none of them needs to know the table's
    modes."""
    if replay:
        mode = TableMode.replay()
    elif autoplay is not None:
        mode = TableMode.watching(autoplay)
    else:
        mode = TableMode.game()
    return TableScene(app, seats, seed, state, threaded, mode=mode, clock=clock, practice=practice)
