"""Points-at-the-end prices of cards, items and whole positions, built on ``Outlook``.

``evaluate(state, seat)`` is the bots' estimate of the seat's final score: the scoring track,
the cards' final scoring as the tracks should stand at the end, and every belonging at its
price. At the end of the game it is the exact final score.
"""

from __future__ import annotations

from functools import lru_cache

from stoneage.rules import GameState, Player, data, green_set_points, role_figures
from stoneage.rules.data import GOLD, ITEM_FIELD_FACE, ITEM_TOOL_FACE, RESOURCE_VALUES

from .outlook import ONE_USE_PIP, Outlook, food_worth, green_worth, make_outlook, role_worth

HIDDEN_EXTRA = 4.0  # an opponent's face-down extra card: about an average card bottom


def own_symbols(p: Player) -> list[str]:
    """Culture symbols of the cards whose bottoms this seat knows it will score."""
    return list(_bottoms(p.cards, p.extras)[0])


def own_figures(p: Player) -> dict[str, int]:
    """Sand-card figures per role, extra cards included."""
    return _bottoms(p.cards, p.extras)[1]


def own_green_points(p: Player) -> int:
    """Green sets as they would score now."""
    return _bottoms(p.cards, p.extras)[2]


@lru_cache(maxsize=16384)
def _bottoms(
    cards_taken: tuple[str, ...], extras: tuple[str, ...]
) -> tuple[tuple[str, ...], dict[str, int], int]:
    cards = data.cards()
    ids = cards_taken + tuple(c for c in extras if c != "?")
    symbols = tuple(culture for c in ids if (culture := cards[c].culture))
    return symbols, role_figures(ids), green_set_points(list(symbols))


def evaluate(state: GameState, seat: int, out: Outlook | None = None) -> float:
    """Estimated final score of ``seat`` (exact once the game is over)."""
    p = state.players[seat]
    if state.is_terminal():
        return float(state.final_scoring()[seat]["total"])
    out = out or make_outlook(state, seat)
    worth = float(p.score)
    worth += green_worth(own_green_points(p), len(set(own_symbols(p))), out) + role_worth(
        own_figures(p), out
    )
    worth += sum(n * v for n, v in zip(p.res, out.res_value))
    worth += food_worth(out, p.food)
    worth += p.people * out.person + p.track * out.track + p.tool_value * out.tool
    worth += sum(p.one_use) * ONE_USE_PIP * min(1.0, out.rounds_left + 0.5)
    worth += p.two_res * 2 * out.res_value[GOLD]
    worth += HIDDEN_EXTRA * p.extras.count("?")
    return worth


def evaluate_all(state: GameState) -> list[float]:
    """``evaluate`` for every seat."""
    if state.is_terminal():
        return [float(row["total"]) for row in state.final_scoring()]
    return [evaluate(state, seat) for seat in range(state.n)]


# --- cards ----------------------------------------------------------------------------------
def card_bottom_value(card: data.Card, p: Player, out: Outlook) -> float:
    """What the card's bottom adds to this seat's final scoring."""
    culture = card.culture
    if culture:
        symbols = own_symbols(p)
        gain = green_set_points(symbols + [culture]) - own_green_points(p)
        fresh = culture not in symbols
        return gain + (2.0 if fresh else 1.0) * out.future_greens
    role_final = {
        "farmer": out.final_track,
        "tool_maker": out.final_tools,
        "hut_builder": out.final_buildings,
        "shaman": out.final_people,
    }
    return card.role_count * role_final[card.role]  # type: ignore[index]


def card_top_value(card: data.Card, p: Player, out: Outlook, n: int) -> float:
    """What the card's immediate effect is worth to this seat."""
    effect = card.effect
    if effect == "food":
        return food_worth(out, p.food + card.amount) - food_worth(out, p.food)
    if effect == "resource":
        return card.amount * out.res_value[card.resource]  # type: ignore[index]
    if effect == "resource_2_dice":
        pips = 7 + sum(p.tools_free) * 0.5
        return pips / RESOURCE_VALUES[card.resource] * out.res_value[card.resource]  # type: ignore[index]
    if effect == "points":
        return float(card.amount)
    if effect == "food_production":
        return out.track
    if effect == "permanent_tool":
        return out.tool
    if effect == "one_use_tool":
        return card.amount * ONE_USE_PIP * min(1.0, out.rounds_left + 0.5)
    if effect == "any_two_resources":
        return 2 * out.res_value[GOLD]
    if effect == "extra_card":
        return HIDDEN_EXTRA
    return items_roll_value(item_values(out), n)


def card_value(card_id: str, p: Player, out: Outlook, n: int) -> float:
    """Top and bottom of a card together, for this seat."""
    card = data.cards()[card_id]
    return card_top_value(card, p, out, n) + card_bottom_value(card, p, out)


def item_values(out: Outlook) -> tuple[float, ...]:
    """Worth of each face of the dice-for-items roll (index = face, 0 unused)."""
    values = [0.0, *out.res_value, 0.0, 0.0]
    values[ITEM_TOOL_FACE] = out.tool
    values[ITEM_FIELD_FACE] = out.track
    return tuple(values)


def items_roll_value(values: tuple[float, ...], n: int) -> float:
    """Expected worth of the buyer's pick: the best of ``n`` dice (the others' picks ignored)."""
    return _best_of(tuple(round(v, 1) for v in values[1:7]), n)


@lru_cache(maxsize=4096)
def _best_of(face_values: tuple[float, ...], dice: int) -> float:
    ranked = sorted(face_values)
    # P(max rank <= i) = (i/6)^dice, so each rank's share is the difference.
    return sum(v * (((i + 1) / 6) ** dice - (i / 6) ** dice) for i, v in enumerate(ranked))
