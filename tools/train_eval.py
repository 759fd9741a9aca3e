"""Fit Hard's learned evaluation on self-play games and write ``stoneage/ai/data/eval_weights.json``.

    python tools/train_eval.py --games 900 --seed 12 --penalty 0.01 [--out FILE] [--rows CACHE]

Plays ``--games`` seeded games at each table size (2, 3, 4 players) between Normal bots.
``--mode pairs`` (the default, see ``branch_rows``): at random placements two branches are
played on to the end and compared. ``--mode natural`` (one seat in four games Easy, for
variety): every seat's ``learned.features`` at the start of each round after the first (where
Hard's rollouts stop), as that seat's opponent sees it, against the seat's final score.
Hard compares seats (its utility is its own worth minus its rivals'), so the fit is on
margins: a seat's features minus the mean of its rivals', against its final score minus
theirs, which also cancels what a whole table scores. A ridge regression toward the hand
weights (plain Python normal equations; no dependency), per table size (``--pool``); the
error on held-out games (every fifth) is reported per table size and stage next to the
hand-made ``values.evaluate`` on the same rows, and written with the weights. Deterministic
given the seed. See docs/ai.md.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

from stoneage.ai import Budget, make_bot
from stoneage.ai.learned import FEATURES, STAGES, features, stage
from stoneage.ai.levels import NORMAL_STYLE
from stoneage.ai.outlook import rounds_left
from stoneage.ai.policy import score_actions
from stoneage.ai.values import evaluate
from stoneage.rules import CHANCE, Action, GameState, new_game, sample_chance

# The hand-made evaluation is the sum of the priced parts (hidden extra cards at 4 points):
# the weights a fit starts from and is drawn back to.
HAND = tuple(
    0.0 if name in ("resources", "food", "people", "track", "tools", "rounds_left") else 1.0
    for name in FEATURES
)
HAND = tuple(4.0 if name == "hidden_extras" else w for name, w in zip(FEATURES, HAND))
RAW_COUNTS = frozenset(("resources", "food", "people", "track", "tools"))
OUT = Path(__file__).resolve().parent.parent / "stoneage" / "ai" / "data" / "eval_weights.json"
# game, n, stage, feature margins, hand-made evaluation's margin, final score margin
Row = tuple[int, int, int, tuple[float, ...], float, float]


def play_and_record(n: int, seed: int, hard_rollouts: int | None = None) -> list[Row]:
    """One self-play game: a row per seat at the start of every round after the first.
    Normal bots (one seat in four games Easy), or with ``hard_rollouts`` Hard bots at that
    many rollouts a placement (``--mode hard``: the positions Hard's own play reaches)."""
    rng = random.Random(seed)
    if hard_rollouts is not None:
        budget = Budget.rollouts(hard_rollouts)
        bots = [make_bot("hard", seed * 10 + seat, budget) for seat in range(n)]
    else:
        levels = ["normal"] * n
        if rng.random() < 0.25:
            levels[rng.randrange(n)] = "easy"
        bots = [make_bot(level, seed * 10 + seat) for seat, level in enumerate(levels)]
    dice = random.Random(seed)
    state = new_game(n, seed=seed)
    snapshots: list[GameState] = []
    last_round = state.round
    while not state.is_terminal() and state.round <= 50:
        if state.round != last_round:
            snapshots.append(state)
            last_round = state.round
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, dice))
        else:
            state = state.apply(bots[actor].choose(state.view(actor)), seat=actor)
    if not state.is_terminal():
        return []
    finals = [float(row["total"]) for row in state.final_scoring()]
    rows = []
    for snap in snapshots:
        feats, hands = [], []
        for seat in range(n):
            view = snap.view((seat + 1) % n)  # as an opponent sees this seat
            feats.append(features(view, seat))
            hands.append(evaluate(view, seat))
        part = stage(feats[0][-1])
        for seat in range(n):
            others = [s for s in range(n) if s != seat]
            rows.append(
                (
                    seed,
                    n,
                    part,
                    tuple(
                        f - sum(feats[o][k] for o in others) / len(others)
                        for k, f in enumerate(feats[seat])
                    ),
                    hands[seat] - sum(hands[o] for o in others) / len(others),
                    finals[seat] - sum(finals[o] for o in others) / len(others),
                )
            )
    return rows


def margins(state: GameState, seat: int) -> tuple[tuple[float, ...], float]:
    """The seat's feature margins and hand-made evaluation margin over its rivals' mean, each
    seat seen as an opponent sees it."""
    n = state.n
    feats, hands = [], []
    for s in range(n):
        view = state.view((s + 1) % n)
        feats.append(features(view, s))
        hands.append(evaluate(view, s))
    others = [s for s in range(n) if s != seat]
    return (
        tuple(
            f - sum(feats[o][k] for o in others) / len(others) for k, f in enumerate(feats[seat])
        ),
        hands[seat] - sum(hands[o] for o in others) / len(others),
    )


def playout(state: GameState, seat: int, seed: int) -> tuple[GameState, float] | None:
    """Normal bots play on from ``state`` (dice and bots seeded by ``seed``): the position at
    the start of the next round and the seat's final score margin; None if the game ended
    first."""
    dice = random.Random(seed)
    bots = [make_bot("normal", seed + s) for s in range(state.n)]
    start_round, at_next = state.round, None
    while not state.is_terminal() and state.round <= 50:
        if at_next is None and state.round != start_round:
            at_next = state
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, dice))
        else:
            state = state.apply(bots[actor].choose(state.view(actor)), seat=actor)
    if at_next is None or not state.is_terminal():
        return None
    finals = [float(row["total"]) for row in state.final_scoring()]
    rivals = [f for s, f in enumerate(finals) if s != seat]
    return at_next, finals[seat] - sum(rivals) / len(rivals)


def branch_rows(n: int, seed: int, per_game: float = 4.0) -> list[Row]:
    """Interventional rows from one Normal self-play game: at a few placements (``per_game`` on
    average), the seat's own choice and one other of the heuristic's six best are each played
    on to the end with the same dice; the row is the difference between the two branches
    (feature margins at the next round's start, final margin). The choice between the two is
    made by a coin, not by the position, so what a feature is worth is not confused with who
    tends to have it."""
    rng = random.Random(seed)
    bots = [make_bot("normal", seed * 10 + s) for s in range(n)]
    dice = random.Random(seed)
    state = new_game(n, seed=seed)
    rows: list[Row] = []
    chance_per_placement = per_game / (12.0 * 5 * n)
    while not state.is_terminal() and state.round <= 50:
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, dice))
            continue
        action = bots[actor].choose(state.view(actor))
        placing = state.phase == "place" and state.pending is None
        if placing and rng.random() < chance_per_placement:
            row = _branch_row(state, actor, action, rng, seed)
            if row is not None:
                rows.append(row)
        state = state.apply(action, seat=actor)
    return rows


def _branch_row(
    state: GameState, seat: int, chosen: Action, rng: random.Random, seed: int
) -> Row | None:
    scored = sorted(score_actions(state, seat, NORMAL_STYLE), key=lambda x: -x[1])
    others = [a for a, _ in scored[:6] if a != chosen]
    if not others:
        return None
    future = rng.getrandbits(40)
    ends = [playout(state.apply(a, seat=seat), seat, future) for a in (chosen, rng.choice(others))]
    if ends[0] is None or ends[1] is None:
        return None
    (pos_a, final_a), (pos_b, final_b) = ends[0], ends[1]
    feats_a, hand_a = margins(pos_a, seat)
    feats_b, hand_b = margins(pos_b, seat)
    part = stage(rounds_left(pos_a))  # filed by the seat's own choice's stage
    return (
        seed,
        state.n,
        part,
        tuple(a - b for a, b in zip(feats_a, feats_b)),
        hand_a - hand_b,
        final_a - final_b,
    )


def ridge(
    xs: list[tuple[float, ...]],
    ys: list[float],
    penalty: float,
    prior: tuple[float, ...] | None = None,
    used: tuple[bool, ...] | None = None,
) -> list[float]:
    """Weights (intercept last, unpenalised) minimising squared error + penalty * rows *
    |w - prior|^2 (prior 0 by default); features not ``used`` get weight 0."""
    size = len(xs[0]) + 1
    prior = prior or (0.0,) * (size - 1)
    used = used or (True,) * (size - 1)
    gram = [[0.0] * size for _ in range(size)]
    rhs = [0.0] * size
    for x, y in zip(xs, ys):
        row = (*x, 1.0)
        for i in range(size):
            rhs[i] += row[i] * y
            gi, ri = gram[i], row[i]
            for j in range(size):
                gi[j] += ri * row[j]
    for i in range(size - 1):
        gram[i][i] += penalty * len(xs)
        rhs[i] += penalty * len(xs) * prior[i]
        if not used[i]:  # pin the weight at 0: an identity row
            gram[i] = [0.0] * size
            gram[i][i], rhs[i] = 1.0, 0.0
            for row in gram:
                if row is not gram[i]:
                    row[i] = 0.0
    return solve(gram, rhs)


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [row[:] + [value] for row, value in zip(matrix, vector)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, size):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, size + 1):
                rows[r][c] -= factor * rows[col][c]
    out = [0.0] * size
    for r in reversed(range(size)):
        out[r] = (rows[r][size] - sum(rows[r][c] * out[c] for c in range(r + 1, size))) / rows[r][r]
    return out


def rmse(errors: list[float]) -> float:
    """Root mean square of the errors."""
    return math.sqrt(sum(e * e for e in errors) / max(1, len(errors)))


def _game_rows(work: tuple[str, int, int, int]) -> list[Row]:
    mode, n, game_seed, rollouts = work
    if mode == "pairs":
        return branch_rows(n, game_seed)
    return play_and_record(n, game_seed, rollouts if mode == "hard" else None)


def generate(args: argparse.Namespace) -> list[Row]:
    """The rows of ``--games`` games at each table size of ``--sizes``."""
    started = time.perf_counter()
    rows: list[Row] = []
    for n in args.sizes:
        work = [
            (args.mode, n, args.seed * 1_000_000 + n * 100_000 + index, args.hard_rollouts)
            for index in range(args.games)
        ]
        with multiprocessing.Pool(args.jobs) as pool:
            for found in pool.map(_game_rows, work):
                rows += found
        print(
            f"{n} players: {len(rows)} rows, {time.perf_counter() - started:.0f} s", file=sys.stderr
        )
    return rows


def load_rows(path: Path) -> list[Row]:
    """Rows cached by an earlier run."""
    return [
        (int(g), int(n), int(p), tuple(float(x) for x in f), float(h), float(y))
        for g, n, p, f, h, y in json.loads(path.read_text(encoding="utf-8"))
    ]


def main(argv: list[str] | None = None) -> int:
    """Generate, fit, report, write."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per table size")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument(
        "--penalty", type=float, default=1e-3, help="ridge penalty per row, toward the hand weights"
    )
    parser.add_argument(
        "--with-counts",
        action="store_true",
        help="also fit the raw counts (people, track, tools, resources, food)",
    )
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--mode",
        choices=("pairs", "natural", "hard"),
        default="pairs",
        help="pairs: branches of the same position (default); natural: positions as played "
        "by Normal; hard: positions as played by Hard (at --hard-rollouts)",
    )
    parser.add_argument("--hard-rollouts", type=int, default=12)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the games")
    parser.add_argument(
        "--sizes",
        default="2,3,4",
        type=lambda text: tuple(int(x) for x in text.split(",")),
        help="table sizes to play (the others keep the hand weights)",
    )
    parser.add_argument(
        "--pool",
        choices=("none", "stages", "all"),
        default="stages",
        help="fit one model per table size and stage (none), per table size (stages: the "
        "default, the pairs are too noisy to split by stage) or one for all (all)",
    )
    parser.add_argument(
        "--rows", type=Path, help="cache of the generated rows: read if it exists, else written"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    generated = not (args.rows and args.rows.exists())
    rows = generate(args) if generated else load_rows(args.rows)
    if args.rows and not args.rows.exists():
        args.rows.write_text(json.dumps(rows), encoding="utf-8")
    weights: dict[str, list[float]] = {}
    report: dict[str, dict[str, float]] = {}
    for n in (2, 3, 4):
        for part in range(len(STAGES) + 1):
            pooled = [
                r
                for r in rows
                if args.pool == "all" or (r[1] == n and (args.pool == "stages" or r[2] == part))
            ]
            train = [r for r in pooled if r[0] % 5 != 0]
            # judged on this bucket's held-out rows, whatever the fit was pooled over
            held = [r for r in rows if r[1] == n and r[2] == part and r[0] % 5 == 0]
            # rounds_left is the same for every seat, so its margin is always 0: never fitted
            used = tuple(
                name != "rounds_left" and (args.with_counts or name not in RAW_COUNTS)
                for name in FEATURES
            )
            if not train:  # nothing to learn from: the hand weights
                w = [*HAND, 0.0]
            else:
                w = ridge([r[3] for r in train], [r[5] for r in train], args.penalty, HAND, used)
            weights[f"{n}/{part}"] = [round(x, 6) for x in w]

            def predict(x: tuple[float, ...], w: list[float] = w) -> float:
                return sum(a * b for a, b in zip(x, w)) + w[-1]

            learned_err = [predict(r[3]) - r[5] for r in held]
            hand_err = [r[4] - r[5] for r in held]
            spread = max(1e-9, rmse([r[5] for r in held]))  # margins (and differences) average 0
            report[f"{n}/{part}"] = {
                "train_rows": len(train),
                "held_out_rows": len(held),
                "held_out_margin_rmse_learned": round(rmse(learned_err), 2),
                "held_out_margin_rmse_hand": round(rmse(hand_err), 2),
                "held_out_r2_learned": round(1 - (rmse(learned_err) / spread) ** 2, 3),
                "held_out_r2_hand": round(1 - (rmse(hand_err) / spread) ** 2, 3),
            }
            print(f"{n}p stage {part}: {report[f'{n}/{part}']}", file=sys.stderr)
    elapsed = time.perf_counter() - started
    data = {
        "features": list(FEATURES),
        "stages": list(STAGES),
        "weights": weights,
        "meta": {
            "command": f"python tools/train_eval.py --games {args.games} --seed {args.seed}"
            f" --penalty {args.penalty} --mode {args.mode} --pool {args.pool}"
            f" --sizes {','.join(map(str, args.sizes))}"
            + (f" --hard-rollouts {args.hard_rollouts}" if args.mode == "hard" else "")
            + (" --with-counts" if args.with_counts else ""),
            "games_per_table_size": args.games,
            "rows": len(rows),
            "seconds": round(elapsed),  # with --rows from a cache: the fit only
            "rows_from_cache": bool(args.rows) and not generated,
            "fit": report,
        },
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {elapsed:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
