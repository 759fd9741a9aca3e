"""The game driver: the seats, the current state, chance draws and bots thinking off-thread.

It knows no pygame. Chance outcomes come from ``seeded_rng(state)`` and ``sample_chance``, so a
game is a function of its seed and the decisions taken. A bot decides in a worker thread on
the view of its own seat; ``notify`` (the app's wake-up) is called when it is done, so the
window never waits on a bot.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass
from datetime import UTC, datetime

from stoneage.ai import Bot, make_bot
from stoneage.i18n import _
from stoneage.rules import CHANCE, TERMINAL, Action, GameState, new_game, sample_chance, seeded_rng
from stoneage.ui.names import DEFAULT_HUMAN_NAME, is_default_name, numbered_name, shown_name
from stoneage.ui.theme import COLOUR_ORDER

log = logging.getLogger(__name__)

BOT_LEVELS = ("random", "easy", "normal", "hard")
SAVE_FORMAT = "stoneage-save"
SAVE_VERSION = 1


@dataclass
class Seat:
    """Who sits at a seat: a human or a bot of some level, with a name and a colour."""

    name: str
    colour: str
    kind: str = "bot"  # "human" or "bot"
    level: str = "normal"

    @property
    def is_human(self) -> bool:
        """True for a person at this screen."""
        return self.kind == "human"

    def to_dict(self) -> dict:
        """A JSON-safe form (for the autosave). The default human name is marked as such
        (``default_name``), so it is shown in the language of whoever continues the game; the
        name itself is kept too, for versions that do not know the mark."""
        raw = asdict(self)
        if is_default_name(self.name):
            raw["default_name"] = True
        return raw

    @classmethod
    def from_dict(cls, raw: dict) -> Seat:
        """The seat stored by ``to_dict`` (unknown values fall back to safe defaults). The
        default name, marked or (in saves from before the mark) written in any language, is
        given in the current language."""
        colour, level = raw.get("colour"), raw.get("level")
        colour = colour if isinstance(colour, str) and colour in COLOUR_ORDER else "red"
        kind = "human" if raw.get("kind") == "human" else "bot"
        level = level if isinstance(level, str) and level in BOT_LEVELS else "normal"
        name = str(raw.get("name", "?"))[:24]
        if raw.get("default_name") is True:
            name = _(DEFAULT_HUMAN_NAME)
        return cls(shown_name(name), colour, kind, level)


def default_seats() -> list[Seat]:
    """One human against three Normal bots: the one-click game."""
    return [
        Seat(_(DEFAULT_HUMAN_NAME), "red", "human"),
        Seat(_("Grok"), "blue", "bot", "normal"),
        Seat(_("Ayla"), "green", "bot", "normal"),
        Seat(_("Tharn"), "yellow", "bot", "normal"),
    ]


def settle_names(seats: list[Seat]) -> None:
    """Give every seat a name fit for the table: a blank name becomes "Player n", and so does the
    default "You" when several people share the screen (a hotseat turn is announced by name, and
    "Pass the screen to You" would name nobody)."""
    humans = sum(seat.is_human for seat in seats)
    for i, seat in enumerate(seats):
        name = seat.name.strip()
        if not name or (humans > 1 and is_default_name(name)):
            name = numbered_name(i + 1)
        seat.name = name


def follow_language(seats: list[Seat]) -> None:
    """Give the default human name in the language of now (after the language changed, or for
    a game saved in another language); names the players chose stay as they are."""
    for seat in seats:
        seat.name = shown_name(seat.name)


@dataclass(frozen=True)
class Step:
    """One applied action: the state before, the action, the state after, who acted."""

    before: GameState
    action: Action
    after: GameState
    actor: int


class GameDriver:
    """Holds the game in progress and produces the next automatic action (chance or bot).

    Every applied step is kept (``steps``), so the log can be told again, a human's own last
    decisions can be taken back (never across a chance node: a roll or a card or tile turned up)
    and the game can be written out as a replay. Bots draw their randomness from a generator
    seeded by the game seed, their seat and the move number, so a game continued after a crash,
    an undo or a replay makes the same bot decisions again (the Hard bot under a time budget
    excepted: how far it searches depends on the machine's speed).

    With ``script`` the driver replays those actions from the start instead of asking anyone.
    """

    def __init__(
        self,
        seats: list[Seat],
        seed: int,
        state: GameState | None = None,
        threaded: bool = True,
        notify: Callable[[], None] | None = None,
        script: list[Action] | None = None,
    ) -> None:
        self.seats = seats
        self.seed = seed
        self.script = script
        if state is None or script is not None:
            self.state = new_game(len(seats), seed=seed)
            self.steps: list[Step] = []
        else:
            self.state = state
            self.steps = replay_steps(state)
        self.bots: dict[int, Bot] = {
            i: make_bot(s.level, seed * 7919 + i) for i, s in enumerate(seats) if not s.is_human
        }
        self.notify = notify
        self._executor = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot") if threaded else None
        )
        self._future: Future | None = None
        self._future_ply = -1

    # --- who acts -------------------------------------------------------------------------------
    def actor(self) -> int:
        """The seat to decide, ``CHANCE`` or ``TERMINAL``."""
        return self.state.current_player()

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.actor() == TERMINAL

    def replaying(self) -> bool:
        """True when this driver plays back a replay file."""
        return self.script is not None

    def replay_finished(self) -> bool:
        """True when a replay has shown every action it holds."""
        return self.script is not None and len(self.steps) >= len(self.script)

    def human_to_act(self) -> int | None:
        """The human seat that must decide now, if any (nobody decides in a replay)."""
        seat = self.actor()
        return seat if seat >= 0 and self.script is None and self.seats[seat].is_human else None

    def thinking(self) -> bool:
        """True while a bot works on its decision."""
        return self._future is not None and not self._future.done()

    def humans(self) -> list[int]:
        """The seats played at this screen."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    # --- automatic actions ------------------------------------------------------------------------
    def automatic_action(self) -> Action | None:
        """The next chance outcome or bot decision, or None (a human decides, a bot still thinks)."""
        if self.script is not None:
            return self.script[len(self.steps)] if not self.replay_finished() else None
        seat = self.actor()
        if seat == CHANCE:
            return sample_chance(self.state, seeded_rng(self.state))
        if seat == TERMINAL or self.seats[seat].is_human:
            return None
        return self._bot_action(seat)

    def _bot_action(self, seat: int) -> Action | None:
        if self._executor is None:
            return self._decide(seat, self.state)
        if self._future is not None and self._future_ply != self.state.ply:
            self._future = None  # a decision for an older position: drop it
        if self._future is None:
            self._future_ply = self.state.ply
            self._future = self._executor.submit(self._decide, seat, self.state)
            notify = self.notify
            if notify is not None:
                self._future.add_done_callback(lambda _f: notify())
            return None
        if not self._future.done():
            return None
        action, self._future = self._future.result(), None
        return action

    def _decide(self, seat: int, state: GameState) -> Action:
        """The bot's choice on its own view; a random legal action should the bot fail."""
        try:
            bot = self.bots[seat]
            bot.rng.seed(f"stoneage-bot/{self.seed}/{seat}/{state.ply}")
            action = bot.choose(state.view(seat))
            if action in state.legal_actions():
                return action
            log.error("bot of seat %s chose an illegal action %s", seat, action)
        except Exception:  # a bot bug must not end the game at the table
            log.exception("bot of seat %s failed", seat)
        return random.Random(state.ply).choice(state.legal_actions())

    # --- applying -----------------------------------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None) -> Step:
        """Apply ``action`` (raises ``IllegalActionError``, leaving the game unchanged)."""
        before = self.state
        actor = before.current_player()
        after = before.apply(action, seat=seat)
        self.state = after
        step = Step(before, action, after, actor)
        self.steps.append(step)
        return step

    # --- undo ---------------------------------------------------------------------------------------
    def undoable(self) -> tuple[int, Step] | None:
        """The step an undo would take back and its position in ``steps``, or None.

        That is the last decision of the human who decided last, provided that no die was
        rolled and no hidden card or tile was turned up since (both are chance steps) and no
        other human decided since. The bots' decisions after it are taken back with it (they
        are made again, identically, once the human has decided anew)."""
        if self.script is not None:
            return None
        for index in range(len(self.steps) - 1, -1, -1):
            step = self.steps[index]
            if step.actor < 0:
                return None  # a chance step: dice or a reveal may not be taken back
            if self.seats[step.actor].is_human:
                return index, step
        return None

    def undo(self) -> Step | None:
        """Take back the step ``undoable`` names (and everything after it); the step undone."""
        found = self.undoable()
        if found is None:
            return None
        index, step = found
        self._future = None  # a bot's thoughts about a position that no longer exists
        del self.steps[index:]
        self.state = step.before
        return step

    # --- saving -------------------------------------------------------------------------------------
    def save_payload(self) -> dict:
        """The save file's content: the seats, the seed and the engine's own save."""
        return save_payload(self.seats, self.seed, self.state)

    def close(self) -> None:
        """Stop the worker thread (a decision still running is abandoned)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._future = None


def save_payload(seats: list[Seat], seed: int, state: GameState) -> dict:
    """A save (and replay) file's content for a game: versioned and JSON-safe."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "seats": [s.to_dict() for s in seats],
        "seed": seed,
        "game": state.to_json(),
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def replay_steps(state: GameState) -> list[Step]:
    """The steps that led to ``state``, rebuilt by replaying its actions from the start (a
    continued game's log and undo need them). Empty for a seat's view, which keeps no history."""
    try:
        actions = state.actions_taken()
    except ValueError:
        return []
    current = new_game(state.n, seed=state.seed)
    steps: list[Step] = []
    for action in actions:
        after = current.apply(action)
        steps.append(Step(current, action, after, current.current_player()))
        current = after
    return steps
