"""The one error the rules engine raises for a rejected action or a damaged save."""

from __future__ import annotations

from typing import Any


def N_(message: str) -> str:
    """Mark a message for translation without translating it (the UI translates later)."""
    return message


class IllegalActionError(ValueError):
    """An action that is not legal here: wrong seat, wrong phase, unaffordable, full, malformed.

    ``template`` is the English reason with ``{placeholders}`` (marked for translation) and
    ``params`` fills them, so a UI can show the reason in the player's language.
    The state the action was applied to is never changed.
    """

    def __init__(self, action: object, seat: int | None, template: str, **params: Any) -> None:
        self.action = action
        self.seat = seat
        self.template = template
        self.params = params
        self.reason = template.format(**params)
        who = {None: "no seat", -1: "chance", -2: "nobody (the game is over)"}.get(
            seat, f"seat {seat}"
        )
        super().__init__(f"illegal action {str(action)!r} for {who}: {self.reason}")


class SaveFormatError(ValueError):
    """A saved game that cannot be loaded: damaged, truncated, of the wrong version or hostile."""
