"""The table on screen: the board and player boards (kept as a picture, redrawn where they
change), the status bar with the banner and the line under it, the human's controls, the
animations, the Hint's ring, the hotseat veil, the first-game tip and the tooltips.

The painter reads the table through ``PaintedTable`` (its parts and the game, not the whole
scene) and changes nothing of the game: ``refresh`` brings the kept pictures up to date once a
frame (reporting the areas that changed), ``draw`` puts everything on the surface.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from stoneage.i18n import _
from stoneage.play.assist import preview_text
from stoneage.play.match import Step
from stoneage.play.moment import made_banner
from stoneage.play.names import COLOUR_TITLES
from stoneage.play.seam import TableMatch
from stoneage.play.seats import Seat
from stoneage.play.story import banner
from stoneage.rules import GameState, PickItemDie, Place, Resolve, RollDice, RollItemDice
from stoneage.rules.data import GATHER_SPACES
from stoneage.scenes.table.controls.dialogs import ItemsDialog
from stoneage.scenes.table.controls.hands import Hands
from stoneage.scenes.table.controls.placing import PlacementControl, ResolveControl
from stoneage.scenes.table.controls.roll_shown import RollShown
from stoneage.scenes.table.controls.toolbar import Toolbar
from stoneage.scenes.table.drawing.board import Waiting, space_at
from stoneage.scenes.table.drawing.picture import TableRenderer
from stoneage.scenes.table.drawing.status import StatusBar
from stoneage.scenes.table.drawing.tips import TipToast
from stoneage.scenes.table.drawing.tooltips import tooltip_at
from stoneage.scenes.table.session.hinting import Hinting
from stoneage.scenes.table.session.turns import Turns
from stoneage.scenes.table.telling.table_log import TableLog
from stoneage.ui import assets, theme
from stoneage.ui.anim import Timeline
from stoneage.ui.layout import TableLayout, figure_area, tooltip_place
from stoneage.ui.widgets import (
    Button,
    draw_panel,
    draw_text,
    draw_text_fit,
    draw_tooltip,
    draw_wrapped,
    shade,
    tooltip_under,
    wrap_lines,
)


class PaintedLayer(Protocol):
    """What the painter asks of the layer over the table."""

    def banner(self, shown: GameState) -> tuple[str, int | None] | None:
        """The banner's words instead of the table's own (None: the table's)."""

    def waiting_figures(self) -> tuple[int, Waiting] | None:
        """Figures still at work on a space until a roll (None: as the state has them)."""


class PaintedTable(Protocol):
    """What the painter reads of the table: its parts and the game, not the whole scene."""

    mouse: tuple[int, int]

    @property
    def seats(self) -> list[Seat]:
        """The seats, in order."""

    @property
    def match(self) -> TableMatch:
        """The game being played."""

    @property
    def lay(self) -> TableLayout:
        """The table's layout."""

    @property
    def shown(self) -> GameState:
        """The state on screen."""

    @property
    def turns(self) -> Turns:
        """Who is at the screen, the hotseat announcement."""

    @property
    def hands(self) -> Hands:
        """The human's controls."""

    @property
    def toolbar(self) -> Toolbar:
        """The table's own buttons."""

    @property
    def log(self) -> TableLog:
        """The short log."""

    @property
    def table(self) -> TableRenderer:
        """The table's kept picture."""

    @property
    def status(self) -> StatusBar:
        """The status bar's kept picture."""

    @property
    def timeline(self) -> Timeline[GameState]:
        """The animations."""

    @property
    def hinting(self) -> Hinting:
        """The Hint."""

    @property
    def tips(self) -> TipToast:
        """The first-game tips."""

    @property
    def layer(self) -> PaintedLayer:
        """What the kind of game puts over the table."""

    def undo_target(self) -> Step | None:
        """The step Undo would take back now."""

    def offers(self, what: str) -> bool:
        """Whether "undo", "hints" or "tips" is offered now."""


FRAME_BUDGET = 0.003  # seconds of table redrawing per frame while something moves


class Painter:
    """Draws the table scene (see the module's docstring)."""

    def __init__(self, table: PaintedTable) -> None:
        self.table = table
        self.watching: ItemsDialog | None = None  # bots picking dice for items, shown to all
        self._watching_key: tuple[int, int] | None = None
        self._table_for: tuple[object, ...] | None = None
        self._hint_ring: pygame.Rect | None = None  # where the Hint's ring was last drawn
        self._tip: tuple[str, pygame.Rect | None] = ("", None)  # the tooltip shown, and where
        # The words of the tooltip drawn (the lesson's own filter over ``tooltip`` is drawn
        # instead while its bubble shows): what ``refresh`` follows, so the tooltip on screen
        # is redrawn as soon as they change.
        self.tip_source: Callable[[], str] = self.tooltip

    def reset(self) -> None:
        """A new layout: every picture is made again."""
        self._table_for = None
        self._watching_key = None

    # --- the kept pictures ---------------------------------------------------------------------------
    def refresh(self) -> list[pygame.Rect]:
        """Bring the kept table and status bar up to date; the areas that changed."""
        t = self.table
        shown = t.shown
        deciding = t.match.human_to_act() is not None and t.turns.announcing is None
        damage = t.toolbar.sync(t.undo_target(), deciding and t.offers("hints"))
        damage += self._watch_items(shown)
        log = t.log.window()  # as far as the player scrolled it
        live = shown is t.turns.display(t.match.state)  # not an animation of an earlier state
        waiting = t.layer.waiting_figures() if live else None
        table_for = (id(shown), shown.ply, len(log), t.log.last, t.log.newer, id(t.table), waiting)
        if table_for != self._table_for:
            budget = FRAME_BUDGET if t.timeline.moving else None
            changed, complete = t.table.refresh(
                shown, active_seat(shown), log, budget, waiting, t.log.newer
            )
            damage += changed
            self._table_for = table_for if complete else None
        hint, is_error = self.status_line()
        damage += t.status.refresh(shown, t.seats, self.banner(shown), hint, is_error)
        tip = self.tip_source()
        if tip != self._tip[0]:  # the words under a resting pointer changed (a bot moved)
            box = self.tooltip_box(tip)
            damage += [r.inflate(4, 4) for r in (self._tip[1], box) if r is not None]
            self._tip = (tip, box)
        ring = self.hint_ring()
        if ring != self._hint_ring:  # the hint came or went: its ring is drawn (or wiped) now
            damage += [r.inflate(4, 4) for r in (self._hint_ring, ring) if r is not None]
            self._hint_ring = ring
        return damage

    def hint_ring(self) -> pygame.Rect | None:
        """The area of the ring around the space the Hint suggests (None: no hint shown)."""
        t = self.table
        hint = t.hinting.current(t.match)
        if hint is None or not isinstance(hint.best, (Place, Resolve)):
            return None
        rect = t.lay.spaces.get(hint.best.space)
        if rect is None:
            return None
        width = max(3, t.lay.margin // 2)
        ring = rect.inflate(width * 4, width * 4)
        tag_h = assets.font(t.lay.fonts.small, True).get_linesize() + width
        return ring.union(pygame.Rect(ring.left, ring.top - tag_h // 2, ring.width, tag_h))

    def _watch_items(self, shown: GameState) -> list[pygame.Rect]:
        """While bots pick from the dice for items, show the dice to everyone."""
        picking = isinstance(shown.decision(), PickItemDie) and not self.table.hands.controls
        key = (id(shown), shown.ply) if picking else None
        if key == self._watching_key:
            return []
        self._watching_key = key
        names = [s.name for s in self.table.seats]
        self.watching = ItemsDialog(self.table.lay, shown, names, None) if picking else None
        return [self.table.lay.board]

    # --- words --------------------------------------------------------------------------------------
    def banner(self, shown: GameState) -> tuple[str, int | None]:
        """Whose turn it is and what they do, and that seat."""
        t = self.table
        if t.match.replaying():
            if t.match.replay_finished() and not t.match.is_over():
                return _("End of the replay"), None
            watchers = [Seat(s.name, s.colour, "bot", s.level) for s in t.seats]
            text, seat = banner(shown, watchers, False)
            return _("Replay: {what}").format(what=text), seat
        if t.turns.announcing is not None:
            who = t.seats[t.turns.announcing]
            return _("{name}: your turn").format(name=who.name), t.turns.announcing
        held = t.hands.main()
        if isinstance(held, RollShown):  # a roll waits to be seen: the banner names it
            return held.title, held.seat
        said = t.layer.banner(shown)
        if said is not None:
            return said
        live = t.match.state
        deciding = shown.current_player()
        if shown.ply < live.ply and deciding >= 0 and t.seats[deciding].is_human:
            # The animation still shows a decision the human has made (the payment of a
            # building flying to its stack): the banner asks nothing that is already done, and
            # says what is being done (not the next decision, whose dialog is not open yet).
            made = next((s for s in reversed(t.match.steps) if s.before.ply == shown.ply), None)
            if made is not None and made.actor == deciding:
                return made_banner(made, t.seats)
            shown = t.turns.display(live)
        return banner(shown, t.seats, t.match.thinking())

    def status_line(self) -> tuple[str, bool]:
        """The line under the banner, and whether it is an error."""
        t = self.table
        if t.hands.error:
            return t.hands.error, True
        if t.turns.announcing is not None:
            return _("The next player takes the screen."), False
        if t.hands.warning:
            return t.hands.warning, True
        hint = t.hinting.current(t.match)
        if hint is not None:
            return hint.text(), False
        if t.hinting.thinking(t.match):
            return _("The Hard bot is thinking about a hint…"), False
        return (t.hands.hint() or t.log.last), False

    def status_tooltip(self) -> str:
        """The status line's tooltip: the whole line when it had to be cut short."""
        return self.table.status.cut

    def all_buttons(self) -> list[Button]:
        """Every button on screen now (for tooltips and clicks)."""
        return self.table.toolbar.shown() + self.table.hands.all_buttons()

    def tooltip(self) -> str:
        """Words for the button, space, card, building or player board under the mouse; while
        placing, a gathering space also shows what the carried figures can yield. Nothing over
        an open chooser: its numbers say what they do, and a tooltip covered them."""
        t = self.table
        popup = t.hands.popup
        if popup is not None and popup.area is not None and popup.area.collidepoint(t.mouse):
            return ""
        tip = tooltip_under(self.all_buttons(), t.mouse)
        if tip:
            return tip
        if t.lay.status.hint.collidepoint(t.mouse):
            return self.status_tooltip()
        if t.turns.announcing is not None or self._covered(t.mouse):
            return ""
        main = t.hands.main()
        placing = main if isinstance(main, PlacementControl) else None
        preview = self._preview(placing)
        if t.hands.popup is not None or (placing is not None and placing.dragging):
            return preview
        if main is not None and not isinstance(main, (PlacementControl, ResolveControl)):
            return ""
        words = tooltip_at(t.lay, t.shown, t.seats, t.mouse)
        return f"{preview}\n\n{words}" if preview and words else preview or words

    def _covered(self, pos: tuple[int, int]) -> bool:
        """True when something lies over the board at ``pos`` (a dialog, the dice for items
        the bots pick from, a first-game tip): the board under it has no tooltip there (a
        "Field" tooltip showed over the dice dialog)."""
        t = self.table
        areas = [self.watching.area if self.watching is not None else None]
        areas += [control.area for control in t.hands.controls]
        areas.append(t.tips.rect if t.tips.showing else None)
        return any(area is not None and area.collidepoint(pos) for area in areas)

    def _preview(self, placing: PlacementControl | None) -> str:
        """What the carried figures can yield on the gathering space under the pointer ('' on
        a space they may not go to now: the status line says why, the preview must not
        promise a yield there)."""
        if placing is None or not self.table.offers("hints"):
            return ""
        space = space_at(self.table.lay, self.table.mouse)
        if space not in GATHER_SPACES or space not in placing.counts:
            return ""
        return preview_text(placing.state, placing.seat, space, placing.count_for(space))

    # --- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, with_tooltip: bool = True) -> None:
        """The whole table (and, with ``with_tooltip``, the tooltip under the pointer)."""
        t = self.table
        surface.blit(t.table.surface, (0, 0))
        if self.watching is not None:
            self.watching.draw(surface)
        surface.blit(t.status.surface, t.lay.status.rect)
        t.toolbar.draw(surface)
        if not t.timeline.busy:
            t.hands.draw(surface)
            self._draw_hinted_space(surface)
        t.timeline.draw(surface)
        t.hands.draw_popup(surface)
        if t.turns.announcing is not None and not t.timeline.busy:
            self._draw_announcement(surface, t.turns.announcing)
        t.tips.draw(surface)
        if with_tooltip:
            self.draw_tooltip(surface, self.tooltip())

    def tooltip_box(self, tip: str) -> pygame.Rect | None:
        """Where the tooltip ``tip`` goes: beside the pointer, never over the figures on the
        space under it nor over an open chooser (None for no tooltip)."""
        if not tip:
            return None
        lay, mouse = self.table.lay, self.table.mouse
        size = lay.fonts.small
        space = space_at(lay, mouse)
        keep_clear = figure_area(lay, space) if space is not None else None
        popup = self.table.hands.popup
        if popup is not None and popup.area is not None:
            keep_clear = popup.area if keep_clear is None else keep_clear.union(popup.area)
        # The box ``draw_tooltip`` makes for this message (the same measures).
        window = pygame.Rect((0, 0), lay.size)
        width = min(window.width // 3, assets.font(size).size(tip)[0] + size)
        lines = wrap_lines(tip, size, width - size)
        height = assets.font(size).get_linesize() * len(lines) + size // 2
        return tooltip_place((width, height), mouse, keep_clear, window, size)

    def draw_tooltip(self, surface: pygame.Surface, tip: str) -> None:
        """The tooltip beside the pointer (see ``tooltip_box``)."""
        box = self.tooltip_box(tip)
        if box is not None:
            size = self.table.lay.fonts.small
            draw_tooltip(surface, tip, (box.left - size, box.top - size), size)

    def _draw_hinted_space(self, surface: pygame.Surface) -> None:
        """A thick bright ring around the suggested space, with "Hint" on it."""
        hint = self.table.hinting.current(self.table.match)
        if hint is None or not isinstance(hint.best, (Place, Resolve)):
            return
        lay = self.table.lay
        rect = lay.spaces.get(hint.best.space)
        if rect is None:
            return
        width = max(3, lay.margin // 2)
        ring = rect.inflate(width * 4, width * 4)
        pygame.draw.rect(surface, theme.CHARCOAL, ring, width + 2, border_radius=14)
        pygame.draw.rect(surface, theme.HINT, ring.inflate(-2, -2), width, border_radius=13)
        size = lay.fonts.small
        words = _("Hint")
        tag = pygame.Rect(0, 0, assets.text_width(words, size, True) + 2 * width, 0)
        tag.height = assets.font(size, True).get_linesize()
        tag.center = (ring.centerx, ring.top)
        draw_panel(surface, tag, theme.HINT, theme.CHARCOAL, 1, tag.height // 2)
        draw_text(surface, words, tag.center, size, theme.CHARCOAL, True, "center")

    def _draw_announcement(self, surface: pygame.Surface, seat: int) -> None:
        """Hotseat: the board is veiled and the next human is called to the screen."""
        lay, seats = self.table.lay, self.table.seats
        f, who = lay.fonts, seats[seat]
        shade(surface, lay.board, 235, radius=12)
        for i in range(len(seats)):
            if i != seat:
                shade(surface, lay.panels[i], 150, radius=8)
        box = lay.announce
        colour = theme.PLAYER_COLOURS[who.colour]
        draw_panel(surface, box, theme.PARCHMENT_LIGHT, colour, max(4, lay.margin // 2), 18)
        figure_size = min(box.height // 3, box.width // 5)
        picture = assets.image(theme.worker_image(who.colour), figure_size)
        surface.blit(picture, picture.get_rect(midtop=(box.centerx, box.top + lay.margin * 2)))
        title = pygame.Rect(
            box.left + lay.margin * 2,
            box.top + lay.margin * 3 + figure_size,
            box.width - lay.margin * 4,
            f.huge,
        )
        heading = _("{name}: your turn").format(name=who.name)
        draw_text_fit(surface, heading, title, f.huge, theme.CHARCOAL, True)
        body = pygame.Rect(
            title.left,
            title.bottom + lay.margin,
            title.width,
            box.bottom - title.bottom - lay.margin * 2,
        )
        words = _(
            "Pass the screen to {name} ({colour}). Click or press Enter to start your turn."
        ).format(name=who.name, colour=_(COLOUR_TITLES[who.colour]))
        draw_wrapped(surface, words, body, f.title, theme.UMBER_DARK, centred=True)


def active_seat(state: GameState) -> int | None:
    """The seat whose turn it is on screen (also while its dice roll)."""
    seat = state.current_player()
    if seat >= 0:
        return seat
    if isinstance(state.decision(), (RollDice, RollItemDice)):
        return state.turn
    return None
