"""What one address (or one player identity) may ask of a server: the quotas that keep a
server strangers share from being used up or searched.

* **Creating tables** (``Creations``): each address, and each player identity, may have at most
  ``open_limit`` tables it created waiting for players at once, and create at most
  ``per_minute`` a minute (a burst of ``burst``). A table nobody joined expires (the service's
  sweep), so a quota used up frees itself.
* **Hellos** (``HelloGate``): every hello of an address (joining, returning, watching, a quick
  match) is answered at its turn, at most ``per_second`` a second per address, and the table is
  looked up only then, so a guesser learns at most that many codes a second whatever it sends
  and however many connections it opens; nothing is answered faster after a success than after
  a failure, so timing tells nothing either. A connection whose hello would wait more than
  ``max_queue`` seconds is held that long and closed unanswered (answered at once, it would
  come straight back and cost the server a handshake each time). A failed hello (an unknown code, a token that is no
  seat's) costs one of ``guesses`` chances that come back at ``refill`` a second; with none
  left, every hello of the address is refused (``too_many_guesses``) until one comes back. A
  connection whose turn is more than ``max_queue`` seconds away is closed.
* **Watching** (``Bucket`` per address): a spectator's hello also takes a token of a bucket of
  its own, so that watching in a loop is refused (``too_many_watchers``) before it costs the
  server's players anything.

The counters live in memory, one small entry per address seen lately (``sweep`` forgets the
quiet ones); a restart starts them afresh (a table nobody joined still expires by its age).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

from .protocol import ProtocolError


def seconds(wait: float) -> int:
    """A wait as whole seconds to tell a client (a day at most: a bucket that never refills
    is told so)."""
    return math.ceil(min(wait, 86_400.0))


@dataclass
class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` kept."""

    rate: float
    burst: float
    tokens: float = math.inf
    checked: float = 0.0

    def _fill(self, now: float) -> None:
        if self.tokens == math.inf:
            self.tokens = self.burst
        else:
            self.tokens = min(self.burst, self.tokens + (now - self.checked) * self.rate)
        self.checked = now

    def take(self, now: float) -> bool:
        """Take a token; False (nothing taken) when there is none."""
        self._fill(now)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def has(self, now: float) -> bool:
        """True when a token is there (none taken)."""
        self._fill(now)
        return self.tokens >= 1.0

    def wait(self, now: float) -> float:
        """Seconds until a token is there (0: now)."""
        self._fill(now)
        if self.tokens >= 1.0 or self.rate <= 0:
            return 0.0 if self.tokens >= 1.0 else math.inf
        return (1.0 - self.tokens) / self.rate

    def full(self, now: float) -> bool:
        """True when the bucket is full again (its entry can be forgotten)."""
        self._fill(now)
        return self.tokens >= self.burst


@dataclass
class Creations:
    """How many tables each address and each player identity created and still waiting, and
    how fast they create (see the module docstring). ``per_minute`` 0: no rate limit;
    ``open_limit`` 0: no limit on tables waiting at once."""

    per_minute: float = 6.0
    burst: float = 3.0
    open_limit: int = 4
    buckets: dict[str, Bucket] = field(default_factory=dict)
    waiting: dict[str, set[str]] = field(default_factory=dict)  # key -> codes of its tables

    def check(self, keys: list[str], now: float) -> None:
        """``ProtocolError`` when any of ``keys`` (an address, an identity) may not create a
        table now; nothing is counted."""
        for key in keys:
            if self.open_limit and len(self.waiting.get(key, ())) >= self.open_limit:
                raise ProtocolError("table_quota", limit=self.open_limit)
            if self.per_minute > 0:
                bucket = self._bucket(key)
                if not bucket.has(now):
                    raise ProtocolError("create_rate", seconds=seconds(bucket.wait(now)))

    def created(self, keys: list[str], code: str, now: float) -> None:
        """Count the table ``code`` that ``keys`` created."""
        for key in keys:
            if self.per_minute > 0:
                self._bucket(key).take(now)
            self.waiting.setdefault(key, set()).add(code)

    def settled(self, code: str) -> None:
        """The table ``code`` began, ended or expired: it no longer counts against anybody."""
        for key in [k for k, codes in self.waiting.items() if code in codes]:
            codes = self.waiting[key]
            codes.discard(code)
            if not codes:
                del self.waiting[key]

    def _bucket(self, key: str) -> Bucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(self.per_minute / 60.0, self.burst)
        return bucket

    def sweep(self, now: float) -> None:
        """Forget the buckets that are full again."""
        for key in [k for k, b in self.buckets.items() if b.full(now)]:
            del self.buckets[key]


class TooManyHellos(Exception):
    """An address's hellos queue too far ahead: the connection is closed unanswered."""


@dataclass
class _Address:
    guesses: Bucket
    watches: Bucket
    last: float
    answered: float = -math.inf
    waiting: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class HelloGate:
    """The turns of each address's hellos and its failed guesses (see the module docstring).
    ``per_second`` 0: no pacing."""

    def __init__(
        self,
        clock: Callable[[], float],
        per_second: float = 5.0,
        guesses: int = 20,
        refill: float = 1 / 6,
        watches_per_second: float = 1.0,
        watch_burst: int = 8,
        max_queue: float = 5.0,
    ) -> None:
        self.clock = clock
        self.per_second = per_second
        self.guesses = guesses
        self.refill = refill
        self.watches_per_second = watches_per_second
        self.watch_burst = watch_burst
        self.max_queue = max_queue
        self.addresses: dict[str, _Address] = {}

    def _entry(self, address: str, now: float) -> _Address:
        entry = self.addresses.get(address)
        if entry is None:
            entry = self.addresses[address] = _Address(
                Bucket(self.refill, self.guesses),
                Bucket(self.watches_per_second, self.watch_burst),
                now,
            )
        entry.last = now
        return entry

    @contextlib.asynccontextmanager
    async def turn(self, address: str) -> AsyncIterator[None]:
        """The block answers one hello of ``address``, at its turn: the address's hellos
        are answered one at a time, each at least ``1 / per_second`` after the one before
        (measured from when that one's answer was written). ``TooManyHellos`` when more than
        ``max_queue`` seconds of hellos already wait; ``ProtocolError``
        (``too_many_guesses``) when the address has no guess left."""
        entry = self._entry(address, self.clock())
        if self.per_second <= 0:
            self._check_guesses(entry)
            yield
            return
        if entry.waiting >= self.max_queue * self.per_second:
            raise TooManyHellos(address)
        entry.waiting += 1
        try:
            await entry.lock.acquire()
        finally:
            entry.waiting -= 1
        try:
            wait = entry.answered + 1.0 / self.per_second - self.clock()
            if wait > 0:
                await asyncio.sleep(wait)
            self._check_guesses(entry)
            yield
        finally:
            # The answer (or the refusal the caller sends as the exception leaves) is written
            # by the outbox's flush, scheduled in this same step of the task, so before the
            # first hop below: the turn ends at the second, after the write, and the answers
            # *leave* at least 1 / per_second apart (stamped when queued, a slow flush once
            # let two go 195 ms apart).
            loop = asyncio.get_running_loop()
            loop.call_soon(loop.call_soon, self._end_turn, entry)

    def _end_turn(self, entry: _Address) -> None:
        entry.answered = self.clock()
        entry.lock.release()

    def _check_guesses(self, entry: _Address) -> None:
        now = self.clock()
        if not entry.guesses.has(now):
            raise ProtocolError("too_many_guesses", seconds=seconds(entry.guesses.wait(now)))

    def failed(self, address: str) -> None:
        """A hello of ``address`` named no table, or no seat: one guess less."""
        now = self.clock()
        self._entry(address, now).guesses.take(now)

    def watch(self, address: str) -> None:
        """A spectator's hello of ``address``; ``ProtocolError`` (``too_many_watchers``) when
        the address watches too often."""
        now = self.clock()
        bucket = self._entry(address, now).watches
        if not bucket.take(now):
            raise ProtocolError("too_many_watchers", seconds=seconds(bucket.wait(now)))

    def sweep(self, quiet: float = 600.0) -> None:
        """Forget the addresses quiet for ``quiet`` seconds whose chances are all back."""
        now = self.clock()
        for address, entry in list(self.addresses.items()):
            if (
                now - entry.last > quiet
                and entry.guesses.full(now)
                and entry.watches.full(now)
                and not entry.waiting
                and not entry.lock.locked()
            ):
                del self.addresses[address]
