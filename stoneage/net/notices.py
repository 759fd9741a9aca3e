"""What the network says besides the game, kept as words for the table to show: a player away
and the countdown before a bot takes the seat, the bot standing in, the connection lost or
retried, a server restarting, the host gone, the host's refusal of a move; and the quick
phrases said at the table (kept as ids, worded when shown, in the reader's language of that
moment) with the server's word when they come too fast."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from stoneage.i18n import _
from stoneage.net.client import (
    Countdown,
    Disconnected,
    Event,
    HostLeft,
    HostRefused,
    Joined,
    LobbyUpdate,
    Problem,
    Restarting,
    Returned,
    Said,
    StandIn,
    ViewUpdate,
    phrase_words,
)
from stoneage.play.names import LEVEL_TITLES

#: Seconds a quick phrase stays shown by the seat that said it.
SAID_FOR = 6.0
#: Seconds the words "not so fast" stay by the phrases' button.
SLOW_DOWN_FOR = 3.0
#: The problems about a quick phrase (never the refusal of a move sent meanwhile).
PHRASE_PROBLEMS = frozenset({"phrase_rate"})


@dataclass(frozen=True)
class Saying:
    """A quick phrase said at the table: the seat, the phrase's id, when it was heard."""

    seat: int
    phrase: str
    at: float

    def words(self) -> str:
        """The phrase in the language of now."""
        return phrase_words(self.phrase)


@dataclass
class NetNotices:
    """What the network says besides the game, as words for the table (see the module)."""

    names: list[str]
    me: int | None
    clock: Callable[[], float] = time.monotonic
    away: dict[int, float] = field(default_factory=dict)  # seat -> when its stand-in comes
    standing_in: dict[int, str] = field(default_factory=dict)  # seat -> the bot's level
    connection: str = ""  # "" (fine), "retrying", "restarting", "lost"
    host_left: bool = False
    refused: str = ""
    said: dict[int, Saying] = field(default_factory=dict)  # seat -> its last phrase
    slow_down: tuple[str, float] | None = None  # the server's "not so fast", and until when

    def hear(self, event: Event) -> None:
        """Take in one event of the client."""
        if isinstance(event, Countdown):
            self.away[event.seat] = self.clock() + event.seconds
        elif isinstance(event, StandIn):
            self.away.pop(event.seat, None)
            self.standing_in[event.seat] = event.level
        elif isinstance(event, Returned):
            self.away.pop(event.seat, None)
            self.standing_in.pop(event.seat, None)
        elif isinstance(event, Disconnected):
            if not event.retrying:
                self.connection = "lost"
            elif self.connection != "restarting":  # the server said why: it comes back
                self.connection = "retrying"
        elif isinstance(event, Restarting):
            self.connection = "restarting"
        elif isinstance(event, (Joined, ViewUpdate)):
            self.connection, self.host_left = "", False
        elif isinstance(event, HostLeft):
            self.host_left = True
        elif isinstance(event, HostRefused):
            self.refused = event.reason
        elif isinstance(event, Problem) and event.code in PHRASE_PROBLEMS:
            self.slow_down = (event.words, self.clock() + SLOW_DOWN_FOR)
        elif isinstance(event, Problem):
            self.refused = event.words
        elif isinstance(event, Said):
            self.said[event.seat] = Saying(event.seat, event.phrase, self.clock())
        elif isinstance(event, LobbyUpdate):
            self._seats(event)

    def _seats(self, lobby: LobbyUpdate) -> None:
        """A lobby update says who is here: the countdowns and stand-ins it no longer shows
        are over (a player came back while this client was away itself)."""
        for i, info in enumerate(lobby.seats):
            if info.here:
                self.away.pop(i, None)
                self.standing_in.pop(i, None)
            elif info.standin:
                self.away.pop(i, None)
                self.standing_in.setdefault(i, lobby.standin)

    def name(self, seat: int) -> str:
        """A seat's name ("?" for one this table does not know)."""
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    def banner(self) -> str:
        """The line to show over the table now ('' when all is well)."""
        if self.host_left:
            return _(
                "The table is kept: play resumes here when the host continues it. To go, "
                "leave the table from the menu."
            )
        if self.connection == "restarting":
            return _("The server is restarting: the table comes back by itself in a moment.")
        if self.connection == "retrying":
            return _("Connection to the host lost: trying again…")
        if self.connection == "lost":
            return _("Connection to the host lost. Leave the table from the menu.")
        now = self.clock()
        lines = []
        for seat, due in sorted(self.away.items()):
            left = max(0, round(due - now))
            lines.append(
                _("{name} lost the connection: a bot plays for them in {seconds} s").format(
                    name=self.name(seat), seconds=left
                )
            )
        for seat, level in sorted(self.standing_in.items()):
            if seat == self.me:
                continue
            lines.append(
                _("A {level} bot plays for {name} until they return").format(
                    level=_(LEVEL_TITLES.get(level, LEVEL_TITLES["normal"])), name=self.name(seat)
                )
            )
        return "  ·  ".join(lines)

    def sayings(self) -> list[Saying]:
        """The phrases to show now (each seat's last, for ``SAID_FOR`` seconds)."""
        now = self.clock()
        return [s for _seat, s in sorted(self.said.items()) if now - s.at < SAID_FOR]

    def slowed(self) -> str:
        """The server's "not so fast" while it is shown ('' otherwise)."""
        if self.slow_down is None or self.clock() >= self.slow_down[1]:
            return ""
        return self.slow_down[0]

    def serious(self) -> bool:
        """True when the table cannot go on for now (the host gone, the connection lost)."""
        return self.host_left or self.connection != ""
