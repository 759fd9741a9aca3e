"""Start the game: ``stoneage`` or ``python -m stoneage``.

Options: ``--size 1600x900`` (window size), ``--seed N`` (fixed game seed),
``--screenshot out.png --scene game`` (render one screen to a PNG without a window and exit;
scenes: title, setup, game, drag, resolution, resolve, feeding, items, scoring, settings,
rules, pause, log, hotseat, preview, save, load, continue_damaged, tutorial with ``--step N``,
stats, stats_charts, stats_games, achievements, stats_empty, save_failing, save_elsewhere; with
``--games N`` the made-up history of the statistics scenes holds N games, 0 for none),
``--smoke out.png`` (open the
real window, draw the title screen once, save it and exit 0: the packaging check),
``--lang ja`` (language for this run, not saved), ``--replay FILE`` (play back a replay or save
file; with ``--screenshot`` headless to its end, printing the final scores), ``--autoplay
--players 4 --seed 3 [--speed slow|normal|fast] [--quit-at-end]`` (bots play every seat in the
window to the final scoring; nothing is saved or recorded), ``--version`` (the version, and
whether the rules engine runs compiled or as plain Python).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only for annotations: pygame is imported when a command needs it, so
    # `--help` and a mistyped option answer at once (no cycle: nothing imports __main__)
    from stoneage.play.savefile import LoadedGame
    from stoneage.play.seats import Seat
    from stoneage.records.settings import Settings


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("the window must be at least 320x240")
    return w, h


def version_text() -> str:
    """The program's version, which rules engine runs (compiled or plain Python) and the
    Python running it."""
    from importlib.metadata import PackageNotFoundError, version

    from stoneage.rules import describe_engine

    try:
        number = version("stoneage")
    except PackageNotFoundError:  # a checkout run without installing it
        number = "(not installed)"
    python = sys.version.split()[0]
    return f"stoneage {number}, rules engine {describe_engine()}, Python {python}"


class _Version(argparse.Action):
    """``--version``: the text is made only when asked (it imports the rules)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(version_text())
        parser.exit()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="stoneage", description="Stone Age: the board game, against bots or friends."
    )
    parser.add_argument(
        "--version",
        action=_Version,
        nargs=0,
        help="print the version and whether the rules engine runs compiled, and exit",
    )
    parser.add_argument("--size", type=_size, default=None, help="window size, e.g. 1600x900")
    parser.add_argument(
        "--seed", type=int, default=None, help="fixed seed for the game's dice and cards"
    )
    parser.add_argument("--screenshot", metavar="PNG", help="render a screen to this file and exit")
    parser.add_argument(
        "--scene",
        default="game",
        help="screen for --screenshot: title, setup, game, drag, resolution, resolve, roll, feeding, items, "
        "scoring, settings, settings_sound, settings_online, rules, pause, log, hotseat, preview, "
        "chooser, language_switch, save, load, continue_damaged, "
        "tutorial (with --step), stats, stats_charts, stats_games, achievements, stats_empty, "
        "save_failing, save_elsewhere, join, join_wrong_code, lobby, new_server_table, "
        "leaderboard, quick_match, server_waiting_room, waiting_room, waiting_room_joined, "
        "online_game, countdown, reconnecting, host_left, phrases, review, review_hotseat, "
        "review_progress, review_damaged, practice, scoring_practice",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=4,
        choices=(2, 3, 4),
        help="seats in the game for --screenshot and --autoplay",
    )
    parser.add_argument(
        "--autoplay",
        action="store_true",
        help="open the window and let bots play every seat to the final scoring (nothing is "
        "saved or recorded); with --players, --seed, --speed and --quit-at-end",
    )
    parser.add_argument(
        "--speed",
        choices=("slow", "normal", "fast"),
        default="normal",
        help="animation speed for --autoplay",
    )
    parser.add_argument(
        "--quit-at-end",
        action="store_true",
        help="with --autoplay: exit once the final scoring has been shown for a moment",
    )
    parser.add_argument(
        "--step",
        default="1",
        help="the lesson's step for --scene tutorial: 1 to the last, or e.g. 8a (after its move)",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help="for the statistics screenshots: how many games the made-up history holds "
        "(0 for none; default 120)",
    )
    parser.add_argument(
        "--lang",
        default=None,
        help="language for this run: en, zh or ja (default: the saved setting)",
    )
    parser.add_argument(
        "--smoke",
        metavar="PNG",
        help="open the window, draw the title screen once, save it to PNG and exit",
    )
    parser.add_argument(
        "--replay",
        metavar="FILE",
        help="play back a replay (or save) file; with --screenshot, replay it "
        "headless to its end, save the last screen and print the final scores",
    )
    _network_args(parser)
    return parser.parse_args(argv)


def _network_args(parser: argparse.ArgumentParser) -> None:
    """The options of network play from the command line (hosting or joining at once, and the
    scripted seat that checks network play in real windows)."""
    net = parser.add_argument_group("network play")
    net.add_argument(
        "--host",
        metavar="SEATS",
        help="host a table at once: its seats, e.g. you,joins,bot:easy (its waiting room opens)",
    )
    net.add_argument("--join", metavar="ADDRESS", help="join the table at ADDRESS (with --code)")
    net.add_argument("--code", default="", help="the table's code, for --join")
    net.add_argument("--name", default="", help="your name at the table (--join, --host)")
    net.add_argument(
        "--return-to-seat",
        action="store_true",
        help="return to the seat of the last table joined (its token is kept)",
    )
    net.add_argument(
        "--reopen", action="store_true", help="reopen the table you host (as Continue does)"
    )
    net.add_argument("--port", type=int, default=None, help="the port a hosted table listens on")
    net.add_argument(
        "--bind",
        default="0.0.0.0",
        help="the address a hosted table listens on (default: every address of this machine)",
    )
    net.add_argument(
        "--wait",
        type=float,
        default=60.0,
        help="seconds a player who drops has to return before a bot plays the seat",
    )
    net.add_argument(
        "--no-announce", action="store_true", help="do not list a hosted table on the local network"
    )
    net.add_argument("--code-file", metavar="FILE", help="write a hosted table's code to FILE")
    net.add_argument(
        "--net-moves",
        type=int,
        default=0,
        help="checking network play: the window's seat plays this many moves by itself",
    )
    net.add_argument(
        "--shots", metavar="DIR", help="checking network play: save the window at each moment"
    )
    net.add_argument(
        "--quit-after", type=float, default=None, help="checking network play: quit after seconds"
    )


def screenshot(args: argparse.Namespace) -> int:
    """Render ``args.scene`` at ``args.size`` to ``args.screenshot`` (headless)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if not os.environ.get("STONEAGE_HOME"):  # a screenshot never touches the player's saves
        import tempfile

        os.environ["STONEAGE_HOME"] = tempfile.mkdtemp(prefix="stoneage-shot-")
    import pygame

    from stoneage.app import App
    from stoneage.records.settings import Settings
    from stoneage.staging import build_scene, hover_with_hint, start_drag

    app = App(
        args.size or (1600, 900),
        Settings(animation="instant", language=args.lang or "en"),
        seed=args.seed,
    )
    app.open_window(flags=0)
    seed = args.seed if args.seed is not None else 1
    build_scene(app, args.scene, seed, args.players, args.step, games=args.games)
    if args.scene == "drag":
        start_drag(app)
    if app.top is not None:
        app.top.update(0.0)
    if args.scene == "preview":
        hover_with_hint(app)
    surface = pygame.Surface(app.size)
    app.draw(surface)
    pygame.image.save(surface, args.screenshot)
    print(f"{args.scene} at {app.size[0]}x{app.size[1]} -> {args.screenshot}")
    return 0


def smoke(args: argparse.Namespace) -> int:
    """Open the real window, draw the title screen once, save it to ``args.smoke``, exit 0."""
    import time

    import pygame

    from stoneage.app import App
    from stoneage.records.settings import Settings

    start = time.perf_counter()
    app = App(args.size or (1280, 720), Settings(language=args.lang or "en"), seed=args.seed)
    screen = app.open_window()
    app.push(app.make_scene("title"))
    app.step(block=False)  # one loop iteration: events, update, draw, flip
    pygame.image.save(app.screen or screen, args.smoke)
    while app.stack:
        app.pop()
    pygame.quit()
    print(
        f"smoke: title ({args.lang or 'en'}) drawn in {time.perf_counter() - start:.2f} s -> {args.smoke}"
    )
    return 0


def replay(args: argparse.Namespace) -> int:
    """Play back the game in ``args.replay``: in the window, or headless with --screenshot."""
    headless = bool(args.screenshot)
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from pathlib import Path

    from stoneage.play.savefile import SaveError, load_game_file

    try:
        loaded = load_game_file(Path(args.replay))
    except SaveError as error:
        print(f"stoneage: {args.replay}: {error}", file=sys.stderr)
        return 2
    if headless:
        return _replay_headless(args, loaded)
    from stoneage.app import App
    from stoneage.resources import setup_logging

    setup_logging()
    app = App(args.size or (1280, 720))
    if args.lang:
        app.settings.language = args.lang
    app.open_window()
    app.push(app.make_scene("title"))
    options = {"seats": loaded.seats, "seed": loaded.seed, "state": loaded.state}
    app.push(app.make_scene("game", replay=True, **options))
    app.run()
    return 0


def _replay_headless(args: argparse.Namespace, loaded: LoadedGame) -> int:
    """Replay to the end without a window; save the last screen; print the final scores."""
    import pygame

    from stoneage.app import App
    from stoneage.records.settings import Settings
    from stoneage.scenes.table.scene import TableScene
    from stoneage.scenes.table.session.mode import TableMode

    app = App(args.size or (1280, 720), Settings(animation="instant", language=args.lang or "en"))
    app.open_window(flags=0)
    scene = TableScene(
        app, loaded.seats, loaded.seed, loaded.state, threaded=False, mode=TableMode.replay()
    )
    app.push(scene)
    for _ in range(100_000):
        if scene.match.replay_finished() and (app.top is not scene or not scene.match.is_over()):
            break
        app.step(block=False)
    final = scene.match.state
    surface = pygame.Surface(app.size)
    app.draw(surface)
    pygame.image.save(surface, args.screenshot)
    same = final == loaded.state
    totals = (
        [row["total"] for row in final.final_scoring()] if final.is_terminal() else final.scores()
    )
    for seat, total in zip(loaded.seats, totals):
        print(f"{seat.name}: {total}")
    print(
        f"replayed {len(scene.match.steps)} actions: {'the same game' if same else 'A DIFFERENT GAME'} -> {args.screenshot}"
    )
    while app.stack:
        app.pop()
    pygame.display.quit()  # not pygame.quit: the cached fonts stay valid for a later window
    return 0 if same else 1


def autoplay(args: argparse.Namespace) -> int:
    """Bots play every seat in the window, to the final scoring (and, with --quit-at-end, exit).

    The player's settings are read (language, window, volumes), but nothing of theirs is ever
    written: the data folder of this run is a temporary one, removed at the end, and the game
    scene neither autosaves nor records an autoplay game."""
    import shutil
    import tempfile

    from stoneage.records.settings import load_settings

    settings = load_settings()  # read before the data folder is moved aside
    home = tempfile.mkdtemp(prefix="stoneage-autoplay-")
    os.environ["STONEAGE_HOME"] = home  # any write of this run lands here, not in the player's
    try:
        return _run_autoplay(args, settings)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _run_autoplay(args: argparse.Namespace, settings: Settings) -> int:
    """The autoplay window, once the data folder is a temporary one."""
    import random

    from stoneage.app import App
    from stoneage.resources import setup_logging
    from stoneage.scenes.table.session.autoplay import SPEEDS, Autoplay, autoplay_seats

    setup_logging()
    if args.lang:
        settings.language = args.lang
    seed = args.seed if args.seed is not None else random.randrange(1, 10**9)
    app = App(args.size, settings, seed=seed)
    app.open_window()
    watching = Autoplay(speed=SPEEDS[args.speed], quit_at_end=args.quit_at_end)
    seats = autoplay_seats(args.players)
    app.push(app.make_scene("game", seats=seats, seed=seed, autoplay=watching))
    print(f"autoplay: {args.players} bots, seed {seed}, speed {args.speed}", flush=True)
    app.run()
    if watching.scoring_shown:
        print("autoplay: the final scoring was shown", flush=True)
    return 0


def _seats_of(spec: str, name: str = "") -> tuple[list[Seat], list[bool]]:
    """The seats of ``--host`` (you, joins, bot:LEVEL, comma-separated; ``name``: yours) and
    which join."""
    from stoneage.i18n import _
    from stoneage.play.names import DEFAULT_HUMAN_NAME
    from stoneage.play.seats import BOT_LEVELS, COLOURS, Seat

    seats, joins = [], []
    for i, word in enumerate(part.strip().lower() for part in spec.split(",")):
        kind, _colon, level = word.partition(":")
        if kind not in ("you", "joins", "bot") or (kind == "bot" and level not in BOT_LEVELS):
            raise SystemExit(f"--host: {word!r} is not you, joins or bot:LEVEL ({BOT_LEVELS})")
        called = (name.strip() or _(DEFAULT_HUMAN_NAME)) if kind == "you" else ""
        called = called or (f"{level} {i + 1}" if kind == "bot" else "")
        seats.append(
            Seat(called, COLOURS[i], "bot" if kind == "bot" else "human", level or "normal")
        )
        joins.append(kind == "joins")
    if not 2 <= len(seats) <= 4:
        raise SystemExit("--host: a table has 2 to 4 seats")
    return seats, joins


def network(args: argparse.Namespace) -> int:
    """Host, join, return to a seat or reopen a hosted table at once (``--host`` and the
    others); with ``--net-moves`` and ``--shots``, the scripted seat that checks network play
    in real windows (``stoneage.scenes.online.netcheck``)."""
    import time
    from pathlib import Path

    from stoneage.app import App
    from stoneage.resources import setup_logging
    from stoneage.scenes.online.addressing import HOST_PORT
    from stoneage.scenes.online.join_scene import JoinScene
    from stoneage.scenes.online.netcheck import NetCheck
    from stoneage.scenes.online.waiting_room import WaitingRoomScene

    setup_logging()
    app = App(args.size, seed=args.seed)
    if args.lang:
        app.settings.language = args.lang
        app.save_settings()
    app.open_window()
    app.push(app.make_scene("title"))
    port = args.port if args.port is not None else HOST_PORT
    # --no-announce keeps a hosted table off the local network; otherwise the settings say.
    options = {"bind": args.bind, "announce": False if args.no_announce else None}
    if args.host:
        seats, joins = _seats_of(args.host, args.name)
        app.push(
            app.make_scene(
                "host_table",
                seats=seats,
                joins=joins,
                seed=args.seed,
                port=port,
                wait=args.wait,
                **options,
            )
        )
    elif args.reopen:
        app.push(app.make_scene("reopen_table", **options))
    else:
        join = app.make_scene("join", address=args.join or "", code=args.code, name=args.name)
        app.push(join)
        if isinstance(join, JoinScene):
            if args.return_to_seat:
                join.return_to_seat()
            else:
                join.join()
    room = app.top
    if args.code_file and isinstance(room, WaitingRoomScene):
        host = room.session.host
        where = f"{room.session.client.code} {host.port if host is not None else ''}"
        Path(args.code_file).write_text(where + "\n")
    tag = "host" if (args.host or args.reopen) else "join"
    check = NetCheck(args.net_moves, Path(args.shots) if args.shots else None, tag)
    end = time.monotonic() + args.quit_after if args.quit_after else None
    app.running = True
    try:
        while app.running and app.stack and (end is None or time.monotonic() < end):
            app.step()
            check.after_frame(app.top)
    finally:
        while app.stack:
            app.stack.pop().exit()
        app.records.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Open the window on the title screen (or take a screenshot) and run until quit."""
    args = parse_args(argv)
    if args.replay:
        return replay(args)
    if args.screenshot:
        return screenshot(args)
    if args.smoke:
        return smoke(args)
    if args.autoplay:
        return autoplay(args)
    if args.host or args.join or args.reopen or args.return_to_seat:
        return network(args)
    from stoneage.app import App
    from stoneage.resources import setup_logging
    from stoneage.scenes.table.lesson.opening import first_start_offer

    setup_logging()
    app = App(args.size, seed=args.seed)  # None: the size (or fullscreen) the window was left at
    if args.lang:
        app.settings.language = args.lang
    app.open_window()
    app.push(app.make_scene("title"))
    offer = first_start_offer(app)  # "Learn to play", once, on the very first start
    if offer is not None:
        app.push(offer)
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
