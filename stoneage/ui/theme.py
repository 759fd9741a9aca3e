"""The palette shared with the art (see assets/images/README.md) and the player colours."""

from __future__ import annotations

Colour = tuple[int, int, int]
Paint = Colour | tuple[int, int, int, int]  # a colour, or one with an alpha (0 clear - 255)

CHARCOAL: Colour = (0x2E, 0x26, 0x22)
UMBER: Colour = (0x8A, 0x5A, 0x33)
UMBER_LIGHT: Colour = (0xA8, 0x74, 0x43)
UMBER_DARK: Colour = (0x5B, 0x3A, 0x22)
OCHRE: Colour = (0xC9, 0x8F, 0x2E)
OCHRE_LIGHT: Colour = (0xE6, 0xBD, 0x69)
PARCHMENT: Colour = (0xF0, 0xDD, 0xB0)
PARCHMENT_LIGHT: Colour = (0xF7, 0xEB, 0xCD)
MOSS: Colour = (0x5E, 0x7D, 0x34)
MOSS_DARK: Colour = (0x3F, 0x5A, 0x24)
CLAY: Colour = (0xB0, 0x4A, 0x2C)
STONE_GREY: Colour = (0x95, 0x8E, 0x80)
STONE_DARK: Colour = (0x6C, 0x66, 0x5B)
BONE: Colour = (0xEF, 0xE3, 0xC8)
WATER: Colour = (0x4D, 0x89, 0xA6)
GOLD: Colour = (0xE2, 0xA8, 0x1E)
GOLD_LIGHT: Colour = (0xF6, 0xD7, 0x6A)
WHITE: Colour = (0xFF, 0xFF, 0xFF)

TABLE: Colour = (0x3B, 0x2A, 0x1E)  # the wooden table under everything
HIGHLIGHT: Colour = (0xFF, 0xD8, 0x4A)  # a legal target
HINT: Colour = (0x7C, 0xE0, 0x4E)  # the Hint's suggested space: bright against the lit borders
ERROR: Colour = (0xC0, 0x39, 0x2B)
DISABLED: Colour = (0xB5, 0xA8, 0x8C)

# Player colours: main, shade, and the worker drawing that carries a colour-blind marking.
PLAYER_COLOURS: dict[str, Colour] = {
    "red": (0xC0, 0x39, 0x2B),
    "blue": (0x2E, 0x6F, 0xB7),
    "green": (0x3D, 0x8B, 0x3D),
    "yellow": (0xE0, 0xB0, 0x20),
}
PLAYER_SHADES: dict[str, Colour] = {
    "red": (0x8E, 0x2A, 0x20),
    "blue": (0x1F, 0x4F, 0x86),
    "green": (0x2A, 0x63, 0x2A),
    "yellow": (0xA8, 0x80, 0x10),
}
COLOUR_ORDER = ("red", "blue", "green", "yellow")


def worker_image(colour: str) -> str:
    """The image name of a worker in a player colour."""
    return f"worker_{colour}"


def text_on(colour: Colour) -> Colour:
    """Charcoal or white, whichever reads better on ``colour``."""
    r, g, b = colour
    return CHARCOAL if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """A colour ``t`` of the way from ``a`` to ``b``."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]
