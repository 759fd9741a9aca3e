"""The files the game wrote before opponents (commit 1550f13) load, and their bots are today's
balanced opponent at the saved level, deciding exactly as they did.

``tests/fixtures/1550f13`` holds what that version wrote through its own functions
(``make_fixtures.py`` there says how): a history of 30 finished games with three of their
replays, an autosave in round 5 of a 4-player game (Random, Easy and Normal bots), a named save
of a hotseat game with a Hard bot, a replay of a 2-player game against Hard, and
``expected.json``, what each gave then.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from stoneage.ai import BALANCED, make_bot
from stoneage.i18n import install_language
from stoneage.play.match import Match, replay_steps
from stoneage.play.savefile import load_game_file
from stoneage.records import Records
from stoneage.records.stats import Filter, history_csv, summarise

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "1550f13"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A data folder holding the history as 1550f13 left it."""
    monkeypatch.setenv("STONEAGE_HOME", str(tmp_path))
    shutil.copy(FIXTURES / "history.jsonl", tmp_path / "history.jsonl")
    install_language("en")
    return tmp_path


def play_on(match: Match) -> None:
    """The game played on as ``make_fixtures.play_on`` did (humans by a seeded Easy bot)."""
    while not match.is_over():
        action = match.automatic_action()
        if action is None:
            seat = match.human_to_act()
            assert seat is not None
            bot = make_bot("easy", match.seed + seat)
            bot.rng.seed(f"fixture/{match.seed}/{seat}/{match.state.ply}")
            action = bot.choose(match.state.view(seat))
        match.apply(action)


@pytest.mark.parametrize("name", ["autosave", "named_save", "replay"])
def test_a_file_from_before_opponents_loads_at_the_same_position(name):
    loaded = load_game_file(FIXTURES / f"{name}.json")
    expected = EXPECTED[name]
    state = loaded.state
    assert (state.ply, state.round, state.current_player()) == (
        expected["ply"],
        expected["round"],
        expected["actor"],
    )
    assert [str(a) for a in state.legal_actions()] == expected["legal"]
    assert loaded.seed == expected["seed"]
    assert (loaded.played, loaded.started_at) == (expected["played"], expected["started_at"])
    # Every bot is the balanced opponent, and the seats are written back as they were read.
    assert {s.opponent for s in loaded.seats} == {BALANCED}
    assert [seat.to_dict() for seat in loaded.seats] == expected["seats"]


def test_the_autosaved_game_continues_with_the_same_bot_decisions():
    """Random, Easy and Normal read back as the balanced opponent's, and play on to the very
    scores the bots of 1550f13 reached."""
    loaded = load_game_file(FIXTURES / "autosave.json")
    match = Match(loaded.fresh_seats(), loaded.seed, loaded.state, threaded=False)
    assert [bot.opponent for bot in match.bots.values()] == [BALANCED] * 3
    play_on(match)
    expected = EXPECTED["autosave"]
    assert [row["total"] for row in match.state.final_scoring()] == expected["continued_scores"]
    assert len(match.state.actions_taken()) == expected["continued_actions"]


def test_the_replay_plays_back_to_the_same_end():
    loaded = load_game_file(FIXTURES / "replay.json")
    assert loaded.state.is_terminal()
    expected = EXPECTED["replay"]
    assert [row["total"] for row in loaded.state.final_scoring()] == expected["final_scores"]
    assert len(replay_steps(loaded.state)) == expected["log_steps"]


def test_the_history_gives_the_same_games_every_bot_the_balanced_opponent(home):
    records = Records()
    games = records.history.load()
    assert records.take_notices() == []
    expected = EXPECTED["history"]
    assert [g.id for g in games] == expected["ids"]
    assert [[s.total for s in g.seats] for g in games] == [
        game["scores"] for game in EXPECTED["history_games"]
    ]
    bots = [s for g in games for s in g.seats if not s.is_human]
    assert bots and {s.opponent for s in bots} == {BALANCED}
    assert {s.opponent for g in games for s in g.seats if s.is_human} == {None}
    figures = summarise(games)
    assert (figures.tally.played, figures.tally.won, figures.best) == (
        expected["summary_games"],
        expected["summary_wins"],
        expected["best"],
    )
    assert {k: [t.played, t.won] for k, t in figures.by_level.items()} == expected["by_level"]
    with_bots = figures.tally.played - expected["by_level"].get("people", [0])[0]
    assert figures.by_opponent[BALANCED].played == with_bots
    assert summarise(games, Filter(opponent=BALANCED)).tally.played == with_bots
    assert summarise(games, Filter(opponent="scholar")).tally.played == 0
    assert len(history_csv(games).splitlines()) == expected["csv_lines"]
    records.close()


@pytest.mark.parametrize("replay", EXPECTED["history_replays"])
def test_the_replays_of_the_history_play_back_to_their_recorded_scores(home, replay):
    loaded = load_game_file(FIXTURES / "replays" / replay)
    records = Records()
    record = next(g for g in records.history.load() if Path(g.replay or "").name == replay)
    assert [row["total"] for row in loaded.state.final_scoring()] == [
        seat.total for seat in record.seats
    ]
    records.close()
