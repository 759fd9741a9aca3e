"""stoneage.resources: bundled files from source and frozen, and the log file."""

from __future__ import annotations

import ast
import importlib.resources
import logging
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from stoneage import i18n, resources
from stoneage.resources import resource_path, setup_logging
from stoneage.ui import assets

REPO = Path(__file__).resolve().parents[1]


def test_source_mode_finds_the_icon(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # the current directory must not matter
    icon = resource_path("assets", "images", "icon.svg")
    assert icon.is_absolute()
    assert icon.is_file()
    assert icon == REPO / "assets" / "images" / "icon.svg"


def test_source_mode_fonts_and_locale_dir_are_where_the_package_looks() -> None:
    assert (resource_path("assets", "fonts") / "NotoSans-Regular.ttf").is_file()
    assert resource_path("stoneage", "locale") == REPO / "stoneage" / "locale"
    assert resources.package_path("locale") == REPO / "stoneage" / "locale"
    assert resources.source_checkout() == REPO


def test_package_root_is_what_importlib_resources_gives() -> None:
    assert resources.package_root() == importlib.resources.files("stoneage")
    assert (resources.package_path("rules", "data") / "cards.yaml").is_file()


def fake_installed_package(root: Path) -> Path:
    """A package folder laid out as a wheel (or a frozen build) installs it, under ``root``."""
    package = root / "stoneage"
    (package / "assets" / "images").mkdir(parents=True)
    (package / "assets" / "images" / "icon.svg").write_text("<svg/>", encoding="utf-8")
    (package / "locale" / "ja" / "LC_MESSAGES").mkdir(parents=True)
    return package


def test_installed_package_reads_everything_from_itself(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A wheel in site-packages: no checkout beside it, every folder inside the package."""
    package = fake_installed_package(tmp_path / "site-packages")
    monkeypatch.setattr(resources, "package_root", lambda: package)
    assert resources.source_checkout() is None
    assert (
        resource_path("assets", "images", "icon.svg") == package / "assets" / "images" / "icon.svg"
    )
    assert resource_path("stoneage", "locale") == package / "locale"
    monkeypatch.delenv("STONEAGE_ASSETS", raising=False)
    monkeypatch.delenv("STONEAGE_LOCALE_DIR", raising=False)
    assert assets.assets_dir() == package / "assets"
    assert i18n.locale_dir() == package / "locale"
    assert i18n.catalog_dir() is None
    assert not i18n.compile_from_source("ja")  # nothing to compile, and no Babel needed


def test_frozen_mode_resolves_under_meipass(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """PyInstaller's importlib.resources reader gives ``<_MEIPASS>/stoneage`` for the package;
    build_exe.spec puts the assets and catalogs there, as in a wheel."""
    package = fake_installed_package(tmp_path)
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")  # even beside one: frozen
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.setattr(resources, "package_root", lambda: package)
    assert resources.is_frozen()
    assert resources.source_checkout() is None
    assert (
        resource_path("assets", "images", "icon.svg")
        == tmp_path / "stoneage" / "assets" / "images" / "icon.svg"
    )
    assert resource_path("stoneage", "locale") == tmp_path / "stoneage" / "locale"


def test_frozen_flag_without_meipass_is_source_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    """Other freezers (no _MEIPASS) fall back to the package-relative root."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert not resources.is_frozen()
    assert resource_path("assets").is_dir()


def test_build_maps_the_same_folders_the_game_reads() -> None:
    """setup.py maps ``assets/`` to ``stoneage.assets`` with every kind of file the game opens,
    sounds included, so a wheel holds what the checkout has."""
    tree = ast.parse((REPO / "setup.py").read_text(encoding="utf-8"))
    values = {
        target.id: ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name) and target.id in {"MAPPED_FOLDERS", "PACKAGE_DATA"}
    }
    assert values["MAPPED_FOLDERS"] == {"stoneage.assets": "assets"}
    patterns = values["PACKAGE_DATA"]["stoneage.assets"]
    for folder in ("images", "fonts", "sounds"):
        assert any(pattern.startswith(f"{folder}/") for pattern in patterns)
    shipped = {
        path.relative_to(REPO / "assets")
        for pattern in patterns
        for path in (REPO / "assets").glob(pattern)
        if path.is_file()
    }
    assert Path("images", "icon.svg") in shipped and Path("fonts", "OFL.txt") in shipped
    for name in assets._FONT_FILES.values():
        assert Path("fonts", name) in shipped


def test_user_log_dir_honours_the_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("STONEAGE_LOG_DIR", str(tmp_path / "logs"))
    assert resources.user_log_dir() == tmp_path / "logs"


def test_user_log_dir_default_names_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STONEAGE_LOG_DIR", raising=False)
    assert "stoneage" in resources.user_log_dir().parts


@pytest.fixture
def clean_logging(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Undo what setup_logging changes globally: handlers, hooks, warnings capture, streams."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setattr(sys, "stdout", sys.stdout)
    monkeypatch.setattr(sys, "stderr", sys.stderr)
    yield
    for handler in root.handlers[:]:
        if handler not in handlers:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)
    logging.captureWarnings(False)


def test_setup_logging_writes_to_the_log_dir_once(clean_logging: None, tmp_path: Path) -> None:
    log = setup_logging(log_dir=tmp_path / "logs")
    assert log == tmp_path / "logs" / "stoneage.log"
    assert setup_logging(log_dir=tmp_path / "elsewhere") == log  # idempotent
    logging.getLogger("stoneage.test").warning("hello from the test")
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = log.read_text(encoding="utf-8")
    assert "started" in text and "hello from the test" in text
    assert not (tmp_path / "elsewhere").exists()


def test_setup_logging_sends_uncaught_exceptions_to_the_log_and_console(
    clean_logging: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = setup_logging(log_dir=tmp_path)
    try:
        raise RuntimeError("boom in the game")
    except RuntimeError:
        sys.excepthook(*sys.exc_info())
    assert "boom in the game" in log.read_text(encoding="utf-8")
    assert "boom in the game" in capsys.readouterr().err  # a developer's terminal still shows it


def test_thread_exceptions_reach_the_log(clean_logging: None, tmp_path: Path) -> None:
    log = setup_logging(log_dir=tmp_path)

    def fail() -> None:
        raise ValueError("a bot thread failed")

    thread = threading.Thread(target=fail, name="bot-1")
    thread.start()
    thread.join()
    text = log.read_text(encoding="utf-8")
    assert "uncaught exception in thread bot-1" in text and "a bot thread failed" in text


def test_windowed_build_streams_go_to_the_log(
    clean_logging: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    log = setup_logging(log_dir=tmp_path)
    print("pygame banner", "line")
    sys.stderr.write("partial ")
    sys.stderr.write("warning\n")
    text = log.read_text(encoding="utf-8")
    assert "pygame banner line" in text and "partial warning" in text


def test_unwritable_log_dir_returns_none(clean_logging: None, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert setup_logging(log_dir=blocker / "logs") is None
