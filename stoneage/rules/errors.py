"""The errors the rules engine raises: for action text it cannot read, for an action that is not
legal where it is played, and for a saved game it cannot load.

As python-chess tells an invalid move (``InvalidMoveError``: not a move at all) from an illegal
one (``IllegalMoveError``: a move, but not here), the engine tells ``ActionTextError`` (text
that is no action) from ``IllegalActionError`` (an action the rules refuse now). Both derive from
``ActionError``, so a caller that only needs "refused, and why" catches the base.
"""

from __future__ import annotations

from typing import Any


def N_(message: str) -> str:
    """Mark a message for translation without translating it (the UI translates later)."""
    return message


class ActionError(ValueError):
    """An action refused: ``template`` is the English reason with ``{placeholders}`` (marked
    for translation) and ``params`` fills them, so a UI can show the reason in the player's
    language. The state the action was applied to is never changed."""

    def __init__(self, action: object, seat: object, template: str, **params: Any) -> None:
        # ``seat`` is any object: the seat a caller named, whatever it is (``apply(..., seat=)``),
        # and compiled, a narrower type would turn such a call into a TypeError.
        self.action = action
        self.seat = seat
        self.template = template
        self.params = params
        self.reason = template.format(**params)
        super().__init__(f"{self._what()} {str(action)!r} for {_who(seat)}: {self.reason}")

    def _what(self) -> str:
        return "refused action"


class ActionTextError(ActionError):
    """Text that is not an action at all (a word the engine does not know, a missing number)."""

    def _what(self) -> str:
        return "unreadable action"


class IllegalActionError(ActionError):
    """An action that is not legal here: wrong seat, wrong phase, unaffordable, full."""

    def _what(self) -> str:
        return "illegal action"


def _who(seat: object) -> str:
    """The seat an error names, in words."""
    names: dict[object, str] = {None: "no seat", -1: "chance", -2: "nobody (the game is over)"}
    return names.get(seat, f"seat {seat}")


class SaveFormatError(ValueError):
    """A saved game that cannot be loaded: damaged, truncated, of the wrong version or hostile."""
