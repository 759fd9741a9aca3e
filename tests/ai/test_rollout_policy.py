"""Hard's rollout policy: the quick one, or the full heuristic (blocking and timing) with a
little noise (``Tactics.rollout_style``); both legal, seeded and measured by the budget."""

from __future__ import annotations

import random

from ai_helpers import play
from fingerprints import GAMES, fingerprint_of
from test_frozen import GOLDEN

from stoneage.ai import Budget, HardBot, make_bot, policy, prices, search
from stoneage.ai.hard import (
    CROWDED_NOISE,
    FULL_ROLLOUT_STYLE,
    NEAR_PLIES,
    Tactics,
    measured_speed,
)
from stoneage.ai.levels import NORMAL_STYLE
from stoneage.ai.policy import score_actions
from stoneage.ai.prices import HAND
from stoneage.ai.search import near_choice, placements_made, quick_choice, rollout, styled_choice
from stoneage.rules import CHANCE, GameState, new_game, sample_chance


def placement_view(players: int = 2, seed: int = 4) -> GameState:
    state = new_game(players, seed=seed)
    dice = random.Random(seed)
    while state.current_player() == CHANCE:
        state = state.apply(sample_chance(state, dice))
    return state.view(state.current_player())


def test_the_styled_policy_without_noise_plays_the_heuristics_best_placement() -> None:
    view = placement_view()
    seat = view.current_player()
    best = max(score_actions(view, seat, NORMAL_STYLE), key=lambda item: item[1])[0]
    assert styled_choice(NORMAL_STYLE, noise=0.0)(view, seat, random.Random(1)) == best


def test_the_styled_policy_is_legal_and_seeded_over_whole_rollouts() -> None:
    choose = styled_choice(NORMAL_STYLE)
    view = placement_view(3)
    seat = view.current_player()
    state, rng = view, random.Random(5)
    while not state.is_terminal() and state.round == view.round:
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, rng))
            continue
        action = choose(state, actor, rng)
        assert action in state.legal_actions()
        state = state.apply(action)
    assert state.round == view.round + 1
    first = rollout(view, seat, random.Random(9), policy=choose)
    assert rollout(view, seat, random.Random(9), policy=choose) == first


def test_a_rollout_of_two_rounds_differs_from_one_round() -> None:
    view = placement_view()
    seat = view.current_player()
    one = [rollout(view, seat, random.Random(i)) for i in range(4)]
    two = [rollout(view, seat, random.Random(i), rounds=2) for i in range(4)]
    assert one != two


def test_hard_with_the_full_rollout_policy_finishes_a_game_and_replays_it() -> None:
    records = []
    for _ in range(2):
        record: list[tuple[int, str]] = []
        bot = HardBot(
            2, Budget.rollouts(16), NORMAL_STYLE, tactics=Tactics(rollout_style=NORMAL_STYLE)
        )
        final = play([bot, make_bot("normal", 3)], seed=17, record=record)
        assert final.is_terminal()
        records.append(record)
    assert records[0] == records[1]


def test_the_speed_is_measured_per_kind_of_rollout_policy() -> None:
    view = placement_view(2, seed=6)
    quick = measured_speed(view)
    full = measured_speed(view, styled_choice(NORMAL_STYLE), "full")
    assert quick > 0 and full > 0
    assert measured_speed(view, styled_choice(NORMAL_STYLE), "full") == full


def test_hard_rolls_out_with_normals_whole_judgement_by_default() -> None:
    assert Tactics().rollout_style == FULL_ROLLOUT_STYLE == NORMAL_STYLE
    assert (
        HardBot(1).policy is not None
        and HardBot(1, tactics=Tactics(rollout_style=None)).policy is None
    )


def test_with_the_quick_rollout_policy_and_the_hand_prices_hard_makes_hard1s_decisions() -> None:
    """What separates Hard from ``hard1`` at equal rollouts is the rollout policy, the fitted
    prices, the halving spread over the budget and the choice among the finalists, nothing
    else."""
    game = GAMES[0]
    with prices.using(HAND):
        quick = fingerprint_of(
            lambda seed, budget: HardBot(
                seed,
                budget,
                NORMAL_STYLE,
                tactics=Tactics(rollout_style=None, spread_budget=False, paired=False),
            ),
            *game,
        )
    assert quick == GOLDEN[game]


def test_the_near_policy_plays_the_whole_judgement_only_for_the_next_placements() -> None:
    view = placement_view(4, seed=8)
    choose = near_choice(NORMAL_STYLE, 0.0, view, plies=2)
    full = styled_choice(NORMAL_STYLE, noise=0.0)
    state, rng, made = view, random.Random(3), 0
    while state.round == view.round and state.phase == "place":
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, rng))
            continue
        action = choose(state, actor, random.Random(made))
        # the root's own placement and the two after it are the whole judgement's
        if placements_made(state) < placements_made(view) + 3:
            assert action == full(state, actor, random.Random(made))
        else:
            assert action == quick_choice(state, actor, random.Random(made))
        assert action in state.legal_actions()
        state, made = state.apply(action), made + 1
    assert made > 3


def test_hard_plays_the_whole_judgement_throughout_and_near_rollouts_only_when_asked() -> None:
    """Since rollouts remember placement scores the whole judgement costs about as much as the
    near policy at 4 players (bench/rollout_speed.py), so it is played throughout; the near
    policy stays a tactic (``near_plies``) for the bench."""
    four, two = placement_view(4, seed=8), placement_view(2, seed=8)
    bot = HardBot(1, tactics=Tactics(crowded_noise=None))
    assert bot._policy_for(four) is bot._policy_for(two) is bot.policy is not None
    near = HardBot(1, tactics=Tactics(near_plies=NEAR_PLIES))
    assert near._policy_for(two) is near.policy
    assert near._policy_for(four) is not near.policy
    assert HardBot(1, tactics=Tactics(rollout_style=None))._policy_for(four) is None


def off_best_share(bot: HardBot) -> float:
    """How often the bot's rollout policy places off the whole judgement's best, along the
    first placements of a dozen 4-player rounds (each seeded draw played on)."""
    off = total = 0
    for seed in range(12):
        state = placement_view(4, seed=seed)
        policy = bot._policy_for(state)
        assert policy is not None
        for draw in range(12):
            if state.current_player() == CHANCE or state.phase != "place":
                break
            seat = state.current_player()
            best = max(score_actions(state, seat, FULL_ROLLOUT_STYLE), key=lambda x: x[1])[0]
            action = policy(state, seat, random.Random(draw))
            off, total = off + (action != best), total + 1
            state = state.apply(action)
    return off / total


def test_crowded_tables_spread_the_rollouts_placements_wider() -> None:
    """At 4 players the rollouts play the whole judgement with ``CROWDED_NOISE`` points of
    spread (three searching rivals are less predictable), at 2 and 3 with 1 point: the same
    moves as ``styled_choice`` at that spread, seeded alike."""
    assert Tactics().rollout_noise < CROWDED_NOISE
    bot = HardBot(1)
    for players, noise in ((2, 1.0), (3, 1.0), (4, CROWDED_NOISE)):
        view = placement_view(players, seed=8)
        assert Tactics().noise_at(players) == noise
        ours, reference = bot._policy_for(view), styled_choice(FULL_ROLLOUT_STYLE, noise)
        assert ours is not None
        state = view
        for made in range(3 * players):
            if state.current_player() == CHANCE or state.phase != "place":
                break
            seat = state.current_player()
            action = ours(state, seat, random.Random(made))
            assert action == reference(state, seat, random.Random(made))
            state = state.apply(action)
        assert made > 2
    assert off_best_share(bot) > off_best_share(HardBot(1, tactics=Tactics(crowded_noise=None)))


def test_remembered_placement_scores_are_the_fresh_ones_along_rollouts() -> None:
    """The rollouts' memo of placement scores (``search._MEMO``) and Normal's memo of the
    rivals' gains (``policy._RIVALS``) change speed, never a decision: at every placement of
    many rollouts from one position, what they return is what is computed afresh."""
    view = placement_view(4, seed=6)
    root = view.current_player()
    checked = 0
    search._MEMO.clear()
    for index in range(12):
        rng = random.Random(index)
        state = view
        while not state.is_terminal() and state.round == view.round:
            actor = state.current_player()
            if actor == CHANCE:
                state = state.apply(sample_chance(state, rng))
                continue
            if state.phase == "place" and state.pending is None:
                warm = score_actions(state, actor, FULL_ROLLOUT_STYLE)  # rivals remembered
                assert search.placement_scores(state, actor, FULL_ROLLOUT_STYLE) == warm
                policy._RIVALS.clear()
                assert score_actions(state, actor, FULL_ROLLOUT_STYLE) == warm
                remembered = search.quick_values(state, actor, state.legal_actions())
                search._MEMO.clear()
                assert search.quick_values(state, actor, state.legal_actions()) == remembered
                checked += 1
            state = state.apply(styled_choice(FULL_ROLLOUT_STYLE)(state, actor, rng))
    assert checked > 100 and root == view.current_player()


def test_the_memo_is_not_read_under_other_prices() -> None:
    """Tuning swaps the prices between decisions: an entry made under one set of prices is not
    returned under another."""
    view = placement_view(2, seed=8)
    seat = view.current_player()
    search._MEMO.clear()
    fitted = search.placement_scores(view, seat, NORMAL_STYLE)
    with prices.using(HAND):
        hand = search.placement_scores(view, seat, NORMAL_STYLE)
        assert hand == score_actions(view, seat, NORMAL_STYLE)
    assert hand != fitted
    assert search.placement_scores(view, seat, NORMAL_STYLE) == fitted
