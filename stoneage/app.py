"""The application: one window, one clock and a stack of scenes.

Nothing happens at import time. ``App.open_window`` creates the window; ``App.run`` loops until
the last scene is gone or the window is closed. While nothing moves the loop only looks for
events IDLE_RATE times a second and sleeps in between (``pygame.event.wait`` with a timeout
polls every millisecond in pygame-ce, which costs about 3 % of a core), and it redraws only
when an event was used, an update reported a change, or a scene is animating.

The window is resizable between MIN_SIZE and MAX_SIZE; F11 (or the Settings screen) switches
fullscreen. The window size and fullscreen are remembered in the settings once a resize has
settled and when the program ends (a size given on the command line wins over them).

The app owns the services every scene is handed (through ``SceneHost``): the player's records
(``self.records``: settings, saves, history, achievements, the autosave's slot), the toasts
(``self.toasts``) and the sound manager (``self.sound``, see ``stoneage.ui.audio``), made with the
app but opening no device until the first sound; the music starts once the first frame is on screen
(``run``) and only dips while the screen changes; the sound files are read in idle frames. M
mutes or unmutes everywhere (unless the screen used the key, as a name being typed does).

Scenes are found by name in a registry (``stoneage.scenes.catalog.SCENES`` unless another is
given): a scene asks ``app.make_scene("setup")`` for the next screen instead of importing it.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from collections.abc import Mapping

import pygame

from stoneage import i18n
from stoneage.i18n import _
from stoneage.play.cues import CLICK
from stoneage.play.worker import DecisionWorker
from stoneage.records import Records
from stoneage.records.settings import Settings
from stoneage.scenes.catalog import SCENES
from stoneage.scenes.kit.base import Scene, SceneFactory
from stoneage.scenes.kit.toasts import WARNING, ToastBoard
from stoneage.ui import assets
from stoneage.ui.audio import SoundManager
from stoneage.ui.widgets import clicked_button

FRAME_RATE = 60  # while something moves
GIL_SWITCH = 0.002  # seconds a thread may hold the interpreter while another waits (default 0.005)
IDLE_RATE = 30  # looks for events a second while nothing moves (at most 33 ms to react)
BUSY_AFTER_INPUT = 0.5  # seconds of full frame rate after any input (drags and hovers stay smooth)
DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (1024, 640)
MAX_SIZE = (3840, 2160)
RESIZE_SETTLE = 0.6  # seconds without a resize event before the new size is remembered


def clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` kept between MIN_SIZE and MAX_SIZE."""
    return (
        max(MIN_SIZE[0], min(MAX_SIZE[0], int(size[0]))),
        max(MIN_SIZE[1], min(MAX_SIZE[1], int(size[1]))),
    )


class App:
    """Owns the window, the clock, the settings and the scene stack."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        settings: Settings | None = None,
        seed: int | None = None,
        scenes: Mapping[str, SceneFactory] | None = None,
        sound: SoundManager | None = None,
        records: Records | None = None,
    ) -> None:
        """``size`` None opens the window as it was last left (size and fullscreen, from the
        settings); a size given wins and opens a window of that size. ``scenes`` is the registry
        of scenes by name (the program's own, ``catalog.SCENES``, by default). ``sound`` is the
        sound manager (a new one by default; tests pass one that records). ``records`` are the
        player's records (new ones by default)."""
        self.records = records if records is not None else Records()
        self.settings_problem = ""  # told once by the title screen (untranslated; shown with _())
        if settings is None:
            settings, self.settings_problem = self.records.load_settings()
        self.settings = settings
        self.size = size if size is not None else clamp_size(settings.window)
        self.windowed_size = self.size  # the size to come back to when leaving fullscreen
        self.fullscreen = size is None and settings.fullscreen
        self._size_given = size is not None
        self._window_flags = pygame.RESIZABLE
        self._resized_at: float | None = None  # a resize not yet remembered in the settings
        self.seed = seed  # fixed game seed from the command line (None: a new one each game)
        self.stack: list[Scene] = []
        self.scenes: dict[str, SceneFactory] = dict(SCENES if scenes is None else scenes)
        self.screen: pygame.Surface | None = None
        self.clock: pygame.time.Clock | None = None
        self.running = False
        self.dirty = True
        self.wake_event = 0
        # the bots' thinking beside the window (started by ``run`` once the first frame is on
        # screen, or by the first job; stopped at the end)
        self.bot_worker = DecisionWorker()
        self._worker_pending = False  # start the worker once a frame is on screen
        self.frames_drawn = 0
        self._moving: list[pygame.Rect] = []  # where moving sprites were drawn last frame
        self._input_until = 0.0  # full frame rate until then (input just arrived)
        self.toasts = ToastBoard(self.records)
        self.sound = sound if sound is not None else SoundManager()
        self.sound.apply_settings(settings)  # nothing is opened yet: that waits for a sound
        self._music_pending = False  # start the music once a frame is on screen
        self._sounds_read = False  # every sound file read (the idle frames' work is done)

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
        self._window_flags = flags
        if not self._size_given:
            self.windowed_size = _fit_desktop(self.windowed_size)
        self.screen = self._set_mode()
        self.size = self.screen.get_size()
        _limit_window_size(self.windowed_size)
        pygame.display.set_icon(assets.image("icon", 64))
        pygame.key.set_repeat(400, 40)
        self.clock = pygame.time.Clock()
        return self.screen

    def wake(self) -> None:
        """Wake the loop from another thread (a bot finished thinking)."""
        if self.wake_event and pygame.display.get_init():
            pygame.event.post(pygame.event.Event(self.wake_event))

    def _set_mode(self) -> pygame.Surface:
        """The display surface: fullscreen at the desktop's size, or the window."""
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:  # no fullscreen here (some remote desktops): stay windowed
                self.fullscreen = False
        return pygame.display.set_mode(self.windowed_size, self._window_flags)

    def set_fullscreen(self, on: bool) -> None:
        """Switch fullscreen on or off (remembered at once); every scene is laid out again."""
        self.settings.fullscreen = on
        if self.fullscreen != on:
            self.fullscreen = on
            if self.screen is not None:
                self.screen = self._set_mode()
                self.resize(self.screen.get_size())
        self.records.save_settings(self.settings)

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen on or off."""
        self.set_fullscreen(not self.fullscreen)

    def remember_window(self) -> None:
        """Store the window's size in the settings (after a resize settled, and on quitting)."""
        self._resized_at = None
        size = list(self.windowed_size)
        if list(self.settings.window) != size:
            self.settings.window = (size[0], size[1])
            self.records.save_settings(self.settings)

    def save_settings(self) -> None:
        """Store the settings and apply the language."""
        if i18n.current_language() != self.settings.language:
            self.switch_language(self.settings.language)
        self.records.save_settings(self.settings)

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
    def make_scene(self, name: str, /, **options: object) -> Scene:
        """A new scene of the kind registered as ``name``, built for this app with ``options``
        (it is not put on the stack: ``push``, ``replace`` or ``reset`` does that)."""
        factory = self.scenes.get(name)
        if factory is None:
            known = ", ".join(sorted(self.scenes))
            raise LookupError(f"no scene is registered as {name!r} (known: {known})")
        return factory(self, **options)

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top: the one below pauses, the new one enters."""
        before = self._opaque_top()
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()
        self._screen_changed(before)
        self.dirty = True

    def pop(self) -> Scene:
        """Remove the top scene: it exits, the one below resumes."""
        before = self._opaque_top()
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        self._screen_changed(before)
        self.dirty = True
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (the one below neither resumes nor pauses)."""
        before = self._opaque_top()
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()
        self._screen_changed(before)
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
        self.claim_autosave()
        self.play_music()
        self.start_worker_soon()
        try:
            while self.running and self.stack:
                self.step()
        finally:
            while self.stack:
                self.stack.pop().exit()
            self.bot_worker.close()
            self.sound.close()
            self.records.close()
            if self._resized_at is not None:
                self.remember_window()
            pygame.display.quit()

    # --- sound ----------------------------------------------------------------------------------
    def play_music(self) -> None:
        """Start the background music once the next frame is on screen (the start of the
        program never waits for the audio device); later calls change nothing."""
        self._music_pending = True

    def sounds_read(self) -> bool:
        """True once the idle frames have read every sound file (the benchmark waits for it)."""
        return self._sounds_read

    def toggle_mute(self) -> bool:
        """M, or the pause menu: mute or unmute (remembered at once, said in a toast); True
        when now muted."""
        muted = self.sound.toggle_mute()
        self.settings.muted = muted
        self._sounds_read = False  # the idle frames read what waited while muted
        self.records.save_settings(self.settings)
        self.toasts.withdraw(_("Sound off (M)"), _("Sound on (M)"))
        self.toasts.show(_("Sound off (M)") if muted else _("Sound on (M)"))
        self.dirty = True
        return muted

    def apply_sound_settings(self) -> None:
        """The volumes or mute changed in the settings: heard at once, and remembered."""
        self.sound.apply_settings(self.settings)
        self.records.save_settings(self.settings)

    def click(self) -> None:
        """The sound of a button clicked (every button of the program, told by the event the
        button marks: ``widgets.clicked_button``)."""
        self.sound.play(CLICK)

    def _sound_frame(self, idle: bool) -> None:
        """The sound's share of a frame: the music's fades always; once a frame is on screen,
        the music's start, and in idle frames the reading of sound files not read yet."""
        self.sound.update()
        if not self.frames_drawn:
            return
        if self._music_pending:
            self._music_pending = False
            self.sound.start_music()
        elif idle and not self._sounds_read:
            self._sounds_read = self.sound.preload()

    def _screen_changed(self, before: Scene | None) -> None:
        """The music dips softly when the screen underneath changes (never for an overlay)."""
        if self._opaque_top() is not before:
            self.sound.scene_changed()

    def _opaque_top(self) -> Scene | None:
        return next((s for s in reversed(self.stack) if s.opaque), None)

    def claim_autosave(self) -> None:
        """Take this copy's autosave slot; a second copy of the game on the same data folder
        gets its own (said once in a toast) and the screens read that slot from now on."""
        claim = self.records.claim_autosave()
        if claim.shared:
            self.toasts.show(claim.message(), WARNING)
            self.resize(self.size)  # the title's Continue reads this copy's slot

    def step(self, block: bool = True) -> None:
        """One iteration: wait for events (or a frame), dispatch, update, redraw if needed.
        ``block=False`` never sleeps (tests and benchmarks drive the loop themselves)."""
        animating = any(scene.is_animating() for scene in self.stack[-1:])
        lively = animating or self.toasts.busy() or time.monotonic() < self._input_until
        rate = (FRAME_RATE if lively else IDLE_RATE) if block else 0
        if self.clock is None:
            raise RuntimeError("App.step before open_window: there is no window to draw in")
        dt = min(self.clock.tick(rate) / 1000.0, 0.1)  # a long pause is not a long frame
        events = pygame.event.get()
        if events:
            self._input_until = time.monotonic() + BUSY_AFTER_INPUT
        for event in events:
            self.dispatch(event)
        if self.stack and self.stack[-1].update(dt):
            self.dirty = True
        if self.toasts.update(dt):  # toasts and the "Not saved" mark, over every scene
            self.dirty = True
        if self.dirty:
            self.draw()
        else:
            self.draw_moving()
        self._sound_frame(idle=not lively and not events)
        self._start_worker_once_shown()
        if self._resized_at is not None and time.monotonic() - self._resized_at > RESIZE_SETTLE:
            self.remember_window()

    def start_worker_soon(self) -> None:
        """Start the bots' worker process once the next frame is on screen (``run`` asks for
        it; later calls change nothing)."""
        self._worker_pending = True

    def _start_worker_once_shown(self) -> None:
        """Start the bots' worker process from a thread of its own once the program's first
        frame is on screen (so that neither the start of the program nor the first Hard
        decision waits for it; the tests' loops, which never call ``run``, start none)."""
        if self._worker_pending and self.frames_drawn:
            self._worker_pending = False
            self.bot_worker.start()

    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one event: quitting and resizing here, everything else to the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.window_resized((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.WINDOWEXPOSED:
            self.dirty = True
            return
        if self.toasts.handle(event):  # a click on a toast dismisses it
            self.dirty = True
            return
        if self.stack and self.stack[-1].handle(event):
            self.dirty = True
            if clicked_button(event) is not None:
                self.click()
        elif is_mute_key(event):  # only when the screen did not use the key (a name typed)
            self.toggle_mute()

    def window_resized(self, size: tuple[int, int]) -> None:
        """The player resized the window: keep it within the limits, lay out again, and
        remember the size once the resizing has settled."""
        if self.fullscreen:
            self.resize(size)
            return
        size = clamp_size(size)
        self.windowed_size = size
        self._resized_at = time.monotonic()
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        """Tell every scene about a new window size."""
        self.size = size
        if self.screen is not None and self.screen.get_size() != size and not self.fullscreen:
            self.screen = pygame.display.set_mode(size, self._window_flags)
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
        self.toasts.draw(target, self.stack[-1].toast_area() if self.stack else None)
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
            self.toasts.draw(self.screen, self.stack[-1].toast_area() if self.stack else None)
        self.screen.set_clip(None)
        pygame.display.update(areas)
        self.frames_drawn += 1


def is_mute_key(event: pygame.event.Event) -> bool:
    """M without Ctrl, Alt or Cmd (those may mean something else to the system)."""
    return (
        event.type == pygame.KEYDOWN
        and event.key == pygame.K_m
        and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
    )


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


def _fit_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """A remembered window size made to fit the screen it opens on now (a smaller monitor)."""
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return size
    if size[0] <= desktop[0] and size[1] <= desktop[1]:
        return size
    return clamp_size((min(size[0], desktop[0] * 9 // 10), min(size[1], desktop[1] * 9 // 10)))


def _limit_window_size(size: tuple[int, int]) -> None:
    """Let the system itself keep the window between MIN_SIZE and MAX_SIZE while dragging
    (pygame-ce's Window; without it the resize handler clamps). A size asked for on the command
    line outside the limits widens them, so the window is not resized behind the player's back."""
    try:
        with warnings.catch_warnings():  # deprecated for drawing through Window; sizes are fine
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.minimum_size = (min(MIN_SIZE[0], size[0]), min(MIN_SIZE[1], size[1]))
        window.maximum_size = (max(MAX_SIZE[0], size[0]), max(MAX_SIZE[1], size[1]))
    except (AttributeError, pygame.error, ValueError):
        pass


def _prefer_plain_framebuffer() -> None:
    """On X11, copy frames to the window with XShm rather than through an OpenGL texture.

    The table is drawn in software and updated by small rects; the GL path re-uploads the whole
    window each time and, on machines with software GL (virtual machines, remote desktops,
    Xvfb), costs 20-70 ms a frame instead of under 2. An explicit setting is respected.
    """
    x11_only = (
        sys.platform.startswith("linux")
        and os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
    )
    if x11_only:
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
