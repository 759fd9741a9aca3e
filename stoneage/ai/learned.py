"""A learned judgement for Hard: a seat's final score predicted from its position, with
weights fitted on self-play games (``tools/train_eval.py``; features and fit in docs/ai.md).
Hard does not use it by default (``HardBot(judge=learned_evaluate_all)`` does): measured
against ``hard1`` it played worse than the hand-made evaluation so far (docs/ai.md).

The features are the parts of the hand-made evaluation (``values.evaluate``) kept apart: the
scoring track, green sets now and to come, sand cards' figures, resources, food, people,
food track and tools priced by the rounds left, plus the raw counts behind them. A linear
model per table size and stage of the game (by expected rounds left) weighs them; the weights
were fitted by ridge regression on branch pairs of self-play games (see the training script),
the target being the change of the seat's final margin over its rivals. Inference is a dot
product in plain Python; the weights ship in ``stoneage/ai/data/eval_weights.json``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from stoneage.rules import GameState
from stoneage.rules.data import GOLD

from .outlook import Outlook, food_worth, green_worth, make_outlook, role_worth
from .values import own_figures, own_green_points, own_symbols

FEATURES = (
    "score",  # points on the scoring track
    "greens_now",  # green sets as they would score now
    "greens_to_come",  # what the green cards still to come should add
    "roles",  # sand cards' figures times the tracks as they should stand at the end
    "resources_worth",  # resources held at their hand-set prices
    "resources",  # resources held (count)
    "food_worth",  # food held, priced by the coming feedings
    "food",  # food held (count)
    "people_future",  # people times what a person should still produce
    "track_future",  # food track times what a step should still save
    "tools_future",  # tool value times what a tool point should still add
    "people",
    "track",
    "tools",
    "one_use",  # one-use tool cards, priced
    "two_res",  # the two-resources card, priced as two gold
    "hidden_extras",  # opponents' face-down extra cards
    "rounds_left",  # expected rounds after this one
)
STAGES = (1.5, 4.5)  # rounds left: below the first is the end game, above the last the opening
WEIGHTS_FILE = "eval_weights.json"


def features(state: GameState, seat: int, out: Outlook | None = None) -> tuple[float, ...]:
    """The ``FEATURES`` of ``seat`` in ``state`` (not at the game's end)."""
    p = state.players[seat]
    out = out or make_outlook(state, seat)
    greens = own_green_points(p)
    return (
        float(p.score),
        float(greens),
        green_worth(greens, len(set(own_symbols(p))), out) - greens,
        role_worth(own_figures(p), out),
        sum(n * v for n, v in zip(p.res, out.res_value)),
        float(sum(p.res)),
        food_worth(out, p.food),
        float(p.food),
        p.people * out.person,
        p.track * out.track,
        p.tool_value * out.tool,
        float(p.people),
        float(p.track),
        float(p.tool_value),
        sum(p.one_use) * out.prices.one_use_pip * min(1.0, out.rounds_left + 0.5),
        p.two_res * 2 * out.res_value[GOLD],
        float(p.extras.count("?")),
        out.rounds_left,
    )


def stage(rounds_left: float) -> int:
    """0 for the end game, 1 for the middle, 2 for the opening (see ``STAGES``)."""
    return sum(rounds_left >= bound for bound in STAGES)


@dataclass(frozen=True, slots=True)
class Model:
    """Weights (and an intercept, last) per table size and stage."""

    weights: dict[tuple[int, int], tuple[float, ...]]
    meta: dict[str, object]

    def predict(self, n: int, values: tuple[float, ...]) -> float:
        """Predicted final score from ``features``."""
        w = self.weights[(n, stage(values[-1]))]
        return sum(x * c for x, c in zip(values, w)) + w[-1]


def model_from_json(data: dict[str, object]) -> Model:
    """The model from its JSON form ({"features": [...], "weights": {"n/stage": [...]}})."""
    names = data.get("features")
    if names != list(FEATURES):
        raise ValueError(f"the weights were fitted on other features: {names!r}")
    raw = data["weights"]
    if not isinstance(raw, dict):
        raise ValueError("weights must map 'players/stage' to a list of numbers")
    weights: dict[tuple[int, int], tuple[float, ...]] = {}
    for key, row in raw.items():
        n, part = (int(x) for x in str(key).split("/"))
        values = tuple(float(x) for x in row)
        if len(values) != len(FEATURES) + 1:
            raise ValueError(f"weights {key} have {len(values)} numbers")
        weights[(n, part)] = values
    for n in (2, 3, 4):
        for part in range(len(STAGES) + 1):
            if (n, part) not in weights:
                raise ValueError(f"no weights for {n} players, stage {part}")
    meta = data.get("meta", {})
    return Model(weights, meta if isinstance(meta, dict) else {})


@cache
def shipped_model() -> Model:
    """The weights shipped with the package."""
    text = resources.files("stoneage.ai").joinpath("data", WEIGHTS_FILE).read_text("utf-8")
    return model_from_json(json.loads(text))


def learned_evaluate(state: GameState, seat: int, model: Model | None = None) -> float:
    """Predicted final score of ``seat`` (exact once the game is over)."""
    if state.is_terminal():
        return float(state.final_scoring()[seat]["total"])
    return (model or shipped_model()).predict(state.n, features(state, seat))


def learned_evaluate_all(state: GameState, model: Model | None = None) -> list[float]:
    """``learned_evaluate`` for every seat."""
    if state.is_terminal():
        return [float(row["total"]) for row in state.final_scoring()]
    model = model or shipped_model()
    return [model.predict(state.n, features(state, seat)) for seat in range(state.n)]
