"""Start the game: ``stoneage`` or ``python -m stoneage``.

Options: ``--size 1600x900`` (window size), ``--seed N`` (fixed game seed),
``--screenshot out.png --scene game`` (render one screen to a PNG without a window and exit;
scenes: title, setup, game, drag, resolution, feeding, scoring, settings,
rules, pause), ``--smoke out.png`` (open the
real window, draw the title screen once, save it and exit 0: the packaging check),
``--lang ja`` (language for this run, not saved).
"""

from __future__ import annotations

import argparse
import os
import sys


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("the window must be at least 320x240")
    return w, h


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="stoneage", description="Stone Age: the board game, against bots or friends.")
    parser.add_argument("--size", type=_size, default=None, help="window size, e.g. 1600x900")
    parser.add_argument("--seed", type=int, default=None, help="fixed seed for the game's dice and cards")
    parser.add_argument("--screenshot", metavar="PNG", help="render a screen to this file and exit")
    parser.add_argument("--scene", default="game", help="screen for --screenshot: title, setup, game, drag, resolution, feeding, scoring, settings, rules, pause")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="seats in the game for --screenshot")
    parser.add_argument("--lang", default=None, help="language for this run: en, zh or ja (default: the saved setting)")
    parser.add_argument("--smoke", metavar="PNG", help="open the window, draw the title screen once, save it to PNG and exit")
    return parser.parse_args(argv)


def screenshot(args: argparse.Namespace) -> int:
    """Render ``args.scene`` at ``args.size`` to ``args.screenshot`` (headless)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from stoneage.app import App
    from stoneage.scenes.positions import build_scene
    from stoneage.ui.storage import Settings

    app = App(args.size or (1600, 900), Settings(animation="instant", language=args.lang or "en"), seed=args.seed)
    app.open_window(flags=0)
    build_scene(app, args.scene, args.seed if args.seed is not None else 1, args.players)
    if args.scene == "drag":
        _start_drag(app)
    app.top.update(0.0)
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
    from stoneage.scenes.menus import TitleScene
    from stoneage.ui.storage import Settings

    start = time.perf_counter()
    app = App(args.size or (1280, 720), Settings(language=args.lang or "en"), seed=args.seed)
    app.open_window()
    app.push(TitleScene(app))
    app.step(block=False)  # one loop iteration: events, update, draw, flip
    pygame.image.save(app.screen, args.smoke)
    while app.stack:
        app.pop()
    pygame.quit()
    print(f"smoke: title ({args.lang or 'en'}) drawn in {time.perf_counter() - start:.2f} s -> {args.smoke}")
    return 0


def _start_drag(app) -> None:
    """Pick up two figures and hold them over the forest (shows the lit and dimmed spaces)."""
    import pygame

    scene = app.top
    scene.update(0.0)
    control = scene.controls[0]
    control.set_carry(2)
    start = control.grab.center
    target = scene.lay.spaces[4].center
    for event in (
        pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] - 40, start[1]), rel=(-40, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)),
    ):
        scene.handle(event)


def main(argv: list[str] | None = None) -> int:
    """Open the window on the title screen (or take a screenshot) and run until quit."""
    args = parse_args(argv)
    if args.screenshot:
        return screenshot(args)
    if args.smoke:
        return smoke(args)
    from stoneage.app import App
    from stoneage.resources import setup_logging
    from stoneage.scenes.menus import TitleScene

    setup_logging()
    app = App(args.size or (1280, 720), seed=args.seed)
    if args.lang:
        app.settings.language = args.lang
    app.open_window()
    app.push(TitleScene(app))
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
