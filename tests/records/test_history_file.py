"""The history file on disk: damage keeps every good record (the damaged file set aside, the
player told once), a kill at any step of a write or of the process loses nothing, two copies
of the game add their games without losing one, and a folder that cannot be written is said."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from stoneage.records import Records, history
from stoneage.records.files import data_dir, previous_of
from stoneage.records.game_record import GameRecord
from stoneage.records.health import WriteHealth
from stoneage.records.history import History
from tests.records.test_history_records import bot, game, seat

ROOT = Path(__file__).resolve().parents[2]


# Fresh records (the ``records`` fixture of tests/conftest.py: nothing waiting, failing or held
# from another test); the home is the temporary folder of tests/records/conftest.py.


def three_games() -> list[GameRecord]:
    return [game(seat(total=t), bot(total=90), day=i) for i, t in enumerate((80, 100, 120))]


def stored(kept: History, games: list[GameRecord]) -> bytes:
    for record in games:
        assert kept.append(record)
    return history.history_path().read_bytes()


def set_aside_files() -> list[Path]:
    return sorted(data_dir().glob("history.damaged-*"))


# --- damage ---------------------------------------------------------------------------------------------
def damage_cases(good: bytes) -> dict[str, tuple[bytes, int]]:
    """A damaged file and how many of the three good records it still holds."""
    lines = good.split(b"\n")
    bad_types = json.loads(lines[2])
    bad_types["seats"][0]["people"] = "many"
    return {
        "empty": (b"", 0),
        "cut off in the last record": (good[: len(good) - 40], 2),
        "cut off in the header": (good[:10], 0),
        "wrong types in one record": (
            b"\n".join([lines[0], lines[1], json.dumps(bad_types).encode(), lines[3]]),
            2,
        ),
        "not json at all": (b"\x00\xff\xfe junk \x89PNG", 0),
        "5 MB of junk after the records": (good + os.urandom(5_000_000), 3),
        "5 MB of junk before the records": (
            random.Random(1).randbytes(5_000_000).replace(b"\n", b" ") + b"\n" + good,
            3,
        ),
        "a list in place of a record": (good + b"[1, 2, 3]\n", 3),
        "deep nesting": (good + b"[" * 50_000 + b"\n", 3),
        "not utf-8": (good.replace(b'"Ann"', b'"\xff\xfe"', 1), 2),
    }


@pytest.mark.parametrize(
    "case",
    [
        "empty",
        "cut off in the last record",
        "cut off in the header",
        "wrong types in one record",
        "not json at all",
        "5 MB of junk after the records",
        "5 MB of junk before the records",
        "a list in place of a record",
        "deep nesting",
        "not utf-8",
    ],
)
def test_a_damaged_history_keeps_every_good_record_and_says_so_once(records, case):
    games = three_games()
    good = stored(records.history, games)
    content, kept = damage_cases(good)[case]
    previous_of(history.history_path()).unlink()  # only the damaged file to go by
    history.history_path().write_bytes(content)

    found = records.history.load()
    if case == "empty":  # an empty file holds nothing to lose and nothing damaged
        assert found == [] and records.history.take_notices() == []
        return
    assert len(found) == kept and all(r in games for r in found)
    (aside,) = set_aside_files()
    assert aside.read_bytes() == content  # set aside as it was, never deleted
    (notice,) = records.history.take_notices()
    assert notice == (
        f"Your game history was damaged: {kept} games were kept, and the damaged part was "
        f"set aside as {aside}."
    )
    assert records.history.load() == found  # mended: the next load is clean and silent
    assert records.history.take_notices() == []
    new = game(seat(total=150), bot())
    assert records.history.append(new)
    assert records.history.load() == [*found, new]


def test_records_the_damage_lost_come_back_from_the_previous_copy(records):
    games = three_games()
    good = stored(records.history, games)
    history.history_path().write_bytes(good[:-40])  # the newest record cut off
    previous = previous_of(history.history_path()).read_bytes()
    assert previous.count(b"\n") == 3  # header and the two older records
    assert records.history.load() == games[:2]
    assert len(records.history.take_notices()) == 1


def test_a_damaged_history_never_stops_a_game_from_ending(records):
    history.history_path().parent.mkdir(parents=True, exist_ok=True)
    history.history_path().write_bytes(os.urandom(100_000))
    state_record = game(seat(total=150), bot())
    assert records.history.append(state_record)
    assert records.history.load() == [state_record]
    assert len(set_aside_files()) == 1 and len(records.history.take_notices()) == 1


# --- kills --------------------------------------------------------------------------------------------------
class Killed(BaseException):
    """The process dies here: nothing after it runs."""


def kill_at(monkeypatch, step: int) -> list[str]:
    seen: list[str] = []
    for name in ("write", "fsync", "link", "replace"):
        real = getattr(os, name)

        def fake(*args, _real=real, _name=name, **kwargs):
            seen.append(_name)
            if len(seen) - 1 == step:
                if _name == "write":
                    _real(args[0], bytes(args[1])[: len(args[1]) // 2])
                raise Killed(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(os, name, fake)
    return seen


def test_a_kill_at_any_step_of_a_write_leaves_the_history_before_or_after():
    games = three_games()
    step = 0
    while True:
        history.history_path().unlink(missing_ok=True)
        program = History(WriteHealth())  # a program that starts with nothing in memory
        stored(program, games[:2])
        with pytest.MonkeyPatch.context() as patch:
            seen = kill_at(patch, step)
            try:
                program.append(games[2])
                finished = True
            except Killed:
                finished = False
        restarted = History(WriteHealth())  # the next start of the program: nothing in memory
        found = restarted.load()
        assert found in (games[:2], games), f"a kill at {seen[-1]} (step {step})"
        assert restarted.take_notices() == [] and set_aside_files() == []
        if finished:
            assert found == games
            break
        step += 1
    assert step >= 5


CHILD = """
import sys
from stoneage.records import Records
from tests.records.test_history_records import bot, game, seat
records = Records()
for n in range(int(sys.argv[1])):
    records.history.append(game(seat(total=n), bot(), day=n))
    print("appended", n + 1, flush=True)
"""


def start_child(home: Path, games: int) -> subprocess.Popen:
    env = dict(os.environ, STONEAGE_HOME=str(home), PYTHONHASHSEED="0")
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(games)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("run", range(4))
def test_a_process_killed_while_recording_leaves_a_whole_history(tmp_path, monkeypatch, run):
    home = tmp_path / f"run{run}"
    process = start_child(home, 10_000)
    assert process.stdout.readline().startswith("appended")
    time.sleep(random.Random(run).uniform(0.05, 0.6))
    process.send_signal(signal.SIGKILL)
    out, _err = process.communicate(timeout=60)
    said = int(([line for line in out.splitlines() if line] or ["appended 1"])[-1].split()[1])
    monkeypatch.setenv("STONEAGE_HOME", str(home))
    records = Records()  # the next start of the program
    found = records.history.load()
    assert len(found) in (said, said + 1), (len(found), said)
    assert [r.seats[0].total for r in found] == list(range(len(found)))
    assert records.history.take_notices() == [] and set_aside_files() == []


def test_two_copies_recording_at_once_lose_no_game(tmp_path, monkeypatch):
    home = tmp_path / "shared"
    children = [start_child(home, 25) for _ in range(2)]
    for child in children:
        _out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err[-2000:]
    monkeypatch.setenv("STONEAGE_HOME", str(home))
    assert len(Records().history.load()) == 50


# --- a folder that cannot be written ---------------------------------------------------------------------------
def test_a_history_that_cannot_be_written_is_said_kept_and_retried(records, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("STONEAGE_HOME", str(blocker / "stoneage"))  # real ENOTDIR from the OS
    record = game(seat(), bot())
    assert not records.history.append(record)
    assert records.history.pending() == [record]
    assert records.history.with_pending() == [record]
    (notice,) = records.health.notices()
    assert notice.kind == "history" and not notice.recovered
    assert notice.message() == (
        "Your game history cannot be written: the folder is missing or is not a folder. "
        f"Folder: {blocker / 'stoneage'}. It is tried again later."
    )
    assert not records.history.retry_pending()
    assert records.health.notices() == []  # said once per episode

    blocker.unlink()  # the player mends the folder
    blocker.mkdir()
    assert records.history.retry_pending() and records.history.pending() == []
    assert records.history.load() == [record]
    (again,) = records.health.notices()
    assert again.recovered and again.message() == "Your game history is being written again."
