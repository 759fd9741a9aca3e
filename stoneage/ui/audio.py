"""The sound manager: effects played by cue name, the background music, volumes and mute.

    sound = SoundManager()              # the app makes one and hands it to the scenes
    sound.play("dice", count=4)         # four dice rolled
    sound.start_music()                 # once; later calls (a new screen) change nothing
    sound.apply_settings(settings)      # master, effects and music volume, mute
    sound.update()                      # once a frame: music fades

Nothing happens at import: ``pygame.mixer`` is opened on the first sound or music, and each
sound file is read on its first use (``preload`` reads the rest a few at a time, for an idle
frame), so the start of the game never waits for audio.

Without an audio device (a remote desktop, a VM, ``SDL_AUDIODRIVER`` naming nothing) opening
the mixer fails: the game then runs silently, one line goes to the log, and every call here
does nothing. A missing or unreadable sound file is logged once and stays silent.

Fast play never turns into noise: a cue repeated within its minimum interval is skipped, at
most ``MAX_SAME`` copies of one cue sound at once, and at most ``CHANNELS`` sounds in all (a new
sound never cuts one already playing; it is dropped instead).

Nothing ever clips: each sound's peak from every moment on is measured when it is read, and a
new sound plays at most as loud as the room left under full scale by the music and by what is
still to come of the sounds playing (their peaks added as if they met): softer when the room
is short, not at all when less than ``MIN_SHARE`` of its volume would fit.

The sound files (``assets/sounds``, made by ``tools/make_sounds.py``) are found beside the
images, through ``assets.assets_dir()``.
"""

from __future__ import annotations

import contextlib
import logging
import time
import wave
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame

from stoneage.play.cues import CUE_NAMES, DICE, Cue
from stoneage.records.settings import Settings
from stoneage.ui import assets

log = logging.getLogger(__name__)

SOUNDS_FOLDER = "sounds"
MUSIC_FILE = "music"
MAX_DICE = 10
CHANNELS = 8  # sounds at once, all cues together
MAX_SAME = 2  # copies of one cue sounding at once
DEFAULT_INTERVAL = 0.06  # seconds: the same cue again sooner is skipped
INTERVALS = {
    "dice": 0.15,
    "click": 0.04,
    "your_turn": 1.0,
    "new_round": 1.0,
    "feeding": 0.5,
    "won": 3.0,
    "lost": 3.0,
}
MUSIC_FADE_IN_MS = 2500
SCENE_DIP = 0.45  # the music dips to this share of its volume while a screen changes ...
SCENE_DIP_SECONDS = (0.25, 0.9)  # ... going down over the first, back up over the second
MIXER_FORMAT = (22050, -16, 1, 512)  # the sounds' own format (no resampling), ~23 ms buffer
FULL_SCALE = 32768
HEADROOM = 0.97  # the sum of the peaks to come stays under this share of full scale
PEAK_FRAME = 0.05  # seconds: a sound's peak to come is known per frame of this length
LATENCY = 0.05  # seconds a sound may start after ``play`` (the mixer's buffer, and margin)
MIN_SHARE = 0.3  # a sound that would fit only below this share of its volume is dropped

_CLOSED, _OPEN, _OFF = "closed", "open", "off"


def sounds_dir() -> Path:
    """The folder of the sound files (beside the images)."""
    return assets.assets_dir() / SOUNDS_FOLDER


def sound_file(name: str, count: int = 1) -> str:
    """The file (without .wav) that sounds cue ``name``: ``dice`` by the number of dice."""
    if name == DICE:
        return f"dice_{max(1, min(MAX_DICE, count))}"
    return name


def all_sound_files() -> list[str]:
    """Every sound file a cue can ask for, and the music (without .wav)."""
    files = [sound_file(DICE, n) for n in range(1, MAX_DICE + 1)]
    return files + [name for name in CUE_NAMES if name != DICE] + [MUSIC_FILE]


class SoundManager:
    """Plays the effects and the music (see the module docstring).

    ``folder`` is where the sound files are (the assets' by default); ``clock`` gives seconds
    (replaceable in tests). Volumes are 0 to 1; what a sound plays at is master x effects (or
    x music), and nothing while muted.
    """

    def __init__(
        self,
        folder: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        channels: int = CHANNELS,
    ) -> None:
        self.folder = folder
        self.clock = clock
        self.channels = channels
        self.master = 0.8
        self.effects = 0.8
        self.music = 0.5
        self.muted = False
        self._state = _CLOSED
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._last: dict[str, float] = {}
        self._voices: dict[str, list[pygame.mixer.Channel]] = {}
        self._tails: dict[str, list[float]] = {}  # file: its peak from each frame on (0 to 1)
        self._playing: list[tuple[pygame.mixer.Channel, str, float, float]] = []
        self._music_peak = 1.0  # the music file's peak (0 to 1), measured when it starts
        self._music_wanted = False
        self._music_started = False
        self._music_failed = False
        self._dip = 1.0  # the music's share of its volume now (scene changes dip it)
        self._ramps: list[tuple[float, float]] = []  # (target share, seconds) still to run
        self._ramp_from = 1.0
        self._ramp_start = 0.0
        self.dropped = 0  # sounds skipped by the limits (for tests and the curious)

    # --- the device ------------------------------------------------------------------------
    @property
    def available(self) -> bool:
        """False once opening the audio device has failed (the game is then silent)."""
        return self._state != _OFF

    def open(self) -> bool:
        """Open the mixer if it is not yet; False (logged once) when there is no device."""
        if self._state == _OPEN:
            return True
        if self._state == _OFF:
            return False
        try:
            if not pygame.mixer.get_init():
                frequency, size, channels, buffer = MIXER_FORMAT
                pygame.mixer.init(frequency, size, channels, buffer)
            pygame.mixer.set_num_channels(self.channels)
        except (pygame.error, OSError, NotImplementedError) as error:
            self._state = _OFF
            log.warning("sound is off: the audio device could not be opened (%s)", error)
            return False
        self._state = _OPEN
        return True

    def close(self, fade_ms: int = 300) -> None:
        """Fade the music out (at quit); the mixer itself closes with pygame."""
        if self._state == _OPEN and self._music_started:
            with contextlib.suppress(pygame.error):
                pygame.mixer.music.fadeout(fade_ms)
        self._music_started = self._music_wanted = False

    # --- volumes ---------------------------------------------------------------------------
    def apply_settings(self, settings: Settings) -> None:
        """Take the volumes and mute from the settings."""
        self.master = _clamp(settings.master_volume)
        self.effects = _clamp(settings.effects_volume)
        self.music = _clamp(settings.music_volume)
        self.set_muted(settings.muted)

    def set_volumes(
        self, master: float | None = None, effects: float | None = None, music: float | None = None
    ) -> None:
        """Change any of the three volumes (each clamped to 0..1); playing sounds follow."""
        if master is not None:
            self.master = _clamp(master)
        if effects is not None:
            self.effects = _clamp(effects)
        if music is not None:
            self.music = _clamp(music)
        self._volumes_changed()

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute everything (the music keeps its place: it is never restarted)."""
        self.muted = muted
        self._volumes_changed()

    def toggle_mute(self) -> bool:
        """Switch mute (the M key, the pause menu); True when now muted."""
        self.set_muted(not self.muted)
        return self.muted

    def effects_gain(self) -> float:
        """What an effect plays at now (0 to 1)."""
        return 0.0 if self.muted else self.master * self.effects

    def music_gain(self) -> float:
        """What the music plays at now (0 to 1), its fades included."""
        return 0.0 if self.muted else self.master * self.music * self._dip

    def _volumes_changed(self) -> None:
        if self._state != _OPEN:
            if self._music_wanted and self.music_gain() > 0:
                self.start_music()
            return
        gain = self.effects_gain()
        for sound in self._sounds.values():
            if sound is not None:
                sound.set_volume(gain)
        if self._music_wanted and not self._music_started:
            self.start_music()
        self._set_music_volume()

    # --- effects ---------------------------------------------------------------------------
    def play(self, name: str, count: int = 1) -> bool:
        """Sound cue ``name`` (``count`` dice for ``dice``); True when it started.

        Nothing sounds while muted or at volume 0, without a device, when the cue sounded
        less than its interval ago, when ``MAX_SAME`` copies of it still sound, or when every
        channel is busy.
        """
        gain = self.effects_gain()
        if gain <= 0 or not self.open():
            return False
        now = self.clock()
        last = self._last.get(name)
        if last is not None and now - last < INTERVALS.get(name, DEFAULT_INTERVAL):
            self.dropped += 1
            return False
        sound = self._sound(sound_file(name, count))
        if sound is None:
            return False
        voices = [ch for ch in self._voices.get(name, []) if ch.get_busy()]
        if len(voices) >= MAX_SAME:
            self.dropped += 1
            return False
        channel = pygame.mixer.find_channel(False)  # never cut a sound already playing
        if channel is None:
            self.dropped += 1
            return False
        file = sound_file(name, count)
        share = self._room(now) / max(1e-6, self._tail(file, 0.0) * gain)
        if share < MIN_SHARE:
            self.dropped += 1
            return False
        share = min(1.0, share)
        sound.set_volume(gain)
        channel.set_volume(share)
        channel.play(sound)
        voices.append(channel)
        self._voices[name] = voices
        self._playing.append((channel, file, now, gain * share))
        self._last[name] = now
        return True

    def peak_to_come(self, now: float | None = None) -> float:
        """The highest level (0 to 1 of full scale) the music and the sounds playing could
        still reach together, their peaks to come added as if they met."""
        now = self.clock() if now is None else now
        self._playing = [p for p in self._playing if p[0].get_busy() and p[0].get_sound()]
        effects = sum(
            self._tail(file, now - start - LATENCY) * level
            for _channel, file, start, level in self._playing
        )
        music = self._music_peak * self.music_gain() if self._music_started else 0.0
        return effects + music

    def _room(self, now: float) -> float:
        """How much of full scale a new sound may take without anything clipping."""
        return max(0.0, HEADROOM - self.peak_to_come(now))

    def _tail(self, file: str, elapsed: float) -> float:
        """The peak of ``file`` from ``elapsed`` seconds on (0 to 1; 1 when not measured)."""
        tails = self._tails.get(file)
        if not tails:
            return 1.0
        frame = max(0, int(elapsed / PEAK_FRAME))
        return tails[frame] if frame < len(tails) else 0.0

    def play_cues(self, cues: Iterable[Cue]) -> int:
        """Sound each cue of a rules step (see ``sound_cues``); how many started."""
        return sum(self.play(cue.name, cue.count) for cue in cues)

    def busy_channels(self) -> int:
        """How many sounds are playing now."""
        if self._state != _OPEN:
            return 0
        return sum(
            pygame.mixer.Channel(i).get_busy() for i in range(pygame.mixer.get_num_channels())
        )

    def preload(self, budget: float = 0.004) -> bool:
        """Read sound files not read yet for up to ``budget`` seconds (an idle frame's share);
        True once every file is read (or there is no sound to read)."""
        if self.effects_gain() <= 0 or not self.open():
            return True
        deadline = time.perf_counter() + budget
        waiting = [n for n in all_sound_files() if n != MUSIC_FILE and n not in self._sounds]
        for name in waiting:
            self._sound(name)  # at least one a call, however small the budget
            if time.perf_counter() > deadline:
                return name == waiting[-1]
        return True

    def _sound(self, file: str) -> pygame.mixer.Sound | None:
        """The sound of ``file`` (read once; None, logged once, when it cannot be read)."""
        if file in self._sounds:
            return self._sounds[file]
        path = self._path(file)
        try:
            sound: pygame.mixer.Sound | None = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError, FileNotFoundError) as error:
            log.warning("sound %s cannot be played: %s", path.name, error)
            sound = None
        self._sounds[file] = sound
        if sound is not None:
            self._tails[file] = tail_peaks(sound)
        return sound

    def _path(self, file: str) -> Path:
        return (self.folder if self.folder is not None else sounds_dir()) / f"{file}.wav"

    # --- music -----------------------------------------------------------------------------
    def start_music(self, fade_ms: int = MUSIC_FADE_IN_MS) -> bool:
        """Start the background loop, fading in; once started it plays on (a new screen
        calling this again changes nothing). While muted or at volume 0 it waits, and starts
        when it can be heard. True when the music is playing."""
        if self._music_failed:
            return False
        self._music_wanted = True
        if self._music_started:
            return True
        if self.music_gain() <= 0 or not self.open():
            return False
        path = self._path(MUSIC_FILE)
        self._music_peak = file_peak(path)
        try:
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.play(loops=-1, fade_ms=fade_ms)
        except (pygame.error, OSError) as error:
            log.warning("music %s cannot be played: %s", path.name, error)
            self._music_failed = True  # asking again would only fail and log again
            self._music_wanted = False
            return False
        self._music_started = True
        self._set_music_volume()
        return True

    def scene_changed(self) -> None:
        """A screen gives way to another: the music dips softly and comes back (it is never
        restarted)."""
        down, up = SCENE_DIP_SECONDS
        self._begin_ramps([(SCENE_DIP, down), (1.0, up)])

    def fade_music(self, share: float, seconds: float) -> None:
        """Glide the music to ``share`` (0 to 1) of its volume over ``seconds``."""
        self._begin_ramps([(_clamp(share), seconds)])

    def update(self) -> None:
        """Advance the music's fades; call once a frame (it costs nothing when none runs)."""
        if not self._ramps:
            return
        target, seconds = self._ramps[0]
        progress = 1.0 if seconds <= 0 else (self.clock() - self._ramp_start) / seconds
        if progress >= 1.0:
            self._dip = target
            self._ramps.pop(0)
            self._ramp_from, self._ramp_start = target, self.clock()
        else:
            self._dip = self._ramp_from + (target - self._ramp_from) * progress
        self._set_music_volume()

    def _begin_ramps(self, ramps: list[tuple[float, float]]) -> None:
        self._ramps = ramps
        self._ramp_from, self._ramp_start = self._dip, self.clock()

    def _set_music_volume(self) -> None:
        if self._state == _OPEN and self._music_started:
            pygame.mixer.music.set_volume(self.music_gain())


def tail_peaks(sound: pygame.mixer.Sound) -> list[float]:
    """The peak (0 to 1) of ``sound`` from the start of each ``PEAK_FRAME`` on, to its end."""
    frequency, size, channels = pygame.mixer.get_init() or (MIXER_FORMAT[0], -16, 2)
    if abs(size) != 16:
        return []  # an unexpected mixer format: unmeasured sounds count as full scale
    samples = array("h")
    raw = sound.get_raw()
    samples.frombytes(raw[: len(raw) // 2 * 2])
    step = max(1, int(frequency * channels * PEAK_FRAME))
    frames = [
        max(max(chunk), -min(chunk)) / FULL_SCALE
        for chunk in (samples[i : i + step] for i in range(0, len(samples), step))
        if chunk
    ]
    for i in range(len(frames) - 2, -1, -1):
        frames[i] = max(frames[i], frames[i + 1])
    return frames


def file_peak(path: Path) -> float:
    """The peak (0 to 1) of a 16-bit WAV file; 1 when it cannot be read."""
    try:
        with wave.open(str(path), "rb") as source:
            if source.getsampwidth() != 2:
                return 1.0
            samples = array("h")
            samples.frombytes(source.readframes(source.getnframes()))
    except (OSError, EOFError, wave.Error):
        return 1.0
    return max(max(samples, default=0), -min(samples, default=0)) / FULL_SCALE


def _clamp(value: float) -> float:
    return max(0.0, min(1.0, float(value)))
