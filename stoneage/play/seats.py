"""Who sits at the table: a human or a bot of some level played by some opponent, with a name
and a colour.

A bot seat names its opponent by id (``stoneage.ai.opponents``) beside its level; a seat saved
before there were opponents (no id, or an id this version does not know) is played by the
balanced opponent, which plays exactly as every bot did then.

A seat's name may be one the game gave (the default human name, "Player n", the bots' names):
such a name is shown in the language of the moment, so a game saved in English and continued
in Chinese says "你". Names the players typed are kept as typed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from stoneage.ai import BALANCED, known_opponent, parse_spec
from stoneage.i18n import _
from stoneage.play.names import DEFAULT_HUMAN_NAME, is_default_name, numbered_name, shown_name
from stoneage.play.opponents import opponent_name

BOT_LEVELS = ("random", "easy", "normal", "hard")
#: The players' colours, in the order a new seat takes them.
COLOURS = ("red", "blue", "green", "yellow")
HUMAN, BOT = "human", "bot"
#: The level of a seat another person plays (from another computer), for its label.
PERSON = "person"


#: The levels any opponent plays; ``random`` is nobody's (the balanced opponent's, for the form).
OPPONENT_LEVELS = ("easy", "normal", "hard")


@dataclass
class Seat:
    """Who sits at a seat: a human or a bot of some level played by an opponent (its id), with
    a name and a colour."""

    name: str
    colour: str
    kind: str = BOT  # HUMAN or BOT
    level: str = "normal"
    opponent: str = BALANCED  # who plays the bot (``stoneage.ai.opponents``); a person's: unused

    @property
    def is_human(self) -> bool:
        """True for a person at this screen."""
        return self.kind == HUMAN

    @property
    def bot_opponent(self) -> str:
        """The opponent whose bot plays this seat at its level: its own, or the balanced one
        for a level nobody else plays (``random``) or an id this version does not know."""
        if self.level in OPPONENT_LEVELS and known_opponent(self.opponent):
            return self.opponent
        return BALANCED

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form (for the save file). The default human name is marked as such
        (``default_name``), so it is shown in the language of whoever continues the game; the
        name itself is kept too, for versions that do not know the mark. A bot's opponent is
        written when it is not the balanced one (``opponent``)."""
        raw: dict[str, Any] = asdict(self)
        if is_default_name(self.name):
            raw["default_name"] = True
        if self.is_human or self.opponent == BALANCED:
            # A person is no opponent, and a bot without one is the balanced opponent's (as
            # in every save from before opponents): such a seat is written as it was then.
            del raw["opponent"]
        return raw

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Seat:
        """The seat stored by ``to_dict`` (unknown values fall back to safe defaults: a seat
        from before opponents, or of an opponent this version does not know, gets the balanced
        one). The default name, marked or (in saves from before the mark) written in any
        language, is given in the current language."""
        colour, level = raw.get("colour"), raw.get("level")
        colour = colour if isinstance(colour, str) and colour in COLOURS else COLOURS[0]
        kind = HUMAN if raw.get("kind") == HUMAN else BOT
        level = level if isinstance(level, str) and level in BOT_LEVELS else "normal"
        name = str(raw.get("name", "?"))[:24]
        if raw.get("default_name") is True:
            name = _(DEFAULT_HUMAN_NAME)
        return cls(shown_name(name), colour, kind, level, stored_opponent(raw.get("opponent")))


#: The opponents of the one-click game, one a bot seat: the balanced one first, then two who
#: play in ways a player sees at once (cards and gold), each at Normal.
DEFAULT_OPPONENTS = (BALANCED, "scholar", "toolmaker")


def default_seats() -> list[Seat]:
    """One human against three Normal bots, each a different opponent: the one-click game."""
    seats = [Seat(_(DEFAULT_HUMAN_NAME), "red", HUMAN)]
    for opponent, colour in zip(DEFAULT_OPPONENTS, COLOURS[1:]):
        seats.append(bot_seat(opponent, "normal", colour, seats))
    return seats


def bot_seat(opponent: str, level: str, colour: str, others: list[Seat] | None = None) -> Seat:
    """A bot seat of ``opponent`` at ``level``, named after the opponent (in the current
    language; "Kaya 2" when a seat among ``others`` already has that name)."""
    seat = Seat("", colour, BOT, level, opponent)
    name_after_opponent(seat, others or [])
    return seat


def name_after_opponent(seat: Seat, others: list[Seat]) -> None:
    """Give the bot ``seat`` its opponent's name, numbered when a seat among ``others`` has it."""
    base = opponent_name(seat.bot_opponent)
    taken = {other.name for other in others if other is not seat}
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base} {n}"
    seat.name = name


def stored_opponent(value: object) -> str:
    """The opponent a stored seat names, if this version knows it; else the balanced one (the
    saves, replays and history from before opponents name none)."""
    return value if isinstance(value, str) and known_opponent(value) else BALANCED


def bot_seats(specs: tuple[str, ...] | list[str]) -> list[Seat]:
    """A table of bots (the headless runner's and autoplay's), one a spec: a level (``hard``:
    the balanced opponent) or ``opponent:level`` (``scholar:hard``), named after their seat and
    spec. ``ValueError`` for a spec that names no bot (``stoneage.ai.parse_spec``)."""
    seats = []
    for i, spec in enumerate(specs):
        opponent, level = parse_spec(spec)
        seats.append(Seat(f"{spec} {i + 1}", COLOURS[i], BOT, level, opponent))
    return seats


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
