"""Compare variants of Hard against the frozen ``hard1`` (or ``--opponent``) at fixed rollouts.

    python bench/hard_variants.py --variant live --games 100 --rollouts 40 --players 2

Each variant is the live HardBot with one choice changed (``VARIANTS``; those measured before
the halving was spread over the budget keep ``hard1``'s schedule): how much of the new Hard a
change is worth, measured the same way for all (same seeds, seats rotated, both sides
at exactly ``--rollouts`` rollouts a placement, so a run replays exactly; ``--rollouts 0``
plays each side at its default budget instead, as the issue's bar is measured;
``--opponent-default N`` with it counts the opponent's default at N rollouts: today's Hard
against the grown default of the compiled engine). Prints wins of the variant with a 95 %
Wilson interval (shared wins count half), mean scores and the mean decision time of each side.
``--jobs`` worker processes; see docs/ai.md for the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from stoneage.ai import Budget, HardBot, make_bot
from stoneage.ai.bots import Bot
from stoneage.ai.hard import Tactics
from stoneage.ai.learned import Model, learned_evaluate_all, model_from_json
from stoneage.ai.levels import NORMAL_STYLE
from stoneage.ai.outlook import make_outlook
from stoneage.ai.search import Policy, placement_scores
from stoneage.ai.values import evaluate, evaluate_all
from stoneage.rules import Action, GameState
from stoneage.sim import ROUND_CAP, derived_seed, run_game
from stoneage.sim.stats import wilson

Factory = Callable[[int, Budget], Bot]
# The variants below were measured with hard1's halving schedule: they keep it, so the
# commands in docs/ai.md give their figures again.
MEASURED = Tactics(spread_budget=False, paired=False, crowded_noise=None)


def spread(noise: float) -> Tactics:
    """The live tactics with ``noise`` points of spread in the rollouts at every table."""
    return Tactics(rollout_noise=noise, crowded_noise=None)


# The rollouts' spread of 1 point at every table, as before the crowded tables' own
# (``Tactics.crowded_noise``): the 4-player variants measured before it keep it.
ONE_SPREAD = spread(1.0)


QUICK = replace(MEASURED, rollout_style=None)  # hard1's quick rollout policy too


_FILE_MODEL: list[Model] = []  # the weights of ``--weights`` (the variant learned_file)


def _file_judge(state: GameState) -> list[float]:
    """The learned evaluation with the weights of ``--weights``."""
    return learned_evaluate_all(state, _FILE_MODEL[0])


def production_judge(factor: float) -> Callable[[GameState], list[float]]:
    """The hand-made evaluation with the future worth of people, food track and tools scaled
    by ``factor`` (an experiment on the judge alone)."""

    def judge(state: GameState) -> list[float]:
        if state.is_terminal():
            return evaluate_all(state)
        worths = []
        for seat in range(state.n):
            out = make_outlook(state, seat)
            out.person *= factor
            out.track *= factor
            out.tool *= factor
            worths.append(evaluate(state, seat, out))
        return worths

    return judge


def rival_weight_factory(weight: float) -> Factory:
    """The live Hard judging a future by its own worth minus ``weight`` times the best rival's
    and ``1 - weight`` times the rivals' mean (0.5 live). It sets ``search.RIVAL_MAX_WEIGHT``
    for the whole worker: the variant is the only live Hard there (``hard1`` has its own
    frozen copy of the constant)."""

    def factory(seed: int, budget: Budget) -> Bot:
        from stoneage.ai import search

        search.RIVAL_MAX_WEIGHT = weight
        return make_bot("hard", seed, budget)

    return factory


def win_chance(seed: int, budget: Budget) -> Bot:
    """The live Hard judging a future by its chance to win rather than its margin: each
    rival's final score taken as normal around the judge's estimate with a spread growing with
    the rounds left (6 points at the end, 4 more a round), the chance of beating every rival
    (independently), times 100. It replaces ``search.rollout`` for the whole worker (``hard1``
    has its own frozen copy)."""
    from stoneage.ai import search
    from stoneage.ai.outlook import rounds_left

    def rollout(
        state: GameState,
        seat: int,
        rng: random.Random,
        judge: search.Judge = evaluate_all,
        rounds: int = 1,
        policy: search.Policy | None = None,
    ) -> float:
        state = search.play_out(state, rng, rounds, policy)
        worths = judge(state)
        spread = (6.0 + 4.0 * rounds_left(state)) * math.sqrt(2.0)
        chance = 1.0
        for i, worth in enumerate(worths):
            if i != seat:
                chance *= 0.5 * (1.0 + math.erf((worths[seat] - worth) / spread))
        return 100.0 * chance

    search.rollout = rollout
    return make_bot("hard", seed, budget)


# How often hard1 (40 rollouts, 4 players, 3 games: 482 placements) placed on Normal's best,
# second best, ... sixth best placement (it studies only those six); the live rollout policy
# places on Normal's best 80 % of the time (`python bench/placement_ranks.py rivals --games 3`).
HARD1_RANKS = (0.40, 0.16, 0.14, 0.09, 0.11, 0.10)


Pick = Callable[[list[tuple[Action, float]], random.Random], Action]


class RivalModelHard(HardBot):
    """The live Hard whose rollouts play each rival's placement by ``pick`` among Normal's
    ``width`` best (best first), its own placements as usual."""

    def __init__(self, seed: int, budget: Budget, pick: Pick, width: int) -> None:
        super().__init__(seed, budget)
        self.pick, self.width = pick, width

    def _policy_for(self, view: GameState) -> Policy | None:
        style, own = self.tactics.rollout_style, self.policy
        if style is None or own is None:
            return own
        root = view.current_player()

        def choose(state: GameState, seat: int, rng: random.Random) -> Action:
            if seat == root or state.phase != "place" or state.pending is not None:
                return own(state, seat, rng)
            actions = state.legal_actions()
            if len(actions) == 1:
                return actions[0]
            scored = placement_scores(state, seat, style)
            return self.pick(sorted(scored, key=lambda x: -x[1])[: self.width], rng)

        return choose


def rival_ranks(seed: int, budget: Budget) -> Bot:
    """Rivals in the rollouts draw Normal's k-th best with ``HARD1_RANKS``'s chances: rivals
    that search, as ``hard1`` does, are far less predictable than the rollout policy expects."""

    def pick(ranked: list[tuple[Action, float]], rng: random.Random) -> Action:
        return rng.choices(ranked, HARD1_RANKS[: len(ranked)])[0][0]

    return RivalModelHard(seed, budget, pick, len(HARD1_RANKS))


def rival_top(noise: float, width: int = len(HARD1_RANKS)) -> Factory:
    """Rivals in the rollouts place among Normal's ``width`` best with ``noise`` points of
    spread. Unlike ``rival_ranks`` the draw follows the position: near-equal placements share
    the chances, a placement far ahead is still taken. Noise 5 over the best six places on
    Normal's k-th best about 42, 20, 13, 10, 8 and 7 % of the time in 4-player positions, near
    ``HARD1_RANKS``."""
    spread = 2.0 * noise

    def pick(ranked: list[tuple[Action, float]], rng: random.Random) -> Action:
        return max(ranked, key=lambda x: x[1] + spread * rng.random())[0]

    def factory(seed: int, budget: Budget) -> Bot:
        return RivalModelHard(seed, budget, pick, width)

    return factory


VARIANTS: dict[str, Factory] = {
    "live": lambda seed, budget: make_bot("hard", seed, budget),
    # the reference against itself: how much the seat alone is worth between two searches
    "hard1": lambda seed, budget: make_bot("hard1", seed, budget),
    "fixed_halving": lambda seed, budget: HardBot(seed, budget, tactics=MEASURED),
    # Hard before it chose among the finalists (the ranking of hard1: first candidates only)
    "old_ranking": lambda seed, budget: HardBot(seed, budget, tactics=Tactics(paired=False)),
    "quick_rollout": lambda seed, budget: HardBot(seed, budget, NORMAL_STYLE, tactics=QUICK),
    # today's Hard with hard1's quick rollouts: about 2.6 times the futures a second at 4
    # players, where the full policy's rollouts leave Hard fewer futures than hard1 gets
    "live_quick": lambda seed, budget: HardBot(seed, budget, tactics=Tactics(rollout_style=None)),
    "learned": lambda seed, budget: HardBot(
        seed, budget, NORMAL_STYLE, judge=learned_evaluate_all, tactics=QUICK
    ),
    "diverse": lambda seed, budget: HardBot(
        seed,
        budget,
        NORMAL_STYLE,
        tactics=replace(MEASURED, counts_per_space=2, rollout_style=None),
    ),
    "narrow": lambda seed, budget: HardBot(
        seed,
        budget,
        NORMAL_STYLE,
        tactics=replace(MEASURED, candidates=4, reserve=2, rollout_style=None),
    ),
    "tactics": lambda seed, budget: HardBot(
        seed,
        budget,
        NORMAL_STYLE,
        tactics=replace(MEASURED, counts_per_space=2, past_round_end=1.5, rollout_style=None),
    ),
    "horizon2": lambda seed, budget: HardBot(
        seed, budget, NORMAL_STYLE, tactics=replace(MEASURED, horizon=2, rollout_style=None)
    ),
    "horizon3": lambda seed, budget: HardBot(
        seed, budget, NORMAL_STYLE, tactics=replace(MEASURED, horizon=3, rollout_style=None)
    ),
    "to_end": lambda seed, budget: HardBot(
        seed, budget, NORMAL_STYLE, tactics=replace(MEASURED, horizon=99, rollout_style=None)
    ),
    "full_rollout": lambda seed, budget: HardBot(
        seed, budget, NORMAL_STYLE, tactics=replace(MEASURED, rollout_style=NORMAL_STYLE)
    ),
    "full_rollout_quiet": lambda seed, budget: HardBot(
        seed,
        budget,
        NORMAL_STYLE,
        tactics=replace(MEASURED, rollout_style=NORMAL_STYLE, rollout_noise=0.3),
    ),
    "prod75": lambda seed, budget: HardBot(
        seed,
        budget,
        NORMAL_STYLE,
        judge=production_judge(0.75),
        tactics=replace(MEASURED, rollout_style=NORMAL_STYLE),
    ),
    "prod125": lambda seed, budget: HardBot(
        seed,
        budget,
        NORMAL_STYLE,
        judge=production_judge(1.25),
        tactics=replace(MEASURED, rollout_style=NORMAL_STYLE),
    ),
    "learned_file": lambda seed, budget: HardBot(
        seed, budget, NORMAL_STYLE, judge=_file_judge, tactics=QUICK
    ),
    "candidates8": lambda seed, budget: HardBot(
        seed, budget, NORMAL_STYLE, tactics=Tactics(candidates=8, reserve=4, paired=False)
    ),
    # the rival term of the utility (measured for 4 players): the best rival's alone, since a
    # win needs the best one beaten, or the rivals' mean alone
    "rival_max": rival_weight_factory(1.0),
    "rival_mean": rival_weight_factory(0.0),
    # a future judged by the chance to win it leaves, not the margin (measured for 4 players)
    "win_chance": win_chance,
    # the spread of the rollouts' placements (live: 1 point), measured for 4 players, where
    # three rivals' replies are modelled by the noisy whole judgement
    "noise1": lambda seed, budget: HardBot(seed, budget, tactics=ONE_SPREAD),
    "noise2": lambda seed, budget: HardBot(seed, budget, tactics=spread(2.0)),
    "noise05": lambda seed, budget: HardBot(seed, budget, tactics=spread(0.5)),
    "noise3": lambda seed, budget: HardBot(seed, budget, tactics=spread(3.0)),
    "noise4": lambda seed, budget: HardBot(seed, budget, tactics=spread(4.0)),
    # At 4 players the search chose a reserve candidate (heuristic ranks 7 to 10) in 25 % of
    # placements, rank 10 as often as rank 7 (`python bench/placement_ranks.py ranks`): is the heuristic's order worth little past its
    # first few (then more width pays) or are late entrants chosen by luck (then less does)?
    "wide10": lambda seed, budget: HardBot(
        seed, budget, tactics=replace(ONE_SPREAD, candidates=10)
    ),
    "reserve0": lambda seed, budget: HardBot(seed, budget, tactics=replace(ONE_SPREAD, reserve=0)),
    "rival_ranks": rival_ranks,
    "rival_top5": rival_top(5.0),
    # Near the game's end the rollouts play on into the next round, so the exact final scoring
    # judges more of them (measured at 2 players with hard1's schedule only).
    "past_end": lambda seed, budget: HardBot(
        seed, budget, tactics=replace(ONE_SPREAD, past_round_end=1.5)
    ),
    "wide": lambda seed, budget: HardBot(
        seed,
        budget,
        NORMAL_STYLE,
        tactics=replace(MEASURED, candidates=10, reserve=6, rollout_style=None),
    ),
}


def play(
    variant: Factory,
    players: int,
    index: int,
    seed: int,
    rollouts: int,
    own: int,
    opponent: str = "hard1",
    opponent_default: int | None = None,
) -> list[float]:
    """One game, the variant in seat ``index % players`` and ``opponent`` elsewhere: the variant's
    share of the win (1, 1/k for a k-way shared win, 0), its score, the best other score, and
    the seconds each side thought per decision (variant, others), and the variant's seat."""
    game_seed = derived_seed("hard-variants", seed, players, index)
    # 0 rollouts: each side's default budget (Hard's rollouts with time caps, hard1's clock);
    # ``opponent_default``: the opponent's default budget counted at that many rollouts (its
    # caps and pacing as the default's: today's Hard where the default count has grown)
    budget = Budget.rollouts(rollouts) if rollouts else None
    if opponent_default and not rollouts:
        budget = Budget(iterations=opponent_default)
    seat_of_variant = index % players
    bots = [
        variant(derived_seed(game_seed, s), Budget.rollouts(own) if own else Budget())
        if s == seat_of_variant
        else make_bot(opponent, derived_seed(game_seed, s), budget)
        for s in range(players)
    ]
    state, times = run_game(bots, game_seed, ROUND_CAP)
    winners = state.winners() if state.is_terminal() else []
    totals = [row["total"] for row in state.final_scoring()]
    share = 1.0 / len(winners) if seat_of_variant in winners else 0.0
    others = [x for s, t in enumerate(times) if s != seat_of_variant for x in t]
    mine = times[seat_of_variant]
    return [
        share,
        float(totals[seat_of_variant]),
        float(max(t for s, t in enumerate(totals) if s != seat_of_variant)),
        sum(mine) / max(1, len(mine)),
        sum(others) / max(1, len(others)),
        float(seat_of_variant),
    ]


Work = tuple[str, int, int, int, int, int, str, int | None]


def _play_star(work: Work) -> tuple[int, list[float]]:
    name, players, index, seed, rollouts, own, opponent, opponent_default = work
    row = play(VARIANTS[name], players, index, seed, rollouts, own, opponent, opponent_default)
    return index, row


def _series_key(work: Work) -> list[object]:
    """What makes games of one series (everything but the game's index), as logged."""
    return [*work[:2], *work[3:]]


def _logged(path: Path | None, key: list[object]) -> dict[int, list[float]]:
    """The games of this series already in the log ``path`` (a line cut short is skipped)."""
    found: dict[int, list[float]] = {}
    if path is None or not path.exists():
        return found
    for line in path.read_text("utf-8").splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue
        if entry.get("series") == key:
            found[int(entry["index"])] = [float(x) for x in entry["row"]]
    return found


def _use_prices(prices: dict[str, float] | None) -> None:
    """In a worker: the live bots price by a fitted file (``--prices``) at every table size."""
    if prices:
        from stoneage.ai import prices as bot_prices

        bot_prices.override(bot_prices.from_mapping(prices))  # for the worker's whole life


def _budget_text(rollouts: int, default_count: int | None = None) -> str:
    if rollouts:
        return f"{rollouts} rollouts"
    return f"default budget at {default_count} rollouts" if default_count else "default budget"


def main(argv: list[str] | None = None) -> int:
    """Play and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="live")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument(
        "--rollouts",
        type=int,
        default=40,
        help="rollouts a placement for both sides; 0: each side's default budget (timed)",
    )
    parser.add_argument(
        "--variant-rollouts", type=int, help="the variant's rollouts (default: --rollouts)"
    )
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--opponent", default="hard1", help="the level in the other seats (default: hard1)"
    )
    parser.add_argument(
        "--opponent-default",
        type=int,
        metavar="N",
        help="with --rollouts 0: the opponent's default budget counted at N rollouts a placement "
        "(e.g. 1200: today's Hard at 2 players)",
    )
    parser.add_argument(
        "--log",
        type=Path,
        metavar="FILE",
        help="append every finished game to FILE (JSON lines); games of the same series "
        "already there are kept, not played again (a run cut short goes on)",
    )
    parser.add_argument("--weights", type=Path, help="learned_file: the weights file to judge by")
    parser.add_argument(
        "--prices",
        type=Path,
        help="live bots (not the frozen ones) price by this tools/tune_prices.py file",
    )
    args = parser.parse_args(argv)
    if args.weights:
        _FILE_MODEL.append(model_from_json(json.loads(args.weights.read_text("utf-8"))))
    own = args.variant_rollouts or args.rollouts
    work = [
        (
            args.variant,
            args.players,
            i,
            args.seed,
            args.rollouts,
            own,
            args.opponent,
            args.opponent_default,
        )
        for i in range(args.games)
    ]
    # With --log, games already logged for the same series are kept and not played again.
    done = _logged(args.log, _series_key(work[0]))
    rows: list[list[float]] = [done[i] for i in sorted(done) if i < args.games]
    work = [w for w in work if w[2] not in done]
    prices = json.loads(args.prices.read_text("utf-8"))["prices"] if args.prices else None
    with multiprocessing.Pool(args.jobs, _use_prices, (prices,)) as pool:
        for index, row in pool.imap_unordered(_play_star, work):
            rows.append(row)
            if args.log is not None:
                entry = {"series": _series_key(work[0]), "index": index, "row": row}
                with args.log.open("a", encoding="utf-8") as log:
                    log.write(json.dumps(entry) + "\n")
            if len(rows) % 10 == 0:
                wins = sum(r[0] for r in rows)
                print(f"{len(rows)} games: {wins:.1f} wins", file=sys.stderr, flush=True)
    wins = sum(r[0] for r in rows)
    low, high = wilson(round(wins), len(rows))
    print(
        f"{args.variant} ({_budget_text(own)}) v {args.opponent} "
        f"({_budget_text(args.rollouts, args.opponent_default)}), "
        f"{args.players} players, {len(rows)} games, seed {args.seed}: wins {wins:.1f} = {wins / len(rows):.1%} "
        f"[{low:.1%}, {high:.1%}] (parity {1 / args.players:.0%}); mean score "
        f"{sum(r[1] for r in rows) / len(rows):.1f} v best other "
        f"{sum(r[2] for r in rows) / len(rows):.1f}; decision {1000 * sum(r[3] for r in rows) / len(rows):.1f} ms "
        f"v {1000 * sum(r[4] for r in rows) / len(rows):.1f} ms"
    )
    print(f"wins by the variant's seat: {_wins_by_seat(rows, args.players)}")
    return 0


def _wins_by_seat(rows: list[list[float]], players: int) -> str:
    """The variant's wins and games in each seat (seat 0 starts the first round), e.g.
    ``0: 36/50, 1: 20/50``: a search that only wins from one seat shows here."""
    parts = []
    for seat in range(players):
        mine = [r[0] for r in rows if int(r[5]) == seat]
        parts.append(f"{seat}: {sum(mine):g}/{len(mine)}")
    return ", ".join(parts)


if __name__ == "__main__":
    sys.exit(main())
