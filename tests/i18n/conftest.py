"""Headless pygame for the language tests, settings in a temporary folder, and the catalogs
compiled into a temporary locale folder with Babel (the step the packaging runs)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import importlib.util
import sys
from pathlib import Path

import pytest

from stoneage import i18n
from stoneage.app import App
from stoneage.ui import widgets
from tests.scenes.apps import SIZE, close_apps, open_app

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "i18n"
LANGS = ("en", "zh", "ja")


def load_tool(name: str):
    """A script from tools/ imported as a module."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def catalogs_tool():
    """tools/i18n_catalogs.py."""
    pytest.importorskip("babel")
    return load_tool("i18n_catalogs")


@pytest.fixture(scope="session")
def locale_dir(tmp_path_factory):
    """Every catalog compiled with Babel into a fresh locale folder."""
    pytest.importorskip("babel")
    compile_catalogs = load_tool("compile_catalogs")
    out = tmp_path_factory.mktemp("locale")
    written = compile_catalogs.compile_all(I18N, out)
    assert len(written) == len(LANGS)
    return out


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    """Settings and autosaves go to a temporary folder, never the user's."""
    monkeypatch.setenv("STONEAGE_HOME", str(tmp_path))


@pytest.fixture
def overflows(monkeypatch):
    """Every text drawn outside its box, as (text, drawn, box)."""
    seen: list = []
    monkeypatch.setattr(
        widgets, "overflow_hook", lambda text, drawn, box: seen.append((text, drawn, box))
    )
    return seen


#: Text may shrink to fit its box, but not below this share of its size (it would be too small to read).
MIN_SHRINK = 0.6


@pytest.fixture
def shrunk(monkeypatch):
    """Every text shrunk below ``MIN_SHRINK`` of its size to fit, as (text, asked, drawn)."""
    seen: list = []

    def hook(text: str, asked: int, drawn: int) -> None:
        if drawn < asked * MIN_SHRINK:
            seen.append((text, asked, drawn))

    monkeypatch.setattr(widgets, "shrink_hook", hook)
    return seen


@pytest.fixture
def make_app(locale_dir, monkeypatch):
    """Open an app in a language (catalogs from the freshly compiled locale folder)."""
    monkeypatch.setenv("STONEAGE_LOCALE_DIR", str(locale_dir))
    opened: list[App] = []

    def make(lang: str, size: tuple[int, int] = SIZE) -> App:
        app = open_app(size, seed=1, language=lang)
        opened.append(app)
        return app

    yield make
    close_apps(*opened)
    i18n.install_language("en")
