"""Save elsewhere: when the game cannot be saved in its data folder (a read-only or full disk,
a folder that is not there), the pause menu offers to write the game into a folder the player
types. The file is an ordinary save (``stoneage-<date>.json``); copied into the saves folder
later, it loads from "Load game".
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from stoneage.i18n import _
from stoneage.records.files import saves_dir
from stoneage.records.saves import suggested_folder, write_elsewhere
from stoneage.scenes.files.save_scene import SaveNameScene, game_below
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.toasts import SUCCESS
from stoneage.ui import assets
from stoneage.ui.widgets import Button

log = logging.getLogger(__name__)

PATH_LIMIT = 400  # characters of a typed folder


class SaveElsewhereScene(SaveNameScene):
    """Type a folder (one is suggested) and save the game below into it."""

    limit = PATH_LIMIT

    def __init__(self, app: SceneHost, folder: Path | None = None) -> None:
        super().__init__(app)
        self.name = str(folder or suggested_folder())

    def make_buttons(self) -> list[Button]:
        buttons = super().make_buttons()
        self.heading = _("Save elsewhere")
        buttons[0].tooltip = _("Save the game into this folder (Enter).")
        return buttons

    def field_label(self) -> str:
        return _("Folder to save into:")

    def note(self) -> str:
        return _(
            "The game's own folder cannot be written. Type a folder you can write to, such as "
            "one on a USB stick, and press Enter."
        )

    def shown_text(self, text: str, width: int) -> str:
        """A long folder shows its end (the part being typed), with "…" in front."""
        size = self.lay.fonts.label
        if assets.text_width(text, size, True) <= width:
            return text
        cut = 0
        while cut < len(text) - 1 and assets.text_width("…" + text[cut:], size, True) > width:
            cut += 1
        return "…" + text[cut:]

    def save(self) -> None:
        """Write the game into the typed folder; say where, or why not."""
        typed = os.path.expandvars(os.path.expanduser(self.name.strip()))
        if not typed:
            self.error = _("Type a folder to save into.")
            return
        scene = game_below(self.app)
        if scene is None:
            self.error = _("There is no game to save.")
            return
        try:
            path = write_elsewhere(Path(typed), scene.save_payload())
        except (OSError, ValueError, TypeError) as error:
            log.warning("could not save into %r: %s", typed, error)
            reason = (error.strerror if isinstance(error, OSError) else None) or str(error)
            self.error = _("The game could not be saved there ({error}).").format(error=reason)
            return
        if self.app.top is self:
            self.app.pop()
        self.app.toasts.show(
            _("Saved as {path}. Copy it into {folder} to load it from “Load game”.").format(
                path=str(path), folder=str(saves_dir())
            ),
            SUCCESS,
        )
