"""The panels that ask a table for a seat (join by code, the lobby, a new server table) share
one way to stop asking: Esc while a table is asked cancels the question (what was typed stays),
Esc otherwise leaves, and leaving the screen never leaves a client running."""

from __future__ import annotations

from stoneage.scenes.kit.menu import PanelScene
from stoneage.scenes.online.joining import ASKING, Joining


class JoiningPanel(PanelScene):
    """A panel that may hold a table being asked for a seat (``joining``)."""

    joining: Joining | None = None

    def stop_joining(self) -> bool:
        """Cancel the table being asked, if any (the buttons rebuilt); True if one was."""
        if self.joining is None or self.joining.state != ASKING:
            return False
        self.joining.cancel()
        self.joining = None
        self.buttons = self.make_buttons()
        return True

    def back(self) -> None:
        """Esc: stop asking the table, or go back."""
        if not self.stop_joining():
            super().back()

    def exit(self) -> None:
        """Leaving the screen: a table still asked is let go."""
        if self.joining is not None:
            self.joining.cancel()
        super().exit()
