"""The messages of network play: versioned JSON objects, checked field by field.

Every message is one JSON object in one WebSocket text frame, with the protocol version ``v``
and its type ``t``. A client sends few kinds (``CLIENT_MESSAGES``: their fields and types);
the host checks each against that table before anything else reads it, so a message too large,
not JSON, of another version, of an unknown type or with a field of the wrong type is refused
with a ``ProtocolError`` (a code and its values, which the client words in its own language)
and changes nothing. A client reads the host's messages with the same care (``read_host``).

Fields are added to the host's messages without a new version when a client of this version
that ignores them still plays right (a client reads only the fields it knows): so the
``backlog`` of an arrival's ``state`` message (the recent past for the log) is a field that an
older client ignores, its log starting empty as before, and a newer client meeting an older
host gets no backlog and shows the same empty log. The version changes only when a message an
older side would read changes its meaning.

Secrets: each seat has a token (``new_token``: 192 random bits, URL-safe text) that only its
player's client holds; the host keeps only its digest (``token_digest``), compared in constant
time. A table has a code (``new_code``) to type or read out; the code lets somebody ask to join
or watch, never to act for a seat. A table listed in a server's lobby, or hosted from a
window (one table, on the host's own network), has a short code of ``CODE_LENGTH`` (6)
characters, which anybody may read off the lobby or be told out loud. A private table of a
server has ``PRIVATE_CODE_LENGTH`` (12) characters, 59 bits: the code is its only secret. A
server answers at most 5 hellos a second per address and refuses an address after 20 failed
ones until they come back at 10 a minute (``guard``), so even 1,000 addresses guessing at the
full rate against 10,000 private tables would need 31**12 / (10,000 * 5,000 a second), some
500 years, to find one (and a six-character code, 31**6, would fall in about 18 seconds).

A player may say who they are with a player key (``key``: a secret the player's client makes
on first use and derives per server, see ``stoneage.net.identity``); the server keeps only its
digest, the player's identity for its quotas and ratings.

The JSON is written and read by ``orjson`` where it is installed (the dedicated server's extra,
``pip install 'stoneage[server]'``: a step's message in about a tenth of the standard library's
time, which was a tenth of the server's work for each action), else by the standard library's
``json``; both write the same text for every message of the game (tested), and both read only
strict JSON.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

#: The protocol version; a client and a host of different versions refuse each other in words.
#: 2: a step comes as the rules' events (``step``: actor, action, events), which each client
#: words itself and applies to its view, where version 1 sent the story's lines and cues
#: (``story``) and the view after every step; the view comes only where the client cannot
#: follow the step (or asks: ``sync``); a view's pending roll says whether it is a card's
#: dice (``rules.wire``'s layout 2; layout 3, still unreleased version 2: so does a pending
#: choice of tools after them). The server's lobby, quick match, phrases, ratings and
#: player keys (issue 44, added while version 1 was current and never released in it) are
#: part of version 2.
VERSION: Final = 2
#: The largest message a client may send (an action's text and a name need far less).
MAX_CLIENT_BYTES: Final = 4096
#: The largest message a host sends (a view with its step is a few kilobytes; an arrival's
#: backlog of the last two rounds adds some 30 kB late in a four-player game).
MAX_HOST_BYTES: Final = 1 << 20
#: Frames larger than this are not even read: the WebSocket library closes the connection.
MAX_FRAME_BYTES: Final = 1 << 16
#: The close code of a connection whose seat was taken up by a new connection with its token.
REPLACED: Final = 4000
MAX_NAME: Final = 24
MAX_ACTION_TEXT: Final = 80
TOKEN_BYTES: Final = 24  # 192 bits
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read out loud
CODE_LENGTH: Final = 6
#: The code of a private table on a server: long enough to be a secret (see above).
PRIVATE_CODE_LENGTH: Final = 12
#: The longest code a client may send (a private code typed with dashes or spaces).
MAX_CODE_TEXT: Final = 32
MAX_KEY_TEXT: Final = 64
#: The languages a table may be said to be played in (``""``: not said).
LANGUAGES: Final = ("", "en", "zh", "ja")
#: The quick phrases a player may say at a table, by id (each client words them in its
#: language): no free text, so there is nothing to moderate.
PHRASES: Final = ("hello", "good_game", "well_played", "thinking", "oops")
BOT_LEVELS: Final = ("random", "easy", "normal", "hard")
COLOURS: Final = ("red", "blue", "green", "yellow")

# What each field of a client's message may be: (the JSON types it may take, required?).
_Str, _Int, _Bool, _Null = (str,), (int,), (bool,), (type(None),)
_Field = tuple[tuple[type, ...], bool]
CLIENT_MESSAGES: Final[dict[str, dict[str, _Field]]] = {
    # join a table (``code``): as the seat of ``token`` (returning), or claiming a free seat
    # (``seat``, or the first free one), or watching (``watch``)
    "hello": {
        "code": (_Str, True),
        "name": (_Str, False),
        "token": (_Str + _Null, False),
        "seat": (_Int + _Null, False),
        "watch": (_Bool, False),
        "key": (_Str, False),
    },
    # a new table on a server: its seats; the creator then joins it with ``hello``. A table
    # ``listed`` in the lobby gets a short code; otherwise a long, secret one.
    "create": {
        "seats": ((list,), True),
        "standin": (_Str, False),
        "wait": ((int, float), False),
        "spectators": (_Bool, False),
        "listed": (_Bool, False),
        "lang": (_Str, False),
        "key": (_Str, False),
    },
    # the server's lobby: its listed tables (answered with ``tables``)
    "tables": {},
    # seat me at a waiting table of ``players`` seats (any size: null), or open one
    "quick": {
        "players": (_Int + _Null, False),
        "name": (_Str, False),
        "key": (_Str, False),
        "lang": (_Str, False),
    },
    # the server's best rated players (answered with ``leaders``)
    "leaders": {},
    # a quick phrase to the table, by its id
    "phrase": {"id": (_Str, True)},
    "start": {},  # the owner starts the game; seats nobody claimed get bots
    "action": {"text": (_Str, True), "ply": (_Int, True)},
    "leave": {},
    "ping": {},
    # the client could not follow a step on its view: the host sends the view as it is now
    "sync": {},
}
_SEAT_FIELDS: Final[dict[str, _Field]] = {
    "kind": (_Str, True),
    "level": (_Str, False),
    "name": (_Str, False),
    "colour": (_Str, False),
}
SEAT_KINDS: Final = ("remote", "bot")


class ProtocolError(ValueError):
    """A message refused: ``code`` names what is wrong (the client words it), ``params`` fill
    the words."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(f"{code} {params}" if params else code)

    def message(self) -> dict[str, Any]:
        """The error reply that tells the client."""
        return make("error", code=self.code, params=self.params)


@dataclass(frozen=True)
class SeatPlan:
    """A seat of a new table as a creator asks for it: a player who joins, or a bot."""

    kind: str  # "remote" or "bot"
    level: str = "normal"
    name: str = ""
    colour: str = ""


@dataclass(frozen=True)
class ClientMessage:
    """A client's message that passed every check: its type and its fields."""

    kind: str
    fields: dict[str, Any] = field(default_factory=dict)

    def get(self, name: str, default: Any = None) -> Any:
        """A field's value, or ``default`` when the client left it out."""
        return self.fields.get(name, default)


# --- making and reading -----------------------------------------------------------------------
def make(kind: str, **fields: Any) -> dict[str, Any]:
    """A message of this version: ``v``, ``t`` and the fields."""
    return {"v": VERSION, "t": kind, **fields}


def encode(message: dict[str, Any]) -> str:
    """The message as compact JSON text (strict JSON: no message carries NaN or infinity)."""
    return _encode(message)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


# Made once: ``json.dumps`` and ``json.loads`` with options make a new one at every call.
_ENCODER: Final = json.JSONEncoder(separators=(",", ":"), allow_nan=False, ensure_ascii=False)
_DECODER: Final = json.JSONDecoder(parse_constant=_no_constant)


def encode_stdlib(message: dict[str, Any]) -> str:
    """``encode`` by the standard library's ``json`` (where ``orjson`` is not installed)."""
    return _ENCODER.encode(message)


def decode_stdlib(text: str) -> object:
    """A JSON text read by the standard library's ``json`` (NaN and infinity refused)."""
    return _DECODER.decode(text)


def _as_list(value: object) -> list[Any]:
    """What ``json`` writes of a tuple's subclass (a ``NamedTuple``), which ``orjson`` does
    not write by itself: its items, as a list."""
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


_encode: Callable[[dict[str, Any]], str] = encode_stdlib
_decode: Callable[[str], object] = decode_stdlib
try:
    import orjson
except ImportError:  # the window's installers: the standard library reads and writes it all
    ORJSON = False
else:
    ORJSON = True

    def encode_orjson(message: dict[str, Any]) -> str:
        """``encode`` by ``orjson``: the same text as ``encode_stdlib`` (keys that are not
        strings written as strings, as ``json`` does)."""
        return orjson.dumps(message, default=_as_list, option=orjson.OPT_NON_STR_KEYS).decode()

    # orjson reads strict JSON only (NaN and infinity are refused, as _no_constant does).
    _encode, _decode = encode_orjson, orjson.loads


def _load(text: object, limit: int) -> dict[str, Any]:
    """The JSON object of a frame, its size and version checked."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        raise ProtocolError("binary")
    if not isinstance(text, str):
        raise ProtocolError("malformed")
    if len(text) > limit or (not text.isascii() and len(text.encode("utf-8", "replace")) > limit):
        raise ProtocolError("too_large", limit=limit)
    try:
        document = _decode(text)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed") from None
    if not isinstance(document, dict):
        raise ProtocolError("malformed")
    version = document.get("v")
    if version != VERSION or type(version) is not int:
        theirs = version if isinstance(version, (int, str)) and len(str(version)) < 20 else None
        raise ProtocolError("version", theirs=theirs, ours=VERSION)
    if not isinstance(document.get("t"), str):
        raise ProtocolError("malformed")
    return document


def read_client(text: object) -> ClientMessage:
    """A client's message, every field checked; ``ProtocolError`` otherwise."""
    document = _load(text, MAX_CLIENT_BYTES)
    kind = document["t"]
    spec = CLIENT_MESSAGES.get(kind)
    if spec is None:
        raise ProtocolError("unknown_type")
    fields = _checked_fields(document, spec)
    _check_text(fields, "key", MAX_KEY_TEXT)
    _check_text(fields, "name", MAX_NAME)
    if fields.get("lang", "") not in LANGUAGES:
        raise ProtocolError("bad_field", field="lang")
    if kind == "hello":
        _check_text(fields, "code", MAX_CODE_TEXT)
        _check_text(fields, "token", 200)
        seat = fields.get("seat")
        if seat is not None and not 0 <= seat < 4:
            raise ProtocolError("bad_field", field="seat")
    elif kind == "quick":
        players = fields.get("players")
        if players is not None and not 2 <= players <= 4:
            raise ProtocolError("bad_field", field="players")
    elif kind == "phrase":
        if fields["id"] not in PHRASES:
            raise ProtocolError("bad_field", field="id")
    elif kind == "action":
        _check_text(fields, "text", MAX_ACTION_TEXT)
        if fields["ply"] < 0:
            raise ProtocolError("bad_field", field="ply")
    elif kind == "create":
        fields["seats"] = _seat_plans(fields["seats"])
        if fields.get("standin", "normal") not in BOT_LEVELS:
            raise ProtocolError("bad_field", field="standin")
        wait = fields.get("wait", 0)
        if not math.isfinite(wait) or not 0 <= wait <= 7 * 24 * 3600:
            raise ProtocolError("bad_field", field="wait")
    return ClientMessage(kind, fields)


def _checked_fields(document: dict[str, Any], spec: dict[str, _Field]) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for name, value in document.items():
        if name in ("v", "t"):
            continue
        if name not in spec:
            raise ProtocolError("bad_field", field=name[:40])
        types, _required = spec[name]
        # bool is an int to Python, never to the protocol (and an int is no bool).
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise ProtocolError("bad_field", field=name)
        fields[name] = value
    for name, (_types, required) in spec.items():
        if required and name not in fields:
            raise ProtocolError("missing_field", field=name)
    return fields


def _check_text(fields: dict[str, Any], name: str, longest: int) -> None:
    value = fields.get(name)
    if isinstance(value, str) and (len(value) > longest or not value.isprintable()):
        raise ProtocolError("bad_field", field=name)


def _seat_plans(raw: list[Any]) -> tuple[SeatPlan, ...]:
    if not 2 <= len(raw) <= 4:
        raise ProtocolError("bad_field", field="seats")
    plans = []
    for item in raw:
        if not isinstance(item, dict):
            raise ProtocolError("bad_field", field="seats")
        seat = _checked_fields(item, _SEAT_FIELDS)
        _check_text(seat, "name", MAX_NAME)
        kind, level = seat["kind"], seat.get("level", "normal")
        colour = seat.get("colour", "")
        if kind not in SEAT_KINDS or level not in BOT_LEVELS or colour not in ("", *COLOURS):
            raise ProtocolError("bad_field", field="seats")
        plans.append(SeatPlan(kind, level, seat.get("name", ""), colour))
    return tuple(plans)


def read_host(text: object) -> dict[str, Any]:
    """A host's message as a JSON object of this version with a type; ``ProtocolError``
    otherwise (the client reads each field it uses with care too)."""
    return _load(text, MAX_HOST_BYTES)


# --- secrets ----------------------------------------------------------------------------------
def new_token() -> str:
    """A seat's secret: 192 random bits as URL-safe text."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_digest(token: str) -> str:
    """What the host keeps of a token (its SHA-256), so that a stolen database acts for
    nobody."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_matches(token: object, digest: str) -> bool:
    """True when ``token`` is the one of ``digest`` (compared in constant time)."""
    return isinstance(token, str) and hmac.compare_digest(token_digest(token), digest)


def new_code(taken: set[str] | frozenset[str] = frozenset(), length: int = CODE_LENGTH) -> str:
    """A table code of ``length`` characters, read out loud without confusion, not among
    ``taken``."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))
        if code not in taken:
            return code


def identity_of(key: object) -> str | None:
    """The identity a server keeps of a player key (its digest), or None for no key."""
    return token_digest(key) if isinstance(key, str) and key else None


def normal_code(code: str) -> str:
    """A code as typed, read the way it was given (case, spaces and dashes ignored)."""
    return "".join(c for c in code.upper() if c.isalnum())
