"""What the player types to join a table, checked before anything is sent: the address of the
host or the server (``192.168.1.20``, ``192.168.1.20:27436``, ``[fe80::1]:27436``,
``ws://host:port``, ``wss://server.example.org``, a host name) and the table's code (six letters
and digits read out loud, or the twelve of a dedicated server's private table; any case, spaces
and dashes ignored). A mistake is said in words next to the field; nothing is sent until both
are right.

Without a port, a hosted table's is meant (27436), or a dedicated server's (8765) when the code
is a private table's twelve characters or the address is a server's (the lobby); ``wss://``
without a port means 443, where a server behind a web server with a certificate answers."""

from __future__ import annotations

import ipaddress
import re

from stoneage.i18n import _
from stoneage.net.protocol import CODE_ALPHABET, CODE_LENGTH, PRIVATE_CODE_LENGTH

#: The port a hosted table listens on when it is free (another one is picked when it is not).
HOST_PORT = 27436
#: The port a dedicated server listens on unless told otherwise (``stoneage.server --port``).
SERVER_PORT = 8765
#: The port of ``wss://`` without one: a server behind a web server that holds a certificate.
TLS_PORT = 443
#: The longest code a player may type, with a dash or a space between its groups.
CODE_FIELD_LIMIT = PRIVATE_CODE_LENGTH + 4
_HOST_NAME = re.compile(
    r"^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$"
)


class EntryError(ValueError):
    """What is wrong with what the player typed, in the player's words."""


def table_url(typed: str, default_port: int = HOST_PORT) -> str:
    """The WebSocket address of the host the player typed; ``EntryError`` says what is wrong."""
    text = typed.strip()
    if not text:
        raise EntryError(_("Type the host's address, as the host's screen shows it"))
    scheme = "ws"
    for prefix in ("ws://", "wss://"):
        if text.lower().startswith(prefix):
            scheme, text = prefix[:-3], text[len(prefix) :]
    if scheme == "wss":
        default_port = TLS_PORT
    text = text.rstrip("/")
    host, port = _split(text, default_port)
    if not 1 <= port <= 65535:
        raise EntryError(_("A port is a number from 1 to 65535"))
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}:{port}"


def server_url(typed: str) -> str:
    """The WebSocket address of the dedicated server the player typed (its default port when
    none is given); ``EntryError`` says what is wrong."""
    if not typed.strip():
        raise EntryError(_("Type the server's address (and port), as its owner gives it"))
    return table_url(typed, SERVER_PORT)


def default_port_for(code: str) -> int:
    """The port meant by an address typed without one, for the table ``code``: a dedicated
    server's for a private table's twelve characters, else a hosted table's."""
    return SERVER_PORT if len(code) == PRIVATE_CODE_LENGTH else HOST_PORT


def _split(text: str, default_port: int) -> tuple[str, int]:
    """The host and the port of ``text`` (the default port when none is given)."""
    port_text = ""
    if text.startswith("["):  # [IPv6]:port
        end = text.find("]")
        if end < 0:
            raise EntryError(_("This address is not complete: a ] is missing"))
        host, rest = text[1:end], text[end + 1 :]
        if rest:
            if not rest.startswith(":"):
                raise EntryError(_("Not an address: {text}").format(text=text))
            port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host = text  # a name, an IPv4 address, or an IPv6 address without a port
    if port_text:
        if not port_text.isdigit():
            raise EntryError(_("A port is a number from 1 to 65535"))
        port = int(port_text)
    else:
        port = default_port
    if not _is_host(host):
        raise EntryError(_("Not an address: {text}").format(text=host or text))
    return host, port


def _is_host(host: str) -> bool:
    """True for an IP address or a well-formed host name."""
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    if ":" in host or host.replace(".", "").isdigit():
        return False  # a broken IPv6 or IPv4 address, not a name
    return bool(_HOST_NAME.match(host))


def keep_code_char(char: str) -> str | None:
    """A character typed into the code field as kept (capital; None: dropped)."""
    upper = char.upper()
    return upper if upper in CODE_ALPHABET else None


def table_code(typed: str) -> str:
    """The table's code the player typed (capitals; spaces and dashes dropped); ``EntryError``
    says what is wrong."""
    code = "".join(c for c in typed.upper() if c not in " -")
    if not code:
        raise EntryError(_("Type the table's code, as the host's screen shows it"))
    wrong = sorted({c for c in code if c not in CODE_ALPHABET})
    if wrong:
        raise EntryError(
            _("A table's code has no {letters}: look at it again").format(letters=" ".join(wrong))
        )
    if len(code) not in (CODE_LENGTH, PRIVATE_CODE_LENGTH):
        raise EntryError(
            _(
                "A table's code has {short} letters and digits ({long} for a server's private "
                "table)"
            ).format(short=CODE_LENGTH, long=PRIVATE_CODE_LENGTH)
        )
    return code


def shown_code(code: str) -> str:
    """A code as shown to read out or copy: a private table's twelve characters in groups of
    four (``ABCD EFGH JKLM``; typed back with or without the spaces)."""
    if len(code) != PRIVATE_CODE_LENGTH:
        return code
    return " ".join(code[i : i + 4] for i in range(0, len(code), 4))
