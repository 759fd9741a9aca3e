"""Help for the human at the table: the Hard bot's suggestion and the yield of a space.

The hint asks the Hard bot to rank the legal actions on the human's own view (what that seat
may know) and shows the best with its estimated value. The bot thinks up to about half a
second, so it runs on a worker thread; the window's wake-up is called when it is done.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from fractions import Fraction

from stoneage.ai import HardBot, make_bot
from stoneage.ai.preview import YieldPreview, yield_preview
from stoneage.i18n import _, ngettext
from stoneage.play.names import resource_title, space_title
from stoneage.play.story import action_phrase
from stoneage.play.worker import DecisionWorker, WorkerFailed, WorkerUnusable
from stoneage.rules import Action, GameState
from stoneage.rules.data import FOREST, HUNT

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Hint:
    """The Hard bot's best action for a position, its value and the runners-up."""

    ply: int
    seat: int
    ranked: tuple[tuple[Action, float | None], ...]

    @property
    def best(self) -> Action:
        """The suggested action."""
        return self.ranked[0][0]

    def text(self) -> str:
        """The suggestion in words, with its value when the bot estimated one."""
        best, value = self.ranked[0]
        if value is None:
            return _("Hint: {what}.").format(what=action_phrase(best))
        runner_up = next((v for _a, v in self.ranked[1:] if v is not None), None)
        if runner_up is None:
            return _("Hint: {what} (expected lead {value:+.1f})").format(
                what=action_phrase(best), value=value
            )
        return _("Hint: {what}: {verdict}").format(
            what=action_phrase(best), verdict=margin_words(value - runner_up)
        )


#: How far ahead of the next best move (in points of expected lead) a move is "clearly" the best.
CLEARLY_BEST = 5.0


def margin_words(gap: float) -> str:
    """How much better the hinted move is than the next best, words first and the figure
    second, rounded to whole points (a beginner was puzzled by "+15.3 vs next best -6.1")."""
    points = round(gap)
    if points < 1:
        return _("about as good as the next best move (less than a point between them)")
    if gap >= CLEARLY_BEST:
        return ngettext(
            "clearly the best move ({n} point of expected lead ahead of the next best)",
            "clearly the best move ({n} points of expected lead ahead of the next best)",
            points,
        ).format(n=points)
    return ngettext(
        "the best move, a little ahead of the next ({n} point of expected lead)",
        "the best move, a little ahead of the next ({n} points of expected lead)",
        points,
    ).format(n=points)


def hard_bot(seed: int) -> HardBot:
    """The Hard level's bot: the one that ranks every option (``analyse``) as well as choosing."""
    bot = make_bot("hard", seed)
    if not isinstance(bot, HardBot):
        raise TypeError(f"the hard level is a {type(bot).__name__}, which cannot rank options")
    return bot


def analyse_job(bot: HardBot, state: GameState, seat: int) -> list[tuple[Action, float | None]]:
    """The hint's search (every hint gets the full thinking time): the actions of ``seat`` in
    ``state`` ranked best first with their values; run in the worker process or here."""
    bot.spent = 0.0
    return bot.analyse(state.view(seat))


class HintService:
    """Asks a Hard bot, off the window's thread, for the best action of a human seat (in the
    window's worker process when ``worker`` is given, so the frames keep their core)."""

    def __init__(
        self,
        seed: int,
        notify: Callable[[], None] | None,
        threaded: bool = True,
        worker: DecisionWorker | None = None,
    ) -> None:
        self.bot = hard_bot(seed ^ 0x5EED)
        self.worker = worker
        self.notify = notify
        self._executor = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint") if threaded else None
        )
        self._future: Future[Hint | None] | None = None
        self._key: tuple[int, int] | None = None
        self._done: Hint | None = None

    def request(self, state: GameState, seat: int) -> None:
        """Start thinking about ``state`` for ``seat`` (nothing if already asked for it)."""
        key = (state.ply, seat)
        if self._key == key:
            return
        self._key, self._done = key, None
        if self._executor is None:
            self._done = self._analyse(state, seat)
            return
        self._future = self._executor.submit(self._analyse, state, seat)
        notify = self.notify
        if notify is not None:
            self._future.add_done_callback(lambda _f: notify())

    def _analyse(self, state: GameState, seat: int) -> Hint | None:
        try:
            ranked = self._ranked(state, seat)
        except Exception:  # a hint is a courtesy; the game goes on without one
            log.exception("the hint failed")
            return None
        legal = set(state.legal_actions())
        ranked = [(a, v) for a, v in ranked if a in legal]
        return Hint(state.ply, seat, tuple(ranked)) if ranked else None

    def _ranked(self, state: GameState, seat: int) -> list[tuple[Action, float | None]]:
        if self.worker is not None:
            try:
                return self.worker.run(analyse_job, self.bot, state, seat)
            except (WorkerFailed, WorkerUnusable) as error:  # here instead
                log.warning("the hint is worked out in the window's process: %s", error)
        return analyse_job(self.bot, state, seat)

    def thinking(self, state: GameState) -> bool:
        """True while a hint for ``state`` is being worked out."""
        return (
            self._future is not None
            and not self._future.done()
            and self._key is not None
            and self._key[0] == state.ply
        )

    def hint_for(self, state: GameState, seat: int) -> Hint | None:
        """The finished hint for ``state`` and ``seat``, if there is one."""
        if self._key != (state.ply, seat):
            return None
        if self._done is None and self._future is not None and self._future.done():
            self._done, self._future = self._future.result(), None
        return self._done

    def close(self) -> None:
        """Stop the worker thread."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def preview_text(state: GameState, seat: int, space: int, figures: int) -> str:
    """What ``figures`` figures on a gathering space can yield, in words ('' elsewhere):
    the expected amount with and without the unused tools and the likeliest amounts."""
    preview = yield_preview(state, seat, space, figures)
    if preview is None:
        return ""
    return "\n".join(_preview_lines(preview))


def _preview_lines(p: YieldPreview) -> list[str]:
    thing = _("food") if p.space == HUNT else resource_title(p.space - FOREST)
    head = ngettext(
        "{n} figure on the {space}: {divisor} pips = 1 {thing}",
        "{n} figures on the {space}: {divisor} pips = 1 {thing}",
        p.figures,
    ).format(n=p.figures, space=space_title(p.space).lower(), divisor=p.divisor, thing=thing)
    lines = [head]
    if p.tools:
        lines.append(
            _(
                "Expected {with_tools:.1f} with your unused tools ({tools}), {without:.1f} without"
            ).format(with_tools=p.expected, tools=p.tools, without=p.expected_without_tools)
        )
    else:
        lines.append(_("Expected {amount:.1f}").format(amount=p.expected))
    chances = "   ".join(f"{amount}: {_percent(chance)}" for amount, chance in p.grouped())
    lines.append(_("Chances: {list}").format(list=chances))
    return lines


def _percent(chance: Fraction) -> str:
    value = float(chance) * 100
    return f"{value:.0f}%" if value >= 1 else "<1%"
