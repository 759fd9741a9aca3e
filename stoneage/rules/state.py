"""The game state: who decides, what is legal, and ``apply`` returning the next state.

A ``GameState`` is immutable from the outside: ``apply`` copies it, changes the copy and
returns it, sharing every unchanged part. Forced steps (an only space left to resolve, feeding
with enough food, the round's end) are taken inside ``apply``, so every state a caller sees is
a real decision, a chance node or the end of the game.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import compress
from fractions import Fraction

from . import chance, data
from .actions import (
    DECLINE, PLACE_ACTIONS, STARVE, Action, DrawExtra, Feed, Pay, PickItem, RevealCard,
    RevealTile, Roll, RollItems, TakeTwo, payment_actions, resolve_actions, reveal_table,
)
from .data import (
    BUILDING_SPACES, CARD_SPACES, FIELD, HUNT, HUT, NUM_SPACES, RESOURCE_SPACE_CAPACITY,
    RESOURCE_SPACES, TOOL_MAKER,
)
from .errors import N_, IllegalActionError
from .nodes import (
    CHANCE, CHANCE_KINDS, EXTRA, FEED_SHORT, ITEMS_PICK, ITEMS_ROLL, OVER, PAY_BUILDING,
    PAY_CARD, PLACE, REFILL, REVEAL_CARD, REVEAL_TILE, ROLL, TERMINAL, TOOLS,
)
from .explain import explain_illegal
from .payments import building_payments, capped, exact_payments, payment_cap
from .player import Player
from .scoring import final_scoring, winners
from .serial import from_json, to_json
from .textform import parse_action
from .table import Table, table_property
from .tools import tool_options
from .transitions import HANDLERS as _HANDLERS, Transitions

# Interned actions: the engine hands out the same objects, so comparisons hit identity first.
_PLACE = PLACE_ACTIONS
_PLACE_TOOL_MAKER, _PLACE_HUT, _PLACE_FIELD = _PLACE[TOOL_MAKER][1], _PLACE[HUT][2], _PLACE[FIELD][1]
_UP_TO = tuple(tuple(_PLACE[space][1:k + 1] for k in range(11)) for space in range(NUM_SPACES))
_CARD_PLACES = tuple(_PLACE[space][1] for space in CARD_SPACES)
_BUILDING_PLACES = tuple(_PLACE[space][1] for space in BUILDING_SPACES)
_TAKE_TWO = tuple(TakeTwo(a, b) for a in range(4) for b in range(a, 4))
_PICK = tuple(PickItem(face) for face in range(7))

_SLOTS = (
    "n", "phase", "turn", "_actor", "players", "placed", "occupants", "occupant_mask",
    "pending", "ply", "history", "_table", "_legal", "_owned", "_open_village", "_open_singles",
)



class GameState(Transitions):
    """A position in a game of Stone Age for 2 to 4 seats (seat 0 starts).

    Public reading: ``n`` (seats), ``round``, ``phase``, ``start`` (start player), ``turn``,
    ``players`` (one ``Player`` per seat), ``placed[seat][space]`` (figures standing there),
    ``display[slot]`` (card id or None; slot 0 costs 1 resource ... slot 3 costs 4),
    ``deck_size``, ``tops[stack]`` (top building tile id or None), ``stack_sizes``,
    ``pending`` (the sub-step being decided, see ``nodes``) and ``score_log`` (scores after
    each round).
    """

    __slots__ = _SLOTS

    seed = table_property("seed")
    viewer = table_property("viewer")
    round = table_property("round")
    start = table_property("start")
    score_log = table_property("score_log")
    display = table_property("display")
    deck = table_property("deck")
    deck_size = table_property("deck_size")
    tops = table_property("tops")
    stack_sizes = table_property("stack_sizes")
    tile_pool = table_property("tile_pool")

    n: int
    phase: str
    turn: int
    _actor: int  # current_player(), found once per state by _find_actor
    players: tuple[Player, ...]
    placed: tuple[tuple[int, ...], ...]
    occupants: tuple[int, ...]
    occupant_mask: tuple[int, ...]
    pending: tuple | None
    ply: int
    history: tuple | None
    _table: Table
    _legal: tuple[Action, ...] | None
    _owned: int
    # Placement caches (derived, kept because placement is the hottest path): the village
    # spaces and the card/building spaces that are still open this placement phase.
    _open_village: tuple[Action, ...]
    _open_singles: tuple[Action, ...]

    # --- construction ------------------------------------------------------------------------
    @classmethod
    def _setup(cls, num_players: int, seed: int | None) -> GameState:
        s = object.__new__(cls)
        t = Table.__new__(Table)
        t.seed, t.viewer, t.round, t.start, t.score_log = seed, None, 1, 0, ()
        t.display = (None,) * data.NUM_CARD_SLOTS
        t.deck, t.deck_size = data.card_ids(), len(data.card_ids())
        t.tops, t.stack_sizes = (None,) * num_players, (data.TILES_PER_STACK,) * num_players
        t.tile_pool = data.building_ids()
        s.n, s.phase, s.turn, s._actor, s._table = num_players, REFILL, 0, CHANCE, t
        s.players = tuple(Player.new() for _ in range(num_players))
        s.placed = ((0,) * NUM_SPACES,) * num_players
        s.occupants = s.occupant_mask = (0,) * NUM_SPACES
        s.pending, s.ply, s.history = None, 0, ()
        s._legal, s._owned, s._open_village, s._open_singles = None, 0, (), ()
        s._settle()
        s._actor = s._find_actor()
        return s

    def _clone(self, action: Action | None = None) -> GameState:
        """A copy sharing every part; with ``action``, the copy is the state after it (to be
        changed by the caller) and records it in the history."""
        # Spelled out rather than looped over __slots__: this runs once per action.
        s = object.__new__(GameState)
        s.n, s.phase, s.turn, s._actor = self.n, self.phase, self.turn, self._actor
        s.players, s.placed, s.occupants = self.players, self.placed, self.occupants
        s.occupant_mask, s.pending = self.occupant_mask, self.pending
        if action is None:
            s.ply, s.history = self.ply, self.history
        else:
            s.ply = self.ply + 1
            s.history = None if self.history is None else (self.history, action)
        s._table, s._legal, s._owned = self._table, None, 0
        s._open_village, s._open_singles = self._open_village, self._open_singles
        return s

    # --- the interface -------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to decide (0..n-1), ``CHANCE`` or ``TERMINAL``."""
        return self._actor

    def _find_actor(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        pending = self.pending
        if pending is not None:
            if pending[0] in CHANCE_KINDS:
                return CHANCE
            if pending[0] == ITEMS_PICK:
                return pending[2]
        return self.turn

    def is_terminal(self) -> bool:
        """True once the game has ended (final scoring is then available)."""
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        """True where the dice or a reveal decide the next step."""
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[Action]:
        """The legal actions here, in a fixed order; at a chance node, the possible outcomes."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node: every outcome with its exact probability (they sum to 1)."""
        outcomes, weights = self._chance_weights()
        total = sum(weights)
        return [(o, chance.fraction(w, total)) for o, w in zip(outcomes, weights)]

    def apply(self, action: Action | str, seat: int | None = None) -> GameState:
        """The state after ``action`` (an action or its text form); ``self`` is unchanged.

        ``seat``, when given, is the seat that means to act: acting out of turn is rejected.
        Raises ``IllegalActionError`` naming the action, the seat and the reason.
        """
        if action.__class__ is str:
            action = parse_action(self, action)
        if seat is not None and seat != self.current_player():
            raise IllegalActionError(
                action, seat, N_("it is not this seat's turn (seat {actor} decides now)"),
                actor=self.current_player(),
            )
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            raise explain_illegal(self, action)
        s = self._clone(action)
        _HANDLERS[action[-1]](s, action)  # the last field of every action is its tag
        if s.pending is None:
            s._settle()
        s._actor = s._find_actor()
        return s

    def scores(self) -> list[int]:
        """Points so far per seat (the scoring track; final scoring adds the rest at the end)."""
        return [p.score for p in self.players]

    def final_scoring(self) -> list[dict[str, int]]:
        """Per seat: every category of the final scoring and the total (valid at any time)."""
        return final_scoring(self)

    def winners(self) -> list[int]:
        """The winning seats after the tie-break (more than one for a shared win)."""
        return winners(self)

    def view(self, seat: int) -> GameState:
        """What ``seat`` may know: other seats' extra cards become '?' and return to the
        unseen pool; the seed (and so the future dice) and the history are withheld."""
        v = self._clone()
        v.history = None
        table = v._edit_table()
        table.viewer, table.seed = seat, None
        hidden: list[str] = []
        players = list(self.players)
        for i, p in enumerate(players):
            if i != seat and any(c != "?" for c in p.extras):
                hidden.extend(c for c in p.extras if c != "?")
                q = p.copy()
                q.extras = ("?",) * len(p.extras)
                players[i] = q
        v.players = tuple(players)
        table.deck = tuple(sorted(self.deck + tuple(hidden)))
        return v

    def actions_taken(self) -> list[Action]:
        """Every action applied since setup, chance outcomes included (not kept in a view)."""
        if self.history is None:
            raise ValueError("a seat's view does not keep the game's history")
        out: list[Action] = []
        node = self.history
        while node:
            node, action = node
            out.append(action)
        out.reverse()
        return out

    def to_json(self) -> str:
        """A versioned, JSON-safe save: the seat count, the seed and every action taken."""
        return to_json(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        """Rebuild a game saved by ``to_json`` by replaying it; raises ``SaveFormatError``."""
        return from_json(text)

    # --- equality ------------------------------------------------------------------------------
    def _key(self) -> tuple:
        return (
            self.n, self.phase, self.turn, self.placed, self.occupants, self.occupant_mask,
            self.pending, self.ply, self._table.key(), tuple(p.key() for p in self.players),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"<GameState {self.n}p round {self.round} {self.phase} turn {self.turn} "
            f"pending {self.pending} scores {self.scores()}>"
        )

    # --- helpers for readers -------------------------------------------------------------------
    def available_people(self, seat: int) -> int:
        """Figures of ``seat`` not yet placed this round."""
        return self.players[seat].people - sum(self.placed[seat])

    def own_spaces(self, seat: int) -> list[int]:
        """Spaces where ``seat`` still has figures standing, in board order."""
        row = self.placed[seat]
        return list(compress(range(NUM_SPACES), row))

    # --- legality ------------------------------------------------------------------------------
    def _compute_legal(self) -> tuple[Action, ...]:
        actor = self.current_player()
        if actor == TERMINAL:
            return ()
        if actor == CHANCE:
            return self._chance_weights()[0]
        pending = self.pending
        if pending is None:
            acts = self._placements(actor) if self.phase == PLACE else resolve_actions(self.own_spaces(actor))
        else:
            acts = self._decision_options(pending)
        if self.players[actor].two_res:
            acts = acts + list(_TAKE_TWO)
        return tuple(acts)

    def _decision_options(self, pending: tuple) -> list[Action]:
        kind = pending[0]
        p = self.players[self.current_player()]
        if kind == TOOLS:
            return list(tool_options(p, pending[1], pending[2]))
        if kind == PAY_CARD:
            cost = pending[1] + 1
            return list(payment_actions(Pay, exact_payments(capped(p.res, cost), cost), DECLINE))
        if kind == PAY_BUILDING:
            tile = data.buildings()[self.tops[pending[1]]]  # type: ignore[index]
            found = building_payments(tile, capped(p.res, payment_cap(tile)))
            return list(payment_actions(Pay, found, DECLINE))
        if kind == ITEMS_PICK:
            return [_PICK[face] for face in sorted(set(pending[1]))]
        if kind == FEED_SHORT:
            short = pending[1]
            return list(payment_actions(Feed, exact_payments(capped(p.res, short), short), STARVE))
        raise AssertionError(f"unknown pending step {pending!r}")

    def _placements(self, seat: int) -> list[Action]:
        # The hottest function of random play: written for speed, in board order.
        row = self.placed[seat]
        avail = self.players[seat].people - sum(row)
        if avail <= 0:
            return []
        acts = list(self._open_village)
        if avail < 2 and _PLACE_HUT in acts:
            acts.remove(_PLACE_HUT)
        if not row[HUNT]:
            acts += _UP_TO[HUNT][avail]
        occ, mask, n = self.occupants, self.occupant_mask, self.n
        for space in RESOURCE_SPACES:
            if row[space]:
                continue
            room = RESOURCE_SPACE_CAPACITY - occ[space]
            if room <= 0 or (n < 4 and mask[space] and (n == 2 or mask[space].bit_count() >= 2)):
                continue
            acts += _UP_TO[space][avail if avail < room else room]
        acts += self._open_singles
        return acts

    def _open_village_spaces(self) -> tuple[Action, ...]:
        """Open village spaces; with 2 or 3 players only 2 of the 3 may be used a round."""
        occ = self.occupants
        if self.n < 4 and (occ[TOOL_MAKER] > 0) + (occ[HUT] > 0) + (occ[FIELD] > 0) >= 2:
            return ()
        return tuple(a for a in (_PLACE_TOOL_MAKER, _PLACE_HUT, _PLACE_FIELD) if not occ[a[0]])

    def _open_single_spaces(self) -> tuple[Action, ...]:
        """Open card slots (with a card) and building stacks (with a top tile)."""
        occ = self.occupants
        cards = [a for a, card in zip(_CARD_PLACES, self.display) if card is not None and not occ[a[0]]]
        tiles = [a for a, top in zip(_BUILDING_PLACES, self.tops) if top is not None and not occ[a[0]]]
        return tuple(cards + tiles)

    def _offer(self, acts: list[Action] | tuple[Action, ...], seat: int) -> None:
        """Record the legal actions found while settling, adding the two-resources card."""
        if self.players[seat].two_res:
            acts = tuple(acts) + _TAKE_TWO
        self._legal = acts if acts.__class__ is tuple else tuple(acts)

    def _chance_weights(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        pending = self.pending
        if pending is None or pending[0] not in CHANCE_KINDS:
            return (), ()
        kind = pending[0]
        if kind == ROLL:
            return _roll_outcomes(pending[2])
        if kind == ITEMS_ROLL:
            return _items_outcomes(self.n)
        if kind == REVEAL_TILE:
            return _uniform(RevealTile, self.tile_pool)
        return _uniform(RevealCard if kind == REVEAL_CARD else DrawExtra, self.deck)


def _uniform(kind: type, ids: tuple[str, ...]) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """Equally likely reveals of the given unseen cards or tiles."""
    return tuple(map(reveal_table(kind).__getitem__, ids)), _ONES[len(ids)]


_ONES = tuple((1,) * k for k in range(40))


_UNIFORM_KINDS = frozenset({REVEAL_CARD, REVEAL_TILE, EXTRA})
_ROLL_CACHE: dict[int, tuple[tuple[Action, ...], tuple[int, ...]]] = {}
_ITEMS_CACHE: dict[int, tuple[tuple[Action, ...], tuple[int, ...]]] = {}


def _roll_outcomes(k: int) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    if k not in _ROLL_CACHE:
        sums, weights = chance.dice_sum_weights(k)
        _ROLL_CACHE[k] = tuple(Roll(s) for s in sums), weights
    return _ROLL_CACHE[k]


def _items_outcomes(k: int) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    if k not in _ITEMS_CACHE:
        faces, weights = chance.dice_multiset_weights(k)
        _ITEMS_CACHE[k] = tuple(RollItems(f) for f in faces), weights
    return _ITEMS_CACHE[k]


def new_game(num_players: int, seed: int | None = None) -> GameState:
    """A new game for 2 to 4 seats; seat 0 is the start player.

    The returned state is a chance node: the display and the building tops are revealed by
    chance outcomes (``sample_chance``). ``seed`` is recorded for drivers that draw chance
    outcomes from it (``seeded_rng``); the rules themselves never call ``random``.
    """
    if not isinstance(num_players, int) or isinstance(num_players, bool) or not 2 <= num_players <= 4:
        raise ValueError(f"Stone Age is played by 2 to 4 players, not {num_players!r}")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError(f"the seed must be an integer or None, not {seed!r}")
    return GameState._setup(num_players, seed)


def sample_chance(state: GameState, rng: random.Random) -> Action:
    """One outcome of the chance node ``state``, drawn with its exact probability."""
    outcomes, weights = state._chance_weights()
    if not outcomes:
        raise IllegalActionError("sample_chance", state.current_player(), "this is not a chance node")
    kind = state.pending[0]
    if kind in _UNIFORM_KINDS:  # a reveal: every unseen card or tile equally likely
        return outcomes[rng.randrange(len(outcomes))]
    if kind == ROLL:
        cumulative = chance.dice_sum_cumulative(state.pending[2])
    else:
        cumulative = chance.dice_multiset_cumulative(state.n)
    return outcomes[bisect_right(cumulative, rng.randrange(cumulative[-1]))]


def seeded_rng(state: GameState) -> random.Random:
    """The driver's dice for this exact point of the game: a function of the seed and the
    number of actions taken, so a saved game continues with the same future dice."""
    return random.Random(f"stoneage/{state.seed}/{state.ply}")
