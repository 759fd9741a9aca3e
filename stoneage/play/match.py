"""The match driver: the seats, the current state, chance draws and bots thinking off-thread.

One driver plays every game of the program: the window's table (a game, hotseat, the lesson,
a replay, autoplay), the headless runner (``stoneage.sim``) and, later, a server. It knows no
pygame.

One seed policy, so that a game is a function of its seed and the decisions taken, wherever it
is played:

* chance: the outcome at each chance node is drawn from ``seeded_rng(state)``, a generator made
  from the game's seed and the number of actions taken (``stoneage.rules``), by the match's
  chance source (``SeededChance``, the default). A table played over the network draws each
  outcome from the operating system's randomness instead (``SystemChance``): its game has no
  seed, nothing stored ahead predicts a die, and its journal of actions (chance outcomes are
  actions) still replays it exactly;
* bots: a seat's bot is made with ``seat_seed(seed, seat)`` (``seat_bot``), and before each
  decision its own generator is seeded with ``"stoneage-bot/{seed}/{seat}/{ply}"``
  (``bot_seed``); the bot decides on its seat's view, and should it fail or choose an illegal
  action, a legal one is drawn from a generator seeded by the move (``bot_decision``: the one
  way every bot of a game decides, at the window, in the runner and at a network table).

Both are functions of the position, not of the order things happened in a process, so a game
continued after a crash, an undo or a replay makes the same draws and the same bot decisions
again (a Hard bot thinking against the clock excepted: how far it searches depends on the
machine's speed; with a fixed rollout count it too is exact).

A bot decides in a worker thread (``threaded``), which asks the worker process (``worker``,
``stoneage.play.worker``) when the window gives one, so the search runs beside the window's
process on another core; ``notify`` (the window's wake-up) is called
when it is done, so the window never waits on a bot. Without a thread the decision is made at
once, in the caller's thread (the runner, the tests).
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Protocol

from stoneage.ai import BALANCED, Bot, Budget, make_bot
from stoneage.play.seats import Seat
from stoneage.play.worker import DecisionWorker, WorkerFailed, WorkerUnusable
from stoneage.rules import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    GameState,
    new_game,
    parse_action,
    sample_chance,
    seeded_rng,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Step:
    """One applied action: the state before, the action, the state after, who acted, and what
    it caused (the rules' events, in order: ``GameState.apply_with_events``), which the log
    and the sounds tell."""

    before: GameState
    action: Action
    after: GameState
    actor: int
    events: tuple[Event, ...]


def step_of(before: GameState, action: Action | str, seat: int | None = None) -> Step:
    """``action`` applied to ``before`` (for ``seat``, None: whoever acts), with its events.
    Raises ``ActionError`` as ``GameState.apply`` does."""
    if isinstance(action, str):
        action = parse_action(before, action)
    after, happened = before.apply_with_events(action, seat=seat)
    return Step(before, action, after, before.current_player(), happened)


def seat_seed(seed: int, seat: int) -> int:
    """The seed a new bot of ``seat`` of the game of ``seed`` is made with (the seed policy)."""
    return seed * 7919 + seat


def seat_bot(
    level: str,
    seed: int,
    seat: int,
    budget: Budget | None = None,
    opponent: str = BALANCED,
) -> Bot:
    """A new bot of ``level`` played by ``opponent`` (an id of ``stoneage.ai.roster()``) for
    ``seat`` of the game of ``seed`` (``budget``: Hard's thinking), made with the seat's seed
    (``seat_seed``)."""
    return make_bot(level, seat_seed(seed, seat), budget, opponent)


def bot_seed(seed: int, seat: int, ply: int) -> str:
    """The seed of a bot's generator for its decision at move ``ply`` (the seed policy)."""
    return f"stoneage-bot/{seed}/{seat}/{ply}"


def chance_outcome(state: GameState) -> Action:
    """The outcome of the chance node ``state`` under the seed policy."""
    return sample_chance(state, seeded_rng(state))


class ChanceSource(Protocol):
    """Where a match's chance outcomes come from (the dice, a card or building turned up, a
    hidden draw)."""

    #: True when the outcomes follow from the game's seed (a seeded game records its seed).
    seeded: bool

    def outcome(self, state: GameState) -> Action:
        """The outcome of the chance node ``state``."""
        ...


class SeededChance:
    """The seed policy: each outcome a function of the game's seed and the position (solo and
    hotseat games, lessons, the runner: a seed and the decisions replay a game)."""

    seeded = True

    def outcome(self, state: GameState) -> Action:
        """The outcome of ``state`` under the seed policy."""
        return chance_outcome(state)


class SystemChance:
    """Each outcome drawn when it is needed from the operating system's randomness
    (``secrets``' source): nothing stored predicts it (tables played over the network)."""

    seeded = False

    def __init__(self) -> None:
        self._rng = random.SystemRandom()

    def outcome(self, state: GameState) -> Action:
        """A fresh outcome of ``state``, with its exact probability."""
        return sample_chance(state, self._rng)


def bot_decision(bot: Bot, seed: int, seat: int, state: GameState) -> Action:
    """What ``bot``, at ``seat`` of the game of ``seed``, decides on its view of ``state``
    under the seed policy (its generator seeded by the seed, the seat and the move); a legal
    action drawn by the move should the bot fail or choose an illegal one (a bot bug must not
    end the game at the table)."""
    try:
        bot.rng.seed(bot_seed(seed, seat, state.ply))
        action = bot.choose(state.view(seat))
        if action in state.legal_actions():
            return action
        log.error("bot of seat %s chose an illegal action %s", seat, action)
    except Exception:
        log.exception("bot of seat %s failed", seat)
    return random.Random(state.ply).choice(state.legal_actions())


def decide_job(bot: Bot, seed: int, seat: int, state: GameState) -> tuple[Action, Bot]:
    """A bot's decision made in the worker process (``bot_decision``), and the bot as it is
    afterwards (what it remembers of the game goes back to the window's copy)."""
    return bot_decision(bot, seed, seat, state), bot


class Match:
    """A game in progress and the next automatic action (chance or a bot).

    Every applied step is kept (``steps``), so the log can be told again, a human's own last
    decisions can be taken back (never across a chance node: a roll or a card or tile turned up)
    and the game can be written out as a replay.

    ``chance`` draws the chance outcomes (``SeededChance`` by default). With ``SystemChance``
    the game's state records no seed: ``seed`` then only seeds the bots' own choices.

    ``script`` replays those actions from the start instead of asking anyone. ``bots`` gives
    the bot of some seats ready made (the benchmarks' variants); the other bot seats get the
    bot of their level, thinking within ``budget`` (the default budget when None).

    A match whose moves are partly decided elsewhere (the lesson's script,
    ``stoneage.tutorial``) is driven by that part: it plays its moves with ``apply`` and holds
    the bots back by not asking for ``automatic_action`` meanwhile.
    """

    def __init__(
        self,
        seats: Sequence[Seat],
        seed: int,
        state: GameState | None = None,
        threaded: bool = True,
        notify: Callable[[], None] | None = None,
        script: list[Action] | None = None,
        bots: Mapping[int, Bot] | None = None,
        budget: Budget | None = None,
        chance: ChanceSource | None = None,
        worker: DecisionWorker | None = None,
    ) -> None:
        self.seats = list(seats)
        self.seed = seed
        self.script = script
        self.chance: ChanceSource = chance if chance is not None else SeededChance()
        if state is None or script is not None:
            recorded = seed if self.chance.seeded else None
            self.state = new_game(len(self.seats), seed=recorded)
            self.steps: list[Step] = []
        else:
            self.state = state
            self.steps = replay_steps(state)
        given = dict(bots or {})
        self.bots: dict[int, Bot] = {
            i: given.get(i) or seat_bot(s.level, seed, i, budget, s.bot_opponent)
            for i, s in enumerate(self.seats)
            if not s.is_human
        }
        self.worker = worker
        self.notify = notify
        self._executor = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot") if threaded else None
        )
        self._future: Future[Action] | None = None
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
        if self.script is not None:
            return None
        return seat if seat >= 0 and self.seats[seat].is_human else None

    def thinking(self) -> bool:
        """True while a bot works on its decision."""
        return self._future is not None and not self._future.done()

    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    # --- automatic actions ------------------------------------------------------------------------
    def automatic_action(self) -> Action | None:
        """The next chance outcome or bot decision, or None (a human decides, a bot still
        thinks, the game is over or the replay has shown everything)."""
        if self.script is not None:
            return self.script[len(self.steps)] if not self.replay_finished() else None
        seat = self.actor()
        if seat == CHANCE:
            return self.chance.outcome(self.state)
        if seat == TERMINAL or self.seats[seat].is_human:
            return None
        return self._bot_action(seat)

    def _bot_action(self, seat: int) -> Action | None:
        if self._executor is None:
            return self.decide(seat, self.state)
        if self._future is not None and self._future_ply != self.state.ply:
            self._future = None  # a decision for an older position: drop it
        if self._future is None:
            self._future_ply = self.state.ply
            self._future = self._executor.submit(self._think, seat, self.state)
            notify = self.notify
            if notify is not None:
                self._future.add_done_callback(lambda _f: notify())
            return None
        if not self._future.done():
            return None
        action, self._future = self._future.result(), None
        return action

    def _think(self, seat: int, state: GameState) -> Action:
        """The bot thread's decision: in the worker process when there is one (the same
        decision: the bot goes there and comes back, see ``stoneage.play.worker``); here when
        the bot cannot be sent; by the Normal policy should the worker die or hang (the table
        never waits forever)."""
        worker = self.worker
        if worker is None:
            return self.decide(seat, state)
        try:
            action, bot = worker.run(decide_job, self.bots[seat], self.seed, seat, state)
        except WorkerUnusable:
            return self.decide(seat, state)
        except WorkerFailed as error:
            log.warning("seat %s decides by the Normal policy: %s", seat, error)
            return bot_decision(seat_bot("normal", self.seed, seat), self.seed, seat, state)
        if action in state.legal_actions():
            self.bots[seat] = bot  # what it remembers of this game (Hard's time spent)
            return action
        return self.decide(seat, state)

    def decide(self, seat: int, state: GameState) -> Action:
        """The bot of ``seat`` choosing on its own view of ``state`` (``bot_decision``)."""
        return bot_decision(self.bots[seat], self.seed, seat, state)

    # --- applying -----------------------------------------------------------------------------------
    def apply(self, action: Action | str, seat: int | None = None) -> Step:
        """Apply ``action`` (an action or its text form) for ``seat`` (None: whoever acts).
        Raises ``ActionError`` (text that is no action, or an illegal one), leaving the game
        unchanged."""
        step = step_of(self.state, action, seat)
        self.state = step.after
        self.steps.append(step)
        return step

    def play_out(self, round_cap: int | None = None) -> list[list[float]]:
        """Play on to the end (or past ``round_cap`` rounds) with every seat automatic, in the
        caller's thread; each seat's decision times in seconds (the headless runner's loop)."""
        times: list[list[float]] = [[] for _ in self.seats]
        while not self.is_over() and (round_cap is None or self.state.round <= round_cap):
            seat = self.actor()
            if seat == CHANCE:
                self.apply(self.chance.outcome(self.state))
                continue
            if seat not in self.bots:
                raise ValueError(f"seat {seat} is a human's: play_out needs a bot at every seat")
            started = time.perf_counter()
            action = self.decide(seat, self.state)
            times[seat].append(time.perf_counter() - started)
            self.apply(action, seat=seat)
        return times

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

    def jump_to(self, state: GameState) -> None:
        """Go to ``state`` of this game at once (the lesson's Back), its steps rebuilt."""
        self._future = None
        self.state = state
        self.steps = replay_steps(state)

    def close(self) -> None:
        """Stop the worker thread (a decision still running is abandoned)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._future = None


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
        steps.append(step_of(current, action))
        current = steps[-1].after
    return steps
