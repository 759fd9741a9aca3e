"""The tutorial in progress: the current step, and moving through the script on the game's match.

A ``Tutorial`` is what the lesson's table drives; it knows no pygame. It plays the one match of
the game (``stoneage.play.match``) and keeps no copy of the game: while the script runs the
player may take exactly the step's expected action (``act``), anything else gets a friendly
word (``check``), and the opponent's moves and the chance outcomes between the player's steps
are planned by the script and played by the match's one loop, like a bot's moves (through
``LessonMatch``, ``stoneage.tutorial.lesson_match``). ``back`` replays the script from the start
to an earlier step (it is deterministic) and puts the match there, ``skip`` ends the lessons,
and ``to_json``/``restore`` keep the progress across a restart. After the last step the game
goes on as an ordinary game on the same match, against an Easy bot.

How a table drives it, each frame (``LessonMatch`` answers the table's questions)::

    bubble = tutorial.bubble()          # None once the lessons are over, or moves are planned
    if bubble is not None:
        draw(bubble.text(), point_at=bubble.target)    # dim all but the target
        # bubble.kind: "read"/"follow" show Next; "act" waits for bubble.action;
        # "roll" waits for a click on the dice, then tutorial.act(bubble.action)
    on an input that maps to an action a:
        verdict = tutorial.act(a)       # refused: show verdict.text(), nothing changed
    the match's loop: while tutorial.planned, apply tutorial.next_move(), then tutorial.played()
    on Next / Back / Skip: tutorial.next() / tutorial.back() / tutorial.skip()
    on leaving: store tutorial.to_json(); on coming back: Tutorial.restore(stored)
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from stoneage.i18n import N_, _
from stoneage.play.match import Match
from stoneage.play.seats import BOT, COLOURS, HUMAN, Seat
from stoneage.rules import (
    Action,
    ActionError,
    GameState,
    SaveFormatError,
    new_game,
    parse_action,
)
from stoneage.tutorial.script import PLAYERS, SEED, SETUP, STEPS, YOU, LessonStep, Moment

FORMAT = "stoneage-tutorial"
VERSION = 1
BOT_LEVEL = "easy"  # the opponent once the lessons are over
MAX_SAVE_BYTES = 2_000_000

# --- friendly words for anything but the expected action ----------------------------------------
READ_FIRST = N_("Read the bubble, then press Next to go on.")
OTHER_COUNT = N_("Almost! This lesson asks for a different number of figures there.")
OTHER_SPACE = N_("Good idea, but this lesson needs the space the bubble points at.")
OTHER_GROUP = N_("That group can work later: this lesson starts with the one the bubble shows.")
OTHER_PAYMENT = N_("That would pay too, but this lesson pays as the bubble says.")
KEEP_BUYING = N_("You may say no in your own games; this lesson buys it.")
OTHER_TOOLS = N_("A fair choice, but this lesson adds the tools the bubble names.")
OTHER_PICK = N_("You could, but this lesson takes the die the bubble names.")
DO_NOT_STARVE = N_("You could go hungry and lose 10 points, but this lesson pays.")
ROLL_NOW = N_("Click the dice to roll.")
FOLLOW_BUBBLE = N_("Not now: the bubble shows what to do next.")
NOT_POSSIBLE = N_("That move is not possible now.")
NOT_YOUR_TURN = N_("Wait a moment: it is not your turn.")

_FRIENDLY_BY_KIND = {
    "place": OTHER_SPACE,
    "resolve": OTHER_GROUP,
    "pay": OTHER_PAYMENT,
    "decline": KEEP_BUYING,
    "tools": OTHER_TOOLS,
    "pick": OTHER_PICK,
    "feed": OTHER_PAYMENT,
    "starve": DO_NOT_STARVE,
}


@dataclass(frozen=True)
class Verdict:
    """Whether a proposed action was the expected one, and if not a friendly word to show."""

    ok: bool
    msgid: str | None = None
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self) -> str:
        """The friendly word in the current language ('' when the action was accepted)."""
        return _(self.msgid).format(**self.params) if self.msgid else ""


@dataclass(frozen=True)
class Bubble:
    """What the coach mark shows now.

    ``kind`` is ``read`` (Next moves on), ``act`` (waiting for ``action``), ``roll`` (waiting for
    a click on the dice, which makes the scripted roll ``action``) or ``follow`` (the
    explanation after the action; Next moves on). ``msgid`` is untranslated; ``text()``
    translates and fills it. ``also`` are further targets the message names (to light).
    """

    step_id: str
    kind: str
    msgid: str
    params: Mapping[str, object]
    target: str
    action: str | None
    also: tuple[str, ...] = ()

    def text(self) -> str:
        """The message in the current language, its fields filled."""
        return _(self.msgid).format(**self.params)


class Tutorial:
    """The guided first game: the script's current step, played on the game's one match.

    The game is ``match`` (``stoneage.play.match``, seat 0 the player); the lesson keeps no copy
    of it, ``state`` reads the match. ``index`` is the current step (``len(STEPS)`` once the
    lessons are over) and ``answered`` True while the follow-up of the step's action is shown.

    The lesson's moves are played by the match's one loop, like a bot's: ``planned`` holds
    them in order as text (each read in the state it is played in), ``next_move`` names the
    first and ``played`` takes it off once the match applied it (``LessonMatch`` does both). While
    moves are planned the lesson waits: no bubble, no verdict but "wait".
    """

    def __init__(
        self,
        steps: tuple[LessonStep, ...] = STEPS,
        setup: tuple[str, ...] = SETUP,
        players: int = PLAYERS,
        seed: int = SEED,
        match: Match | None = None,
    ) -> None:
        """A lesson from its first step; ``match`` is the match to play it on (one of its own,
        deciding in the caller's thread, by default)."""
        self.steps, self.setup, self.players, self.seed = steps, setup, players, seed
        self.index = 0
        self.answered = False
        self.planned: deque[str] = deque()  # the script's moves to play next, as text
        self.match = (
            match if match is not None else Match(lesson_seats(players), seed, threaded=False)
        )
        self._shown: GameState | None = None  # the state the current step was first shown in
        self._taken: Action | None = None  # the current step's action, once taken
        self._script_end_ply: int | None = None  # the ply where free play began
        self._end_due = False  # free play begins once the planned moves are played
        self._skipped_from: int | None = None  # the step Skip left, for Back
        self.match.jump_to(self._fresh())
        self._shown = self.state

    def drive(self, match: Match) -> None:
        """Play the lesson on ``match`` from now on (a table's, whose bots think off the
        window's thread): it goes to the lesson's game as it stands."""
        match.jump_to(self.state)
        self.match = match

    # --- reading -------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The game as the match holds it now."""
        return self.match.state

    @property
    def step(self) -> LessonStep | None:
        """The current step, or None once the lessons are over."""
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def finished(self) -> bool:
        """True once the lessons are over (after the last step or Skip): free play."""
        return self.index >= len(self.steps)

    def expected(self) -> str | None:
        """The text form of the one action accepted now, or None (a step to read, a follow-up
        shown, moves still to be played, or free play)."""
        step = self.step
        if step is None or step.is_read or self.answered or self.planned:
            return None
        return step.action

    def is_roll_step(self) -> bool:
        """True when the player's click on the dice makes the expected roll (a chance node)."""
        return self.expected() is not None and self.state.is_chance_node()

    def bubble(self) -> Bubble | None:
        """What the coach mark says and points at now; None once the lessons are over and
        while the lesson's moves are still to be played."""
        step = self.step
        if step is None or self.planned or self._shown is None:
            return None
        if self.answered and step.follow:
            moment = Moment(self._shown, self.state, self._taken)
            params = step.told(moment) if step.told else {}
            target = step.follow_target or step.target
            also = step.also + step.follow_also
            return Bubble(step.id, "follow", step.follow, params, target, None, also)
        params = step.say(self.state) if step.say else {}
        if step.is_read:
            kind = "read"
        else:
            kind = "roll" if self.state.is_chance_node() else "act"
        return Bubble(step.id, kind, step.message, params, step.target, step.action, step.also)

    # --- the player's input --------------------------------------------------------------------
    def check(self, action: Action | str) -> Verdict:
        """Whether ``action`` (an action or its text form) would be accepted now, and if not
        a friendly word saying what to do instead. Never raises."""
        if self.planned:
            return Verdict(False, NOT_YOUR_TURN)
        if self.finished:
            return self._check_free(action)
        expected = self.expected()
        if expected is None:
            return Verdict(False, READ_FIRST)
        proposed = self._read(action)
        if proposed is None:
            return Verdict(False, FOLLOW_BUBBLE)
        if str(proposed) == expected:
            return Verdict(True)
        return Verdict(False, self._friendly(proposed, expected))

    def act(self, action: Action | str) -> Verdict:
        """Take ``action`` if it is the one expected (in free play: any legal action of the
        player's turn): it is planned first, then what the script plays after it. Returns
        the verdict; on a refusal nothing changes."""
        verdict = self.check(action)
        if not verdict.ok:
            return verdict
        if self.finished:
            self.planned.append(str(action))
            return verdict
        step = self.step
        assert step is not None and step.action is not None
        self._taken = parse_action(self.state, step.action)
        self.planned.extend([step.action, *step.outcome])
        if step.follow:
            self.answered = True
        else:
            self._leave_step(step)
        return verdict

    def next(self) -> bool:
        """Move on: after a step read or a follow-up, plan the opponent's moves and go to the
        next step; on a step waiting for an action, take that action for the player. Returns
        False when there is nothing to move on to (free play, or moves still to be played)."""
        step = self.step
        if step is None or self.planned:
            return False
        if not step.is_read and not self.answered:
            assert step.action is not None
            return self.act(step.action).ok
        self._leave_step(step)
        return True

    def back(self) -> bool:
        """Go back one step (from a follow-up: to the same step, before its action), replaying
        the script from the start. Refused (False) at the first step and once free play has
        begun, so that no game is lost."""
        if self.finished and self.state.ply != self._script_end_ply:
            return False
        if self.answered:
            self.goto(self.index)
            return True
        if self._skipped_from is not None:
            self.goto(self._skipped_from)
            return True
        if self.index == 0:
            return False
        self.goto(min(self.index, len(self.steps)) - 1)
        return True

    def skip(self) -> None:
        """End the lessons now; the game goes on from here (once the moves planned are played)
        as a normal game."""
        if not self.finished:
            self._skipped_from = self.index
        self.index = len(self.steps)
        self.answered = False
        self._end_due = True
        self._settle()

    def goto(self, index: int, answered: bool = False) -> None:
        """Show step ``index`` (``answered``: with its action taken), replaying the script from
        the start: the same index always gives the same state. The match goes there at once."""
        index = max(0, min(index, len(self.steps)))
        state = self._fresh()
        for step in self.steps[:index]:
            state = _apply(state, self._whole(step))
        self.planned.clear()
        self._end_due = False
        self._shown, self._taken = state, None
        self.index, self.answered = index, False
        self._skipped_from = None
        self._script_end_ply = state.ply if index == len(self.steps) else None
        current = self.step
        if answered and current is not None and current.action is not None and current.follow:
            self._taken = parse_action(state, current.action)
            state = _apply(state, [current.action, *current.outcome])
            self.answered = True
        self.match.jump_to(state)

    # --- the moves the lesson plays ------------------------------------------------------------
    def next_move(self) -> Action | None:
        """The first move planned, read in the state now (None: nothing planned)."""
        return parse_action(self.state, self.planned[0]) if self.planned else None

    def played(self) -> None:
        """The match applied the first move planned (``next_move``)."""
        self.planned.popleft()
        self._settle()

    def waiting_for_player(self) -> bool:
        """True when the player (seat 0) decides now in free play."""
        return self.finished and not self.planned and self.state.current_player() == YOU

    # --- saving --------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The progress as JSON: the step index, whether its follow-up shows, and the game
        (as it stands once the moves planned are played)."""
        document = {
            "format": FORMAT,
            "version": VERSION,
            "step": self.index,
            "answered": self.answered,
            "game": json.loads(_apply(self.state, list(self.planned)).to_json()),
        }
        return json.dumps(document, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes, match: Match | None = None) -> Tutorial:
        """The tutorial saved by ``to_json`` (on ``match``, see ``__init__``);
        ``SaveFormatError`` if it cannot be read.

        During the lessons the step index decides (the script rebuilds the same game); in free
        play the saved game is replayed as it is.
        """
        document = _read_document(text)
        tutorial = cls(match=match)
        step, answered = document["step"], document["answered"]
        if step < len(tutorial.steps):
            tutorial.goto(step, answered)
            return tutorial
        game = GameState.from_json(json.dumps(document["game"]))
        if game.n != tutorial.players:
            raise SaveFormatError("saved tutorial has the wrong number of players")
        tutorial.goto(len(tutorial.steps))
        script_end = tutorial.state
        tutorial.match.jump_to(game)
        # Back stays possible while free play has not really begun.
        tutorial._script_end_ply = script_end.ply if game == script_end else -1
        return tutorial

    @classmethod
    def restore(cls, text: str | bytes | None, match: Match | None = None) -> Tutorial:
        """The saved tutorial, or a fresh one when there is none or it cannot be read (a
        damaged save never stops the player from learning)."""
        if text:
            try:
                return cls.from_json(text, match)
            except SaveFormatError:
                pass
        return cls(match=match)

    # --- inside --------------------------------------------------------------------------------
    def _fresh(self) -> GameState:
        return _apply(new_game(self.players, self.seed), list(self.setup))

    @staticmethod
    def _whole(step: LessonStep) -> list[str]:
        """Every action a step plays, in order: the player's, its outcome, then the rest."""
        return ([step.action] if step.action else []) + [*step.outcome, *step.then]

    def _leave_step(self, step: LessonStep) -> None:
        """Plan the step's ``then`` and go to the next step (shown once they are played)."""
        self.planned.extend(step.then)
        self.index += 1
        self.answered = False
        self._shown, self._taken = None, None
        self._end_due = self.finished
        self._settle()

    def _settle(self) -> None:
        """Once every planned move is played: the current step is shown in the state now
        (and, after the last step or Skip, free play begins here)."""
        if self.planned:
            return
        if self._shown is None:
            self._shown = self.state
        if self._end_due:
            self._end_due = False
            self._script_end_ply = self.state.ply

    def _read(self, action: Action | str) -> Action | None:
        """``action`` as one of the legal actions now, or None (unreadable or illegal)."""
        try:
            return parse_action(self.state, str(action))
        except ActionError:
            return None

    def _friendly(self, proposed: Action, expected: str) -> str:
        if self.state.is_chance_node():
            return ROLL_NOW
        kind = proposed[-1]
        if kind == "place" and expected.split()[:2] == str(proposed).split()[:2]:
            return OTHER_COUNT
        return _FRIENDLY_BY_KIND.get(str(kind), FOLLOW_BUBBLE)

    def _check_free(self, action: Action | str) -> Verdict:
        if self.state.current_player() != YOU:
            return Verdict(False, NOT_YOUR_TURN)
        if self._read(action) is None:
            return Verdict(False, NOT_POSSIBLE)
        return Verdict(True)


def lesson_seats(players: int = PLAYERS) -> list[Seat]:
    """The lesson's seats as its match plays them: the player, and an Easy bot at every other
    seat once the lessons are over (the table names them in the language of the moment)."""
    return [
        Seat(f"Player {i + 1}", COLOURS[i], HUMAN)
        if i == YOU
        else Seat(f"Player {i + 1}", COLOURS[i], BOT, BOT_LEVEL)
        for i in range(players)
    ]


def _apply(state: GameState, texts: list[str]) -> GameState:
    """Apply actions written as text (the engine checks each is legal)."""
    for text in texts:
        state = state.apply(parse_action(state, text))
    return state


def _read_document(text: str | bytes) -> dict[str, Any]:
    """The checked fields of a saved tutorial; ``SaveFormatError`` says what is wrong."""
    if not isinstance(text, (str, bytes, bytearray)) or len(text) > MAX_SAVE_BYTES:
        raise SaveFormatError("saved tutorial must be JSON text of reasonable size")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SaveFormatError(f"saved tutorial is not valid JSON: {error}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise SaveFormatError("this is not a saved tutorial")
    if document.get("version") != VERSION:
        raise SaveFormatError(f"saved tutorial has version {document.get('version')!r}")
    step, answered = document.get("step"), document.get("answered")
    if type(step) is not int or not 0 <= step <= len(STEPS) or type(answered) is not bool:
        raise SaveFormatError("saved tutorial has no valid step")
    if not isinstance(document.get("game"), dict):
        raise SaveFormatError("saved tutorial has no game")
    return document
