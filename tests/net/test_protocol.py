"""The protocol: versioned messages, checked field by field; secrets and codes."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from stoneage.ai import make_bot
from stoneage.net import protocol
from stoneage.net.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_CLIENT_BYTES,
    VERSION,
    ProtocolError,
    SeatPlan,
    encode,
    make,
    new_code,
    new_token,
    normal_code,
    read_client,
    read_host,
    token_digest,
    token_matches,
)
from stoneage.net.table import REMOTE, NetTable, SeatConfig
from stoneage.play.match import SeededChance

#: The JSON readers the protocol may run with: the standard library's, and orjson's where it is
#: installed (the server's extra; the test extra installs it, so both are tested).
DECODERS: list[Callable[[str], object]] = [protocol.decode_stdlib]
if protocol.ORJSON:
    import orjson

    DECODERS.append(orjson.loads)


def _code_of(text: object) -> str:
    with pytest.raises(ProtocolError) as caught:
        read_client(text)
    return caught.value.code


def test_a_good_message_reads_with_its_fields() -> None:
    message = read_client(encode(make("action", text="place hunt 2", ply=12)))
    assert message.kind == "action"
    assert message.get("text") == "place hunt 2" and message.get("ply") == 12
    hello = read_client(encode(make("hello", code="ABC234", name="Ann", token=None, seat=1)))
    assert hello.get("seat") == 1 and hello.get("token") is None


def test_another_version_is_refused_with_both_versions_said() -> None:
    with pytest.raises(ProtocolError) as caught:
        read_client(json.dumps({"v": VERSION + 1, "t": "ping"}))
    assert caught.value.code == "version"
    assert caught.value.params == {"theirs": VERSION + 1, "ours": VERSION}
    assert _code_of(json.dumps({"t": "ping"})) == "version"
    assert _code_of(json.dumps({"v": "1", "t": "ping"})) == "version"
    assert _code_of(json.dumps({"v": True, "t": "ping"})) == "version"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # Each a message of this version (written "v": 1 below, read as VERSION).
        (text.replace('"v": 1', f'"v": {VERSION}'), code)
        for text, code in [
            ("not json", "malformed"),
            ("[1, 2]", "malformed"),
            ('{"v": 1, "t": "ping", "x": NaN}', "malformed"),
            ("[" * 5000, "too_large"),
            ("[" * 4000, "malformed"),
            ("x" * (MAX_CLIENT_BYTES + 1), "too_large"),
            ('{"v": 1}', "malformed"),
            ('{"v": 1, "t": "fly"}', "unknown_type"),
            ('{"v": 1, "t": "action", "text": 5, "ply": 1}', "bad_field"),
            ('{"v": 1, "t": "action", "text": "decline", "ply": true}', "bad_field"),
            ('{"v": 1, "t": "action", "text": "decline", "ply": -1}', "bad_field"),
            ('{"v": 1, "t": "action", "text": "decline"}', "missing_field"),
            ('{"v": 1, "t": "action", "text": "decline", "ply": 1, "seat": 2}', "bad_field"),
            ('{"v": 1, "t": "hello", "code": "ABC", "seat": 9}', "bad_field"),
            ('{"v": 1, "t": "hello", "code": "ABC", "name": "a\\u0000b"}', "bad_field"),
            ('{"v": 1, "t": "hello", "code": "ABC", "name": "' + "n" * 30 + '"}', "bad_field"),
            ('{"v": 1, "t": "create", "seats": [{"kind": "remote"}]}', "bad_field"),
            ('{"v": 1, "t": "create", "seats": [{"kind": "x"}, {"kind": "bot"}]}', "bad_field"),
            ('{"v": 1, "t": "create", "seats": [1, 2]}', "bad_field"),
            (
                '{"v": 1, "t": "create", "seats": [{"kind": "bot"}, {"kind": "remote"}], "wait": -1}',
                "bad_field",
            ),
        ]
    ],
)
@pytest.mark.parametrize("decoder", DECODERS)
def test_bad_messages_are_refused_with_a_code(
    text: str, code: str, decoder: Callable[[str], object], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(protocol, "_decode", decoder)
    assert _code_of(text) == code


@pytest.mark.parametrize("decoder", DECODERS)
def test_a_number_beyond_a_double_is_refused_by_either_reader(
    decoder: Callable[[str], object], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(protocol, "_decode", decoder)
    seats = '[{"kind": "bot"}, {"kind": "remote"}]'
    text = f'{{"v": {VERSION}, "t": "create", "seats": {seats}, "wait": 1e400}}'
    # json reads it as infinity, which the field refuses; orjson refuses the text itself.
    assert _code_of(text) == ("bad_field" if decoder is protocol.decode_stdlib else "malformed")


def test_orjson_writes_every_message_of_a_game_as_json_does() -> None:
    if not protocol.ORJSON:
        pytest.skip("orjson is not installed (the server's extra)")
    table = NetTable.create(
        "ABCDEF", [SeatConfig(REMOTE) for _ in range(4)], 1, chance=SeededChance()
    )
    for index in range(4):
        table.claim(index, name=f"Ōkami {index} «»")
    messages = [table.lobby()]
    table.start()
    listeners: list[int | None] = [0, 1, 2, 3, None]
    bot = make_bot("normal", 1)  # seed 1: a card is drawn face down
    while True:
        step = table.last_step
        for seat in listeners:
            messages.append(table.update(seat, step))
        found = table.automatic()
        if table.state().is_terminal():
            break
        if found is not None:
            table.apply_automatic(found[1](), table.state().ply)
        else:
            state = table.state()
            actor = state.current_player()
            table.act(actor, str(bot.choose(state.view(actor))), state.ply)
    messages += [table.update(seat, table.last_step, arrival=True) for seat in listeners]
    assert "final" in messages[-1]
    assert any('"extra ?"' in protocol.encode_stdlib(m) for m in messages)
    for message in messages:
        assert protocol.encode_orjson(message) == protocol.encode_stdlib(message)


def test_binary_frames_and_non_text_are_refused() -> None:
    assert _code_of(b'{"v": 1, "t": "ping"}') == "binary"
    assert _code_of(None) == "malformed"


def test_a_create_message_reads_its_seats() -> None:
    message = read_client(
        encode(
            make(
                "create", seats=[{"kind": "remote", "name": "A"}, {"kind": "bot", "level": "easy"}]
            )
        )
    )
    assert message.get("seats") == (SeatPlan("remote", "normal", "A", ""), SeatPlan("bot", "easy"))


def test_host_messages_are_checked_too() -> None:
    assert read_host(encode(make("pong")))["t"] == "pong"
    with pytest.raises(ProtocolError):
        read_host('{"v": 99, "t": "state"}')


def test_tokens_are_long_random_and_kept_as_digests() -> None:
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100
    assert all(len(t) >= 32 for t in tokens)  # 24 bytes: 192 bits
    token = new_token()
    digest = token_digest(token)
    assert token not in digest and token_matches(token, digest)
    assert not token_matches(new_token(), digest) and not token_matches(None, digest)


def test_codes_are_short_and_read_as_typed() -> None:
    code = new_code()
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert normal_code(" abc-23 ") == "ABC23"
    taken = {new_code() for _ in range(50)}
    assert new_code(taken) not in taken
