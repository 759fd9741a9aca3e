"""The Hard bot: Normal's judgement to pick candidates, sampled futures to choose among them.

Thinking time is spent where it matters. A forced move or a step whose heuristic answer is far
ahead of the rest is answered at once; tool choices, dice picks and feeding get a sliver of the
budget, the order of resolution and payments a part, placements the full amount.

The default budget is counted in rollouts, not seconds, so Hard plays the same moves on a slow
or busy machine as on a fast one (and replays exactly). The machine's speed is measured once
(rollouts per second, per table size, per process); only a machine too slow to do the rollouts
within ``ceiling`` seconds a placement gets fewer. Deadlines stay as a safety net: ``cap``
seconds a decision, and pacing so a whole game stays within ``game_seconds`` of thinking.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from stoneage.rules import Action, GameState, Place

from .bots import Bot
from .outlook import rounds_left
from .policy import Style, score_actions, step_kind
from .search import (
    CHECKPOINTS,
    Candidate,
    Judge,
    Limits,
    Policy,
    halving_schedule,
    near_choice,
    rollout,
    search,
    seated_choice,
    styled_choice,
)
from .values import evaluate_all

# Share of the per-decision budget by the kind of step (placement = 1).
STEP_SHARE = {
    None: 1.0,
    "resolve": 0.35,
    "pay_card": 0.35,
    "pay_building": 0.35,
    "tools": 0.12,
    "items_pick": 0.1,
    "feed": 0.1,
}
OBVIOUS_GAP = {
    None: 40.0,
    "resolve": 1e9,
    "pay_card": 12.0,
    "pay_building": 12.0,
    "tools": 4.0,
    "items_pick": 4.0,
    "feed": 6.0,
}
CANDIDATES = 6  # placements studied from the start; the next ones wait in reserve
RESERVE = 4
MIN_ROLLOUTS = 12  # with a rollout budget, the fewest rollouts a searched step gets
DECISIONS_PER_ROUND = 7.0  # placements-equivalent decisions of one seat in a round (pacing)
# Default rollouts a placement by table size. On a fast 2-core machine (2026-11: about 3,500
# rollouts a second at 2 players, 1,900 at 4, in real searches) this fills about 20 s of a
# 4-player game's thinking, about what hard1's 0.45 s a placement spends there; a slower or
# busier machine gets what its measured speed allows in ``ceiling`` seconds, paced over the
# game (docs/ai.md).
DEFAULT_ROLLOUTS = {2: 1200, 3: 1000, 4: 1000}
PACE_SLACK = 3.0  # a decision may take this many times its fair share of the game's budget
CALIBRATION_SECONDS = 0.05  # time spent measuring the machine's speed, once per table size
RATE_MIN_SECONDS = 0.02  # a search shorter than this says too little about the speed
PLAN_MARGIN = 0.9  # share of a step's time its rollouts are planned to fill


@dataclass(frozen=True, slots=True)
class Budget:
    """How long Hard thinks, scaled by the kind of step (see the module docstring).

    Default: ``iterations`` rollouts a placement (``DEFAULT_ROLLOUTS`` by table size when None),
    fewer only if the measured speed could not do them in ``ceiling`` seconds; never more than
    ``cap`` seconds a decision nor, paced, ``game_seconds`` a game. ``Budget.rollouts(n)``:
    exactly n, no clock at all (reproducible). ``Budget.timed(s)``: s seconds a placement
    (machine-dependent, as ``hard1`` thinks)."""

    seconds: float | None = None  # a time budget a placement instead of rollouts
    iterations: int | None = None
    game_seconds: float = 25.0  # the most to think over one game (paced; not with ``exact``)
    exact: bool = False  # ``iterations`` exactly, whatever the clock says
    ceiling: float = 1.0  # the most seconds a placement's rollouts may take at measured speed
    cap: float = 1.6  # the most seconds one decision may take

    @staticmethod
    def rollouts(iterations: int) -> Budget:
        """A reproducible budget: a fixed number of rollouts per placement, no clock."""
        return Budget(iterations=iterations, exact=True)

    @staticmethod
    def timed(seconds: float, game_seconds: float = 25.0) -> Budget:
        """A time budget: ``seconds`` a placement, paced to ``game_seconds`` a game."""
        return Budget(seconds=seconds, game_seconds=game_seconds)


def default_rollouts(players: int) -> int:
    """Hard's default rollouts a placement at a table of ``players``."""
    return DEFAULT_ROLLOUTS.get(players, DEFAULT_ROLLOUTS[4])


_SPEED: dict[tuple[int, str], float] = {}  # measured rollouts per second, in this process


def measured_speed(view: GameState, policy: Policy | None = None, kind: str = "quick") -> float:
    """Rollouts per second this machine manages from positions like ``view`` with the rollout
    ``policy`` (measured on the first call for each table size and ``kind`` of policy, then
    remembered)."""
    key = (view.n, kind)
    if key not in _SPEED:
        rng = random.Random(0)  # its own: measuring must not change the bot's decisions
        seat = view.current_player()
        done, started = 0, time.perf_counter()
        while done < 4 or time.perf_counter() - started < CALIBRATION_SECONDS:
            rollout(view, seat, rng, policy=policy)
            done += 1
        _SPEED[key] = done / max(time.perf_counter() - started, 1e-6)
    return _SPEED[key]


# The rollouts' placements by Normal's whole judgement (blocking, end-game timing), so the
# search expects the rivals Normal-like players are and its own later figures to play as well
# (measured: docs/ai.md); ``Tactics(rollout_style=None)`` is the quick policy of ``hard1``.
FULL_ROLLOUT_STYLE = Style(foresight=True, fitted=True)
# With ``Tactics(near_plies=k)`` the whole judgement plays only the k placements right after
# the candidate, the quick policy the rest of the round (off: since the rollouts remember
# placement scores by position, the whole judgement costs about 1.1 times the near policy).
NEAR_PLIES = 4
NEAR_MIN_PLAYERS = 4
# The rollouts' spread at a crowded table. Three searching rivals place on Normal's best far
# less often than the rollout policy at 1 point of spread expects (``hard1``: 40 % of its
# placements, the policy: 80 %); with more spread the futures cover the replies such rivals
# make. Measured at 4 players against three ``hard1`` (docs/ai.md); 2 players keep 1 point.
CROWDED_NOISE = 3.0
CROWDED_MIN_PLAYERS = 4


@dataclass(frozen=True, slots=True)
class Tactics:
    """How Hard spends its rollouts. On by default: the full rollout policy. The others are
    off: measured against ``hard1`` at equal rollouts they did not help (docs/ai.md); kept to
    be measured again."""

    counts_per_space: int | None = None  # placements of one space studied from the start
    past_round_end: float = 0.0  # with fewer rounds left, rollouts also play the next round
    candidates: int = CANDIDATES  # placements studied from the start
    reserve: int = RESERVE  # placements waiting to replace dropped ones
    horizon: int = 1  # rounds every rollout plays (the current one and the next ones)
    rollout_style: Style | None = FULL_ROLLOUT_STYLE  # None: the quick policy (hard1's)
    rollout_noise: float = 1.0  # points of spread added to the rollouts' placement scores
    crowded_noise: float | None = CROWDED_NOISE  # the spread at crowded tables (None: as above)
    crowded_min_players: int = CROWDED_MIN_PLAYERS  # ... of at least this many players
    spread_budget: bool = True  # halving spread over the budget; False: hard1's CHECKPOINTS
    paired: bool = True  # compare on shared futures, choose a finalist; False: hard1's way
    near_plies: int | None = None  # the whole judgement only this many placements deep
    near_min_players: int = NEAR_MIN_PLAYERS  # ... at tables of at least this many players
    own_style: Style | None = None  # an opponent's own judgement for its seat in the rollouts

    def noise_at(self, players: int) -> float:
        """Points of spread of the rollouts' placements at a table of ``players``."""
        if self.crowded_noise is not None and players >= self.crowded_min_players:
            return self.crowded_noise
        return self.rollout_noise


def candidate_pool(
    scored: list[tuple[Action, float]], width: int, reserve: int, per_space: int | None
) -> tuple[list[Candidate], list[Candidate]]:
    """The candidates studied from the start and those kept in reserve, in heuristic order;
    with ``per_space``, at most that many figure counts of one space start (the others wait
    in the reserve), so the first candidates are different plans, not one plan at 3 counts."""
    first: list[Candidate] = []
    later: list[Candidate] = []
    taken: dict[int, int] = {}
    for action, score in scored:
        space = action.space if isinstance(action, Place) else None
        crowded = per_space is not None and space is not None and taken.get(space, 0) >= per_space
        if len(first) < width and not crowded:
            first.append(Candidate(action, score))
            if space is not None:
                taken[space] = taken.get(space, 0) + 1
        elif len(later) < reserve:
            later.append(Candidate(action, score))
        if len(first) >= width and len(later) >= reserve:
            break
    return first, later


class HardBot(Bot):
    """Monte Carlo search over the rest of the round (see ``search``)."""

    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        budget: Budget = Budget(),
        style: Style = FULL_ROLLOUT_STYLE,
        speed: float | None = None,
        judge: Judge = evaluate_all,
        tactics: Tactics = Tactics(),
    ) -> None:
        super().__init__(seed)
        self.budget, self.style, self.judge, self.tactics = budget, style, judge, tactics
        self.speed = speed  # rollouts per second; None: measured (``measured_speed``)
        self._styled: dict[float, Policy] = {}  # the styled rollout policy by its spread
        self.policy: Policy | None = self._styled_at(tactics.rollout_noise)
        self.spent = 0.0  # seconds thought in the current game
        self.last_limits: Limits | None = None  # the limits of the latest search (for tests)
        self._last_round = 0
        self._rate: float | None = None  # rollouts a second seen in this game's searches

    def __getstate__(self) -> dict[str, object]:
        """What a copy in another process needs (the window's search worker): everything but
        the styled rollout policies, closures made again from the tactics on arrival."""
        state = dict(self.__dict__)
        state["_styled"], state["policy"] = {}, None
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        """Rebuild a copy made by ``__getstate__`` (its rollout policy made afresh)."""
        self.__dict__.update(state)
        self.policy = self._styled_at(self.tactics.rollout_noise)

    def choose(self, view: GameState) -> Action:
        """The candidate whose sampled futures end best for this seat."""
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.analyse(view)[0][0]

    def analyse(
        self, view: GameState, extra: Action | None = None
    ) -> list[tuple[Action, float | None]]:
        """Every legal action, best first, with its estimated value: the mean over sampled
        futures of the seat's utility at the end of the round (own estimated final score minus
        half the best rival's and half the rivals' mean, ``search.utility``). Actions
        the search did not study follow, in heuristic order, with value ``None``; where no
        search was needed (a forced or obvious step) the values are the heuristic's scores.

        ``extra`` (the review: the move a player made) is valued too, on every future the
        search draws, without changing the search or the order (``search``'s ``shadow``). At
        an obvious step where ``extra`` is not the heuristic's best, the two are compared on
        the same futures and only those two get a value. An ``extra`` that is the best of a
        forced or obvious step keeps the heuristic's values (nothing to compare)."""
        started = time.perf_counter()
        self._new_game_check(view)
        self.last_limits = None
        ranked = self._think(view, started, extra)
        elapsed = time.perf_counter() - started
        self.spent += elapsed
        self._observe(self.last_limits, elapsed)
        return ranked

    def _new_game_check(self, view: GameState) -> None:
        if view.round < self._last_round:
            self.spent = 0.0
            self._rate = None
        self._last_round = view.round

    def _observe(self, limits: Limits | None, elapsed: float) -> None:
        """Remember the speed of the search just made (rollouts a second, decisions included):
        later rounds' rollouts are longer than those measured at the start, so plans sized by
        the first measurement alone would still be cut by the clock late in the game."""
        if limits is None or limits.done < MIN_ROLLOUTS or elapsed < RATE_MIN_SECONDS:
            return
        rate = limits.done / elapsed
        self._rate = rate if self._rate is None else 0.5 * (self._rate + rate)

    def _think(
        self, view: GameState, started: float, extra: Action | None = None
    ) -> list[tuple[Action, float | None]]:
        scored = sorted(score_actions(view, view.current_player(), self.style), key=lambda x: -x[1])
        step = step_kind(view)
        if len(scored) == 1 or scored[0][1] - scored[1][1] >= OBVIOUS_GAP[step]:
            if extra is None or extra == scored[0][0] or len(scored) == 1:
                return [(a, s) for a, s in scored]
            return self._compare(view, scored, extra, step, started)
        limits = self._limits(view, step, started)
        self.last_limits = limits
        tactics = self.tactics
        width = tactics.candidates if step is None else 4
        first, reserve = candidate_pool(scored, width, tactics.reserve, tactics.counts_per_space)
        shadow = None if extra is None else Candidate(extra, -1e9)
        rounds = tactics.horizon + (1 if rounds_left(view) < tactics.past_round_end else 0)
        marks: tuple[int, ...] = CHECKPOINTS
        if tactics.spread_budget and limits.planned is not None:
            marks = halving_schedule(limits.planned, len(first), len(reserve))
        studied = search(
            view,
            first,
            self.rng,
            limits,
            reserve,
            self.judge,
            rounds,
            self._policy_for(view),
            marks,
            tactics.paired,
            shadow,
        )
        seen = {c.action for c in studied if c.results}
        rest = [(a, s) for a, s in scored if a not in seen]
        ranked: list[tuple[Action, float | None]] = [
            (c.action, c.estimate) for c in studied if c.results
        ] + [(a, None) for a, _ in rest]
        if shadow is None or shadow.value is None:
            return ranked
        return [(a, shadow.value if a == extra else v) for a, v in ranked]

    def duel(self, view: GameState, actions: list[Action], futures: int) -> list[float]:
        """The values of ``actions`` on the same ``futures`` sampled futures each (the review
        weighs a player's move against Hard's more closely where it matters): the mean
        utility, as ``analyse`` values them, with this bot's rollout policy and generator."""
        rollouts = max(1, futures) * len(actions)
        studied = [Candidate(a, 0.0) for a in actions]
        limits = Limits(iterations=rollouts, planned=rollouts)
        rounds = self.tactics.horizon
        policy = self._policy_for(view)
        search(view, studied, self.rng, limits, [], self.judge, rounds, policy, ())
        return [c.mean for c in studied]

    def _compare(
        self,
        view: GameState,
        scored: list[tuple[Action, float]],
        extra: Action,
        step: str | None,
        started: float,
    ) -> list[tuple[Action, float | None]]:
        """An obvious step's best against ``extra`` on the same futures (the review), both
        with a value, the order the heuristic's (its best first, as Hard plays it)."""
        limits = self._limits(view, step, started)
        self.last_limits = limits
        pair = [Candidate(scored[0][0], scored[0][1]), Candidate(extra, -1e9)]
        rounds = self.tactics.horizon
        studied = search(
            view, pair, self.rng, limits, [], self.judge, rounds, self._policy_for(view), ()
        )
        values = {c.action: c.estimate for c in studied if c.results}
        return [(a, values.get(a)) for a, _ in scored]

    def _limits(self, view: GameState, step: str | None, started: float) -> Limits:
        share = STEP_SHARE.get(step, 0.3)
        budget = self.budget
        if budget.exact and budget.iterations is not None:
            iterations = max(MIN_ROLLOUTS, int(budget.iterations * share))
            return Limits(iterations=iterations, planned=iterations)
        speed = self._speed(view)
        if budget.seconds is not None:
            seconds = max(min(budget.seconds * share, self._pace(view) * share), 0.01)
            return Limits(deadline=started + seconds, planned=self._doable(speed, seconds))
        wanted = budget.iterations or default_rollouts(view.n)
        affordable = int(speed * budget.ceiling)
        iterations = max(MIN_ROLLOUTS, int(min(wanted, affordable) * share))
        seconds = max(min(budget.cap, PACE_SLACK * self._pace(view) * share), 0.05)
        # The halving is spread over what the clock will let the search do: where pacing
        # stops it sooner than ``iterations`` (late in a game on a machine that does not keep
        # up: measured, about 200 of the 900 rollouts), a schedule sized for ``iterations`` left
        # the search in its second phase, still among four candidates on a few dozen futures.
        # A machine that keeps up plans ``iterations`` and plays the same moves on any speed.
        planned = min(iterations, max(MIN_ROLLOUTS, self._doable(speed, seconds)))
        return Limits(iterations, time.perf_counter() + seconds, planned=planned)

    def _doable(self, speed: float, seconds: float) -> int:
        """Rollouts a search can do in ``seconds``, at the speed seen in this game's searches
        (the measured ``speed`` before the first; a ``speed`` given to the bot is kept as
        is), less a margin for the rest of the step."""
        rate = self._rate if self._rate is not None and self.speed is None else speed
        return int(rate * seconds * PLAN_MARGIN)

    def _speed(self, view: GameState) -> float:
        """Rollouts per second: as given, else measured once for this table size."""
        if self.speed is not None:
            return self.speed
        near = self._near(view)
        kind = f"{self.tactics.rollout_style!r}, near {near}, noise {self.tactics.noise_at(view.n)}"
        return measured_speed(view, self._policy_for(view), kind)

    def _near(self, view: GameState) -> int | None:
        """Placements played by the whole judgement at this table (None: all of them)."""
        tactics = self.tactics
        if tactics.rollout_style is None or view.n < tactics.near_min_players:
            return None
        return tactics.near_plies

    def _policy_for(self, view: GameState) -> Policy | None:
        """The rollout policy of a search from ``view``."""
        tactics = self.tactics
        near, style = self._near(view), tactics.rollout_style
        if style is None:
            return self.policy
        noise = tactics.noise_at(view.n)
        if near is not None:
            return near_choice(style, noise, view, near)
        if tactics.own_style is not None:
            return seated_choice(view.current_player(), tactics.own_style, style, noise)
        return self._styled_at(noise)

    def _styled_at(self, noise: float) -> Policy | None:
        """The rollout policy at ``noise`` points of spread, made once per spread (None: the
        quick policy, which has its own)."""
        style = self.tactics.rollout_style
        if style is None:
            return None
        if noise not in self._styled:
            self._styled[noise] = styled_choice(style, noise)
        return self._styled[noise]

    def _pace(self, view: GameState) -> float:
        """Seconds per placement left to stay within the game's thinking budget."""
        left_rounds = rounds_left(view) + 1.0
        remaining = max(0.5, self.budget.game_seconds - self.spent)
        return remaining / (left_rounds * DECISIONS_PER_ROUND)
