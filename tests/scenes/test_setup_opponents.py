"""The setup screen seats opponents by portrait and name: the next opponent on a click, different
opponents at random ("Surprise me"), a match from the player's own games ("A match for you");
the table it starts plays each seat's opponent under its name."""

from __future__ import annotations

from stoneage import i18n
from stoneage.play.opponents import opponent_ids, opponent_line, opponent_name
from stoneage.play.seats import BOT, HUMAN, Seat, bot_seat, default_seats, follow_language
from stoneage.records.stats import made_up_history
from stoneage.scenes.menus.setup_scene import SetupScene
from stoneage.scenes.table.scene import TableScene
from tests.records.test_history_records import bot, game, seat
from tests.scenes.hands import click


def press(app, setup: SetupScene, name: str) -> None:
    click(app, next(b for b in setup.buttons if b.name == name).rect.center)


def bots(setup: SetupScene) -> list[Seat]:
    return [d.seat for d in setup.drafts if d.playing and not d.seat.is_human]


def test_the_one_click_game_seats_three_different_opponents_named_after_them():
    seats = default_seats()
    assert [s.kind for s in seats] == [HUMAN, BOT, BOT, BOT]
    assert [s.level for s in seats[1:]] == ["normal"] * 3
    assert len({s.opponent for s in seats[1:]}) == 3
    assert [s.name for s in seats[1:]] == [opponent_name(s.opponent) for s in seats[1:]]


def test_a_second_bot_of_the_same_opponent_is_numbered_and_the_name_follows_the_language():
    first = bot_seat("scholar", "hard", "blue")
    second = bot_seat("scholar", "easy", "green", [first])
    assert (first.name, second.name) == ("Lumi", "Lumi 2")
    try:
        i18n.install_language("zh")
        follow_language([first])
        assert first.name == "露米"
    finally:
        i18n.install_language("en")


def test_clicking_a_bots_name_seats_the_next_opponent_with_its_line_on_hover(app):
    setup = SetupScene(app)
    app.push(setup)
    button = next(b for b in setup.buttons if b.name == "name_1")
    first = setup.drafts[1].seat.opponent
    assert opponent_line(first) in button.tooltip
    seen = [first]
    for _ in range(len(opponent_ids()) - 1):
        press(app, setup, "name_1")
        seen.append(setup.drafts[1].seat.opponent)
    assert sorted(seen) == sorted(opponent_ids())  # every opponent, each once
    assert setup.drafts[1].seat.name.startswith(opponent_name(seen[-1]))
    names = [s.name for s in bots(setup)]
    assert len(set(names)) == len(names)


def test_surprise_me_seats_different_opponents_and_keeps_the_levels(app):
    setup = SetupScene(app)
    app.push(setup)
    press(app, setup, "level_2_hard")
    for _ in range(5):
        press(app, setup, "surprise")
        seated = bots(setup)
        assert len({s.opponent for s in seated}) == len(seated) == 3
        assert [s.level for s in seated] == ["normal", "hard", "normal"]
        assert [s.name for s in seated] == [opponent_name(s.opponent) for s in seated]


def test_a_match_for_you_seats_what_suggest_match_picks_from_the_history(app):
    # A player who lost all 12 games against Normal bots gets a gentler table.
    losses = [
        game(seat(name="You", total=50), *(bot("normal", 100, f"B{i}") for i in range(3)), day=day)
        for day in range(12)
    ]
    for record in losses:
        app.records.history.append(record)
    setup = SetupScene(app)
    app.push(setup)
    press(app, setup, "match")
    seated = bots(setup)
    assert len(seated) == 3
    assert all(s.level in ("easy", "normal") for s in seated)
    assert "easy" in [s.level for s in seated]
    assert any("A match for you" in text for text in app.toasts.texts())


def test_a_match_for_you_waits_for_one_person_against_bots(app):
    setup = SetupScene(app)
    app.push(setup)
    press(app, setup, "kind_1")  # a second person at this screen
    assert not next(b for b in setup.buttons if b.name == "match").enabled


def test_the_started_table_plays_each_seats_opponent_under_its_name(app):
    setup = SetupScene(app)
    app.push(setup)
    press(app, setup, "surprise")
    wanted = [(s.name, s.opponent, s.level) for s in bots(setup)]
    press(app, setup, "start")
    table = app.top
    assert isinstance(table, TableScene)
    assert [(s.name, s.opponent, s.level) for s in table.seats if not s.is_human] == wanted


def test_made_up_history_still_suggests_a_table():
    from stoneage.records.matchmaking import suggest_match

    found = suggest_match(made_up_history(7, 60), 4, "You")
    assert len(found.bots) == 3
