"""A seat at a table over the network, on the one table scene: the game is the seat's
``RemoteMatch`` (``stoneage.net.remote``: the host decides, the seat's choices are sent), and the
layer over the table shows what the network says (``notice``) and the quick phrases said at the
table, with the seat's own button to say one (``phrases``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from stoneage.net.notices import NetNotices
from stoneage.net.remote import RemoteMatch, seats_of
from stoneage.net.session import OnlineSession
from stoneage.rules import GameState
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.table.controls.toolbar import Toolbar
from stoneage.scenes.table.drawing.board import Waiting
from stoneage.scenes.table.painter import Painter
from stoneage.scenes.table.scene import TableScene
from stoneage.scenes.table.session.keeper import Keeper
from stoneage.scenes.table.session.mode import TableMode
from stoneage.ui.layout import TableLayout

from .notice import draw_net_notice
from .phrases import PhraseControl


class NoticedTable(Protocol):
    """What the network's layer reads of the table: where to draw, and the table's drawing."""

    @property
    def lay(self) -> TableLayout:
        """The table's layout."""

    @property
    def painter(self) -> Painter:
        """The table's drawing."""

    @property
    def toolbar(self) -> Toolbar:
        """The table's buttons (the phrases' button takes Undo's place)."""


class NetLayer:
    """The network's words over the table (a player away, the connection lost, the host
    gone) and the quick phrases (see the module); the table takes every other event and
    keeps nothing of the layer's."""

    def __init__(
        self, table: NoticedTable, notices: NetNotices, say: Callable[[str], None] | None = None
    ) -> None:
        """``say``: sends a quick phrase (None: a spectator, who says nothing)."""
        self.table = table
        self.notices = notices
        self.phrases = PhraseControl(notices, say or (lambda _phrase: None))
        self.speaks = say is not None

    def begin(self) -> None:
        """Nothing to begin."""

    def lay_out(self) -> None:
        """The phrases' button where Undo would be (a seat that plays); the words are laid
        out as they are drawn."""
        place = self.table.toolbar.give_undo_place() if self.speaks else None
        self.phrases.lay_out(self.table.lay, place)

    def update(self) -> bool:
        """True when a phrase's bubble came or went (the words over the table change with
        what the host says, which the table hears)."""
        return self.phrases.update()

    def waiting(self) -> bool:
        """Never waits: the table's own rules for frames apply."""
        return False

    def handle(
        self, event: pygame.event.Event, table_handle: Callable[[pygame.event.Event], bool]
    ) -> bool:
        """The phrases' button and list take their own clicks; every other event is the
        table's."""
        if self.phrases.handle(event):
            return True
        return table_handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The table, what the network says over it, and the phrases."""
        self.table.painter.draw(surface)
        draw_net_notice(surface, self.table.lay, self.notices)
        self.phrases.draw(surface)

    def banner(self, shown: GameState) -> tuple[str, int | None] | None:
        """The table's own banner."""
        return None

    def waiting_figures(self) -> tuple[int, Waiting] | None:
        """The figures where the view has them."""
        return None

    def keep(self, keeper: Keeper) -> bool:
        """Nothing: the host keeps the game."""
        return False


def online_table(app: SceneHost, session: OnlineSession, view: GameState) -> TableScene:
    """The scene registered as "online_game": the seat of ``session`` at a table over the
    network (a spectator's when it has no seat), from the view ``view`` the host sent."""
    client = session.client
    seats = seats_of(client.lobby, client.seat, view.n, session.name)
    mode = TableMode.online(watching=client.seat is None)
    match = RemoteMatch(session, seats, view)
    return TableScene(
        app,
        seats,
        0,
        view,
        threaded=True,
        mode=mode,
        match=match,
        layer=lambda table: NetLayer(
            table, match.notices, match.say if client.seat is not None else None
        ),
    )
