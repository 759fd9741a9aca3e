"""Checks of the wheel and of the installer recipes, so that mistakes show before a release.

The wheel is built for real (``python -m build``: the sdist, then the wheel from the sdist),
installed into a fresh virtual environment and started from a folder outside the checkout. Nothing
here runs PyInstaller (``python tools/smoke_frozen.py`` builds and starts the frozen game). The
NSIS script is compiled for real against a placeholder build when ``makensis`` is installed
(``apt-get install nsis``), and skipped otherwise.
"""

from __future__ import annotations

import ast
import gettext
import importlib.util
import os
import shutil
import struct
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def load_module(path: Path) -> ModuleType:
    """Import a script of tools/ or packaging/ by its path."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(path.parent))
    return module


@pytest.fixture(scope="module")
def icons(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The three icons, made from the game's SVG into a temporary folder."""
    make_icons = load_module(ROOT / "tools" / "make_icons.py")
    return make_icons.make_icons(
        ROOT / "assets" / "images" / "icon.svg", tmp_path_factory.mktemp("icons")
    )


# --- the wheel and the sdist ------------------------------------------------------------------
LANGUAGES = ("en", "zh", "ja")
# Import names of [project].dependencies.
DEPENDENCIES = ("pygame", "yaml", "platformdirs", "mypy_extensions")


# A build compiles the rules with mypyc (several minutes of one core; far more on a machine
# busy with the other test workers): bounded generously, so that only a hung build fails.
BUILD_SECONDS = 1800


def run(
    command: list[str | Path], timeout: float = 300, **kwargs: object
) -> subprocess.CompletedProcess[str]:
    """Run a command; fail the test with its output if it fails."""
    done = subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, timeout=timeout, **kwargs
    )
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done


def build_dists(out: Path) -> dict[str, Path | str]:
    """``python -m build``: the sdist, then the wheel built from that sdist (so the wheel also
    proves the sdist holds everything a build needs), into ``out``; also the build's messages
    (``log``). The session fixture ``dists`` (tests/conftest.py) builds them once a run, for
    this module and ``test_compiled``."""
    done = run([sys.executable, "-m", "build", "--outdir", out, ROOT], timeout=BUILD_SECONDS)
    (sdist,) = out.glob(f"stoneage-{VERSION}.tar.gz")
    (wheel,) = out.glob(f"stoneage-{VERSION}-*.whl")
    return {"sdist": sdist, "wheel": wheel, "log": done.stdout + done.stderr}


def dependency_folders() -> list[str]:
    """The folders this test's own environment imports the game's dependencies from."""
    folders = []
    for name in DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, f"{name} is not installed"
        folder = str(Path(spec.origin).parents[1 if spec.submodule_search_locations else 0])
        if folder not in folders:
            folders.append(folder)
    return folders


def fresh_venv(venv: Path) -> Path:
    """A new virtual environment without pip that borrows the game's dependencies from this
    test's environment (no download); returns its python.

    The ``.pth`` file that lends them puts them after the venv's own site-packages, and a
    ``.pth`` path line never runs the ``.pth`` files of the folder it names (so not an editable
    install's hook there): ``stoneage`` comes from what is installed into the venv, or not at all.
    """
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    python = command_path(venv / ("Scripts" if sys.platform == "win32" else "bin"), "python")
    purelib = run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
    ).stdout.strip()
    Path(purelib, "_borrowed_dependencies.pth").write_text(
        "\n".join(dependency_folders()) + "\n", encoding="utf-8"
    )
    return python


def command_path(scripts: Path, name: str) -> Path:
    """A program of a venv's ``bin`` (``Scripts`` on Windows) folder."""
    return scripts / (f"{name}.exe" if sys.platform == "win32" else name)


def pip_install(python: Path, *args: str | Path) -> None:
    """``pip install --no-deps`` into the venv of ``python``, with this environment's pip.

    Without ``PYTHONPATH``: pip looks for what is installed through the target's ``sys.path``,
    and a checkout on ``PYTHONPATH`` (its ``stoneage.egg-info``) would pass for the game
    installed already, so the wheel would be skipped."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    command = [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", *args]
    run(command, timeout=BUILD_SECONDS, env=env)  # an editable install builds too


def install_wheel(wheel: Path, venv: Path) -> Path:
    """A fresh virtual environment at ``venv`` with ``wheel`` installed; returns its python.
    (The session fixture ``wheel_venv`` of tests/conftest.py makes it once a run.)"""
    python = fresh_venv(venv)
    pip_install(python, "--no-index", wheel)
    return python


@pytest.fixture
def installed(wheel_venv: Path) -> Path:
    """The fresh virtual environment with the wheel installed; returns its ``bin`` folder."""
    return wheel_venv.parent


def outside_env(home: Path) -> dict[str, str]:
    """The environment for a run of the installed game: headless, private folders, and no
    variable that could point it back at the checkout."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"PYTHONPATH", "STONEAGE_ASSETS", "STONEAGE_LOCALE_DIR", "PYTHONHOME"}
    }
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        STONEAGE_HOME=str(home),
        STONEAGE_LOG_DIR=str(home / "logs"),
    )
    return env


def count_colours(png: Path) -> int:
    """How many distinct colours a grid of samples of the image has."""
    import pygame

    surface = pygame.image.load(str(png))
    width, height = surface.get_size()
    return len(
        {tuple(surface.get_at((x, y))) for x in range(0, width, 17) for y in range(0, height, 13)}
    )


def test_wheel_holds_the_assets_the_catalogs_and_the_data_files(dists: dict[str, Path]) -> None:
    names = set(zipfile.ZipFile(dists["wheel"]).namelist())
    for image in (ROOT / "assets" / "images").glob("*.svg"):
        assert f"stoneage/assets/images/{image.name}" in names
    for font in (ROOT / "assets" / "fonts").glob("*.[ot]tf"):
        assert f"stoneage/assets/fonts/{font.name}" in names
    for sound in (ROOT / "assets" / "sounds").rglob("*"):
        if sound.is_file():
            assert f"stoneage/assets/{sound.relative_to(ROOT / 'assets').as_posix()}" in names
    for po in (ROOT / "i18n").glob("*.po"):
        assert f"stoneage/locale/{po.stem}/LC_MESSAGES/stoneage.mo" in names
    assert {"stoneage/rules/data/cards.yaml", "stoneage/rules/data/buildings.yaml"} <= names
    assert "stoneage/ai/data/eval_weights.json" in names  # the learned judgement (not default)
    assert "stoneage/ai/data/prices.json" in names  # the bots' fitted prices
    assert not [name for name in names if name.endswith(".po") or name.startswith("assets/")]


def test_wheel_holds_the_game_package_only(dists: dict[str, Path]) -> None:
    """Nothing but ``stoneage`` and its metadata; the frozen reference bots (``bench/frozen``,
    for the benchmarks and tests of a checkout) stay out."""
    names = zipfile.ZipFile(dists["wheel"]).namelist()
    tops = {name.split("/", 1)[0] for name in names}
    assert tops == {"stoneage", f"stoneage-{VERSION}.dist-info"}, tops
    assert not [name for name in names if "/frozen/" in name or "hard1" in name]


def test_sdist_holds_what_the_wheel_is_built_from(dists: dict[str, Path]) -> None:
    import tarfile

    with tarfile.open(dists["sdist"]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    assert {"setup.py", "tools/compile_catalogs.py", "assets/images/icon.svg"} <= names
    assert {f"i18n/{language}.po" for language in LANGUAGES} <= names
    assert not [name for name in names if name.endswith(".mo")]  # compiled when built, not shipped


def test_installed_wheel_draws_the_title_outside_the_checkout(
    installed: Path, tmp_path: Path
) -> None:
    """The bar of issue 15: from a folder outside the checkout, in each language, the installed
    game draws its title screen; its catalogs are the compiled ones and Babel is never used."""
    python = command_path(installed, "python")
    check = (
        "import sys, stoneage, stoneage.i18n as i18n\n"
        "print(stoneage.__file__)\n"
        "assert i18n.catalog_dir() is None, i18n.catalog_dir()\n"
        f"assert all(i18n.install_language(code) for code in {LANGUAGES!r})\n"
        "assert 'babel' not in sys.modules\n"
    )
    done = run([python, "-c", check], cwd=tmp_path, env=outside_env(tmp_path))
    assert Path(done.stdout.strip()).is_relative_to(installed.parent)
    stoneage = command_path(installed, "stoneage")
    for language in LANGUAGES:
        png = tmp_path / f"title-{language}.png"
        command = [stoneage, "--screenshot", png.name, "--scene", "title", "--lang", language]
        run(command, cwd=tmp_path, env=outside_env(tmp_path))
        assert png.is_file(), language
        assert count_colours(png) >= 16, f"{language}: the title screen is blank"
    shots = {(tmp_path / f"title-{language}.png").read_bytes() for language in LANGUAGES}
    assert len(shots) == len(LANGUAGES)  # each language drew its own text


def test_installed_wheel_has_no_frozen_reference_bots(installed: Path, tmp_path: Path) -> None:
    """``stoneage.ai.frozen`` is gone from the installed game; the headless runner still knows
    ``hard1`` by name and says in words that it lives in a checkout (exit 2, nothing played)."""
    python = command_path(installed, "python")
    env = outside_env(tmp_path)
    check = (
        "import importlib\n"
        "for name in ('stoneage.ai.frozen', 'bench.frozen.hard1'):\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except ModuleNotFoundError:\n"
        "        print('missing', name)\n"
    )
    done = run([python, "-c", check], cwd=tmp_path, env=env)
    assert done.stdout.split("\n")[:2] == [
        "missing stoneage.ai.frozen",
        "missing bench.frozen.hard1",
    ]
    command = [python, "-m", "stoneage.sim", "--seats", "hard,hard1", "--games", "1"]
    refused = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert "bench/frozen/hard1" in refused.stderr and "checkout" in refused.stderr
    assert "Traceback" not in refused.stderr


# What a build reads from a checkout (setup.py, MANIFEST.in and pyproject.toml name it).
CHECKOUT_FILES = ("setup.py", "pyproject.toml", "MANIFEST.in", "babel.cfg", "README.md")
CHECKOUT_FOLDERS = ("stoneage", "assets", "i18n", "tools")


def copy_checkout(target: Path) -> Path:
    """A copy of the checkout's sources at ``target`` (nothing built: no catalogs, extension
    modules or metadata), for a test that installs from a checkout: an editable install
    compiles the catalogs into its checkout, which must not be the one the other tests of the
    run (on other cores) read theirs from."""
    for name in CHECKOUT_FILES:
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
    skip = shutil.ignore_patterns("__pycache__", "*.mo", "*.so", "*.pyd", "*.egg-info")
    for name in CHECKOUT_FOLDERS:
        shutil.copytree(ROOT / name, target / name, ignore=skip)
    return target


def test_editable_install_reads_the_checkout(tmp_path: Path) -> None:
    """``pip install -e .`` (setuptools' default editable mode, whose import hook maps the
    package to the checkout but cannot import the data-only ``stoneage.assets`` there): the
    game finds ``assets/`` and ``i18n/`` in the checkout (a copy of this one, whose catalogs
    the install compiles) and draws the title from elsewhere."""
    checkout = copy_checkout(tmp_path / "checkout")
    python = fresh_venv(tmp_path / "venv")
    pip_install(python, "-e", checkout)
    check = (
        "import stoneage.i18n as i18n, stoneage.resources as r\n"
        "print(r.resource_path('assets'))\n"
        "print(i18n.catalog_dir())\n"
        "assert i18n.install_language('ja') and i18n._('New game') != 'New game'\n"
    )
    home = tmp_path / "home"
    done = run([python, "-c", check], cwd=tmp_path, env=outside_env(home))
    assert done.stdout.split() == [str(checkout / "assets"), str(checkout / "i18n")]
    png = tmp_path / "title.png"
    command = [
        command_path(python.parent, "stoneage"),
        "--screenshot",
        png,
        "--scene",
        "title",
        "--lang",
        "ja",
    ]
    run(command, cwd=tmp_path, env=outside_env(home))
    assert count_colours(png) >= 16


def test_the_readme_plays_the_built_game_and_tests_the_checkout() -> None:
    """The README's first command installs the game as a player gets it (``pip install .``,
    compiled where a compiler works, ``-v`` showing the build), not editable; its second, the
    test command, is the editable install that .ci/run runs."""
    commands = [
        line.strip()
        for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("    python3 -m venv .venv")
    ]
    play, test = commands[:2]
    assert play.endswith("&& pip install -v . && stoneage") and " -e " not in play
    assert test.endswith("&& pip install -e '.[test]' && python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -e '.[test]' && python -m pytest" in ci


# --- icons -----------------------------------------------------------------------------------
def test_png_icon_is_256_square(icons: dict[str, Path]) -> None:
    data = icons["png"].read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (256, 256)


def test_ico_directory_points_at_its_images(icons: dict[str, Path]) -> None:
    data = icons["ico"].read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, 7)
    sizes = []
    for index in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * index : 22 + 16 * index]
        )
        assert width == height and planes == 1 and bits == 32
        assert offset + length <= len(data)
        image = data[offset : offset + length]
        assert (
            image[:8] == b"\x89PNG\r\n\x1a\n" or struct.unpack("<I", image[:4])[0] == 40
        )  # PNG or BITMAPINFOHEADER
        sizes.append(width or 256)
    assert sizes == [16, 24, 32, 48, 64, 128, 256]


def test_icns_lengths_add_up(icons: dict[str, Path]) -> None:
    data = icons["icns"].read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    offset, kinds = 8, []
    while offset < len(data):
        kind, length = (
            data[offset : offset + 4],
            struct.unpack(">I", data[offset + 4 : offset + 8])[0],
        )
        assert data[offset + 8 : offset + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.append(kind)
        offset += length
    assert offset == len(data)
    assert {b"icp4", b"ic07", b"ic08", b"ic09", b"ic10"} <= set(kinds)


# --- translation catalogs ----------------------------------------------------------------------
PO = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: {lang}\\n"

msgid "New game"
msgstr "{text}"
"""


def test_catalogs_compile_to_where_the_game_looks(tmp_path: Path) -> None:
    pytest.importorskip("babel")
    compile_catalogs = load_module(ROOT / "tools" / "compile_catalogs.py")
    (tmp_path / "i18n").mkdir()
    (tmp_path / "i18n" / "ja.po").write_text(
        PO.format(lang="ja", text="新しいゲーム"), encoding="utf-8"
    )
    (tmp_path / "i18n" / "zh_CN.po").write_text(
        "#, fuzzy\n" + PO.format(lang="zh_CN", text="新游戏"), encoding="utf-8"
    )
    written = compile_catalogs.compile_all(tmp_path / "i18n", tmp_path / "locale")
    assert written == [
        tmp_path / "locale" / "ja" / "LC_MESSAGES" / "stoneage.mo"
    ]  # a fuzzy catalog is skipped
    translation = gettext.translation(
        "stoneage", localedir=str(tmp_path / "locale"), languages=["ja"]
    )
    assert translation.gettext("New game") == "新しいゲーム"


def test_no_catalogs_is_not_an_error(tmp_path: Path) -> None:
    compile_catalogs = load_module(ROOT / "tools" / "compile_catalogs.py")
    assert compile_catalogs.compile_all(tmp_path / "missing", tmp_path / "locale") == []


# --- the PyInstaller spec and the launcher -------------------------------------------------------
def test_spec_is_valid_python_with_the_expected_parts() -> None:
    text = (ROOT / "build_exe.spec").read_text(encoding="utf-8")
    tree = ast.parse(text)
    called = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert {"Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"} <= called
    assert "NSHighResolutionCapable" in text and "tomllib" in text and "launcher.py" in text
    for needed in ("tkinter", "pygame.tests", "bench"):
        assert f'"{needed}"' in text


def test_launcher_starts_logging_then_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import stoneage.__main__
    import stoneage.resources

    calls = []
    monkeypatch.setattr(stoneage.resources, "setup_logging", lambda: calls.append("log"))
    monkeypatch.setattr(stoneage.__main__, "main", lambda: calls.append("main") or 0)
    launcher = load_module(ROOT / "packaging" / "launcher.py")
    assert launcher.run() == 0
    assert calls == ["log", "main"]


# --- Windows: the NSIS script --------------------------------------------------------------------
@pytest.mark.skipif(
    shutil.which("makensis") is None, reason="makensis not installed (apt-get install nsis)"
)
def test_nsis_script_compiles_against_a_placeholder_build(
    tmp_path: Path, icons: dict[str, Path]
) -> None:
    build = tmp_path / "dist" / "stoneage"
    (build / "_internal" / "assets").mkdir(parents=True)
    (build / "stoneage.exe").write_bytes(b"MZ placeholder")
    (build / "_internal" / "assets" / "placeholder.txt").write_text("placeholder")
    installer = tmp_path / f"stoneage-{VERSION}-windows-x64-setup.exe"
    command = [
        "makensis",
        "-WX",
        "-V2",
        f"-DVERSION={VERSION}",
        f"-DDIST_DIR={build}",
        f"-DICON={icons['ico']}",
        f"-DOUTFILE={installer}",
        str(ROOT / "packaging" / "windows" / "stoneage.nsi"),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert installer.read_bytes()[:2] == b"MZ"


def test_nsis_script_has_the_three_languages_and_a_bom() -> None:
    data = (ROOT / "packaging" / "windows" / "stoneage.nsi").read_bytes()
    assert data[:3] == b"\xef\xbb\xbf"  # makensis reads UTF-8 text right only with the BOM
    text = data.decode("utf-8-sig")
    for language in ("English", "SimpChinese", "Japanese"):
        assert f'!insertmacro MUI_LANGUAGE "{language}"' in text
    assert "WriteUninstaller" in text and "$SMPROGRAMS" in text and "$DESKTOP" in text


# --- Linux and macOS scripts -----------------------------------------------------------------------
SCRIPTS = sorted((ROOT / "packaging").rglob("*.sh"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_shell_scripts_parse(script: Path) -> None:
    done = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_desktop_entry() -> None:
    entry = ROOT / "packaging" / "linux" / "stoneage.desktop"
    text = entry.read_text(encoding="utf-8")
    assert text.startswith("[Desktop Entry]\n")
    for line in ("Type=Application", "Exec=stoneage", "Icon=stoneage", "Terminal=false"):
        assert line in text.splitlines()
    if shutil.which("desktop-file-validate"):
        done = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr


# --- the workflows -------------------------------------------------------------------------------
def workflow(name: str) -> dict:
    """A workflow file, parsed (PyYAML reads the ``on:`` key as True)."""
    return yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))


def test_release_workflow_triggers_and_jobs() -> None:
    release = workflow("release.yml")
    triggers = release[True]
    assert triggers["push"]["tags"] == ["v*"]
    assert "pull_request" in triggers
    jobs = release["jobs"]
    assert {"linux", "windows", "macos", "publish"} <= set(jobs)
    assert jobs["publish"]["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert jobs["publish"]["permissions"] == {"contents": "write"}
    assert release["permissions"] == {"contents": "read"}


def test_macos_signing_runs_only_with_secrets() -> None:
    steps = workflow("release.yml")["jobs"]["macos"]["steps"]
    signing = [
        step
        for step in steps
        if "sign.sh" in step.get("run", "") or "notarize.sh" in step.get("run", "")
    ]
    assert len(signing) == 2
    assert all(step["if"] == "env.MACOS_CERTIFICATE != ''" for step in signing)


def test_ci_workflow_runs_the_ci_script() -> None:
    steps = workflow("ci.yml")["jobs"]["test"]["steps"]
    assert any(step.get("run") == "bash .ci/run" for step in steps)
