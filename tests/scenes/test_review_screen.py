"""The review screen: opened from the final scoring and from the statistics' Games list, the
analysis off the window's thread with its progress and a Cancel that stops it, a click on a
key moment or the chart, Left/Right (and Shift) stepping, the hotseat seat switch, and a
damaged or foreign replay said in words."""

from __future__ import annotations

import json
import threading
import time
from functools import partial

import pygame
import pytest

from stoneage.play.match import replay_steps
from stoneage.play.practice import Practice
from stoneage.play.savefile import load_game_file, save_payload
from stoneage.play.seats import Seat, default_seats, settle_names
from stoneage.records.game_record import record_from_game
from stoneage.records.recorder import export_replay
from stoneage.review import ReviewCancelled, analyse_replay, load_or_none, load_replay, store
from stoneage.scenes.files.opening import start_loaded_game
from stoneage.scenes.menus.scoring_scene import ScoringScene
from stoneage.scenes.review.job import Job
from stoneage.scenes.review.review_scene import ReviewScene
from stoneage.scenes.review.source import engine_analysis
from stoneage.scenes.stats.stats_scene import StatsScene
from stoneage.scenes.table.scene import TableScene
from stoneage.staging import find, game_over

from .hands import go_on_from_held_roll, post
from .test_stats_recording import SEED, near_the_end, play_out
from .test_stats_recording import seats as two_seats

BUDGET = 5  # rollouts a placement: a whole game reviewed in about a second


def finished_game(people: int = 1, players: int = 4):
    """Seats (the first ``people`` persons), seed and final state of a seeded finished game."""
    seats = [
        Seat(s.name, s.colour, "human" if i < people else "bot", s.level)
        for i, s in enumerate(default_seats()[:players])
    ]
    settle_names(seats)
    seed, state, _steps = find(1, game_over, n=players)
    return seats, seed, state


def write_replay(people: int = 1):
    """The replay of a finished game written into the data folder, and its seats."""
    seats, seed, state = finished_game(people)
    return str(export_replay(seats, seed, replay_steps(state), state)), seats, seed, state


def stored(path: str):
    """The review of ``path`` made on a small budget and kept beside it (opens at once)."""
    review = analyse_replay(load_replay(path), budget=BUDGET)
    store(path, review)
    return review


def click(app, pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(block=False)


def press(app, name: str) -> None:
    [button] = [b for b in app.top.buttons if b.name == name]
    click(app, button.rect.center)


def key(app, code: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
    app.step(block=False)


#: The wait for a real analysis (``BUDGET``): it plays its key moments out to the end of the
#: game, which took over 20 s on the shared two-core machine at a load of 19.
ANALYSIS_SECONDS = 180.0


def wait_for(condition, app, seconds: float = 300.0) -> None:  # a bound, not a speed test
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        app.step(block=False)
        time.sleep(0.01)


# --- opening ------------------------------------------------------------------------------------
def test_review_opens_from_the_final_scoring_with_the_stored_review(app):
    path, seats, seed, state = write_replay()
    review = stored(path)
    app.push(app.make_scene("scoring", seats=seats, state=state, seed=seed, replay=path))
    press(app, "review")
    scene = app.top
    assert isinstance(scene, ReviewScene)
    assert scene.ready and scene.job is None  # a stored review opens at once
    assert scene.review == review
    first = review.seats[0].key_moments[0]
    assert scene.step == review.seats[0].decisions[first].step  # the costliest moment first
    app.draw()
    key(app, pygame.K_ESCAPE)
    assert app.top.__class__.__name__ == "ScoringScene"


def test_the_scoring_screen_writes_a_replay_when_none_was_kept(app):
    seats, seed, state = finished_game()
    finished = {}

    def quick(replay, budget, progress, cancel):
        finished["replay"] = replay
        return analyse_replay(replay, budget=BUDGET, progress=progress, cancel=cancel)

    app.scenes["review"] = partial(ReviewScene, analyse=quick)
    app.push(app.make_scene("scoring", seats=seats, state=state, seed=seed))
    key(app, pygame.K_r)
    scene = app.top
    assert isinstance(scene, ReviewScene)
    wait_for(lambda: scene.ready, app, ANALYSIS_SECONDS)
    assert finished["replay"].final.to_json() == state.to_json()
    assert load_or_none(scene.replay) == scene.review  # kept beside the replay: made once


def test_the_scoring_screen_offers_no_review_of_bots_alone(app):
    bots, seed, state = finished_game(people=0)
    assert not any(seat.is_human for seat in bots)
    app.push(app.make_scene("scoring", seats=bots, state=state, seed=seed))
    [button] = [b for b in app.top.buttons if b.name == "review"]
    assert not button.enabled


def test_review_opens_from_the_games_list(app):
    path, seats, seed, state = write_replay()
    review = stored(path)
    record = record_from_game(seats, seed, state, "2026-01-01T10:00:00+00:00", 600.0, path)
    stats = StatsScene(app, [record], {}, tab="games")
    app.push(stats)
    press(app, f"review_{record.id}")
    scene = app.top
    assert isinstance(scene, ReviewScene)
    assert scene.ready and scene.review == review
    assert scene.seat_review.seat == 0


# --- the analysis off the window's thread ------------------------------------------------------------
class SlowAnalysis:
    """An analysis that reports its progress, then waits to be released or cancelled."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.stopped = threading.Event()
        self.cancel: threading.Event | None = None

    def __call__(self, replay, budget, progress, cancel):
        self.cancel = cancel
        progress(0.25)
        while not self.release.wait(0.01):
            if cancel.is_set():
                self.stopped.set()
                raise ReviewCancelled()
        progress(0.9)
        return analyse_replay(replay, budget=BUDGET, progress=None, cancel=cancel)


def test_progress_shows_and_cancel_stops_the_analysis(app):
    path, _seats, _seed, _state = write_replay()
    slow = SlowAnalysis()
    app.push(app.make_scene("title"))
    scene = ReviewScene(app, path, analyse=slow)
    app.push(scene)
    wait_for(lambda: scene.job is not None and scene.job.progress == 0.25, app)
    assert not scene.ready
    app.draw()  # the bar and Cancel are drawn while the window keeps running
    assert [b.name for b in scene.buttons] == ["cancel"]
    press(app, "cancel")
    assert app.top is not scene  # back where the review was asked for, at once
    assert slow.stopped.wait(60)  # and the work itself stopped (at once; 60: a bound)
    assert load_or_none(path) is None  # nothing kept of a cancelled review


def test_esc_cancels_too(app):
    path, _seats, _seed, _state = write_replay()
    slow = SlowAnalysis()
    app.push(app.make_scene("title"))
    scene = ReviewScene(app, path, analyse=slow)
    app.push(scene)
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene
    assert slow.stopped.wait(60)


def test_a_finished_analysis_is_shown_and_kept(app):
    path, _seats, _seed, _state = write_replay()
    slow = SlowAnalysis()
    scene = ReviewScene(app, path, analyse=slow)
    app.push(scene)
    slow.release.set()
    wait_for(lambda: scene.ready, app, ANALYSIS_SECONDS)
    assert load_or_none(path) == scene.review
    # The whole review is on screen: the table, the chart, the column and the step buttons.
    assert scene.board is not None and scene.chart is not None and scene.panel is not None
    assert {"previous", "next", "back"} <= {b.name for b in scene.buttons}
    app.draw()


def test_a_review_kept_by_an_earlier_version_is_made_again_with_a_word(app):
    """A review stored before the review looked past the end of the round loads, but the
    screen makes it again (saying why under the progress bar) and keeps the new one."""
    path, _seats, _seed, _state = write_replay()
    store(path, analyse_replay(load_replay(path), budget=BUDGET, to_the_end=False))
    kept = load_or_none(path)
    assert kept is not None and kept.outdated
    slow = SlowAnalysis()
    scene = ReviewScene(app, path, analyse=slow)
    app.push(scene)
    assert scene.remade and scene.job is not None and not scene.ready
    app.draw()  # the progress bar with the word
    slow.release.set()
    wait_for(lambda: scene.ready, app, ANALYSIS_SECONDS)
    again = load_or_none(path)
    assert again == scene.review and again is not None and not again.outdated
    assert all(j.played_out for j in again.seats[0].moments())


def test_the_engine_analysis_runs_off_the_window_thread(app):
    path, _seats, _seed, _state = write_replay()
    threads: list[str] = []

    def watched(replay, budget, progress, cancel):
        threads.append(threading.current_thread().name)
        return engine_analysis(replay, BUDGET, progress, cancel)

    scene = ReviewScene(app, path, analyse=watched)
    app.push(scene)
    wait_for(lambda: scene.ready, app, ANALYSIS_SECONDS)
    assert threads and threads[0] != threading.main_thread().name
    assert scene.seat_review.decisions


def test_the_screen_analyses_in_the_window_worker_process(app):
    path, _seats, _seed, _state = write_replay()
    scene = ReviewScene(app, path, budget=BUDGET)  # the engine's analysis, as in the game
    app.push(scene)
    wait_for(lambda: scene.ready, app, ANALYSIS_SECONDS)
    assert app.bot_worker.starts == 1  # its searches went to the window's worker
    assert scene.review == analyse_replay(load_replay(path), budget=BUDGET)  # the same review


def test_a_failing_analysis_is_said_not_raised(app):
    path, _seats, _seed, _state = write_replay()

    def broken(replay, budget, progress, cancel):
        raise RuntimeError("a bug in the engine")

    scene = ReviewScene(app, path, analyse=broken)
    app.push(scene)
    wait_for(lambda: scene.job is None, app)
    assert scene.problem == "The review could not be made."
    app.draw()
    assert [b.name for b in scene.buttons] == ["back"]


# --- damaged and foreign files -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("content", "words"),
    [
        ('{"format": "a spreadsheet", "rows": []}', "not a Stone Age replay"),
        ('{"format": "stoneage-save", "version": 1, "seats": [', "cut off"),
        ("", "empty"),
    ],
)
def test_a_damaged_or_foreign_replay_gets_a_clear_message(app, tmp_path, content, words):
    path = tmp_path / "replay.json"
    path.write_text(content, encoding="utf-8")
    app.push(app.make_scene("title"))
    scene = ReviewScene(app, str(path))
    app.push(scene)
    assert words in scene.problem
    assert scene.job is None  # nothing is analysed
    app.draw()
    press(app, "back")
    assert app.top is not scene


def test_a_missing_replay_gets_a_message(app, tmp_path):
    scene = ReviewScene(app, str(tmp_path / "gone.json"))
    app.push(scene)
    assert scene.problem
    app.draw()


# --- moving through the game ----------------------------------------------------------------------------
@pytest.fixture
def ready(app):
    """A review screen showing a stored review of a one-person game."""
    path, _seats, _seed, _state = write_replay()
    stored(path)
    scene = ReviewScene(app, path)
    app.push(scene)
    assert scene.ready
    return scene


def test_a_click_on_a_key_moment_jumps_to_it(app, ready):
    review = ready.seat_review
    assert 3 <= len(review.key_moments) <= 5
    rects = ready.panel.moment_rects()
    assert [index for index, _rect in rects] == list(review.key_moments)
    index, rect = rects[-1]
    click(app, rect.center)
    assert ready.step == review.decisions[index].step
    assert ready.decision_index() == index
    assert ready.shown().judged is review.decisions[index]


def test_a_click_on_the_chart_goes_to_the_nearest_decision(app, ready):
    review = ready.seat_review
    last = review.decisions[-1]
    x = ready.chart.x_of(last.step)
    click(app, (x, ready.chart.plot.centery))
    assert ready.step == last.step


def test_left_and_right_step_through_the_decisions_and_shift_by_moves(app, ready):
    review = ready.seat_review
    steps = [d.step for d in review.decisions]
    key(app, pygame.K_HOME)
    assert ready.step == steps[0]
    key(app, pygame.K_RIGHT)
    assert ready.step == steps[1]
    key(app, pygame.K_RIGHT)
    assert ready.step == steps[2]
    key(app, pygame.K_LEFT)
    assert ready.step == steps[1]
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert ready.step == steps[1] + 1  # one move on, whoever made it
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert ready.step == steps[1]
    key(app, pygame.K_END)
    assert ready.step == steps[-1]
    key(app, pygame.K_RIGHT)  # no later decision: it stays
    assert ready.step == steps[-1]
    press(app, "previous")
    assert ready.step == steps[-2]


def test_moves_of_others_are_shown_but_not_judged(app, ready):
    review = ready.seat_review
    judged_steps = {d.step for d in review.decisions}
    ready.go_to_step(0)
    while ready.step in judged_steps:
        ready.next_move(True)
    shown = ready.shown()
    assert shown.judged is None and shown.move
    app.draw()


def test_the_table_shown_is_the_one_of_the_decision(app, ready):
    game = ready.game
    judged = ready.seat_review.decisions[ready.seat_review.key_moments[0]]
    ready.go_to_decision(ready.seat_review.key_moments[0])
    before = game.steps[judged.step].before
    assert before.current_player() == ready.seat_review.seat
    assert str(game.steps[judged.step].action) == judged.chosen


def test_a_hotseat_game_reviews_each_person_on_their_own(app):
    path, _seats, _seed, _state = write_replay(people=2)
    review = stored(path)
    assert [s.seat for s in review.seats] == [0, 1]
    scene = ReviewScene(app, path, seat=1)
    app.push(scene)
    assert scene.seat_review.seat == 1
    assert {b.name for b in scene.buttons} >= {"seat_0", "seat_1"}
    key(app, pygame.K_TAB)
    assert scene.seat_review.seat == 0
    assert all(d.seat == 0 for d in scene.seat_review.decisions)
    press(app, "seat_1")
    assert scene.seat_review.seat == 1
    app.draw()


def test_the_screen_follows_a_window_resize(app, ready):
    before = ready.step
    app.resize((1024, 640))
    assert ready.step == before and ready.board.area.width < 1024
    app.draw()


def test_the_charts_show_the_trend_of_the_reviewed_games(app):
    path, seats, seed, state = write_replay()
    review = stored(path)
    record = record_from_game(seats, seed, state, "2026-01-01T10:00:00+00:00", 600.0, path)
    other = record_from_game(seats, seed, state, "2026-01-02T10:00:00+00:00", 600.0, None)
    stats = StatsScene(app, [record, other], {}, tab="charts")
    app.push(stats)
    assert stats.trend() == [review.seats[0].agreement]  # the game not reviewed has no point
    stats.set_filter(players=3)
    assert stats.trend() == []  # the filters apply to the trend too
    app.draw()


def test_the_time_left_is_guessed_from_the_pace():
    job = Job(lambda progress, cancel: None)
    job.started = time.monotonic() - 10.0
    assert job.seconds_left() is None  # no pace yet
    job.progress = 0.5
    assert 9.0 < job.seconds_left() < 11.0  # half done in 10 s: about 10 s to go


def test_a_game_played_to_its_end_hands_its_replay_to_the_scoring_screen(app):
    scene = TableScene(app, two_seats(), SEED, near_the_end(), threaded=False)
    app.push(scene)
    play_out(app, scene)
    scoring = app.top
    assert isinstance(scoring, ScoringScene)
    [record] = app.records.history.load()
    assert scoring.replay == record.replay  # Review reads the replay the record wrote


def test_the_review_follows_a_language_switch(app, ready):
    english = ready.panel.sentences[ready.seat_review.key_moments[0]]
    app.settings.language = "zh"
    app.save_settings()
    try:
        chinese = ready.panel.sentences[ready.seat_review.key_moments[0]]
        assert chinese != english
        app.draw()
    finally:
        app.settings.language = "en"
        app.save_settings()


def test_the_chart_says_which_decision_is_under_the_pointer(app, ready):
    judged = ready.seat_review.decisions[3]
    pos = (ready.chart.x_of(judged.step), ready.chart.plot.centery)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step(block=False)
    tip = ready.tooltip()
    assert tip.startswith(f"Round {judged.round}:") and "Click" in tip
    app.draw()


# --- practice from here ----------------------------------------------------------------------------------
def play_the_original_moves(app, table: TableScene, replay, seconds: float = 120.0) -> None:
    """Bots and chance play on their own; at each of the person's decisions the table's hands
    take the original game's move (a roll held on screen gone on from with Continue), until
    the practice game has left the screen."""
    moves = {step.before.ply: step.action for step in replay.steps}
    deadline = time.monotonic() + seconds
    while app.top is table and time.monotonic() < deadline:
        app.step(block=False)
        if go_on_from_held_roll(app):  # a roll of the person's, held until Continue
            continue
        seat = table.match.human_to_act()
        if seat is not None and table.hands.controls and not table.timeline.busy:
            assert table.act(moves[table.match.state.ply])
    assert app.top is not table, "the practice game did not end"


def test_play_from_here_starts_a_practice_game_that_ends_as_the_original(app):
    path, _seats, _seed, state = write_replay()
    review = stored(path)
    original = [row["total"] for row in state.final_scoring()]
    app.push(app.make_scene("title"))
    app.push(app.make_scene("review", replay=path))
    scene = app.top
    moment = review.seats[0].decisions[review.seats[0].key_moments[1]]
    click(app, dict(scene.panel.moment_rects())[review.seats[0].key_moments[1]].center)
    assert scene.step == moment.step
    [button] = scene.buttons_named("practice")
    assert button.enabled and "practice game" in button.tooltip
    press(app, "practice")  # real pointer events on the review's button
    table = app.top
    assert isinstance(table, TableScene) and table.keeper is not None
    practice = table.keeper.practice
    assert practice is not None and (practice.step, practice.seat) == (moment.step, 0)
    assert practice.scores == tuple(original) and practice.source == path
    replay = load_replay(path)
    assert table.match.state.to_json() == replay.steps[moment.step].before.to_json()
    assert any("Practice from round" in text for text in app.toasts.texts())
    play_the_original_moves(app, table, replay)
    scoring = app.top
    assert isinstance(scoring, ScoringScene) and scoring.practice == practice
    assert [row["total"] for row in scoring.rows] == original  # the same dice, cards and bots
    assert (
        scoring.comparison()
        == f"You: original game {original[0]}, this practice {original[0]} (±0)"
    )
    assert scoring.comparison() in scoring.note
    [play_again] = [b for b in scoring.buttons if b.name == "play_again"]
    assert play_again.label == "Practice again"
    app.draw()
    [record] = app.records.history.load()  # recorded, marked, and counted nowhere
    assert record.practice == practice and record.replay
    assert app.records.achievements.load_earned() == {}
    assert not any("Achievement" in text for text in app.toasts.texts())
    assert load_replay(record.replay).practice == practice  # reviewed like any game, from its start


def test_leaving_a_practice_game_goes_back_to_the_review_and_keeps_the_autosave(app):
    path, seats, seed, state = write_replay()
    stored(path)
    in_progress = replay_steps(state)[200].before  # the player's own game, kept for Continue
    assert app.records.autosave.write(save_payload(seats, seed, in_progress))
    before = app.records.autosave.path().read_bytes()
    app.push(app.make_scene("title"))
    review = app.make_scene("review", replay=path)
    app.push(review)
    key(app, pygame.K_p)  # P plays from the decision on screen too
    table = app.top
    assert isinstance(table, TableScene) and table.keeper.practice is not None
    for _ in range(20):
        app.step(block=False)
    key(app, pygame.K_ESCAPE)  # the pause menu
    [leave] = [b for b in app.top.buttons if b.name == "leave"]
    assert leave.label == "Leave the practice" and "not kept" in leave.tooltip
    press(app, "leave")
    assert app.top is review  # back where it was started, nothing recorded
    assert app.records.history.load() == []
    assert app.records.autosave.path().read_bytes() == before  # the player's own game is safe


def test_play_from_here_is_offered_at_the_players_decisions_only(app, ready):
    judged = {d.step for d in ready.seat_review.decisions}
    ready.go_to_step(0)
    while ready.step in judged:
        ready.next_move(True)
    [button] = ready.buttons_named("practice")
    assert not button.enabled and "your decisions" in button.tooltip
    key(app, pygame.K_p)
    assert app.top is ready  # nothing started
    ready.go_to_decision(0)
    assert button.enabled


def test_a_practice_of_a_replay_gone_is_said_in_words(app, tmp_path):
    app.push(app.make_scene("title"))
    app.push(
        app.make_scene("practice", practice=Practice(str(tmp_path / "gone.json"), 3, 0, (1, 2)))
    )
    assert app.top.__class__.__name__ == "ConfirmScene"
    app.draw()


def test_a_practice_game_saved_under_a_name_stays_a_practice_game(app, tmp_path):
    path, _seats, _seed, _state = write_replay()
    game = load_replay(path)
    step = next(i for i, s in enumerate(game.steps) if s.actor == 0 and s.before.round == 3)
    practice = game.practice_from(step, path)
    app.push(app.make_scene("title"))
    app.push(app.make_scene("practice", practice=practice, threaded=False))
    table = app.top
    assert isinstance(table, TableScene) and table.undo_target() is None  # nothing before it
    saved = tmp_path / "named.json"
    saved.write_text(json.dumps(table.save_payload()), encoding="utf-8")
    loaded = load_game_file(saved)
    assert loaded.practice == practice
    start_loaded_game(app, loaded)
    assert app.top.keeper.practice == practice


def test_statistics_list_a_practice_game_and_count_it_nowhere(app):
    path, seats, seed, state = write_replay()
    mark = load_replay(path).practice_from(50, path)
    record = record_from_game(seats, seed, state, "2026-01-01T10:00:00+00:00", 600.0, path)
    trial = record_from_game(
        seats, seed, state, "2026-01-02T10:00:00+00:00", 600.0, path, practice=mark
    )
    stats = StatsScene(app, [record, trial], {}, tab="games")
    app.push(stats)
    assert (stats.summary.tally.played, len(stats.summary.entries)) == (1, 1)
    assert [e.record.id for e in stats.games.entries] == [record.id, trial.id]
    assert stats.buttons_named(f"review_{trial.id}") and stats.buttons_named(f"replay_{trial.id}")
    app.draw()
    stats.set_tab("overview")
    assert stats.summary.tally.played == 1
    app.draw()
