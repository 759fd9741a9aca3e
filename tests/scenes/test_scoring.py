"""The final-scoring screen names the winner and explains a tie-break."""

from __future__ import annotations

from types import SimpleNamespace

from stoneage.play.seats import Seat
from stoneage.scenes.menus.scoring_scene import verdict

SEATS = [Seat("Ann", "red", "human"), Seat("Bob", "blue"), Seat("Cid", "green")]


def fake_state(totals, winners, breaks):
    """Just what ``verdict`` reads: totals, winners, and the tie-break inputs per player."""
    players = [SimpleNamespace(track=b, tool_value=0, people=0) for b in breaks]
    return SimpleNamespace(
        final_scoring=lambda: [{"total": t} for t in totals],
        winners=lambda: winners,
        players=players,
    )


def test_a_clear_winner_needs_no_tie_break():
    head, note = verdict(fake_state([90, 120, 80], [1], [5, 5, 5]), SEATS)
    assert "Bob" in head and "120" in head and note == ""


def test_the_single_human_is_addressed_directly():
    head, _note = verdict(fake_state([130, 120, 80], [0], [5, 5, 5]), SEATS)
    assert head.startswith("You win")


def test_a_tie_on_points_is_broken_and_explained():
    head, note = verdict(fake_state([120, 120, 80], [1], [7, 9, 3]), SEATS)
    assert "Bob" in head
    assert "Ann 7" in note and "Bob 9" in note and "Cid" not in note


def test_a_tie_that_stays_is_a_shared_win():
    head, note = verdict(fake_state([120, 120, 80], [0, 1], [9, 9, 3]), SEATS)
    assert "Ann & Bob" in head and "shared" in note


def test_achievement_toasts_keep_clear_of_the_total_row(app):
    """Achievements earned by the game are told over the chart, not over the scores' table
    (its Total row), the verdict or the buttons (issue 45 point 12)."""
    import pygame

    from stoneage.records import achievements
    from stoneage.scenes.kit.toasts import ACHIEVEMENT
    from stoneage.staging import build_scene

    build_scene(app, "scoring", 3)
    scene = app.top
    for title in ("First fire", "Chieftain", "Builder"):
        app.toasts.show(achievements.EARNED_TOAST.format(title=title), ACHIEVEMENT)
    app.toasts.update(0.5)
    app.draw(pygame.Surface(app.size))
    drawn = [rect for rect, _toast in app.toasts._rects]
    assert len(drawn) == 3
    lay = scene.lay
    for rect in drawn:
        assert lay.chart.contains(rect), (rect, lay.chart)
        assert not rect.colliderect(lay.table) and not rect.colliderect(lay.verdict)
