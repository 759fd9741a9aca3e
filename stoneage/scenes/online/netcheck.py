"""A scripted seat for checking network play in real windows (two game processes, under Xvfb):
the window's own seat decides by a bot's choice handed to the table exactly where a drag or a
click hands it (``TableScene.act``: checked on the view, sent as text), for a number of moves,
and the window is saved as a picture at each moment worth looking at (a new screen, a move
played, what the network says over the table changing).

Started from the command line (``--host`` or ``--join`` with ``--net-moves`` and ``--shots``);
it is never part of a normal game.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pygame

from stoneage.ai import make_bot
from stoneage.net.remote import RemoteMatch
from stoneage.scenes.kit.base import Scene
from stoneage.scenes.table.scene import TableScene

log = logging.getLogger(__name__)


class NetCheck:
    """Plays ``moves`` moves of the window's seat and saves pictures into ``shots``."""

    def __init__(self, moves: int, shots: Path | None, tag: str, level: str = "normal") -> None:
        self.moves, self.shots, self.tag = moves, shots, tag
        self.bot = make_bot(level, 1)
        self.played = 0
        self.count = 0
        self._scene: Scene | None = None
        self._said = ""
        self._due: str | None = None  # a picture to save after the next frame

    def after_frame(self, top: Scene | None) -> None:
        """Called after each frame: save the picture asked for, then look at what is on
        screen now (and play when the seat decides)."""
        if self._due is not None:
            self._save(self._due)
            self._due = None
        if top is not self._scene:
            self._scene = top
            self._due = type(top).__name__ if top is not None else "none"
            return
        if not isinstance(top, TableScene) or not isinstance(top.match, RemoteMatch):
            return
        # What the network says, its seconds left out (a countdown is one picture, not sixty).
        said = re.sub(r"\d+", "#", top.match.notices.banner())
        if said != self._said:
            self._said = said
            self._due = "net" if said else "net-clear"
            return
        self._play(top)

    def _play(self, table: TableScene) -> None:
        """The seat's move, when it decides and the table is ready for it."""
        remote = table.match
        if self.played >= self.moves or table.timeline.busy:
            return
        seat = remote.human_to_act()
        if seat is None or table.hands.state is not remote.state:
            return
        action = self.bot.choose(remote.state.view(seat))
        if table.act(action):
            self.played += 1
            log.info("net check: move %s sent: %s", self.played, action)
            print(f"net check {self.tag}: move {self.played}: {action}", flush=True)
            if self.played in (1, self.moves):
                self._due = f"move{self.played}"

    def _save(self, what: str) -> None:
        """The window as it is now, as a picture."""
        surface = pygame.display.get_surface()
        if self.shots is None or surface is None:
            return
        self.count += 1
        self.shots.mkdir(parents=True, exist_ok=True)
        path = self.shots / f"{self.tag}-{self.count:02d}-{what}.png"
        pygame.image.save(surface, str(path))
        print(f"net check {self.tag}: {path}", flush=True)
