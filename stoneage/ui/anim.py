"""Animation primitives: sprites that move, tumble or fade over a fixed time, and a timeline.

Animations are presentation only: the rules state has already changed. A ``Timeline`` plays
*beats* one after another; each beat shows some state (the one before or after an action)
while its sprites play side by side. ``Floaters`` (rising "+3 wood" labels) decorate without
holding the game back.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import pygame

from stoneage.ui import assets
from stoneage.ui.widgets import blit_centred

Point = tuple[float, float]
Shown = TypeVar("Shown")  # what a beat shows while it plays (the game state, for the table)


def ease_out(t: float) -> float:
    """Fast start, soft landing."""
    return 1 - (1 - t) ** 3


def lerp(a: Point, b: Point, t: float) -> tuple[int, int]:
    """The point ``t`` of the way from ``a`` to ``b``."""
    return round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)


class Sprite:
    """Something drawn over the table for ``duration`` seconds."""

    def __init__(self, duration: float, delay: float = 0.0) -> None:
        self.duration = max(duration, 1e-6)
        self.delay = delay
        self.elapsed = 0.0

    @property
    def progress(self) -> float:
        """0 before it starts, 1 when done."""
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def done(self) -> bool:
        """True once the sprite has played."""
        return self.elapsed >= self.delay + self.duration

    def advance(self, dt: float) -> None:
        """Move the clock on."""
        self.elapsed += dt

    def draw(self, surface: pygame.Surface) -> None:
        """Draw at the current progress (subclasses)."""

    def bounds(self) -> pygame.Rect | None:
        """Where the sprite is drawn now (None: nothing visible)."""
        return None


class Flyer(Sprite):
    """A picture flying from ``start`` to ``end`` along a low arc."""

    def __init__(
        self, picture: pygame.Surface, start: Point, end: Point, duration: float, delay: float = 0.0
    ) -> None:
        super().__init__(duration, delay)
        self.picture, self.start, self.end = picture, start, end

    def _position(self) -> tuple[int, int]:
        t = ease_out(self.progress)
        x, y = lerp(self.start, self.end, t)
        lift = math.sin(math.pi * t) * min(80.0, math.dist(self.start, self.end) * 0.2)
        return x, round(y - lift)

    def draw(self, surface: pygame.Surface) -> None:
        if self.elapsed >= self.delay:
            blit_centred(surface, self.picture, self._position())

    def bounds(self) -> pygame.Rect | None:
        return (
            self.picture.get_rect(center=self._position()) if self.elapsed >= self.delay else None
        )


class DiceTumble(Sprite):
    """Dice rolling over an area, settling on ``faces`` for the last third."""

    def __init__(
        self,
        centre: Point,
        faces: list[int],
        size: int,
        duration: float,
        seed: int,
        settled: bool = False,
    ) -> None:
        super().__init__(duration)
        self.centre, self.faces, self.size, self.settled = centre, faces, size, settled
        self.rng = random.Random(seed)
        self.jitter = [(self.rng.uniform(-1, 1), self.rng.uniform(-1, 1)) for _ in faces]

    def draw(self, surface: pygame.Surface) -> None:
        settled = self.settled or self.progress > 0.66
        per_row = min(len(self.faces), 4)
        step = self.size * 1.1
        for i, face in enumerate(self.faces):
            row, col = divmod(i, per_row)
            count = min(per_row, len(self.faces) - row * per_row)
            x = self.centre[0] + (col - (count - 1) / 2) * step
            y = self.centre[1] + (row - (len(self.faces) - 1) // per_row / 2) * step
            if not settled:
                wobble = (1 - self.progress) * self.size * 0.4
                x += self.jitter[i][0] * wobble * math.sin(self.elapsed * 25 + i)
                y += self.jitter[i][1] * wobble * math.cos(self.elapsed * 23 + i)
                face = 1 + int(self.elapsed * 14 + i * 3) % 6
            blit_centred(surface, assets.image(f"die_{face}", self.size), (round(x), round(y)))

    def bounds(self) -> pygame.Rect | None:
        per_row = min(len(self.faces), 4)
        rows = (len(self.faces) + per_row - 1) // per_row
        width = round(per_row * self.size * 1.1 + self.size)
        height = round(rows * self.size * 1.1 + self.size)
        rect = pygame.Rect(0, 0, width, height).move(
            round(self.centre[0] - width / 2),
            round(self.centre[1] - self.size * 0.55 - self.size / 2),
        )
        return rect.inflate(self.size, self.size)  # room for the wobble


class Floater(Sprite):
    """A label that rises and fades (a gain or a loss beside a player's board)."""

    def __init__(
        self,
        picture: pygame.Surface,
        at: Point,
        duration: float,
        delay: float = 0.0,
        rise: float = 30.0,
    ) -> None:
        super().__init__(duration, delay)
        self.picture, self.at, self.rise = picture.copy(), at, rise  # a copy: its alpha changes

    def draw(self, surface: pygame.Surface) -> None:
        if self.elapsed < self.delay:
            return
        t = self.progress
        self.picture.set_alpha(round(255 * min(1.0, (1 - t) * 2.5)))
        blit_centred(surface, self.picture, self._position())

    def _position(self) -> tuple[int, int]:
        return round(self.at[0]), round(self.at[1] - self.rise * ease_out(self.progress))

    def bounds(self) -> pygame.Rect | None:
        return (
            self.picture.get_rect(center=self._position()) if self.elapsed >= self.delay else None
        )


class Hold(Sprite):
    """Nothing moves; the beat just lasts (time to read a result)."""


class Overlay(Sprite):
    """Calls ``paint(surface, progress)``: for one-off pictures such as a result banner."""

    def __init__(
        self,
        paint: Callable[[pygame.Surface, float], None],
        duration: float,
        area: pygame.Rect | None = None,
        delay: float = 0.0,
    ) -> None:
        super().__init__(duration, delay)
        self.paint, self.area = paint, area

    def draw(self, surface: pygame.Surface) -> None:
        if self.elapsed >= self.delay:
            self.paint(surface, self.progress)

    def bounds(self) -> pygame.Rect | None:
        return self.area


@dataclass
class Beat(Generic[Shown]):
    """Sprites played together while ``shown`` (the state to draw) is displayed."""

    shown: Shown
    sprites: list[Sprite] = field(default_factory=list)
    on_start: Callable[[], None] | None = None


class Timeline(Generic[Shown]):
    """Beats in order, then floaters that fade on their own."""

    def __init__(self) -> None:
        self.beats: deque[Beat[Shown]] = deque()
        self.floaters: list[Sprite] = []
        self._started = False

    @property
    def busy(self) -> bool:
        """True while a beat plays (the game waits for the view to catch up)."""
        return bool(self.beats)

    @property
    def moving(self) -> bool:
        """True while anything at all is on screen (frames are needed)."""
        return bool(self.beats or self.floaters)

    def add(self, beat: Beat[Shown]) -> None:
        """Queue a beat."""
        self.beats.append(beat)

    def add_floater(self, sprite: Sprite) -> None:
        """Add a decoration that does not hold the game back."""
        self.floaters.append(sprite)

    def current(self) -> Beat[Shown] | None:
        """The beat playing now."""
        return self.beats[0] if self.beats else None

    def update(self, dt: float) -> None:
        """Advance the current beat (and start the next when it ends) and the floaters."""
        for sprite in self.floaters:
            sprite.advance(dt)
        self.floaters = [s for s in self.floaters if not s.done]
        while self.beats:
            beat = self.beats[0]
            if not self._started:
                self._started = True
                if beat.on_start:
                    beat.on_start()
            for sprite in beat.sprites:
                sprite.advance(dt)
            if any(not s.done for s in beat.sprites):
                return
            self.beats.popleft()
            self._started = False
            dt = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the current beat's sprites and the floaters."""
        if self.beats and self._started:
            for sprite in self.beats[0].sprites:
                sprite.draw(surface)
        for sprite in self.floaters:
            sprite.draw(surface)

    def bounds(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """Where the sprites are now (an overlay without a known area counts as the window)."""
        sprites = list(self.floaters)
        if self.beats and self._started:
            sprites += self.beats[0].sprites
        rects = []
        for sprite in sprites:
            rect = sprite.bounds()
            if rect is None and isinstance(sprite, Overlay):
                rect = pygame.Rect((0, 0), size)
            if rect is not None:
                rects.append(rect)
        return rects

    def clear(self) -> None:
        """Drop everything (the scene is leaving)."""
        self.beats.clear()
        self.floaters.clear()
        self._started = False
