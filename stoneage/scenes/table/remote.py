"""A table played over the network: the match on screen is the seat's view the host sends.

``RemoteMatch`` stands where the table's ``Match`` stands, so the table scene and all its parts
(the drag to place, the dialogs, the log, the hints, the sounds) work unchanged on a remote
seat. Nothing is decided here: every step comes from the host (``stoneage.net.client``) as the
seat's new view and the story of what happened; the table plays those steps one by one as
"automatic" steps, exactly as it plays a bot's. The seat's own choice is checked on its view
(the rules' own reason shows at once, and refused figures fly home as offline) and then sent
as its text; the host's answer is the next view, or its refusal in words. On arrival (joining,
returning, the host reopened) the host's backlog becomes the log's past, told without a beat
or a sound; a view it cannot follow step by step is taken at once, the log keeping its lines.

``NetNotices`` keeps what the other events say (a player away and the countdown before a bot
takes the seat, the bot standing in, the connection lost or retried, the host gone) as words
for the table to show.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from stoneage.i18n import _
from stoneage.net.client import (
    Client,
    Countdown,
    Disconnected,
    Event,
    HostLeft,
    Joined,
    LobbyUpdate,
    Past,
    Problem,
    Refused,
    Returned,
    SeatInfo,
    StandIn,
    ViewUpdate,
)
from stoneage.net.discovery import Announcer
from stoneage.net.host import Host
from stoneage.play.match import Match, Step
from stoneage.play.names import LEVEL_TITLES, engine_reason
from stoneage.play.seats import BOT, HUMAN, Seat
from stoneage.play.story import Story, tell
from stoneage.rules import TERMINAL, Action, ActionError, GameState
from stoneage.scenes.table.hosted import HostedKeep, Seated, SeatKeep

log = logging.getLogger(__name__)

#: Seconds before a move the host found too frequent is sent again.
RETRY_AFTER = 0.5
#: The level of a seat another person plays (from another computer), for its label.
PERSON = "person"


def seats_of(lobby: LobbyUpdate | None, me: int | None, n: int, name: str = "") -> list[Seat]:
    """The table's seats as this screen shows them: this player's seat is the one human (so the
    banner says "Your turn"), the others are named as the host names them."""
    infos: tuple[SeatInfo, ...] = lobby.seats if lobby is not None else ()
    seats = []
    for i in range(n):
        info = infos[i] if i < len(infos) else None
        shown = info.name if info is not None else f"? {i + 1}"
        if i == me and name.strip():
            shown = name.strip()
        colour = info.colour if info is not None else ("red", "blue", "green", "yellow")[i % 4]
        level = info.level if info is not None and info.level in LEVEL_TITLES else "normal"
        person = info is not None and info.kind != "bot"
        # Another person is no human at this screen (that would make a hotseat table): a seat
        # a bot would play, labelled as a person's (``PERSON``).
        seats.append(Seat(shown, colour, HUMAN if i == me else BOT, PERSON if person else level))
    return seats


@dataclass
class OnlineSession:
    """A seat at a table over the network: the client, and the host this program runs when
    the player hosts (stopped with the table; its players are told it goes)."""

    client: Client
    name: str = ""
    host: Host | None = None
    keep: HostedKeep | None = None  # where a hosted table is kept for Continue
    seat_keep: SeatKeep | None = None  # where a joined seat's token is kept to return
    addresses: list[str] = field(default_factory=list)  # where the others join a hosted table
    announcer: Announcer | None = None  # a hosted table's announcement on the local network
    announce_as: str = ""  # the name it is announced under ("": its code)
    events: list[Event] = field(default_factory=list)  # heard before the table was built

    def quiet(self) -> None:
        """Stop announcing the table on the local network (its game began, or it closes)."""
        if self.announcer is not None:
            self.announcer.stop()
            self.announcer = None

    def announce_again(self) -> None:
        """A seat was taken or given back: the announcement says how many are free now."""
        announcer, host = self.announcer, self.host
        if announcer is None or host is None:
            return
        try:
            announcer.update(host.announcement(self.announce_as, self.addresses))
        except Exception:  # an announcement is a courtesy: the address and code still work
            log.exception("the table's announcement could not be updated")

    def close(self) -> None:
        """Leave the table, and stop hosting it."""
        self.quiet()
        self.client.close(timeout=1.0)
        if self.host is not None:
            self.host.stop(farewell=True, timeout=2.0)

    def finished(self) -> None:
        """The game is over: a hosted table is no longer one to continue, a joined seat no
        longer one to return to."""
        if self.host is not None and self.keep is not None:
            self.keep.forget()
        if self.seat_keep is not None:
            self.seat_keep.forget()

    def seated(self, token: str | None) -> None:
        """The host gave this player a seat and its token: keep it to return (a joined seat;
        the host's own is kept with its table)."""
        client = self.client
        if token is not None and self.host is None and self.seat_keep is not None:
            self.seat_keep.save(Seated(client.url, client.code, token, self.name))


class RemoteMatch(Match):
    """The match of a remote seat (the client's seat; None: a spectator), fed by the host."""

    def __init__(self, session: OnlineSession, seats: list[Seat], view: GameState) -> None:
        # The base keeps its fields (steps, queue, hold) but has no bots and no thread here.
        super().__init__([Seat(s.name, s.colour, HUMAN) for s in seats], 0, view, threaded=False)
        self.seats = seats
        self.session = session
        self.client = session.client
        self.me = session.client.seat
        self.pending: deque[tuple[Step, Story | None]] = deque()
        self.stories: dict[int, Story] = {}  # id(step) -> the host's story of it
        self.final: tuple[dict[str, int], ...] | None = None
        self.past: list[Past] = []  # what happened before the steps shown (the host's backlog)
        self.omitted = 0  # the steps before ``past`` this log does not tell
        self.sent: Action | None = None  # the move sent and not yet answered
        self._last = view  # the newest view received (the state once every step is shown)
        self._retry_at: float | None = None  # when to send again a move the host found too soon

    # --- who acts -------------------------------------------------------------------------------
    def human_to_act(self) -> int | None:
        """This player's seat while it decides on the newest view and nothing is on its way."""
        if self.me is None or self.pending or self.sent is not None:
            return None
        return self.me if self.state.current_player() == self.me else None

    def thinking(self) -> bool:
        """Somebody else decides (at their screen, or a bot at the host)."""
        seat = self.state.current_player()
        return seat >= 0 and seat != self.me and not self.pending

    def humans(self) -> list[int]:
        """The one seat played at this screen (none for a spectator)."""
        return [] if self.me is None else [self.me]

    def is_over(self) -> bool:
        return self.state.current_player() == TERMINAL and not self.pending

    def automatic_action(self) -> Action | None:
        """The action of the next step the host told of, to be shown."""
        return self.pending[0][0].action if self.pending else None

    def apply(self, action: Action | str, seat: int | None = None) -> Step:
        """Show the next step the host told of (the only steps this match applies)."""
        if not self.pending:
            raise LookupError("no step from the host to show")
        step, story = self.pending.popleft()
        self.state = step.after
        self.steps.append(step)
        if story is not None:
            self.stories[id(step)] = story
        return step

    def undoable(self) -> tuple[int, Step] | None:
        return None  # nobody takes back a move at a shared table

    def close(self) -> None:
        """Leave the table (the host starts the seat's countdown), and stop hosting it."""
        self.session.close()

    # --- the host's side ----------------------------------------------------------------------------
    def story_of(self, step: Step) -> Story | None:
        """The host's story of ``step`` (it knows what this view cannot: another's card)."""
        return self.stories.get(id(step))

    def history(self) -> list[Past]:
        """Everything this log can tell, oldest first: the host's backlog, then the steps
        shown since (``omitted`` more came before it)."""
        shown = [
            Past(step.before.ply, step.before.round, self.story_of(step) or tell(step))
            for step in self.steps
        ]
        return [*self.past, *shown]

    def receive(self, update: ViewUpdate) -> bool:
        """A new view from the host: queued as a step to show, or (no story: arriving,
        returning, or a step this view cannot tell) taken at once. True for a jump. On
        arrival the host's backlog becomes the log's past (no animation, no sound)."""
        self.sent = None
        if update.final is not None:
            self.final = update.final
        story = update.story
        before = self._last
        self._last = update.view
        if update.backlog is not None or story is None or update.view.ply != before.ply + 1:
            self._jump(update)
            return True
        step = Step(before, story.action, update.view, story.actor, story.events)
        self.pending.append((step, story))
        return False

    def _jump(self, update: ViewUpdate) -> None:
        """Take the new view at once; the log keeps what it knew (or the host's backlog)."""
        backlog = update.backlog
        if backlog is not None:
            self.past, self.omitted = list(backlog.past), backlog.omitted
        else:  # a step this view cannot tell: what was shown stays in the log
            self.past = [p for p in self.history() if p.ply < update.view.ply]
        self.pending.clear()
        self.state = update.view
        self.steps.clear()
        self.stories.clear()

    def hold_back(self, now: float) -> None:
        """The host found the move sent too soon after others: send it again a moment later
        (the player's move is not lost to the host's flood guard)."""
        if self.sent is not None:
            self._retry_at = now + RETRY_AFTER

    def tick(self, now: float) -> None:
        """Send again a move held back, once its moment has come."""
        if self._retry_at is not None and now >= self._retry_at:
            self._retry_at = None
            if self.sent is not None:
                self.client.send_action(str(self.sent))

    def send(self, action: Action) -> str:
        """Play ``action`` for this seat: checked on the view (the rules' reason at once),
        then sent. The reason it was refused, or '' when sent."""
        if self.me is None or self.human_to_act() != self.me:
            return _("Not your turn")
        try:
            self.state.apply(action, seat=self.me)
        except ActionError as error:
            return engine_reason(error)
        except Exception:  # a view may not apply every move: the host decides then
            pass
        self.sent = action
        self.client.send_action(str(action))
        return ""


@dataclass
class NetNotices:
    """What the network says besides the game, as words for the table (see the module)."""

    names: list[str]
    me: int | None
    clock: Callable[[], float] = time.monotonic
    away: dict[int, float] = field(default_factory=dict)  # seat -> when its stand-in comes
    standing_in: dict[int, str] = field(default_factory=dict)  # seat -> the bot's level
    connection: str = ""  # "" (fine), "retrying", "lost"
    host_left: bool = False
    refused: str = ""

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
            self.connection = "retrying" if event.retrying else "lost"
        elif isinstance(event, (Joined, ViewUpdate)):
            self.connection, self.host_left = "", False
        elif isinstance(event, HostLeft):
            self.host_left = True
        elif isinstance(event, Refused):
            self.refused = event.reason
        elif isinstance(event, Problem):
            self.refused = event.words
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

    def serious(self) -> bool:
        """True when the table cannot go on for now (the host gone, the connection lost)."""
        return self.host_left or self.connection != ""
