"""Saved games: reading a save file safely, the autosave for Continue, and the screens to name
a save, to list and load the saves, and to confirm a choice.

Reading never trusts the file: it is JSON read with ``json.loads`` only (nothing in it is ever
executed), refused above a size limit, and every field is checked for its type and value before
the game in it is replayed through the rules engine (``GameState.from_json``). Every problem
becomes a ``SaveError`` whose message tells the player, in their language, what is wrong.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, Protocol, TypeGuard, runtime_checkable

import pygame

from stoneage.i18n import N_, _
from stoneage.rules import ActionError, GameState, SaveFormatError, new_game
from stoneage.ui import assets, storage, theme
from stoneage.ui.layout import button_row
from stoneage.ui.names import DEFAULT_HUMAN_NAME, engine_reason, join_list, shown_name
from stoneage.ui.storage import FileTooLarge, SaveFile
from stoneage.ui.theme import COLOUR_ORDER
from stoneage.ui.widgets import (
    Button,
    draw_panel,
    draw_text,
    draw_text_fit,
    draw_wrapped,
    shade,
    wrap_lines,
)

from .base import SceneHost
from .driver import BOT_LEVELS, Seat
from .game_record import PlayClock
from .menu_base import MenuScene, PanelScene

log = logging.getLogger(__name__)

SEED_LIMIT = 2**63  # seeds are machine-sized integers; a larger one is damage
SEAT_NAME_LIMIT = 64
TYPED_NAME_LIMIT = 40  # characters the player may type for a save's name
SUMMARY_CACHE = 256

# The messages a SaveError carries (translated when shown).
NOT_A_SAVE = N_("The file is not a Stone Age save.")
CUT_OFF = N_("The save is cut off (incomplete).")
EMPTY = N_("The save is empty.")
NOT_JSON = N_("The save is damaged (it is not valid JSON).")
TOO_LARGE = N_("The file is too large to be a Stone Age save.")
GONE = N_("The save is no longer there.")
UNREADABLE = N_("The file could not be read ({error}).")
WRONG_VALUE = N_("The save has a wrong value for '{field}'.")
NEWER = N_("The save was made by a newer version of the game.")
SEAT_COUNT = N_("The number of players in the save does not match its game.")
BREAKS_RULES = N_("The game in the save does not follow the rules (move {move}: {reason}).")
GAME_DAMAGED = N_("The game in the save is damaged.")


class SaveError(Exception):
    """A save that cannot be loaded. ``message`` says why in the current language."""

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template.format(**{k: str(v) for k, v in params.items()}))
        self.template, self.params = template, params

    @property
    def message(self) -> str:
        """The reason, translated now (so a language switch shows it in the new language)."""
        params = {
            k: engine_reason(v) if isinstance(v, ActionError) else v for k, v in self.params.items()
        }
        try:
            return _(self.template).format(**params)
        except (KeyError, IndexError, ValueError):
            return self.template.format(**params)


@dataclass(frozen=True)
class LoadedGame:
    """A game read from a save: who sits where, the seed, the position and when it was saved."""

    seats: list[Seat]
    seed: int
    state: GameState
    saved_at: str = ""
    started_at: str = ""  # when the game began ('' in saves from before it was stored)
    played: float = 0.0  # seconds played before the save (0 in older saves)

    def fresh_seats(self) -> list[Seat]:
        """Copies of the seats (the game scene may change its own)."""
        return [replace(seat) for seat in self.seats]


# --- reading a save -----------------------------------------------------------------------------------
def load_game_file(path: Path | str) -> LoadedGame:
    """The game saved in ``path``; ``SaveError`` says what is wrong otherwise. Never raises
    anything else and never executes anything from the file."""
    try:
        data = storage.read_limited(Path(path))
    except FileTooLarge:
        raise SaveError(TOO_LARGE) from None
    except FileNotFoundError:
        raise SaveError(GONE) from None
    except OSError as error:
        raise SaveError(UNREADABLE, error=error.strerror or error.__class__.__name__) from None
    return parse_save(data)


def parse_save(data: bytes | str) -> LoadedGame:
    """The game in a save file's content (see ``load_game_file``)."""
    try:
        return _parse(data)
    except SaveError:
        raise
    except Exception:  # a check forgotten above must still never crash the game
        log.exception("unexpected error while reading a save")
        raise SaveError(NOT_A_SAVE) from None


def _parse(data: bytes | str) -> LoadedGame:
    payload = _document(data)
    seats = _seats(payload.get("seats"))
    game = payload.get("game")
    if not isinstance(game, str):
        raise SaveError(WRONG_VALUE, field="game")
    seed = payload.get("seed")
    if "seed" in payload and not _is_seed(seed):
        raise SaveError(WRONG_VALUE, field="seed")
    saved_at = payload.get("saved_at", "")
    if not isinstance(saved_at, str) or len(saved_at) > 64:
        raise SaveError(WRONG_VALUE, field="saved_at")
    state = _state(game)
    if len(seats) != state.n:
        raise SaveError(SEAT_COUNT)
    if not _is_seed(seed):  # saves from before the seed was stored
        seed = state.seed if _is_seed(state.seed) else 0
    started_at, played = _play_time(payload)
    return LoadedGame(seats, seed, state, saved_at, started_at, played)


def _play_time(payload: dict) -> tuple[str, float]:
    """When the game began and the seconds played so far, for its record in the history.
    Older saves have neither, and a wrong value only costs the record its time (never the
    game), so bad values are dropped rather than refused."""
    started_at = payload.get("started_at", "")
    try:
        if not isinstance(started_at, str) or len(started_at) > 64:
            raise ValueError(started_at)
        if started_at:
            datetime.fromisoformat(started_at)
    except ValueError:
        log.warning("ignoring a wrong started_at in a save: %r", started_at)
        started_at = ""
    played = payload.get("played_seconds", 0.0)
    if isinstance(played, bool) or not isinstance(played, (int, float)) or not 0 <= played < 1e8:
        log.warning("ignoring a wrong played_seconds in a save: %r", played)
        played = 0.0
    return started_at, float(played)


def _document(data: bytes | str) -> dict:
    """The save's JSON object, with its format and version checked."""
    if len(data) > storage.MAX_SAVE_BYTES:
        raise SaveError(TOO_LARGE)
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError(NOT_A_SAVE) from None
    text = data.lstrip("\ufeff")  # a byte-order mark some editors add
    if not text.strip():
        raise SaveError(EMPTY)
    try:
        payload = json.loads(text)
    except RecursionError:  # nesting thousands deep: never a save
        raise SaveError(NOT_A_SAVE) from None
    except json.JSONDecodeError as error:
        raise SaveError(_decode_problem(text, error)) from None
    except ValueError:  # e.g. an integer with thousands of digits
        raise SaveError(NOT_A_SAVE) from None
    if not isinstance(payload, dict):
        raise SaveError(NOT_A_SAVE)
    if "format" in payload:
        if payload["format"] != storage.SAVE_FORMAT:
            raise SaveError(NOT_A_SAVE)
        version = payload.get("version")
        if type(version) is not int or version < 0:
            raise SaveError(WRONG_VALUE, field="version")
        _check_version(version)
    elif "seats" not in payload or "game" not in payload:  # older saves have no format field
        raise SaveError(NOT_A_SAVE)
    return payload


def _check_version(found: int) -> None:
    """Refuse a format this version cannot read, saying which way the versions differ."""
    oldest, newest = storage.OLDEST_SAVE_VERSION, storage.SAVE_VERSION
    problem = storage.version_problem(found, oldest, newest)
    if problem is not None:
        raise SaveError(problem, found=found, oldest=oldest, newest=newest)


def version_error(reason: str, error: Exception | None = None) -> SaveError | None:
    """The SaveError for the rules engine refusing a game's format version (None when
    ``reason`` is about something else). The engine's exception may carry the versions
    (``found``, ``oldest``, ``newest``); today its message does: "saved game has version 2;
    this program reads version 1"."""
    found = getattr(error, "found", None)
    if type(found) is int:
        newest = getattr(error, "newest", None)
        newest = newest if type(newest) is int else storage.SAVE_VERSION
        oldest = getattr(error, "oldest", None)
        oldest = oldest if type(oldest) is int else min(newest, storage.OLDEST_SAVE_VERSION)
        return _version_refusal(found, oldest, newest)
    if "version" not in reason:
        return None
    stored = re.search(r"has version (-?\d+)\b", reason)
    reads = re.search(r"reads versions? (\d+)(?:\s*(?:to|-)\s*(\d+))?", reason)
    if stored is None:
        return SaveError(WRONG_VALUE, field="version")
    found = int(stored.group(1))
    if reads is None:
        oldest, newest = storage.OLDEST_SAVE_VERSION, storage.SAVE_VERSION
    else:
        oldest = int(reads.group(1))
        newest = int(reads.group(2)) if reads.group(2) else oldest
    return _version_refusal(found, oldest, newest)


def _version_refusal(found: int, oldest: int, newest: int) -> SaveError:
    problem = storage.version_problem(found, oldest, newest)
    if problem is None:  # the engine refused a version inside its own range: damage
        return SaveError(GAME_DAMAGED)
    return SaveError(problem, found=found, oldest=oldest, newest=newest)


def _decode_problem(text: str, error: json.JSONDecodeError) -> str:
    """Which message fits JSON that does not parse: cut off, damaged, or not ours at all."""
    body = text.rstrip()
    if not body.startswith("{"):
        return NOT_A_SAVE
    if error.pos >= len(body) or error.msg.startswith("Unterminated string"):
        return CUT_OFF  # it ran out before the object was closed
    return NOT_JSON


def _seats(raw: object) -> list[Seat]:
    """The seats stored in a save (2 to 4, each fully valid, colours distinct)."""
    if not isinstance(raw, list) or not 2 <= len(raw) <= 4:
        raise SaveError(WRONG_VALUE, field="seats")
    seats = [_seat(item) for item in raw]
    if len({s.colour for s in seats}) != len(seats):
        raise SaveError(WRONG_VALUE, field="seats")
    return seats


def _seat(raw: object) -> Seat:
    if not isinstance(raw, dict):
        raise SaveError(WRONG_VALUE, field="seats")
    name, colour, kind, level = (
        raw.get("name"),
        raw.get("colour"),
        raw.get("kind"),
        raw.get("level", "normal"),
    )
    if not (
        isinstance(name, str)
        and len(name) <= SEAT_NAME_LIMIT
        and isinstance(colour, str)
        and colour in COLOUR_ORDER
        and kind in ("human", "bot")
        and isinstance(level, str)
        and level in BOT_LEVELS
    ):
        raise SaveError(WRONG_VALUE, field="seats")
    if raw.get("default_name") is True:  # the default name, shown in the language of now
        name = _(DEFAULT_HUMAN_NAME)
    return Seat(shown_name(name), colour, "human" if kind == "human" else "bot", level)


def _is_seed(value: object) -> TypeGuard[int]:
    return type(value) is int and -SEED_LIMIT < value < SEED_LIMIT


def _state(game: str) -> GameState:
    """The position the save's game reaches, replayed by the rules engine."""
    try:
        return GameState.from_json(game)
    except SaveFormatError as error:
        raise _game_problem(game, str(error), error) from None
    except Exception:  # the engine should only raise SaveFormatError; never crash on a file
        log.exception("the rules engine failed on a saved game")
        raise SaveError(GAME_DAMAGED) from None


def _game_problem(game: str, reason: str, error: Exception | None = None) -> SaveError:
    """A clear SaveError for the engine's ``reason`` (the move that breaks the rules and why,
    or which way the format versions differ)."""
    found = re.search(r"action (\d+) of \d+", reason)
    if found:
        failure = _replay_failure(game, int(found.group(1)))
        if failure is not None:
            return SaveError(BREAKS_RULES, move=int(found.group(1)), reason=failure)
    refused = version_error(reason, error)
    if refused is not None:
        return refused
    if "newer" in reason:
        return SaveError(NEWER)
    if "too large" in reason:
        return SaveError(TOO_LARGE)
    return SaveError(GAME_DAMAGED)


def _replay_failure(game: str, move: int) -> ActionError | None:
    """The engine's refusal of action number ``move`` (only called once a replay failed)."""
    try:
        document = json.loads(game)
        state = new_game(document["players"], document["seed"])
        for text in document["actions"][: move - 1]:
            state = state.apply(text)
        state.apply(document["actions"][move - 1])
    except ActionError as error:
        return error
    except Exception:  # the engine already said the file is damaged; the detail is a bonus
        return None
    return None


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


# --- the autosave for Continue ------------------------------------------------------------------------------
@dataclass
class AutosaveStatus:
    """What Continue can offer: the newest good autosave, or when the newest is damaged an
    older good copy (``fallback``) to offer, or nothing with the reason."""

    game: LoadedGame | None = None
    fallback: LoadedGame | None = None
    damaged: Path | None = None  # the newest autosave file, when it is damaged
    error: SaveError | None = None  # why the newest (or every) copy cannot be read

    @property
    def can_continue(self) -> bool:
        """True when Continue leads to a game (at once, or after offering the older copy)."""
        return self.game is not None or self.fallback is not None

    def problem(self) -> str:
        """The notice for the title screen when no copy can be continued ('' otherwise)."""
        if self.can_continue or self.error is None:
            return ""
        return _("The autosaved game cannot be continued: {reason}").format(
            reason=self.error.message
        )


_status_cache: tuple[tuple, AutosaveStatus] | None = None


def autosave_status() -> AutosaveStatus:
    """The state of the autosave files, checked by replaying (cached until a file changes)."""
    global _status_cache
    candidates = storage.autosave_candidates()
    key = tuple(_signature(path) for path in candidates)
    if _status_cache is not None and _status_cache[0] == key:
        return _status_cache[1]
    status = _read_autosaves(candidates)
    _status_cache = (key, status)
    return status


def _signature(path: Path) -> tuple:
    try:
        stat = path.stat()
    except OSError:
        return (str(path),)
    return (str(path), stat.st_mtime_ns, stat.st_size, stat.st_ino)


def _read_autosaves(candidates: list[Path]) -> AutosaveStatus:
    newest = storage.autosave_path()
    status = AutosaveStatus()
    for path in candidates:
        try:
            game = load_game_file(path)
        except SaveError as error:
            status.error = status.error or error
            if path == newest:
                status.damaged = path
            continue
        if status.damaged is None:
            status.game = game  # the newest complete copy: Continue takes it at once
        else:
            status.fallback = game
        return status
    return status


# --- starting a loaded game ------------------------------------------------------------------------------------
def start_loaded_game(app: SceneHost, game: LoadedGame) -> None:
    """Leave whatever is on screen and play ``game`` (the title stays below it)."""
    app.reset(app.make_scene("title"))
    clock = PlayClock.resumed(game.started_at, game.played)
    app.push(
        app.make_scene(
            "game", seats=game.fresh_seats(), seed=game.seed, state=game.state, clock=clock
        )
    )


def continue_autosave(app: SceneHost) -> None:
    """Continue: the newest good autosave at once; when it is damaged and an older copy is fine,
    ask first (and set the damaged file aside only if the player takes the older copy)."""
    status = autosave_status()
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
            storage.set_aside(damaged)
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
    game = LoadedGame(seats, seed, state, storage.now_iso())
    names = ("Sunday evening", "第三局", "Old game")  # names the player typed: never translated
    files = [SaveFile(name, Path(f"{name}.json"), now - 3600 * i) for i, name in enumerate(names)]
    return [
        SaveEntry(files[0], game),
        SaveEntry(files[1], game),
        SaveEntry(files[2], None, SaveError(CUT_OFF)),
    ]


# --- a small dialog ---------------------------------------------------------------------------------------------
@dataclass
class Choice:
    """A button of a ``ConfirmScene``: its label, what it does, its tooltip and test name."""

    label: str
    action: Callable[[], None]
    tooltip: str = ""
    name: str = ""


class _DialogScene(MenuScene):
    """A compact parchment box in the middle of the window, over the scene below."""

    opaque = False
    button_count = 1
    heading = ""

    def box(self, body_height: int) -> pygame.Rect:
        """The dialog's box for a body of ``body_height`` pixels (the title and buttons added)."""
        lay = self.lay
        pad = lay.margin * 3
        height = (
            lay.panel_title.height
            + body_height
            + lay.panel_buttons.height
            + pad * 2
            + lay.margin * 4
        )
        rect = pygame.Rect(0, 0, round(lay.panel.width * 0.8), min(lay.panel.height, height))
        rect.center = lay.panel.center
        return rect

    def parts(self, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The title line, the body and the button row inside the box ``rect``."""
        lay, pad = self.lay, self.lay.margin * 3
        title = pygame.Rect(
            rect.left + pad, rect.top + pad, rect.width - 2 * pad, lay.panel_title.height
        )
        buttons = pygame.Rect(
            rect.left + pad,
            rect.bottom - pad - lay.panel_buttons.height,
            rect.width - 2 * pad,
            lay.panel_buttons.height,
        )
        body = pygame.Rect(
            title.left,
            title.bottom + lay.margin * 2,
            title.width,
            buttons.top - title.bottom - lay.margin * 4,
        )
        return title, body, buttons

    def draw_frame(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The dimmed window, the box and its heading."""
        shade(surface, surface.get_rect(), 150, radius=0)
        draw_panel(surface, rect, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 3, 16)
        draw_text_fit(
            surface,
            self.heading,
            self.parts(rect)[0],
            self.lay.fonts.big,
            theme.CHARCOAL,
            True,
            "midleft",
        )


class ConfirmScene(_DialogScene):
    """A message with one or more choices and Cancel (Enter takes the first, Esc cancels)."""

    def __init__(
        self, app: SceneHost, heading: str, message: str, choices: list[Choice], cancel: str = ""
    ) -> None:
        self.heading, self.message, self.choices = heading, message, choices
        self.cancel_label = cancel
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        f = self.lay.fonts
        lines = wrap_lines(
            self.message, f.label, round(self.lay.panel.width * 0.8) - self.lay.margin * 6
        )
        self.rect = self.box(len(lines) * assets.font(f.label).get_linesize())
        _title, self.body, row = self.parts(self.rect)
        count = len(self.choices) + 1
        rects = button_row(row, count, row.height, self.lay.margin * 2, round(f.title * 12))
        buttons = [
            Button(
                rect,
                choice.label,
                partial(self.choose, choice),
                size=f.label,
                primary=i == 0,
                tooltip=choice.tooltip,
                name=choice.name or f"choice_{i}",
            )
            for i, (rect, choice) in enumerate(zip(rects, self.choices))
        ]
        buttons.append(
            Button(
                rects[-1],
                self.cancel_label or (_("Cancel") if self.choices else _("Back")),
                self.back,
                size=f.label,
                primary=not self.choices,
                tooltip=_("Close this message and change nothing."),
                name="cancel",
            )
        )
        return buttons

    def choose(self, choice: Choice) -> None:
        """Close the dialog, then do what was chosen (it may change the whole stack)."""
        if self.app.top is self:
            self.app.pop()
        choice.action()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface, self.rect)
        draw_wrapped(surface, self.message, self.body, self.lay.fonts.label, theme.CHARCOAL)
        for button in self.buttons:
            button.draw(surface)
        self.draw_tip(surface)


# --- naming a save --------------------------------------------------------------------------------------------------
@runtime_checkable
class SavableGame(Protocol):
    """A scene showing a game that can be written to a save (the game scene)."""

    def save_payload(self) -> dict[str, Any]:
        """The game as a save file's content."""
        ...


def game_below(app: SceneHost) -> SavableGame | None:
    """The game scene under the menus, if any."""
    return next((scene for scene in reversed(app.stack) if isinstance(scene, SavableGame)), None)


class SaveNameScene(_DialogScene):
    """Type a name for the save: Enter saves (asking before replacing a save of that name),
    Esc goes back. The suggested name is replaced by the first letter typed."""

    def __init__(self, app: SceneHost, on_saved: Callable[[str], None] | None = None) -> None:
        self.heading = ""
        self.name = datetime.now().strftime("%Y-%m-%d %H.%M")
        self.fresh = True  # the suggestion is still untouched: typing replaces it
        self.composing = ""  # text an input method is still composing (CJK)
        self.error = ""
        self.on_saved = on_saved
        super().__init__(app)

    def enter(self) -> None:
        super().enter()
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(self.field)

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def make_buttons(self) -> list[Button]:
        self.heading = _("Save game")
        f = self.lay.fonts
        line = assets.font(f.body).get_linesize()
        field_h = round(f.title * 2.2)
        self.rect = self.box(line + field_h + line * 3 + self.lay.margin * 4)
        _title, body, row = self.parts(self.rect)
        self.label_rect = pygame.Rect(body.left, body.top, body.width, line)
        self.field = pygame.Rect(
            body.left, self.label_rect.bottom + self.lay.margin, body.width, field_h
        )
        self.note_rect = pygame.Rect(
            body.left,
            self.field.bottom + self.lay.margin * 2,
            body.width,
            body.bottom - self.field.bottom - self.lay.margin * 2,
        )
        save, cancel = button_row(row, 2, row.height, self.lay.margin * 2, round(f.title * 9))
        return [
            Button(
                save,
                _("Save"),
                self.save,
                size=f.label,
                primary=True,
                tooltip=_("Keep the game under this name (Enter)."),
                name="save",
            ),
            Button(
                cancel,
                _("Cancel"),
                self.back,
                size=f.label,
                tooltip=_("Back to the menu without saving (Esc)."),
                name="cancel",
            ),
        ]

    limit = TYPED_NAME_LIMIT  # characters the player may type

    def field_label(self) -> str:
        """The words above the field."""
        return _("Name of the save:")

    def note(self) -> str:
        """The help under the field."""
        return _(
            "Type a name and press Enter to save, or Esc to go back. The save can be loaded later from “Load game”."
        )

    def shown_text(self, text: str, width: int) -> str:
        """The field's text as drawn in ``width`` pixels (all of it: a name is short)."""
        return text

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            self.name = (("" if self.fresh else self.name) + event.text)[: self.limit]
            self.fresh, self.composing, self.error = False, "", ""
            return True
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.name = "" if self.fresh else self.name[:-1]
            self.fresh, self.error = False, ""
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.save()
            return True
        return super().handle(event)

    def save(self) -> None:
        """Save under the typed name (asking first when that name is taken)."""
        clean = storage.sanitise_name(self.name)
        if not clean:
            self.error = _("Type a name for the save.")
            return
        if storage.named_save_exists(clean):
            self.app.push(
                ConfirmScene(
                    self.app,
                    _("Save game"),
                    _("A save called “{name}” already exists. Replace it with this game?").format(
                        name=clean
                    ),
                    [
                        Choice(
                            _("Replace"),
                            lambda: self.write(clean),
                            _("The older save under this name is replaced."),
                            "replace",
                        )
                    ],
                )
            )
            return
        self.write(clean)

    def write(self, clean: str) -> None:
        """Write the save now; on success go back, else show why it failed."""
        scene = game_below(self.app)
        if scene is None:
            self.error = _("There is no game to save.")
            return
        try:
            storage.write_named_save(clean, scene.save_payload())
        except (OSError, ValueError, TypeError) as error:
            log.warning("could not save %r: %s", clean, error)
            reason = getattr(error, "strerror", None) or str(error)
            self.error = _("The game could not be saved ({error}).").format(error=reason)
            return
        if self.app.top is self:
            self.app.pop()
        if self.on_saved is not None:
            self.on_saved(clean)

    def draw(self, surface: pygame.Surface) -> None:
        f = self.lay.fonts
        self.draw_frame(surface, self.rect)
        draw_text(
            surface, self.field_label(), self.label_rect.topleft, f.body, theme.UMBER_DARK, True
        )
        draw_panel(surface, self.field, theme.WHITE, theme.HIGHLIGHT, 2, 6)
        inner = self.field.inflate(-f.label, 0)
        if self.fresh and self.name:  # shown as selected: typing replaces it
            width = min(inner.width, assets.text_width(self.name, f.label, True) + 4)
            pygame.draw.rect(
                surface,
                theme.OCHRE_LIGHT,
                (inner.left - 2, inner.top + 4, width, inner.height - 8),
                border_radius=4,
            )
        drawn = draw_text_fit(
            surface,
            self.shown_text(self.name + self.composing + "|", inner.width),
            inner,
            f.label,
            theme.CHARCOAL,
            True,
            "midleft",
        )
        if self.composing:  # underline the text still being composed by the input method
            pygame.draw.line(
                surface,
                theme.UMBER,
                (
                    drawn.right - assets.text_width(self.composing + "|", f.label, True),
                    drawn.bottom - 2,
                ),
                (drawn.right, drawn.bottom - 2),
                2,
            )
        if self.error:
            draw_wrapped(surface, self.error, self.note_rect, f.body, theme.ERROR, True)
        else:
            note = self.note()
            draw_wrapped(surface, note, self.note_rect, f.body, theme.UMBER_DARK)
        for button in self.buttons:
            button.draw(surface)
        self.draw_tip(surface)


# --- listing and loading saves --------------------------------------------------------------------------------------
@dataclass
class SaveEntry:
    """A named save as listed: the file and the game in it, or why it cannot be read, and an
    older good copy (kept beside it) when the file itself is damaged."""

    file: SaveFile
    game: LoadedGame | None = None
    error: SaveError | None = None
    fallback: LoadedGame | None = None
    key: tuple = field(default=(), compare=False)

    @property
    def loadable(self) -> bool:
        """True when Load leads to a game (at once or after offering the older copy)."""
        return self.game is not None or self.fallback is not None


_entries: dict[tuple, SaveEntry] = {}


def read_entry(file: SaveFile) -> SaveEntry:
    """The listing of one save (replayed once, then cached until the file changes)."""
    key = (_signature(file.path), _signature(storage.previous_of(file.path)))
    cached = _entries.get(key)
    if cached is not None:
        return SaveEntry(file, cached.game, cached.error, cached.fallback, key)
    try:
        entry = SaveEntry(file, load_game_file(file.path), key=key)
    except SaveError as error:
        entry = SaveEntry(file, None, error, _older_copy(file.path), key)
    if len(_entries) > SUMMARY_CACHE:
        _entries.clear()
    _entries[key] = entry
    return entry


def _older_copy(path: Path) -> LoadedGame | None:
    previous = storage.previous_of(path)
    if not previous.exists():
        return None
    try:
        return load_game_file(previous)
    except SaveError:
        return None


def read_entries() -> list[SaveEntry]:
    """Every named save, newest first, with its game or the reason it cannot be read."""
    return [read_entry(file) for file in storage.list_named_saves()]


class LoadScene(PanelScene):
    """The named saves, newest first: Load or Delete each. The wheel, Up/Down and Page keys
    scroll and select; Enter loads the selected save, Delete deletes it, Esc goes back."""

    def __init__(self, app: SceneHost, entries: list[SaveEntry] | None = None) -> None:
        self.entries = entries if entries is not None else read_entries()
        self.first, self.selected = 0, 0
        super().__init__(app)

    def refresh(self) -> None:
        """Read the folder again (after a delete, or when coming back)."""
        self.entries = read_entries()
        self.selected = max(0, min(self.selected, len(self.entries) - 1))
        self.first = max(0, min(self.first, len(self.entries) - self.visible_rows()))
        self.buttons = self.make_buttons()

    def visible_rows(self) -> int:
        """How many rows fit in the panel."""
        return max(
            1,
            (self.lay.panel_body.height + self.lay.margin) // (self.row_height() + self.lay.margin),
        )

    def row_height(self) -> int:
        """One save's row: its name over its summary."""
        f = self.lay.fonts
        return (
            assets.font(f.label, True).get_linesize()
            + assets.font(f.body).get_linesize()
            + self.lay.margin * 2
        )

    def rows(self) -> list[tuple[int, pygame.Rect]]:
        """The entries on screen now, with their rows."""
        body, m, height = self.lay.panel_body, self.lay.margin, self.row_height()
        shown = range(self.first, min(len(self.entries), self.first + self.visible_rows()))
        return [
            (
                i,
                pygame.Rect(
                    body.left,
                    body.top + (i - self.first) * (height + m),
                    body.width - m * 2,
                    height,
                ),
            )
            for i in shown
        ]

    def make_buttons(self) -> list[Button]:
        self.heading = _("Load game")
        f, m = self.lay.fonts, self.lay.margin
        buttons: list[Button] = []
        width = round(f.label * 6)
        for i, row in self.rows():
            entry = self.entries[i]
            height = row.height - m * 2
            delete = pygame.Rect(row.right - m - width, row.centery - height // 2, width, height)
            load = delete.move(-width - m, 0)
            tip = (
                _("Play on from this save.")
                if entry.game
                else (entry.error.message if entry.error else "")
            )
            buttons.append(
                Button(
                    load,
                    _("Load"),
                    partial(self.load, i),
                    enabled=entry.loadable,
                    size=f.label,
                    primary=True,
                    tooltip=tip,
                    name=f"load_{i}",
                )
            )
            buttons.append(
                Button(
                    delete,
                    _("Delete"),
                    partial(self.ask_delete, i),
                    size=f.label,
                    tooltip=_("Delete this save (you are asked first)."),
                    name=f"delete_{i}",
                )
            )
        back = self.back_button()
        back.primary = False
        back.tooltip = _("Back without loading (Esc).")
        self.list_buttons_right = (
            buttons[0].rect.left if buttons else self.lay.panel_body.right
        ) - m
        return buttons + [back]

    def resume(self) -> None:
        self.refresh()

    # --- choices -----------------------------------------------------------------------------------------
    def load(self, i: int) -> None:
        """Load save ``i``; a damaged one shows why and offers its older copy when there is one."""
        entry = self.entries[i]
        if entry.game is not None:
            start_loaded_game(self.app, entry.game)
            return
        reason = entry.error.message if entry.error else ""
        if entry.fallback is None:
            self.app.push(ConfirmScene(self.app, _("Load game"), reason, []))
            return
        fallback, path = entry.fallback, entry.file.path

        def take_older() -> None:
            storage.set_aside(path)
            start_loaded_game(self.app, fallback)

        message = _(
            "This save is damaged: {reason} The copy saved before it is fine ({summary})."
        ).format(reason=reason, summary=summary(fallback))
        self.app.push(
            ConfirmScene(
                self.app,
                _("Load game"),
                message,
                [
                    Choice(
                        _("Load the last good copy"),
                        take_older,
                        _(
                            "Play on from the copy saved just before; the damaged file is kept aside."
                        ),
                        "load_previous",
                    )
                ],
            )
        )

    def ask_delete(self, i: int) -> None:
        """Ask, then delete save ``i``."""
        entry = self.entries[i]
        self.selected = i
        message = _("Delete the save “{name}”? This cannot be undone.").format(name=entry.file.name)
        self.app.push(
            ConfirmScene(
                self.app,
                _("Delete save"),
                message,
                [
                    Choice(
                        _("Delete"),
                        lambda: self.delete(entry),
                        _("Delete the save for good."),
                        "confirm_delete",
                    )
                ],
            )
        )

    def delete(self, entry: SaveEntry) -> None:
        """Delete ``entry``'s file (and its older copy) and list the saves again."""
        storage.delete_named_save(entry.file.path)
        self.refresh()

    # --- keys and the wheel ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll(-event.y)
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -self.visible_rows(),
                pygame.K_PAGEDOWN: self.visible_rows(),
            }
            if event.key in moves and self.entries:
                return self.select(self.selected + moves[event.key])
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.entries and self.entries[self.selected].loadable:
                    self.load(self.selected)
                return True
            if event.key == pygame.K_DELETE and self.entries:
                self.ask_delete(self.selected)
                return True
        return super().handle(event)

    def select(self, i: int) -> bool:
        """Select entry ``i`` (scrolling it into view)."""
        i = max(0, min(len(self.entries) - 1, i))
        if i < self.first:
            self.first = i
        elif i >= self.first + self.visible_rows():
            self.first = i - self.visible_rows() + 1
        self.selected = i
        self.buttons = self.make_buttons()
        return True

    def scroll(self, rows: int) -> bool:
        """Scroll the list by ``rows``; True when it moved."""
        before = self.first
        self.first = max(0, min(len(self.entries) - self.visible_rows(), self.first + rows))
        if self.first == before:
            return False
        self.selected = max(self.first, min(self.selected, self.first + self.visible_rows() - 1))
        self.buttons = self.make_buttons()
        return True

    # --- drawing ---------------------------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        f, m, body = self.lay.fonts, self.lay.margin, self.lay.panel_body
        if not self.entries:
            draw_wrapped(
                surface,
                _("No saved games yet. Use “Save game” in the game's menu to keep one."),
                body,
                f.label,
                theme.UMBER_DARK,
            )
            return
        for i, row in self.rows():
            entry = self.entries[i]
            fill = (
                theme.OCHRE_LIGHT
                if i == self.selected
                else (
                    theme.PARCHMENT
                    if i % 2
                    else theme.mix(theme.PARCHMENT, theme.PARCHMENT_LIGHT, 0.5)
                )
            )
            pygame.draw.rect(surface, fill, row, border_radius=8)
            text = pygame.Rect(
                row.left + m * 2,
                row.top + m,
                self.list_buttons_right - row.left - m * 3,
                row.height - m * 2,
            )
            name_h = assets.font(f.label, True).get_linesize()
            draw_text_fit(
                surface,
                entry.file.name,
                pygame.Rect(text.left, text.top, text.width, name_h),
                f.label,
                theme.CHARCOAL,
                True,
                "midleft",
            )
            line = pygame.Rect(text.left, text.top + name_h, text.width, text.height - name_h)
            if entry.game is not None:
                draw_text_fit(
                    surface,
                    summary(entry.game, entry.file.modified),
                    line,
                    f.body,
                    theme.UMBER_DARK,
                    False,
                    "midleft",
                )
            else:
                reason = entry.error.message if entry.error else ""
                draw_text_fit(
                    surface,
                    _("Damaged: {reason}").format(reason=reason),
                    line,
                    f.body,
                    theme.ERROR,
                    True,
                    "midleft",
                )
        self._draw_scroll_bar(surface)

    def _draw_scroll_bar(self, surface: pygame.Surface) -> None:
        """A bar at the right when there are more saves than rows."""
        visible, total, body = self.visible_rows(), len(self.entries), self.lay.panel_body
        if total <= visible:
            return
        bar_h = max(12, body.height * visible // total)
        top = body.top + (body.height - bar_h) * self.first // max(1, total - visible)
        pygame.draw.rect(surface, theme.UMBER, (body.right - 6, top, 5, bar_h), border_radius=2)
