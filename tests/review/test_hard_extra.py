"""Hard valuing the player's move (``analyse``'s ``extra``) changes neither its search nor its
choice: the same ranking and values for every other move, on an exact budget."""

from __future__ import annotations

from stoneage.ai import Budget, make_bot
from stoneage.ai.hard import HardBot
from stoneage.play.match import Match
from stoneage.play.seats import Seat
from stoneage.rules import CHANCE


def _positions():
    seats = [Seat(f"P{i}", c, "bot", "normal") for i, c in enumerate(("red", "blue", "green"))]
    match = Match(seats, 11, threaded=False)
    match.play_out(round_cap=3)
    picked = []
    for step in match.steps:
        if step.actor == CHANCE or step.actor < 0 or len(step.before.legal_actions()) < 3:
            continue
        picked.append(step.before.view(step.actor))
    return picked[::6][:8]


def test_extra_changes_nothing_else():
    for view in _positions():
        legal = view.legal_actions()
        extra = legal[-1]  # the heuristic's worst or near: seldom among the candidates
        plain_bot, extra_bot = (make_bot("hard", 5, Budget.rollouts(40)) for _ in range(2))
        assert isinstance(plain_bot, HardBot) and isinstance(extra_bot, HardBot)
        plain = plain_bot.analyse(view)
        valued = extra_bot.analyse(view, extra=extra)
        assert [a for a, _v in valued] == [a for a, _v in plain]
        for (action, before), (_same, after) in zip(plain, valued):
            if action != extra and extra_bot.last_limits is not None and before is not None:
                assert after == before
        if extra_bot.last_limits is not None:
            assert dict(valued)[extra] is not None
