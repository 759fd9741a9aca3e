"""A seat at a network table as the table scene asks it (``RemoteMatch``, the remote side of the
seam ``stoneage.play.seam.TableMatch``), without pygame and without a network: the client reads
what a real ``NetTable`` sends, as the staged screenshots' tables do."""

from __future__ import annotations

import pytest

from stoneage.net.client import Client
from stoneage.net.protocol import encode
from stoneage.net.remote import RemoteMatch, seats_of
from stoneage.net.session import OnlineSession
from stoneage.net.table import NetTable, SeatConfig
from stoneage.play.match import SeededChance
from stoneage.play.seam import TableMatch
from stoneage.rules import GameState, view_from_wire


def _arrive() -> tuple[NetTable, RemoteMatch]:
    """Seat 0 of a two-seat table (seat 1 an Easy bot) that has just arrived."""
    table = NetTable.create(
        "ABCDEF", [SeatConfig("remote"), SeatConfig("bot", "easy")], 7, chance=SeededChance()
    )
    table.claim(0)
    table.start()
    client = Client("ws://127.0.0.1:9", "ABCDEF", token="t")  # never started: no network
    client.seat = 0
    arrival = table.update(0, None, arrival=True)
    client.take(encode(arrival))
    view = view_from_wire(arrival["view"])
    seats = seats_of(None, 0, view.n, "Ann")
    match = RemoteMatch(OnlineSession(client, "Ann"), seats, view)
    return table, match


def _host_plays_until_seat_0_decides(table: NetTable, match: RemoteMatch) -> int:
    """The host's automatic steps, each sent to the client; how many."""
    sent = 0
    while (found := table.automatic()) is not None:
        ply = table.state().ply
        step = table.apply_automatic(found[1](), ply)
        assert step is not None
        match.client.take(encode(table.update(0, step)))
        sent += 1
    return sent


def _show(match: RemoteMatch) -> list[str]:
    """The table's loop: every step the host told of, shown one by one."""
    shown = []
    while (action := match.automatic_action()) is not None:
        shown.append(str(match.apply(action).action))
    return shown


def test_a_remote_seat_answers_the_table_s_questions() -> None:
    _table, match = _arrive()
    seam: TableMatch = match  # the type checker holds it to the Protocol too
    assert seam.seed == 0 and not seam.guided() and not seam.replaying()
    assert seam.undoable() is None and seam.undo() is None and not seam.keeps_history()
    assert seam.menu_options() == {"online": True, "hosting": False}


def test_the_host_s_steps_are_shown_one_by_one_and_the_seat_then_decides() -> None:
    table, match = _arrive()
    assert match.hear(0.0).jumped  # arrival: the view is taken at once
    sent = _host_plays_until_seat_0_decides(table, match)
    news = match.hear(0.0)
    assert not news.jumped and news.refused is None
    assert match.human_to_act() is None or sent == 0  # steps to show first
    shown = _show(match)
    assert len(shown) == sent
    assert isinstance(match.state, GameState) and match.state.ply == table.state().ply
    assert match.human_to_act() == 0 == match.actor()
    assert all(match.story_of(step) is not None for step in match.steps)


def test_apply_shows_only_the_step_the_host_told_of() -> None:
    table, match = _arrive()
    match.hear(0.0)
    with pytest.raises(LookupError):
        match.apply("roll 7")
    if _host_plays_until_seat_0_decides(table, match):
        match.hear(0.0)
        told = match.automatic_action()
        assert told is not None
        other = next(a for a in table.state().legal_actions() if str(a) != str(told))
        with pytest.raises(ValueError, match="the host's next step"):
            match.apply(other)


def test_a_choice_is_checked_on_the_view_then_sent_and_a_refusal_comes_back_in_words() -> None:
    table, match = _arrive()
    match.hear(0.0)
    _host_plays_until_seat_0_decides(table, match)
    match.hear(0.0)
    _show(match)
    answer = match.choose("place hut 5", 0)  # type: ignore[arg-type]
    assert not answer.taken and answer.reason and not answer.quiet
    legal = match.state.legal_actions()[0]
    answer = match.choose(legal, 0)
    assert answer.taken and answer.step is None  # shown when the host's view comes back
    assert match.sent == legal and match.human_to_act() is None
    news = match.hear(1.0)  # this client is offline: the host never got it
    assert news.refused is not None and news.refused[0] == legal and news.refused[1]
    assert match.sent is None and match.human_to_act() == 0


def test_steps_the_seat_cannot_follow_ask_the_host_for_the_view_once() -> None:
    """Steps that do not follow from the view held (one was lost) ask the host for the view
    once (``sync``), however many come meanwhile, and tell nothing until the view comes; a
    step whose action the view refuses asks too, and never breaks the client."""
    table, match = _arrive()
    client = match.client
    asked: list[dict[str, object]] = []
    client._send = asked.append  # type: ignore[method-assign]  # no network: what it sends
    client.poll()
    steps = []
    while len(steps) < 3 and (found := table.automatic()) is not None:
        step = table.apply_automatic(found[1](), table.state().ply)
        assert step is not None
        steps.append(step)
    if len(steps) < 3:
        pytest.skip("the seat decides at once in this game")
    for step in steps[1:]:  # the first is lost
        client.take(encode(table.update(0, step)))
    assert client.poll() == [] and [m["t"] for m in asked] == ["sync"]
    hostile = {**table.update(0, steps[-1]), "ply": client.ply + 1}
    hostile["step"] = {**hostile["step"], "action": "place hunt 99"}
    client.take(encode(hostile))  # a step the view refuses: still the one question
    assert client.poll() == [] and len(asked) == 1
    client.take(encode(table.update(0, None)))  # the host's answer: the view of now
    (update,) = client.poll()
    assert update.view == table.state().view(0)
    follow = table.automatic()
    if follow is not None:  # in step again: the next step follows without a question
        step = table.apply_automatic(follow[1](), table.state().ply)
        assert step is not None
        client.take(encode(table.update(0, step)))
        assert client.poll()[0].view == table.state().view(0) and len(asked) == 1
