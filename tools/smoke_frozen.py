#!/usr/bin/env python3
"""Build the frozen game and check it starts: the packaging smoke test.

1. Builds ``dist/stoneage/`` with ``pyinstaller build_exe.spec`` (skip with ``--no-build``).
2. Measures the onedir folder (bar: ``--max-mb``, 120 MB by default).
3. Starts the frozen program once per language (``--smoke out.png --lang <code>``) and checks
   that it exits 0 within ``--timeout``, wrote a non-blank screenshot of the title screen and
   started its log file with the rules engine compiled (mypyc); the wall-clock time from launch to exit is the time to the title
   screen (bar: ``--max-seconds``, 2 s by default; ``0`` only reports).
4. Checks that every ``i18n/*.po`` catalog was bundled as a compiled ``.mo``, and every image,
   font and sound of ``assets/`` at ``stoneage/assets/`` (the package's layout, as in a wheel:
   see ``stoneage.resources``).

On Linux without a display it re-runs itself under ``xvfb-run`` (``apt-get install xvfb``), so
the program opens a real X11 window. Settings, saves and logs go to a temporary folder, never
the user's. Figures are printed and written to ``<out>/smoke.json``.

Usage: ``python tools/smoke_frozen.py [--no-build] [--out build/smoke] [--languages en zh ja]``
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from compile_catalogs import find_catalogs  # noqa: E402

LANGUAGES = ("en", "zh", "ja")
XVFB_SCREEN = "1600x900x24"
REEXEC_FLAG = "STONEAGE_SMOKE_UNDER_XVFB"
BUILD_SECONDS = "STONEAGE_SMOKE_BUILD_SECONDS"  # handed to the re-run, for smoke.json


@dataclass
class Launch:
    """One start of the frozen program."""

    language: str
    seconds: float
    status: int
    screenshot: str
    colours: int
    log_ok: bool
    output: str

    def ok(self) -> bool:
        """Exited 0, drew something and logged its start on the compiled rules."""
        return self.status == 0 and self.colours >= 16 and self.log_ok


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/ folder")
    parser.add_argument(
        "--dist", type=Path, default=ROOT / "dist", help="PyInstaller's dist folder"
    )
    parser.add_argument(
        "--out", type=Path, default=ROOT / "build" / "smoke", help="screenshots and smoke.json"
    )
    parser.add_argument(
        "--languages", nargs="+", default=list(LANGUAGES), help="language codes to start in"
    )
    parser.add_argument(
        "--max-mb", type=float, default=120.0, help="size bar of the onedir folder (0: report only)"
    )
    parser.add_argument(
        "--max-seconds", type=float, default=2.0, help="bar for launch to title (0: report only)"
    )
    parser.add_argument(
        "--timeout", type=float, default=60.0, help="seconds before a launch counts as hung"
    )
    parser.add_argument(
        "--video-driver", default=None, help="SDL_VIDEODRIVER for the program (e.g. dummy)"
    )
    return parser.parse_args(argv)


def build() -> float:
    """Run PyInstaller on the spec; returns the seconds it took."""
    start = time.perf_counter()
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "build_exe.spec",
    ]
    subprocess.run(command, cwd=ROOT, check=True)
    return time.perf_counter() - start


def onedir(dist: Path) -> Path:
    """The onedir folder PyInstaller made (``dist/stoneage``)."""
    folder = dist / "stoneage"
    if not folder.is_dir():
        raise SystemExit(f"no build in {folder}: run without --no-build first")
    return folder


def executable(dist: Path) -> Path:
    """The program to start: the one inside the macOS .app when there is one."""
    app = dist / "Stone Age.app" / "Contents" / "MacOS" / "stoneage"
    if sys.platform == "darwin" and app.is_file():
        return app
    name = "stoneage.exe" if sys.platform == "win32" else "stoneage"
    return onedir(dist) / name


def folder_bytes(folder: Path) -> int:
    """Bytes of every file below ``folder`` (links not followed)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def bundled_catalogs(folder: Path) -> dict[str, bool]:
    """For each ``i18n/*.po`` language: is its ``stoneage.mo`` in the bundle?"""
    found = {}
    for language in find_catalogs(ROOT / "i18n"):
        found[language] = any(folder.rglob(f"locale/{language}/LC_MESSAGES/stoneage.mo"))
    return found


def missing_assets(folder: Path) -> list[str]:
    """The files of ``assets/{images,fonts,sounds}`` not bundled at ``stoneage/assets/``."""
    bundled = {
        path.relative_to(package_assets).as_posix()
        for package_assets in folder.rglob("stoneage/assets")
        for path in package_assets.rglob("*")
        if path.is_file()
    }
    wanted = [
        path.relative_to(ROOT / "assets").as_posix()
        for kind, pattern in (("images", "*.svg"), ("fonts", "*.[ot]tf"), ("sounds", "**/*"))
        for path in sorted((ROOT / "assets" / kind).glob(pattern))
        if path.is_file()
    ]
    return [name for name in wanted if name not in bundled]


def count_colours(png: Path) -> int:
    """How many distinct colours a sample of the screenshot has (0 if it is missing)."""
    if not png.is_file():
        return 0
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    surface = pygame.image.load(str(png))
    width, height = surface.get_size()
    return len(
        {tuple(surface.get_at((x, y))) for x in range(0, width, 17) for y in range(0, height, 13)}
    )


def launch(program: Path, language: str, out: Path, args: argparse.Namespace) -> Launch:
    """Start the program once in ``language`` with a private home and log folder."""
    png = out / f"title-{language}.png"
    png.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="stoneage-smoke-") as home:
        env = dict(
            os.environ,
            STONEAGE_HOME=home,
            STONEAGE_LOG_DIR=str(Path(home) / "logs"),
            SDL_AUDIODRIVER="dummy",
        )
        if args.video_driver:
            env["SDL_VIDEODRIVER"] = args.video_driver
        command = [str(program), "--smoke", str(png), "--lang", language]
        start = time.perf_counter()
        try:
            done = subprocess.run(
                command, env=env, capture_output=True, text=True, timeout=args.timeout
            )
            status, output = done.returncode, (done.stdout + done.stderr).strip()
        except subprocess.TimeoutExpired:
            status, output = -1, f"no exit within {args.timeout} s"
        seconds = time.perf_counter() - start
        log = Path(home) / "logs" / "stoneage.log"
        # The frozen build ships the compiled rules (build_exe.spec): its first line says so.
        logged = log.read_text(encoding="utf-8", errors="replace") if log.is_file() else ""
        log_ok = "started" in logged and "rules engine compiled" in logged
        if status != 0 and log.is_file():
            output += "\n--- log ---\n" + log.read_text(encoding="utf-8", errors="replace")
    return Launch(language, round(seconds, 3), status, str(png), count_colours(png), log_ok, output)


def needs_xvfb() -> bool:
    """On Linux without a display, the launches must run under xvfb-run."""
    return (
        sys.platform.startswith("linux")
        and not os.environ.get("DISPLAY")
        and not os.environ.get(REEXEC_FLAG)
    )


def rerun_under_xvfb(argv: list[str], build_seconds: float | None) -> int:
    """Run this script again (without building) inside a virtual X server."""
    if shutil.which("xvfb-run") is None:
        raise SystemExit(
            "no DISPLAY and no xvfb-run: apt-get install xvfb (or pass --video-driver dummy)"
        )
    command = [
        "xvfb-run",
        "-a",
        "-s",
        f"-screen 0 {XVFB_SCREEN}",
        sys.executable,
        __file__,
        "--no-build",
        *argv,
    ]
    env = dict(
        os.environ,
        **{REEXEC_FLAG: "1", BUILD_SECONDS: "" if build_seconds is None else str(build_seconds)},
    )
    return subprocess.run(command, env=env).returncode


def report(figures: dict, launches: list[Launch], args: argparse.Namespace) -> list[str]:
    """Print the figures; returns the list of failures."""
    failures = []
    size_mb = figures["onedir_mb"]
    print(f"onedir {figures['onedir']}: {size_mb:.1f} MB (bar {args.max_mb:g} MB)")
    if args.max_mb and size_mb > args.max_mb:
        failures.append(f"onedir is {size_mb:.1f} MB > {args.max_mb:g} MB")
    for item in launches:
        verdict = "ok" if item.ok() else "FAILED"
        print(
            f"{item.language:6} {item.seconds:6.2f} s  exit {item.status}  colours {item.colours}  "
            f"log {item.log_ok}  {verdict}"
        )
        if not item.ok():
            failures.append(
                f"{item.language}: exit {item.status}, {item.colours} colours, log {item.log_ok}\n{item.output}"
            )
        elif args.max_seconds and item.seconds > args.max_seconds:
            failures.append(
                f"{item.language}: {item.seconds:.2f} s to the title > {args.max_seconds:g} s"
            )
    for language, present in figures["catalogs"].items():
        if not present:
            failures.append(f"catalog {language} is not in the bundle")
    for name in figures["missing_assets"]:
        failures.append(f"assets/{name} is not in the bundle at stoneage/assets/")
    return failures


def main(argv: list[str] | None = None) -> int:
    """Build (unless told not to), launch in each language, check and report."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(argv)
    build_seconds = None if args.no_build else round(build(), 1)
    if build_seconds is not None:
        print(f"built in {build_seconds} s")
    if needs_xvfb() and not args.video_driver:
        return rerun_under_xvfb([a for a in argv if a != "--no-build"], build_seconds)
    if build_seconds is None and os.environ.get(BUILD_SECONDS):
        build_seconds = float(os.environ[BUILD_SECONDS])
    folder = onedir(args.dist)
    args.out.mkdir(parents=True, exist_ok=True)
    launches = [
        launch(executable(args.dist), language, args.out, args) for language in args.languages
    ]
    figures = {
        "onedir": str(folder),
        "onedir_mb": round(folder_bytes(folder) / 1e6, 1),
        "build_seconds": build_seconds,
        "catalogs": bundled_catalogs(folder),
        "missing_assets": missing_assets(folder),
        "launches": [asdict(item) for item in launches],
    }
    (args.out / "smoke.json").write_text(json.dumps(figures, indent=1), encoding="utf-8")
    failures = report(figures, launches, args)
    for failure in failures:
        print("FAIL:", failure, file=sys.stderr)
    print("smoke test", "failed" if failures else "passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
