"""Bots against bots, headless: ``python -m stoneage.sim --seats hard,normal,normal,normal``.

Prints per seat type (level): seat-games, win rate with its 95 % Wilson interval (a shared win
counts as a win for each winner), mean and median final score, mean winning score, decision
times (mean, median, slowest), thinking per game, and games that hit the round cap (failures).
``--json`` prints the same as JSON. Each Hard level thinks with its own default budget (Hard:
rollouts a placement with time caps; ``hard1``: 0.45 s a placement) unless told otherwise:
``--hard-rollouts N`` gives both exactly N rollouts a placement and no clock, so a run replays
exactly; ``--hard-seconds S`` gives both a time budget of S seconds a placement.

A seat is a level (``hard``: the balanced opponent, the judgement every level had before
opponents) or ``opponent:level`` (``scholar:hard``); ``--list-bots`` prints the opponents, one a
line: id, name, how it plays, its levels.

``--ladder`` plays a round robin of the levels instead (every pair in 2-player games, every
four in 4-player games, ``--games`` each) and prints an Elo-style rating per level with a 95 %
bootstrap interval (see ``stoneage.sim.ladder``); ``--resume`` with ``--log`` continues one, or
extends it to more ``--games``, playing only the games not yet logged.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from stoneage.ai import (
    ALL_LEVELS,
    BALANCED,
    Budget,
    known_opponent,
    parse_spec,
    roster,
    spec_text,
)
from stoneage.ai.references import REFERENCE_LEVELS, missing_reason
from stoneage.play.opponents import roster_lines
from stoneage.sim import (
    ROUND_CAP,
    GameResult,
    Progress,
    SeriesSpec,
    logged_games,
    read_log,
    result_to_json,
    run_series,
    run_work,
)
from stoneage.sim.ladder import (
    ANCHOR,
    BOOTSTRAP,
    LADDER_LEVELS,
    OPPONENT_LEVELS,
    bootstrap_ratings,
    ladder_entrants,
    ladder_logged,
    ladder_tables,
    ladder_work,
    opponent_tables,
    pairwise,
)
from stoneage.sim.stats import level_stats, series_summary


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(
        prog="python -m stoneage.sim", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--seats",
        default="hard,normal,normal,normal",
        help="comma-separated bots, one per seat (2 to 4): a level ("
        + ", ".join(ALL_LEVELS)
        + ") or opponent:level (see --list-bots), e.g. scholar:hard,normal,normal,normal",
    )
    parser.add_argument(
        "--list-bots",
        action="store_true",
        help="print the opponents (id, name, how it plays, levels) and stop",
    )
    parser.add_argument(
        "--games", type=int, default=20, help="games to play (with --ladder: per table)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--hard-seconds",
        "--hard-budget",
        "--level-time",
        dest="hard_seconds",
        type=float,
        default=None,
        help="Hard's (and hard1's) thinking per placement in seconds (machine-dependent)",
    )
    parser.add_argument(
        "--hard-game-seconds",
        type=float,
        default=25.0,
        help="Hard's most thinking over one game (paced; not with --hard-rollouts)",
    )
    parser.add_argument(
        "--hard-rollouts",
        type=int,
        default=None,
        help="Hard's (and hard1's) rollouts per placement, no clock (reproducible)",
    )
    parser.add_argument("--round-cap", type=int, default=ROUND_CAP)
    parser.add_argument(
        "--ladder",
        action="store_true",
        help="play a round robin of the levels in 2- and 4-player games and rate them",
    )
    parser.add_argument(
        "--ladder-levels",
        default=",".join(LADDER_LEVELS),
        help="with --ladder: the levels to rate (default: %(default)s)",
    )
    parser.add_argument(
        "--ladder-opponents",
        default="",
        help="with --ladder: also rate these opponents (ids, or 'all') at easy, normal and "
        "hard, each in 2-player games against the balanced bot of its level and 4-player "
        "games against three Normal",
    )
    parser.add_argument(
        "--ladder-opponent-levels",
        default=",".join(OPPONENT_LEVELS),
        help="with --ladder-opponents: the levels each opponent is rated at (default: "
        "%(default)s; e.g. normal alone for a quick ladder of the opponents' Normal)",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.add_argument(
        "--log", metavar="FILE", help="append every finished game to FILE (JSON lines)"
    )
    parser.add_argument(
        "--summarize",
        metavar="FILE",
        help="play nothing: report on the games logged in FILE (e.g. a run cut short)",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="with --log: keep the games of this series or ladder already in FILE, play only the rest",
    )
    args = parser.parse_args(argv)
    if args.resume and not args.log:
        parser.error("--resume needs --log FILE")
    levels = bot_specs(parser, "--seats", args.seats)
    if not 2 <= len(levels) <= 4:
        parser.error(f"--seats needs 2 to 4 bots, got {args.seats!r}")
    args.levels = levels
    ladder_levels = bot_specs(parser, "--ladder-levels", args.ladder_levels)
    if len(ladder_levels) < 2:
        parser.error("--ladder-levels needs 2 or more bots")
    if args.games < 1:
        parser.error("--games must be at least 1")
    args.ladder_levels = ladder_levels
    args.ladder_opponents = ladder_opponents(parser, args.ladder_opponents)
    args.ladder_opponent_levels = opponent_levels(parser, args.ladder_opponent_levels)
    missing = [lv for lv in args.ladder_opponent_levels if lv not in ladder_levels]
    if args.ladder_opponents and missing:
        parser.error(
            f"--ladder-opponents rates against {', '.join(missing)}: add to --ladder-levels"
        )
    seated = set(levels) | (set(ladder_levels) if args.ladder else set())
    for level in sorted(seated & set(REFERENCE_LEVELS)):  # hard1 is in a checkout only
        if (reason := missing_reason(level)) is not None:
            parser.error(reason)
    return args


def ladder_opponents(parser: argparse.ArgumentParser, text: str) -> tuple[str, ...]:
    """The opponents ``--ladder-opponents`` names (``all``: every one but the balanced)."""
    if not text.strip():
        return ()
    if text.strip() == "all":
        return tuple(o.id for o in roster() if o.id != BALANCED)
    chosen = tuple(item.strip() for item in text.split(","))
    for item in chosen:
        if not known_opponent(item) or item == BALANCED:
            parser.error(f"--ladder-opponents: {item!r} is not an opponent with leanings")
    return chosen


def opponent_levels(parser: argparse.ArgumentParser, text: str) -> tuple[str, ...]:
    """The levels of ``--ladder-opponent-levels`` (some of ``OPPONENT_LEVELS``, no repeats)."""
    found = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    wrong = [level for level in found if level not in OPPONENT_LEVELS]
    if wrong or not found:
        parser.error(
            f"--ladder-opponent-levels takes some of {', '.join(OPPONENT_LEVELS)}, got {text!r}"
        )
    return found


def bot_specs(parser: argparse.ArgumentParser, option: str, text: str) -> tuple[str, ...]:
    """The bots a comma-separated option names, each as the runner labels it (``hard``,
    ``scholar:hard``); a wrong one stops with the reason."""
    specs = []
    for item in text.split(","):
        try:
            specs.append(spec_text(*parse_spec(item)))
        except ValueError as error:
            parser.error(f"{option}: {error}")
    return tuple(specs)


def budget_of(args: argparse.Namespace) -> Budget:
    """Hard's budget from the command line."""
    if args.hard_rollouts is not None:
        return Budget.rollouts(args.hard_rollouts)
    if args.hard_seconds is not None:
        return Budget.timed(args.hard_seconds, args.hard_game_seconds)
    return Budget(game_seconds=args.hard_game_seconds)


def budget_report(args: argparse.Namespace) -> dict[str, Any]:
    """Hard's budget as reported."""
    budget = budget_of(args)
    return {
        "seconds": budget.seconds,
        "rollouts": budget.iterations,
        "exact": budget.exact,
        "game_seconds": budget.game_seconds,
        "cap": budget.cap,
    }


def report(args: argparse.Namespace, results: list[GameResult], elapsed: float) -> dict[str, Any]:
    """Everything printed, as one JSON-ready dictionary."""
    return {
        "seats": sorted({s.level for r in results for s in r.seats})
        if args.summarize
        else list(args.levels),
        "seed": None if args.summarize else args.seed,  # a log does not record its series' seed
        "hard_budget": None if args.summarize else budget_report(args),
        "round_cap": args.round_cap,
        "shared_win_rule": "a shared win counts as a win for each winner",
        "wall_seconds": round(elapsed, 1),
        **series_summary(results),
        "levels": level_stats(results),
    }


def format_table(data: dict[str, Any]) -> str:
    """The report as aligned text."""
    lines = [
        f"{data['games']} games, seats {','.join(data['seats'])} (rotated), "
        f"seed {'(not logged)' if data['seed'] is None else data['seed']}, "
        f"mean {data['mean_rounds']:.1f} rounds, {data['wall_seconds']} s",
        "A shared win counts as a win for each winner.",
        *level_lines(data["levels"]),
        seat_line(data["levels"]),
    ]
    failures = data["round_cap_failures"]
    lines.append(
        f"round-cap failures: {len(failures)}" + (f" (games {failures})" if failures else "")
    )
    return "\n".join(lines)


def seat_line(levels: dict[str, dict[str, Any]]) -> str:
    """Each level's wins by seat, e.g. ``wins by seat (seat 0 starts): hard 36/50 20/50``."""
    parts = [
        f"{level} " + " ".join(f"{wins}/{games}" for wins, games in s["wins_by_seat"])
        for level, s in levels.items()
    ]
    return "wins by seat (seat 0 starts): " + "; ".join(parts)


def level_lines(levels: dict[str, dict[str, Any]]) -> list[str]:
    """The per-level statistics as a header and one aligned line per level."""
    width = max(8, *(len(level) for level in levels)) if levels else 8
    lines = [
        f"{'level':{width}} {'seat-games':>10} {'wins':>5} {'win rate':>8} {'95% CI':>15} {'mean':>6} {'median':>6} "
        f"{'win.sc':>6} {'dec.mean':>9} {'dec.med':>8} {'slowest':>8} {'per game':>8} {'capped':>6}",
    ]
    for level, s in levels.items():
        low, high = s["win_rate_ci95"]
        lines.append(
            f"{level:{width}} {s['seat_games']:>10} {s['wins']:>5} {s['win_rate']:>8.1%} "
            f"{f'[{low:.1%}, {high:.1%}]':>15} {_num(s['mean_score'])} {_num(s['median_score'])} "
            f"{_num(s['mean_winning_score'])} {_ms(s['mean_decision_s']):>9} {_ms(s['median_decision_s']):>8} "
            f"{_ms(s['slowest_decision_s']):>8} {_secs(s['mean_thinking_per_game_s']):>8} {s['round_cap_failures']:>6}"
        )
    return lines


def ladder_report(
    args: argparse.Namespace, results: list[GameResult], elapsed: float
) -> dict[str, Any]:
    """The ladder's ratings (all games, 2-player, 4-player), pairwise 2-player win rates and
    per-level statistics by table size, as one JSON-ready dictionary."""
    levels = ladder_entrants(args.ladder_levels, args.ladder_opponents, args.ladder_opponent_levels)
    by_size = {size: [r for r in results if len(r.seats) == size] for size in (2, 4)}

    def ratings(games: list[GameResult]) -> list[dict[str, Any]]:
        rated = bootstrap_ratings(games, levels, BOOTSTRAP, seed=args.seed)
        return [{"level": r.level, "rating": r.rating, "ci95": [r.low, r.high]} for r in rated]

    pairs_2p = pairwise(by_size[2])
    return {
        "ladder": list(levels),
        "tables": [
            list(t)
            for t in ladder_tables(args.ladder_levels)
            + opponent_tables(args.ladder_opponents, args.ladder_opponent_levels)
        ],
        "games_per_table": args.games,
        "seed": args.seed,
        "hard_budget": budget_report(args),
        "anchor": {"level": ANCHOR[0], "rating": ANCHOR[1]},
        "method": "Bradley-Terry fit of pairwise results on the Elo scale, one virtual draw "
        f"per pair, 95 % interval from {BOOTSTRAP} bootstrap resamplings of the games",
        "wall_seconds": round(elapsed, 1),
        **series_summary(results),
        "ratings": ratings(results),
        "ratings_2p": ratings(by_size[2]) if by_size[2] else [],
        "ratings_4p": ratings(by_size[4]) if by_size[4] else [],
        "pairwise_2p": [
            {"level": a, "opponent": b, "score": won / games, "games": games}
            for (a, b), (won, games) in sorted(pairs_2p.items())
        ],
        "levels_2p": level_stats(by_size[2]),
        "levels_4p": level_stats(by_size[4]),
    }


def format_ladder(data: dict[str, Any]) -> str:
    """The ladder report as aligned text."""
    budget = data["hard_budget"]
    thinking = (
        f"{budget['rollouts']} rollouts"
        if budget["exact"]
        else f"{budget['seconds']} s a placement"
        if budget["seconds"] is not None
        else "default budget"
    )
    width = max(8, *(len(level) for level in data["ladder"]))
    lines = [
        f"ladder of {', '.join(data['ladder'])}: {data['games']} games "
        f"({data['games_per_table']} per table, {len(data['tables'])} tables), seed "
        f"{data['seed']}, Hard {thinking}, {data['wall_seconds']} s",
        f"Rating: {data['method']}; {data['anchor']['level']} = {data['anchor']['rating']:.0f}.",
        f"{'level':{width}} {'rating':>7} {'95% CI':>13} {'2p':>6} {'95% CI':>13} {'4p':>6} {'95% CI':>13}",
    ]
    by_2p = {r["level"]: r for r in data["ratings_2p"]}
    by_4p = {r["level"]: r for r in data["ratings_4p"]}
    for row in data["ratings"]:
        level = row["level"]
        lines.append(
            f"{level:{width}} {_rating(row)} {_rating(by_2p.get(level))} {_rating(by_4p.get(level))}"
        )
    lines.append("2-player score (wins, half for a tie) of the first level against the second:")
    lines += [
        f"  {p['level']:>{width}} v {p['opponent']:<{width}} {p['score']:6.1%} of {p['games']:.0f}"
        for p in data["pairwise_2p"]
    ]
    for size in (2, 4):
        if data[f"levels_{size}p"]:
            lines.append(f"{size}-player games:")
            lines += level_lines(data[f"levels_{size}p"])
    failures = data["round_cap_failures"]
    lines.append(f"round-cap failures: {len(failures)}")
    return "\n".join(lines)


def _rating(row: dict[str, Any] | None) -> str:
    if row is None:
        return f"{'-':>6} {'':>13}"
    low, high = row["ci95"]
    return f"{row['rating']:6.0f} {f'[{low:.0f}, {high:.0f}]':>13}"


def _num(value: float | None) -> str:
    return f"{value:6.1f}" if value is not None else "     -"


def _ms(value: float | None) -> str:
    return f"{value * 1000:.1f}ms" if value is not None else "-"


def _secs(value: float | None) -> str:
    return f"{value:.2f}s" if value is not None else "-"


def _logging(progress: Progress, path: str | None) -> Progress:
    """``progress`` that also appends each game to the log file, if one was asked for."""
    if not path:
        return progress

    def log_and_progress(result: GameResult) -> None:
        with open(path, "a", encoding="utf-8") as log:
            log.write(json.dumps(result_to_json(result)) + "\n")
        progress(result)

    return log_and_progress


def _resumed(
    work: list[tuple[SeriesSpec, int]],
    select: Callable[[list[GameResult]], dict[int, GameResult]],
    args: argparse.Namespace,
    progress: Progress,
) -> list[GameResult]:
    """The games of ``work`` (in its order) with those already in the log kept and only the
    missing ones played; ``select`` picks the logged games of this run, by place in ``work``,
    and raises ``ValueError`` for a game of another run."""
    try:
        with open(args.log, encoding="utf-8") as log:
            text = log.read()
        logged, unfinished = read_log(text)
        done = select(logged)
        if unfinished:
            _drop_unfinished_line(args.log)
    except FileNotFoundError:
        done = {}
    except (OSError, ValueError) as error:
        sys.exit(f"--resume: cannot use {args.log}: {error}")
    if not args.quiet:
        print(f"--resume: {len(done)} games already in {args.log}", file=sys.stderr, flush=True)
    missing = [place for place in range(len(work)) if place not in done]
    played = run_work([work[place] for place in missing], args.jobs, progress)
    done.update(zip(missing, played))
    return [done[place] for place in range(len(work))]


def _series_logged(
    spec: SeriesSpec, games: int
) -> Callable[[list[GameResult]], dict[int, GameResult]]:
    """The logged games of one series, by index (its place in the series' work)."""
    return lambda logged: {r.index: r for r in logged_games(spec, games, logged)}


def _drop_unfinished_line(path: str) -> None:
    """Cut the log's unfinished last line (a game being written when the run was killed), so
    the next game appended starts a line of its own; that game is played again.

    Cut at the last newline byte of the file, not at an offset counted in the decoded text:
    a log written on Windows ends its lines with CR LF, which text mode reads as one character."""
    with open(path, "rb+") as log:
        log.truncate(log.read().rfind(b"\n") + 1)
    print(f"--resume: dropped the unfinished last line of {path}", file=sys.stderr, flush=True)


def _summarized(path: str) -> list[GameResult]:
    """The games logged in ``path`` (an unfinished last line is left out, and said so)."""
    try:
        with open(path, encoding="utf-8") as log:
            results, unfinished = read_log(log.read())
    except (OSError, ValueError) as error:
        sys.exit(f"--summarize: cannot use {path}: {error}")
    if unfinished:
        print(f"--summarize: left out the unfinished last line of {path}", file=sys.stderr)
    return results


def main(argv: list[str] | None = None) -> int:
    """Run the series and print the report; exit status 1 when a game hit the round cap."""
    args = parse_args(argv)
    if args.list_bots:
        print("\n".join(roster_lines()))
        return 0
    spec = SeriesSpec(args.levels, args.seed, budget_of(args), args.round_cap)
    started = time.perf_counter()

    def progress(result: GameResult) -> None:
        if not args.quiet:
            scores = " ".join(f"{s.level}:{s.score}{'*' if s.won else ''}" for s in result.seats)
            print(
                f"game {result.index}: {result.rounds} rounds {scores}", file=sys.stderr, flush=True
            )

    if args.ladder:
        work = ladder_work(
            args.ladder_levels,
            args.games,
            args.seed,
            budget_of(args),
            args.ladder_opponents,
            args.ladder_opponent_levels,
        )
        if args.resume:
            logged = partial(ladder_logged, work)
            results = _resumed(work, logged, args, _logging(progress, args.log))
        else:
            results = run_work(work, args.jobs, _logging(progress, args.log))
        data = ladder_report(args, results, time.perf_counter() - started)
        print(json.dumps(data, indent=2) if args.json else format_ladder(data))
        return 1 if data["round_cap_failures"] else 0
    if args.summarize:
        results = _summarized(args.summarize)
    elif args.resume:
        work = [(spec, index) for index in range(args.games)]
        results = _resumed(
            work, _series_logged(spec, args.games), args, _logging(progress, args.log)
        )
    else:
        results = run_series(spec, args.games, args.jobs, _logging(progress, args.log))
    data = report(args, results, time.perf_counter() - started)
    print(json.dumps(data, indent=2) if args.json else format_table(data))
    return 1 if data["round_cap_failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
