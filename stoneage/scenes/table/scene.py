"""The table: one scene for every game on screen, composed of parts that each own one job.

What differs between a game of the player's own, hotseat, the guided first game, a replay and
bots playing alone is a value (``TableMode``, and the number of human seats), not a subclass.
The scene holds the match (``stoneage.play.match``: the state, chance and the bots) and wires
its parts:

- ``Turns``: whose hidden cards show, and the hotseat announcement of each human's turn;
- ``Hands``: the human's controls for exactly what ``legal_actions()`` offers;
- ``TableInput``: the keyboard and the mouse, routed to the parts;
- ``Painter``: the table, the status bar, the tooltips and the hotseat veil on screen;
- ``Announcer``: what happened, as events and sounds;
- ``Keeper``: the autosave and the game's record (a game of the player's own only);
- ``TableLog``, ``Hinting``, ``Toolbar``, the first-game tips, and for the guided first game
  the ``Lesson``, which the table asks at the few points where a lesson differs;
- at a table over the network, a ``RemoteMatch`` in the match's place (the host's steps shown
  as they come, the player's choices sent) and ``NetNotices`` (who is away, the countdown, a
  lost connection, the host gone) in words over the table.

A control's choice goes to ``act``, which applies it through the rules and shows the rules'
reason when it is refused. The scene never decides a rule.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from stoneage import i18n
from stoneage.ai import make_bot
from stoneage.net.client import Problem, Refused, ViewUpdate
from stoneage.play.match import Match, Step
from stoneage.play.names import engine_reason
from stoneage.play.practice import Practice
from stoneage.play.savefile import save_payload
from stoneage.play.seats import Seat, follow_language
from stoneage.play.story import tell
from stoneage.records.recorder import PlayClock
from stoneage.rules import Action, ActionError, GameState, Place
from stoneage.scenes.kit.base import Scene, SceneHost
from stoneage.scenes.table.announcer import Announcer
from stoneage.scenes.table.autoplay import Autoplay
from stoneage.scenes.table.coach import TipToast
from stoneage.scenes.table.draw_net import draw_net_notice
from stoneage.scenes.table.draw_status import StatusBar
from stoneage.scenes.table.draw_table import TableRenderer
from stoneage.scenes.table.hands import Asking, Hands
from stoneage.scenes.table.hinting import Hinting
from stoneage.scenes.table.keeper import Keeper
from stoneage.scenes.table.lesson import Lesson, lesson_seats
from stoneage.scenes.table.mode import TableMode
from stoneage.scenes.table.motion import Motion
from stoneage.scenes.table.painter import Painter
from stoneage.scenes.table.remote import NetNotices, OnlineSession, RemoteMatch, seats_of
from stoneage.scenes.table.table_input import TableInput
from stoneage.scenes.table.table_log import TableLog
from stoneage.scenes.table.toolbar import Toolbar
from stoneage.scenes.table.turns import Turns
from stoneage.tutorial import Tutorial
from stoneage.ui import assets, theme
from stoneage.ui.anim import Flyer, Timeline
from stoneage.ui.layout import table_layout

INSTANT_BATCH = 200  # automatic actions applied per update at instant speed
SNAP_BACK = 0.25  # seconds for refused figures to fly home (at any animation speed)
END_PAUSE = 1.2  # seconds the final position stays before the scoring screen (normal speed)


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
        tutorial: Tutorial | None = None,
        online: OnlineSession | None = None,
        practice: Practice | None = None,
    ) -> None:
        """A table for ``seats``: a new game of ``seed``, or ``state`` continued (a replay
        plays ``state``'s actions back from the start). ``mode`` says what kind of table
        (a game of the player's own by default); ``clock`` is the time a continued game was
        played before; ``tutorial`` is the lesson of a lesson table (a fresh one if None);
        ``online`` the seat at a table over the network (``state``: its first view);
        ``practice`` marks a practice game (``state``: the decision it starts at), which its
        keeper keeps apart."""
        super().__init__(app)
        self.seats = seats
        self.mode = mode or TableMode.game()
        replay = self.mode.name == "replay"
        script = (state.actions_taken() if state is not None else []) if replay else None
        self.remote: RemoteMatch | None = None
        self.net: NetNotices | None = None
        self._net_said = ""
        self.match: Match
        if online is not None:
            if state is None:
                raise ValueError("a table over the network starts from the view the host sent")
            self.remote = RemoteMatch(online, seats, state)
            self.match = self.remote
            self.net = NetNotices([s.name for s in seats], online.client.seat)
        else:
            self.match = Match(seats, seed, state, threaded, notify=app.wake, script=script)
        self.turns = Turns(self.match, self.mode.people_play)
        self.hands = Hands()
        self.hinting = Hinting(seed, app.wake, threaded)
        self.announcer = Announcer(app.sound, self.turns.listeners)
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
        self._damage: list[pygame.Rect] = []
        self._language = ""
        self._laid_out = False  # the first layout warms the picture caches
        self.lesson: Lesson | None = None
        if self.mode.name == "lesson":
            self.lesson = Lesson(self, tutorial or Tutorial())
        self.painter = Painter(self)
        self.input = TableInput(self)
        self.resize(app.size)
        self.log.recent(self.match.steps, self.seats)  # a continued game shows its recent past
        if self.lesson is not None:
            self.lesson.begin()
        elif not replay and state is None:
            self.autosave()

    # --- what kind of table ---------------------------------------------------------------------
    @property
    def keeps_records(self) -> bool:
        """True for a game of the player's own: False for a replay and for bots alone, which
        must never write the autosave, the history or achievements."""
        return self.keeper is not None

    def offers(self, what: str) -> bool:
        """Whether ``what`` ("undo", "hints" or "tips") is offered now: by the mode, the
        player's settings, and not while the lessons run."""
        lessons = self.lesson is not None and self.lesson.running
        if what == "undo":
            return self.mode.undo and not lessons
        if what == "hints":
            return self.mode.hints and self.app.settings.hints and not lessons
        return self.mode.tips and not lessons

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
        if self._language not in ("", i18n.current_language()):
            self.log.retell(self.seats)
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
        if self.lesson is not None:
            self.lesson.lay_out()
        # The pictures are made now, not at the next update: a table under a menu gets no
        # updates, and after a language switch it showed a blank board behind Settings.
        self._damage += self.painter.refresh()

    def autosave(self) -> None:
        """Keep the game in progress for Continue (the lesson's progress while the lessons
        run); nothing at a table that keeps no records."""
        if self.keeper is None:
            return
        if self.lesson is not None and self.lesson.save_progress(self.keeper):
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
        """The pause menu over the table."""
        remote = self.remote
        hosting = remote is not None and remote.session.host is not None
        practice = self.keeper is not None and self.keeper.practice is not None
        self.app.push(
            self.app.make_scene(
                "pause", online=remote is not None, hosting=hosting, practice=practice
            )
        )

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
        full = self._hear_network()
        if not self.timeline.busy:
            full = self._advance(dt) or full
        self._damage += self.painter.refresh()
        if self.lesson is not None and self.lesson.update():
            full = True
        return full

    def _hear_network(self) -> bool:
        """At a table over the network: take in what the host said. True when the words over
        the table changed or the game jumped (a whole new frame)."""
        remote, net = self.remote, self.net
        if remote is None or net is None:
            return False
        session = remote.session
        events, session.events = [*session.events, *session.client.poll()], []
        jumped = False
        now = time.monotonic()
        for event in events:
            net.hear(event)
            if isinstance(event, ViewUpdate):
                if remote.receive(event):
                    jumped = True
            elif isinstance(event, Problem) and event.code == "too_frequent":
                remote.hold_back(now)  # sent again in a moment, not refused
            elif isinstance(event, (Refused, Problem)) and remote.sent is not None:
                # Refused: the controls come back, with the reason in the player's words.
                self.announcer.refused(remote.sent, net.refused)
                remote.sent = None
                self.hands.clear()
                self.hands.error = net.refused
        remote.tick(now)
        if jumped:  # arrived or came back: the table is drawn afresh from the new view
            self.timeline.clear()
            self.hands.clear()
            self.finish_timer = None
            # The log tells the past the host sent, quietly (no beat, no sound).
            self.log.told([past.story for past in remote.history()], self.seats)
        said = net.banner()
        if said != self._net_said or jumped:
            self._net_said = said
            return True
        return False

    def moving_rects(self) -> list[pygame.Rect]:
        return self.timeline.bounds(self.lay.size)

    def take_damage(self) -> list[pygame.Rect]:
        damage, self._damage = self._damage, []
        return damage

    def note_damage(self, area: pygame.Rect) -> None:
        """``area`` changed outside the kept pictures (a tip closed): repaint it."""
        self._damage.append(area)

    def is_animating(self) -> bool:
        if self.lesson is not None and self.lesson.waiting():
            return self.timeline.moving  # waiting for the player: no need for full frames
        if self.timeline.moving or self.match.is_over():
            return True
        if self.match.replay_finished():
            return False
        return self.match.human_to_act() is None and not self.match.thinking()

    def _advance(self, dt: float) -> bool:
        """Apply the next automatic actions, or get the human's controls ready."""
        match = self.match
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
            self.play(step, by_human=self.remote is not None and step.actor == self.remote.me)
            if self.timeline.busy or match.is_over():
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
        if seat is not None and self.match.human_to_act() == seat:
            self._build_controls(seat)

    def _count_down_to_scoring(self, dt: float) -> bool:
        if self.finish_timer is None:
            self.finish_timer = END_PAUSE * self.motion.speed
            self.announcer.game_end(self.match.state.winners())
            if self.remote is not None:
                self.remote.session.finished()
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
            if self.remote is not None and self.remote.final is not None:
                options["final"] = self.remote.final  # the host's scoring: every card turned up
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
        told = self.remote.story_of(step) if self.remote is not None else None
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
        self.autosave()
        self.hands.clear()

    # --- the human's decisions ---------------------------------------------------------------------
    def _build_controls(self, seat: int) -> None:
        """The controls for ``seat``, the human to decide in the current state."""
        state = self.match.state
        if self.lesson is not None and self.lesson.holds_controls():
            self.hands.made_nothing_for(state)
            return
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
        if self.lesson is not None:
            self.lesson.shape(self.hands)
        if self.offers("tips"):
            self.tips.consider(self.lay, state, seat, self.hands.dialog_area())

    def _suggest(self, state: GameState, seat: int) -> Action | None:
        """A payment dialog's first choice: the lesson's, else the Normal bot's."""
        if self.lesson is not None and self.lesson.running:
            return self.lesson.expected_action(state)
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
        """Apply a human's choice (the lesson's rules during the lessons); on refusal show the
        rules engine's reason."""
        seat = self.match.human_to_act()
        if seat is None or self.timeline.busy or self.turns.announcing is not None:
            return False
        if self.lesson is not None and self.lesson.running:
            return self.lesson.act(action)
        if self.remote is not None:
            return self._send(action)
        try:
            step = self.match.apply(action, seat=seat)
        except ActionError as error:
            self.hands.error = engine_reason(error)
            self.announcer.refused(action, self.hands.error)
            return False
        self.hands.error = ""
        if isinstance(action, Place):
            self.announcer.figures("drop", action.count)
        self.play(step, by_human=True)
        return True

    def _send(self, action: Action) -> bool:
        """At a table over the network: send the choice to the host (the rules' reason at
        once when the view already refuses it); the host's next view shows it played."""
        assert self.remote is not None
        if self.net is not None and self.net.serious():  # nobody to send it to just now
            self.hands.error = self.net.banner()
            return False
        reason = self.remote.send(action)
        if reason:
            self.hands.error = reason
            self.announcer.refused(action, reason)
            return False
        self.hands.error = ""
        if isinstance(action, Place):
            self.announcer.figures("drop", action.count)
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
        self.match.undo()
        self.log.recent(self.match.steps, self.seats)
        self.hands.clear()
        self.hands.error = ""
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
        if self.lesson is not None and self.lesson.draws(surface):
            return
        self.painter.draw(surface)
        if self.net is not None:
            draw_net_notice(surface, self.lay, self.net)


def _then(first: Callable[[], None] | None, second: Callable[[], None]) -> Callable[[], None]:
    """Call ``first`` (if any), then ``second``."""

    def both() -> None:
        if first:
            first()
        second()

    return both


def lesson_table(
    app: SceneHost, tutorial: Tutorial | None = None, threaded: bool = True
) -> TableScene:
    """The table of the guided first game (``tutorial``: a lesson in progress; a fresh one by
    default)."""
    lesson = tutorial if tutorial is not None else Tutorial()
    return TableScene(
        app,
        lesson_seats(),
        lesson.seed,
        lesson.state,
        threaded,
        mode=TableMode.lesson(),
        tutorial=lesson,
    )


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


def online_table(app: SceneHost, session: OnlineSession, view: GameState) -> TableScene:
    """The scene registered as "online_game": the seat of ``session`` at a table over the
    network (a spectator's when it has no seat), from the view ``view`` the host sent."""
    client = session.client
    seats = seats_of(client.lobby, client.seat, view.n, session.name)
    watching = client.seat is None
    mode = TableMode.online(watching)
    return TableScene(app, seats, 0, view, threaded=True, mode=mode, online=session)
