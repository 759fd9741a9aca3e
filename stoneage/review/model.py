"""The review's data: every judged decision, each human seat's review and the whole game's.

All of it is data, no words: the review screen and the command line word it at display time
(``stoneage.review.words``) in the player's language of the moment, so a language switch
rewords a review already computed. ``Review.to_dict`` / ``Review.from_dict`` store it as JSON
beside the game's replay; ``from_dict`` checks every field and raises ``ReviewFormatError``
for a damaged or foreign file (the caller then computes the review again).

Leads are the Hint's *expected lead* (``HardBot.analyse``'s value: the seat's estimated final
score at the end of the round minus the rivals', a blend of the best rival's and their mean),
in points. What a decision gave away (``Judged.loss``) is counted in points by the end of the
game: the gap between the two moves' leads (``Judged.round_gap``) carried there by a fitted
factor (``calibration``) or, for the decisions that may be key moments, both moves played out
to the end of the game (``ending``: ``end_gap``, ``end_error``, ``futures``) and weighed with it.
Hard's lead is shown as the player's plus those points.

Versions: 2 (this one) adds ``round_gap`` and the playouts' fields. A review of version 1
(every gap at the end of the round) is still read (``Review.outdated``): the statistics read it
with its gaps carried (``analysis.upgraded``), the review screen and the command line make it
again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any, Final

from stoneage.i18n import N_, _
from stoneage.play.names import shown_name

REVIEW_FORMAT: Final = "stoneage-review"
REVIEW_VERSION: Final = 2
ROUND_VERSION: Final = 1  # every gap at the end of the round (``analysis``'s ``to_the_end=False``)
READABLE_VERSIONS: Final = (ROUND_VERSION, REVIEW_VERSION)

#: The categories of decisions, as the summary adds up the points given away.
CATEGORIES: Final = ("placement", "payment", "feeding", "items", "other")
#: The kinds of decision (``Judged.kind``): a placement, the order of resolution, tools added
#: to a roll, paying for a card or a building, a die of the dice-for-items card, feeding.
KINDS: Final = ("place", "resolve", "tools", "pay_card", "pay_building", "items_pick", "feed")
#: What an action does (``Judged.chosen_tag`` / ``best_tag``): the rules' action tags.
TAGS: Final = ("place", "resolve", "tools", "pay", "decline", "pick", "taketwo", "feed", "starve")
NO_SPACE: Final = -1  # a ``*_space`` of an action that is not about a space
NOBODY: Final = -1  # ``taken_by`` when no other seat took the space Hard suggested

# Messages of the errors (translated when shown).
REVIEW_DAMAGED: Final = N_("The stored review is damaged; it will be made again.")


class ReviewError(Exception):
    """A review that cannot be made or read. ``message`` says why in the current language."""

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template.format(**{k: str(v) for k, v in params.items()}))
        self.template, self.params = template, params

    @property
    def message(self) -> str:
        """The reason, translated now (a language switch shows it in the new language)."""
        try:
            return _(self.template).format(**self.params)
        except (KeyError, IndexError, ValueError):
            return str(self)


class ReviewFormatError(ReviewError):
    """A stored review that is damaged, foreign or of another version."""

    def __init__(self, detail: str = "") -> None:
        super().__init__(REVIEW_DAMAGED)
        self.detail = detail  # what exactly was wrong, for the log


class ReviewCancelled(Exception):
    """The analysis was cancelled (``analyse_replay``'s ``cancel`` was set)."""


@dataclass(frozen=True)
class Judged:
    """One decision of a human seat, with Hard's move and both moves' expected lead.

    ``step``: index into the replay's actions (``Replay.steps[step]`` is the decision: its
    ``before`` is the table as the player saw it, its ``action`` what they did). ``loss`` is
    the points the decision gave away by the end of the game (never below 0): the gap Hard's
    search found at the end of the round (``round_gap``, Hard's move's lead minus the
    player's) carried to the game's end (``calibration``), or, when ``futures`` is above 0,
    weighed with both moves played out to the end that many times (``end_gap`` the mean
    difference of the final leads, ``end_error`` its standard error). Where it gave points
    away, ``best_lead`` is the player's lead plus them; otherwise both leads are as Hard's
    search found them. The other fields are what a sentence about the decision needs."""

    step: int
    seat: int
    round: int
    category: str  # one of CATEGORIES
    chosen: str  # the action's text form (``str(action)``)
    best: str  # Hard's action, text form
    chosen_lead: float
    best_lead: float
    loss: float
    kind: str = "place"  # one of KINDS
    chosen_tag: str = "place"  # one of TAGS
    best_tag: str = "place"
    chosen_space: int = NO_SPACE  # the space placed on or used (place, resolve)
    chosen_count: int = 0  # figures placed
    best_space: int = NO_SPACE
    best_count: int = 0
    chosen_resources: tuple[int, int, int, int] = (0, 0, 0, 0)  # paid or fed with
    best_resources: tuple[int, int, int, int] = (0, 0, 0, 0)
    taken_by: int = NOBODY  # the seat that took ``best_space`` after this move, this round
    target: str = ""  # the card or building tile paid for (its id), '' otherwise
    missing_food: int = 0  # food short at a feeding
    rounds_left: int = 0  # rounds expected after this one (what a person or a tool is worth)
    searched: bool = True  # False: a forced or obvious step judged without a search
    round_gap: float | None = None  # the gap at the end of the round (None: version 1)
    end_gap: float | None = None  # the gap at the end of the game, played out (None: not)
    end_error: float = 0.0  # ... its standard error
    futures: int = 0  # the futures both moves were played out on (0: carried, not played)

    @property
    def played_out(self) -> bool:
        """True when both moves were played to the end of the game (``ending``)."""
        return self.futures > 0

    @property
    def round_loss(self) -> float:
        """The points given away at the end of the round, as Hard's search measured them."""
        return self.loss if self.round_gap is None else max(0.0, self.round_gap)

    @property
    def agrees(self) -> bool:
        """True when the player chose Hard's move."""
        return self.chosen == self.best

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (tuples as lists)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
                continue  # round_gap of a version-1 decision, end_gap of one not played out
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, raw: object) -> Judged:
        """A decision read back; ``ReviewFormatError`` for anything amiss."""
        if not isinstance(raw, dict):
            raise ReviewFormatError("a decision is not an object")
        return cls(
            step=_int(raw, "step", 0),
            seat=_int(raw, "seat", 0, 3),
            round=_int(raw, "round", 0),
            category=_choice(raw, "category", CATEGORIES),
            chosen=_str(raw, "chosen"),
            best=_str(raw, "best"),
            chosen_lead=_float(raw, "chosen_lead"),
            best_lead=_float(raw, "best_lead"),
            loss=_float(raw, "loss", low=0.0),
            kind=_choice(raw, "kind", KINDS),
            chosen_tag=_choice(raw, "chosen_tag", TAGS),
            best_tag=_choice(raw, "best_tag", TAGS),
            chosen_space=_int(raw, "chosen_space", NO_SPACE),
            chosen_count=_int(raw, "chosen_count", 0),
            best_space=_int(raw, "best_space", NO_SPACE),
            best_count=_int(raw, "best_count", 0),
            chosen_resources=_resources(raw, "chosen_resources"),
            best_resources=_resources(raw, "best_resources"),
            taken_by=_int(raw, "taken_by", NOBODY, 3),
            target=_str(raw, "target"),
            missing_food=_int(raw, "missing_food", 0),
            rounds_left=_int(raw, "rounds_left", 0),
            searched=_bool(raw, "searched"),
            round_gap=_float(raw, "round_gap") if "round_gap" in raw else None,
            end_gap=_float(raw, "end_gap") if "end_gap" in raw else None,
            end_error=_float(raw, "end_error", low=0.0) if "end_error" in raw else 0.0,
            futures=_int(raw, "futures", 0, 10**6) if "futures" in raw else 0,
        )


@dataclass(frozen=True)
class SeatReview:
    """The review of one human seat: its decisions, the key moments, the lead over the game
    and the summary figures."""

    seat: int
    name: str  # its identity (``names.canonical_name``: "You", not "你"); show ``shown``
    decisions: tuple[Judged, ...]
    key_moments: tuple[int, ...]  # indices into ``decisions``, the costliest first
    lead_curve: tuple[tuple[int, float], ...]  # (step, expected lead vs the rivals)
    agreement: float  # share of decisions on Hard's move or within ``AGREE_MARGIN`` of it
    loss_by_category: dict[str, float]  # every key of CATEGORIES

    @property
    def shown(self) -> str:
        """The seat's name as shown now (a name the game gave in the current language)."""
        return shown_name(self.name)

    @property
    def total_loss(self) -> float:
        """Points given away over the game, every category together."""
        return sum(self.loss_by_category.values())

    def moments(self) -> tuple[Judged, ...]:
        """The key moments' decisions, the costliest first."""
        return tuple(self.decisions[i] for i in self.key_moments)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "seat": self.seat,
            "name": self.name,
            "decisions": [d.to_dict() for d in self.decisions],
            "key_moments": list(self.key_moments),
            "lead_curve": [[step, lead] for step, lead in self.lead_curve],
            "agreement": self.agreement,
            "loss_by_category": {c: self.loss_by_category.get(c, 0.0) for c in CATEGORIES},
        }

    @classmethod
    def from_dict(cls, raw: object) -> SeatReview:
        """A seat's review read back; ``ReviewFormatError`` for anything amiss."""
        if not isinstance(raw, dict):
            raise ReviewFormatError("a seat's review is not an object")
        decisions = tuple(Judged.from_dict(d) for d in _list(raw, "decisions"))
        moments = tuple(_item_int(i, "key_moments") for i in _list(raw, "key_moments"))
        if any(not 0 <= i < len(decisions) for i in moments) or len(set(moments)) != len(moments):
            raise ReviewFormatError("key_moments")
        curve = tuple(_point(p) for p in _list(raw, "lead_curve"))
        losses = raw.get("loss_by_category")
        if not isinstance(losses, dict) or set(losses) != set(CATEGORIES):
            raise ReviewFormatError("loss_by_category")
        return cls(
            seat=_int(raw, "seat", 0, 3),
            name=_str(raw, "name"),
            decisions=decisions,
            key_moments=moments,
            lead_curve=curve,
            agreement=_float(raw, "agreement", low=0.0, high=1.0),
            loss_by_category={c: _float(losses, c, low=0.0) for c in CATEGORIES},
        )


@dataclass(frozen=True)
class ReviewPlayer:
    """One seat of the reviewed game as the review shows it."""

    name: str  # its identity (``names.canonical_name``); ``Review.names()`` shows it now
    colour: str
    human: bool
    level: str  # the bot's level ('' for a human)
    score: int  # the final score (the score reached when the replay ends before the game)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "name": self.name,
            "colour": self.colour,
            "human": self.human,
            "level": self.level,
            "score": self.score,
        }

    @classmethod
    def from_dict(cls, raw: object) -> ReviewPlayer:
        """A seat read back; ``ReviewFormatError`` for anything amiss."""
        if not isinstance(raw, dict):
            raise ReviewFormatError("a player is not an object")
        return cls(
            name=_str(raw, "name"),
            colour=_str(raw, "colour"),
            human=_bool(raw, "human"),
            level=_str(raw, "level"),
            score=_int(raw, "score", -1000),
        )


@dataclass(frozen=True)
class Review:
    """The review of a recorded game: each human seat on its own (bots are not judged).

    ``replay_id`` identifies the game reviewed (a digest of its seed and actions), so a review
    stored beside a replay that was replaced is told apart; ``budget`` and ``seed`` are the
    analysis' (the same replay, budget and seed give the same review on any machine)."""

    version: int
    replay_id: str
    players: tuple[ReviewPlayer, ...]
    seats: tuple[SeatReview, ...]
    budget: int
    seed: int
    actions: int = 0  # actions in the replay (the steps a review screen can show)

    @property
    def outdated(self) -> bool:
        """True for a review of an earlier version (every gap at the end of the round): read
        for the statistics, made again to be shown (``REVIEW_VERSION``)."""
        return self.version < REVIEW_VERSION

    def seat_review(self, seat: int) -> SeatReview | None:
        """The review of ``seat``, if it was reviewed."""
        return next((s for s in self.seats if s.seat == seat), None)

    def names(self) -> tuple[str, ...]:
        """Every seat's name as shown now, by seat (a name the game gave, such as "You" or a
        bot's, in the current language)."""
        return tuple(shown_name(p.name) for p in self.players)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form, with the file's format mark."""
        return {
            "format": REVIEW_FORMAT,
            "version": self.version,
            "replay_id": self.replay_id,
            "players": [p.to_dict() for p in self.players],
            "seats": [s.to_dict() for s in self.seats],
            "budget": self.budget,
            "seed": self.seed,
            "actions": self.actions,
        }

    @classmethod
    def from_dict(cls, raw: object) -> Review:
        """A review read back, every field checked; ``ReviewFormatError`` for a damaged or
        foreign document or another version."""
        try:
            return cls._read(raw)
        except ReviewFormatError:
            raise
        except Exception as error:  # a check forgotten must still never crash the program
            raise ReviewFormatError(f"unexpected: {error!r}") from None

    @classmethod
    def _read(cls, raw: object) -> Review:
        if not isinstance(raw, dict) or raw.get("format") != REVIEW_FORMAT:
            raise ReviewFormatError("not a review")
        version = raw.get("version")
        if type(version) is not int or version not in READABLE_VERSIONS:
            raise ReviewFormatError(f"version {version!r}")
        players = tuple(ReviewPlayer.from_dict(p) for p in _list(raw, "players"))
        if not 2 <= len(players) <= 4:
            raise ReviewFormatError("players")
        seats = tuple(SeatReview.from_dict(s) for s in _list(raw, "seats"))
        if any(s.seat >= len(players) for s in seats):
            raise ReviewFormatError("seats")
        return cls(
            version=version,
            replay_id=_str(raw, "replay_id"),
            players=players,
            seats=seats,
            budget=_int(raw, "budget", 1),
            seed=_int(raw, "seed", -(2**63), 2**63 - 1),
            actions=_int(raw, "actions", 0),
        )


# --- checked reading -------------------------------------------------------------------------------
STR_LIMIT = 4096


def _str(raw: dict[str, Any], key: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or len(value) > STR_LIMIT:
        raise ReviewFormatError(key)
    return value


def _int(raw: dict[str, Any], key: str, low: int, high: int = 10**9) -> int:
    value = raw.get(key)
    if type(value) is not int or not low <= value <= high:
        raise ReviewFormatError(key)
    return value


def _item_int(value: object, key: str) -> int:
    if type(value) is not int:
        raise ReviewFormatError(key)
    return value


def _float(raw: dict[str, Any], key: str, low: float = -1e6, high: float = 1e6) -> float:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ReviewFormatError(key)
    number = float(value)
    if not math.isfinite(number) or not low <= number <= high:
        raise ReviewFormatError(key)
    return number


def _bool(raw: dict[str, Any], key: str) -> bool:
    value = raw.get(key)
    if not isinstance(value, bool):
        raise ReviewFormatError(key)
    return value


def _choice(raw: dict[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = raw.get(key)
    if value not in allowed:
        raise ReviewFormatError(key)
    return str(value)


def _list(raw: dict[str, Any], key: str) -> list[Any]:
    value = raw.get(key)
    if not isinstance(value, list):
        raise ReviewFormatError(key)
    return value


def _resources(raw: dict[str, Any], key: str) -> tuple[int, int, int, int]:
    value = raw.get(key)
    if (
        not isinstance(value, list)
        or len(value) != 4
        or any(type(v) is not int or not 0 <= v <= 1000 for v in value)
    ):
        raise ReviewFormatError(key)
    return (value[0], value[1], value[2], value[3])


def _point(value: object) -> tuple[int, float]:
    if not isinstance(value, list) or len(value) != 2:
        raise ReviewFormatError("lead_curve")
    step, lead = value
    if type(step) is not int or step < 0:
        raise ReviewFormatError("lead_curve")
    return step, _float({"lead": lead}, "lead")
