"""The post-game review: a scripted human's two blunders among its key moments, the same
review every time, the review kept beside its replay, clear errors for bad files, the
command line."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from stoneage import i18n
from stoneage.play.worker import DecisionWorker, WorkerFailed
from stoneage.records.game_record import record_from_game
from stoneage.review import (
    CATEGORIES,
    NotAReplay,
    ReplayError,
    Review,
    ReviewCancelled,
    ReviewFormatError,
    analyse_replay,
    load_or_none,
    load_replay,
    review_path,
    store,
)
from stoneage.review.__main__ import main
from stoneage.review.analysis import (
    MOST_PLAYED_OUT,
    PLAYED_OUT,
    REFINED,
    futures_for,
    upgraded,
)
from stoneage.review.calibration import blended, game_gap
from stoneage.review.ending import Ending
from stoneage.review.trend import review_trend
from stoneage.review.words import moment_sentence, summary_lines

from .scripted import Blunders, scripted_game, write_replay

SEED = 3  # a game where both blunders happen (checked below)
BUDGET = 50  # small: the test's review takes a few seconds


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> tuple[Path, Blunders]:
    """The scripted game's replay file and where the human blundered."""
    match, blunders = scripted_game(SEED)
    assert blunders.starve is not None and blunders.decline is not None
    path = write_replay(match, tmp_path_factory.mktemp("replays") / "scripted.json")
    return path, blunders


@pytest.fixture(scope="module")
def review(game) -> Review:
    """The scripted game's review at the test budget."""
    return analyse_replay(load_replay(game[0]), budget=BUDGET)


def test_both_blunders_are_key_moments(game, review):
    _path, blunders = game
    (seat,) = review.seats  # only the human seat is judged, the bots are not
    assert seat.seat == 0
    assert 3 <= len(seat.key_moments) <= 5
    steps = [j.step for j in seat.moments()]
    assert blunders.starve in steps
    assert blunders.decline in steps
    losses = [j.loss for j in seat.moments()]
    assert losses == sorted(losses, reverse=True)  # the costliest first
    starve = next(j for j in seat.moments() if j.step == blunders.starve)
    decline = next(j for j in seat.moments() if j.step == blunders.decline)
    assert (starve.category, starve.chosen, starve.chosen_tag) == ("feeding", "starve", "starve")
    assert starve.best_tag in ("feed", "taketwo") and starve.loss > 3
    assert (decline.category, decline.chosen) == ("payment", "decline")
    assert decline.best_tag == "pay" and decline.loss > 3
    names = review.names()
    assert "hunger" in moment_sentence(starve, names)
    assert "Not buying the building" in moment_sentence(decline, names)


def test_decisions_and_summary_add_up(review):
    seat = review.seats[0]
    assert all(j.seat == 0 for j in seat.decisions)
    for j in seat.decisions:
        expected = 0.0 if j.agrees or not j.searched else max(0.0, j.best_lead - j.chosen_lead)
        assert j.loss == pytest.approx(expected, abs=0.002)
    for category in CATEGORIES:
        total = sum(j.loss for j in seat.decisions if j.category == category)
        assert seat.loss_by_category[category] == pytest.approx(total, abs=0.01)
    assert 0.0 < seat.agreement < 1.0
    steps = [step for step, _lead in seat.lead_curve]
    assert steps == sorted(steps) and steps[-1] == review.actions  # ends at the final score
    lines = summary_lines(seat)
    assert lines[0].startswith("You: ") and any("Points given away" in line for line in lines)


def test_same_replay_same_review(game, review):
    again = analyse_replay(load_replay(game[0]), budget=BUDGET)
    assert again.seats[0].key_moments == review.seats[0].key_moments
    assert again.to_dict() == review.to_dict()


def test_two_workers_give_the_same_review(game):
    replay = load_replay(game[0])
    small = 8
    one = analyse_replay(replay, budget=small)
    seen: list[float] = []
    two = analyse_replay(replay, budget=small, workers=2, progress=seen.append)
    assert two.to_dict() == one.to_dict()
    assert seen == sorted(seen) and seen[-1] == 1.0


def test_progress_and_cancel(game):
    replay = load_replay(game[0])
    seen: list[float] = []
    analyse_replay(replay, budget=2, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) > 10
    cancel = threading.Event()

    def stop_soon(share: float) -> None:
        if share > 0.2:
            cancel.set()

    with pytest.raises(ReviewCancelled):
        analyse_replay(replay, budget=2, progress=stop_soon, cancel=cancel)


def test_stored_beside_the_replay(game, review, tmp_path):
    replay_path = tmp_path / "stoneage-1-20260101-000000.json"
    replay_path.write_bytes(game[0].read_bytes())
    assert review_path(replay_path) == tmp_path / "stoneage-1-20260101-000000.review.json"
    assert load_or_none(replay_path) is None
    written = store(replay_path, review)
    assert written == review_path(replay_path)
    assert load_or_none(replay_path, review.replay_id, BUDGET) == review
    assert load_or_none(replay_path, "another game") is None
    assert load_or_none(replay_path, review.replay_id, BUDGET + 1) is None
    written.write_text(written.read_text()[:-40], encoding="utf-8")  # cut off
    assert load_or_none(replay_path) is None


def test_damaged_review_data_is_refused(review):
    raw = review.to_dict()
    assert Review.from_dict(json.loads(json.dumps(raw))) == review
    broken = json.loads(json.dumps(raw))
    broken["seats"][0]["decisions"][0]["loss"] = "much"
    for bad in (broken, {"format": "stoneage-save"}, [], {**raw, "version": 99}):
        with pytest.raises(ReviewFormatError) as caught:
            Review.from_dict(bad)
        assert caught.value.message
    moments = json.loads(json.dumps(raw))
    moments["seats"][0]["key_moments"] = [10_000]
    with pytest.raises(ReviewFormatError):
        Review.from_dict(moments)


def test_damaged_and_foreign_replays(game, tmp_path):
    text = game[0].read_text(encoding="utf-8")
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(ReplayError) as caught:
        load_replay(cut)
    assert "cannot be reviewed" in caught.value.message
    assert "cut off" in caught.value.message
    foreign = tmp_path / "photo.json"
    foreign.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    with pytest.raises(NotAReplay) as caught:
        load_replay(foreign)
    assert "not a Stone Age replay" in caught.value.message
    other = tmp_path / "other.json"
    other.write_text('{"name": "a list of groceries", "items": [1, 2]}', encoding="utf-8")
    with pytest.raises(NotAReplay):
        load_replay(other)
    with pytest.raises(ReplayError):
        load_replay(tmp_path / "gone.json")
    i18n.install_language("zh")
    with pytest.raises(NotAReplay) as caught:
        load_replay(foreign)
    assert "Stone Age replay" not in caught.value.message  # told in the player's language


def test_sentences_in_every_language(review):
    seat = review.seats[0]
    english = [moment_sentence(j, review.names()) for j in seat.moments()]
    for code in ("zh", "ja"):
        i18n.install_language(code)
        worded = [moment_sentence(j, review.names()) for j in seat.moments()]
        assert all(worded) and all(w != e for w, e in zip(worded, english))
        assert all(line for line in summary_lines(seat))
        assert seat.name == "You" and seat.shown not in ("You", "")  # the game's name, worded now
        assert review.names()[0] == seat.shown
    i18n.install_language("en")


def test_command_line(game, review, capsys):
    path = game[0]
    store(path, review)  # the command line prints a stored review as it is
    assert main([str(path), "--budget", str(BUDGET), "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Review of You\nKey moments:\n1. Round ")
    assert "hunger" in text and "Not buying the building" in text
    assert text.index("Key moments") < text.index("decisions judged")
    assert main([str(path), "--json", "--budget", str(BUDGET)]) == 0
    assert Review.from_dict(json.loads(capsys.readouterr().out)) == review


def test_command_line_bad_replay(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main([str(bad), "--lang", "en"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "cannot be reviewed" in captured.err


def test_trend_across_reviewed_games(game, review, tmp_path):
    replay_path = tmp_path / "stoneage-3-20260101-000000.json"
    replay_path.write_bytes(game[0].read_bytes())
    replay = load_replay(replay_path)
    record = record_from_game(
        replay.seats,
        replay.seed,
        replay.final,
        "2026-01-01T00:00:00+00:00",
        60.0,
        replay=str(replay_path),
        finished_at="2026-01-01T01:00:00+00:00",
    )
    unreviewed = replace(record, id="other", replay=str(tmp_path / "gone.json"))
    assert review_trend([record, unreviewed]) == []  # nothing reviewed yet
    store(replay_path, review)
    (point,) = review_trend([record, unreviewed])
    seat = review.seats[0]
    assert (point.game_id, point.seat, point.name) == (record.id, 0, "You")
    assert point.agreement == seat.agreement and point.decisions == len(seat.decisions)
    assert point.loss == pytest.approx(seat.total_loss, abs=0.01)
    assert review_trend([record], name="Bot 1") == []


def test_hotseat_reviews_each_human_on_its_own(game, tmp_path):
    document = json.loads(game[0].read_text(encoding="utf-8"))
    document["seats"][2]["kind"] = "human"  # a second person at the table
    path = tmp_path / "hotseat.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    both = analyse_replay(load_replay(path), budget=2)
    assert [s.seat for s in both.seats] == [0, 2]
    for seat in both.seats:
        assert seat.decisions and all(j.seat == seat.seat for j in seat.decisions)
    assert [p.human for p in both.players] == [True, False, True, False]
    alone = analyse_replay(load_replay(path), budget=2, seats=[2])
    assert alone.seats == both.seats[1:]  # a seat's review does not depend on the others'


def test_the_points_given_away_are_counted_at_the_end_of_the_game(review):
    """A gap carried to the game's end, or both moves played out there and weighed with it;
    Hard's lead shown as the player's plus the points given away."""
    seat = review.seats[0]
    moments = set(seat.moments())
    assert moments and all(j.played_out for j in moments)  # every key moment played out
    ended = [j for j in seat.decisions if j.played_out]
    assert PLAYED_OUT <= len(ended) <= MOST_PLAYED_OUT
    most = futures_for(BUDGET)
    for j in seat.decisions:
        assert j.round_gap is not None
        if j.agrees or not j.searched:
            assert j.loss == 0.0 and not j.played_out
            continue
        if j.round_gap <= 0 and not j.played_out:  # as good as Hard's by its own look
            assert j.loss == 0.0
            continue
        if j.played_out:
            assert j.end_gap is not None and 2 <= j.futures <= most
            ending = Ending(j.end_gap, j.end_error, j.futures)
            expected = blended(j.round_gap, j.category, j.rounds_left, ending)
        else:
            expected = game_gap(j.round_gap, j.category, j.rounds_left)
        assert j.loss == pytest.approx(max(0.0, expected), abs=0.01)
        assert j.best_lead == pytest.approx(j.chosen_lead + j.loss, abs=0.002)


def test_the_round_measure_is_the_review_as_it_was(game, review):
    """``to_the_end=False`` is the review before it looked past the round (version 1): the
    same first look, every gap at the end of the round, the costliest judged again there."""
    old = analyse_replay(load_replay(game[0]), budget=BUDGET, to_the_end=False)
    assert old.version == 1 and old.outdated and not review.outdated
    pairs = list(zip(old.seats[0].decisions, review.seats[0].decisions, strict=True))
    assert all(a.step == b.step and a.best == b.best for a, b in pairs)
    for a, _b in pairs:
        assert not a.played_out and a.round_gap is not None
        assert a.loss == pytest.approx(0.0 if a.agrees else max(0.0, a.round_gap), abs=0.001)
    judged_again = [
        a for a, b in pairs if (a.chosen_lead, a.round_gap) != (b.chosen_lead, b.round_gap)
    ]
    assert 0 < len(judged_again) <= REFINED  # the others: the same first look


def test_a_review_kept_by_an_earlier_version_is_made_again(game, review, tmp_path, capsys):
    """A review of version 1 still loads (for the statistics, its gaps carried to the game's
    end), but it is outdated: the command line makes it again, and says so."""
    old = analyse_replay(load_replay(game[0]), budget=BUDGET, to_the_end=False).to_dict()
    for seat in old["seats"]:
        for decision in seat["decisions"]:
            del decision["round_gap"]  # version 1 had none
    replay_path = tmp_path / "stoneage-3-20260101-000000.json"
    replay_path.write_bytes(game[0].read_bytes())
    review_path(replay_path).write_text(json.dumps(old), encoding="utf-8")
    read = load_or_none(replay_path, review.replay_id, BUDGET)
    assert read is not None and read.outdated and read.version == 1
    for j in read.seats[0].decisions:
        if j.searched and not j.agrees and j.round_gap is not None and j.round_gap > 0:
            assert j.loss == pytest.approx(
                game_gap(j.round_gap, j.category, j.rounds_left), abs=0.002
            )
    assert upgraded(review) is review
    assert main([str(replay_path), "--budget", str(BUDGET), "--json", "--lang", "en"]) == 0
    captured = capsys.readouterr()
    assert "made again" in captured.err
    assert Review.from_dict(json.loads(captured.out)) == review


def test_the_review_in_the_window_worker_is_the_same(game):
    replay = load_replay(game[0])
    small = 8
    here = analyse_replay(replay, budget=small)
    worker = DecisionWorker(timeout=120)
    try:
        seen: list[float] = []
        there = analyse_replay(replay, budget=small, worker=worker, progress=seen.append)
        assert worker.starts == 1  # the searches went to the worker
    finally:
        worker.close()
    assert there.to_dict() == here.to_dict()
    assert seen == sorted(seen) and seen[-1] == 1.0


def test_cancel_stops_the_review_in_the_worker(game):
    replay = load_replay(game[0])
    worker = DecisionWorker(timeout=120)
    cancel = threading.Event()
    try:
        worker.run(abs, 0)  # started: the cancel comes while a job of the review runs there
        timer = threading.Timer(0.5, cancel.set)
        timer.start()
        begin = time.monotonic()
        with pytest.raises(ReviewCancelled):  # a budget that would take minutes
            analyse_replay(replay, budget=5000, cancel=cancel, worker=worker)
        assert time.monotonic() - begin < 30
        timer.join()
        assert worker.run(abs, -3) == 3  # the worker (or a fresh one) takes the next job
    finally:
        worker.close()


class _DeadWorker(DecisionWorker):
    """A worker whose every job fails (it died, or overran its deadline)."""

    def run(self, job, *args, timeout=None, cancel=None):  # type: ignore[no-untyped-def]
        raise WorkerFailed("the worker died")


def test_a_review_whose_worker_fails_is_made_here_the_same(game):
    replay = load_replay(game[0])
    small = 8
    worker = _DeadWorker()
    try:
        assert analyse_replay(replay, budget=small, worker=worker).to_dict() == (
            analyse_replay(replay, budget=small).to_dict()
        )
    finally:
        worker.close()
