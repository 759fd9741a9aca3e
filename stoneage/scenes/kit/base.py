"""The scene interface, and what a scene may ask of the application that runs it.

The ``App`` keeps a stack of scenes. Only the top scene gets events and updates; drawing starts
at the highest opaque scene and goes up, so an overlay (a menu, the settings) sits over the
scene below it for free.

A scene never imports the application nor the next scene: it is given a ``SceneHost`` (the app
satisfies it) and asks it for the next screen by name, ``host.make_scene("setup")``, then puts
it on the stack with ``push``, ``replace`` or ``reset``. The names are registered in
``stoneage.scenes.catalog``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from stoneage.play.worker import DecisionWorker
from stoneage.records import Records
from stoneage.records.settings import Settings
from stoneage.scenes.kit.toasts import ToastBoard
from stoneage.ui.audio import SoundManager


class SceneHost(Protocol):
    """What a scene may use of the application: the window's size, the settings, the stack of
    scenes, the registry of scenes by name, and the services the app owns and hands to every
    scene: the player's records, the toasts and the sound."""

    settings: Settings
    size: tuple[int, int]
    seed: int | None  # a fixed game seed from the command line (None: a new one each game)
    settings_problem: str  # why the settings could not be read, told once (untranslated)
    fullscreen: bool
    wake_event: int  # the event type ``wake`` posts
    sound: SoundManager  # the effects and the music (``stoneage.ui.audio``)
    records: Records  # settings, saves, history, achievements (``stoneage.records``)
    toasts: ToastBoard  # short messages over every screen, and the "Not saved" mark
    bot_worker: DecisionWorker  # the process the bots think in (``stoneage.play.worker``)

    @property
    def stack(self) -> Sequence[Scene]:
        """The scenes, bottom first."""
        ...

    @property
    def top(self) -> Scene | None:
        """The scene that gets events now."""
        ...

    def make_scene(self, name: str, /, **options: object) -> Scene:
        """A new scene of the kind registered as ``name``, built with ``options``."""
        ...

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top: the one below pauses, the new one enters."""
        ...

    def pop(self) -> Scene:
        """Remove the top scene: it exits, the one below resumes."""
        ...

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        ...

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start again from ``scene``."""
        ...

    def quit(self) -> None:
        """Leave the program."""
        ...

    def wake(self) -> None:
        """Wake the loop from another thread (a bot finished thinking)."""
        ...

    def save_settings(self) -> None:
        """Store the settings and apply the language."""
        ...

    def set_fullscreen(self, on: bool) -> None:
        """Switch fullscreen on or off (remembered at once)."""
        ...

    def toggle_mute(self) -> bool:
        """Mute or unmute (remembered at once); True when now muted."""
        ...

    def apply_sound_settings(self) -> None:
        """The volumes or mute in the settings changed: apply and remember them."""
        ...


#: Builds a scene for a host from keyword options: a ``Scene`` subclass itself, usually.
SceneFactory = Callable[..., "Scene"]


class Scene:
    """One screen of the program. Subclasses override what they need."""

    #: False for overlays: the scene below is drawn first.
    opaque: bool = True

    def __init__(self, app: SceneHost) -> None:
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

    def toast_area(self) -> pygame.Rect | None:
        """Where toasts go, laid from its top down, when they must keep clear of what this
        scene shows at the bottom centre (None: there, as everywhere)."""
        return None

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
