"""Hard: sampled futures of the current round, judged by the heuristic evaluation at its end.

For each candidate action (the heuristic's best few, more as time allows), the search plays the
rest of the round many times: chance outcomes drawn from what the seat has not seen (the view is
already a determinization), every seat playing a rollout policy: the quick heuristic
(``quick_choice``) or the full one with noise (``styled_choice``, Hard's default). At the
round's end (or the game's) every seat's position is priced by ``evaluate``; a candidate is
worth the mean of (own worth - best rival's worth). Candidates share their random futures
(common random numbers), so they are compared on the same dice (Hard: on the futures both
saw, ``paired_values``); the weaker half is dropped at each checkpoint (sequential halving:
``CHECKPOINTS``, ``hard1``'s, or ``halving_schedule`` spread over the budget).

The search stops after ``iterations`` rollouts (deterministic given the seed) or after
``seconds`` (depends on the machine's speed and load: a time budget is not reproducible).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from stoneage.rules import CHANCE, Action, GameState, Place, sample_chance
from stoneage.rules.data import CARD_SPACES, FOREST, HUNT, RESOURCE_VALUES, RIVER

from .placement import ROUNDING_LOSS, hunt_gain, plan_for, space_gain
from .policy import STALL_PUSH, STALL_ROUND, Style, score_actions
from .prices import Prices, prices_for
from .values import evaluate_all

ROLLOUT_STYLE = Style(foresight=True)
RIVAL_MAX_WEIGHT = 0.5  # measured: 0, 0.5 and 1 play alike against Normal; 0.5 is steadiest
ROLLOUT_NOISE = 1.0  # keeps the sampled futures varied where the policy is nearly indifferent
DIVISORS = RESOURCE_VALUES  # pips per unit on forest, clay pit, quarry, river
CHECKPOINTS = (3, 6, 12, 24, 48, 96, 192)  # rollouts per candidate at which the worse half goes
MIN_PHASE = 3  # the fewest rollouts a candidate gets in one phase of a budgeted schedule

Judge = Callable[[GameState], list[float]]  # every seat's estimated final score
Policy = Callable[[GameState, int, random.Random], Action]  # a seat's move in a rollout


@dataclass(slots=True)
class Candidate:
    """One root action under study: its prior score and the utilities of its rollouts."""

    action: Action
    prior: float
    results: list[float] = field(default_factory=list)
    start: int = 0  # the search's future of the first result (reserve candidates come in late)
    value: float | None = None  # the paired estimate the search ranked it by (``paired_values``)

    @property
    def mean(self) -> float:
        """Mean utility so far (the prior, scaled down, before any rollout)."""
        if not self.results:
            return -1e9 + self.prior
        return sum(self.results) / len(self.results)

    @property
    def estimate(self) -> float:
        """The paired estimate where the search made one, else the mean."""
        return self.mean if self.value is None else self.value


@dataclass(slots=True)
class Limits:
    """When one search must stop: a number of rollouts and/or a deadline."""

    iterations: int | None = None
    deadline: float | None = None
    done: int = 0
    planned: int | None = None  # the rollouts expected before a limit (to spread them)

    def exhausted(self) -> bool:
        """True once either limit is reached."""
        if self.iterations is not None and self.done >= self.iterations:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline


def utility(worths: list[float], seat: int) -> float:
    """Own estimated final score minus a blend of the best rival's and the rivals' mean:
    winning depends on the best rival, but the mean is a steadier signal early on."""
    rivals = [w for i, w in enumerate(worths) if i != seat]
    return (
        worths[seat]
        - RIVAL_MAX_WEIGHT * max(rivals)
        - (1.0 - RIVAL_MAX_WEIGHT) * sum(rivals) / len(rivals)
    )


def rollout(
    state: GameState,
    seat: int,
    rng: random.Random,
    judge: Judge = evaluate_all,
    rounds: int = 1,
    policy: Policy | None = None,
) -> float:
    """Play to the end of the current round (or of ``rounds`` rounds) with the quick policy;
    the seat's utility there, every seat's worth estimated by ``judge``."""
    return utility(judge(play_out(state, rng, rounds, policy)), seat)


def play_out(
    state: GameState, rng: random.Random, rounds: int = 1, policy: Policy | None = None
) -> GameState:
    """The position at the end of the current round (or of ``rounds`` rounds, or the game's),
    chance drawn from ``rng``, every seat playing ``policy`` (the quick one when None)."""
    stop_round = state.round + rounds
    choose = policy or quick_choice
    while not state.is_terminal() and state.round < stop_round:
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(choose(state, actor, rng))
    return state


def quick_choice(state: GameState, seat: int, rng: random.Random) -> Action:
    """The rollout policy: the heuristic's best action, placements with a little noise."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if state.placing():
        return quick_placement(state, seat, actions, rng)
    scored = score_actions(state, seat, ROLLOUT_STYLE)
    return max(scored, key=lambda item: item[1])[0]


def styled_choice(style: Style, noise: float = ROLLOUT_NOISE) -> Policy:
    """A rollout policy playing the heuristic with ``style`` (blocking, timing) at placements,
    with ``noise`` points of uniform spread, and the quick policy's best at the small steps."""

    def choose(state: GameState, seat: int, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if not state.placing():
            return quick_choice(state, seat, rng)
        spread = 2.0 * noise
        scored = placement_scores(state, seat, style)
        return max(scored, key=lambda item: item[1] + spread * rng.random())[0]

    return choose


def seated_choice(own_seat: int, own: Style, others: Style, noise: float = ROLLOUT_NOISE) -> Policy:
    """A rollout policy for an opponent with leanings: its own seat (``own_seat``) plays its
    own ``own`` judgement (placements as ``styled_choice`` does, the small steps by its best),
    the other seats ``styled_choice(others, noise)``."""
    mine, theirs = styled_choice(own, noise), styled_choice(others, noise)

    def choose(state: GameState, seat: int, rng: random.Random) -> Action:
        if seat != own_seat:
            return theirs(state, seat, rng)
        if state.placing():
            return mine(state, seat, rng)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return max(score_actions(state, seat, own), key=lambda item: item[1])[0]

    return choose


# Placement scores by position, for the rollouts. The placement phase has no chance in it, so
# the rollouts of one search pass through the same placement positions again and again (their
# noise picks among a few near-equal moves): measured at 4 players, the scores of most of a
# rollout's placements were already made by an earlier rollout of the same search. The key is
# what the scores read: the players (by identity: a changed player is a new object, and the
# entry keeps its players alive so the identity cannot be reused), the figures placed, the
# table's round, display, tops, deck and stacks, the seat, the style or kind, and the prices
# in force (tuning swaps them between decisions).
_MEMO: dict[tuple[object, ...], tuple[object, object, object]] = {}
MEMO_SIZE = 20_000  # a bound on memory (a 4-player search of 540 rollouts makes ~1,400)


def _memo_key(state: GameState, seat: int, kind: object) -> tuple[object, ...]:
    return (
        kind,
        seat,
        id(state.players),
        state.placed,
        state.round,
        state.display,
        state.tops,
        state.deck_size,
        state.stack_sizes,
    )


def _memo_get(state: GameState, key: tuple[object, ...], price: Prices) -> object | None:
    found = _MEMO.get(key)
    if found is not None and found[0] is state.players and found[1] is price:
        return found[2]
    return None


def _memo_put(state: GameState, key: tuple[object, ...], price: Prices, value: object) -> None:
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = (state.players, price, value)


def placement_scores(state: GameState, seat: int, style: Style) -> list[tuple[Action, float]]:
    """``score_actions`` at a placement, remembered for the position (see ``_MEMO``)."""
    key = _memo_key(state, seat, style)
    price = prices_for(state.n)
    found = _memo_get(state, key, price)
    if found is None:
        found = score_actions(state, seat, style)
        _memo_put(state, key, price, found)
    return cast(list[tuple[Action, float]], found)


def placements_made(state: GameState) -> int:
    """Placements made so far this round, every seat's together (a seat places on a space
    once a round, so each occupied space of each seat is one placement)."""
    return sum(1 for row in state.placed for figures in row if figures)


def near_choice(style: Style, noise: float, root: GameState, plies: int) -> Policy:
    """A rollout policy playing ``styled_choice`` for the next ``plies`` placements after the
    root's and the quick policy after them: the replies right after a candidate (the rivals'
    blocks, the space left to take) get Normal's whole judgement, the rest of the round the
    quick one, several times cheaper at 4 players."""
    full, limit = styled_choice(style, noise), placements_made(root) + 1 + plies

    def choose(state: GameState, seat: int, rng: random.Random) -> Action:
        if state.phase == "place" and placements_made(state) < limit:
            return full(state, seat, rng)
        return quick_choice(state, seat, rng)

    return choose


def quick_placement(
    state: GameState, seat: int, actions: list[Action], rng: random.Random
) -> Action:
    """Normal's placement judgement without blocking or timing (``quick_values``), with a
    little noise."""
    spread = 2.0 * ROLLOUT_NOISE
    best, best_value = actions[0], -1e18
    for action, value, cost in quick_values(state, seat, actions):
        value += spread * rng.random() - cost
        if value > best_value:
            best, best_value = action, value
    return best


def quick_values(
    state: GameState, seat: int, actions: list[Action]
) -> list[tuple[Action, float, float]]:
    """Each placement's gain and its figures' cost for the quick policy, gathering priced
    inline (this runs for every placement of every rollout), remembered for the position."""
    key = _memo_key(state, seat, "quick")
    price = prices_for(state.n)
    found = _memo_get(state, key, price)
    if found is not None:
        return cast(list[tuple[Action, float, float]], found)
    plan = plan_for(state, seat)
    prices, pips = plan.out.res_value, plan.tool_pips
    res, incoming = plan.p.res, plan.incoming
    figure_cost = plan.out.prices.figure_cost
    fixed: dict[int, float] = {}
    values: list[tuple[Action, float, float]] = []
    for action in actions:
        if action.__class__ is not Place:
            continue
        space, count = action.space, action.count
        if FOREST <= space <= RIVER:
            index = space - FOREST
            units = (3.5 * count + pips) / DIVISORS[index] - ROUNDING_LOSS
            held = res[index] + incoming[index] + units * 0.5
            discount = 1.0 if held <= 4 else max(0.6, 1.0 - 0.05 * (held - 4))
            value = units * prices[index] * discount
        elif space == HUNT:
            value = hunt_gain(plan, count)
        else:
            if space not in fixed:
                fixed[space] = space_gain(state, plan, space, count)
                if space >= CARD_SPACES[0] and state.round >= STALL_ROUND:
                    fixed[space] += STALL_PUSH
            value = fixed[space]
        values.append((action, value, figure_cost * count))
    _memo_put(state, key, price, values)
    return values


def search(
    view: GameState,
    candidates: list[Candidate],
    rng: random.Random,
    limits: Limits,
    reserve: list[Candidate] | None = None,
    judge: Judge = evaluate_all,
    rounds: int = 1,
    policy: Policy | None = None,
    checkpoints: tuple[int, ...] = CHECKPOINTS,
    paired: bool = True,
    shadow: Candidate | None = None,
) -> list[Candidate]:
    """Sequential halving with common random numbers; returns the candidates best first.

    ``paired`` (Hard): candidates are compared on the futures they share (``paired_values``),
    at each checkpoint and at the end, and the finalists (alive when the search stops, with
    at least half the futures of the best-studied one) come first, then the others. A
    reserve candidate comes in on later futures than the others, and a dropped one saw only
    earlier futures: comparing plain means told which futures were kinder more than which
    move was better (at 900 rollouts 5.5 % of searches chose a dropped candidate by its plain
    mean). ``paired=False`` ranks as ``hard1`` does: plain means, and only the first
    candidates at the end (a reserve candidate that came in is never chosen).
    ``checkpoints``: the rollouts per candidate at which the worse half goes (``CHECKPOINTS``,
    ``hard1``'s, or a schedule spread over a known budget: ``halving_schedule``).
    ``shadow`` (the review's move to judge, beside the search): rolled out on every future
    the search draws, on top of its limits, never dropped and never ranked, so the search and
    its choice are exactly those made without it; its ``value`` is set like the others'."""
    seat = view.current_player()
    _MEMO.clear()  # positions of an earlier search do not recur
    alive = list(candidates)
    reserve = list(reserve or [])
    entered = list(reserve)  # the reserve as given: ``_halve`` pops from ``reserve``
    riders = [shadow] if shadow is not None else []
    children = {id(c): view.apply(c.action) for c in alive + reserve + riders}
    index = 0
    while not limits.exhausted() and len(alive) > 1:
        future_seed = rng.getrandbits(64)
        for cand in alive:
            future = random.Random(future_seed)
            if not cand.results:
                cand.start = index
            cand.results.append(rollout(children[id(cand)], seat, future, judge, rounds, policy))
            limits.done += 1
        for cand in riders:  # not counted: the limits are the search's own
            future = random.Random(future_seed)
            cand.results.append(rollout(children[id(cand)], seat, future, judge, rounds, policy))
        index += 1
        if index in checkpoints:
            alive = _halve(alive, reserve, paired)
    if not paired:
        if shadow is not None:
            shadow.value = shadow.mean if shadow.results else None
        return sorted(candidates, key=lambda c: (-c.mean, -c.prior))
    every = [c for c in candidates + entered if c.results]
    values = paired_values(every + [c for c in riders if c.results], alive)
    for cand in every:
        cand.value = values[id(cand)]
    if shadow is not None and shadow.results:
        shadow.value = values[id(shadow)]
    finalists = _finalists(alive)
    return sorted(every, key=lambda c: (id(c) not in finalists, -c.estimate, -c.prior))


def _finalists(alive: list[Candidate]) -> set[int]:
    """The alive candidates the choice is made among: those with at least half the futures
    of the best-studied one. A reserve candidate let in just before the search stopped has one
    or a few futures; chosen on those, it was chosen by luck (measured at 40 rollouts, where
    the search stops that way: 35 of 100 games against ``hard1`` where 54 had been won)."""
    most = max((len(c.results) for c in alive), default=0)
    return {id(c) for c in alive if c.results and 2 * len(c.results) >= most}


def paired_values(every: list[Candidate], alive: list[Candidate]) -> dict[int, float]:
    """Each candidate's value on common futures: the reference's mean (the alive candidate
    that came in first) plus the candidate's mean difference from the reference on the futures
    both saw (a control variate: the futures' luck cancels). A candidate that shares no future
    with the reference keeps its plain mean."""
    studied = [c for c in alive if c.results]
    if not studied:
        return {id(c): c.mean for c in every}
    ref = min(studied, key=lambda c: (c.start, -len(c.results)))
    values: dict[int, float] = {}
    for cand in every:
        low = max(cand.start, ref.start)
        high = min(cand.start + len(cand.results), ref.start + len(ref.results))
        if cand is ref or high <= low:
            values[id(cand)] = cand.mean
            continue
        gap = sum(
            cand.results[f - cand.start] - ref.results[f - ref.start] for f in range(low, high)
        )
        values[id(cand)] = ref.mean + gap / (high - low)
    return values


def halving_schedule(budget: int, alive: int, reserve: int) -> tuple[int, ...]:
    """Checkpoints that spread ``budget`` rollouts evenly over the phases of the halving.

    ``CHECKPOINTS`` drop half the candidates after 3 rollouts each, whatever the budget, and
    give the rest to the last two: with 900 rollouts, four of the six first candidates go on
    3 or 6 futures each, where two candidates' outcomes differ by 15 to 35 points from one
    future to the next (docs/ai.md) while their values differ by a few. Here each phase
    (``alive`` candidates, then fewer as ``_halve`` drops them and lets the ``reserve`` in)
    gets an equal share of the budget, at least ``MIN_PHASE`` rollouts a candidate."""
    sizes = phase_sizes(alive, reserve)
    share = budget / (len(sizes) + 1)  # the last phase: the two finalists
    marks: list[int] = []
    index = 0
    for size in sizes:
        index += max(MIN_PHASE, int(share / size))
        marks.append(index)
    return tuple(marks)


def phase_sizes(alive: int, reserve: int) -> list[int]:
    """The candidates alive in each phase before the last two, as ``_halve`` leaves them:
    the better half (at least two) plus one from the ``reserve`` while it lasts."""
    sizes: list[int] = []
    while alive > 2:
        sizes.append(alive)
        kept = _kept(alive)
        if reserve:
            kept, reserve = kept + 1, reserve - 1
        alive = kept
    return sizes


def _kept(alive: int) -> int:
    """How many of ``alive`` candidates a halving keeps: the better half, at least two."""
    return max(2, math.ceil(alive / 2))


def _halve(alive: list[Candidate], reserve: list[Candidate], paired: bool) -> list[Candidate]:
    """Keep the better half (at least two), by ``paired_values`` or (``hard1``) plain means;
    a reserve candidate joins for each one dropped while the reserve lasts (progressive
    widening), so it gets a look on later futures."""
    if paired:
        values = paired_values(alive, alive)
        ranked = sorted(alive, key=lambda c: -values[id(c)])
    else:
        ranked = sorted(alive, key=lambda c: -c.mean)
    keep = ranked[: _kept(len(ranked))]
    if reserve and len(ranked) > 2:
        keep.append(reserve.pop(0))
    return keep
