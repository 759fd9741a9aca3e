"""Scores for every legal action of the seat to decide: the heuristic bots' whole judgement.

``score_actions`` returns one number per legal action, higher is better, in the same order as
``legal_actions()``. Placements are priced by ``placement``; the small decisions after them
(order of resolution, tools, paying, dice for items, feeding, the two-resources card) by how
much of the seat's worth they keep or gain. ``Style`` holds what tells the levels apart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from stoneage.rules import (
    Action,
    ChooseSpace,
    ChooseTools,
    Decision,
    Feed,
    FeedPeople,
    GameState,
    Pay,
    PayForBuilding,
    PayForCard,
    PickItem,
    PickItemDie,
    Place,
    PlaceFigures,
    Player,
    Resolve,
    Starve,
    TakeTwo,
    UseTools,
    data,
)
from stoneage.rules.data import (
    BUILDING_SPACES,
    CARD_SPACES,
    FOREST,
    GATHER_SPACES,
    HUNT,
    RESOURCE_VALUES,
    STARVATION_PENALTY,
    gather_divisor,
)

from .leanings import Leaning, priced_by
from .outlook import Outlook, food_worth, make_outlook
from .payments import Holdings, building_gain, card_cost
from .placement import SeatPlan, plan_for, space_gain
from .prices import Prices, prices_for
from .values import card_value, evaluate, item_values, own_figures

EXCLUSIVE = frozenset((0, 1, 2, *CARD_SPACES, *BUILDING_SPACES))  # one seat a round
STALL_ROUND = 18  # from this round on, cards and buildings get a push so the game must end
STALL_PUSH = 25.0

Scorer = Callable[[Action], float]

# The small steps as the scorers read them: (kind, space, total) for tools, (kind, index) for a
# payment (the card's slot or the building's stack) or feeding (the missing food).
ToolsStep = tuple[str, int, int]
IndexStep = tuple[str, int]


#: The kind of each decision as the search budgets it (None: a placement).
STEP_KINDS: dict[type[Decision], str | None] = {
    PlaceFigures: None,
    ChooseSpace: "resolve",
    ChooseTools: "tools",
    PayForCard: "pay_card",
    PayForBuilding: "pay_building",
    PickItemDie: "items_pick",
    FeedPeople: "feed",
}


def step_kind(state: GameState) -> str | None:
    """The kind of step ``state``'s seat decides (a key of ``STEP_KINDS``' values)."""
    return STEP_KINDS[type(state.decision())]


def tools_step(state: GameState) -> ToolsStep:
    """The tools step's (kind, space, total); the caller knows a tools step is being decided."""
    decision = state.decision()
    if not isinstance(decision, ChooseTools):
        raise ValueError(f"expected a choice of tools, got {decision!r}")
    return ("tools", decision.space, decision.total)


def index_step(state: GameState) -> IndexStep:
    """The pay or feed step's (kind, index or missing food)."""
    return _index_of(state.decision())


def _index_of(decision: Decision) -> IndexStep:
    if isinstance(decision, PayForCard):
        return ("pay_card", decision.slot)
    if isinstance(decision, PayForBuilding):
        return ("pay_building", decision.stack)
    if isinstance(decision, FeedPeople):
        return ("feed", decision.missing)
    raise ValueError(f"expected a payment or feeding, got {decision!r}")


@dataclass(frozen=True, slots=True)
class Style:
    """What distinguishes one level's judgement from another's, and one opponent's from
    another's (``lean``: None is the balanced judgement every level had before opponents)."""

    block: float = 0.0  # weight of denying an exclusive space to the opponent who wants it most
    timing: float = 0.0  # weight of the lead when an action would end the game
    foresight: bool = True  # count this round's gathering when judging what can be paid
    fitted: bool = False  # block and timing from the table size's fitted prices, not these
    lean: Leaning | None = None  # what this opponent favours (``leanings``)

    def at_table(self, n: int) -> Style:
        """The style as played at a table of ``n`` players (``fitted``: its prices' weights)."""
        if not self.fitted:
            return self
        price = prices_for(n)
        key = (self, n)
        found = _AT_TABLE.get(key)
        if found is None or found[0] is not price:
            found = _AT_TABLE[key] = (
                price,
                Style(price.block, price.timing, self.foresight, lean=self.lean),
            )
        return found[1]


# The styles as played at each table size, made once (with the prices they were made from:
# tuning swaps the prices between decisions).
_AT_TABLE: dict[tuple[Style, int], tuple[Prices, Style]] = {}


def score_actions(state: GameState, seat: int, style: Style) -> list[tuple[Action, float]]:
    """Every legal action of ``seat`` with its heuristic score (higher is better)."""
    if style.lean is not None and style.lean.prices:
        with priced_by(style.lean, state.n):  # the opponent's own prices, for this decision
            return _scored(state, seat, style.at_table(state.n))
    return _scored(state, seat, style.at_table(state.n))


def _scored(state: GameState, seat: int, style: Style) -> list[tuple[Action, float]]:
    decision = state.decision()
    actions = state.legal_actions()
    if type(decision) is ChooseSpace:
        # The order of resolution (the commonest small step in Hard's rollouts) needs no
        # prices unless a card or building space is among the choices: made when needed.
        scorer = _resolve_scorer(state, seat)
        if not state.players[seat].two_res:
            return [(a, scorer(a)) for a in actions]
    out = make_outlook(state, seat)
    if type(decision) is PlaceFigures:
        scorer = _placement_scorer(state, seat, out, style)
    elif type(decision) is not ChooseSpace:
        scorer = _STEP_SCORERS[type(decision)](state, seat, out, style)
    if not state.players[seat].two_res:  # no two-resources card: no TakeTwo to score
        return [(a, scorer(a)) for a in actions]
    two = _take_two_scorer(state, seat, out)
    return [(a, two(a) if isinstance(a, TakeTwo) else scorer(a)) for a in actions]


# --- placement --------------------------------------------------------------------------------
def _placement_scorer(state: GameState, seat: int, out: Outlook, style: Style) -> Scorer:
    plan = plan_for(state, seat, out)
    if not style.foresight:
        plan.incoming, plan.holdings = (0.0, 0.0, 0.0, 0.0), plan.p.res
    lean = style.lean
    block = style.block * (lean.block if lean is not None else 1.0)
    rivals = _rival_gains(state, seat) if block else []
    figure_cost = out.prices.figure_cost
    cache: dict[int, float] = {}
    leads: list[float] = []  # the lead, once a placement would end the game (rare: it costs
    # an evaluation of every seat, a fifth of a 4-player rollout's time when made every time)

    def lead() -> float:
        if not leads:
            leads.append(_lead(state, seat))
        return leads[0]

    def exclusive_extra(space: int) -> float:
        if space not in cache:
            cache[space] = _block_value(state, rivals, space) * block + _ending_value(
                state, space, lead, style.timing
            )
        return cache[space]

    def score(action: Action) -> float:
        if not isinstance(action, Place):
            raise TypeError(f"not a placement: {action!r}")
        space, count = action.space, action.count
        gain = space_gain(state, plan, space, count)
        if lean is not None:
            gain = gain * lean.gain[space] + lean.bonus[space]
        value = gain - figure_cost * count
        if space in EXCLUSIVE:
            value += exclusive_extra(space)
            if space >= CARD_SPACES[0] and state.round >= STALL_ROUND:
                value += STALL_PUSH
        return value

    return score


@dataclass(slots=True)
class RivalGains:
    """One rival's plan at a placement, and what each exclusive space would gain it (filled as
    asked). Remembered by position (``_RIVALS``): a rival's plan changes only when that rival
    places or the table changes, so the seats deciding after it (and the rollouts of a search,
    which pass the same positions again) find it made."""

    player: Player  # kept so that the identity in the key cannot be reused while remembered
    prices: Prices
    plan: SeatPlan
    available: int
    gains: dict[int, float]


_RIVALS: dict[tuple[object, ...], RivalGains] = {}
RIVALS_SIZE = 20_000  # a bound on memory: the memo starts afresh beyond it


def _rival_gains(state: GameState, seat: int) -> list[RivalGains]:
    """Plans of the opponents who still have figures to place this round."""
    return [
        _rival(state, other)
        for other in range(state.n)
        if other != seat and state.available_people(other) > 0
    ]


def _rival(state: GameState, other: int) -> RivalGains:
    p = state.players[other]
    price = prices_for(state.n)
    key = (
        other,
        id(p),
        state.placed[other],
        state.round,
        state.display,
        state.tops,
        state.deck_size,
        state.stack_sizes,
    )
    found = _RIVALS.get(key)
    if found is not None and found.player is p and found.prices is price:
        return found
    if len(_RIVALS) >= RIVALS_SIZE:
        _RIVALS.clear()
    made = _RIVALS[key] = RivalGains(
        p, price, plan_for(state, other), state.available_people(other), {}
    )
    return made


def _block_value(state: GameState, rivals: list[RivalGains], space: int) -> float:
    """What the rival who wants this exclusive space most would gain there."""
    best = 0.0
    need = 2 if space == 1 else 1
    for rival in rivals:
        if rival.available >= need:
            gain = rival.gains.get(space)
            if gain is None:
                plan = rival.plan
                figure_cost = plan.out.prices.figure_cost
                gain = rival.gains[space] = (
                    space_gain(state, plan, space, need) - figure_cost * need
                )
            best = max(best, gain)
    return best


def _lead(state: GameState, seat: int) -> float:
    """Own estimated final score minus the best opponent's."""
    mine = evaluate(state, seat)
    return mine - max(evaluate(state, other) for other in range(state.n) if other != seat)


def _ending_value(state: GameState, space: int, lead: Callable[[], float], weight: float) -> float:
    """Taking the last tile of a stack ends the game: good when ahead (``lead()``, own
    estimated final score minus the best rival's), bad when behind."""
    if not weight or space < BUILDING_SPACES[0]:
        return 0.0
    if state.stack_sizes[space - BUILDING_SPACES[0]] != 1:
        return 0.0
    return weight * max(-20.0, min(20.0, lead()))


# --- resolution order -------------------------------------------------------------------------
def _resolve_scorer(state: GameState, seat: int) -> Scorer:
    """Tool cards first (their tool serves this round's rolls), then gathering (resources pay
    for the rest), then buildings and cards, the most valuable first."""
    plans: list[SeatPlan] = []  # the seat's plan, made for the first card or building
    cards = data.cards()

    def score(action: Action) -> float:
        if not isinstance(action, Resolve):
            raise TypeError(f"not a resolution: {action!r}")
        space = action.space
        if space in GATHER_SPACES:
            return 100.0 + (gather_divisor(space) if space != HUNT else 0)
        if space in CARD_SPACES:
            card_id = state.display[space - CARD_SPACES[0]]
            if card_id and cards[card_id].effect in ("permanent_tool", "one_use_tool"):
                return 200.0
        if not plans:
            plans.append(plan_for(state, seat))
        return max(-50.0, space_gain(state, plans[0], space, 1))

    return score


# --- the small steps ----------------------------------------------------------------------------
def _tools_scorer(state: GameState, seat: int, out: Outlook, style: Style) -> Scorer:
    """Units gained by the tools, minus a little for tools that a later roll could still use."""
    _, space, total = tools_step(state)
    div = gather_divisor(space)
    p = state.players[seat]
    if space == HUNT:
        unit = max(
            out.prices.food_needed,
            food_worth(out, p.food + total // div + 1) - food_worth(out, p.food + total // div),
        )
    else:
        unit = out.res_value[space - FOREST]
    later_rolls = any(state.placed[seat][s] for s in GATHER_SPACES if s != space)
    keep = 0.3 if later_rolls else 0.02
    one_use = out.prices.one_use_pip * 0.9

    def score(action: Action) -> float:
        if not isinstance(action, UseTools):
            raise TypeError(f"not a use of tools: {action!r}")
        pips = sum(action.tiles) + sum(action.cards)
        gained = (total + pips) // div - total // div
        return gained * unit - keep * sum(action.tiles) - one_use * sum(action.cards)

    return score


def _pay_scorer(state: GameState, seat: int, out: Outlook, style: Style) -> Scorer:
    """Worth of the card or building minus the worth of the resources paid; declining is 0."""
    kind, index = index_step(state)
    p = state.players[seat]
    figures_built = own_figures(p)["hut_builder"]
    if kind == "pay_card":
        worth = card_value(_shown(state.display[index]), p, out, state.n)
        space = CARD_SPACES[index]
    else:
        tile = data.buildings()[_shown(state.tops[index])]
        worth = float(figures_built)
        space = BUILDING_SPACES[index]
    lean = style.lean

    def score(action: Action) -> float:
        if not isinstance(action, Pay):  # Decline: keep everything, gain nothing
            return 0.0
        paid = action.resources
        lost = sum(n * v for n, v in zip(paid, out.res_value))
        if kind == "pay_card":
            gain = worth - lost
        else:
            points = (
                tile.points
                if tile.kind == "fixed"
                else sum(n * v for n, v in zip(paid, RESOURCE_VALUES))
            )
            gain = worth + points - lost
        if lean is None:
            return gain
        return gain * lean.gain[space] + lean.bonus[space]

    return score


def _pick_scorer(state: GameState, seat: int, out: Outlook, style: Style) -> Scorer:
    values = item_values(out)

    def score(action: Action) -> float:
        if not isinstance(action, PickItem):
            raise TypeError(f"not a pick: {action!r}")
        return values[action.face]

    return score


def _feed_scorer(state: GameState, seat: int, out: Outlook, style: Style) -> Scorer:
    """Pay the shortfall with the least valuable resources, or starve when that costs less."""

    def score(action: Action) -> float:
        if isinstance(action, Feed):
            return -sum(n * v for n, v in zip(action.resources, out.res_value))
        if isinstance(action, Starve):
            return -float(STARVATION_PENALTY) - 0.5
        raise TypeError(f"not a feeding: {action!r}")

    return score


_STEP_SCORERS: dict[type[Decision], Callable[[GameState, int, Outlook, Style], Scorer]] = {
    ChooseTools: _tools_scorer,
    PayForCard: _pay_scorer,
    PayForBuilding: _pay_scorer,
    PickItemDie: _pick_scorer,
    FeedPeople: _feed_scorer,
}


# --- the two-resources card -------------------------------------------------------------------
def _take_two_scorer(state: GameState, seat: int, out: Outlook) -> Callable[[TakeTwo], float]:
    """Use the card when it pays for something now or feeds, else only at the very end."""
    p = state.players[seat]
    decision = state.decision()
    paying = isinstance(decision, (PayForCard, PayForBuilding))
    base = _payable_worth(state, p.res, out) if paying else None
    missing_food = decision.missing if isinstance(decision, FeedPeople) else None

    def score(action: TakeTwo) -> float:
        pair = [0, 0, 0, 0]
        pair[action.first] += 1
        pair[action.second] += 1
        dearer = 0.01 * (action.first + action.second)  # among equals, the dearer pair
        if missing_food is not None:
            return (-0.1 if sum(p.res) < missing_food else -5.0) + dearer
        gain = -1.0
        if base is not None:
            held = (p.res[0] + pair[0], p.res[1] + pair[1], p.res[2] + pair[2], p.res[3] + pair[3])
            gain = _payable_worth(state, held, out) - base - 1.0
        if out.last_round:
            return 1000.0 + gain + dearer  # unused at the end it scores nothing
        return gain + dearer if gain > 0 else -100.0

    return score


def _payable_worth(state: GameState, held: Holdings, out: Outlook) -> float:
    """At a pay step: best worth of paying from ``held`` (0 = decline)."""
    kind, index = index_step(state)
    p = state.players[state.current_player()]
    if kind == "pay_card":
        cost = card_cost(held, index + 1, out.res_value)
        value = card_value(_shown(state.display[index]), p, out, state.n)
        return max(0.0, value - cost) if cost is not None else 0.0
    found = building_gain(data.buildings()[_shown(state.tops[index])], held, out.res_value)
    return max(0.0, found[0]) if found else 0.0


def _shown(item: str | None) -> str:
    """The card or tile a pay step is about: its slot or stack cannot be empty then."""
    if item is None:
        raise ValueError("a pay step on an empty slot or stack")
    return item


__all__ = ["EXCLUSIVE", "STALL_PUSH", "STALL_ROUND", "Style", "score_actions"]
