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

What the other events say is kept as words by ``NetNotices`` (``stoneage.net.notices``); the
client and the hosting of the table are the ``OnlineSession`` (``stoneage.net.session``).
"""

from __future__ import annotations

import logging
from collections import deque

from stoneage.i18n import _
from stoneage.net.client import (
    LobbyUpdate,
    Past,
    SeatInfo,
    ViewUpdate,
)
from stoneage.net.session import OnlineSession
from stoneage.play.match import Match, Step
from stoneage.play.names import LEVEL_TITLES, engine_reason
from stoneage.play.seats import BOT, HUMAN, PERSON, Seat
from stoneage.play.story import Story, tell
from stoneage.rules import TERMINAL, Action, ActionError, GameState

log = logging.getLogger(__name__)

#: Seconds before a move the host found too frequent is sent again.
RETRY_AFTER = 0.5


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
        self.pending.append((Step(before, story.action, update.view, story.actor), story))
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
