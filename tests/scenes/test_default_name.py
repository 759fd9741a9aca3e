"""The default human name "You" follows the language: a game started in English and continued
in Chinese says "你" (saves mark the default name; old saves that hold "You" still work), and a
name the player typed is never translated."""

from __future__ import annotations

import gettext
import json

import pytest

from stoneage import i18n
from stoneage.play.names import translations_of
from stoneage.play.savefile import parse_save, save_payload
from stoneage.play.seats import Seat, default_seats
from stoneage.rules import Place, new_game
from stoneage.scenes.files.opening import continue_autosave, summary
from stoneage.scenes.table.scene import TableScene

from .hands import run_until_human_or_end


@pytest.fixture
def english():
    """English installed for the test, and again afterwards."""
    i18n.install_language("en")
    yield
    i18n.install_language("en")


def _you(code: str) -> str:
    """ "You" in the language ``code`` (the installed language is left alone)."""
    if code == "en":
        return "You"
    i18n.compile_from_source(code)
    catalog = gettext.translation(i18n.DOMAIN, localedir=str(i18n.locale_dir()), languages=[code])
    return catalog.gettext("You")


def test_the_catalogs_translate_the_default_name():
    assert {"You", _you("zh"), _you("ja")} == set(translations_of("You"))
    assert len({"You", _you("zh"), _you("ja")}) == 3


def test_a_game_started_in_english_continues_in_chinese_with_the_chinese_name(app, english):
    seats = default_seats()[:2]
    seats[1] = Seat("Ann", "blue", "bot", "easy")  # a name the player typed stays as typed
    assert seats[0].name == "You"
    app.push(app.make_scene("game", seats=seats, seed=7, threaded=False))
    scene = app.top
    assert isinstance(scene, TableScene)
    run_until_human_or_end(app)
    scene.act(next(a for a in scene.match.state.legal_actions() if isinstance(a, Place)))
    for _frame in range(5):
        app.step(block=False)
    assert any("You" in line for line in scene.log.lines)
    payload = scene.save_payload()
    assert payload["seats"][0]["default_name"] is True and payload["seats"][0]["name"] == "You"
    assert "default_name" not in payload["seats"][1]
    scene.keeper.flush()
    while app.stack:
        app.pop()
    app.settings.language = "zh"
    app.save_settings()  # installs Chinese
    app.push(app.make_scene("title"))
    continue_autosave(app)
    continued = app.top
    assert isinstance(continued, TableScene)
    assert [s.name for s in continued.seats] == [_you("zh"), "Ann"]
    assert any(_you("zh") in line for line in continued.log.lines)
    app.switch_language("ja")  # and switched again during the game
    assert [s.name for s in continued.seats] == [_you("ja"), "Ann"]
    app.step(block=False)
    assert any(_you("ja") in line for line in continued.log.lines)
    # The log is told again in Japanese.
    assert all("You" not in line for line in continued.log.lines)


def test_an_old_save_holding_you_shows_the_name_of_the_language_now(english):
    state_payload = save_payload(
        [Seat("You", "red", "human"), Seat("Grok", "blue", "bot")], 3, new_game(2, seed=3)
    )
    for seat in state_payload["seats"]:
        seat.pop("default_name", None)  # written before the mark existed
    text = json.dumps(state_payload)
    assert [s.name for s in parse_save(text).seats] == ["You", "Grok"]
    i18n.install_language("zh")
    loaded = parse_save(text)
    assert [s.name for s in loaded.seats] == [_you("zh"), i18n._("Grok")]  # the bot's too
    assert _you("zh") in summary(loaded)
    # Saved in Chinese, read in English: back to "You".
    seats = [dict(state_payload["seats"][0], name=_you("zh")), state_payload["seats"][1]]
    chinese = json.dumps({**state_payload, "seats": seats})
    i18n.install_language("en")
    assert parse_save(chinese).seats[0].name == "You"


def test_from_dict_reads_the_mark_and_old_names(english):
    i18n.install_language("ja")
    assert Seat.from_dict({"name": "You", "colour": "red", "kind": "human"}).name == _you("ja")
    marked = {"name": "Du", "colour": "red", "kind": "human", "default_name": True}
    assert Seat.from_dict(marked).name == _you("ja")
    assert Seat.from_dict({"name": "Ann", "colour": "red", "kind": "human"}).name == "Ann"
    assert Seat.from_dict({"name": "Grok", "colour": "blue"}).name == i18n._("Grok") != "Grok"
