"""What the player types to join a table, checked before anything is sent: the host's address
(``192.168.1.20``, ``192.168.1.20:27436``, ``[fe80::1]:27436``, ``ws://host:port``, a host
name) and the table's code (six letters and digits, read out loud, any case, spaces and dashes
ignored). A mistake is said in words next to the field; nothing is sent until both are right."""

from __future__ import annotations

import ipaddress
import re

from stoneage.i18n import _
from stoneage.net.protocol import CODE_ALPHABET, CODE_LENGTH

#: The port a hosted table listens on when it is free (another one is picked when it is not).
HOST_PORT = 27436
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
    text = text.rstrip("/")
    host, port = _split(text, default_port)
    if not 1 <= port <= 65535:
        raise EntryError(_("A port is a number from 1 to 65535"))
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}:{port}"


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
    if len(code) != CODE_LENGTH:
        raise EntryError(
            _("A table's code has {count} letters and digits").format(count=CODE_LENGTH)
        )
    return code
