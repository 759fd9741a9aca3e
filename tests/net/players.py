"""Scripted players for the network tests: the window's client, driven by a bot's choices on
the client's own view (what a Normal bot would play), and the offline replay to compare with."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from stoneage.ai import make_bot
from stoneage.net.client import Client, Event, HostRefused, Joined, Problem, ViewUpdate
from stoneage.play.match import Match
from stoneage.play.seats import Seat
from stoneage.rules import GameState

DEADLINE = 60.0  # no game of these tests takes this long: a hang fails instead of hanging


@dataclass
class Script:
    """A client whose moves a Normal bot chooses on the client's view."""

    client: Client
    level: str = "normal"
    events: list[Event] = field(default_factory=list)
    refusals: list[HostRefused] = field(default_factory=list)
    sent_at: int = -1
    hold: int | None = None  # from this position on, wait (the tests' faults happen then)

    def __post_init__(self) -> None:
        self.bot = make_bot(self.level, 0)

    @property
    def view(self) -> GameState | None:
        return self.client.view

    def step(self) -> bool:
        """Read what came; act when it is this seat's turn. True once the game is over."""
        for event in self.client.poll():
            self.events.append(event)
            if isinstance(event, HostRefused):
                self.refusals.append(event)
                self.sent_at = -1
            if isinstance(event, Problem) and event.code == "too_frequent":
                self.sent_at = -1  # sent too fast: the same move again, a moment later
                time.sleep(0.05)
        view, seat = self.client.view, self.client.seat
        if view is None or seat is None:
            return False
        if view.is_terminal():
            return True
        if self.hold is not None and view.ply >= self.hold:
            return False
        if view.current_player() == seat and self.sent_at != view.ply:
            self.bot.rng.seed(f"script/{seat}/{view.ply}")
            action = self.bot.choose(view)
            self.sent_at = view.ply
            self.client.send_action(str(action))
        return False

    def final(self) -> ViewUpdate | None:
        updates = [e for e in self.events if isinstance(e, ViewUpdate) and e.final]
        return updates[-1] if updates else None

    def joined(self, timeout: float = 10.0) -> Joined:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for event in self.client.poll():
                self.events.append(event)
                if isinstance(event, Joined):
                    return event
            time.sleep(0.005)
        raise TimeoutError("not joined")


def waiting_for(script: Script) -> bool:
    """True when ``script``'s client saw that its seat is to decide (the table waits on it)."""
    view, seat = script.client.view, script.client.seat
    return view is not None and seat is not None and view.current_player() == seat


def views_after_join(script: Script) -> list[ViewUpdate]:
    """The updates ``script`` received since it last joined."""
    found: list[ViewUpdate] = []
    for event in script.events:
        if isinstance(event, Joined):
            found = []
        elif isinstance(event, ViewUpdate):
            found.append(event)
    return found


def play_until(scripts: list[Script], done: object = None, timeout: float = DEADLINE) -> None:
    """Step every script until every one has seen the end (or ``done()`` says so)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        over = [s.step() for s in scripts]
        if callable(done) and done():
            return
        if done is None and all(over):
            return
        time.sleep(0.002)
    raise TimeoutError("the game did not end in time")


def offline_replay(players: int, actions: list[str]) -> GameState:
    """The same game replayed offline from its actions (the chance outcomes among them: a
    network table has no seed), through the one game loop."""
    seats = [Seat(f"p{i}", "red", "human") for i in range(players)]
    match = Match(seats, 0, threaded=False)
    for text in actions:
        match.apply(text)
    return match.state
