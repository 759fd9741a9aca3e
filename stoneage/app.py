"""The application: one window, one clock and a stack of scenes.

Nothing happens at import time. ``App.open_window`` creates the window; ``App.run`` loops until
the last scene is gone or the window is closed. While nothing moves the loop only looks for
events IDLE_RATE times a second and sleeps in between (``pygame.event.wait`` with a timeout
polls every millisecond in pygame-ce, which costs about 3 % of a core), and it redraws only
when an event was used, an update reported a change, or a scene is animating.
"""

from __future__ import annotations

import os
import sys
import time

import pygame

from stoneage import i18n
from stoneage.i18n import _
from stoneage.scenes.base import Scene
from stoneage.ui import assets
from stoneage.ui.storage import Settings, load_settings, save_settings

FRAME_RATE = 60  # while something moves
GIL_SWITCH = 0.002  # seconds a thread may hold the interpreter while another waits (default 0.005)
IDLE_RATE = 30  # looks for events a second while nothing moves (at most 33 ms to react)
BUSY_AFTER_INPUT = 0.5  # seconds of full frame rate after any input (drags and hovers stay smooth)
DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (960, 540)


class App:
    """Owns the window, the clock, the settings and the scene stack."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, settings: Settings | None = None, seed: int | None = None) -> None:
        self.size = size
        self.settings = settings if settings is not None else load_settings()
        self.seed = seed  # fixed game seed from the command line (None: a new one each game)
        self.stack: list[Scene] = []
        self.screen: pygame.Surface | None = None
        self.clock: pygame.time.Clock | None = None
        self.running = False
        self.dirty = True
        self.wake_event = 0
        self.frames_drawn = 0
        self._moving: list[pygame.Rect] = []  # where moving sprites were drawn last frame
        self._input_until = 0.0  # full frame rate until then (input just arrived)

    # --- window -------------------------------------------------------------------------------
    def open_window(self, flags: int = pygame.RESIZABLE) -> pygame.Surface:
        """Create the window (and initialise only the pygame modules the game uses)."""
        _prefer_plain_framebuffer()
        # A bot thinks on a worker thread and shares the interpreter lock with this one; handing
        # the lock over more often keeps frames on time while a Hard bot thinks for half a second.
        sys.setswitchinterval(GIL_SWITCH)
        pygame.display.init()
        pygame.font.init()
        i18n.install_language(self.settings.language)
        self.wake_event = pygame.event.custom_type()
        pygame.display.set_caption(_("Stone Age"))
        self.screen = pygame.display.set_mode(self.size, flags)
        pygame.display.set_icon(assets.image("icon", 64))
        pygame.key.set_repeat(400, 40)
        self.clock = pygame.time.Clock()
        return self.screen

    def wake(self) -> None:
        """Wake the loop from another thread (a bot finished thinking)."""
        if self.wake_event and pygame.display.get_init():
            pygame.event.post(pygame.event.Event(self.wake_event))

    def save_settings(self) -> None:
        """Store the settings and apply the language."""
        if i18n.current_language() != self.settings.language:
            self.switch_language(self.settings.language)
        save_settings(self.settings)

    def switch_language(self, code: str) -> None:
        """Install ``code`` and rebuild every scene's words at once (no restart)."""
        i18n.install_language(code)
        assets.clear_caches()
        if pygame.display.get_init():
            pygame.display.set_caption(_("Stone Age"))
        for scene in self.stack:
            scene.resize(self.size)  # layouts and labels are rebuilt in the new language
        self.dirty = True

    # --- the scene stack ------------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top: the one below pauses, the new one enters."""
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()
        self.dirty = True

    def pop(self) -> Scene:
        """Remove the top scene: it exits, the one below resumes."""
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        self.dirty = True
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (the one below neither resumes nor pauses)."""
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()
        self.dirty = True

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start again from ``scene`` (back to the title, say)."""
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def quit(self) -> None:
        """Leave the loop after this iteration."""
        self.running = False

    @property
    def top(self) -> Scene | None:
        """The scene that gets events now."""
        return self.stack[-1] if self.stack else None

    # --- the loop -------------------------------------------------------------------------------
    def run(self) -> None:
        """Open the window if needed and loop until quit; then every scene exits."""
        if self.screen is None:
            self.open_window()
        self.running = True
        try:
            while self.running and self.stack:
                self.step()
        finally:
            while self.stack:
                self.stack.pop().exit()
            pygame.display.quit()

    def step(self, block: bool = True) -> None:
        """One iteration: wait for events (or a frame), dispatch, update, redraw if needed.
        ``block=False`` never sleeps (tests and benchmarks drive the loop themselves)."""
        animating = any(scene.is_animating() for scene in self.stack[-1:])
        lively = animating or time.monotonic() < self._input_until
        rate = (FRAME_RATE if lively else IDLE_RATE) if block else 0
        dt = min(self.clock.tick(rate) / 1000.0, 0.1)  # a long pause is not a long frame
        events = pygame.event.get()
        if events:
            self._input_until = time.monotonic() + BUSY_AFTER_INPUT
        for event in events:
            self.dispatch(event)
        if self.stack and self.stack[-1].update(dt):
            self.dirty = True
        if self.dirty:
            self.draw()
        else:
            self.draw_moving()

    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one event: quitting and resizing here, everything else to the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)))
            return
        if event.type == pygame.WINDOWEXPOSED:
            self.dirty = True
            return
        if self.stack and self.stack[-1].handle(event):
            self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        """Tell every scene about a new window size."""
        self.size = size
        if self.screen is not None and self.screen.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        for scene in self.stack:
            scene.resize(size)
        self.dirty = True

    def draw(self, surface: pygame.Surface | None = None) -> None:
        """Draw from the highest opaque scene upward, then show the frame."""
        target = surface or self.screen
        if target is None or not self.stack:
            return
        first = max((i for i, s in enumerate(self.stack) if s.opaque), default=0)
        for scene in self.stack[first:]:
            scene.draw(target)
        if surface is None:
            pygame.display.flip()
            self._moving = self.stack[-1].moving_rects()
            self.stack[-1].take_damage()  # all of it was just drawn
        self.dirty = False
        self.frames_drawn += 1

    def draw_moving(self) -> None:
        """Repaint only what changed: where sprites are and were, and the areas the top scene
        reports as damaged. The stack is drawn clipped to their union."""
        if self.screen is None or not self.stack:
            return
        now = self.stack[-1].moving_rects()
        rects = self._moving + now + self.stack[-1].take_damage()
        self._moving = now
        if not rects:
            return
        areas = [r.clip(self.screen.get_rect()) for r in merge_rects(rects)]
        first = max((i for i, s in enumerate(self.stack) if s.opaque), default=0)
        for area in areas:
            self.screen.set_clip(area)
            for scene in self.stack[first:]:
                scene.draw(self.screen)
        self.screen.set_clip(None)
        pygame.display.update(areas)
        self.frames_drawn += 1


def merge_rects(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rects merged into their unions; distant ones stay apart (each is repainted
    on its own, so a change at each end of the window does not repaint all between)."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        rect = pygame.Rect(rect)
        joined = True
        while joined:
            joined = False
            for other in merged:
                if rect.colliderect(other):
                    merged.remove(other)
                    rect = rect.union(other)
                    joined = True
                    break
        merged.append(rect)
    return merged


def _prefer_plain_framebuffer() -> None:
    """On X11, copy frames to the window with XShm rather than through an OpenGL texture.

    The table is drawn in software and updated by small rects; the GL path re-uploads the whole
    window each time and, on machines with software GL (virtual machines, remote desktops,
    Xvfb), costs 20-70 ms a frame instead of under 2. An explicit setting is respected.
    """
    x11_only = sys.platform.startswith("linux") and os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")
    if x11_only:
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
