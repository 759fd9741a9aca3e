#!/usr/bin/env python3
"""Build the game's subset fonts in ``assets/fonts/`` from Debian's Noto packages.

Sources (install with ``apt-get install fonts-noto-cjk fonts-noto-core``):

* ``fonts-noto-cjk``: ``NotoSansCJK-{Regular,Bold}.ttc``. The Simplified Chinese (SC) and
  Japanese (JP) faces are pulled out of the collections into single-face ``.otf`` files,
  because pygame opens only one face of a ``.ttc``.
* ``fonts-noto-core``: ``NotoSans-{Regular,Bold}.ttf`` for Latin-script text.

Character sets: the SC faces keep GB2312, the JP faces keep JIS X 0208, and every face keeps
Latin (ASCII, Latin-1, Latin Extended-A, general punctuation and a few symbol blocks) so that
mixed text renders from one face. The CJK faces also keep CJK punctuation and fullwidth forms.
Every character found in the translation catalogs (``i18n/**/*.po``, ``*.pot``) is kept in
every face that has a glyph for it, so re-run this script after adding translations.

After writing, the script checks that each required character is in the output's cmap,
prints each file's size and glyph count, and fails if the total exceeds the size budget.

Usage: ``python tools/build_fonts.py [--out DIR] [--i18n DIR] [--budget-mb N]``
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
FONT_DIRS = (Path("/usr/share/fonts/opentype/noto"), Path("/usr/share/fonts/truetype/noto"))


@dataclass(frozen=True)
class Target:
    """One output font: where it comes from and which characters it must keep."""

    out: str  # file name in the output directory
    package: str  # Debian package shipping the source file
    source: str  # source file name
    ps_name: str  # PostScript name of the face to take (picks the face inside a .ttc)
    charset: str  # key of charsets(): the characters the output must cover


TARGETS = (
    Target(
        "NotoSansSC-Regular.otf",
        "fonts-noto-cjk",
        "NotoSansCJK-Regular.ttc",
        "NotoSansCJKsc-Regular",
        "gb2312",
    ),
    Target(
        "NotoSansSC-Bold.otf",
        "fonts-noto-cjk",
        "NotoSansCJK-Bold.ttc",
        "NotoSansCJKsc-Bold",
        "gb2312",
    ),
    Target(
        "NotoSansJP-Regular.otf",
        "fonts-noto-cjk",
        "NotoSansCJK-Regular.ttc",
        "NotoSansCJKjp-Regular",
        "jisx0208",
    ),
    Target(
        "NotoSansJP-Bold.otf",
        "fonts-noto-cjk",
        "NotoSansCJK-Bold.ttc",
        "NotoSansCJKjp-Bold",
        "jisx0208",
    ),
    Target(
        "NotoSans-Regular.ttf",
        "fonts-noto-core",
        "NotoSans-Regular.ttf",
        "NotoSans-Regular",
        "latin",
    ),
    Target("NotoSans-Bold.ttf", "fonts-noto-core", "NotoSans-Bold.ttf", "NotoSans-Bold", "latin"),
)

# Latin kept in every face: ASCII, Latin-1, Latin Extended-A, spacing modifiers (ˆ ˜ ˇ …),
# general punctuation (– — ‘ ’ “ ” • …), currency (€), letterlike (№ ™), arrows, minus.
LATIN_RANGES = (
    (0x20, 0x7E),
    (0xA0, 0x17F),
    (0x2C6, 0x2DD),
    (0x2000, 0x206F),
    (0x20A0, 0x20C0),
    (0x2100, 0x214F),
    (0x2190, 0x21FF),
    (0x2212, 0x2212),
)
# Noto Sans CJK leaves U+2252 ≒ (in JIS X 0208) out of its cmap on purpose, although the glyph
# is in the font (notofonts/noto-cjk issues 24, 140, 194); map it again so JIS X 0208 is complete.
RESTORED_MAPPINGS = {0x2252: "cid00858"}
# CJK symbols and punctuation (、。「」…), fullwidth and halfwidth forms (！，（）～…).
CJK_PUNCT_RANGES = ((0x3000, 0x303F), (0xFF01, 0xFFEF))


def from_ranges(ranges: tuple[tuple[int, int], ...]) -> set[int]:
    return {cp for lo, hi in ranges for cp in range(lo, hi + 1)}


def double_byte(codec: str, lead: range) -> set[int]:
    """BMP code points that ``codec`` encodes as two bytes whose lead byte is in ``lead``."""
    found = set()
    for cp in range(0x80, 0x10000):
        try:
            data = chr(cp).encode(codec)
        except UnicodeEncodeError:
            continue
        if len(data) == 2 and data[0] in lead:
            found.add(cp)
    return found


def charsets() -> dict[str, tuple[set[int], set[int]]]:
    """Per kind of output: the characters it must cover, and more to keep where the source has them."""
    latin_required = from_ranges(((0x20, 0x7E), (0xA0, 0xFF)))  # ASCII and Latin-1
    latin = from_ranges(LATIN_RANGES)
    cjk = latin | from_ranges(CJK_PUNCT_RANGES)
    return {
        "latin": (latin_required, latin),
        # GB2312 in EUC-CN: both bytes 0xA1-0xFE.
        "gb2312": (latin_required | double_byte("gb2312", range(0xA1, 0xFF)), cjk),
        # JIS X 0208 in EUC-JP: lead byte 0xA1-0xFE (0x8E is half-width kana, 0x8F JIS X 0212).
        "jisx0208": (latin_required | double_byte("euc_jp", range(0xA1, 0xFF)), cjk),
    }


def catalog_chars(i18n_dir: Path) -> set[int]:
    """Every character inside the quoted strings of the gettext catalogs under ``i18n_dir``."""
    found: set[int] = set()
    for po in sorted([*i18n_dir.rglob("*.po"), *i18n_dir.rglob("*.pot")]):
        for line in po.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line.startswith("#") or '"' not in line:
                continue
            found.update(ord(c) for c in line[line.index('"') + 1 : line.rindex('"')])
    return {cp for cp in found if cp >= 0x20}


def find_source(target: Target) -> Path:
    for directory in FONT_DIRS:
        path = directory / target.source
        if path.is_file():
            return path
    sys.exit(
        f"error: {target.source} not found in {', '.join(map(str, FONT_DIRS))}; "
        f"install the Debian package: apt-get install {target.package}"
    )


def open_face(path: Path, ps_name: str) -> TTFont:
    """Open the face called ``ps_name`` from a single font file or a collection."""
    faces = TTCollection(path).fonts if path.suffix == ".ttc" else [TTFont(path)]
    for font in faces:
        if font["name"].getDebugName(6) == ps_name:
            return font
    sys.exit(f"error: no face {ps_name!r} in {path}")


def subset_options(latin: bool) -> subset.Options:
    options = subset.Options()
    # fontTools' default layout features ('ccmp', 'mark', the vertical 'vert', 'vrt2', 'vkrn' …)
    # plus 'kern' and 'liga'; vhea/vmtx/VORG (vertical metrics) are kept by default. 'locl' would
    # pull in the other regions' glyph forms (JP forms into the SC face and so on), so it is
    # dropped from the CJK faces: each face's cmap already gives its own region's forms.
    features = {f for f in options.layout_features if latin or f != "locl"}
    options.layout_features = sorted(features | {"kern", "liga"})
    options.name_IDs = ["*"]  # keep copyright, license and version strings
    # Hinting is kept: it costs about 17 % in the CJK faces (0.3 MB each) and 30 kB in the Latin
    # ones, well inside the budget, and sharpens small UI text.
    options.notdef_outline = True
    options.glyph_names = False
    return options


def restore_mappings(font: TTFont) -> None:
    """Add RESTORED_MAPPINGS where the glyph exists and no code point maps to it yet."""
    glyphs = set(font.getGlyphOrder())
    for table in font["cmap"].tables:
        if table.isUnicode() and table.format in (4, 12):
            mapped = set(table.cmap.values())
            for cp, glyph in RESTORED_MAPPINGS.items():
                if glyph in glyphs and glyph not in mapped:
                    table.cmap.setdefault(cp, glyph)


def package_version(package: str) -> str:
    try:
        return subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", package],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def build(target: Target, wanted: set[int], out_dir: Path) -> tuple[int, int, list[int]]:
    """Write one subset font; return its size in bytes, glyph count and missing characters."""
    source = find_source(target)
    font = open_face(source, target.ps_name)
    restore_mappings(font)
    subsetter = subset.Subsetter(subset_options(target.charset == "latin"))
    subsetter.populate(unicodes=sorted(wanted & set(font.getBestCmap())))
    subsetter.subset(font)
    out = out_dir / target.out
    font.recalcTimestamp = False  # keep the source's date: same input, same bytes
    font.save(out)
    written = TTFont(out)
    return (
        out.stat().st_size,
        written["maxp"].numGlyphs,
        sorted(wanted - set(written.getBestCmap())),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "assets" / "fonts", help="output directory"
    )
    parser.add_argument("--i18n", type=Path, default=ROOT / "i18n", help="translation catalogs")
    parser.add_argument(
        "--budget-mb", type=float, default=20.0, help="size limit for all fonts, MB"
    )
    args = parser.parse_args(argv)

    args.out.mkdir(parents=True, exist_ok=True)
    sets = charsets()
    extra = catalog_chars(args.i18n) if args.i18n.is_dir() else set()
    print(f"catalog characters: {len(extra)} (from {args.i18n})")
    for package in sorted({t.package for t in TARGETS}):
        print(f"source {package} {package_version(package)}")

    total, failed = 0, False
    for target in TARGETS:
        required, optional = sets[target.charset]
        size, glyphs, missing = build(target, required | optional | extra, args.out)
        total += size
        # Required characters must all be there; the others only where the source has them.
        lost = [cp for cp in missing if cp in required]
        failed |= bool(lost)
        note = (
            f"MISSING {len(lost)}: {''.join(map(chr, lost[:20]))}"
            if lost
            else f"all {len(required)} {target.charset} chars present"
        )
        print(f"{target.out:26} {size / 1e6:6.2f} MB {glyphs:6} glyphs  {note}")

    uncovered = extra.copy()
    for target in TARGETS:
        uncovered -= set(TTFont(args.out / target.out).getBestCmap())
    if uncovered:
        print(f"warning: catalog characters in no font: {''.join(map(chr, sorted(uncovered)))}")
    budget = args.budget_mb * 1e6
    print(f"total {total / 1e6:.2f} MB (budget {args.budget_mb:g} MB)")
    if total > budget:
        print("error: fonts exceed the size budget", file=sys.stderr)
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
