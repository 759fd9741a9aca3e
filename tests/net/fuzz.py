"""A hostile client for the network tests: it joins a table as a
player and sends messages of every wrong kind, reading each reply.

Kinds: malformed JSON, binary frames, frames over the protocol's limit and over the frame
limit (the server then closes the connection; the fuzzer returns with its token), wrong
versions and types, unknown fields, hellos with forged tokens, replayed and out-of-turn
actions, a start by a seat that does not own the table, creates with nonsense seats."""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from stoneage.net.protocol import MAX_CLIENT_BYTES, MAX_FRAME_BYTES, VERSION


def _junk(rng: random.Random) -> Any:
    return rng.choice(
        [None, True, -1, 2**70, 1.5, "", "x" * rng.randrange(200), [], {}, [1, [2, [3]]], {"a": {}}]
    )


def hostile(rng: random.Random, legal: list[str], ply: int, code: str) -> tuple[str, str | bytes]:
    """One hostile message (its kind, its frame). ``legal``: actions of another seat's turn
    (the fuzzer's seat is not to act), ``ply``: the table's position."""
    kinds = (
        "malformed",
        "binary",
        "too_large",
        "version",
        "wrong_type",
        "unknown",
        "extra_field",
        "forged_hello",
        "replayed",
        "out_of_turn",
        "not_owner",
        "bad_create",
        "nonsense_action",
    )
    # Another version closes the connection (after a reply in words): rarer, as a return
    # costs a new connection.
    kind = rng.choices(kinds, [0.1 if k == "version" else 1.0 for k in kinds])[0]
    v = VERSION
    if kind == "malformed":
        text = json.dumps({"v": v, "t": "action", "text": "x", "ply": ply})
        return kind, text[: rng.randrange(len(text))] + rng.choice(
            ["", "}", "]]", "\x00", "\ud800"[:0]]
        )
    if kind == "binary":
        return kind, rng.randbytes(rng.randrange(1, 300))
    if kind == "too_large":
        return kind, json.dumps(
            {"v": v, "t": "ping", "pad": "x" * (MAX_CLIENT_BYTES + rng.randrange(1000))}
        )
    if kind == "version":
        return kind, json.dumps({"v": rng.choice([0, 2, 99, "1", None, 1.0]), "t": "ping"})
    if kind == "wrong_type":
        return kind, json.dumps({"v": v, "t": "action", "text": _junk(rng), "ply": _junk(rng)})
    if kind == "unknown":
        return kind, json.dumps({"v": v, "t": rng.choice(["fly", "", "ACTION", "admin"])})
    if kind == "extra_field":
        return kind, json.dumps(
            {"v": v, "t": "action", "text": rng.choice(legal), "ply": ply, "seat": 0}
        )
    if kind == "forged_hello":
        token = "".join(rng.choice("abcdefABCDEF0123456789-_") for _ in range(32))
        return kind, json.dumps({"v": v, "t": "hello", "code": code, "token": token})
    if kind == "replayed":
        return kind, json.dumps(
            {"v": v, "t": "action", "text": rng.choice(legal), "ply": rng.randrange(ply)}
        )
    if kind == "out_of_turn":
        return kind, json.dumps({"v": v, "t": "action", "text": rng.choice(legal), "ply": ply})
    if kind == "not_owner":
        return kind, json.dumps({"v": v, "t": "start"})
    if kind == "bad_create":
        return kind, json.dumps({"v": v, "t": "create", "seats": [_junk(rng), _junk(rng)]})
    return kind, json.dumps(
        {
            "v": v,
            "t": "action",
            "text": rng.choice(["fly", "place moon 3", "pay 99gold", "", "   "]),
            "ply": ply,
        }
    )


class Fuzzer:
    """Sends ``count`` hostile messages over as many connections as it takes (a frame over the
    limit closes one); tallies the replies."""

    def __init__(self, url: str, code: str, token: str, legal: list[str], ply: int, seed: int = 1):
        self.url, self.code, self.token = url, code, token
        self.legal, self.ply = legal, ply
        self.rng = random.Random(seed)
        self.sent: Counter[str] = Counter()
        self.replies: Counter[str] = Counter()
        self.closed = 0
        self.unanswered = 0  # sent on a connection the server closed before it answered
        self.reasons: Counter[str] = Counter()

    async def _join(self) -> ClientConnection:
        ws = await connect(self.url, max_size=None, open_timeout=5)
        await ws.send(
            json.dumps({"v": VERSION, "t": "hello", "code": self.code, "token": self.token})
        )
        while True:  # the welcome, the lobby, the view
            reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
            if reply["t"] == "state":
                return ws

    async def run(self, count: int, batch: int = 25) -> None:
        """Send ``count`` messages, ``batch`` at a time before reading their replies; a
        message after which the server closes the connection (another version, a frame over
        the limit) goes alone, and the fuzzer returns with its token."""
        ws = await self._join()
        try:
            while (left := count - sum(self.sent.values())) > 0:
                frames: list[tuple[str, str | bytes]] = []
                while len(frames) < min(batch, left):
                    kind, frame = hostile(self.rng, self.legal, self.ply, self.code)
                    if self.rng.random() < 0.002:
                        kind, frame = "huge_frame", "x" * (MAX_FRAME_BYTES + 10)
                    closing = kind in ("version", "huge_frame")
                    if closing and frames:
                        continue  # it goes alone, in a batch of its own
                    frames.append((kind, frame))
                    if closing:
                        break
                ws = await self._exchange(ws, frames)
        finally:
            await ws.close()

    async def _exchange(
        self, ws: ClientConnection, frames: list[tuple[str, str | bytes]]
    ) -> ClientConnection:
        answered = 0
        try:
            for kind, frame in frames:
                self.sent[kind] += 1
                await ws.send(frame)
            while answered < len(frames):
                reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
                if reply["t"] not in ("error", "refused", "pong"):
                    continue  # news of the table (a lobby, a seat back): no reply
                answered += 1
                said = reply.get("code") or reply.get("template", "")[:30]
                self.replies[f"{reply['t']}:{said}"] += 1
            if frames[-1][0] == "version":
                while True:  # the server closes after its reply
                    await asyncio.wait_for(ws.recv(), 5)
        except ConnectionClosed as closed:
            self.closed += 1
            self.unanswered += len(frames) - answered
            self.reasons[f"{closed.rcvd.code if closed.rcvd else None} {frames[-1][0]}"] += 1
            return await self._join()
        return ws
