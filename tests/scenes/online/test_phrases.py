"""Quick phrases at a table over the network (issue 44, deliverable 8): the window's player says
one with the mouse, the others' clients hear its id; a phrase heard is shown by the seat that
said it in the reader's language of the moment; the server's "not so fast" is said in words
and refuses no move. A server in this process on 127.0.0.1, real pygame events, bounded."""

from __future__ import annotations

import pygame

from stoneage import i18n
from stoneage.net.client import Client, Joined, Problem, Said, create_table
from stoneage.net.store import TableStore
from stoneage.scenes.online.join_scene import JoinScene
from stoneage.scenes.table.online.seat import NetLayer
from stoneage.scenes.table.scene import TableScene
from tests.net.raw import served
from tests.scenes.hands import click
from tests.scenes.table.online.online_helpers import run_until

from .screens import config


def window_at_table(app, url: str, port: int, code: str, ann: Client) -> TableScene:
    """The window joins ``code`` as seat 0 by the join screen; Ann takes the other seat and
    the game begins: the window's table."""
    join = JoinScene(app)
    app.push(join)
    join.fields[0].text, join.fields[1].text, join.fields[2].text = f"127.0.0.1:{port}", code, "Bob"
    join.join()
    run_until(app, lambda: not join.asking)
    ann.start()
    ann.wait_for(Joined)
    run_until(app, lambda: isinstance(app.top, TableScene))
    return app.top


def test_a_phrase_said_by_mouse_reaches_the_others_and_shows_in_the_readers_language(app, tmp_path):
    with served(TableStore(tmp_path / "t.sqlite3"), config(phrase_every=2.0)) as server:
        code = create_table(server.url, [{"kind": "remote"}, {"kind": "remote"}])
        ann = Client(server.url, code, name="Ann")
        try:
            table = window_at_table(app, server.url, server.port, code, ann)
            layer = table.layer
            assert isinstance(layer, NetLayer) and layer.phrases.button is not None
            say = layer.phrases.button
            assert say.rect == table.toolbar.undo.rect  # in Undo's place
            assert table.toolbar.undo not in table.toolbar.shown()
            click(app, say.rect.center)
            assert layer.phrases.open
            well = next(b for b in layer.phrases.choices if b.name == "say_well_played")
            click(app, well.rect.center)
            assert not layer.phrases.open
            heard = ann.wait_for(Said)
            assert (heard.seat, heard.phrase) == (0, "well_played")
            # Ann greets back: the window shows it by her seat, in its language of the moment.
            ann.say("hello")
            run_until(app, lambda: any(s.seat == 1 for s in table.match.notices.sayings()))
            for language, words in (("zh", "你好！"), ("ja", "こんにちは！")):
                i18n.install_language(language)
                said = {s.seat: s.words() for s in table.match.notices.sayings()}
                assert said[1] == words
                app.draw(pygame.Surface(app.size))  # the bubbles draw in that language
            i18n.install_language("en")
            assert {s.seat: s.words() for s in table.match.notices.sayings()}[0] == "Well played!"
        finally:
            i18n.install_language("en")
            ann.close()
            while app.stack:
                app.stack.pop().exit()


def test_too_many_phrases_are_said_in_words_and_refuse_no_move(app, tmp_path):
    with served(TableStore(tmp_path / "t.sqlite3"), config(phrase_every=30.0)) as server:
        code = create_table(server.url, [{"kind": "remote"}, {"kind": "remote"}])
        ann = Client(server.url, code, name="Ann")
        try:
            table = window_at_table(app, server.url, server.port, code, ann)
            phrases = table.layer.phrases
            for _ in range(4):  # bursts of three are allowed, the fourth is too soon
                click(app, phrases.button.rect.center)
                oops = next(b for b in phrases.choices if b.name == "say_oops")
                click(app, oops.rect.center)
            run_until(app, lambda: phrases.notices.slowed() != "")
            assert phrases.notices.slowed().startswith("Not so fast")
            assert table.match.notices.refused == ""  # not a move's refusal
            app.draw(pygame.Surface(app.size))
        finally:
            ann.close()
            while app.stack:
                app.stack.pop().exit()


def test_a_phrase_problem_while_a_move_is_on_its_way_is_not_its_refusal():
    from stoneage.net.remote import RemoteMatch
    from stoneage.staging import example_session, find, placement

    _seed, state, _steps = find(5, placement, "normal", 2)
    session = example_session(0, False, 2, True)
    match = RemoteMatch(session, [], state.view(0))
    match.sent = state.legal_actions()[0]
    session.events.append(Problem("phrase_rate", "Not so fast: say it again in 2 s"))
    news = match.hear(0.0)
    assert news.refused is None and match.sent is not None
    assert match.notices.slowed().startswith("Not so fast")


def test_a_spectator_has_no_phrases_button_but_sees_the_bubbles(app):
    from stoneage.staging import build_scene

    build_scene(app, "online_game", seed=5, players=3)
    table = app.top
    assert isinstance(table.layer, NetLayer) and table.layer.phrases.button is not None
    watcher = NetLayer(table, table.match.notices, None)
    watcher.lay_out()
    assert watcher.phrases.button is None
    table.match.notices.hear(Said(1, "oops", "Oops!"))
    watcher.update()
    watcher.draw(pygame.Surface(app.size))
