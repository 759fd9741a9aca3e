"""The authoritative table without a network: seats, tokens, turns, refusals, stand-ins,
what each seat is sent, and a table rebuilt from its record."""

from __future__ import annotations

import json

import pytest

from stoneage.net.protocol import ProtocolError
from stoneage.net.table import ActionRefused, NetTable, SeatConfig, TableRecord
from stoneage.rules import CHANCE, view_from_wire


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _table(clock: Clock | None = None, wait: float = 5.0) -> NetTable:
    seats = [SeatConfig("host"), SeatConfig("remote"), SeatConfig("bot", "easy")]
    return NetTable.create("ABCDEF", seats, 4242, wait=wait, clock=clock or Clock())


def _run_automatic(table: NetTable) -> int:
    done = 0
    while (found := table.automatic()) is not None:
        _seat, decide = found
        assert table.apply_automatic(decide(), table.state().ply) is not None
        done += 1
    return done


def test_seats_are_claimed_once_each_with_a_token() -> None:
    table = _table()
    host_seat, host_token = table.claim(None, "Ann")
    remote_seat, remote_token = table.claim(None, "Bob")
    assert (host_seat, remote_seat) == (0, 1)
    assert host_token != remote_token
    assert table.seat_of(host_token) == 0 and table.seat_of(remote_token) == 1
    assert table.seat_of("guess") is None
    with pytest.raises(ProtocolError):
        table.claim(None)
    assert table.ready() and table.owner() == 0
    assert host_token not in json.dumps(table.record.to_dict())


def test_only_the_seat_to_act_acts_and_a_refusal_changes_nothing() -> None:
    table = _table()
    table.claim(None), table.claim(None)
    for seat in (0, 1):
        table.connected(seat)
    table.start()
    _run_automatic(table)
    state = table.state()
    actor = state.current_player()
    other = 1 - actor
    legal = str(state.legal_actions()[0])
    with pytest.raises(ActionRefused) as caught:
        table.act(other, legal, state.ply)
    assert caught.value.template.startswith("it is not this seat's turn")
    with pytest.raises(ActionRefused):
        table.act(actor, "fly away", state.ply)
    with pytest.raises(ActionRefused):
        table.act(actor, "place hut 5", state.ply)
    with pytest.raises(ProtocolError):
        table.act(actor, legal, state.ply - 1)  # an old position: a replayed message
    assert table.state() is state and len(table.record.actions) == state.ply
    step = table.act(actor, legal, state.ply)
    assert step.actor == actor and table.state().ply == state.ply + 1


def test_an_absent_player_waits_its_countdown_then_a_stand_in_plays() -> None:
    clock = Clock()
    table = _table(clock, wait=5.0)
    table.claim(None), table.claim(None)
    table.connected(0)
    table.disconnected(1)
    table.start()
    # Play the host's moves with its first legal action until seat 1 must decide.
    while True:
        _run_automatic(table)
        state = table.state()
        if state.current_player() == 1:
            break
        table.act(0, str(state.legal_actions()[0]), state.ply)
    ply = table.state().ply
    assert table.automatic() is None  # the countdown runs
    clock.now += 5.1
    found = table.automatic()
    assert found is not None and found[0] == 1
    assert table.standing_in() == [1]
    table.apply_automatic(found[1](), ply)
    assert table.state().ply > ply
    table.connected(1)  # back with the token: the stand-in leaves
    assert table.standing_in() == []


def _stand_in_to_decide(clock: Clock) -> NetTable:
    """A table whose seat 1 is away past its countdown, and seat 1 to decide."""
    table = _table(clock, wait=5.0)
    table.claim(None), table.claim(None)
    table.connected(0)
    table.disconnected(1)
    table.start()
    while True:
        _run_automatic(table)
        state = table.state()
        if state.current_player() == 1:
            break
        table.act(0, str(state.legal_actions()[0]), state.ply)
    clock.now += 5.1
    return table


def test_a_stand_in_decides_as_the_match_driver_s_seed_policy_says() -> None:
    """One decide path: the stand-in is the seat's bot of the stand-in level, made and asked
    exactly as ``Match`` makes and asks a bot of that seat."""
    from stoneage.play.match import bot_decision, seat_bot, seat_seed

    table = _stand_in_to_decide(Clock())
    state = table.state()
    found = table.automatic()
    assert found is not None and found[0] == 1
    bot = table._standin_bots[1]
    assert bot.seed == seat_seed(table.record.bot_key, 1)
    same = seat_bot(table.record.standin, table.record.bot_key, 1)
    assert found[1]() == bot_decision(same, table.record.bot_key, 1, state)


def test_a_stand_in_that_fails_plays_the_match_driver_s_seeded_move_not_the_first() -> None:
    import random

    table = _stand_in_to_decide(Clock())
    state = table.state()
    assert table.automatic() is not None

    class Broken:
        seed = 0
        rng = random.Random(0)

        def choose(self, view):
            raise RuntimeError("a bot bug")

    table._standin_bots[1] = Broken()  # type: ignore[assignment]
    found = table.automatic()
    assert found is not None
    assert found[1]() == random.Random(state.ply).choice(state.legal_actions())


def test_each_seat_is_sent_its_own_view_and_a_spectator_none() -> None:
    table = _table()
    table.claim(None), table.claim(None)
    table.start()
    _run_automatic(table)
    state = table.state()
    for seat in (0, 1, None):
        message = table.update(seat)
        text = json.dumps(message)
        assert (
            "seed" not in text and "history" not in text and str(table.record.bot_key) not in text
        )
        view = view_from_wire(message["view"])
        assert view == (state.view(seat) if seat is not None else state.view(-1))


def test_a_table_is_rebuilt_from_its_record_at_the_same_decision() -> None:
    table = _table()
    _seat, token = table.claim(None)
    table.claim(None)
    table.start()
    for _ in range(30):
        _run_automatic(table)
        state = table.state()
        table.act(state.current_player(), str(state.legal_actions()[-1]), state.ply)
    record = TableRecord.from_dict(
        json.loads(json.dumps(table.record.to_dict())), list(table.record.actions)
    )
    again = NetTable(record)
    assert again.state() == table.state()
    assert again.seat_of(token) == 0


def test_probing_a_chance_node_tells_nothing_of_the_unseen_cards() -> None:
    table = _table()
    table.claim(None), table.claim(None)
    table.start()  # the display is still to turn up: a chance node
    state = table.state()
    assert state.current_player() == CHANCE
    reasons = set()
    for card in ("G05", "F01", "ZZZ"):
        for text in (f"card {card}", f"extra {card}"):
            with pytest.raises(ActionRefused) as caught:
                table.act(0, text, state.ply)
            reasons.add((caught.value.template, tuple(sorted(caught.value.params.items()))))
    assert len(reasons) == 1 and table.state() is state


def test_bots_are_named_after_their_opponent_and_play_it_through_a_stored_record() -> None:
    seats = [
        SeatConfig("host"),
        SeatConfig("remote"),
        SeatConfig("bot", "hard", opponent="scholar"),
        SeatConfig("bot", "easy"),
    ]
    table = NetTable.create("ABCDEF", seats, 4242, clock=Clock())
    assert [s.name for s in table.record.seats[2:]] == ["Lumi 3", "Kaya 4"]
    table.claim(None), table.claim(None)
    table.start()
    stored = json.loads(json.dumps(table.record.to_dict()))
    assert stored["seats"][2]["opponent"] == "scholar"
    assert "opponent" not in stored["seats"][3]  # the balanced one: written as before
    again = NetTable(TableRecord.from_dict(stored, list(table.record.actions)))
    assert again.match is not None
    assert [(s.opponent, s.level) for s in again.match.seats[2:]] == [
        ("scholar", "hard"),
        ("balanced", "easy"),
    ]


def test_a_stored_seat_naming_no_opponent_or_an_unknown_one_is_played_by_the_balanced_one() -> None:
    raw = {"kind": "bot", "level": "normal", "name": "normal 3", "colour": "green"}
    for seat in (raw, {**raw, "opponent": "someone-new"}):
        table = NetTable.create(
            "ABCDEF", [SeatConfig("host"), SeatConfig(**seat)], 7, clock=Clock()
        )
        table.claim(None)
        table.start()
        assert table.match is not None
        assert table.match.seats[1].opponent == "balanced"
        assert table.match.seats[1].name == "normal 3"


def test_a_seat_nobody_claimed_is_played_by_a_bot_named_after_its_opponent() -> None:
    table = _table()
    table.claim(None, "Ann")
    table.start()
    assert table.match is not None
    assert (table.match.seats[1].name, table.match.seats[1].opponent) == ("Kaya 2", "balanced")
    assert table.record.seats[2].name == "Kaya 3"
