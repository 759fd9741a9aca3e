"""Writes that fail for real, on a file system of the test's own (``tests.records.tiny_disk``):
a full disk and a read-only one. The save, the history, the achievements and the settings each say
so once with the reason and the folder, keep what they hold, never damage what was written
before, keep trying, and say when writing works again. File modes would not do: root writes
through them, and the tests may run as root."""

from __future__ import annotations

import json

import pytest

from stoneage.play.savefile import stamped
from stoneage.records import Records, history
from stoneage.records.files import previous_of
from stoneage.records.settings import Settings, load_settings
from tests.records.test_history_records import bot, game, seat
from tests.records.tiny_disk import REASONS, home_on_tiny_disk, run_where_mounting_works

KINDS = ["save", "history", "achievements", "settings"]


# Fresh records (the ``records`` fixture of tests/conftest.py): nothing waiting, failing or held
# from another test.


def autosave(move: int) -> dict:
    """A stand-in for the game in progress after ``move`` moves."""
    return {"seats": [{"name": "Ann"}], "game": {"moves": list(range(move))}}


def write_everything(records: Records, move: int, record) -> dict[str, bool]:
    """One of each write the game makes, as after a move and at the end of a game."""
    return {
        "save": records.autosave.write(autosave(move)),
        "history": records.history.append(record)
        if record is not None
        else records.history.retry_pending(),
        "achievements": bool(records.achievements.award(record, []))
        and records.achievements.retry_pending()
        if record is not None
        else records.achievements.retry_pending(),
        "settings": records.save_settings(Settings(language="ja")),
    }


@pytest.mark.parametrize("how", list(REASONS))
def test_every_write_on_a_broken_disk_is_said_once_kept_and_retried(
    request, tmp_path, monkeypatch, how
):
    if not run_where_mounting_works(request):
        return
    with home_on_tiny_disk(tmp_path, monkeypatch) as (disk, home):
        records = Records()
        first = game(seat(total=120), bot(total=80), day=1)
        assert all(write_everything(records, 1, first).values())  # a good start: everything written
        before = {p.name: p.read_bytes() for p in home.iterdir() if p.is_file()}
        records.health.notices()

        disk.break_as(how)
        second = game(seat(total=205, people=10), bot(total=80), day=2)
        outcome = write_everything(records, 2, second)
        assert outcome == dict.fromkeys(KINDS, False)
        notices = records.health.notices()
        assert sorted(n.kind for n in notices) == sorted(KINDS)
        for notice in notices:
            assert not notice.recovered
            assert f": {REASONS[how]}. Folder: {home}." in notice.message(), notice.message()

        # Nothing written before was lost or damaged, and nothing half-written is left.
        after = {p.name: p.read_bytes() for p in home.iterdir() if p.is_file()}
        assert {k: v for k, v in after.items() if not k.endswith(".lock")} == {
            k: v for k, v in before.items() if not k.endswith(".lock")
        }
        assert records.autosave.read() == stamped(autosave(1)) | {
            "saved_at": records.autosave.read()["saved_at"]
        }
        # What could not be written is still here for the player: shown, kept, retried.
        assert records.history.with_pending() == [first, second]
        assert "score_200" in records.achievements.load_earned([first])["Ann"]
        assert records.history.take_notices() == [] and records.achievements.take_notices() == []

        # Later actions keep trying, and the warning is not said again.
        assert write_everything(records, 3, None) == dict.fromkeys(KINDS, False)
        assert records.health.notices() == []
        assert {p.kind for p in records.health.failing()} == set(KINDS)

        disk.mend_as(how)
        assert write_everything(records, 4, None) == dict.fromkeys(KINDS, True)
        again = records.health.notices()
        assert sorted(n.kind for n in again) == sorted(KINDS) and all(n.recovered for n in again)
        assert records.health.failing() == []

        records.close()
        restarted = Records()  # a fresh start of the program: only the disk counts
        assert restarted.history.load() == [first, second]
        assert "score_200" in restarted.achievements.load_earned()["Ann"]
        assert json.loads(restarted.autosave.path().read_text())["game"]["moves"] == [0, 1, 2, 3]
        assert load_settings().language == "ja"


@pytest.mark.parametrize("how", list(REASONS))
def test_a_damaged_history_on_a_broken_disk_keeps_its_records_and_says_both(
    request, tmp_path, monkeypatch, how
):
    if not run_where_mounting_works(request):
        return
    with home_on_tiny_disk(tmp_path, monkeypatch) as (disk, home):
        records = Records()
        games = [game(seat(total=t), bot(), day=t) for t in (90, 100, 110)]
        for record in games:
            assert records.history.append(record)
        path = history.history_path()
        previous_of(path).unlink()
        damaged = path.read_bytes()[:-30]
        path.write_bytes(damaged)  # the newest record cut off
        records.health.notices()
        disk.break_as(how)
        # The damaged file can be neither set aside nor rewritten: the good records are still
        # read and shown, the file is left exactly as it was, and both things are said.
        assert records.history.load() == games[:2]
        assert path.read_bytes() == damaged
        assert list(home.glob("history.damaged-*")) == []
        (notice,) = records.history.take_notices()
        assert notice.startswith("Your game history is damaged: 2 games are shown;")
        (failed,) = records.health.notices()
        assert failed.kind == "history" and REASONS[how] in failed.message()
        # A game ending meanwhile is kept in memory, never written over the damaged file.
        new = game(seat(total=140), bot(), day=200)
        assert not records.history.append(new)
        assert path.read_bytes() == damaged
        assert records.history.with_pending() == [*games[:2], new]
        assert records.history.take_notices() == []  # said once

        disk.mend_as(how)
        assert records.history.retry_pending()
        assert records.history.load() == [*games[:2], new]
        (aside,) = home.glob("history.damaged-*")
        assert aside.read_bytes() == damaged  # set aside as it was, never deleted
        (mended,) = records.history.take_notices()
        assert mended.startswith("Your game history was damaged: 2 games were kept")
        assert [n.recovered for n in records.health.notices()] == [True]
