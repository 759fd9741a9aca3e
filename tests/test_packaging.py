"""Fast checks of the installer recipes, so that mistakes show before a release.

Nothing here runs PyInstaller (``python tools/smoke_frozen.py`` builds and starts the frozen
game). The NSIS script is compiled for real against a placeholder build when ``makensis`` is
installed (``apt-get install nsis``), and skipped otherwise.
"""

from __future__ import annotations

import ast
import gettext
import importlib.util
import shutil
import struct
import subprocess
import sys
import tomllib
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
    for needed in ("tkinter", "pygame.tests"):
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
