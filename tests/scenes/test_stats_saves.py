"""Save versions: a save or game of a newer format says "newer", one of an older format the
game no longer reads says "older", each with the formats found and read; the rules engine's
refusal of a game's version is read the same way (from its message today, or from the
versions its exception carries)."""

from __future__ import annotations

import json

import pytest

from stoneage.play import savefile
from stoneage.play.savefile import SaveError, parse_save, save_payload, version_error
from stoneage.play.seats import Seat
from stoneage.rules import SaveFormatError, new_game


def payload(**changes) -> dict:
    seats = [Seat("Ann", "red", "human"), Seat("Bob", "blue", "bot")]
    out = save_payload(seats, 3, new_game(2, seed=3))
    out.update(changes)
    return out


def message(document: dict) -> str:
    with pytest.raises(SaveError) as caught:
        parse_save(json.dumps(document))
    return caught.value.message


def test_a_save_of_a_newer_format_says_newer_with_the_formats():
    text = message(payload(version=savefile.VERSION + 1))
    assert text == savefile.SAVE_NEWER.format(
        found=savefile.VERSION + 1,
        oldest=savefile.OLDEST_VERSION,
        newest=savefile.VERSION,
    )
    assert "newer" in text


def test_a_save_of_an_older_format_no_longer_read_says_older(monkeypatch):
    text = message(payload(version=0))
    assert "older version" in text and "format 0" in text and "newer" not in text


def test_an_older_format_still_read_is_read(monkeypatch):
    monkeypatch.setattr(savefile, "VERSION", 2)  # as if this version wrote format 2
    assert parse_save(json.dumps(payload(version=1))).seed == 3
    text = message(payload(version=3))
    assert "format 3" in text and "formats 1 to 2" in text


def game_with_version(version: int) -> str:
    document = json.loads(new_game(2, seed=3).to_json())
    document["version"] = version
    return json.dumps(document)


@pytest.mark.parametrize(("version", "word"), [(99, "newer"), (0, "older")])
def test_the_engine_refusing_a_game_version_says_which_way(version, word):
    text = message(payload(game=game_with_version(version)))
    assert f"{word} version" in text and f"format {version}" in text


def test_a_version_the_engine_cannot_read_as_a_number_is_a_wrong_value():
    text = message(payload(game=game_with_version("two")))  # type: ignore[arg-type]
    assert "version" in text and "newer" not in text and "older" not in text


def test_an_engine_error_carrying_the_versions_is_read_first():
    class SaveVersionError(SaveFormatError):
        def __init__(self) -> None:
            super().__init__("unsupported")
            self.found, self.oldest, self.newest = 1, 2, 4

    error = version_error("unsupported", SaveVersionError())
    assert error is not None and error.template == savefile.SAVE_OLDER
    assert error.params == {"found": 1, "oldest": 2, "newest": 4}
    assert version_error("a damaged game") is None
    reads = version_error("saved game has version 5; this program reads versions 2 to 4")
    assert reads is not None and reads.template == savefile.SAVE_NEWER
    assert reads.params == {"found": 5, "oldest": 2, "newest": 4}
