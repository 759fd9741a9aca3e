"""The scene interface: a symmetric lifecycle, event handling, updates and a pure draw.

The ``App`` keeps a stack of scenes. Only the top scene gets events and updates; drawing starts
at the highest opaque scene and goes up, so an overlay (a menu, the settings) sits over the
scene below it for free.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from stoneage.app import App


class Scene:
    """One screen of the program. Subclasses override what they need."""

    #: False for overlays: the scene below is drawn first.
    opaque: bool = True

    def __init__(self, app: App) -> None:
        self.app = app

    # --- lifecycle: enter/exit when pushed/popped, pause/resume when covered/uncovered ---------
    def enter(self) -> None:
        """The scene was pushed onto the stack."""

    def exit(self) -> None:
        """The scene was popped off the stack (release what it holds)."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above was popped; this one is on top again."""

    # --- the loop ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """React to one event; True when it was used (the view then redraws)."""
        return False

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True when something visible changed."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene. Changes nothing: the same scene draws the same picture."""

    def moving_rects(self) -> list[pygame.Rect]:
        """Where moving things are drawn now; between full redraws the app repaints only these
        (and where they were the frame before)."""
        return []

    def take_damage(self) -> list[pygame.Rect]:
        """Areas whose still picture changed since the last frame (handed over once)."""
        return []

    def is_animating(self) -> bool:
        """True while the scene needs frames at the full rate (something moves)."""
        return False

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout."""
