"""The files the game wrote before the restructuring (commit b2fa461) load and continue exactly.

``tests/fixtures/b2fa461`` holds what that version wrote through its own functions
(``make_fixtures.py`` there says how): the settings, a history of 50 finished games with three
of their replays, the achievements earned over them, an autosave in round 5 of a 4-player game,
a named save of a hotseat game, a replay exported from the log, and the lesson's progress; and
``expected.json``, what each gave then. Here each is read by today's code and must give the
same: the same settings, games, figures and achievements, the same positions and legal actions,
every line of the old log still told (in today's words), and the games played on by the same
bots to the same final scores.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from stoneage.ai import make_bot
from stoneage.i18n import install_language
from stoneage.play.match import Match, replay_steps
from stoneage.play.names import ITEM_FACES
from stoneage.play.savefile import load_game_file
from stoneage.play.story import describe, log_lines
from stoneage.records import Records
from stoneage.records.achievements import parse_earned
from stoneage.records.files import data_dir
from stoneage.records.saves import list_named_saves
from stoneage.records.settings import Settings, load_settings_with_message
from stoneage.records.stats import history_csv, summarise
from stoneage.rules import DrawExtra, RevealCard, RevealTile
from stoneage.scenes.files.opening import continue_autosave, summary
from stoneage.scenes.table.lesson.opening import saved_lesson

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "b2fa461"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A data folder holding the files as b2fa461 left them (the autosave as the autosave,
    the named save among the saves, the settings, the history, the achievements, the lesson)."""
    monkeypatch.setenv("STONEAGE_HOME", str(tmp_path))
    for name in ("settings.json", "history.jsonl", "achievements.json", "tutorial.json"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    shutil.copy(FIXTURES / "autosave.json", tmp_path / "autosave.json")
    (tmp_path / "saves").mkdir()
    shutil.copy(FIXTURES / "named_save.json", tmp_path / "saves" / "Friday night.json")
    install_language("en")
    return tmp_path


def play_on(match: Match) -> None:
    """The game played on as ``make_fixtures.play_on`` did: chance and bots by the match's
    seed policy, the humans by an Easy bot seeded by the seed, the seat and the move."""
    while not match.is_over():
        action = match.automatic_action()
        if action is None:
            seat = match.human_to_act()
            assert seat is not None
            bot = make_bot("easy", match.seed + seat)
            bot.rng.seed(f"fixture/{match.seed}/{seat}/{match.state.ply}")
            action = bot.choose(match.state.view(seat))
        match.apply(action)


def test_the_settings_read_as_they_were_written(home):
    settings, problem = load_settings_with_message()
    assert problem == ""
    read = {k: list(v) if isinstance(v, tuple) else v for k, v in vars(settings).items()}
    # Fields added since then take their defaults; the ones written then read as they were.
    newer = {k: v for k, v in read.items() if k not in EXPECTED["settings"]}
    assert newer == {k: v for k, v in vars(Settings()).items() if k in newer}
    assert {k: v for k, v in read.items() if k in EXPECTED["settings"]} == EXPECTED["settings"]


def test_the_history_of_50_games_gives_the_same_games_and_figures(home):
    records = Records()
    games = records.history.load()
    assert [g.id for g in games] == EXPECTED["history"]["ids"]
    assert records.take_notices() == []  # nothing was damaged
    totals = [[seat.total for seat in g.seats] for g in games]
    assert totals == [game["scores"] for game in EXPECTED["history_games"]]
    figures = summarise(games)
    expected = EXPECTED["history"]
    assert (figures.tally.played, figures.tally.won) == (
        expected["summary_games"],
        expected["summary_wins"],
    )
    assert (figures.best, figures.longest_streak) == (expected["best"], expected["longest_streak"])
    assert len(history_csv(games).splitlines()) == expected["csv_lines"]


def test_the_achievements_read_as_earned_and_agree_with_the_history(home):
    records = Records()
    for name, earned in EXPECTED["achievements"].items():
        assert sorted(e.achievement.id for e in records.achievements.earned_by(name)) == earned
    earned_then = {
        item for game in EXPECTED["history_games"] for item in game["earned"]
    }  # "name:id", as each game awarded them
    on_file, damaged = parse_earned((home / "achievements.json").read_bytes())
    assert not damaged
    assert {f"{name}:{key}" for name, ids in on_file.items() for key in ids} == earned_then
    assert records.take_notices() == []


@pytest.mark.parametrize("name", ["autosave", "named_save"])
def test_a_saved_game_continues_exactly_as_it_did(home, name):
    records = Records()
    if name == "autosave":
        status = records.shelf.autosave_status()
        assert status.can_continue and status.damaged is None
        loaded = status.game
    else:
        (entry,) = records.shelf.entries()
        assert entry.file.name == "Friday night" and entry.loadable
        loaded = entry.game
    assert loaded is not None
    expected = EXPECTED[name]
    state = loaded.state
    assert (state.ply, state.round, state.current_player()) == (
        expected["ply"],
        expected["round"],
        expected["actor"],
    )
    assert [str(a) for a in state.legal_actions()] == expected["legal"]
    assert [seat.to_dict() for seat in loaded.seats] == expected["seats"]
    assert loaded.seed == expected["seed"]
    assert (loaded.played, loaded.started_at) == (expected["played"], expected["started_at"])
    players_and_round = expected["summary"].split(" — saved")[0]
    assert summary(loaded).split(" — saved")[0] == players_and_round
    match = Match(loaded.fresh_seats(), loaded.seed, loaded.state, threaded=False)
    play_on(match)
    assert [row["total"] for row in match.state.final_scoring()] == expected["continued_scores"]
    assert len(match.state.actions_taken()) == expected["continued_actions"]
    records.close()


def test_the_exported_replay_plays_back_to_the_same_end_and_its_log_still_tells_it(home):
    """The replay plays to the same end. Its log is told again by today's code, which tells
    more than b2fa461 did (issue 33: feeding, what the rules did by themselves, cards and
    buildings named, plurals): the old file's log is no longer repeated word for word, but
    every one of its lines is still told, by the same step, with the same names, numbers,
    spaces and items, under the same round headings."""
    expected = EXPECTED["exported_replay"]
    loaded = load_game_file(FIXTURES / "exported_replay.json")
    state = loaded.state
    assert (state.ply, state.is_terminal()) == (expected["ply"], True)
    assert [row["total"] for row in state.final_scoring()] == expected["final_scores"]
    written = json.loads((FIXTURES / "exported_replay.json").read_text(encoding="utf-8"))["log"]
    assert len(written) == expected["log_lines"]
    steps = replay_steps(state)
    told = log_lines(steps, loaded.seats)
    assert [text for text, heading in told if heading] == [
        line[3:] for line in written if line.startswith("## ")
    ]
    # b2fa461 told one line per step, except for the cards and tiles turned up.
    telling = [s for s in steps if not isinstance(s.action, (RevealCard, RevealTile, DrawExtra))]
    old_lines = [line for line in written if not line.startswith("## ")]
    assert len(old_lines) == len(telling)
    for old, step in zip(old_lines, telling):
        new = describe(step, loaded.seats)
        assert still_told(old, new), (old, new)
    assert len(told) > len(written)  # and now the feeding too, and more


def still_told(old: str, new: str) -> bool:
    """True when ``new`` says what ``old`` said: its seat names, its numbers (the faces of
    the dice for items as their items), its spaces (a card's slot by its cost)."""
    names = {seat for seat in ("You", "Grok") if seat in old}
    numbers = set(re.findall(r"\d+", old))
    words = {title for title in SPACE_WORDS if title in old}
    items = re.fullmatch(r"Dice for items: ([\d, ]+)\.", old)
    if items:
        faces = [int(face) for face in items.group(1).split(", ")]
        return all(ITEM_FACES[face] in new for face in faces)
    for cost in re.findall(r"card \(cost (\d)\)", old):
        words.discard(f"card (cost {cost})")
        words.add(f"card costing {cost}")
    if "with the card's 2 dice" in new:  # then said as "on the forest", its resource's space
        words -= {"forest", "clay pit", "quarry", "river"}
    if "building stack" in old:  # now named by the building on it, by its points
        numbers -= set(re.findall(r"building stack (\d)", old))
        words = {w for w in words if "building stack" not in w} | {"building"}
    return (
        all(name in new for name in names)
        and numbers <= set(re.findall(r"\d+", new))
        and all(word in new for word in words)
    )


SPACE_WORDS = (
    "tool maker",
    "hut",
    "field",
    "hunting grounds",
    "forest",
    "clay pit",
    "quarry",
    "river",
    *(f"card (cost {n})" for n in range(1, 5)),
    *(f"building stack {n}" for n in range(1, 5)),
)


@pytest.mark.parametrize("replay", EXPECTED["history_replays"])
def test_the_replays_of_the_history_play_back_to_their_recorded_scores(home, replay):
    loaded = load_game_file(FIXTURES / "replays" / replay)
    games = Records().history.load()
    record = next(g for g in games if Path(g.replay or "").name == replay)
    assert [row["total"] for row in loaded.state.final_scoring()] == [
        seat.total for seat in record.seats
    ]


def test_the_lesson_resumes_at_its_step(home):
    lesson = saved_lesson()
    assert lesson is not None
    assert (lesson.index, lesson.state.ply) == (
        EXPECTED["lesson"]["step"],
        EXPECTED["lesson"]["ply"],
    )


def test_continue_opens_the_autosave_on_the_table(home, app):
    """The title's Continue: the table shows the saved position, the human's controls ready."""
    app.push(app.make_scene("title"))
    continue_autosave(app)
    table = app.top
    for _ in range(5):
        app.step(block=False)
    assert table.match.state.ply == EXPECTED["autosave"]["ply"]
    assert table.offered() == set(table.match.state.legal_actions())
    assert list_named_saves(app.records.autosave)[0].name == "Friday night"
    assert (data_dir() / "autosave.json").exists()
