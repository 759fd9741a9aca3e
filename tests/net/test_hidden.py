"""Hidden information: every byte a player's client and a spectator's receive in a whole game
is recorded, and none of the seed, the future dice and reveals, the history, nor another
seat's face-down extra card can be recovered from them.

The proof: each update a client received is exactly what the rules' view of its seat (and
the step's events, hidden from that seat as ``hidden_from`` hides them) gives when the game is
replayed *without a seed* from the actions taken so far; so it is a function of the past as the seat may know it, and nothing about what
comes next is in it. Besides, the seed's digits, the other seats' tokens and the cards drawn
face down by other seats never appear in the bytes (the set of unseen cards aside, which holds
such a card among all the others, sorted). The same holds for the backlog of a player who
returns mid-game and of a spectator who arrives late: each past step is the one the live
steps would have told that listener."""

from __future__ import annotations

import json
from typing import Any

from stoneage.net.client import Client, ViewUpdate
from stoneage.net.host import Host
from stoneage.net.service import ServiceConfig
from stoneage.net.table import SeatConfig, step_data
from stoneage.play.match import step_of
from stoneage.rules import SPECTATOR, DrawExtra, DrawFaceDown, GameState, new_game, view_to_wire

from .players import Script, play_until

SEED = 8_315_923_447_120_553
MIDWAY = 262  # a player returns and a spectator arrives just after a face-down draw (ply 253)


class Recording(Client):
    """The window's client, keeping every frame it receives."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.frames: list[str] = []

    def _read(self, raw: object) -> None:
        self.frames.append(raw if isinstance(raw, str) else repr(raw))
        super()._read(raw)


def _keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | set().union(*(_keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(v) for v in value)) if value else set()
    return set()


def _seedless_steps(players: int, actions: list[str]) -> list[GameState]:
    state = new_game(players, None)  # no seed: nothing about the future can be in it
    states = [state]
    for text in actions:
        state = state.apply(text)
        states.append(state)
    return states


def test_no_client_can_recover_what_its_seat_may_not_know(clients: list[Client]) -> None:
    seats = [
        SeatConfig("remote"),
        SeatConfig("remote"),
        SeatConfig("bot"),
        SeatConfig("bot", "easy"),
    ]
    # Seeded dice (a test's own): the game of this seed has a face-down draw before MIDWAY.
    host = Host(seats, bind="127.0.0.1", seed=SEED, config=ServiceConfig(seeded_chance=True))
    host.start()
    try:
        code = host.code or ""
        players = [Recording(host.url(), code, name=f"P{i}") for i in range(2)]
        watcher = Recording(host.url(), code, watch=True)
        clients.extend([*players, watcher])
        scripts = [Script(c) for c in players]
        for client, script in zip(players, scripts):
            client.start()
            script.joined()
        watcher.start()
        # Mid-game, seat 1's connection drops and it returns, and a second spectator
        # arrives: both are told the backlog, which must hide what the live stories hide.
        play_until(scripts, done=lambda: watcher.view is not None and watcher.view.ply >= MIDWAY)
        players[1].kill()
        back = Recording(host.url(), code, token=players[1].token)
        late = Recording(host.url(), code, watch=True)
        clients.extend([back, late])
        back.start()
        late.start()
        scripts[1] = Script(back)
        scripts[1].joined()
        play_until(scripts)
        watching = Script(watcher)
        play_until([watching], done=lambda: watcher.view is not None and watcher.view.is_terminal())
        assert host.service is not None
        table = host.service.table(code)
        assert table is not None
        actions = list(table.record.actions)
    finally:
        host.stop()

    states = _seedless_steps(4, actions)
    extras = [  # (owner, card) of every card drawn face down
        (states[i].decision().owner, action)
        for i, action in enumerate(actions)
        if action.startswith("extra ") and isinstance(states[i].decision(), DrawFaceDown)
    ]
    assert extras, "this game should draw a face-down card (else it proves nothing of them)"
    tokens = {c.seat: c.token for c in players}
    backlogs = hidden_draws = 0
    for client, frames in [
        (players[0], players[0].frames),
        (back, players[1].frames + back.frames),
        (watcher, watcher.frames),
        (late, late.frames),
    ]:
        seat = client.seat
        viewer = SPECTATOR if seat is None else seat
        text = "".join(frames)
        assert str(SEED) not in text
        assert all(token not in text for s, token in tokens.items() if s != seat and token)
        updates = views = 0
        public: list[str] = []
        for frame in frames:
            message = json.loads(frame)
            assert not _keys(message) & {"seed", "history", "actions", "token_digest", "digests"}
            if message["t"] == "state":
                updates += 1
                ply = message["ply"]
                if "view" in message:
                    assert message["view"] == view_to_wire(states[ply].view(viewer))
                    deck = message["view"].pop("deck")
                    assert deck == sorted(deck)  # a set, never an order
                    views += 1
                if message["step"] is not None:
                    before = states[ply - 1]
                    step = step_of(before, _action(before, actions[ply - 1]))
                    assert step.after == states[ply]
                    assert message["step"] == step_data(step, viewer)
                for past in message.get("backlog", {}).get("steps", []):
                    at = past["ply"]
                    before = states[at]
                    step = step_of(before, _action(before, actions[at]))
                    told = {**step_data(step, viewer), "ply": at, "round": before.round}
                    assert past == told
                    backlogs += 1
                    hidden_draws += past["action"] == "extra ?"
            public.append(json.dumps(message))
        assert updates > 100 and 0 < views < updates / 4  # the steps come without a view
    # Each client followed every step on its view (applying the step's action to it where no
    # view came): each view it showed is its seat's view at that point of the game.
    heard = [
        (0, scripts[0].events),
        (1, scripts[1].events),
        (SPECTATOR, watching.events),
        (SPECTATOR, late.poll()),
    ]
    for viewer, events in heard:
        shown = [e for e in events if isinstance(e, ViewUpdate)]
        assert len(shown) > 50
        for update in shown:
            assert view_to_wire(update.view) == view_to_wire(states[update.ply].view(viewer))
        seen = "".join(public)
        for owner, action in extras:
            card = action.split()[1]
            if owner != seat:
                assert f'"{card}"' not in seen and f"extra {card}" not in seen
            else:
                assert f'"{card}"' in seen  # the owner does see its own card
    assert backlogs > 100  # the returning player and the late spectator were told the past
    assert hidden_draws, "a face-down draw should be in a backlog (else it proves nothing)"


def _action(state: GameState, text: str) -> Any:
    for action in state.legal_actions():
        if str(action) == text:
            return action
    assert text.startswith("extra ")
    return DrawExtra(text.split()[1])
