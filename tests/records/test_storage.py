"""Saves and settings on disk: a write killed at any instant leaves a complete save (the newest
or the one before), damaged files give clear messages and never run anything, settings fall
back to defaults field by field, named saves are safe file names."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from stoneage.play.match import Match
from stoneage.play.savefile import (
    MAX_BYTES,
    SAVE_NEWER,
    SAVE_OLDER,
    SaveError,
    load_game_file,
    parse_save,
    save_payload,
    stamped,
    version_problem,
)
from stoneage.play.seats import Seat
from stoneage.records import Records
from stoneage.records.files import config_dir, data_dir, previous_of
from stoneage.records.saves import (
    NAME_LIMIT,
    delete_named_save,
    list_named_saves,
    named_save_exists,
    sanitise_name,
    write_named_save,
)
from stoneage.records.settings import (
    SETTINGS_DAMAGED,
    SETTINGS_FILE,
    Settings,
    load_settings,
    load_settings_with_message,
)
from stoneage.rules import TERMINAL

# Saves and settings go to the temporary folder of tests/records/conftest.py, never the user's;
# the ``records`` fixture (tests/conftest.py) gives a program's fresh records there.


SEATS = [
    Seat("Ann", "red", "human"),
    Seat("Bob", "blue", "bot", "easy"),
    Seat("Cyd", "green", "bot", "random"),
]


def game_payload(plies: int, seed: int = 4) -> dict:
    """A save payload of a 3-player game after ``plies`` actions (random bots)."""
    seats = [Seat(s.name, s.colour, "bot", "random") for s in SEATS]
    driver = Match(seats, seed, threaded=False)
    while driver.state.ply < plies and driver.actor() != TERMINAL:
        driver.apply(driver.automatic_action())
    payload = save_payload(driver.seats, driver.seed, driver.state)
    payload["seats"] = [s.to_dict() for s in SEATS]
    driver.close()
    return payload


@pytest.fixture(scope="module")
def older() -> dict:
    return game_payload(12)


@pytest.fixture(scope="module")
def newer() -> dict:
    return game_payload(40)


def write(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def message_of(content: str | bytes, tmp_path: Path) -> str:
    with pytest.raises(SaveError) as caught:
        load_game_file(write(tmp_path / "some.json", content))
    return caught.value.message


# --- writing: the previous copy and kills -------------------------------------------------------------
def test_an_atomic_write_keeps_the_previous_copy(records, older, newer):
    assert records.autosave.write(older)
    assert records.autosave.write(newer)
    newest = json.loads(records.autosave.path().read_text(encoding="utf-8"))
    previous = json.loads(previous_of(records.autosave.path()).read_text(encoding="utf-8"))
    assert newest["game"] == newer["game"] and previous["game"] == older["game"]
    assert newest["format"] == "stoneage-save" and newest["version"] == 1 and newest["saved_at"]
    assert sorted(p.name for p in data_dir().iterdir()) == [
        "autosave.json",
        "autosave.prev.json",
    ]


class Killed(BaseException):
    """The process dies here: nothing after this runs (not even ``except OSError`` clean-ups)."""


WRITE_STEPS = ("write", "fsync", "link", "replace")


def kill_at(monkeypatch, step: int, half_write: bool) -> list[str]:
    """Make the ``step``-th file-system call of a write kill the process; returns the calls seen.
    With ``half_write`` a killed ``os.write`` first writes half of its bytes."""
    seen: list[str] = []
    for name in WRITE_STEPS:
        real = getattr(os, name)

        def fake(*args, _real=real, _name=name, **kwargs):
            seen.append(_name)
            if len(seen) - 1 == step:
                if _name == "write" and half_write:
                    _real(args[0], bytes(args[1])[: len(args[1]) // 2])
                raise Killed(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(os, name, fake)
    return seen


@pytest.mark.parametrize("half_write", [False, True])
def test_a_kill_at_any_step_of_a_write_leaves_the_newest_or_the_previous_save(
    records, monkeypatch, older, newer, half_write
):
    step = 0
    while True:
        records.autosave.delete()
        assert records.autosave.write(older)
        with monkeypatch.context() as patch:
            seen = kill_at(patch, step, half_write)
            try:
                records.autosave.write(newer)
                finished = True
            except Killed:
                finished = False
        status = Records().shelf.autosave_status()  # the next start of the program
        assert status.game is not None, (
            f"nothing to continue after a kill at {seen[-1]} (step {step})"
        )
        expected = newer if finished else None
        found = status.game.state.to_json()
        assert (
            found in (older["game"], newer["game"]) if expected is None else found == newer["game"]
        )
        assert status.fallback is None and status.error is None
        if finished:
            assert step >= len(seen)
            break
        step += 1
    assert step >= 5  # write, fsync, link, replace (previous), replace (newest) were all tried


def test_a_write_to_an_unwritable_folder_is_logged_and_changes_nothing(
    records, monkeypatch, older, newer, caplog
):
    assert records.autosave.write(older)

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    assert not records.autosave.write(newer)
    assert "could not write the autosave" in caplog.text
    assert json.loads(records.autosave.path().read_text(encoding="utf-8"))["game"] == older["game"]
    assert not list(data_dir().glob("*.tmp"))
    settings = Settings(animation="fast")
    assert not records.save_settings(settings)  # the game carries on without the file


def test_a_damaged_file_never_becomes_the_previous_copy(records, older, newer):
    records.autosave.write(older)
    records.autosave.write(older)
    write(records.autosave.path(), '{"seats": [')
    records.autosave.write(newer)
    previous = json.loads(previous_of(records.autosave.path()).read_text(encoding="utf-8"))
    assert previous["game"] == older["game"]


# --- reading the autosave ---------------------------------------------------------------------------------
def test_a_damaged_newest_autosave_offers_the_previous_copy(records, older, newer):
    records.autosave.write(older)
    records.autosave.write(newer)
    text = records.autosave.path().read_text(encoding="utf-8")
    write(records.autosave.path(), text[: len(text) // 2])
    status = records.shelf.autosave_status()
    assert status.game is None and status.can_continue
    assert status.fallback.state.to_json() == older["game"]
    assert status.error.message == "The save is cut off (incomplete)."
    assert status.damaged == records.autosave.path()
    assert records.autosave.path().exists()  # nothing is deleted before the player chooses


def test_without_a_readable_autosave_continue_stays_off_with_a_reason(records, older):
    write(records.autosave.path(), b"\x00\x01\x02junk")
    status = records.shelf.autosave_status()
    assert not status.can_continue
    assert (
        status.problem()
        == "The autosaved game cannot be continued: The file is not a Stone Age save."
    )
    records.autosave.delete()  # a new game: the damaged file is set aside, not deleted
    assert not records.autosave.path().exists()
    assert [p.name.startswith("autosave.damaged-") for p in data_dir().iterdir()] == [True]
    assert (
        records.shelf.autosave_status().error is None
        and not records.shelf.autosave_status().can_continue
    )


def test_only_the_previous_copy_is_continued_at_once(records, older):
    records.autosave.write(older)
    os.replace(records.autosave.path(), previous_of(records.autosave.path()))
    status = records.shelf.autosave_status()
    assert status.game.state.to_json() == older["game"] and status.error is None


def test_an_older_autosave_without_format_is_still_read(records, older):
    legacy = {"seats": older["seats"], "seed": older["seed"], "game": older["game"]}
    write(records.autosave.path(), json.dumps(legacy))
    game = records.shelf.autosave_status().game
    assert game.state.to_json() == older["game"] and [s.name for s in game.seats] == [
        "Ann",
        "Bob",
        "Cyd",
    ]
    assert game.saved_at == ""


# --- damaged and hostile files -------------------------------------------------------------------------------
def test_a_good_save_loads_equal(tmp_path, newer):
    game = load_game_file(write(tmp_path / "g.json", json.dumps(stamped(newer))))
    assert game.state.to_json() == newer["game"] and game.seed == newer["seed"]
    assert [s.to_dict() for s in game.seats] == newer["seats"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "The save is empty."),
        ("   \n", "The save is empty."),
        (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "The file is not a Stone Age save."),
        (b"\xff\xfe{\x00}", "The file is not a Stone Age save."),
        ("[" * 100_000 + "]" * 100_000, "The file is not a Stone Age save."),
        ('{"a":' * 100_000 + "1" + "}" * 100_000, "The file is not a Stone Age save."),
        ("[1, 2, 3]", "The file is not a Stone Age save."),
        ('{"format": "something-else", "version": 1}', "The file is not a Stone Age save."),
        ('{"hello": "world"}', "The file is not a Stone Age save."),
        (
            '{"format": "stoneage-save", "version": 9}',
            "The save was made by a newer version of the game (format 9; this version reads "
            "formats 1 to 1). Update the game to open it.",
        ),
        (
            '{"format": "stoneage-save", "version": "1"}',
            "The save has a wrong value for 'version'.",
        ),
        (
            '{"format": "stoneage-save", "version": 1, "seats": [], "ga',
            "The save is cut off (incomplete).",
        ),
        (
            '{"format": "stoneage-save", "version": 1, "seats": [{"name": "A"}',
            "The save is cut off (incomplete).",
        ),
        (
            '{"format": "stoneage-save", "version": 1,, "seats": []}',
            "The save is damaged (it is not valid JSON).",
        ),
        ('{"seed": ' + "9" * 5000 + "}", "The file is not a Stone Age save."),
    ],
)
def test_damaged_files_give_a_clear_message(tmp_path, content, message):
    assert message_of(content, tmp_path) == message


def test_hostile_yaml_is_never_executed(tmp_path):
    target = tmp_path / "pwned"
    hostile = f'!!python/object/apply:os.system ["touch {target}"]\n'
    assert message_of(hostile, tmp_path) == "The file is not a Stone Age save."
    assert (
        message_of(
            f"seats: !!python/object/apply:os.system ['touch {target}']\ngame: x\n", tmp_path
        )
        == "The file is not a Stone Age save."
    )
    assert not target.exists()


def test_a_huge_file_is_refused_unread(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.seek(MAX_BYTES + 10)
        handle.write(b"}")
    with pytest.raises(SaveError) as caught:
        load_game_file(path)
    assert caught.value.message == "The file is too large to be a Stone Age save."
    with pytest.raises(SaveError):
        load_game_file(tmp_path / "missing.json")


def broken(payload: dict, **changes) -> str:
    return json.dumps({**stamped(payload), **changes})


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"seats": "Ann, Bob"}, "seats"),
        ({"seats": None}, "seats"),
        ({"seats": [{"name": "A", "colour": "red", "kind": "human", "level": "normal"}]}, "seats"),
        (
            {
                "seats": [
                    {"name": str(i), "colour": c, "kind": "bot", "level": "easy"}
                    for i, c in enumerate(["red", "blue", "green", "yellow", "red"])
                ]
            },
            "seats",
        ),
        (
            {
                "seats": [
                    {"name": 7, "colour": "red", "kind": "human"},
                    {"name": "B", "colour": "blue", "kind": "bot"},
                ]
            },
            "seats",
        ),
        (
            {
                "seats": [
                    {"name": "A", "colour": "pink", "kind": "human"},
                    {"name": "B", "colour": "blue", "kind": "bot"},
                ]
            },
            "seats",
        ),
        (
            {
                "seats": [
                    {"name": "A", "colour": "red", "kind": "robot"},
                    {"name": "B", "colour": "blue", "kind": "bot"},
                ]
            },
            "seats",
        ),
        (
            {
                "seats": [
                    {"name": "A", "colour": "red", "kind": "bot", "level": ["hard"]},
                    {"name": "B", "colour": "blue", "kind": "bot"},
                ]
            },
            "seats",
        ),
        (
            {
                "seats": [
                    {"name": "A", "colour": "red", "kind": "bot"},
                    {"name": "B", "colour": "red", "kind": "bot"},
                ]
            },
            "seats",
        ),
        ({"seats": ["Ann", "Bob", "Cyd"]}, "seats"),
        ({"seed": "12"}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"seed": True}, "seed"),
        ({"seed": 10**40}, "seed"),
        ({"game": {"players": 3}}, "game"),
        ({"game": None}, "game"),
        ({"saved_at": 12}, "saved_at"),
    ],
)
def test_wrong_types_name_the_field(tmp_path, older, changes, field):
    assert (
        message_of(broken(older, **changes), tmp_path)
        == f"The save has a wrong value for '{field}'."
    )


def test_a_game_that_breaks_the_rules_names_the_move(tmp_path, older):
    game = json.loads(older["game"])
    game["actions"][5] = "place 0 hut 2"
    message = message_of(broken(older, game=json.dumps(game)), tmp_path)
    assert message.startswith("The game in the save does not follow the rules (move 6: ")
    assert (
        message_of(broken(older, game="not json"), tmp_path) == "The game in the save is damaged."
    )
    assert (
        message_of(broken(older, game=older["game"][:40]), tmp_path)
        == "The game in the save is damaged."
    )
    two = [
        {"name": "A", "colour": "red", "kind": "human"},
        {"name": "B", "colour": "blue", "kind": "bot"},
    ]
    assert (
        message_of(broken(older, seats=two), tmp_path)
        == "The number of players in the save does not match its game."
    )


def test_parse_save_never_raises_anything_but_save_error(older):
    text = json.dumps(stamped(older))
    for cut in range(0, len(text), 97):
        with pytest.raises(SaveError):
            parse_save(text[:cut])


# --- settings ---------------------------------------------------------------------------------------------------
def test_settings_round_trip_with_the_new_fields(records):
    settings = Settings(
        animation="fast", language="ja", window=(1600, 900), fullscreen=True, hints=False
    )
    assert records.save_settings(settings)
    loaded, problem = load_settings_with_message()
    assert loaded == settings and problem == ""
    assert load_settings() == settings


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", "", '"text"', "[" * 50_000])
def test_a_damaged_settings_file_gives_the_defaults_and_a_message(content):
    write(config_dir() / SETTINGS_FILE, content)
    settings, problem = load_settings_with_message()
    assert problem == "Your settings file was damaged; the defaults are used."
    assert (settings.animation, settings.window, settings.fullscreen, settings.hints) == (
        "normal",
        (1280, 720),
        False,
        True,
    )


def test_damaged_settings_fields_fall_back_one_by_one():
    raw = {
        "animation": "fast",
        "language": "klingon",
        "window": [1600, "900"],
        "fullscreen": "yes",
        "hints": False,
    }
    write(config_dir() / SETTINGS_FILE, json.dumps(raw))
    settings, problem = load_settings_with_message()
    assert problem == SETTINGS_DAMAGED
    assert (settings.animation, settings.window, settings.fullscreen, settings.hints) == (
        "fast",
        (1280, 720),
        False,
        False,
    )
    assert settings.language in ("en", "zh", "ja")


def test_older_settings_without_the_new_fields_are_fine():
    write(
        config_dir() / SETTINGS_FILE,
        json.dumps({"animation": "instant", "language": "zh"}),
    )
    settings, problem = load_settings_with_message()
    assert (
        problem == ""
        and settings.animation == "instant"
        and settings.language == "zh"
        and settings.hints
    )


# --- named saves --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "clean"),
    [
        ("My game", "My game"),
        ("  spaced   out  ", "spaced out"),
        ("../../etc/passwd", "etc passwd"),
        ('a/b\\c:d*e?f"g<h>i|j', "a b c d e f g h i j"),
        ("..", ""),
        ("...hidden", "hidden"),
        ("CON", "_CON"),
        ("lpt1.txt", "_lpt1.txt"),
        ("第三局 古代の村", "第三局 古代の村"),
        ("tab\there\nnew", "tab here new"),
        ("x" * 300, "x" * NAME_LIMIT),
        ("trailing dot.", "trailing dot"),
        ("mine.prev", "mine_prev"),
        ("\u202ereversed", "reversed"),
    ],
)
def test_save_names_are_safe_file_names(name, clean):
    assert sanitise_name(name) == clean


def test_named_saves_list_newest_first_overwrite_and_delete(records, older, newer):
    first = write_named_save("First", older)
    second = write_named_save("第二", newer)
    os.utime(first, (1_000_000_000, 1_000_000_000))
    assert [s.name for s in list_named_saves(records.autosave)] == ["第二", "First"]
    assert named_save_exists("First") and not named_save_exists("Third")
    write_named_save("First", newer)  # overwrite (the screen asks first); the old one is kept
    assert load_game_file(first).state.to_json() == newer["game"]
    assert load_game_file(previous_of(first)).state.to_json() == older["game"]
    listed = [s.name for s in list_named_saves(records.autosave)]
    assert listed == ["First", "第二"]  # no .prev listed
    assert delete_named_save(first)
    assert not first.exists() and not previous_of(first).exists()
    assert [s.name for s in list_named_saves(records.autosave)] == ["第二"]
    assert second.exists()
    with pytest.raises(ValueError):
        write_named_save("..", older)


def test_the_listing_of_a_damaged_save_keeps_it_and_offers_its_older_copy(records, older, newer):
    path = write_named_save("Game", older)
    write_named_save("Game", newer)
    write(path, '{"format": "stoneage-save", "version": 1, "seats": [')
    entry = next(e for e in records.shelf.entries() if e.file.name == "Game")
    assert entry.game is None and entry.loadable
    assert entry.error.message == "The save is cut off (incomplete)."
    assert entry.fallback.state.to_json() == older["game"]


# --- writes that fail are never silent ------------------------------------------------------------------
@pytest.fixture
def health(records):
    """The write health of the test's fresh records (nothing failing from another test)."""
    return records.health


def test_an_autosave_into_a_folder_that_is_a_file_is_said_once_and_then_works_again(
    records, tmp_path, monkeypatch, older, newer, health
):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("STONEAGE_HOME", str(blocker / "data"))  # the OS says ENOTDIR
    assert not records.autosave.write(older)
    (notice,) = health.notices()
    assert notice.kind == "save" and not notice.recovered
    assert notice.message() == (
        "The game cannot be saved: the folder is missing or is not a folder. "
        f"Folder: {blocker / 'data'}. It is tried again after every move; save it elsewhere "
        "from the pause menu."
    )
    for _ in range(3):  # every later move tries again, and is not said again
        assert not records.autosave.write(newer)
    assert health.notices() == [] and health.is_failing("save")
    assert [p.folder for p in health.failing()] == [blocker / "data"]
    blocker.unlink()
    assert records.autosave.write(newer)
    (back,) = health.notices()
    assert back.recovered and back.message() == "The game is being saved again."
    assert health.notices() == [] and not health.failing()
    assert json.loads(records.autosave.path().read_text(encoding="utf-8"))["game"] == newer["game"]


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        (28, "the disk is full"),
        (30, "the disk is read-only"),
        (13, "the game may not write there"),
        (5, "the system reported: Input/output error"),
    ],
)
def test_a_full_or_read_only_disk_names_its_reason(
    records, monkeypatch, older, health, code, reason
):
    import errno as errno_module

    def failing(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "write", failing)
    assert not records.autosave.write(older)
    assert not records.save_settings(Settings())
    notices = health.notices()
    assert [n.kind for n in notices] == ["save", "settings"]
    assert all(
        f"cannot be written: {reason}." in n.message() or f"saved: {reason}." in n.message()
        for n in notices
    )
    assert notices[1].message().startswith(f"Your settings cannot be written: {reason}. Folder: ")
    assert errno_module.errorcode[code]  # a real errno
    assert not list(data_dir().glob("*.tmp"))  # nothing half-written is left


def test_a_failure_mended_before_it_was_shown_is_never_mentioned(
    records, monkeypatch, older, health
):
    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(28, "full")))
        assert not records.autosave.write(older)
    assert records.autosave.write(older)
    assert health.notices() == []


def test_the_write_health_is_safe_from_the_autosave_thread(health, tmp_path):
    import threading

    error = OSError(28, "No space left on device")
    threads = [
        threading.Thread(
            target=lambda: [health.failed("save", error, tmp_path) for _ in range(200)]
        )
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(health.notices()) == 1


# --- two copies of the game on one data folder ----------------------------------------------------------------
HOLDER = """
import sys, time
from stoneage.records import Records
records = Records()
claim = records.claim_autosave()
print("slot", claim.slot, flush=True)
time.sleep(float(sys.argv[1]))
"""


def start_holder(home: Path, seconds: float = 60.0):
    import subprocess
    import sys

    env = dict(os.environ, STONEAGE_HOME=str(home))
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(seconds)],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout.readline().split() == ["slot", "1"]
    return process


def test_a_second_copy_autosaves_to_its_own_file_and_loses_neither_game(
    tmp_path, records, older, newer
):
    first = start_holder(tmp_path)
    try:
        claim = records.claim_autosave()
        assert claim.shared and claim.slot == 2
        assert records.autosave.path() == tmp_path / "autosave-2.json"
        assert claim.message() == (
            f"Another copy of the game is running on this data folder (process {first.pid}). "
            "This window saves its game separately, as autosave-2.json."
        )
        (tmp_path / "autosave.json").write_text(json.dumps(stamped(older)))
        assert records.autosave.write(newer)
        assert json.loads((tmp_path / "autosave.json").read_text())["game"] == older["game"]
        listed = list_named_saves(records.autosave)
        assert [s.name for s in listed] == []  # ours is in use, not leftover
    finally:
        first.kill()
        first.wait()
    records.autosave.release()  # this copy quits with its game in progress
    listed = list_named_saves(records.autosave)
    assert [s.name for s in listed] == ["autosave-2"]  # still in reach
    assert load_game_file(listed[0].path).state.to_json() == newer["game"]


def test_the_lock_of_a_killed_copy_does_not_keep_the_next_one_out(tmp_path, records):
    first = start_holder(tmp_path)
    first.kill()  # a crash: the lock file stays, its lock is gone
    first.wait()
    assert (tmp_path / "autosave.lock").exists()
    claim = records.claim_autosave()
    assert claim.slot == 1 and not claim.shared and claim.message() == ""
    assert records.autosave.path() == tmp_path / "autosave.json"


def test_a_second_claim_in_one_copy_keeps_its_slot_and_a_released_slot_is_free(tmp_path, records):
    assert records.claim_autosave().slot == 1
    assert records.claim_autosave().slot == 1
    assert records.autosave.slot_in_use(1)
    records.autosave.release()
    assert not records.autosave.slot_in_use(1)


def test_a_claim_in_a_folder_that_cannot_be_written_still_lets_the_game_run(
    tmp_path, monkeypatch, records
):
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    monkeypatch.setenv("STONEAGE_HOME", str(blocker))
    claim = records.claim_autosave()
    assert claim.slot == 1 and claim.fd is None


# --- versions ------------------------------------------------------------------------------------------------
def test_the_version_message_says_which_way_the_versions_differ():
    assert version_problem(1) is None
    assert version_problem(2, oldest=1, newest=3) is None
    assert version_problem(4, oldest=2, newest=3) == SAVE_NEWER
    assert version_problem(1, oldest=2, newest=3) == SAVE_OLDER
    assert SAVE_OLDER.format(found=1, oldest=2, newest=3) == (
        "The save was made by an older version of the game (format 1) that this version can "
        "no longer read (it reads formats 2 to 3)."
    )
