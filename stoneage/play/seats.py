"""Who sits at the table: a human or a bot of some level, with a name and a colour.

A seat's name may be one the game gave (the default human name, "Player n", the bots' names):
such a name is shown in the language of the moment, so a game saved in English and continued
in Chinese says "你". Names the players typed are kept as typed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from stoneage.i18n import _
from stoneage.play.names import DEFAULT_HUMAN_NAME, is_default_name, numbered_name, shown_name

BOT_LEVELS = ("random", "easy", "normal", "hard")
#: The players' colours, in the order a new seat takes them.
COLOURS = ("red", "blue", "green", "yellow")
HUMAN, BOT = "human", "bot"
#: The level of a seat another person plays (from another computer), for its label.
PERSON = "person"


@dataclass
class Seat:
    """Who sits at a seat: a human or a bot of some level, with a name and a colour."""

    name: str
    colour: str
    kind: str = BOT  # HUMAN or BOT
    level: str = "normal"

    @property
    def is_human(self) -> bool:
        """True for a person at this screen."""
        return self.kind == HUMAN

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form (for the save file). The default human name is marked as such
        (``default_name``), so it is shown in the language of whoever continues the game; the
        name itself is kept too, for versions that do not know the mark."""
        raw: dict[str, Any] = asdict(self)
        if is_default_name(self.name):
            raw["default_name"] = True
        return raw

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Seat:
        """The seat stored by ``to_dict`` (unknown values fall back to safe defaults). The
        default name, marked or (in saves from before the mark) written in any language, is
        given in the current language."""
        colour, level = raw.get("colour"), raw.get("level")
        colour = colour if isinstance(colour, str) and colour in COLOURS else COLOURS[0]
        kind = HUMAN if raw.get("kind") == HUMAN else BOT
        level = level if isinstance(level, str) and level in BOT_LEVELS else "normal"
        name = str(raw.get("name", "?"))[:24]
        if raw.get("default_name") is True:
            name = _(DEFAULT_HUMAN_NAME)
        return cls(shown_name(name), colour, kind, level)


def default_seats() -> list[Seat]:
    """One human against three Normal bots: the one-click game."""
    return [
        Seat(_(DEFAULT_HUMAN_NAME), "red", HUMAN),
        Seat(_("Grok"), "blue", BOT, "normal"),
        Seat(_("Ayla"), "green", BOT, "normal"),
        Seat(_("Tharn"), "yellow", BOT, "normal"),
    ]


def bot_seats(levels: tuple[str, ...] | list[str]) -> list[Seat]:
    """A table of bots of these levels (the headless runner's and autoplay's), named after
    their seat and level."""
    return [Seat(f"{level} {i + 1}", COLOURS[i], BOT, level) for i, level in enumerate(levels)]


def settle_names(seats: list[Seat]) -> None:
    """Give every seat a name fit for the table: a blank name becomes "Player n", and so does the
    default "You" when several people share the screen (a hotseat turn is announced by name, and
    "Pass the screen to You" would name nobody)."""
    humans = sum(seat.is_human for seat in seats)
    for i, seat in enumerate(seats):
        name = seat.name.strip()
        if not name or (humans > 1 and is_default_name(name)):
            name = numbered_name(i + 1)
        seat.name = name


def follow_language(seats: list[Seat]) -> None:
    """Give the default human name in the language of now (after the language changed, or for
    a game saved in another language); names the players chose stay as they are."""
    for seat in seats:
        seat.name = shown_name(seat.name)
