"""Judging a recorded game: each decision of the reviewed seats against Hard's.

For every decision of a reviewed seat (a human's; bots are not judged) that had more than one
legal action, Hard analyses the seat's own view of the table as it was (``state.view(seat)``:
only what the seat could know, like the Hint) and values the move the player made on the same
sampled futures as its own (``HardBot.analyse``'s ``extra``). The difference of the two
*expected leads* at the end of the round, carried to the end of the game by a fitted factor
(``calibration``), is what an ordinary decision gave away. The decisions that may be key
moments are then played out: both moves to the end of the game on shared futures (``ending``),
the result weighed with the carried gap (``calibration.blended``). ``to_the_end=False`` makes
the review as it was before (every gap at the end of the round, the costliest decisions judged
again there: ``refine``), for ``bench/review_accuracy.py`` to hold both against the game's end.

Determinism: Hard thinks a fixed number of rollouts (``Budget.rollouts``, no clock) and its
generator is seeded for each decision from the review's seed and the decision's place in the
game, so the same replay, budget and seed give the same review on any machine and in any order
of work (two worker processes give the same review as one).

In the window (``worker``: the window's ``DecisionWorker``) the searches run in the window's
worker process, a few decisions (``WORKER_CHUNK``) or one decision played out per job, so that
the review's frames keep the window's process to themselves (the search in a thread beside
them shared its interpreter lock); the worker reads the game from its text once
(``replay_from_text``) and keeps it for the next job. The same review as in this process
(every judgement is seeded from its place in the game). Cancel stops the worker's job at once
(the worker is started afresh); a job that fails in the worker is done here instead.

The analysis checks ``cancel`` between decisions (a decision takes well under a second; a
decision played out, between batches of futures) and reports its progress as the share of the
work done.
"""

from __future__ import annotations

import functools
import json
import logging
import math
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, replace
from multiprocessing import get_context
from typing import Final, TypeVar

from stoneage.ai import Budget, HardBot
from stoneage.ai.hard import STEP_SHARE
from stoneage.ai.outlook import rounds_left
from stoneage.ai.policy import step_kind
from stoneage.ai.search import utility
from stoneage.play.match import Step
from stoneage.play.names import canonical_name
from stoneage.play.worker import DecisionWorker, WorkerCancelled, WorkerFailed
from stoneage.rules import (
    Action,
    ChooseSpace,
    ChooseTools,
    Decision,
    Feed,
    FeedPeople,
    GameState,
    Pay,
    PayForBuilding,
    PayForCard,
    PickItemDie,
    Place,
    PlaceFigures,
    Resolve,
    TakeTwo,
    parse_action,
)
from stoneage.rules.data import BUILDING_SPACES, CARD_SPACES, FIELD, HUT, TOOL_MAKER

from .calibration import blended, game_gap
from .ending import MOST_FUTURES, play_out
from .model import (
    CATEGORIES,
    NO_SPACE,
    NOBODY,
    REVIEW_VERSION,
    ROUND_VERSION,
    Judged,
    Review,
    ReviewCancelled,
    ReviewPlayer,
    SeatReview,
)
from .replay import Replay, parse_replay

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Rollouts Hard spends on a placement in the review (other steps get its usual shares, at
#: least ``SMALL_STEP_SHARE``). Measured on this 2-core machine (bench/review_time.py, 20
#: four-player games, one seat of about 90 decisions each): 35 s of CPU a review (median; the
#: slowest 44 s), so within a minute on the machine alone; at twice the budget the costliest
#: moment was the same in all 20 games and the key moments overlapped by 90 % (docs/ai.md).
DEFAULT_BUDGET: Final = 400
AGREE_MARGIN: Final = 1.0  # points of expected lead within which a move counts as Hard's
COSTLY: Final = 1.0  # the least loss (points) that makes a decision a candidate key moment
MOST_MOMENTS: Final = 5
FEWEST_MOMENTS: Final = 3
FIRST_PASS: Final = 0.8  # the share of the progress bar the first look at every decision fills
#: The decisions of a seat with the largest gaps at the end of the round (the key moments as
#: the review chose them before it looked past the round) played out to the end of the game;
#: then any decision among the seat's key moments that was not, up to ``MOST_PLAYED_OUT``.
PLAYED_OUT: Final = 5
MOST_PLAYED_OUT: Final = 8
#: The most futures a decision is played out on, per rollout of the budget (``ending``'s
#: ``MOST_FUTURES`` at the default budget: a smaller budget plays fewer, a larger more).
FUTURES_PER_ROLLOUT: Final = MOST_FUTURES / DEFAULT_BUDGET
REFINED: Final = 8  # the review before ``ending``: the costliest decisions judged again
MIN_FUTURES: Final = 24  # ... on at least this many futures
SMALL_STEP_SHARE: Final = 0.35  # the least share of the budget a step gets (Hard: 0.1 at some)
MOMENT_SHARE: Final = 0.25  # past the third, a moment costs at least this share of the worst
#: Spaces only one seat can take (a placement there leaves nothing to the others).
SINGLE_SPACES: Final = frozenset((HUT, FIELD, TOOL_MAKER, *CARD_SPACES, *BUILDING_SPACES))

#: Decisions judged in one job of the window's worker (progress and Cancel between jobs).
WORKER_CHUNK: Final = 2
#: The most seconds one job of the review may take in the worker (a few decisions, or one
#: decision played out to the end of the game on at most ``MOST_FUTURES`` futures).
WORKER_JOB_TIMEOUT: Final = 300.0

Progress = Callable[[float], None]


@dataclass(frozen=True)
class Task:
    """One decision to judge: its place in the game and the seat that made it."""

    step: int
    seat: int


def tasks_of(replay: Replay, seats: Sequence[int]) -> list[Task]:
    """The decisions of ``seats`` worth judging: those with more than one legal action (in a
    practice game, from its start on: the moves before it are the original game's)."""
    wanted = set(seats)
    return [
        Task(i, step.actor)
        for i, step in enumerate(replay.steps)
        if i >= replay.first_step and step.actor in wanted and len(step.before.legal_actions()) > 1
    ]


def analyse_replay(
    replay: Replay,
    *,
    budget: int = DEFAULT_BUDGET,
    seed: int = 0,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    seats: Sequence[int] | None = None,
    workers: int = 1,
    to_the_end: bool = True,
    worker: DecisionWorker | None = None,
) -> Review:
    """The review of ``replay``: every decision of the human seats (or of ``seats``) judged
    against Hard's with ``budget`` rollouts a placement, Hard seeded from ``seed``.

    ``progress`` is called with the share done (0 to 1); ``cancel``, once set, stops the work
    between two decisions with ``ReviewCancelled``. ``workers`` above 1 shares the decisions
    among that many processes (the same review, sooner on a machine with the cores free);
    ``worker`` runs the searches in that worker process (the window's), see the module's
    docstring. ``to_the_end=False``: the review as it was before it looked past the end of the round
    (see the module's docstring)."""
    if budget < 1:
        raise ValueError("the budget is at least one rollout")
    reviewed = sorted(set(replay.humans() if seats is None else seats))
    if any(not 0 <= seat < len(replay.seats) for seat in reviewed):
        raise ValueError(f"no such seat among the game's {len(replay.seats)}: {reviewed}")
    tasks = tasks_of(replay, reviewed)
    first = _scaled(progress, 0.0, FIRST_PASS)
    remote = InWorker(worker, replay, cancel) if worker is not None else None
    if remote is not None:
        judged = remote.judge(tasks, budget, seed, first, to_the_end)
    elif workers > 1 and len(tasks) > 1:
        judged = _judge_in_pool(replay, tasks, budget, seed, first, cancel, workers, to_the_end)
    else:
        judged = _judge_here(replay, tasks, budget, seed, first, cancel, to_the_end)
    later = _scaled(progress, FIRST_PASS, 1.0)
    if to_the_end:
        judged = played_out(replay, judged, seed, later, cancel, futures_for(budget), remote)
    else:
        judged = refine(replay, judged, budget, seed, later, cancel)
    seat_reviews = tuple(
        seat_review(replay, seat, [j for j in judged if j.seat == seat]) for seat in reviewed
    )
    if progress is not None:
        progress(1.0)
    return Review(
        version=REVIEW_VERSION if to_the_end else ROUND_VERSION,
        replay_id=replay.identity,
        players=players_of(replay),
        seats=seat_reviews,
        budget=budget,
        seed=seed,
        actions=len(replay.steps),
    )


def _scaled(progress: Progress | None, low: float, high: float) -> Progress | None:
    """``progress`` reporting a part of the work as the share ``low`` to ``high`` of it."""
    if progress is None:
        return None
    report = progress
    return lambda share: report(low + (high - low) * share)


def futures_for(budget: int) -> int:
    """The most futures a decision is played out on by a review of ``budget`` (at least 2)."""
    return max(2, round(budget * FUTURES_PER_ROLLOUT))


def played_out(
    replay: Replay,
    judged: list[Judged],
    seed: int,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    most: int = MOST_FUTURES,
    remote: InWorker | None = None,
) -> list[Judged]:
    """``judged`` with the decisions that may be key moments played out to the end of the
    game on at most ``most`` futures each (``ended_judgement``; in the worker with
    ``remote``): for each seat, the ``PLAYED_OUT`` largest gaps at the end of the round,
    then, while one of the seat's key moments was not played out, that one (``MOST_PLAYED_OUT``
    at most a seat)."""
    by_step = {j.step: j for j in judged}
    seats = sorted({j.seat for j in judged})
    planned = max(1, PLAYED_OUT * len(seats))
    done = 0
    for seat in seats:
        mine = [j for j in judged if j.seat == seat]
        first = [j for j in mine if j.searched and (j.round_gap or 0.0) >= COSTLY]
        first.sort(key=lambda j: (-(j.round_gap or 0.0), j.step))
        waiting = [j.step for j in first[:PLAYED_OUT]]
        ended: set[int] = set()
        while waiting and len(ended) < MOST_PLAYED_OUT:
            step = waiting.pop(0)
            if remote is not None:
                by_step[step] = remote.ended(by_step[step], seed, most)
            else:
                by_step[step] = ended_judgement(replay, by_step[step], seed, cancel, most)
            ended.add(step)
            done += 1
            if progress is not None:
                progress(min(1.0, done / planned))
            if not waiting:
                now = [by_step[j.step] for j in mine]
                waiting = [now[i].step for i in key_moments(now) if now[i].step not in ended]
    return [by_step[j.step] for j in judged]


def ended_judgement(
    replay: Replay,
    judged: Judged,
    seed: int,
    cancel: threading.Event | None = None,
    most: int = MOST_FUTURES,
) -> Judged:
    """``judged`` with both moves played to the end of the game on at most ``most`` futures
    (``ending.play_out``, seeded from the review's ``seed`` and the decision's place): the
    points given away are the playouts' gap weighed with the round's gap carried
    (``calibration.blended``)."""
    step = replay.steps[judged.step]
    best = parse_action(step.before, judged.best)
    key = f"stoneage-review-end/{seed}/{judged.step}"
    ending = play_out(step.before.view(judged.seat), best, step.action, key, cancel, most)
    gap = judged.round_gap or 0.0
    loss = round(max(0.0, blended(gap, judged.category, judged.rounds_left, ending)), 3)
    return replace(
        judged,
        loss=loss,
        best_lead=round(judged.chosen_lead + loss, 3),
        end_gap=round(ending.gap, 3),
        end_error=round(ending.error, 3),
        futures=ending.futures,
    )


def refine(
    replay: Replay,
    judged: list[Judged],
    budget: int,
    seed: int,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> list[Judged]:
    """The review before ``ending``: the costliest decisions of each seat (up to ``REFINED``,
    by the round's gap) judged again, the player's move against Hard's on the same
    ``budget // 2`` futures each (``HardBot.duel``), every gap left at the end of the round."""
    picked: list[Judged] = []
    for seat in sorted({j.seat for j in judged}):
        costly = [j for j in judged if j.seat == seat and j.searched and j.round_loss >= COSTLY / 2]
        costly.sort(key=lambda j: (-j.round_loss, j.step))
        picked.extend(costly[:REFINED])
    bot = HardBot(seed, Budget.rollouts(budget))
    futures = max(MIN_FUTURES, budget // 2)
    better: dict[int, Judged] = {}
    for done, old in enumerate(picked):
        if cancel is not None and cancel.is_set():
            raise ReviewCancelled()
        step = replay.steps[old.step]
        best = parse_action(step.before, old.best)
        bot.rng.seed(f"stoneage-review-refine/{seed}/{old.step}")
        best_lead, chosen_lead = bot.duel(step.before.view(old.seat), [best, step.action], futures)
        better[old.step] = measured(
            old, chosen_lead, best_lead, gap_of(best_lead, chosen_lead), to_the_end=False
        )
        if progress is not None:
            progress((done + 1) / len(picked))
    return [better.get(j.step, j) for j in judged]


def _judge_here(
    replay: Replay,
    tasks: list[Task],
    budget: int,
    seed: int,
    progress: Progress | None,
    cancel: threading.Event | None,
    to_the_end: bool = True,
) -> list[Judged]:
    judge = Judge(budget, seed, to_the_end)
    judged: list[Judged] = []
    for done, task in enumerate(tasks):
        if cancel is not None and cancel.is_set():
            raise ReviewCancelled()
        found = judge.step(replay, task.step)
        if found is not None:
            judged.append(found)
        if progress is not None:
            progress((done + 1) / (len(tasks) + 1))
    return judged


def _judge_in_pool(
    replay: Replay,
    tasks: list[Task],
    budget: int,
    seed: int,
    progress: Progress | None,
    cancel: threading.Event | None,
    workers: int,
    to_the_end: bool = True,
) -> list[Judged]:
    """The tasks shared among worker processes, a slice each (decisions of one round together
    share nothing, so any split gives the same judgements)."""
    game = replay.final.to_json()
    seats = [s.to_dict() for s in replay.seats]
    chunks = [tasks[i : i + CHUNK] for i in range(0, len(tasks), CHUNK)]
    # 'spawn': the window has threads, and forking a threaded process may deadlock.
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        futures: list[Future[list[Judged]]] = [
            pool.submit(
                _judge_chunk,
                game,
                seats,
                replay.seed,
                [t.step for t in c],
                budget,
                seed,
                to_the_end,
            )
            for c in chunks
        ]
        judged: list[Judged] = []
        done = 0
        for future, chunk in zip(futures, chunks):
            while True:
                if cancel is not None and cancel.is_set():
                    pool.shutdown(wait=False, cancel_futures=True)
                    raise ReviewCancelled()
                try:
                    judged.extend(future.result(timeout=0.1))
                    break
                except TimeoutError:
                    continue
            done += len(chunk)
            if progress is not None:
                progress(done / (len(tasks) + 1))
    return judged


CHUNK: Final = 8  # decisions a worker judges in one go (progress and Cancel between them)


def _judge_chunk(
    game: str,
    seats: list[dict[str, object]],
    game_seed: int,
    steps: list[int],
    budget: int,
    seed: int,
    to_the_end: bool = True,
) -> list[Judged]:
    """A worker process' share: the replay read again from its text, the steps judged."""
    replay = replay_from_text(game, json.dumps(seats), game_seed)
    judge = Judge(budget, seed, to_the_end)
    return [j for j in (judge.step(replay, i) for i in steps) if j is not None]


def _ended_job(
    game: str, seats: list[dict[str, object]], game_seed: int, judged: Judged, seed: int, most: int
) -> Judged:
    """A decision played out to the end of the game in the window's worker (``ended_judgement``)."""
    return ended_judgement(
        replay_from_text(game, json.dumps(seats), game_seed), judged, seed, None, most
    )


@functools.lru_cache(maxsize=2)
def replay_from_text(game: str, seats: str, game_seed: int) -> Replay:
    """The replay of ``game`` (the final state's text) with ``seats`` (their dicts, as JSON)
    and its seed, read once a process and kept for the next job on the same game."""
    from stoneage.play.savefile import FORMAT, VERSION

    document = {"format": FORMAT, "version": VERSION, "seats": json.loads(seats), "seed": game_seed}
    return parse_replay(json.dumps({**document, "game": game}))


class InWorker:
    """The review's searches in the window's worker process (see the module's docstring):
    the game goes as text with each job; Cancel stops the job under way."""

    def __init__(
        self, worker: DecisionWorker, replay: Replay, cancel: threading.Event | None
    ) -> None:
        self.worker, self.replay, self.cancel = worker, replay, cancel
        self.game = replay.final.to_json()
        self.seats = [s.to_dict() for s in replay.seats]

    def judge(
        self,
        tasks: list[Task],
        budget: int,
        seed: int,
        progress: Progress | None,
        to_the_end: bool,
    ) -> list[Judged]:
        """``tasks`` judged, ``WORKER_CHUNK`` a job (``_judge_here`` for a job that failed)."""
        judged: list[Judged] = []
        for start in range(0, len(tasks), WORKER_CHUNK):
            chunk = tasks[start : start + WORKER_CHUNK]
            steps = [t.step for t in chunk]
            args = (self.game, self.seats, self.replay.seed, steps, budget, seed, to_the_end)
            found = self._run(_judge_chunk, *args)
            if found is None:
                found = _judge_here(self.replay, chunk, budget, seed, None, self.cancel, to_the_end)
            judged.extend(found)
            if progress is not None:
                progress((start + len(chunk)) / (len(tasks) + 1))
        return judged

    def ended(self, judged: Judged, seed: int, most: int) -> Judged:
        """``ended_judgement`` in the worker (here, should the job fail there)."""
        args = (self.game, self.seats, self.replay.seed, judged, seed, most)
        found = self._run(_ended_job, *args)
        if found is None:
            return ended_judgement(self.replay, judged, seed, self.cancel, most)
        return found

    def _run(self, job: Callable[..., T], *args: object) -> T | None:
        """``job(*args)`` in the worker; None when it failed there (dead, overran, closed);
        ``ReviewCancelled`` once Cancel is asked for."""
        if self.cancel is not None and self.cancel.is_set():
            raise ReviewCancelled()
        try:
            return self.worker.run(job, *args, timeout=WORKER_JOB_TIMEOUT, cancel=self.cancel)
        except WorkerCancelled as error:
            raise ReviewCancelled() from error
        except WorkerFailed as error:
            if self.cancel is not None and self.cancel.is_set():
                raise ReviewCancelled() from error
            log.warning("a part of the review is done in the window's process: %s", error)
            return None


class Judge:
    """Hard, with an exact rollout budget, judging one decision at a time (reseeded for each:
    the judgement of a decision does not depend on those judged before)."""

    def __init__(self, budget: int, seed: int, to_the_end: bool = True) -> None:
        """``to_the_end=False``: every gap left at the end of the round (the review before
        ``calibration``)."""
        self.seed, self.budget, self.to_the_end = seed, budget, to_the_end
        self.bot = HardBot(seed, Budget.rollouts(budget))

    def rollouts_for(self, view: GameState) -> int:
        """The placement budget that gives this step its rollouts: Hard's own share of the
        budget, but at least ``SMALL_STEP_SHARE`` of it (Hard plays the small steps, tools,
        dice and feeding, on a sliver of its budget; judging a player's choice there deserves
        more, and these steps are few)."""
        share = STEP_SHARE.get(step_kind(view), 0.3)
        wanted = max(share, SMALL_STEP_SHARE) * self.budget
        return max(1, math.ceil(wanted / share))

    def step(self, replay: Replay, index: int) -> Judged | None:
        """The judgement of the decision ``replay.steps[index]`` (None for a step that is no
        seat's decision or had only one legal action)."""
        step = replay.steps[index]
        state, seat = step.before, step.actor
        if seat < 0 or len(state.legal_actions()) < 2:
            return None
        view = state.view(seat)
        self.bot.budget = Budget.rollouts(self.rollouts_for(view))
        self.bot.rng.seed(f"stoneage-review/{self.seed}/{index}")
        ranked = self.bot.analyse(view, extra=step.action)
        searched = self.bot.last_limits is not None
        legal = set(state.legal_actions())
        ranked = [(a, v) for a, v in ranked if a in legal]
        best, best_value = ranked[0]
        chosen_value = dict(ranked).get(step.action)
        if not searched or best_value is None or chosen_value is None:
            # A forced or obvious step the player got right: nothing to compare.
            best_lead = chosen_lead = 0.0
            searched = False
        else:
            best_lead = float(best_value)
            chosen_lead = best_lead if best == step.action else float(chosen_value)
        judged = describe(replay, index, best, chosen_lead, best_lead, searched)
        gap = 0.0 if best == step.action else gap_of(best_lead, chosen_lead)
        return measured(judged, chosen_lead, best_lead, gap, self.to_the_end)


def gap_of(best_lead: float, chosen_lead: float) -> float:
    """Hard's lead minus the player's, to the thousandth (as a review keeps it)."""
    return round(best_lead - chosen_lead, 3)


def measured(
    judged: Judged, chosen_lead: float, best_lead: float, gap: float, to_the_end: bool = True
) -> Judged:
    """``judged`` with both moves' leads and the points given away, from the leads Hard found
    at the end of the round and their ``gap`` (Hard's minus the player's, rounded): the gap
    carried to the end of the game (``calibration.game_gap``; left at the end of the round
    when ``to_the_end`` is False), Hard's lead shown as the player's plus those points. A gap
    of none (the player's move as good or better) is shown as it was measured."""
    chosen, best = round(chosen_lead, 3), round(best_lead, 3)
    if gap <= 0.0 or not to_the_end:
        return replace(
            judged, chosen_lead=chosen, best_lead=best, loss=max(0.0, gap), round_gap=gap
        )
    carried = game_gap(gap, judged.category, judged.rounds_left)
    return replace(
        judged,
        chosen_lead=chosen,
        best_lead=round(chosen + carried, 3),
        loss=round(max(0.0, carried), 3),
        round_gap=gap,
    )


def describe(
    replay: Replay,
    index: int,
    best: Action,
    chosen_lead: float,
    best_lead: float,
    searched: bool,
) -> Judged:
    """The judged decision with what its sentence needs (see ``Judged``; its leads and loss
    as Hard's search found them at the end of the round: ``measured`` carries them on)."""
    step = replay.steps[index]
    state, chosen, seat = step.before, step.action, step.actor
    decision = state.decision()
    loss = max(0.0, best_lead - chosen_lead) if chosen != best else 0.0
    best_space = _space(best)
    taken_by = NOBODY
    if isinstance(best, Place) and chosen != best and best_space in SINGLE_SPACES:
        taken_by = taken_after(replay.steps, index, best_space)
    return Judged(
        step=index,
        seat=seat,
        round=state.round,
        category=category_of(decision),
        chosen=str(chosen),
        best=str(best),
        chosen_lead=round(chosen_lead, 3),
        best_lead=round(best_lead, 3),
        loss=round(loss, 3),
        kind=kind_of(decision),
        chosen_tag=chosen[-1],
        best_tag=best[-1],
        chosen_space=_space(chosen),
        chosen_count=chosen.count if isinstance(chosen, Place) else 0,
        best_space=best_space,
        best_count=best.count if isinstance(best, Place) else 0,
        chosen_resources=_resources(chosen),
        best_resources=_resources(best),
        taken_by=taken_by,
        target=target_of(state, decision),
        missing_food=decision.missing if isinstance(decision, FeedPeople) else 0,
        rounds_left=max(0, round(rounds_left(state))),
        searched=searched,
    )


def category_of(decision: Decision) -> str:
    """The summary's category of a decision."""
    if isinstance(decision, PlaceFigures):
        return "placement"
    if isinstance(decision, (PayForCard, PayForBuilding)):
        return "payment"
    if isinstance(decision, FeedPeople):
        return "feeding"
    if isinstance(decision, PickItemDie):
        return "items"
    return "other"


def kind_of(decision: Decision) -> str:
    """The kind of a decision (``model.KINDS``)."""
    kinds: dict[type, str] = {
        PlaceFigures: "place",
        ChooseSpace: "resolve",
        ChooseTools: "tools",
        PayForCard: "pay_card",
        PayForBuilding: "pay_building",
        PickItemDie: "items_pick",
        FeedPeople: "feed",
    }
    return kinds.get(type(decision), "resolve")


def target_of(state: GameState, decision: Decision) -> str:
    """The card or building tile being paid for ('' at other steps)."""
    if isinstance(decision, PayForCard):
        return state.display[decision.slot] or ""
    if isinstance(decision, PayForBuilding):
        return state.tops[decision.stack] or ""
    return ""


def taken_after(steps: Sequence[Step], index: int, space: int) -> int:
    """The seat that placed on ``space`` after step ``index`` in the same round (NOBODY)."""
    seat, round_ = steps[index].actor, steps[index].before.round
    for step in steps[index + 1 :]:
        if step.before.round != round_ or step.before.phase != "place":
            break
        action = step.action
        if isinstance(action, Place) and action.space == space and step.actor != seat:
            return step.actor
    return NOBODY


def _space(action: Action) -> int:
    if isinstance(action, (Place, Resolve)):
        return action.space
    return NO_SPACE


def _resources(action: Action) -> tuple[int, int, int, int]:
    """What an action pays, feeds with or (the two-resources card) takes."""
    if isinstance(action, (Pay, Feed)):
        return action.resources
    if isinstance(action, TakeTwo):
        amounts = [0, 0, 0, 0]
        amounts[action.first] += 1
        amounts[action.second] += 1
        return (amounts[0], amounts[1], amounts[2], amounts[3])
    return (0, 0, 0, 0)


# --- a seat's review --------------------------------------------------------------------------------
def seat_review(replay: Replay, seat: int, decisions: list[Judged]) -> SeatReview:
    """The review of ``seat`` from its judged decisions."""
    ordered = tuple(sorted(decisions, key=lambda j: j.step))
    name = canonical_name(replay.seats[seat].name)
    return summarised(seat, name, ordered, lead_curve(replay, seat, ordered))


def summarised(
    seat: int,
    name: str,
    ordered: tuple[Judged, ...],
    curve: tuple[tuple[int, float], ...],
) -> SeatReview:
    """The review of ``seat`` from its decisions (in the game's order) and its lead curve: the
    key moments, the share as good as Hard's and the points given away by category."""
    losses = dict.fromkeys(CATEGORIES, 0.0)
    for judged in ordered:
        losses[judged.category] = round(losses[judged.category] + judged.loss, 3)
    agreeing = sum(1 for j in ordered if j.agrees or j.loss <= AGREE_MARGIN)
    return SeatReview(
        seat=seat,
        name=name,
        decisions=ordered,
        key_moments=key_moments(ordered),
        lead_curve=curve,
        agreement=round(agreeing / len(ordered), 4) if ordered else 1.0,
        loss_by_category=losses,
    )


def upgraded(review: Review) -> Review:
    """``review`` read in the current measure. A review stored before ``calibration``
    (version 1: every gap at the end of the round) gets its gaps carried to the end of the game
    by ``calibration.game_gap`` and its key moments and summary counted again, but keeps its
    version: nothing in it was played out to the end of the game, so the review screen makes
    it again (``Review.outdated``) and the statistics' charts read it as it is. A current
    review is returned as it is."""
    if not review.outdated:
        return review
    seats = []
    for seat in review.seats:
        decisions = tuple(_upgraded(j) for j in seat.decisions)
        seats.append(summarised(seat.seat, seat.name, decisions, seat.lead_curve))
    return replace(review, seats=tuple(seats))


def _upgraded(judged: Judged) -> Judged:
    """A version-1 decision carried to the end of the game (its gap: the difference of the
    leads it kept)."""
    if judged.agrees or not judged.searched:
        return replace(judged, round_gap=0.0)
    found = judged.round_gap
    gap = gap_of(judged.best_lead, judged.chosen_lead) if found is None else found
    return measured(judged, judged.chosen_lead, judged.best_lead, gap)


def key_moments(decisions: Sequence[Judged]) -> tuple[int, ...]:
    """The costliest decisions (indices), the costliest first: up to ``MOST_MOMENTS`` of those
    that cost at least ``COSTLY``; past the ``FEWEST_MOMENTS``-th, only those costing at least
    ``MOMENT_SHARE`` of the costliest (a small slip is no key moment beside a blunder)."""
    costly = sorted(
        (i for i, j in enumerate(decisions) if j.loss >= COSTLY),
        key=lambda i: (-decisions[i].loss, decisions[i].step),
    )
    if not costly:
        return ()
    worst = decisions[costly[0]].loss
    kept = costly[:FEWEST_MOMENTS]
    kept += [
        i for i in costly[FEWEST_MOMENTS:MOST_MOMENTS] if decisions[i].loss >= MOMENT_SHARE * worst
    ]
    return tuple(kept)


def lead_curve(
    replay: Replay, seat: int, decisions: Sequence[Judged]
) -> tuple[tuple[int, float], ...]:
    """The seat's expected lead at each searched decision (the lead its move kept), and at a
    finished game's end its real lead by the same measure."""
    curve = [(j.step, j.chosen_lead) for j in decisions if j.searched]
    final = replay.final
    if final.is_terminal():
        scores = [float(p["total"]) for p in final.final_scoring()]
        curve.append((len(replay.steps), round(utility(scores, seat), 3)))
    return tuple(curve)


def players_of(replay: Replay) -> tuple[ReviewPlayer, ...]:
    """Every seat of the game as the review shows it, with its score."""
    final = replay.final
    if final.is_terminal():
        scores = [int(p["total"]) for p in final.final_scoring()]
    else:
        scores = [p.score for p in final.players]
    return tuple(
        ReviewPlayer(
            canonical_name(s.name), s.colour, s.is_human, "" if s.is_human else s.level, scores[i]
        )
        for i, s in enumerate(replay.seats)
    )
