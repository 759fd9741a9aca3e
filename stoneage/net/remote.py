"""A table played over the network: the match on screen is the seat's view the host sends.

``RemoteMatch`` is the remote seat's side of the seam the table asks (``stoneage.play.seam``:
``TableMatch``), so the table scene and all its parts (the drag to place, the dialogs, the log,
the hints, the sounds) work unchanged on a remote seat. It is made of the client's session and
the views it received, not of a ``Match``: nothing is decided here: every step comes from the host (``stoneage.net.client``) as the
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
from collections.abc import Mapping, Sequence

from stoneage.i18n import _
from stoneage.net.client import HostRefused, LobbyUpdate, Past, Problem, SeatInfo, ViewUpdate
from stoneage.net.notices import PHRASE_PROBLEMS, NetNotices
from stoneage.net.session import OnlineSession
from stoneage.play.match import Step
from stoneage.play.names import LEVEL_TITLES, engine_reason
from stoneage.play.seam import Answer, FinalScores, News
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


class RemoteMatch:
    """The game of a remote seat (the client's seat; None: a spectator), fed by the host."""

    def __init__(self, session: OnlineSession, seats: list[Seat], view: GameState) -> None:
        self.seats = seats
        self.seed = 0  # the host never tells a client the game's seed
        self.session = session
        self.client = session.client
        self.me = session.client.seat
        self.notices = NetNotices([s.name for s in seats], self.me)
        self._state = view
        self._steps: list[Step] = []  # the steps shown since arriving (or the last jump)
        self.pending: deque[tuple[Step, Story | None]] = deque()
        self.stories: dict[int, Story] = {}  # id(step) -> the host's story of it
        self.final: FinalScores | None = None
        self.past: list[Past] = []  # what happened before the steps shown (the host's backlog)
        self.omitted = 0  # the steps before ``past`` this log does not tell
        self.sent: Action | None = None  # the move sent and not yet answered
        self._last = view  # the newest view received (the state once every step is shown)
        self._retry_at: float | None = None  # when to send again a move the host found too soon
        self._said = ""  # the network's words over the table, as last shown

    @property
    def state(self) -> GameState:
        """The view on screen (the newest once every step the host told of is shown)."""
        return self._state

    @property
    def steps(self) -> Sequence[Step]:
        """The steps shown since arriving (or since the last jump)."""
        return self._steps

    # --- who acts -------------------------------------------------------------------------------
    def actor(self) -> int:
        """The seat to decide in the view on screen, ``CHANCE`` or ``TERMINAL``."""
        return self._state.current_player()

    def is_over(self) -> bool:
        """True once the game is over and every step the host told of is shown."""
        return self.actor() == TERMINAL and not self.pending

    def replaying(self) -> bool:
        """Never: the host plays the game live."""
        return False

    def replay_finished(self) -> bool:
        """Never (no replay)."""
        return False

    def human_to_act(self) -> int | None:
        """This player's seat while it decides on the newest view and nothing is on its way."""
        if self.me is None or self.pending or self.sent is not None:
            return None
        return self.me if self.actor() == self.me else None

    def thinking(self) -> bool:
        """Somebody else decides (at their screen, or a bot at the host)."""
        seat = self.actor()
        return seat >= 0 and seat != self.me and not self.pending

    def humans(self) -> list[int]:
        """The one seat played at this screen (none for a spectator)."""
        return [] if self.me is None else [self.me]

    def guided(self) -> bool:
        """Never: the seat plays for itself."""
        return False

    # --- the steps the host told of -------------------------------------------------------------
    def automatic_action(self) -> Action | None:
        """The action of the next step the host told of, to be shown."""
        return self.pending[0][0].action if self.pending else None

    def apply(self, action: Action | str, seat: int | None = None) -> Step:
        """Show the next step the host told of, which ``action`` names (the only steps this
        match applies: the host decided them; a choice of this seat goes by ``choose``).
        ``LookupError`` when the host told of no step, ``ValueError`` when ``action`` is not
        the one it told of."""
        if not self.pending:
            raise LookupError("no step from the host to show")
        told = self.pending[0][0].action
        if str(action) != str(told):
            raise ValueError(f"the host's next step is {told}, not {action}")
        step, story = self.pending.popleft()
        self._state = step.after
        self._steps.append(step)
        if story is not None:
            self.stories[id(step)] = story
        return step

    def mine(self, step: Step) -> bool:
        """True for this seat's own move, back from the host."""
        return self.me is not None and step.actor == self.me

    def story_of(self, step: Step) -> Story | None:
        """The host's story of ``step`` (it knows what this view cannot: another's card)."""
        return self.stories.get(id(step))

    def history(self) -> list[Past]:
        """Everything this log can tell, oldest first: the host's backlog, then the steps
        shown since (``omitted`` more came before it)."""
        shown = [
            Past(step.before.ply, step.before.round, self.story_of(step) or tell(step))
            for step in self._steps
        ]
        return [*self.past, *shown]

    def recent_stories(self, count: int) -> list[Story]:
        """The last ``count`` stories this log can tell (the past the host sent first)."""
        return [past.story for past in self.history()[-count:]]

    def log_lines(self, seats: Sequence[Seat]) -> list[tuple[str, bool]]:
        """The log told from the host's stories (it knows what the seat's views do not), the
        past it told on arrival first; a first line says when older moves are left out."""
        names = [seat.name for seat in seats]
        lines: list[tuple[str, bool]] = []
        if self.omitted:
            lines.append((omitted_line(), True))
        current_round = None
        for past in self.history():
            paragraphs = past.story.paragraphs(names)
            if not paragraphs:
                continue
            if past.round != current_round:
                current_round = past.round
                lines.append((_("Round {n}").format(n=current_round), True))
            lines.extend((text, False) for text in paragraphs)
        return lines

    def keeps_history(self) -> bool:
        """False: a seat's views make no replay."""
        return False

    # --- the player's choice -----------------------------------------------------------------------
    def choose(self, action: Action, seat: int) -> Answer:
        """Send the choice to the host (the rules' reason at once when the view already
        refuses it); the host's next view shows it played. Nothing is sent while the
        connection is lost or the host gone: the words over the table say why."""
        if self.notices.serious():  # nobody to send it to just now
            return Answer(False, reason=self.notices.banner(), quiet=True)
        reason = self.send(action)
        return Answer(False, reason=reason) if reason else Answer(True)

    def suggestion(self, state: GameState) -> Action | None:
        """None: nobody guides a seat at a network table."""
        return None

    def undoable(self) -> tuple[int, Step] | None:
        """None: nobody takes back a move at a shared table."""
        return None

    def undo(self) -> Step | None:
        """Nothing to take back (see ``undoable``)."""
        return None

    def send(self, action: Action) -> str:
        """Play ``action`` for this seat: checked on the view (the rules' reason at once),
        then sent. The reason it was refused, or '' when sent."""
        if self.me is None or self.human_to_act() != self.me:
            return _("Not your turn")
        try:
            self._state.apply(action, seat=self.me)
        except ActionError as error:
            return engine_reason(error)
        except Exception:  # a view may not apply every move: the host decides then
            pass
        self.sent = action
        self.client.send_action(str(action))
        return ""

    # --- the host's side ----------------------------------------------------------------------------
    def hear(self, now: float) -> News:
        """Take in what the host said since the last frame: new views (shown step by step, or
        taken at once), a refusal of the move sent, the words over the table."""
        session = self.session
        events, session.events = [*session.events, *self.client.poll()], []
        jumped = False
        refused: tuple[Action, str] | None = None
        for event in events:
            self.notices.hear(event)
            if isinstance(event, ViewUpdate):
                if self.receive(event):
                    jumped = True
            elif isinstance(event, Problem) and event.code == "too_frequent":
                self.hold_back(now)  # sent again in a moment, not refused
            elif isinstance(event, Problem) and event.code in PHRASE_PROBLEMS:
                pass  # about a quick phrase, not the move sent: said by the phrases' button
            elif isinstance(event, (HostRefused, Problem)) and self.sent is not None:
                # Refused: the controls come back, with the reason in the player's words.
                refused = (self.sent, self.notices.refused)
                self.sent = None
        self.tick(now)
        said = self.notices.banner()
        changed, self._said = said != self._said, said
        return News(jumped, refused, changed)

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
        self._state = update.view
        self._steps.clear()
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

    def say(self, phrase: str) -> None:
        """Say the quick phrase ``phrase`` (an id of ``PHRASES``) to the table; everyone sees
        it by this seat, each in their own language (a spectator says nothing)."""
        if self.me is not None and not self.notices.serious():
            self.client.say(phrase)

    def menu_options(self) -> Mapping[str, bool]:
        """The pause menu over a network table: the host keeps the game (leaving leaves the
        table), and whether this program hosts it."""
        return {"online": True, "hosting": self.session.host is not None}

    def ended(self) -> None:
        """The game's end is on screen: a hosted table is no longer one to continue, a joined
        seat no longer one to return to."""
        self.session.finished()

    def final_scoring(self) -> FinalScores | None:
        """The host's final scoring (every card turned up), once it sent it."""
        return self.final

    def close(self) -> None:
        """Leave the table (the host starts the seat's countdown), and stop hosting it."""
        self.session.close()


def omitted_line() -> str:
    """The log's first line when the host left out the oldest steps of a network game."""
    return _("Earlier moves are not shown: on arrival the host tells only the recent rounds.")
