"""Hard: sampled futures of the current round, judged by the heuristic evaluation at its end.

For each candidate action (the heuristic's best few, more as time allows), the search plays the
rest of the round many times: chance outcomes drawn from what the seat has not seen (the view is
already a determinization), every seat playing the quick heuristic policy. At the round's end
(or the game's) every seat's position is priced by ``evaluate``; a candidate is worth the mean
of (own worth - best rival's worth). Candidates share their random futures (common random
numbers), so they are compared on the same dice; the weaker half is dropped at each checkpoint
(sequential halving).

The search stops after ``iterations`` rollouts (deterministic given the seed) or after
``seconds`` (depends on the machine's speed and load: a time budget is not reproducible).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from stoneage.rules import CHANCE, Action, GameState, Place, sample_chance
from stoneage.rules.data import CARD_SPACES, FOREST, HUNT, RESOURCE_VALUES, RIVER

from .placement import FIGURE_COST, ROUNDING_LOSS, hunt_gain, plan_for, space_gain
from .policy import STALL_PUSH, STALL_ROUND, Style, score_actions
from .values import evaluate_all

ROLLOUT_STYLE = Style(foresight=True)
RIVAL_MAX_WEIGHT = 0.5  # measured: 0, 0.5 and 1 play alike against Normal; 0.5 is steadiest
ROLLOUT_NOISE = 1.0  # keeps the sampled futures varied where the policy is nearly indifferent
DIVISORS = RESOURCE_VALUES  # pips per unit on forest, clay pit, quarry, river
CHECKPOINTS = (3, 6, 12, 24, 48, 96, 192)  # rollouts per candidate at which the worse half goes


@dataclass(slots=True)
class Candidate:
    """One root action under study: its prior score and the utilities of its rollouts."""

    action: Action
    prior: float
    results: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        """Mean utility so far (the prior, scaled down, before any rollout)."""
        if not self.results:
            return -1e9 + self.prior
        return sum(self.results) / len(self.results)


@dataclass(slots=True)
class Limits:
    """When one search must stop: a number of rollouts and/or a deadline."""

    iterations: int | None = None
    deadline: float | None = None
    done: int = 0

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


def rollout(state: GameState, seat: int, rng: random.Random) -> float:
    """Play to the end of the current round with the quick policy; the seat's utility there."""
    start_round = state.round
    while not state.is_terminal() and state.round == start_round:
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(quick_choice(state, actor, rng))
    return utility(evaluate_all(state), seat)


def quick_choice(state: GameState, seat: int, rng: random.Random) -> Action:
    """The rollout policy: the heuristic's best action, placements with a little noise."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if state.placing():
        return quick_placement(state, seat, actions, rng)
    scored = score_actions(state, seat, ROLLOUT_STYLE)
    return max(scored, key=lambda item: item[1])[0]


def quick_placement(
    state: GameState, seat: int, actions: list[Action], rng: random.Random
) -> Action:
    """Normal's placement judgement without blocking or timing, gathering priced inline
    (this runs for every placement of every rollout)."""
    plan = plan_for(state, seat)
    prices, pips = plan.out.res_value, plan.tool_pips
    res, incoming = plan.p.res, plan.incoming
    spread = 2.0 * ROLLOUT_NOISE
    fixed: dict[int, float] = {}
    best, best_value = actions[0], -1e18
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
        value += spread * rng.random() - FIGURE_COST * count
        if value > best_value:
            best, best_value = action, value
    return best


def search(
    view: GameState,
    candidates: list[Candidate],
    rng: random.Random,
    limits: Limits,
    reserve: list[Candidate] | None = None,
) -> list[Candidate]:
    """Sequential halving with common random numbers; returns the candidates best first."""
    seat = view.current_player()
    alive = list(candidates)
    reserve = list(reserve or [])
    children = {id(c): view.apply(c.action) for c in alive + reserve}
    index = 0
    while not limits.exhausted() and len(alive) > 1:
        future_seed = rng.getrandbits(64)
        for cand in alive:
            cand.results.append(rollout(children[id(cand)], seat, random.Random(future_seed)))
            limits.done += 1
        index += 1
        if index in CHECKPOINTS:
            alive = _halve(alive, reserve)
    every = candidates + [c for c in reserve if c.results]
    return sorted(every, key=lambda c: (-c.mean, -c.prior))


def _halve(alive: list[Candidate], reserve: list[Candidate]) -> list[Candidate]:
    """Keep the better half (at least two); a reserve candidate joins for each one dropped
    while the reserve lasts (progressive widening), so it gets a look on later futures."""
    ranked = sorted(alive, key=lambda c: -c.mean)
    keep = ranked[: max(2, math.ceil(len(ranked) / 2))]
    if reserve and len(ranked) > 2:
        keep.append(reserve.pop(0))
    return keep
