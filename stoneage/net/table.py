"""The authoritative table of network play: one game, its seats, and what each client may see.

A ``NetTable`` owns the ``Match`` of its game (the one game loop; its chance source is the
operating system's randomness, ``SystemChance``: each die, card or building turned up is drawn
when it is needed, and the table has no seed; the bots decide on their views, their own
choices seeded by the table's ``bot_key``, which predicts no chance outcome) and knows who
sits where: the host's own player, players who join from other machines, bots. It knows
nothing of sockets: the server (``stoneage.net.service``) hands it what clients said and sends
what it answers, so all of its rules are tested without a network.

* A seat's player acts only with that seat's token, only when the seat is to act, only on the
  position it saw (``ply``): anything else is refused (the rules' own reason for an action the
  rules refuse) and changes nothing.
* A client receives each step as the rules told it: its actor, the action's text and its
  events (``GameState.apply_with_events``, worked out once when the step was applied; the
  message is made once for everybody and once more for the owner of a face-down draw: the
  others get that card as ``?``). Each client words the events in its own language and
  applies the action to its seat's view (``GameState.view``; a spectator's is the view of no
  seat), which it receives in wire form only where it cannot follow the step that way: on
  arrival, after another seat's face-down draw, at the end (and when it asks: ``sync``).
  Never the bot key, the history or the full state. On arrival (joining, returning, after a
  restart) it also receives the backlog: the last rounds' steps, each hidden from that seat
  exactly as the live step was.
* A player whose connection drops has ``wait`` seconds to return; then a bot of the table's
  stand-in level plays the seat (deciding on the seat's view, its choices seeded by the bot key)
  until the player returns with the token, to the same view.

The table is rebuilt exactly from its ``TableRecord`` (seats, bot key, tokens' digests, the text
of every action, the chance outcomes among them): the server stores that record and replays it
after a restart; the next chance outcome is drawn afresh, so no stored byte predicts it.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from stoneage.ai import BALANCED, Bot
from stoneage.play.match import ChanceSource, Match, Step, SystemChance, bot_decision, seat_bot
from stoneage.play.opponents import NAMES
from stoneage.play.seats import BOT, HUMAN, OPPONENT_LEVELS, Seat, stored_opponent
from stoneage.rules import (
    CHANCE,
    HIDDEN,
    SPECTATOR,
    TERMINAL,
    Action,
    ActionError,
    DrawExtra,
    ExtraCardDrawn,
    GameState,
    IllegalActionError,
    events_to_wire,
    hidden_from,
    spectator_view,
    view_to_wire,
)

from .protocol import COLOURS, ProtocolError, encode, make, new_token, token_digest, token_matches

HOST, REMOTE = "host", "remote"
#: The most past steps an arriving client is told (its log's backlog): the rounds before are
#: left out, so the arrival message stays far under the protocol's limit however long the game.
BACKLOG_STEPS = 160
#: How many whole rounds back the backlog reaches (the current one and the one before).
BACKLOG_ROUNDS = 2
#: The seat kinds of a table: the host's own player, a player who joins, a bot.
SEAT_KINDS = (HOST, REMOTE, BOT)
#: Steps kept in wire form (``NetTable.told``): the backlog's and a few more.
TOLD_KEPT = 2 * BACKLOG_STEPS


@dataclass
class SeatConfig:
    """A seat of a table: who plays it (``kind``), the bot's level, a name, a colour and the
    bot's opponent (``stoneage.ai.opponents``; a record without one, or naming one this version
    does not know, is played by the balanced opponent)."""

    kind: str
    level: str = "normal"
    name: str = ""
    colour: str = ""
    opponent: str = BALANCED

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form; the opponent only when it is not the balanced one, so a table of
        balanced bots is stored as before there were opponents."""
        raw = dict(vars(self))
        if self.opponent == BALANCED:
            del raw["opponent"]
        return raw

    @property
    def is_player(self) -> bool:
        """True for a seat a person plays from a client (the host's or a joiner's)."""
        return self.kind in (HOST, REMOTE)


@dataclass
class TableRecord:
    """Everything a table is, to store and rebuild it: seats, the bots' key, tokens' digests
    (never the tokens), whether the game began, the stand-in rules, whether the server's lobby
    lists it and in which language, the players' identities (digests of their player keys, for
    the ratings) and the text of every action.

    There is no seed: the chance outcomes are among the actions, drawn when they were needed.
    ``bot_key`` seeds only the bots' own choices. A record written before there was a bot key
    (its ``seed``) is read with that number as its bot key: its future dice are drawn afresh
    all the same, so the old seed predicts nothing any more."""

    code: str
    seats: list[SeatConfig]
    bot_key: int
    digests: list[str | None]
    started: bool = False
    standin: str = "normal"
    wait: float = 60.0
    spectators: bool = True
    actions: list[str] = field(default_factory=list)
    listed: bool = False
    language: str = ""
    players: list[str | None] = field(default_factory=list)
    #: A quick match's table: when bots take its empty seats (the wall clock; 0: never).
    starts_at: float = 0.0

    def __post_init__(self) -> None:
        if len(self.players) != len(self.seats):
            self.players = (self.players + [None] * len(self.seats))[: len(self.seats)]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form (the database keeps the actions apart)."""
        return {
            "code": self.code,
            "seats": [s.to_dict() for s in self.seats],
            "bot_key": self.bot_key,
            "digests": self.digests,
            "started": self.started,
            "standin": self.standin,
            "wait": self.wait,
            "spectators": self.spectators,
            "listed": self.listed,
            "language": self.language,
            "players": self.players,
            "starts_at": self.starts_at,
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any], actions: list[str]) -> TableRecord:
        """The record ``to_dict`` wrote (or an older version's, with its ``seed``), with its
        actions."""
        seats = [SeatConfig(**s) for s in raw["seats"]]
        players = raw.get("players")
        return cls(
            raw["code"],
            seats,
            int(raw["bot_key"] if "bot_key" in raw else raw["seed"]),
            list(raw["digests"]),
            bool(raw["started"]),
            str(raw["standin"]),
            float(raw["wait"]),
            bool(raw["spectators"]),
            actions,
            bool(raw.get("listed", False)),
            str(raw.get("language", ""))[:8],
            [p if isinstance(p, str) else None for p in players]
            if isinstance(players, list)
            else [],
            float(raw.get("starts_at", 0.0)),
        )


class ActionRefused(Exception):
    """An action the rules refused: their reason as a template and its values (the client
    words it in its language, as the table's own messages do)."""

    def __init__(self, error: ActionError) -> None:
        super().__init__(error.reason)
        self.template = error.template
        self.params = {k: v for k, v in error.params.items() if isinstance(v, (int, str))}

    def message(self, text: str) -> dict[str, Any]:
        """The reply to the client that sent ``text``."""
        return make("refused", text=text[:80], template=self.template, params=self.params)


class _StepTexts:
    """The latest step's messages as sent (``NetTable.encoded``): who drew face down in it
    (None: nobody), whether it ended the game, the texts made so far, by listener
    (``SPECTATOR``: everybody who follows the step on their view), and the text every listener
    receives as UTF-8 bytes once made (``NetTable.common``)."""

    __slots__ = ("over", "owner", "shared", "step", "texts")

    def __init__(self, step: Step, over: bool) -> None:
        self.step = step
        self.owner = _hidden_owner(step)
        self.over = over
        self.texts: dict[int, str] = {}
        self.shared: bytes | None = None


@dataclass
class _Presence:
    """Who is at a player's seat right now: connected or not, since when away, stand-in."""

    connected: bool = False
    away_since: float | None = None
    standin: bool = False


class NetTable:
    """One table of network play (see the module docstring)."""

    def __init__(
        self,
        record: TableRecord,
        clock: Callable[[], float] = time.monotonic,
        chance: ChanceSource | None = None,
    ) -> None:
        self.record = record
        self.clock = clock
        # The system's randomness: what every served table uses. A seeded source (the bot key
        # then doubles as a seed) is for the screenshots' example tables and tests only.
        self.chance: ChanceSource = chance if chance is not None else SystemChance()
        self.presence = [_Presence() for _ in record.seats]
        self.match: Match | None = None
        self._standin_bots: dict[int, Bot] = {}
        self.last_step: Step | None = None
        # Steps in wire form, by the position they were applied at and for whom: everybody
        # (``SPECTATOR``), or the owner of a face-down draw (``told``); and the messages of
        # the latest step, encoded (``encoded``).
        self._told: OrderedDict[tuple[int, int], dict[str, Any]] = OrderedDict()
        self._texts: _StepTexts | None = None
        if record.started:
            self._begin(replay=record.actions)

    @classmethod
    def create(
        cls,
        code: str,
        seats: list[SeatConfig],
        bot_key: int,
        standin: str = "normal",
        wait: float = 60.0,
        spectators: bool = True,
        clock: Callable[[], float] = time.monotonic,
        chance: ChanceSource | None = None,
    ) -> NetTable:
        """A new table, not begun: its players' seats wait to be claimed (``bot_key`` seeds
        its bots' own choices; the dice come from ``chance``, the system's randomness by
        default)."""
        if not 2 <= len(seats) <= 4 or any(s.kind not in SEAT_KINDS for s in seats):
            raise ValueError("a table has 2 to 4 seats, each a host, a remote player or a bot")
        seats = [_settled(s, i) for i, s in enumerate(seats)]
        record = TableRecord(
            code, seats, bot_key, [None] * len(seats), False, standin, wait, spectators
        )
        return cls(record, clock, chance)

    # --- seats -------------------------------------------------------------------------------
    @property
    def code(self) -> str:
        """The table's code."""
        return self.record.code

    @property
    def started(self) -> bool:
        """True once the game began."""
        return self.match is not None

    def claim(self, seat: int | None, name: str = "") -> tuple[int, str]:
        """Give a free player's seat (``seat``, or the first free one) to a newcomer: the seat
        and its new secret token. ``ProtocolError`` when there is none."""
        free = [
            i
            for i, s in enumerate(self.record.seats)
            if s.is_player and self.record.digests[i] is None
        ]
        if self.started or not free:
            raise ProtocolError("no_free_seat")
        if seat is None:
            seat = free[0]
        elif seat not in free:
            raise ProtocolError("seat_taken", seat=seat)
        token = new_token()
        self.record.digests[seat] = token_digest(token)
        if name.strip():
            self.record.seats[seat].name = name.strip()[:24]
        return seat, token

    def seat_of(self, token: object) -> int | None:
        """The seat whose token this is, or None."""
        for seat, digest in enumerate(self.record.digests):
            if digest is not None and token_matches(token, digest):
                return seat
        return None

    def owner(self) -> int | None:
        """The seat that may start the game: the host's, else the first claimed."""
        for i, s in enumerate(self.record.seats):
            if s.kind == HOST:
                return i
        claimed = [i for i, d in enumerate(self.record.digests) if d is not None]
        return claimed[0] if claimed else None

    def ready(self) -> bool:
        """True when every player's seat has been claimed (the game may begin by itself)."""
        return all(
            d is not None for s, d in zip(self.record.seats, self.record.digests) if s.is_player
        )

    def start(self) -> None:
        """Begin the game; a player's seat nobody claimed is played by a bot of the stand-in
        level for the whole game (the balanced opponent, named after it: "Kaya 3")."""
        if self.started:
            return
        for i, s in enumerate(self.record.seats):
            if s.is_player and self.record.digests[i] is None:
                # Nobody claimed it: no person's name to keep, the bot is named as any other.
                name = f"{NAMES[BALANCED]} {i + 1}"
                self.record.seats[i] = replace(
                    s, kind=BOT, level=self.record.standin, name=name, opponent=BALANCED
                )
        self.record.started = True
        self._begin(replay=[])

    def _begin(self, replay: list[str]) -> None:
        seats = [
            Seat(
                s.name,
                s.colour,
                HUMAN if s.is_player else BOT,
                s.level,
                stored_opponent(s.opponent),
            )
            for s in self.record.seats
        ]
        match = Match(seats, self.record.bot_key, threaded=False, chance=self.chance)
        for text in replay:
            match.apply(text)  # an ActionError here: a damaged record, refused by the caller
        self.match = match
        self.last_step = match.steps[-1] if match.steps else None

    # --- presence ----------------------------------------------------------------------------
    def connected(self, seat: int) -> None:
        """A client of ``seat`` came (or came back): any stand-in leaves the seat."""
        self.presence[seat] = _Presence(connected=True)

    def disconnected(self, seat: int) -> None:
        """The client of ``seat`` went: its countdown starts."""
        self.presence[seat] = _Presence(connected=False, away_since=self.clock())

    def is_away(self, seat: int) -> bool:
        """True for a player's seat whose player is not connected."""
        return self.record.seats[seat].is_player and not self.presence[seat].connected

    def deadline(self, seat: int) -> float | None:
        """When a stand-in takes the seat of an absent player (None: present, or a bot)."""
        presence = self.presence[seat]
        if not self.is_away(seat):
            return None
        since = presence.away_since if presence.away_since is not None else self.clock()
        presence.away_since = since
        return since + self.record.wait

    def standing_in(self) -> list[int]:
        """The seats a stand-in bot plays now."""
        return [i for i, p in enumerate(self.presence) if p.standin]

    # --- playing -----------------------------------------------------------------------------
    def state(self) -> GameState:
        """The full state (only the table reads it; clients get views)."""
        if self.match is None:
            raise ProtocolError("not_started")
        return self.match.state

    def act(self, seat: int, text: str, ply: int) -> Step:
        """Apply the action ``text`` of the player of ``seat``, who saw position ``ply``.

        ``ProtocolError`` before the game, for a position that is gone (a replayed or late
        message) or when a stand-in plays the seat; ``ActionRefused`` with the rules' reason for an
        action the rules refuse (out of turn among them). Nothing changes then."""
        match = self.match
        if match is None:
            raise ProtocolError("not_started")
        if ply != match.state.ply:
            raise ProtocolError("stale", ply=match.state.ply)
        actor = match.actor()
        if actor != seat:
            # Said before the text is read: at a chance node, whether a card is possible
            # would tell which cards are still unseen (another seat's face-down card).
            raise ActionRefused(_not_yours(text, seat, actor))
        try:
            return self._record(match.apply(text, seat=seat))
        except ActionError as error:
            raise ActionRefused(error) from None

    def automatic(self) -> tuple[int, Callable[[], Action]] | None:
        """The next step nobody at a client decides: its actor and how to find its action (a
        chance draw, a bot's or a stand-in's decision, on a snapshot of the state; the caller
        may run it in a thread and hand its action to ``apply_automatic``). None while a
        present player decides, a countdown runs, or the game is over."""
        match = self.match
        if match is None:
            return None
        state, seat = match.state, match.actor()
        if seat == TERMINAL:
            return None
        if seat == CHANCE:
            found = match.automatic_action()
            assert found is not None
            return seat, lambda: found
        if seat in match.bots:
            return seat, lambda: match.decide(seat, state)
        deadline = self.deadline(seat)
        if deadline is None or self.clock() < deadline:
            return None
        self.presence[seat].standin = True
        bot = self._standin_bots.get(seat)
        if bot is None:
            bot = self._standin_bots[seat] = seat_bot(self.record.standin, match.seed, seat)
        return seat, lambda: bot_decision(bot, match.seed, seat, state)

    def apply_automatic(self, action: Action, ply: int) -> Step | None:
        """Apply an automatic action found at position ``ply`` (None if the game moved on)."""
        match = self.match
        if match is None or match.state.ply != ply:
            return None
        return self._record(match.apply(action))

    def _record(self, step: Step) -> Step:
        self.record.actions.append(str(step.action))
        self.last_step = step
        return step

    # --- what each client receives -------------------------------------------------------------
    def lobby(self) -> dict[str, Any]:
        """The seats as everybody sees them (names, colours, who plays, who is here)."""
        seats = []
        for i, s in enumerate(self.record.seats):
            presence = self.presence[i]
            seats.append(
                {
                    "name": s.name,
                    "colour": s.colour,
                    "kind": s.kind,
                    "level": s.level,
                    "claimed": self.record.digests[i] is not None,
                    "here": presence.connected,
                    "standin": presence.standin,
                }
            )
        return make(
            "lobby",
            code=self.code,
            seats=seats,
            started=self.started,
            standin=self.record.standin,
            wait=self.record.wait,
        )

    def update(
        self, seat: int | None, step: Step | None = None, arrival: bool = False
    ) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) receives after ``step`` (or without one: on
        arrival, when it asks, at the start): the step as data (``told``), and its view in
        wire form where it cannot follow the step on the view it has (see the module), the
        final scoring once the game is over. On ``arrival`` (joining, returning) it also
        carries the ``backlog``: the recent past steps, as the seat may know them, for its
        log."""
        state = self.state()
        listener = SPECTATOR if seat is None else seat
        over = state.is_terminal()
        message = make("state", ply=state.ply, step=self.told(step, listener) if step else None)
        if step is None or arrival or over or not self.followed(step, listener):
            view = state.view(seat) if seat is not None else spectator_view(state)
            message["view"] = view_to_wire(view)
        if arrival:
            message["backlog"] = self.backlog(listener)
        if over:
            # The game is over: the extra cards are turned up and everything is scored.
            message["final"] = state.final_scoring()
        return message

    def backlog(self, listener: int) -> dict[str, Any]:
        """The recent past for an arriving ``listener`` (a seat, or ``SPECTATOR``): the steps
        of the last ``BACKLOG_ROUNDS`` rounds (at most ``BACKLOG_STEPS``), each hidden from it
        as the live steps are, with its position and round; ``omitted`` counts the older steps
        left out."""
        steps = self.match.steps if self.match is not None else []
        first = backlog_start(steps)
        told = [
            {**self.told(step, listener), "ply": step.before.ply, "round": step.before.round}
            for step in steps[first:]
        ]
        return {"omitted": first, "steps": told}

    @staticmethod
    def followed(step: Step, listener: int) -> bool:
        """True when ``listener`` can follow ``step`` on its view (it knows the action): any
        step but another seat's face-down draw."""
        owner = _hidden_owner(step)
        return owner is None or owner == listener

    def encoded(self, seat: int | None, step: Step) -> str:
        """``update(seat, step)`` as the text sent: made once per step for everybody who
        follows it on their view (once more for a face-down draw's owner); what sets the
        listeners apart (whose draw is hidden, whether the game ended) is read once a step."""
        listener = SPECTATOR if seat is None else seat
        texts = self._step_texts(step)
        if texts.over or (texts.owner is not None and texts.owner != listener):
            return encode(self.update(seat, step))  # with the seat's own view
        key = listener if listener == texts.owner else SPECTATOR
        text = texts.texts.get(key)
        if text is None:
            text = texts.texts[key] = encode(self.update(seat, step))
        return text

    def common(self, step: Step) -> bytes | None:
        """The text of ``step`` every listener receives when all receive the same (nobody
        drew face down in it and the game goes on: ``encoded`` of any seat), as the UTF-8
        bytes sent (made once), else None."""
        texts = self._step_texts(step)
        if texts.over or texts.owner is not None:
            return None
        shared = texts.shared
        if shared is None:
            shared = texts.shared = self.encoded(None, step).encode()
        return shared

    def _step_texts(self, step: Step) -> _StepTexts:
        texts = self._texts
        if texts is None or texts.step is not step:
            texts = self._texts = _StepTexts(step, self.state().is_terminal())
        return texts

    def told(self, step: Step, listener: int) -> dict[str, Any]:
        """``step_data(step, listener)``, put in wire form once per step for everybody (and
        once more for the owner of a face-down draw), however many listen."""
        owner = _hidden_owner(step)
        key = (step.before.ply, listener if listener == owner else SPECTATOR)
        found = self._told.get(key)
        if found is None:
            if len(self._told) >= TOLD_KEPT:
                self._told.popitem(last=False)  # the first put in: the oldest
            found = self._told[key] = _step_data(step, key[1], owner)
        return found


def backlog_start(steps: list[Step]) -> int:
    """The index of the first step of the backlog among ``steps`` (those before are left out)."""
    if not steps:
        return 0
    since = steps[-1].before.round - BACKLOG_ROUNDS + 1
    first = len(steps)
    while first > 0 and steps[first - 1].before.round >= since:
        first -= 1
    return max(first, len(steps) - BACKLOG_STEPS)


def _not_yours(text: str, seat: int, actor: int) -> IllegalActionError:
    """The rules' own refusal of a move by a seat that is not to act, whatever the move."""
    if actor == TERMINAL:
        return IllegalActionError(text, seat, "the game is over")
    if actor == CHANCE:
        return IllegalActionError(
            text, seat, "the dice or a face-down card decide now, not a player"
        )
    return IllegalActionError(
        text, seat, "it is not this seat's turn (seat {actor} decides now)", actor=actor
    )


def _settled(seat: SeatConfig, index: int) -> SeatConfig:
    """A seat with a colour and a name (a bot's: its opponent's, "Kaya 3"; a person's: the
    seat's number when none was given)."""
    colour = seat.colour if seat.colour in COLOURS else COLOURS[index]
    opponent = stored_opponent(seat.opponent)
    # A Random bot is nobody's: it keeps the level's name ("random 3").
    played = NAMES[opponent] if seat.level in OPPONENT_LEVELS else seat.level
    unnamed = f"{played} {index + 1}" if seat.kind == BOT else f"Player {index + 1}"
    name = seat.name.strip()[:24] or unnamed
    return SeatConfig(seat.kind, seat.level, name, colour, opponent)


def step_data(step: Step, seat: int) -> dict[str, Any]:
    """``step`` as ``seat`` may know it (``SPECTATOR``: watching), as data the client words in
    its language: who acted, the action's text and the step's events. Another seat's
    face-down card is not named (``hidden_from``)."""
    return _step_data(step, seat, _hidden_owner(step))


def _step_data(step: Step, seat: int, owner: int | None) -> dict[str, Any]:
    """``step_data``, knowing who drew face down in ``step`` (``owner``; None: nobody, and
    then there is nothing to hide)."""
    text = str(step.action)
    if isinstance(step.action, DrawExtra) and owner != seat:
        text = f"extra {HIDDEN}"
    events = step.events if owner is None else hidden_from(step.events, seat)
    return {"actor": step.actor, "action": text, "events": events_to_wire(events)}


def _hidden_owner(step: Step) -> int | None:
    """The seat that drew a card face down in ``step`` (None: nothing is hidden in it)."""
    for event in step.events:
        if isinstance(event, ExtraCardDrawn):
            return event.seat
    return None
