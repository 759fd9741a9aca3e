"""Render every SVG in ``assets/images`` onto one labelled contact-sheet PNG.

Each drawing is rendered with pygame-ce (which rasterises SVG with nanosvg) at
two sizes -- 48 px and 160 px along its longer side -- and placed in a grid
cell together with its file name, so the whole art set can be reviewed at a
glance, at both icon size and table size.

The script doubles as a check of the art set.  It exits with status 1 when any
SVG

* is not well-formed XML or has no ``viewBox`` on the root element,
* cannot be loaded by ``pygame.image.load_sized_svg``,
* renders as a completely transparent image, or
* has a gradient in bounding-box units with a fractional coordinate written
  without ``%`` (nanosvg misreads ``x2="1"`` as one user unit, so the
  gradient silently collapses to its last colour; write ``x2="100%"``),

and it prints a warning (without failing) for SVG features that nanosvg does
not support, such as ``<text>``, ``<filter>``, ``<mask>``, ``<use>``,
``<style>`` or ``class`` attributes.

Usage::

    python tools/contact_sheet.py /tmp/contact.png [--images DIR] [--pattern GLOB] [--columns N]
"""

from __future__ import annotations

import argparse
import os
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

PROJECT_ROOT: Path = Path(__file__).resolve().parent.parent
DEFAULT_IMAGES: Path = PROJECT_ROOT / "assets" / "images"

SIZES: tuple[int, ...] = (48, 160)
PAD: int = 12
LABEL_HEIGHT: int = 18
CELL_WIDTH: int = PAD + SIZES[0] + PAD + SIZES[1] + PAD
CELL_HEIGHT: int = PAD + SIZES[1] + 4 + LABEL_HEIGHT + PAD // 2

SHEET_BG: tuple[int, int, int] = (58, 52, 46)
CELL_BG: tuple[int, int, int] = (226, 217, 198)
CHECKER_A: tuple[int, int, int] = (236, 229, 213)
CHECKER_B: tuple[int, int, int] = (214, 205, 186)
LABEL_FG: tuple[int, int, int] = (40, 34, 30)
ERROR_BG: tuple[int, int, int] = (200, 60, 50)

SVG_NS: str = "{http://www.w3.org/2000/svg}"
GRADIENT_COORDS: tuple[str, ...] = ("x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy")
UNSUPPORTED_TAGS: frozenset[str] = frozenset(
    {
        "text",
        "tspan",
        "filter",
        "mask",
        "use",
        "style",
        "image",
        "pattern",
        "clipPath",
        "foreignObject",
    }
)


@dataclass
class Rendered:
    """The outcome of loading one SVG file at every contact-sheet size."""

    path: Path
    surfaces: dict[int, pygame.Surface] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _is_zero(value: str) -> bool:
    """True when an SVG length such as ``"0"`` or ``"0.0"`` is zero."""
    try:
        return float(value) == 0.0
    except ValueError:
        return False


def lint_svg(path: Path) -> tuple[list[str], list[str]]:
    """Statically check an SVG file; return ``(errors, warnings)``."""
    errors: list[str] = []
    warnings: list[str] = []
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as exc:
        return [f"XML parse error: {exc}"], warnings
    if root.tag not in (f"{SVG_NS}svg", "svg"):
        errors.append(f"root element is {root.tag!r}, not <svg>")
    if not root.get("viewBox"):
        errors.append("root <svg> has no viewBox")
    for element in root.iter():
        tag = element.tag.removeprefix(SVG_NS)
        if (
            tag in ("linearGradient", "radialGradient")
            and element.get("gradientUnits") != "userSpaceOnUse"
        ):
            for name in GRADIENT_COORDS:
                value = element.get(name, "").strip()
                if value and not value.endswith("%") and not _is_zero(value):
                    errors.append(
                        f"<{tag}> {name}={value!r}: use a percentage in bounding-box units"
                    )
        if tag in UNSUPPORTED_TAGS:
            warnings.append(f"<{tag}> is not supported by nanosvg")
        if "class" in element.attrib:
            warnings.append(f"<{tag}> uses a class attribute (CSS is not supported)")
        for name in element.attrib:
            if name.endswith("href"):
                warnings.append(f"<{tag}> has an external/internal reference ({name})")
    return errors, sorted(set(warnings))


def render_svg(path: Path, sizes: tuple[int, ...] = SIZES) -> Rendered:
    """Lint ``path`` and rasterise it so that its longer side is each of ``sizes``."""
    result = Rendered(path)
    result.errors, result.warnings = lint_svg(path)
    for size in sizes:
        try:
            surface = pygame.image.load_sized_svg(str(path), (size, size))
        except (pygame.error, OSError, ValueError) as exc:
            result.errors.append(f"load at {size}px failed: {exc}")
            continue
        if surface.get_bounding_rect().width == 0:
            result.errors.append(f"renders fully transparent at {size}px")
        result.surfaces[size] = surface
    return result


def checker(size: tuple[int, int], square: int = 8) -> pygame.Surface:
    """A light checkerboard, so transparent areas of a drawing stay visible."""
    surface = pygame.Surface(size)
    surface.fill(CHECKER_A)
    for y in range(0, size[1], square):
        for x in range(0, size[0], square):
            if (x // square + y // square) % 2:
                surface.fill(CHECKER_B, (x, y, square, square))
    return surface


def draw_cell(item: Rendered, font: pygame.font.Font) -> pygame.Surface:
    """Lay out one file's renders and its name on a cell surface."""
    cell = pygame.Surface((CELL_WIDTH, CELL_HEIGHT))
    cell.fill(ERROR_BG if item.errors else CELL_BG)
    x = PAD
    for size in SIZES:
        top = PAD + (SIZES[-1] - size) // 2
        cell.blit(checker((size, size)), (x, top))
        surface = item.surfaces.get(size)
        if surface is not None:
            w, h = surface.get_size()
            cell.blit(surface, (x + (size - w) // 2, top + (size - h) // 2))
        x += size + PAD
    label = item.path.name + ("  (ERROR)" if item.errors else "")
    text = font.render(label, True, LABEL_FG)
    cell.blit(text, ((CELL_WIDTH - text.get_width()) // 2, PAD + SIZES[-1] + 4))
    return cell


def build_sheet(items: list[Rendered], columns: int) -> pygame.Surface:
    """Arrange the cells of all rendered files in a grid."""
    font = pygame.font.Font(None, 20)
    rows = max(1, -(-len(items) // columns))
    sheet = pygame.Surface((columns * (CELL_WIDTH + 4) + 4, rows * (CELL_HEIGHT + 4) + 4))
    sheet.fill(SHEET_BG)
    for index, item in enumerate(items):
        row, col = divmod(index, columns)
        sheet.blit(draw_cell(item, font), (4 + col * (CELL_WIDTH + 4), 4 + row * (CELL_HEIGHT + 4)))
    return sheet


def main(argv: list[str] | None = None) -> int:
    """Entry point: render the sheet to the given PNG path; 1 on any failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path, help="PNG file to write")
    parser.add_argument("--images", type=Path, default=DEFAULT_IMAGES, help="folder of SVG files")
    parser.add_argument("--pattern", default="*.svg", help="only files matching this glob")
    parser.add_argument("--columns", type=int, default=6, help="cells per row")
    args = parser.parse_args(argv)

    pygame.init()
    try:
        paths = sorted(args.images.glob(args.pattern))
        if not paths:
            print(f"no SVG files in {args.images}", file=sys.stderr)
            return 1
        items = [render_svg(path) for path in paths]
        for item in items:
            for warning in item.warnings:
                print(f"warning: {item.path.name}: {warning}", file=sys.stderr)
            for error in item.errors:
                print(f"error: {item.path.name}: {error}", file=sys.stderr)
        args.output.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(build_sheet(items, max(1, args.columns)), str(args.output))
        failed = [item for item in items if item.errors]
        print(f"{len(items)} SVG files, {len(failed)} failed -> {args.output}")
        return 1 if failed else 0
    finally:
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
