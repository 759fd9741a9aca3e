"""Saving a game as JSON and loading it back by replaying its actions.

The file holds only the seat count, the seed and the text form of every action taken (chance
outcomes included). Loading reads them here (``read_save``) and ``GameState.from_json`` replays
them through ``apply``, so a damaged or hostile file can never produce a position the rules
would not reach: it fails with ``SaveFormatError``. Nothing in the file is executed; only JSON
is read.
"""

from __future__ import annotations

import json
from typing import Final

from .core import StateCore
from .errors import SaveFormatError

FORMAT: Final = "stoneage-game"
VERSION: Final = 1
MAX_BYTES: Final = 2_000_000  # a whole game is about 40 kB
MAX_ACTIONS: Final = 50_000


def to_json(state: StateCore) -> str:
    """The versioned JSON text of ``state`` (seat count, seed, actions)."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "players": state.n,
        "seed": state.seed,
        "actions": [str(a) for a in state.actions_taken()],
    }
    return json.dumps(document, separators=(",", ":"))


def read_save(text: object) -> tuple[int, int | None, list[str]]:
    """The seat count, the seed and the actions' text of a save made by ``to_json``
    (``GameState.from_json`` replays them); ``SaveFormatError`` says what is wrong otherwise."""
    return _checked_fields(_read_document(text))


def _read_document(text: object) -> dict[str, object]:
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveFormatError("saved game must be JSON text")
    if len(text) > MAX_BYTES:
        raise SaveFormatError(f"saved game is too large ({len(text)} bytes; at most {MAX_BYTES})")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SaveFormatError(
            f"saved game is not valid JSON (damaged or truncated?): {error}"
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise SaveFormatError("this file is not a Stone Age saved game")
    if document.get("version") != VERSION:
        raise SaveFormatError(
            f"saved game has version {document.get('version')!r}; this program reads version {VERSION}"
        )
    return document


def _checked_fields(document: dict[str, object]) -> tuple[int, int | None, list[str]]:
    players, seed, actions = document.get("players"), document.get("seed"), document.get("actions")
    if type(players) is not int or not 2 <= players <= 4:
        raise SaveFormatError(f"saved game has an invalid number of players: {players!r}")
    if seed is not None and type(seed) is not int:
        raise SaveFormatError(f"saved game has an invalid seed: {seed!r}")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveFormatError("saved game has no valid list of actions")
    if len(actions) > MAX_ACTIONS:
        raise SaveFormatError(f"saved game has too many actions ({len(actions)})")
    return players, seed, actions
