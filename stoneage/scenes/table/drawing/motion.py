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

    def _dice(self, roll: DiceRoll, settled: bool = False) -> list[Sprite]:
        count = roll.dice
        faces = dice_faces(roll.total, count, roll.ply)
        size = max(16, min(self.lay.figure * 2, self.lay.spaces[4].width // (min(count, 4) + 1)))
        centre = self._roll_centre(roll.space)
        duration = (RESULT if settled else ROLL_TIME) * self.speed
        tumble = DiceTumble(centre, faces, size, duration, roll.ply, settled)
        if not settled:
            return [tumble]
        rows = (count + 3) // 4
        below = (centre[0], round(centre[1] + size * rows * 0.6))
        label = Rect(0, 0, self.lay.fonts.big * 3, self.lay.fonts.big * 3 // 2)
        label.midtop = below
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
        for seat in range(step.after.n):
            changes = deltas(step.before, step.after, seat)
            if changes:
                picture = self._delta_picture(changes)
                # Rising over the lower rows only: the header's name and "human · turn" stay
                # readable while the amounts float.
                rows = panel_parts(self.lay.panels[seat], self.lay.unit).rows
                start = (rows[2].centerx, rows[2].centery)
                add(
                    Floater(
                        picture, start, FLOAT * self.speed, rise=rows[2].centery - rows[0].centery
                    )
                )

    def _delta_picture(self, changes: list[tuple[str, int]]) -> pygame.Surface:
        size, font = self.lay.icon, self.lay.fonts.label
        parts = []
        for name, change in changes:
            colour = theme.MOSS_DARK if change > 0 else theme.CLAY
            parts.append(
                (assets.text(f"{change:+d}", font, colour, True), assets.image(name, size))
            )
        width = sum(t.get_width() + i.get_width() + size // 2 for t, i in parts) + size
        height = max(size, font * 3 // 2) + size // 3
        picture = pygame.Surface((width, height), pygame.SRCALPHA)
        draw_panel(
            picture,
            picture.get_rect(),
            (*theme.PARCHMENT_LIGHT, 235),
            theme.CHARCOAL,
            1,
            height // 2,
        )
        x = size // 2
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
