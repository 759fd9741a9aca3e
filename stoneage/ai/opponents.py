"""The opponents: named bots that each play their own way, at any level.

An opponent is data, not code: its id, its portrait and its leanings (``leanings.Leaning``: what
it favours, how it blocks), read from ``data/opponents.yaml`` in the package, in the file's order.
Its level (easy, normal, hard) says how well it plays, its leanings what it likes: the levels'
own parameters (noise, blunders, blocking, search) are the same for every opponent, and the
leanings are added to the judgement each level has. ``BALANCED`` has no leanings: it is the
judgement every level had before there were opponents, and plays exactly as they did.

What the player reads of an opponent (its name and its one line in their language) is the play
layer's (``stoneage.play.opponents``); here an opponent is its id.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml

from .leanings import Leaning, leaning

BALANCED = "balanced"  # today's judgement: the opponent of every game from before opponents
ROSTER_FILE = "opponents.yaml"
ID_LIMIT = 24


@dataclass(frozen=True, slots=True)
class Opponent:
    """One opponent: its id (``scholar``), its portrait (an image of ``assets/images``) and
    its leanings (None: the balanced judgement)."""

    id: str
    portrait: str
    lean: Leaning | None = None


@cache
def roster() -> tuple[Opponent, ...]:
    """Every opponent, in the roster's order (the balanced one first)."""
    text = resources.files("stoneage.ai").joinpath("data", ROSTER_FILE).read_text("utf-8")
    return parse_roster(text)


def parse_roster(text: str) -> tuple[Opponent, ...]:
    """The opponents of a roster file's text; ``ValueError`` names what is wrong."""
    raw = yaml.safe_load(text)
    if not isinstance(raw, dict) or not isinstance(raw.get("opponents"), dict):
        raise ValueError("a roster is a mapping with an 'opponents' mapping of id -> opponent")
    found = tuple(_opponent(str(key), value) for key, value in raw["opponents"].items())
    if not found or found[0].id != BALANCED or found[0].lean is not None:
        raise ValueError(f"the roster starts with {BALANCED!r}, which has no leanings")
    return found


def _opponent(key: str, raw: Any) -> Opponent:
    if not key.isidentifier() or not key.islower() or len(key) > ID_LIMIT:
        raise ValueError(f"an opponent's id is a short lowercase word, got {key!r}")
    if not isinstance(raw, dict) or not isinstance(raw.get("portrait"), str):
        raise ValueError(f"opponent {key!r} needs a portrait")
    known = {"portrait", "gain", "bonus", "prices", "block"}
    unknown = set(raw) - known
    if unknown:
        raise ValueError(f"opponent {key!r} has unknown fields: {', '.join(sorted(unknown))}")
    if known.isdisjoint(set(raw) - {"portrait"}):
        return Opponent(key, raw["portrait"])
    try:
        lean = leaning(
            gain=_mapping(raw, "gain"),
            bonus=_mapping(raw, "bonus"),
            prices=_mapping(raw, "prices"),
            block=float(raw.get("block", 1.0)),
        )
    except (TypeError, ValueError) as error:
        raise ValueError(f"opponent {key!r}: {error}") from error
    return Opponent(key, raw["portrait"], lean)


def _mapping(raw: dict[str, Any], key: str) -> dict[str, float]:
    value = raw.get(key) or {}
    if not isinstance(value, dict):
        raise ValueError(f"{key} is a mapping of name -> number")
    return {str(name): float(number) for name, number in value.items()}


def opponent_ids() -> tuple[str, ...]:
    """Every opponent's id, in the roster's order."""
    return tuple(o.id for o in roster())


def find(opponent_id: str) -> Opponent:
    """The opponent of this id; ``ValueError`` lists the ids otherwise."""
    for found in roster():
        if found.id == opponent_id:
            return found
    raise ValueError(f"unknown opponent {opponent_id!r}; choose one of {', '.join(opponent_ids())}")


def known(opponent_id: object) -> bool:
    """True for the id of an opponent of the roster (saved games and records check this)."""
    return isinstance(opponent_id, str) and opponent_id in opponent_ids()
