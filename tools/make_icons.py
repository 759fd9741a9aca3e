#!/usr/bin/env python3
"""Make the application icons from ``assets/images/icon.svg`` with pygame-ce's SVG loader.

Writes into ``--out`` (default ``build/icons``, which git ignores):

* ``stoneage.png``  -- 256x256, for Linux (``hicolor/256x256/apps``) and the window;
* ``stoneage.ico``  -- Windows: 16, 24, 32, 48, 64, 128 and 256 px; 32-bit bitmaps up to 128 px
  (every reader takes those) and a PNG for 256 px (the form Windows has read since Vista);
* ``stoneage.icns`` -- macOS: 16 to 1024 px (with the @2x slots), each a PNG inside the ICNS.

Every size is rendered from the vector art at that size (never a scaled bitmap). No Pillow,
no iconutil: both containers are simple headers around image data, written here.

Usage: ``python tools/make_icons.py [--svg FILE] [--out DIR]``
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SVG = ROOT / "assets" / "images" / "icon.svg"
DEFAULT_OUT = ROOT / "build" / "icons"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, with their pixel size.
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)
PNG_SIZE = 256


def render(svg: Path, size: int):
    """The SVG rendered onto a transparent ``size`` x ``size`` surface (aspect kept, centred)."""
    import pygame

    surface = pygame.image.load_sized_svg(str(svg), (size, size))
    if surface.get_size() != (size, size):
        square = pygame.Surface((size, size), pygame.SRCALPHA)
        square.blit(surface, surface.get_rect(center=(size // 2, size // 2)))
        surface = square
    return surface


def png_bytes(surface) -> bytes:
    """``surface`` as PNG file bytes."""
    import pygame

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def dib_bytes(surface) -> bytes:
    """``surface`` as an ICO bitmap entry: a BITMAPINFOHEADER, 32-bit BGRA rows bottom-up, and
    the 1-bit AND mask (all zero: the alpha channel decides)."""
    import pygame

    width, height = surface.get_size()
    header = struct.pack("<IiiHHIIiiII", 40, width, 2 * height, 1, 32, 0, 0, 0, 0, 0, 0)
    rows = pygame.image.tobytes(surface, "BGRA", True)  # flipped: bottom row first
    mask_row = ((width + 31) // 32) * 4
    return header + rows + bytes(mask_row * height)


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file holding one image (bitmap entry or PNG) per size (sizes up to 256)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = images[size]
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICO directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file with every element type of ``ICNS_TYPES``."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(svg: Path = DEFAULT_SVG, out: Path = DEFAULT_OUT) -> dict[str, Path]:
    """Write the PNG, ICO and ICNS icons into ``out``; returns them by extension."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    sizes = sorted({*ICO_SIZES, *(size for _, size in ICNS_TYPES), PNG_SIZE})
    surfaces = {size: render(svg, size) for size in sizes}
    pngs = {size: png_bytes(surface) for size, surface in surfaces.items()}
    ico = {size: pngs[size] if size >= 256 else dib_bytes(surfaces[size]) for size in ICO_SIZES}
    out.mkdir(parents=True, exist_ok=True)
    files = {
        "png": out / "stoneage.png",
        "ico": out / "stoneage.ico",
        "icns": out / "stoneage.icns",
    }
    files["png"].write_bytes(pngs[PNG_SIZE])
    files["ico"].write_bytes(ico_bytes(ico))
    files["icns"].write_bytes(icns_bytes(pngs))
    return files


def main(argv: list[str] | None = None) -> int:
    """Command line: make the icons and print where they went."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--svg", type=Path, default=DEFAULT_SVG, help="source SVG (default: the game's icon)"
    )
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="output folder (default: build/icons)"
    )
    args = parser.parse_args(argv)
    for path in make_icons(args.svg, args.out).values():
        print(f"{path}  {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
