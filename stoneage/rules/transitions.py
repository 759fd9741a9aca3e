"""How each action changes a fresh copy of the state, and the forced steps that follow.

``Transitions`` is a mixin of ``GameState``: a handler in ``HANDLERS`` applies one action to a
copy that ``apply`` has just made, and ``_settle`` then takes every forced step (the next seat to place, an only
space left to resolve, feeding with enough food, the end of the round, setup and refill) until
the state waits for a real decision, a chance outcome or has ended.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from . import data
from .actions import resolve_actions
from .data import (
    BUILDING_SPACES, CARD_SPACES, FIELD, FOREST, GATHER_SPACES, HUNT, HUT, ITEM_FIELD_FACE,
    ITEM_TOOL_FACE, NUM_CARD_SLOTS, NUM_SPACES, TOOL_MAKER, gather_divisor,
)
from .nodes import (
    EXTRA, FEED, FEED_SHORT, ITEMS_PICK, ITEMS_ROLL, OVER, PAY_BUILDING, PAY_CARD, PLACE,
    REFILL, RESOLVE, REVEAL_CARD, REVEAL_TILE, ROLL, TOOLS,
)
from .payments import building_payments, building_points, capped, payment_cap
from .table import TABLE_BIT as _TABLE_BIT, Table
from .tools import tools_could_help

if TYPE_CHECKING:
    from .actions import Action
    from .player import Player

_EMPTY_ROW = (0,) * NUM_SPACES

_GATHER_SET = frozenset(GATHER_SPACES)
_SPACE_INDICES = range(NUM_SPACES)
_DIVISORS = tuple(gather_divisor(space) if space in GATHER_SPACES else 0 for space in range(NUM_SPACES))


class Transitions:
    """State changes of ``GameState`` (see the module docstring)."""

    __slots__ = ()

    # --- copy-on-write access ----------------------------------------------------------------
    def _player(self, seat: int) -> Player:
        """The seat's player, copied on first change within this ``apply``."""
        if self._owned >> seat & 1:
            return self.players[seat]
        fresh = self.players[seat].copy()
        players = list(self.players)
        players[seat] = fresh
        self.players = tuple(players)
        self._owned |= 1 << seat
        return fresh

    def _edit_table(self) -> Table:
        """The table, copied on first change within this ``apply``."""
        if not self._owned & _TABLE_BIT:
            self._table = self._table.copy()
            self._owned |= _TABLE_BIT
        return self._table

    def _set_placed(self, seat: int, space: int, count: int) -> None:
        row = list(self.placed[seat])
        row[space] = count
        self.placed = self.placed[:seat] + (tuple(row),) + self.placed[seat + 1:]

    # --- actions -------------------------------------------------------------------------------
    def _do_place(self, action: Action) -> None:
        seat, space, count = self.turn, action[0], action[1]
        self._set_placed(seat, space, count)
        occupants = list(self.occupants)
        occupants[space] += count
        self.occupants = tuple(occupants)
        if space < HUNT:
            self._open_village = self._open_village_spaces()
        elif space >= CARD_SPACES[0]:
            singles = list(self._open_singles)
            singles.remove(action)
            self._open_singles = tuple(singles)
        elif self.n < 4 and space != HUNT:  # who stands on a resource space matters with 2-3 players
            mask = list(self.occupant_mask)
            mask[space] |= 1 << seat
            self.occupant_mask = tuple(mask)
        self.turn = self._next_placer(seat)

    def _do_resolve(self, action: Action) -> None:
        self._resolve_space(self.turn, action.space)

    def _do_roll(self, action: Action) -> None:
        space, total = self.pending[1], action[0]
        p = self.players[self.turn]
        if (p.tools_free or p.one_use) and tools_could_help(p, space, total):
            self.pending = (TOOLS, space, total)
        else:
            self.pending = None
            self._gather(self.turn, space, total)

    def _do_tools(self, action: Action) -> None:
        _, space, total = self.pending
        p = self._player(self.turn)
        p.use_tools(action.tiles, action.cards)
        self.pending = None
        self._gather(self.turn, space, total + sum(action.tiles) + sum(action.cards))

    def _do_pay(self, action: Action) -> None:
        kind, index = self.pending[0], self.pending[1]
        seat = self.turn
        p = self._player(seat)
        p.add_resources(action.resources, -1)
        self.pending = None
        if kind == PAY_CARD:
            table = self._edit_table()
            card_id = table.display[index]
            table.display = table.display[:index] + (None,) + table.display[index + 1:]
            p.cards = p.cards + (card_id,)
            self._card_effect(seat, data.cards()[card_id])
        else:
            table = self._edit_table()
            tile_id = table.tops[index]
            tile = data.buildings()[tile_id]
            p.buildings = p.buildings + (tile_id,)
            p.building_points += building_points(tile, action.resources)
            table.tops = table.tops[:index] + (None,) + table.tops[index + 1:]
            sizes = list(table.stack_sizes)
            sizes[index] -= 1
            table.stack_sizes = tuple(sizes)
            if sizes[index] > 0:
                self.pending = (REVEAL_TILE, index)

    def _do_decline(self, action: Action) -> None:
        self.pending = None

    def _do_items_roll(self, action: Action) -> None:
        buyer = self.pending[1]
        self.pending = (ITEMS_PICK, action.faces, buyer, buyer)
        self._auto_pick()

    def _do_pick(self, action: Action) -> None:
        _, faces, picker, buyer = self.pending
        self._take_item(picker, action.face)
        rest = list(faces)
        rest.remove(action.face)
        self.pending = (ITEMS_PICK, tuple(rest), (picker + 1) % self.n, buyer) if rest else None
        self._auto_pick()

    def _do_take_two(self, action: Action) -> None:
        p = self._player(self.current_player())
        p.two_res -= 1
        p.add_resource(action.first, 1)
        p.add_resource(action.second, 1)

    def _do_feed(self, action: Action) -> None:
        self._player(self.turn).add_resources(action.resources, -1)
        self.pending = None
        self._fed(self.turn)

    def _do_starve(self, action: Action) -> None:
        self._player(self.turn).penalties += 1
        self.pending = None
        self._fed(self.turn)

    def _do_reveal_card(self, action: Action) -> None:
        slot = self.pending[1]
        table = self._edit_table()
        table.display = table.display[:slot] + (action.card,) + table.display[slot + 1:]
        self._remove_from_deck(action.card)
        self.pending = None

    def _do_reveal_tile(self, action: Action) -> None:
        stack = self.pending[1]
        table = self._edit_table()
        table.tops = table.tops[:stack] + (action.tile,) + table.tops[stack + 1:]
        pool = list(table.tile_pool)
        pool.remove(action.tile)
        table.tile_pool = tuple(pool)
        self.pending = None

    def _do_extra(self, action: Action) -> None:
        owner = self.pending[1]
        p = self._player(owner)
        p.extras = p.extras + (action.card,)
        self._remove_from_deck(action.card)
        self.pending = None

    def _remove_from_deck(self, card_id: str) -> None:
        table = self._edit_table()
        deck = list(table.deck)
        deck.remove(card_id)
        table.deck = tuple(deck)
        table.deck_size -= 1

    # --- effects -------------------------------------------------------------------------------
    def _resolve_space(self, seat: int, space: int) -> None:
        count = self.placed[seat][space]
        self._set_placed(seat, space, 0)
        if space == TOOL_MAKER:
            self._player(seat).gain_tool()
        elif space == HUT:
            self._player(seat).gain_person()
        elif space == FIELD:
            self._player(seat).gain_track()
        elif space in GATHER_SPACES:
            self.pending = (ROLL, space, count)
        elif space in CARD_SPACES:
            slot = space - CARD_SPACES[0]
            if self._could_pay_card(seat, slot):
                self.pending = (PAY_CARD, slot)
        else:
            stack = space - BUILDING_SPACES[0]
            if self._could_pay_building(seat, stack):
                self.pending = (PAY_BUILDING, stack)

    def _could_pay_card(self, seat: int, slot: int) -> bool:
        p = self.players[seat]
        return p.two_res > 0 or sum(p.res) >= slot + 1

    def _could_pay_building(self, seat: int, stack: int) -> bool:
        p = self.players[seat]
        tile = data.buildings()[self.tops[stack]]
        return p.two_res > 0 or bool(building_payments(tile, capped(p.res, payment_cap(tile))))

    def _gather(self, seat: int, space: int, pips: int) -> None:
        amount = pips // _DIVISORS[space]
        if amount:
            p = self._player(seat)
            if space == HUNT:
                p.food += amount
            else:
                p.add_resource(space - FOREST, amount)

    def _card_effect(self, seat: int, card: data.Card) -> None:
        effect = card.effect
        p = self._player(seat)
        if effect == "food":
            p.food += card.amount
        elif effect == "resource":
            p.add_resource(card.resource, card.amount)
        elif effect == "food_production":
            p.gain_track()
        elif effect == "points":
            p.card_points += card.amount
        elif effect == "permanent_tool":
            p.gain_tool()
        elif effect == "one_use_tool":
            p.one_use = tuple(sorted(p.one_use + (card.amount,), reverse=True))
        elif effect == "any_two_resources":
            p.two_res += 1
        elif effect == "extra_card":
            if self.deck_size > 0:
                self.pending = (EXTRA, seat)
        elif effect == "resource_2_dice":
            self.pending = (ROLL, FOREST + card.resource, 2)
        elif effect == "dice_for_items":
            self.pending = (ITEMS_ROLL, seat)
        else:
            raise AssertionError(f"unknown card effect {effect!r}")

    def _take_item(self, seat: int, face: int) -> None:
        p = self._player(seat)
        if face == ITEM_TOOL_FACE:
            p.gain_tool()
        elif face == ITEM_FIELD_FACE:
            p.gain_track()
        else:
            p.add_resource(face - 1, 1)

    def _auto_pick(self) -> None:
        """Hand out dice while only one kind of face is left: nobody has a choice then."""
        while self.pending is not None and len(set(self.pending[1])) == 1:
            _, faces, picker, buyer = self.pending
            self._take_item(picker, faces[0])
            rest = faces[1:]
            self.pending = (ITEMS_PICK, rest, (picker + 1) % self.n, buyer) if rest else None

    # --- forced steps --------------------------------------------------------------------------
    def _settle(self) -> None:
        """Take forced steps until a decision, a chance node or the end of the game."""
        while self.pending is None and self.phase != OVER:
            phase = self.phase
            if phase == PLACE:
                if self.turn is not None:
                    return
                self.phase, self.turn = RESOLVE, self.start
            elif phase == RESOLVE:
                if not self._resolve_step():
                    return
            elif phase == FEED:
                self._feed_step()
            else:
                self._refill_step()

    def _next_placer(self, seat: int, first: int = 1) -> int | None:
        """The next seat clockwise (from ``seat + first``) that can place, its choices
        recorded as the legal actions; None when nobody can place any more."""
        n = self.n
        for step in range(first, first + n):
            candidate = (seat + step) % n
            acts = self._placements(candidate)
            if acts:
                self._offer(acts, candidate)
                return candidate
        return None

    def _resolve_step(self) -> bool:
        """One forced step of the resolution phase; False when the seat must choose."""
        seat = self.turn
        row = self.placed[seat]
        # Hut and field commute with every other space (nothing in this phase reads people or
        # the food track), so they are used at once and the seat chooses only where order counts.
        if row[HUT] or row[FIELD]:
            self._resolve_space(seat, HUT if row[HUT] else FIELD)
            return True
        if row.count(0) < NUM_SPACES:
            spaces = list(compress(_SPACE_INDICES, row))
            if len(spaces) == 1 or self._order_is_irrelevant(seat, spaces):
                self._resolve_space(seat, spaces[0])
                return True
            self._offer(resolve_actions(spaces), seat)
            return False
        nxt = (seat + 1) % self.n
        if nxt == self.start:
            self.phase = FEED
        self.turn = nxt
        return True

    def _order_is_irrelevant(self, seat: int, spaces: list[int]) -> bool:
        """Rolls with no tool to add involve no decision, so their order cannot matter."""
        p = self.players[seat]
        return not p.tools_free and not p.one_use and _GATHER_SET.issuperset(spaces)

    def _feed_step(self) -> None:
        """Feed the seat in ``turn`` (from the start player on); ask only on a shortfall."""
        seat = self.turn
        p = self._player(seat)
        p.food += p.track
        if p.food >= p.people:
            p.food -= p.people
            self._fed(seat)
            return
        short = p.people - p.food
        p.food = 0
        if sum(p.res) + 2 * p.two_res >= short:
            self.pending = (FEED_SHORT, short)
            return
        p.penalties += 1
        self._fed(seat)

    def _fed(self, seat: int) -> None:
        """The seat is fed: the next seat's turn, or the round ends after the last one."""
        following = (seat + 1) % self.n
        if following == self.start:
            self._end_round()
        else:
            self.turn = following

    def _end_round(self) -> None:
        table = self._edit_table()
        table.score_log = table.score_log + (tuple(p.score for p in self.players),)
        if 0 in self.stack_sizes:
            self.phase = OVER
            return
        cards = [c for c in self.display if c is not None]
        if self.deck_size < NUM_CARD_SLOTS - len(cards):
            self.phase = OVER  # the display cannot be refilled: no new round begins
            return
        for seat, p in enumerate(self.players):
            if p.tools_used:
                self._player(seat).restore_tools()
        table.start = (table.start + 1) % self.n
        table.round += 1
        # Remaining cards slide right, toward the cheap slots (slot 0 costs 1).
        table.display = tuple(cards) + (None,) * (NUM_CARD_SLOTS - len(cards))
        self.phase = REFILL

    def _refill_step(self) -> None:
        for slot, card in enumerate(self.display):
            if card is None:
                self.pending = (REVEAL_CARD, slot)
                return
        for stack, top in enumerate(self.tops):
            if top is None and self.stack_sizes[stack] > 0:
                self.pending = (REVEAL_TILE, stack)
                return
        self.phase = PLACE
        self.placed = (_EMPTY_ROW,) * self.n
        self.occupants = self.occupant_mask = _EMPTY_ROW
        self._open_village = self._open_village_spaces()
        self._open_singles = self._open_single_spaces()
        self.turn = self._next_placer(self.start, first=0)


HANDLERS = {
    "place": Transitions._do_place, "resolve": Transitions._do_resolve, "tools": Transitions._do_tools,
    "pay": Transitions._do_pay, "decline": Transitions._do_decline, "pick": Transitions._do_pick,
    "taketwo": Transitions._do_take_two, "feed": Transitions._do_feed, "starve": Transitions._do_starve,
    "roll": Transitions._do_roll, "items": Transitions._do_items_roll, "card": Transitions._do_reveal_card,
    "tile": Transitions._do_reveal_tile, "extra": Transitions._do_extra,
}
