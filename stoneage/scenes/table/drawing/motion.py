"""How each applied action is shown: figures walking to a space, dice rolling, goods flying to
a player's board, gains and losses rising beside it, the new round announced.

``beats_for`` turns one ``Step`` into timeline beats. Durations are scaled by the animation
speed from the settings; at "instant" nothing is queued and the table just shows the new state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pygame
from pygame import Rect

from stoneage.i18n import _
from stoneage.play.match import Step
from stoneage.play.seats import Seat
from stoneage.rules import (
    GameState,
    Pay,
    PayForBuilding,
    PayForCard,
    Place,
    Resolve,
    Roll,
    RollDice,
    RollItems,
    data,
)
from stoneage.scenes.table.drawing.board import drop_point
from stoneage.scenes.table.drawing.panels import panel_room
from stoneage.scenes.table.drawing.pieces import dice_faces
from stoneage.ui import assets, theme
from stoneage.ui.anim import Beat, DiceTumble, Floater, Flyer, Hold, Overlay, Sprite
from stoneage.ui.layout import CAPACITY, TableLayout, panel_parts, space_parts
from stoneage.ui.widgets import draw_panel, draw_text

MOVE, ROLL_TIME, RESULT, FLY, FLOAT, BANNER, FLASH = 0.45, 0.8, 0.45, 0.55, 1.4, 1.1, 0.3
GOODS = ("wood", "brick", "stone", "gold")


class DiceRoll(NamedTuple):
    """A roll being shown: on which space, how many dice, their total and the move number
    (which, with the total, fixes the faces drawn)."""

    space: int
    dice: int
    total: int
    ply: int


def roll_of(step: Step) -> DiceRoll | None:
    """The roll ``step`` makes, None when it is no roll of a gathering space."""
    decision = step.before.decision()
    if not isinstance(step.action, Roll) or not isinstance(decision, RollDice):
        return None
    return DiceRoll(decision.space, decision.dice, step.action.total, step.before.ply)


def deltas(before: GameState, after: GameState, seat: int) -> list[tuple[str, int]]:
    """What a seat gained or lost in one step, as (image name, change) pairs."""
    a, b = before.players[seat], after.players[seat]
    changes = [("food", b.food - a.food)] + [(GOODS[i], b.res[i] - a.res[i]) for i in range(4)]
    changes += [
        ("person", b.people - a.people),
        ("food_track", b.track - a.track),
        ("tool", b.tool_value - a.tool_value),
        ("tool_card", len(b.one_use) - len(a.one_use)),
        ("score", b.score - a.score),
    ]
    return [(name, change) for name, change in changes if change]


class Motion:
    """Builds the beats of a step for one table layout, seating and speed."""

    def __init__(
        self,
        lay: TableLayout,
        seats: list[Seat],
        speed: float,
        display: Callable[[GameState], GameState],
    ) -> None:
        self.lay, self.seats, self.speed, self.display = lay, seats, speed, display
        self.last_roll: tuple[int, list[int]] | None = None  # (space, faces) of the latest roll
        self._scratch: pygame.Surface | None = None  # panels drawn to find their free room

    def beats_for(
        self, step: Step, by_human: bool, add_floater: Callable[[Sprite], None]
    ) -> list[Beat[GameState]]:
        """The beats showing ``step`` (empty at instant speed)."""
        self.remember_roll(step)
        if self.speed <= 0:
            return []
        before, after = self.display(step.before), self.display(step.after)
        beats: list[Beat[GameState]] = []
        action, roll = step.action, roll_of(step)
        if isinstance(action, Place) and not by_human:
            beats.append(Beat(before, self._walk(step, action)))
        elif isinstance(action, Resolve):
            beats.append(Beat(before, [self._flash(self.lay.spaces.get(action.space))]))
        elif roll is not None:
            beats.append(Beat(before, self._dice(roll)))
        elif isinstance(action, RollItems):
            centre = self.lay.board.center
            beats.append(
                Beat(
                    before,
                    [
                        DiceTumble(
                            centre,
                            list(action.faces),
                            self.lay.figure * 2,
                            ROLL_TIME * self.speed,
                            step.before.ply,
                        )
                    ],
                )
            )
        elif isinstance(action, Pay):
            beats.append(Beat(before, self._payment(step, action)))
        spawn = lambda: self._spawn_floaters(step, add_floater)  # noqa: E731 - a deferred call
        result: list[Sprite] = [Hold(RESULT * self.speed * (1.0 if roll is not None else 0.3))]
        if roll is not None:
            result += self._dice(roll, settled=True)
            result += self._goods_flying(step, roll.space)
        beats.append(Beat(after, result, on_start=spawn))
        if step.after.round > step.before.round:
            beats.append(
                Beat(
                    after,
                    [
                        Overlay(
                            self._round_banner(step.after.round),
                            BANNER * self.speed,
                            self._banner_rect(),
                        )
                    ],
                )
            )
        return beats

    # --- pieces of motion -------------------------------------------------------------------------
    def _panel_point(self, seat: int, row: int = 0) -> tuple[int, int]:
        parts = panel_parts(self.lay.panels[seat], self.lay.unit)
        return parts.rows[row].center if row else parts.figures.center

    def _walk(self, step: Step, action: Place) -> list[Sprite]:
        seat = step.actor
        already = step.before.occupants[action.space]
        colour = self.seats[seat].colour
        picture = assets.image(theme.worker_image(colour), self.lay.figure * 3 // 2)
        start = self._panel_point(seat)
        return [
            Flyer(
                picture,
                start,
                drop_point(self.lay, action.space, already + i),
                MOVE * self.speed,
                delay=0.06 * i * self.speed,
            )
            for i in range(action.count)
        ]

    def _flash(self, rect: Rect | None) -> Overlay:
        def paint(surface: pygame.Surface, t: float) -> None:
            if rect is not None:
                width = max(2, round(self.lay.margin * (1 - t)))
                pygame.draw.rect(
                    surface,
                    theme.HIGHLIGHT,
                    rect.inflate(width * 2, width * 2),
                    width,
                    border_radius=12,
                )

        area = (
            rect.inflate(self.lay.margin * 2 + 4, self.lay.margin * 2 + 4)
            if rect is not None
            else None
        )
        return Overlay(paint, FLASH * self.speed, area)

    def _roll_centre(self, space: int) -> tuple[int, int]:
        rect = self.lay.spaces[space]
        return space_parts(rect, CAPACITY[space], self.lay.unit).art.center

    def dice_places(self, roll: DiceRoll) -> tuple[tuple[int, int], int, Rect]:
        """Where a roll's dice lie on its space and its sum shows: the dice's centre, their
        size, the sum's label; both inside the space's picture, so they cover none of its
        words (the sum of 8 or 10 dice covered "2 pips = 1 food")."""
        art = space_parts(self.lay.spaces[roll.space], CAPACITY[roll.space], self.lay.unit).art
        rows = (roll.dice + 3) // 4
        label = Rect(0, 0, self.lay.fonts.big * 3, self.lay.fonts.big * 3 // 2)
        size = max(
            16, min(self.lay.figure * 2, self.lay.spaces[4].width // (min(roll.dice, 4) + 1))
        )
        across = art.width / (min(roll.dice, 4) * 1.1)
        size = max(8, min(size, int(across), int((art.height - label.height) / (rows * 1.1))))
        block = round(rows * size * 1.1)
        top = art.top + max(0, (art.height - block - label.height) // 2)
        label.midtop = (art.centerx, top + block)
        return (art.centerx, top + block // 2), size, label

    def _dice(self, roll: DiceRoll, settled: bool = False) -> list[Sprite]:
        faces = dice_faces(roll.total, roll.dice, roll.ply)
        centre, size, label = self.dice_places(roll)
        duration = (RESULT if settled else ROLL_TIME) * self.speed
        tumble = DiceTumble(centre, faces, size, duration, roll.ply, settled)
        if not settled:
            return [tumble]
        return [tumble, Overlay(_sum_label(roll.total, label, self.lay), duration, label)]

    def _goods_flying(self, step: Step, space: int) -> list[Sprite]:
        seat = step.before.turn
        gains = [
            (name, change)
            for name, change in deltas(step.before, step.after, seat)
            if change > 0 and name != "score"
        ]
        start = self._roll_centre(space)
        end = self._panel_point(seat, 1)
        flyers: list[Sprite] = []
        for name, change in gains:
            for _i in range(min(change, 6)):
                flyers.append(
                    Flyer(
                        assets.image(name, self.lay.icon),
                        start,
                        end,
                        FLY * self.speed,
                        delay=0.07 * len(flyers) * self.speed,
                    )
                )
        return flyers

    def _payment(self, step: Step, action: Pay) -> list[Sprite]:
        decision = step.before.decision()
        if isinstance(decision, PayForCard):
            space = data.CARD_SPACES[decision.slot]
        elif isinstance(decision, PayForBuilding):
            space = data.BUILDING_SPACES[decision.stack]
        else:  # a payment always answers a card or a building
            return []
        end = self.lay.spaces[space].center
        start = self._panel_point(step.actor, 1)
        flyers: list[Sprite] = []
        for i, amount in enumerate(action.resources):
            for _k in range(amount):
                flyers.append(
                    Flyer(
                        assets.image(GOODS[i], self.lay.icon),
                        start,
                        end,
                        FLY * self.speed,
                        delay=0.06 * len(flyers) * self.speed,
                    )
                )
        return flyers

    def _spawn_floaters(self, step: Step, add: Callable[[Sprite], None]) -> None:
        after = self.display(step.after)
        for seat in range(step.after.n):
            changes = deltas(step.before, step.after, seat)
            if changes:
                for picture, centre, rise in self.popups(after, seat, changes):
                    add(Floater(picture, centre, FLOAT * self.speed, rise=rise))

    def popups(
        self, after: GameState, seat: int, changes: list[tuple[str, int]]
    ) -> list[tuple[pygame.Surface, tuple[int, int], int]]:
        """The pop-up amounts of a seat's ``changes``: pictures, where each starts and how far
        it rises, in the free stretches of its panel as ``after`` draws it (``panel_room``),
        so they cover nothing a player reads; all in one stretch where they fit, else spread
        over the stretches, the widest first."""
        if self._scratch is None or self._scratch.get_size() != self.lay.size:
            self._scratch = pygame.Surface(self.lay.size)
        room = panel_room(self._scratch, self.lay, after, self.seats, seat)
        if not room:
            return []
        rise = max(2, room[0].height // 6)
        chips = [self._delta_picture([change], room[0].height - rise) for change in changes]
        gap = max(2, self.lay.margin // 2)
        groups = _fill(room, [chip.get_width() for chip in chips], gap)
        popups = []
        for span, members in groups:
            picture = _side_by_side([chips[i] for i in members], gap)
            centre = (span.centerx, span.centery + rise // 2)
            popups.append((picture, centre, rise))
        return popups

    def _delta_picture(self, changes: list[tuple[str, int]], height: int) -> pygame.Surface:
        """One rounded chip showing ``changes`` ('+3 wood -1 food'), ``height`` tall."""
        size = max(8, round(height * 0.72))
        font = min(self.lay.fonts.label, max(9, round(height * 0.62)))
        parts = []
        for name, change in changes:
            colour = theme.MOSS_DARK if change > 0 else theme.CLAY
            parts.append(
                (assets.text(f"{change:+d}", font, colour, True), assets.image(name, size))
            )
        width = sum(t.get_width() + 1 + i.get_width() for t, i in parts)
        width += (len(parts) - 1) * (size // 2) + 2 * (size // 3)
        picture = pygame.Surface((width, height), pygame.SRCALPHA)
        draw_panel(
            picture,
            picture.get_rect(),
            (*theme.PARCHMENT_LIGHT, 235),
            theme.CHARCOAL,
            1,
            height // 2,
        )
        x = size // 3
        for label, icon in parts:
            picture.blit(label, label.get_rect(midleft=(x, height // 2)))
            x += label.get_width() + 1
            picture.blit(icon, icon.get_rect(midleft=(x, height // 2)))
            x += icon.get_width() + size // 2
        return picture

    def _banner_rect(self) -> Rect:
        band = Rect(self.lay.board.left, 0, self.lay.board.width, self.lay.fonts.huge * 2)
        band.centery = self.lay.board.centery
        return band

    def _round_banner(self, number: int) -> Callable[[pygame.Surface, float], None]:
        lay, band = self.lay, self._banner_rect()

        def paint(surface: pygame.Surface, t: float) -> None:
            draw_panel(surface, band, theme.UMBER_DARK, theme.OCHRE, 3, 12)
            draw_text(
                surface,
                _("Round {n}").format(n=number),
                band.center,
                lay.fonts.huge,
                theme.PARCHMENT_LIGHT,
                True,
                "center",
            )

        return paint

    def remember_roll(self, step: Step) -> None:
        """Keep the faces of a roll for the tool dialog that may follow."""
        roll = roll_of(step)
        if roll is not None:
            self.last_roll = (roll.space, dice_faces(roll.total, roll.dice, roll.ply))


def _sum_label(
    total: int, label: Rect, lay: TableLayout
) -> Callable[[pygame.Surface, float], None]:
    """The sum of the dice, shown under them once they settle."""

    def paint(surface: pygame.Surface, _t: float) -> None:
        draw_panel(surface, label, theme.CHARCOAL, theme.OCHRE, 2, label.height // 2)
        draw_text(
            surface,
            f"= {total}",
            label.center,
            lay.fonts.label,
            theme.PARCHMENT_LIGHT,
            True,
            "center",
        )

    return paint


def _fill(room: list[Rect], widths: list[int], gap: int) -> list[tuple[Rect, list[int]]]:
    """Which pieces (by index, in order) go in which stretch of ``room`` (widest first): all
    in the first stretch that holds them together, else as many as fit in each stretch in
    turn; pieces no stretch has room for left go to the widest (they may cover ink there)."""
    total = sum(widths) + gap * (len(widths) - 1)
    for span in sorted(room, key=lambda r: r.width):  # the narrowest that holds them all
        if total <= span.width:
            return [(span, list(range(len(widths))))]
    groups: list[tuple[Rect, list[int]]] = []
    index = 0
    for span in room:
        used, members = 0, []
        while index < len(widths) and used + widths[index] <= span.width:
            used += widths[index] + gap
            members.append(index)
            index += 1
        if members:
            groups.append((span, members))
    if index < len(widths):
        groups.append((room[0], list(range(index, len(widths)))))
    return groups


def _side_by_side(pictures: list[pygame.Surface], gap: int) -> pygame.Surface:
    """``pictures`` in a row, ``gap`` apart, on a transparent surface."""
    width = sum(p.get_width() for p in pictures) + gap * (len(pictures) - 1)
    height = max(p.get_height() for p in pictures)
    row = pygame.Surface((width, height), pygame.SRCALPHA)
    x = 0
    for picture in pictures:
        row.blit(picture, (x, (height - picture.get_height()) // 2))
        x += picture.get_width() + gap
    return row
