"""Where a searching bot's placements fall in Normal's order, and what the search's choices are worth.

    python bench/placement_ranks.py ranks --games 6      # Hard's choices by Normal's rank
    python bench/placement_ranks.py reserve --games 4    # its reserve choices, re-judged
    python bench/placement_ranks.py rivals --games 3     # hard1's ranks v the rollout policy's

All three play 4-player games (Hard at ``--rollouts`` 160 a placement against three ``hard1`` at
40, or four ``hard1`` at 40 for ``rivals``; seeded, so a run replays exactly) and look at the
searched placements:

- ``ranks``: how often Hard chooses Normal's best placement, its second best, ... (Hard studies
  six from the start and four in reserve, ranks 7 to 10).
- ``reserve``: each time Hard chooses a reserve candidate, it and the best of the first six
  (by the search's own ranking) are played on ``--futures`` more shared futures each: if the
  search chose reserve candidates by luck (few futures), the fresh futures would undo it.
- ``rivals``: how often ``hard1`` places on Normal's k-th best, beside how often Hard's
  rollout policy would (at several noise levels): how well the rollouts predict searching
  rivals.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable

from stoneage.ai import Budget, HardBot, make_bot
from stoneage.ai.bots import Bot
from stoneage.ai.hard import CANDIDATES, FULL_ROLLOUT_STYLE
from stoneage.ai.policy import score_actions
from stoneage.ai.search import rollout, styled_choice
from stoneage.rules import Action, GameState
from stoneage.sim import ROUND_CAP, derived_seed, run_game

RANKS_SHOWN = 10  # ranks from 10 on are counted together
RIVAL_NOISES = (1.0, 2.0, 4.0, 8.0)
# What a watched Hard hands on at each searched placement: itself, the view, its ranking.
Watch = Callable[[HardBot, GameState, list[tuple[Action, float | None]]], None]


def normal_order(view: GameState) -> list[Action]:
    """The placements of the seat to move, Normal's best first."""
    scored = score_actions(view, view.current_player(), FULL_ROLLOUT_STYLE)
    return [action for action, _ in sorted(scored, key=lambda item: -item[1])]


def rank_of(order: list[Action], action: Action) -> int:
    """The action's place in ``order`` (0 for the best), places from ``RANKS_SHOWN`` on as one."""
    return min(order.index(action), RANKS_SHOWN - 1)


def is_placement(view: GameState) -> bool:
    """A placement with a choice (not a forced one, not a small step)."""
    return view.phase == "place" and view.pending is None and len(view.legal_actions()) > 1


class WatchedHard(HardBot):
    """Hard that hands every searched placement's ranking to ``watch``."""

    def __init__(self, seed: int, budget: Budget, watch: Watch) -> None:
        super().__init__(seed, budget)
        self.watch = watch

    def analyse(self, view: GameState) -> list[tuple[Action, float | None]]:
        """As Hard, then the watcher sees the search's ranking."""
        ranked = super().analyse(view)
        if is_placement(view) and self.last_limits is not None:
            self.watch(self, view, ranked)
        return ranked


class WatchedBot(Bot):
    """Any bot whose placements are handed to ``watch`` with the action chosen."""

    def __init__(self, inner: Bot, watch: Callable[[GameState, Action], None]) -> None:
        super().__init__(0)
        self.inner, self.watch, self.level = inner, watch, inner.level

    def choose(self, view: GameState) -> Action:
        """The inner bot's choice, watched."""
        action = self.inner.choose(view)
        if is_placement(view):
            self.watch(view, action)
        return action


def play_games(games: int, label: str, make: Callable[[int, int, int], Bot]) -> None:
    """Play ``games`` seeded 4-player games, the bot of seat s made by ``make(game, seed, s)``."""
    for game in range(games):
        seed = derived_seed(label, 1, game)
        bots = [make(game, derived_seed(seed, seat), seat) for seat in range(4)]
        run_game(bots, seed, ROUND_CAP)
        print(f"game {game + 1} of {games} played", file=sys.stderr, flush=True)


def shares(counts: Counter[int]) -> str:
    """Counts by rank as shares of their total, e.g. ``1: 40%, 2: 16%``."""
    total = max(1, sum(counts.values()))
    return ", ".join(f"{rank + 1}: {counts[rank] / total:.0%}" for rank in range(RANKS_SHOWN))


def hard_bots(games: int, rollouts: int, label: str, watch: Watch) -> None:
    """Games of one watched Hard (its seat rotating) against three ``hard1`` at 40 rollouts."""

    def make(game: int, seed: int, seat: int) -> Bot:
        if seat == game % 4:
            return WatchedHard(seed, Budget.rollouts(rollouts), watch)
        return make_bot("hard1", seed, Budget.rollouts(40))

    play_games(games, label, make)


def ranks(games: int, rollouts: int) -> None:
    """Hard's searched placements by Normal's rank of the placement chosen."""
    counts: Counter[int] = Counter()

    def watch(bot: HardBot, view: GameState, ranked: list[tuple[Action, float | None]]) -> None:
        counts[rank_of(normal_order(view), ranked[0][0])] += 1

    hard_bots(games, rollouts, "ranks", watch)
    print(f"Hard's {sum(counts.values())} searched placements by Normal's rank: {shares(counts)}")


def reserve(games: int, rollouts: int, futures: int) -> None:
    """Hard's reserve choices against the best of its first candidates, on fresh futures."""
    gaps: list[float] = []

    def watch(bot: HardBot, view: GameState, ranked: list[tuple[Action, float | None]]) -> None:
        order = normal_order(view)
        chosen = ranked[0][0]
        if order.index(chosen) < CANDIDATES:
            return
        other = next(a for a, v in ranked if v is not None and order.index(a) < CANDIDATES)
        seat, policy = view.current_player(), bot._policy_for(view)
        rng = random.Random(len(gaps))
        mine, theirs = view.apply(chosen), view.apply(other)
        total = 0.0
        for _ in range(futures):
            future = rng.getrandbits(64)
            total += rollout(mine, seat, random.Random(future), bot.judge, 1, policy)
            total -= rollout(theirs, seat, random.Random(future), bot.judge, 1, policy)
        gaps.append(total / futures)

    hard_bots(games, rollouts, "luck", watch)
    better = sum(gap > 0 for gap in gaps)
    mean = sum(gaps) / max(1, len(gaps))
    print(
        f"{len(gaps)} reserve choices; on {futures} fresh futures each the reserve choice was "
        f"better in {better} ({better / max(1, len(gaps)):.0%}), by {mean:+.2f} points on average"
    )


def rivals(games: int) -> None:
    """``hard1``'s placements by Normal's rank, beside the rollout policy's at each noise."""
    real: Counter[int] = Counter()
    model: dict[float, Counter[int]] = {noise: Counter() for noise in RIVAL_NOISES}
    policies = {noise: styled_choice(FULL_ROLLOUT_STYLE, noise) for noise in RIVAL_NOISES}
    rng = random.Random(1)

    def watch(view: GameState, action: Action) -> None:
        order, seat = normal_order(view), view.current_player()
        real[rank_of(order, action)] += 1
        for noise, policy in policies.items():
            model[noise][rank_of(order, policy(view, seat, rng))] += 1

    def make(game: int, seed: int, seat: int) -> Bot:
        return WatchedBot(make_bot("hard1", seed, Budget.rollouts(40)), watch)

    play_games(games, "rival", make)
    print(f"hard1's {sum(real.values())} placements by Normal's rank: {shares(real)}")
    for noise, counts in model.items():
        print(f"rollout policy, noise {noise:g}: {shares(counts)}")


def main(argv: list[str] | None = None) -> int:
    """Run one of the diagnostics and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("ranks", "reserve", "rivals"))
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--rollouts", type=int, default=160, help="Hard's rollouts a placement")
    parser.add_argument("--futures", type=int, default=600, help="reserve: fresh futures each")
    args = parser.parse_args(argv)
    if args.what == "ranks":
        ranks(args.games, args.rollouts)
    elif args.what == "reserve":
        reserve(args.games, args.rollouts, args.futures)
    else:
        rivals(args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
