"""Network play in the scene tests: a table hosted in this process on loopback (its own thread),
a scripted player on another seat through the same client code the window uses, and the
app's loop run until the window's seat must decide. Every wait has a deadline; nothing listens
beyond 127.0.0.1 and nothing is multicast."""

from __future__ import annotations

import time

from stoneage.ai import make_bot
from stoneage.net.client import Client, ViewUpdate
from stoneage.net.host import Host
from stoneage.net.remote import RemoteMatch
from stoneage.net.table import SeatConfig
from stoneage.rules import GameState
from stoneage.scenes.online.join_scene import JoinScene
from stoneage.scenes.table.scene import TableScene
from tests.scenes.hands import go_on_from_held_roll

DEADLINE = 20.0


def loopback_host(
    seats: list[SeatConfig], seed: int = 7, wait: float = 60.0, db=":memory:"
) -> Host:
    """A table served in this process, on loopback only, on a free port."""
    host = Host(seats, bind="127.0.0.1", port=0, seed=seed, wait=wait, db=db)
    host.start(timeout=10)
    return host


class ScriptedSeat:
    """Another player at the table: a client that plays a bot's choice whenever its seat is to
    decide (on the view it received), counting its moves."""

    def __init__(self, client: Client, level: str = "random", seed: int = 3) -> None:
        self.client = client
        self.bot = make_bot(level, seed)
        self.view: GameState | None = None
        self.moves = 0
        self._sent_at = -1
        self._sent = ""  # the move sent at ``_sent_at``

    def tick(self) -> None:
        """Read the host's news; play when it is this seat's turn."""
        for event in self.client.poll():
            if isinstance(event, ViewUpdate):
                self.view = event.view
        view, seat = self.view, self.client.seat
        if view is None or seat is None or view.current_player() != seat:
            return
        if self._sent_at == view.ply:
            return
        self._sent_at = view.ply
        self._sent = str(self.bot.choose(view))
        self.client.send_action(self._sent)
        self.moves += 1

    def resend(self) -> None:
        """Send the last move again if the seat still has it to make (the host's flood guard
        turned it away): the same move, not a new choice, so that the game takes the same course
        however busy the machine is."""
        view, seat = self.view, self.client.seat
        if view is not None and view.ply == self._sent_at and view.current_player() == seat:
            self.client.send_action(self._sent)


def run_until(app, done, others=(), seconds: float = DEADLINE) -> None:
    """Step the app (and the other players) until ``done()``; fail after ``seconds``. A roll
    of the window's seat held on screen is gone on from with its Continue."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.step(block=False)
        go_on_from_held_roll(app)
        for other in others:
            other.tick()
        if done():
            return
        time.sleep(0.002)  # the host's and the clients' threads get the interpreter
    raise AssertionError("the table did not get there in time")


def window_decides(app) -> bool:
    """True when the window's table waits for its player (controls ready, nothing moving)."""
    scene = app.top
    return (
        isinstance(scene, TableScene)
        and isinstance(scene.match, RemoteMatch)
        and scene.match.human_to_act() is not None
        and bool(scene.hands.controls)
        and scene.hands.state is scene.match.state
        and not scene.timeline.busy
    )


def reopen_host(db, code: str, port: int) -> Host:
    """The host's Continue: the table kept in ``db`` reopened on the same code and port (the
    game rebuilt by replaying its actions), on 127.0.0.1."""
    host = Host(db=db, code=code, bind="127.0.0.1", port=port)
    host.start(timeout=10)
    return host


def drop_connection(app, table: TableScene) -> None:
    """Cut the window's connection to the host as a network would (no goodbye) and wait until
    the table says it is trying again."""
    client = table.match.client
    client._loop.call_soon_threadsafe(client._ws.transport.abort)
    run_until(app, lambda: table.match.notices.connection == "retrying")


def open_join(app, url: str, code: str) -> JoinScene:
    """The join screen over the app, its address and code filled in (not joined yet)."""
    join = JoinScene(app)
    app.push(join)
    join.fields[0].text, join.fields[1].text = url, code
    return join


def joined_table(app, host, code: str | None = None) -> TableScene:
    """Join ``host``'s table from the join screen and wait until the window's player decides."""
    open_join(app, host.url(), host.code or "" if code is None else code).join()
    run_until(app, lambda: isinstance(app.top, TableScene))
    table = app.top
    run_until(app, lambda: window_decides(app))
    return table
