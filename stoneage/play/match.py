"""The match driver: the seats, the current state, chance draws and bots thinking off-thread.

One driver plays every game of the program: the window's table (a game, hotseat, the lesson,
a replay, autoplay), the headless runner (``stoneage.sim``) and, later, a server. It knows no
pygame.

One seed policy, so that a game is a function of its seed and the decisions taken, wherever it
is played:

* chance: the outcome at each chance node is drawn from ``seeded_rng(state)``, a generator made
  from the game's seed and the number of actions taken (``stoneage.rules``);
* bots: before each decision a bot's own generator is seeded with
  ``"stoneage-bot/{seed}/{seat}/{ply}"``, and the bot decides on its seat's view.

Both are functions of the position, not of the order things happened in a process, so a game
continued after a crash, an undo or a replay makes the same draws and the same bot decisions
again (a Hard bot thinking against the clock excepted: how far it searches depends on the
machine's speed; with a fixed rollout count it too is exact).

A bot decides in a worker thread (``threaded``); ``notify`` (the window's wake-up) is called
when it is done, so the window never waits on a bot. Without a thread the decision is made at
once, in the caller's thread (the runner, the tests).
"""

from __future__ import annotations

import logging
import random
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from stoneage.ai import Bot, Budget, make_bot
from stoneage.play.seats import Seat
from stoneage.rules import (
    CHANCE,
    TERMINAL,
    Action,
    GameState,
    new_game,
    parse_action,
    sample_chance,
    seeded_rng,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Step:
    """One applied action: the state before, the action, the state after, who acted."""

    before: GameState
    action: Action
    after: GameState
    actor: int


def bot_seed(seed: int, seat: int, ply: int) -> str:
    """The seed of a bot's generator for its decision at move ``ply`` (the seed policy)."""
    return f"stoneage-bot/{seed}/{seat}/{ply}"


def chance_outcome(state: GameState) -> Action:
    """The outcome of the chance node ``state`` under the seed policy."""
    return sample_chance(state, seeded_rng(state))


def bot_decision(bot: Bot, seed: int, seat: int, state: GameState) -> Action:
    """What ``bot``, at ``seat`` of the game of ``seed``, decides on its view of ``state``
    under the seed policy (its generator seeded by the seed, the seat and the move)."""
    bot.rng.seed(bot_seed(seed, seat, state.ply))
    return bot.choose(state.view(seat))


class Match:
    """A game in progress and the next automatic action (chance or a bot).

    Every applied step is kept (``steps``), so the log can be told again, a human's own last
    decisions can be taken back (never across a chance node: a roll or a card or tile turned up)
    and the game can be written out as a replay.

    ``script`` replays those actions from the start instead of asking anyone. ``bots`` gives
    the bot of some seats ready made (the benchmarks' variants); the other bot seats get the
    bot of their level, thinking within ``budget`` (the default budget when None).

    Two more hands for a match whose moves are partly decided elsewhere (the lesson's script):
    ``queue`` holds moves to play next, before anything else, one at a time as the caller
    applies them (nobody else decides meanwhile); ``hold`` stops every automatic move (the
    lesson waits for the player, or for Next).
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
    ) -> None:
        self.seats = list(seats)
        self.seed = seed
        self.script = script
        if state is None or script is not None:
            self.state = new_game(len(self.seats), seed=seed)
            self.steps: list[Step] = []
        else:
            self.state = state
            self.steps = replay_steps(state)
        given = dict(bots or {})
        self.bots: dict[int, Bot] = {
            i: given.get(i) or make_bot(s.level, seed * 7919 + i, budget, s.bot_opponent)
            for i, s in enumerate(self.seats)
            if not s.is_human
        }
        self.notify = notify
        self._executor = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot") if threaded else None
        )
        self._future: Future[Action] | None = None
        self._future_ply = -1
        self.queue: deque[Action] = deque()
        self.hold = False

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
        """The human seat that must decide now, if any (nobody decides in a replay, nor while
        queued moves are still to be played)."""
        seat = self.actor()
        if self.queue or self.script is not None:
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
        if self.queue:
            return self.queue[0]
        if self.script is not None:
            return self.script[len(self.steps)] if not self.replay_finished() else None
        if self.hold:
            return None
        seat = self.actor()
        if seat == CHANCE:
            return chance_outcome(self.state)
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
            self._future = self._executor.submit(self.decide, seat, self.state)
            notify = self.notify
            if notify is not None:
                self._future.add_done_callback(lambda _f: notify())
            return None
        if not self._future.done():
            return None
        action, self._future = self._future.result(), None
        return action

    def decide(self, seat: int, state: GameState) -> Action:
        """The bot of ``seat`` choosing on its own view of ``state`` (seeded by the seed
        policy); a random legal action should the bot fail."""
        try:
            action = bot_decision(self.bots[seat], self.seed, seat, state)
            if action in state.legal_actions():
                return action
            log.error("bot of seat %s chose an illegal action %s", seat, action)
        except Exception:  # a bot bug must not end the game at the table
            log.exception("bot of seat %s failed", seat)
        return random.Random(state.ply).choice(state.legal_actions())

    # --- applying -----------------------------------------------------------------------------------
    def apply(self, action: Action | str, seat: int | None = None) -> Step:
        """Apply ``action`` (an action or its text form) for ``seat`` (None: whoever acts).
        Raises ``ActionError`` (text that is no action, or an illegal one), leaving the game
        unchanged."""
        before = self.state
        actor = before.current_player()
        if isinstance(action, str):
            action = parse_action(before, action)
        after = before.apply(action, seat=seat)
        self.state = after
        step = Step(before, action, after, actor)
        self.steps.append(step)
        if self.queue and self.queue[0] == action:
            self.queue.popleft()
        return step

    def play_out(self, round_cap: int | None = None) -> list[list[float]]:
        """Play on to the end (or past ``round_cap`` rounds) with every seat automatic, in the
        caller's thread; each seat's decision times in seconds (the headless runner's loop)."""
        times: list[list[float]] = [[] for _ in self.seats]
        while not self.is_over() and (round_cap is None or self.state.round <= round_cap):
            seat = self.actor()
            if seat == CHANCE:
                self.apply(chance_outcome(self.state))
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
        """Go to ``state`` of this game at once (the lesson's Back), its steps rebuilt and the
        queue emptied."""
        self._future = None
        self.queue.clear()
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
        after = current.apply(action)
        steps.append(Step(current, action, after, current.current_player()))
        current = after
    return steps
