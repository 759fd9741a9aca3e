"""On the way to a table: the client has asked to sit (or watch) and the screen the player
asked from stays up until the table answers. Welcomed, the waiting room takes over with all
that was heard; refused (no table with this code, the host unreachable, the table full...), the
words come back to that screen, which keeps what the player typed.

Who the player is goes with them: the name typed is kept with the player key
(``stoneage.records.player_key``, made on first use), and each table is given the key of its own
server (``server_key``), by which a dedicated server rates the player.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from stoneage.i18n import _
from stoneage.net.client import FATAL, Disconnected, Event, Joined, Problem, server_key
from stoneage.net.session import OnlineSession
from stoneage.records.player_key import PlayerKey, PlayerKeys

#: Seconds the table has to welcome the player before the screen gives up asking.
PATIENCE = 20.0

ASKING, JOINED, REFUSED = "asking", "joined", "refused"

#: The problems that are about the code typed (said under its field).
CODE_PROBLEMS = frozenset({"no_table", "expired", "too_many_guesses"})


@dataclass(frozen=True)
class Refusal:
    """Why the table did not seat the player: the words, and the field they are about
    (``"address"``, ``"code"``, or ``""`` for none)."""

    field: str
    words: str


def unreachable() -> str:
    """The words when nothing answered at the address."""
    return _(
        "Nothing answered at this address. Check it (and the port), and that the table is "
        "still open."
    )


class Joining:
    """A session's client asking to sit at its table (see the module's docstring)."""

    def __init__(
        self,
        session: OnlineSession,
        where: str = "",
        clock: Callable[[], float] = time.monotonic,
        patience: float = PATIENCE,
    ) -> None:
        """Start ``session``'s client; ``where``: the address as the player typed it."""
        self.session = session
        self.where = where
        self.clock = clock
        self.deadline = clock() + patience
        self.state = ASKING
        self.refusal: Refusal | None = None
        self.heard: list[Event] = []
        session.client.start()

    def hear(self) -> str:
        """Take in what the client heard since the last frame; the state now: ``ASKING``,
        ``JOINED`` (everything heard is handed to the session, for the waiting room) or
        ``REFUSED`` (``refusal`` says why; the client is stopped)."""
        if self.state != ASKING:
            return self.state
        for event in self.session.client.poll():
            self.heard.append(event)
            if isinstance(event, Joined):
                self.state = JOINED
            elif self.state == ASKING:
                self._refused_by(event)
        if self.state == ASKING and self.clock() > self.deadline:
            self.refuse(Refusal("", _("The table did not answer in time: try again in a moment.")))
        if self.state == JOINED:
            self.session.events = [*self.heard, *self.session.events]
        return self.state

    def _refused_by(self, event: Event) -> None:
        """A refusal before the welcome (a problem after which the client stops, or the
        connection lost for good) ends the asking."""
        if isinstance(event, Problem) and (event.code in FATAL or event.code in CODE_PROBLEMS):
            field = "code" if event.code in CODE_PROBLEMS else ""
            self.refusal = Refusal(field, event.words)
            if event.code in FATAL:
                self.refuse(self.refusal)
        elif isinstance(event, Disconnected) and not event.retrying:
            self.refuse(self.refusal or Refusal("address", unreachable()))

    def refuse(self, refusal: Refusal) -> None:
        """Stop asking: the client stops, the words stay."""
        self.state, self.refusal = REFUSED, refusal
        self.session.close()

    def cancel(self) -> None:
        """The player stopped asking."""
        if self.state == ASKING:
            self.state = REFUSED
            self.session.close()


def player_named(name: str, keys: PlayerKeys | None = None) -> PlayerKey:
    """The player key (made now on first use) under the name typed, kept when it changed."""
    keys = keys if keys is not None else PlayerKeys()
    player = keys.load_or_create(name)
    if name.strip() and name.strip() != player.name:
        player = keys.rename(name)
    return player


def key_for(player: PlayerKey, url: str) -> str | None:
    """The key ``player`` gives the server at ``url`` (None for an address it cannot name)."""
    try:
        return server_key(player, url)
    except ValueError:  # a port out of range in a URL made by hand
        return None
