"""The chart of the expected lead over the game, which is also the timeline of the player's
decisions: the lead (the player against the best rival, the Hint's measure) after each of the
player's decisions, the key moments numbered on it, a tick for every decision under it
coloured by what it gave away, the rounds along the bottom and a line at the moment shown.
A click on it goes to the decision nearest the pointer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame
from pygame import Rect

from stoneage.i18n import _
from stoneage.review import SeatReview
from stoneage.ui import assets, theme
from stoneage.ui.layout import Fonts
from stoneage.ui.widgets import draw_panel, draw_text, draw_text_fit

GRID = theme.mix(theme.PARCHMENT, theme.UMBER, 0.25)
SMALL_LOSS = 0.5  # points given away up to which a decision's tick is ochre, not clay
GOOD = theme.MOSS
SLIP = theme.OCHRE
COSTLY = theme.CLAY


def loss_colour(loss: float, margin: float) -> tuple[int, int, int]:
    """A decision's colour by what it gave away: as good as Hard's, a slip, or costly."""
    if loss <= margin:
        return GOOD
    return SLIP if loss <= max(SMALL_LOSS, margin * 2) else COSTLY


@dataclass(frozen=True)
class LeadChart:
    """The chart of ``review`` in ``area``: ``total`` steps in the game, the round at each
    step (``rounds``), the ``margin`` within which a move counts as Hard's, the seat's
    ``colour`` and ``name``."""

    area: Rect
    fonts: Fonts
    review: SeatReview
    total: int
    rounds: Sequence[int]
    margin: float
    colour: tuple[int, int, int]
    name: str  # the seat's name, in the language of now

    @property
    def plot(self) -> Rect:
        """Where the lines are drawn (inside the headings and the labels)."""
        f = self.fonts
        head = assets.font(f.small, True).get_linesize()
        tiny = assets.font(f.tiny).get_linesize()
        left = assets.text_width("-00", f.tiny) + f.tiny
        tick = max(6, tiny // 2)
        return Rect(
            self.area.left + left,
            self.area.top + head + tiny // 2,
            self.area.width - left - f.tiny,
            self.area.height - head - tiny * 2 - tick - 4,
        )

    def timeline(self) -> Rect:
        """The strip of decision ticks under the plot."""
        plot = self.plot
        tiny = assets.font(self.fonts.tiny).get_linesize()
        return Rect(plot.left, plot.bottom + 3, plot.width, max(6, tiny // 2))

    def x_of(self, step: int) -> int:
        """The x of a step of the game."""
        plot = self.plot
        return plot.left + round(step * plot.width / max(1, self.total))

    def bounds(self) -> tuple[float, float]:
        """The lowest and highest lead shown (zero always inside, a few points at least)."""
        values = [lead for _step, lead in self.review.lead_curve] or [0.0]
        low, high = min(0.0, min(values)), max(0.0, max(values))
        if high - low < 4.0:  # a quiet game: the scale still shows a few points
            middle = (low + high) / 2
            low, high = min(low, middle - 2.0), max(high, middle + 2.0)
        pad = (high - low) * 0.08
        return low - pad, high + pad

    def y_of(self, lead: float) -> int:
        """The y of a lead."""
        plot = self.plot
        low, high = self.bounds()
        return plot.bottom - round((lead - low) * plot.height / max(1e-9, high - low))

    def decision_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the decision nearest ``pos`` (None outside the chart or with none)."""
        hit = self.area.inflate(0, 0)
        if not hit.collidepoint(pos) or not self.review.decisions:
            return None
        x = pos[0]
        return min(
            range(len(self.review.decisions)),
            key=lambda i: abs(self.x_of(self.review.decisions[i].step) - x),
        )

    def draw(self, surface: pygame.Surface, step: int, hover: int | None = None) -> None:
        """The whole chart, with the line of the moment shown at ``step`` (and a ring on the
        decision ``hover`` under the pointer)."""
        f = self.fonts
        draw_panel(surface, self.area, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 2, 10)
        plot = self.plot
        heading = _("Expected lead over the game: {name} against the best rival").format(
            name=self.name
        )
        head = Rect(
            self.area.left + f.tiny,
            self.area.top + 2,
            self.area.width - 2 * f.tiny,
            assets.font(f.small, True).get_linesize(),
        )
        draw_text_fit(surface, heading, head, f.small, theme.CHARCOAL, True, "midleft")
        self._grid(surface, plot)
        self._rounds(surface, plot)
        self._line(surface)
        self._ticks(surface)
        x = self.x_of(step)
        pygame.draw.line(surface, theme.CHARCOAL, (x, plot.top), (x, self.timeline().bottom), 2)
        self._moments(surface)
        if hover is not None and 0 <= hover < len(self.review.decisions):
            judged = self.review.decisions[hover]
            centre = (self.x_of(judged.step), self.y_of(self.lead_at(judged.step)))
            pygame.draw.circle(surface, theme.CHARCOAL, centre, max(5, f.tiny // 2), 2)

    def _grid(self, surface: pygame.Surface, plot: Rect) -> None:
        f = self.fonts
        low, high = self.bounds()
        step = _nice(high - low)
        value = -(-low // step) * step
        while value <= high:
            y = self.y_of(value)
            ink = theme.UMBER_DARK if value == 0 else GRID
            pygame.draw.line(surface, ink, (plot.left, y), (plot.right, y), 2 if value == 0 else 1)
            text = f"{value:+.0f}" if value else "0"
            draw_text(
                surface, text, (plot.left - 4, y), f.tiny, theme.UMBER_DARK, False, "midright"
            )
            value += step

    def _rounds(self, surface: pygame.Surface, plot: Rect) -> None:
        """Round numbers along the bottom, where each round begins (never crowded)."""
        f = self.fonts
        starts: list[tuple[int, int]] = []
        for step, number in enumerate(self.rounds):
            if not starts or number != starts[-1][1]:
                starts.append((step, number))
        room = assets.text_width("00", f.tiny) * 2
        last_x = -room
        y = self.timeline().bottom + 1
        for step, number in starts:
            x = self.x_of(step)
            pygame.draw.line(surface, GRID, (x, plot.top), (x, plot.bottom), 1)
            if x - last_x >= room:
                draw_text(surface, str(number), (x, y), f.tiny, theme.UMBER_DARK, False, "midtop")
                last_x = x
        label = _("round")
        draw_text(
            surface,
            label,
            (plot.right, y),
            f.tiny,
            theme.UMBER_DARK,
            False,
            "topright",
        )

    def _line(self, surface: pygame.Surface) -> None:
        points = [(self.x_of(step), self.y_of(lead)) for step, lead in self.review.lead_curve]
        width = max(2, self.fonts.tiny // 5)
        if len(points) > 1:
            pygame.draw.lines(surface, self.colour, False, points, width)
        elif points:
            pygame.draw.circle(surface, self.colour, points[0], width * 2)

    def _ticks(self, surface: pygame.Surface) -> None:
        strip = self.timeline()
        for judged in self.review.decisions:
            x = self.x_of(judged.step)
            colour = loss_colour(judged.loss, self.margin)
            pygame.draw.line(surface, colour, (x, strip.top), (x, strip.bottom), 2)

    def _moments(self, surface: pygame.Surface) -> None:
        """Numbered discs on the line at the key moments (1 the costliest)."""
        f = self.fonts
        radius = max(7, f.tiny * 2 // 3)
        numbered = list(enumerate(self.review.key_moments, start=1))
        for number, index in reversed(numbered):  # the costliest drawn last, on top
            judged = self.review.decisions[index]
            centre = (self.x_of(judged.step), self.y_of(self.lead_at(judged.step)))
            pygame.draw.circle(surface, theme.CHARCOAL, centre, radius + 1)
            pygame.draw.circle(surface, COSTLY, centre, radius)
            draw_text(surface, str(number), centre, f.tiny, theme.WHITE, True, "center")

    def lead_at(self, step: int) -> float:
        """The lead on the curve at ``step`` (the last point at or before it)."""
        value = 0.0
        for at, lead in self.review.lead_curve:
            if at > step:
                break
            value = lead
        return value


def _nice(span: float) -> float:
    """A grid step giving about four lines over ``span`` points."""
    for step in (1.0, 2.0, 5.0, 10.0, 20.0, 25.0, 50.0):
        if span / step <= 5:
            return step
    return 100.0
