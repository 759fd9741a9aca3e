"""Who this player is to the servers they play on: a player key and a display name.

The key is made on first use (``PlayerKeys.load_or_create``): 256 random bits, kept in the
data folder in ``player.json``, readable by its owner only (mode 0600, written atomically), and
never shown. There is no password: whoever holds the file is the player. A server is never
sent the key itself but a key of its own (``PlayerKey.for_server``: an HMAC of the server's
address under the key), so that a server cannot act as the player on another server; it keeps
only that key's digest, the player's identity for its ratings and quotas.

The display name is the player's own choice (kept with the key, at most 24 characters).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import secrets
from dataclasses import dataclass
from pathlib import Path

from .files import atomic_write, data_dir, narrow, previous_of, read_limited

log = logging.getLogger(__name__)

KEY_BYTES = 32
MAX_NAME = 24
FILE_NAME = "player.json"


@dataclass(frozen=True)
class PlayerKey:
    """The player's key (URL-safe text) and display name."""

    key: str
    name: str = ""

    def for_server(self, server: str) -> str:
        """The key this player gives the server ``server`` (its address, as ``host:port``):
        the same for that server every time, another for every other server, and none of them
        tells the player key."""
        mac = hmac.new(self.key.encode(), b"stoneage-player/" + server.encode(), hashlib.sha256)
        return base64.urlsafe_b64encode(mac.digest()).decode().rstrip("=")


def new_key() -> str:
    """A new player key: 256 random bits as URL-safe text."""
    return secrets.token_urlsafe(KEY_BYTES)


class PlayerKeys:
    """The player key file in ``folder`` (the data folder by default)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir()

    @property
    def path(self) -> Path:
        """The file of the key."""
        return self.folder / FILE_NAME

    def load(self) -> PlayerKey | None:
        """The kept key (from its previous copy when the file is damaged), or None (none
        yet, or neither reads)."""
        for path in (self.path, previous_of(self.path)):
            found = _read(path)
            if found is not None:
                narrow(path)  # a file copied in by hand keeps no wider mode
                return found
        return None

    def load_or_create(self, name: str = "") -> PlayerKey:
        """The kept key, or a new one made and kept now (with ``name``). When the file cannot
        be written the key still serves this session (and a new one is made next time)."""
        found = self.load()
        if found is not None:
            return found
        made = PlayerKey(new_key(), name.strip()[:MAX_NAME])
        self._write(made)
        return made

    def rename(self, name: str) -> PlayerKey:
        """Keep ``name`` as the display name (the key made if there was none)."""
        current = self.load_or_create(name)
        renamed = PlayerKey(current.key, name.strip()[:MAX_NAME])
        self._write(renamed)
        return renamed

    def _write(self, player: PlayerKey) -> None:
        try:
            atomic_write(
                self.path,
                json.dumps({"key": player.key, "name": player.name}),
                private=True,
            )
        except OSError:
            log.exception("the player key could not be kept")


def _read(path: Path) -> PlayerKey | None:
    try:
        raw = json.loads(read_limited(path))
        key, name = raw["key"], raw.get("name", "")
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if not isinstance(key, str) or len(key) < 32 or not isinstance(name, str):
        return None
    return PlayerKey(key, name[:MAX_NAME])
