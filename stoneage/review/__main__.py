"""The review of a replay, headless: ``python -m stoneage.review REPLAY [--json]``.

Prints each human seat's key moments first (one sentence each, with both moves' expected
lead), then its summary; ``--json`` prints the review's data (``Review.to_dict``) instead.
``--budget N`` gives Hard N rollouts a placement (default ``DEFAULT_BUDGET``), ``--seed S``
seeds the analysis (the same replay, budget and seed give the same review); ``--seat K``
reviews seat K (a bot's too) instead of the human seats; ``--workers W`` shares the work among
W processes. A review already stored beside the replay for the same game, budget and seed is
printed as it is; one stored by an earlier version (every gap at the end of the round) is made
again, with a word on stderr. A replay that cannot be read exits with code 2 and says why.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Sequence

from stoneage.i18n import _, detect_language, install_language

from .analysis import DEFAULT_BUDGET, analyse_replay
from .model import Review, ReviewError
from .replay import load_replay
from .store import load_or_none
from .words import cost_text, lead_line, moment_sentence, remade_words, summary_lines

BAD_REPLAY_EXIT = 2


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(
        prog="python -m stoneage.review", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("replay", help="a replay file (the data folder's replays/*.json)")
    parser.add_argument("--json", action="store_true", help="print the review's data as JSON")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="rollouts a placement")
    parser.add_argument("--seed", type=int, default=0, help="the analysis' seed")
    parser.add_argument("--seat", type=int, action="append", help="review this seat (repeatable)")
    parser.add_argument("--workers", type=int, default=1, help="processes sharing the work")
    parser.add_argument("--lang", default=None, help="en, zh or ja (default: the system's)")
    parser.add_argument("--progress", action="store_true", help="show the progress on stderr")
    args = parser.parse_args(argv)
    if args.budget < 1:
        parser.error("--budget must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Print the review of a replay; 0, or ``BAD_REPLAY_EXIT`` for a replay it cannot read."""
    args = parse_args(argv)
    install_language(args.lang or detect_language())
    try:
        replay = load_replay(args.replay)
    except ReviewError as error:
        print(error.message, file=sys.stderr)
        return BAD_REPLAY_EXIT
    if args.seat and any(not 0 <= s < len(replay.seats) for s in args.seat):
        print(_("There is no such seat in this game."), file=sys.stderr)
        return BAD_REPLAY_EXIT
    review = None
    if not args.seat:
        review = load_or_none(args.replay, replay.identity, args.budget)
        if review is not None and review.seed != args.seed:
            review = None
        if review is not None and review.outdated:
            print(remade_words(), file=sys.stderr)
            review = None
    if review is None:
        review = analyse_replay(
            replay,
            budget=args.budget,
            seed=args.seed,
            seats=args.seat,
            workers=args.workers,
            progress=_show_progress if args.progress else None,
            cancel=threading.Event(),
        )
    if args.json:
        print(json.dumps(review.to_dict(), ensure_ascii=False, indent=1))
    else:
        print("\n".join(review_text(review)))
    return 0


def review_text(review: Review) -> list[str]:
    """The review in words: for each reviewed seat its key moments, then its summary."""
    names = review.names()
    lines: list[str] = []
    if not review.seats:
        return [_("Nobody to review: every seat of this game was played by a bot.")]
    for seat in review.seats:
        lines.append(_("Review of {name}").format(name=seat.shown))
        moments = seat.moments()
        if moments:
            lines.append(_("Key moments:"))
        for number, judged in enumerate(moments, 1):
            lines.append(
                _("{number}. Round {round}: {sentence} ({cost})").format(
                    number=number,
                    round=judged.round,
                    sentence=moment_sentence(judged, names),
                    cost=cost_text(judged),
                )
            )
            lines.append("   " + lead_line(judged))
        lines.extend(summary_lines(seat))
        lines.append("")
    return lines[:-1]


def _show_progress(share: float) -> None:
    print(f"\r{share:4.0%}", end="", file=sys.stderr, flush=True)
    if share >= 1.0:
        print(file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
