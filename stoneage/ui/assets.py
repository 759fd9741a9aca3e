"""Lazy, cached loading of the art, the fonts and rendered text.

Images are SVGs rendered by nanosvg at the exact size they are drawn (never a scaled bitmap);
each (name, size) is rendered once. Fonts are chosen by the UI language (``i18n.font_script``),
never by the text. A missing image raises an error that says what to do.
"""

from __future__ import annotations

import difflib
import os
from functools import cache
from pathlib import Path

import pygame

from stoneage import i18n
from stoneage.resources import resource_path

Size = tuple[int, int]

_FONT_FILES = {
    ("latin", False): "NotoSans-Regular.ttf",
    ("latin", True): "NotoSans-Bold.ttf",
    ("sc", False): "NotoSansSC-Regular.otf",
    ("sc", True): "NotoSansSC-Bold.otf",
    ("jp", False): "NotoSansJP-Regular.otf",
    ("jp", True): "NotoSansJP-Bold.otf",
}
_TEXT_CACHE_LIMIT = 4000

_images: dict[tuple[str, Size, str], pygame.Surface] = {}
_fonts: dict[tuple[str, int], pygame.font.Font] = {}
_texts: dict[tuple[object, ...], pygame.Surface] = {}


def assets_dir() -> Path:
    """The assets folder: ``$STONEAGE_ASSETS``, else the installed package's ``assets/`` (the
    checkout's top-level ``assets/`` when run from source; see ``stoneage.resources``)."""
    override = os.environ.get("STONEAGE_ASSETS")
    return Path(override) if override else resource_path("assets")


@cache
def image_names() -> tuple[str, ...]:
    """Every image available, by name (the SVG file name without extension)."""
    return tuple(sorted(p.stem for p in (assets_dir() / "images").glob("*.svg")))


def image_path(name: str) -> Path:
    """The SVG file of ``name``; a clear error if there is none."""
    path = assets_dir() / "images" / f"{name}.svg"
    if not path.is_file():
        close = difflib.get_close_matches(name, image_names(), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise FileNotFoundError(f"no image {name!r} in {path.parent}{hint}")
    return path


def image(name: str, size: Size | int, variant: str = "") -> pygame.Surface:
    """The image ``name`` rendered to fit ``size`` (aspect kept); ``variant`` 'grey' or 'faded'."""
    if isinstance(size, int):
        size = (size, size)
    size = (max(1, int(size[0])), max(1, int(size[1])))
    key = (name, size, variant)
    surface = _images.get(key)
    if surface is None:
        surface = _render(name, size, variant)
        _images[key] = surface
    return surface


def _render(name: str, size: Size, variant: str) -> pygame.Surface:
    if variant:
        base = image(name, size)
        grey = pygame.transform.grayscale(base)
        if variant == "faded":
            grey.set_alpha(110)
        return grey
    surface = pygame.image.load_sized_svg(str(image_path(name)), size)
    return surface.convert_alpha() if pygame.display.get_surface() else surface


def cover_image(name: str, size: Size) -> pygame.Surface:
    """The image scaled (as vector art) to cover ``size``, cropped to it (backgrounds)."""
    key = (name, size, "cover")
    if key not in _images:
        w, h = size
        probe = pygame.image.load_sized_svg(str(image_path(name)), (64, 64))
        aspect = probe.get_width() / probe.get_height()
        box = (w, round(w / aspect)) if w / h > aspect else (round(h * aspect), h)
        full = image(name, (box[0] + 2, box[1] + 2))
        out = (
            pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        )
        out.blit(full, ((w - full.get_width()) // 2, (h - full.get_height()) // 2))
        _images[key] = out
    return _images[key]


def font(size: int, bold: bool = False, message: str = "") -> pygame.font.Font:
    """The UI font of the current language at ``size`` pixels.

    Pass ``message`` when drawing text the player typed: the Latin face has no Chinese or
    Japanese characters, so such text is drawn in a CJK face (which also holds Latin).
    """
    file = _FONT_FILES[(script_for(message), bold)]
    key = (file, max(6, int(size)))
    loaded = _fonts.get(key)
    if loaded is None:
        loaded = pygame.font.Font(str(assets_dir() / "fonts" / file), key[1])
        _fonts[key] = loaded
    return loaded


def script_for(message: str) -> str:
    """The font script for ``message`` in the current language: the language's own, except
    that CJK text (a player's name, say) in the Latin language uses a CJK face."""
    script = i18n.font_script()
    if script != "latin" or message.isascii() or not any(ord(c) >= 0x2E80 for c in message):
        return script
    return "jp" if any(0x3040 <= ord(c) <= 0x30FF for c in message) else "sc"


def text(
    message: str, size: int, colour: tuple[int, int, int], bold: bool = False
) -> pygame.Surface:
    """``message`` rendered (antialiased) in the UI font; cached, since most text repeats."""
    key = (message, int(size), colour, bold, i18n.current_language())
    surface = _texts.get(key)
    if surface is None:
        if len(_texts) > _TEXT_CACHE_LIMIT:
            _texts.clear()
        surface = _render_runs(message, size, colour, bold)
        _texts[key] = surface
    return surface


def latin_runs(message: str) -> list[tuple[str, bool]]:
    """``message`` cut into runs, True for runs of Latin Extended letters (Ł, Ş, ž …) that the
    CJK faces lack; those are drawn in the Latin face inside Chinese or Japanese text."""
    if script_for(message) == "latin" or all(ord(c) < 0x100 or ord(c) > 0x24F for c in message):
        return [(message, False)]
    runs: list[tuple[str, bool]] = []
    for char in message:
        extended = 0x100 <= ord(char) <= 0x24F
        if runs and runs[-1][1] == extended:
            runs[-1] = (runs[-1][0] + char, extended)
        else:
            runs.append((char, extended))
    return runs


def _run_font(size: int, bold: bool, run: str, extended: bool) -> pygame.font.Font:
    if not extended:
        return font(size, bold, run)
    key = (_FONT_FILES[("latin", bold)], max(6, int(size)))
    if key not in _fonts:
        _fonts[key] = pygame.font.Font(str(assets_dir() / "fonts" / key[0]), key[1])
    return _fonts[key]


def text_width(message: str, size: int, bold: bool = False) -> int:
    """How wide ``message`` is drawn by ``text`` (pixels)."""
    return sum(_run_font(size, bold, run, ext).size(run)[0] for run, ext in latin_runs(message))


def _render_runs(
    message: str, size: int, colour: tuple[int, int, int], bold: bool
) -> pygame.Surface:
    runs = latin_runs(message)
    base = font(size, bold, message)
    if len(runs) == 1 and not runs[0][1]:
        return base.render(message, True, colour)
    pictures = [_run_font(size, bold, run, ext).render(run, True, colour) for run, ext in runs]
    out = pygame.Surface((sum(p.get_width() for p in pictures), base.get_height()), pygame.SRCALPHA)
    x = 0
    for picture, (run, ext) in zip(pictures, runs):
        top = base.get_ascent() - _run_font(size, bold, run, ext).get_ascent()  # baselines aligned
        out.blit(picture, (x, top))
        x += picture.get_width()
    return out


def clear_caches() -> None:
    """Forget rendered images and text (after a language change or a resize)."""
    _images.clear()
    _texts.clear()
