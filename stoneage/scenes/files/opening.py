"""Opening a saved game: Continue (the autosave, or its last good copy when the newest is
damaged), a loaded save, and the one-line summary of a save the lists show."""

from __future__ import annotations

import logging
from datetime import datetime
from pathlib import Path

from stoneage.i18n import _
from stoneage.play.names import join_list, shown_name
from stoneage.play.savefile import CUT_OFF, LoadedGame, SaveError, now_iso
from stoneage.play.seats import Seat
from stoneage.records.files import SaveFile, set_aside
from stoneage.records.recorder import PlayClock
from stoneage.records.saves import (
    SaveEntry,
)
from stoneage.rules import GameState
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.confirm import Choice, ConfirmScene

log = logging.getLogger(__name__)

TYPED_NAME_LIMIT = 40  # characters the player may type for a save's name


def format_time(saved_at: str, fallback: float | None = None) -> str:
    """When a save was written, in local time ('' when unknown)."""
    try:
        moment = datetime.fromisoformat(saved_at).astimezone() if saved_at else None
    except (ValueError, OverflowError, OSError):
        moment = None
    if moment is None and fallback is not None:
        try:
            moment = datetime.fromtimestamp(fallback)
        except (ValueError, OverflowError, OSError):
            return ""
    return moment.strftime("%Y-%m-%d %H:%M") if moment else ""


def summary(game: LoadedGame, modified: float | None = None) -> str:
    """One line about a saved game: the players, the round and when it was saved."""
    players = join_list([shown_name(seat.name) for seat in game.seats])
    when = format_time(game.saved_at, modified)
    finished = game.state.is_terminal()
    if not when:  # a save from before the time was stored
        return (
            _("{players} — finished").format(players=players)
            if finished
            else _("{players} — round {round}").format(players=players, round=game.state.round)
        )
    if finished:
        return _("{players} — finished — saved {time}").format(players=players, time=when)
    return _("{players} — round {round} — saved {time}").format(
        players=players, round=game.state.round, time=when
    )


def start_loaded_game(app: SceneHost, game: LoadedGame) -> None:
    """Leave whatever is on screen and play ``game`` (the title stays below it)."""
    app.reset(app.make_scene("title"))
    clock = PlayClock.resumed(game.started_at, game.played)
    app.push(
        app.make_scene(
            "game",
            seats=game.fresh_seats(),
            seed=game.seed,
            state=game.state,
            clock=clock,
            practice=game.practice,  # a practice game saved under a name stays one
        )
    )


def continue_autosave(app: SceneHost) -> None:
    """Continue: the newest good autosave at once; when it is damaged and an older copy is fine,
    ask first (and set the damaged file aside only if the player takes the older copy)."""
    status = app.records.shelf.autosave_status()
    if status.game is not None:
        start_loaded_game(app, status.game)
    elif status.fallback is not None:
        reason = status.error.message if status.error else ""
        app.push(older_copy_dialog(app, reason, status.fallback, status.damaged))


def older_copy_dialog(
    app: SceneHost, reason: str, fallback: LoadedGame, damaged: Path | None
) -> ConfirmScene:
    """The question when the newest autosave is damaged (``reason``) and ``fallback`` is fine:
    load the last good copy (the damaged file is then set aside), or cancel."""

    def take_older() -> None:
        if damaged is not None:
            set_aside(damaged)
        start_loaded_game(app, fallback)

    message = _(
        "The newest autosave is damaged: {reason} The copy saved before it is fine ({summary})."
    ).format(reason=reason, summary=summary(fallback))
    return ConfirmScene(
        app,
        _("Continue"),
        message,
        [
            Choice(
                _("Load the last good copy"),
                take_older,
                _("Play on from the copy saved just before; the damaged file is kept aside."),
                "load_previous",
            ),
        ],
    )


def example_entries(seats: list[Seat], seed: int, state: GameState) -> list[SaveEntry]:
    """A listing to show without touching the disk (screenshots): two saves of ``state`` and a
    damaged one."""
    now = datetime.now().timestamp()
    game = LoadedGame(seats, seed, state, now_iso())
    names = ("Sunday evening", "第三局", "Old game")  # names the player typed: never translated
    files = [SaveFile(name, Path(f"{name}.json"), now - 3600 * i) for i, name in enumerate(names)]
    return [
        SaveEntry(files[0], game),
        SaveEntry(files[1], game),
        SaveEntry(files[2], None, SaveError(CUT_OFF)),
    ]
