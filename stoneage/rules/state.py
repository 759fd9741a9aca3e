"""The game state: who decides, what is legal, and ``apply`` returning the next state.

A ``GameState`` is immutable from the outside: ``apply`` copies it, changes the copy and
returns it, sharing every unchanged part. Forced steps (an only space left to resolve, feeding
with enough food, the round's end) are taken inside ``apply``, so every state a caller sees is
a real decision, a chance node or the end of the game.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from fractions import Fraction
from typing import Final, overload

from mypy_extensions import mypyc_attr

from . import chance, data
from .actions import (
    PICK_ACTIONS,
    TAKE_TWO_ACTIONS,
    Action,
    DrawExtra,
    RevealCard,
    RevealKind,
    RevealTile,
    Roll,
    RollItems,
    reveal_table,
)
from .data import NUM_SPACES
from .decisions import (
    GAME_OVER,
    ChooseSpace,
    ChooseTools,
    Decision,
    DrawFaceDown,
    FeedPeople,
    PayForBuilding,
    PayForCard,
    PickItemDie,
    PlaceFigures,
    RollDice,
    RollItemDice,
    TurnUpBuilding,
    TurnUpCard,
)
from .errors import N_, ActionError, ActionTextError, IllegalActionError, SaveFormatError
from .events import Event
from .explain import explain_illegal
from .nodes import (
    CHANCE,
    CHANCE_STEPS,
    EXTRA,
    PLACE,
    REFILL,
    REVEAL_CARD,
    REVEAL_TILE,
    TERMINAL,
    ExtraStep,
    FeedShortStep,
    ItemsPickStep,
    ItemsRollStep,
    PayBuildingStep,
    PayCardStep,
    Pending,
    RevealCardStep,
    RevealTileStep,
    RollStep,
    ToolsStep,
)
from .payments import building_payment_actions, card_payment_actions, feed_actions
from .player import Player
from .recording import action_event
from .scoring import final_scoring, winners
from .serial import read_save, to_json
from .table import Table
from .textform import read_action
from .tools import tool_options
from .transitions import Transitions, new_board, resolve_choices

_EMPTY_ROW: Final[tuple[int, ...]] = (0,) * NUM_SPACES


@mypyc_attr(acyclic=True, free_list_len=1)
class GameState(Transitions):
    """A position in a game of Stone Age for 2 to 4 seats (seat 0 starts).

    Public reading: ``n`` (seats), ``round``, ``phase``, ``start`` (start player), ``turn``,
    ``players`` (one ``Player`` per seat), ``placed[seat][space]`` (figures standing there),
    ``display[slot]`` (card id or None; slot 0 costs 1 resource ... slot 3 costs 4),
    ``deck_size``, ``tops[stack]`` (top building tile id or None), ``stack_sizes``,
    ``pending`` (the sub-step being decided, see ``nodes``) and ``score_log`` (scores after
    each round). The slots and their types are declared by ``StateCore``.
    """

    __slots__ = ()

    # --- construction ------------------------------------------------------------------------
    @classmethod
    def _setup(cls, num_players: int, seed: int | None) -> GameState:
        t = Table()
        t.seed = seed
        t.viewer = None
        t.round = 1
        t.start = 0
        t.score_log = ()
        t.display = (None,) * data.NUM_CARD_SLOTS
        t.deck = data.card_ids()
        t.deck_size = len(t.deck)
        t.tops = (None,) * num_players
        t.stack_sizes = (data.TILES_PER_STACK,) * num_players
        t.tile_pool = data.building_ids()
        s = GameState()
        s.n = num_players
        s.phase = REFILL
        s.turn = 0
        s._actor = CHANCE
        s.players = tuple(Player.new() for _ in range(num_players))
        s.placed = (_EMPTY_ROW,) * num_players
        s.pending = None
        s.ply = 0
        s.history = []  # a list of this game's own (see ``core.History``)
        s._table = t
        s._legal = None
        s._owned = 0
        s._board = new_board(s)  # replaced at the first placement phase
        s._spaces = 0
        s._events = None
        s._settle()
        return s

    def _clone(self) -> GameState:
        """A copy sharing every part."""
        s = GameState()
        s.n = self.n
        s.phase = self.phase
        s.turn = self.turn
        s._actor = self._actor
        s.players = self.players
        s._placed = self._placed
        s._rows = self._rows
        s.pending = self.pending
        s.ply = self.ply
        s.history = self.history
        s._table = self._table
        s._legal = None
        s._owned = 0
        s._board = self._board
        s._spaces = self._spaces
        s._events = None
        return s

    # --- the interface -------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The legal actions here, in a fixed order; at a chance node, the possible outcomes."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        # ``copy()``, not ``list()``: compiled, one allocation of the right size, where
        # ``list()`` starts empty and grows.
        return legal.copy()

    def decision(self) -> Decision:
        """What is being decided now, and by whom, in its typed public form (see
        ``decisions``): the one way code outside the rules reads the step of a turn."""
        actor, pending = self._actor, self.pending
        if actor == TERMINAL:
            return GAME_OVER
        if pending is None:
            return PlaceFigures(actor) if self.phase == PLACE else ChooseSpace(actor)
        if type(pending) is ToolsStep:
            return ChooseTools(actor, pending.space, pending.total, pending.by_card)
        if type(pending) is PayCardStep:
            return PayForCard(actor, pending.slot)
        if type(pending) is PayBuildingStep:
            return PayForBuilding(actor, pending.stack)
        if type(pending) is ItemsPickStep:
            return PickItemDie(actor, pending.faces, pending.buyer)
        if type(pending) is FeedShortStep:
            return FeedPeople(actor, pending.short)
        if type(pending) is RollStep:
            return RollDice(self.turn, pending.space, pending.dice, pending.by_card)
        if type(pending) is ItemsRollStep:
            return RollItemDice(pending.buyer)
        if type(pending) is RevealCardStep:
            return TurnUpCard(pending.slot)
        if type(pending) is RevealTileStep:
            return TurnUpBuilding(pending.stack)
        return DrawFaceDown(pending.owner)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node: every outcome with its exact probability (they sum to 1)."""
        outcomes, weights = self._chance_weights()
        total = sum(weights)
        return [(o, chance.fraction(w, total)) for o, w in zip(outcomes, weights)]

    @overload
    def apply(self, action: Action, seat: int | None = None) -> GameState: ...

    @overload
    def apply(self, action: str, seat: int | None = None) -> GameState: ...

    def apply(self, action: object, seat: object = None) -> GameState:
        """The state after ``action`` (an action or its text form); ``self`` is unchanged.

        ``seat``, when given, is the seat that means to act: acting out of turn is rejected.
        Raises ``IllegalActionError`` naming the action, the seat and the reason
        (``ActionTextError`` for text that is no action).
        """
        # The implementation takes any object (the overloads above give the types): compiled,
        # a typed parameter would refuse anything else with a TypeError before the checks below
        # could refuse it as the rules do, with an ``ActionError``.
        # Every action is a tuple, so anything else is read as text (and refused if it is not).
        # Tested this way round for speed: isinstance(action, str) says no to an action only
        # after also looking up its ``__class__``; the tuple check finds it at once.
        if not isinstance(action, tuple):
            action = parse_action(self, action)
        if seat is not None and seat != self._actor:
            raise IllegalActionError(
                action,
                seat,
                N_("it is not this seat's turn (seat {actor} decides now)"),
                actor=self._actor,
            )
        # Legality: a look-up in the legal actions, or at a chance node a quick check (which
        # says True only where the outcome is certainly among them). The look-up tries identity
        # first: an action taken from ``legal_actions()`` is the very object found there, and
        # ``in`` would compare every tuple before it field by field (a loop of ``is`` is
        # cheaper even run as plain Python); an equal action built elsewhere is still found.
        if self._actor != CHANCE or not _is_outcome(self, action):
            legal = self._legal
            if legal is None:
                legal = self._legal = self._compute_legal()
            for known in legal:
                if known is action:
                    break
            else:
                if action not in legal:
                    raise explain_illegal(self, action)
        # Equal to one of the legal actions (or a possible outcome): an action from here on.
        act: Action = action  # type: ignore[assignment]
        # The copy the handler changes (``_clone``, spelled out: this runs once per action; one
        # target per line, as a multiple assignment would build and unpack a tuple).
        s = GameState()
        s.n = self.n
        s.phase = self.phase
        s.turn = self.turn
        s._actor = self._actor
        s.players = self.players
        s._placed = self._placed
        s._rows = self._rows
        s.pending = self.pending
        ply = self.ply
        s.ply = ply + 1
        log = self.history
        if log is not None:  # None in a seat's view
            # Recorded in the shared list (``core.History``) when this state is the newest of
            # its line; a list of its own otherwise. Two threads may apply to the same state:
            # each reads its action back at this state's place, and the one that finds
            # another's action there (the other appended first) takes a list of its own.
            if len(log) == ply:
                log.append(act)
                if log[ply] is not act:
                    log = log[:ply]
                    log.append(act)
            else:
                log = log[:ply]
                log.append(act)
        s.history = log
        s._table = self._table
        s._legal = None
        s._owned = 0
        s._board = self._board
        s._spaces = self._spaces
        s._events = self._events  # None, but inside ``apply_with_events``
        # The handler of the action's kind finishes the copy. The kind is read off the tag (the
        # last field), most frequent kinds first: each test narrows ``Action`` to one kind for
        # mypy, and compiled it is a pointer comparison and a native call, where a table of
        # handlers would cost a look-up and a call through Python's calling convention.
        if act[-1] == "place":
            s._do_place(act)
        elif act[-1] == "roll":
            s._do_roll(act)
        elif act[-1] == "resolve":
            s._do_resolve(act)
        elif act[-1] == "tools":
            s._do_tools(act)
        elif act[-1] == "pay":
            s._do_pay(act)
        elif act[-1] == "card":
            s._do_reveal_card(act)
        elif act[-1] == "feed":
            s._do_feed(act)
        elif act[-1] == "pick":
            s._do_pick(act)
        elif act[-1] == "decline":
            s._do_decline(act)
        elif act[-1] == "tile":
            s._do_reveal_tile(act)
        elif act[-1] == "items":
            s._do_items_roll(act)
        elif act[-1] == "starve":
            s._do_starve(act)
        elif act[-1] == "extra":
            s._do_extra(act)
        else:
            s._do_take_two(act)
        return s

    @overload
    def apply_with_events(
        self, action: Action, seat: int | None = None
    ) -> tuple[GameState, tuple[Event, ...]]: ...

    @overload
    def apply_with_events(
        self, action: str, seat: int | None = None
    ) -> tuple[GameState, tuple[Event, ...]]: ...

    def apply_with_events(
        self, action: object, seat: object = None
    ) -> tuple[GameState, tuple[Event, ...]]:
        """``apply``, and what the step caused: its events in the order they happened (the
        action's own first, then the forced steps the rules took after it; see ``events``).
        Refuses what ``apply`` refuses, the same way; ``self`` is unchanged."""
        if not isinstance(action, tuple):
            action = parse_action(self, action)
        # A copy of this state with the recorder in its slot: ``apply`` hands the slot on to
        # the state it makes, whose handlers append to it. The copy shares everything, the
        # history too, so applying to it is applying to this state.
        recording = self._clone()
        recording._legal = self._legal
        found: list[Event] = []
        recording._events = found
        after = recording.apply(action, seat)  # type: ignore[call-overload]
        after._events = None
        own = action_event(self, action)  # type: ignore[arg-type]
        return after, (own, *found) if own is not None else tuple(found)

    def can_pay_now(self, seat: int, space: int) -> bool:
        """Whether ``seat``'s resources now would pay for the card or building at ``space``
        (True for any other space). A figure may stand on a card or building its owner
        cannot pay for; at resolution it is simply taken back. Resources gathered before
        that resolution can still make it payable, so this says only how it stands now."""
        p = self.players[seat]
        if p.two_res > 0 or space not in data.CARD_SPACES + data.BUILDING_SPACES:
            return True
        if space in data.CARD_SPACES:
            return sum(p.res) >= data.CARD_SPACES.index(space) + 1
        tile = self._table.tops[data.BUILDING_SPACES.index(space)]
        return tile is None or bool(building_payment_actions(tile, p.res)[:-1])

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
        table.deck = tuple(sorted(self._table.deck + tuple(hidden)))
        return v

    def to_json(self) -> str:
        """A versioned, JSON-safe save: the seat count, the seed and every action taken."""
        return to_json(self)

    @overload
    @classmethod
    def from_json(cls, text: str) -> GameState: ...

    @overload
    @classmethod
    def from_json(cls, text: bytes) -> GameState: ...

    @classmethod
    def from_json(cls, text: object) -> GameState:
        """Rebuild a game saved by ``to_json`` by replaying it; raises ``SaveFormatError``
        (also for something that is no text at all: hence any object, see ``apply``)."""
        players, seed, actions = read_save(text)
        state = new_game(players, seed)
        for number, action_text in enumerate(actions, start=1):
            try:
                state = state.apply(action_text)
            except ActionError as error:
                raise SaveFormatError(
                    f"saved game is damaged: action {number} of {len(actions)} "
                    f"({action_text!r}) cannot be replayed: {error.reason}"
                ) from None
        return state

    # --- equality ------------------------------------------------------------------------------
    def _key(self) -> tuple[object, ...]:
        return (
            self.n,
            self.phase,
            self.turn,
            self.placed,
            self.occupants,
            self.occupant_mask,
            self.pending,
            self.ply,
            self._table.key(),
            tuple(p.key() for p in self.players),
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

    # --- legality ------------------------------------------------------------------------------
    def _compute_legal(self) -> list[Action]:
        actor = self._actor
        if actor == TERMINAL:
            return []
        if actor == CHANCE:
            return list(self._chance_weights()[0])
        pending = self.pending
        acts: list[Action]
        if pending is None:
            if self.phase == PLACE:
                acts = self._placements(actor)  # a fresh list
            else:
                acts = list(resolve_choices(self.placed[actor])[0])
        else:
            acts = list(self._decision_options(pending, self.players[actor]))
        if self.players[actor].two_res:
            acts += TAKE_TWO_ACTIONS
        return acts

    def _decision_options(self, pending: Pending, p: Player) -> tuple[Action, ...]:
        if type(pending) is ToolsStep:
            return tool_options(p, pending.space, pending.total)
        if type(pending) is PayCardStep:
            return card_payment_actions(p.res, pending.slot + 1)
        if type(pending) is PayBuildingStep:
            tile = self._table.tops[pending.stack]
            assert tile is not None, "a figure stands only on a stack with a tile on top"
            return building_payment_actions(tile, p.res)
        if type(pending) is ItemsPickStep:
            return tuple(PICK_ACTIONS[face] for face in sorted(set(pending.faces)))
        if type(pending) is FeedShortStep:
            return feed_actions(p.res, pending.short)
        raise AssertionError(f"not a decision: {pending!r}")

    def _chance_weights(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        pending = self.pending
        if type(pending) not in CHANCE_STEPS:
            return (), ()
        if type(pending) is RollStep:
            return _roll_outcomes(pending.dice)[:2]
        if type(pending) is ItemsRollStep:
            return _items_outcomes(self.n)[:2]
        if type(pending) is RevealTileStep:
            return _uniform(RevealTile, self._table.tile_pool)
        return _uniform(
            RevealCard if type(pending) is RevealCardStep else DrawExtra, self._table.deck
        )


def _uniform(kind: RevealKind, ids: tuple[str, ...]) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """Equally likely reveals of the given unseen cards or tiles."""
    # A class is hashable, but mypy does not see it for ``type[...]`` (python/mypy#11470).
    table = reveal_table(kind)  # type: ignore[arg-type]
    return tuple(map(table.__getitem__, ids)), _ONES[len(ids)]


_ONES: Final = tuple((1,) * k for k in range(40))
_REVEAL_KINDS: Final[dict[str, RevealKind]] = {
    REVEAL_CARD: RevealCard,
    EXTRA: DrawExtra,
    REVEAL_TILE: RevealTile,
}
_ROLL_CACHE: Final[dict[int, tuple[tuple[Action, ...], tuple[int, ...], tuple[int, ...]]]] = {}
_ITEMS_CACHE: Final[dict[int, tuple[tuple[Action, ...], tuple[int, ...], tuple[int, ...]]]] = {}


def _roll_outcomes(k: int) -> tuple[tuple[Action, ...], tuple[int, ...], tuple[int, ...]]:
    """The sums of ``k`` dice as ``Roll`` outcomes, their weights and running totals."""
    found = _ROLL_CACHE.get(k)
    if found is None:
        sums, weights = chance.dice_sum_weights(k)
        found = _ROLL_CACHE[k] = (
            tuple(Roll(s) for s in sums),
            weights,
            chance.dice_sum_cumulative(k),
        )
    return found


def _items_outcomes(k: int) -> tuple[tuple[Action, ...], tuple[int, ...], tuple[int, ...]]:
    """The faces of ``k`` dice-for-items dice as outcomes, their weights and running totals."""
    found = _ITEMS_CACHE.get(k)
    if found is None:
        faces, weights = chance.dice_multiset_weights(k)
        found = _ITEMS_CACHE[k] = (
            tuple(RollItems(f) for f in faces),
            weights,
            chance.dice_multiset_cumulative(k),
        )
    return found


# --- quick legality checks -------------------------------------------------------------------------
# At a chance node ``apply`` checks the outcome here instead of building every outcome and
# looking it up among them (a look-up compares tuples one by one). Each check returns True only
# where the outcome is certainly legal; on False, ``apply`` looks it up after all, so an illegal
# action is still refused (and explained) in one place.
def _is_outcome(state: GameState, action: tuple[object, ...]) -> bool:
    """At a chance node: True if ``action`` is certainly one of its outcomes (see above)."""
    pending = state.pending
    if pending is None:
        return False
    # ``type(action) is ...`` rather than ``action.__class__``: compiled, it reads the type
    # without an attribute look-up; the kinds are compared as constants (``_ROLL`` ... below).
    if type(pending) is RollStep:
        if type(action) is not _ROLL or action[1] != "roll":
            return False
        dice, total = pending.dice, action[0]
        return type(total) is int and dice <= total <= 6 * dice
    if type(pending) is RevealTileStep:
        if type(action) is not _REVEAL_TILE or action[1] != "tile":
            return False
        pool = state._table.tile_pool
        return action[0] in pool
    if type(pending) is RevealCardStep:
        if type(action) is not _REVEAL_CARD or action[1] != "card":
            return False
    elif type(pending) is ExtraStep:
        if type(action) is not _DRAW_EXTRA or action[1] != "extra":
            return False
    else:
        return False
    deck = state._table.deck
    return action[0] in deck


# The outcome kinds as constants (compiled, C variables: a class imported by name is looked up
# among the module's names at each use).
_ROLL: Final = Roll
_REVEAL_TILE: Final = RevealTile
_REVEAL_CARD: Final = RevealCard
_DRAW_EXTRA: Final = DrawExtra


@overload
def new_game(num_players: int) -> GameState: ...


@overload
def new_game(num_players: int, seed: int | None) -> GameState: ...


def new_game(num_players: object, seed: object = None) -> GameState:
    """A new game for 2 to 4 seats; seat 0 is the start player.

    The returned state is a chance node: the display and the building tops are revealed by
    chance outcomes (``sample_chance``). ``seed`` is recorded for drivers that draw chance
    outcomes from it (``seeded_rng``); the rules themselves never call ``random``. Anything
    else raises ``ValueError`` (the implementation takes any object: see ``GameState.apply``).
    """
    if (
        not isinstance(num_players, int)
        or isinstance(num_players, bool)
        or not 2 <= num_players <= 4
    ):
        raise ValueError(f"Stone Age is played by 2 to 4 players, not {num_players!r}")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError(f"the seed must be an integer or None, not {seed!r}")
    return GameState._setup(num_players, seed)


def sample_chance(state: GameState, rng: random.Random) -> Action:
    """One outcome of the chance node ``state``, drawn with its exact probability."""
    pending = state.pending
    if state._actor != CHANCE or pending is None:
        raise IllegalActionError("sample_chance", state._actor, "this is not a chance node")
    if type(pending) is RollStep:
        found = _ROLL_CACHE.get(pending.dice)  # its cache read first: a call saved
        outcomes, _, cumulative = found if found is not None else _roll_outcomes(pending.dice)
    elif type(pending) is ItemsRollStep:
        outcomes, _, cumulative = _items_outcomes(state.n)
    else:  # a reveal: every unseen card or tile equally likely
        ids = state._table.tile_pool if type(pending) is RevealTileStep else state._table.deck
        if not ids:
            raise IllegalActionError("sample_chance", state._actor, "nothing is left to reveal")
        # A class is hashable, but mypy does not see it for ``type[...]`` (python/mypy#11470).
        table = reveal_table(_REVEAL_KINDS[pending.kind])  # type: ignore[arg-type]
        return table[ids[_draw_below(rng, len(ids))]]
    drawn = _draw_below(rng, cumulative[-1])
    return outcomes[bisect_right(cumulative, drawn)]


def _draw_below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0``: the same number, drawn the same way.

    For a plain ``random.Random`` this is CPython's own method for ``randrange(n)`` (the
    fewest bits that hold ``n - 1``, drawn again while too large), spelled out because
    ``randrange`` runs as Python on both engine paths: three frames of argument checks around
    one ``getrandbits``, most of ``sample_chance``'s time once the rules are compiled. Any
    other generator (a subclass may draw another way) is asked to ``randrange``. The tests
    check the two agree on this Python.
    """
    if type(rng) is not _RANDOM:
        return rng.randrange(n)
    bits = n.bit_length()
    drawn = _GETRANDBITS(rng, bits)
    while drawn >= n:
        drawn = _GETRANDBITS(rng, bits)
    return drawn


# Kept as constants: compiled, a constant is a C variable, where ``random.Random`` is a look-up
# in the module's names and ``rng.getrandbits`` a look-up of the method by its name per call.
_RANDOM: Final = random.Random
_GETRANDBITS: Final = random.Random.getrandbits


def seeded_rng(state: GameState) -> random.Random:
    """The driver's dice for this exact point of the game: a function of the seed and the
    number of actions taken, so a saved game continues with the same future dice."""
    return random.Random(f"stoneage/{state.seed}/{state.ply}")


def parse_action(state: GameState, text: object) -> Action:
    """The legal action of ``state`` written as ``text``.

    Raises ``ActionTextError`` for text that is not an action (or no text at all), and
    ``IllegalActionError`` for an action that is not legal in ``state`` (the message says why);
    both are ``ActionError``.
    """
    try:
        action = read_action(text)
    except ActionTextError as error:
        raise ActionTextError(text, state.current_player(), error.template) from None
    if action not in state.legal_actions():
        raise explain_illegal(state, action)
    return action
