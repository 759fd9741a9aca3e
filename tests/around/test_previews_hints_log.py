"""Yield previews, the Hard bot's hint, the game log and its replay export."""

from __future__ import annotations

import itertools
import json
import time
from fractions import Fraction

import pygame

from stoneage.ai.preview import yield_distribution, yield_preview
from stoneage.play.assist import HintService, preview_text
from stoneage.play.match import Match
from stoneage.play.seats import Seat
from stoneage.play.story import log_lines
from stoneage.records.recorder import export_replay
from stoneage.rules import GameState, new_game
from stoneage.rules.data import HUNT, RIVER
from stoneage.scenes.table.scene import TableScene
from stoneage.scenes.table.telling.log_scene import LogScene

BOTS = [Seat("Ann", "red", "bot", "easy"), Seat("Bo", "blue", "bot", "random")]


def brute_force(figures: int, divisor: int, bonus: int) -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=figures):
        amount = (sum(faces) + bonus) // divisor
        counts[amount] = counts.get(amount, 0) + 1
    return {a: Fraction(c, 6**figures) for a, c in counts.items()}


def test_the_yield_distribution_is_exact():
    for figures, divisor, bonus in [(1, 2, 0), (2, 3, 0), (3, 4, 2), (4, 6, 5), (3, 5, 1)]:
        assert dict(yield_distribution(figures, divisor, bonus)) == brute_force(
            figures, divisor, bonus
        )


def test_the_preview_counts_the_unused_tools_and_the_one_use_cards():
    state = new_game(2, seed=1)
    player = state.players[0].copy()
    player.tools_free, player.one_use = (2, 1), (3,)
    state.players = (player,) + state.players[1:]
    preview = yield_preview(state, 0, RIVER, 2)
    assert preview.tools == 6 and preview.divisor == 6
    assert dict(preview.chances) == brute_force(2, 6, 6)
    assert preview.expected > preview.expected_without_tools
    assert abs(sum(c for _a, c in preview.grouped()) - 1) < 1e-12
    assert yield_preview(state, 0, 0, 1) is None  # the tool maker rolls no dice


def test_the_preview_in_words_names_the_expected_amount_and_the_chances():
    text = preview_text(new_game(2, seed=1), 0, HUNT, 2)
    assert (
        "2 figures on the hunting grounds" in text and "Expected 3.2" in text
    )  # E[(a + b) // 2] = 3.25 and "Chances:" in text
    assert "%" in text


def test_the_hint_is_a_legal_action_with_a_value():
    driver = Match(
        [Seat("Ann", "red", "human"), Seat("Bo", "blue", "bot", "easy")], 3, threaded=False
    )
    while driver.human_to_act() is None:
        driver.apply(driver.automatic_action())
    service = HintService(3, None, threaded=False)
    service.request(driver.state, 0)
    hint = service.hint_for(driver.state, 0)
    assert hint is not None and hint.best in driver.state.legal_actions()
    assert hint.text().startswith("Hint: ")


def finished_driver(seed: int) -> Match:
    driver = Match(BOTS, seed, threaded=False)
    while not driver.is_over():
        driver.apply(driver.automatic_action())
    return driver


def test_the_log_tells_every_round_and_the_rolls_with_their_yield():
    driver = finished_driver(2)
    lines = log_lines(driver.steps, BOTS)
    headings = [text for text, heading in lines if heading]
    assert headings[0] == "Round 1" and len(headings) == driver.state.round
    assert any(" rolled " in text and " on the " in text for text, _h in lines)
    assert any(text.startswith("Bo placed ") for text, _h in lines)


def test_an_exported_replay_holds_the_game_and_its_log(tmp_path):
    driver = finished_driver(4)
    path = export_replay(BOTS, 4, driver.steps, driver.state)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["seed"] == 4 and document["seats"][1]["name"] == "Bo"
    assert GameState.from_json(document["game"]) == driver.state
    assert any(line.startswith("## Round") for line in document["log"])


def test_the_replay_command_reproduces_the_final_scores(tmp_path, capsys):
    from stoneage import __main__ as entry

    driver = finished_driver(6)
    path = export_replay(BOTS, 6, driver.steps, driver.state)
    shot = tmp_path / "end.png"
    assert entry.main(["--replay", str(path), "--screenshot", str(shot), "--size", "1024x640"]) == 0
    out = capsys.readouterr().out
    totals = [row["total"] for row in driver.state.final_scoring()]
    assert f"Ann: {totals[0]}" in out and f"Bo: {totals[1]}" in out and "the same game" in out
    assert shot.exists()
    pygame.display.quit()


def test_the_log_scene_scrolls_and_exports(app):
    scene = TableScene(app, BOTS, seed=5, threaded=False)
    app.push(scene)
    app.step(block=False)  # at instant speed, a batch of automatic actions
    assert not scene.match.is_over()
    log = LogScene(app, scene)
    app.push(log)
    assert log.rows and log.scroll == log.max_scroll()
    app.dispatch(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0)
    )
    assert log.scroll == 0
    log.export()
    assert "Replay saved to" in log.message
    app.dispatch(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    )
    assert app.top is scene


def test_the_scoring_screen_exports_the_finished_game(app):
    from stoneage.play.savefile import load_game_file
    from stoneage.records.files import data_dir
    from stoneage.scenes.menus.scoring_scene import ScoringScene

    driver = finished_driver(7)
    scene = ScoringScene(app, BOTS, driver.state, 7)
    app.push(scene)
    scene.export()
    assert scene.buttons[1].label == "Replay saved"
    files = list((data_dir() / "replays").glob("*.json"))
    assert len(files) == 1 and load_game_file(files[0]).state == driver.state


def test_the_log_says_when_an_unused_two_resources_card_is_taken_as_the_game_ends():
    from stoneage.play.match import step_of
    from stoneage.play.story import describe
    from stoneage.rules.nodes import TERMINAL
    from tests.rules.conftest import two_resources_card_bought_in_the_last_round

    state = two_resources_card_bought_in_the_last_round()
    steps = []
    while not state.is_terminal():
        steps.append(step_of(state, state.legal_actions()[0]))
        state = steps[-1].after
    assert state.current_player() == TERMINAL
    last = describe(steps[-1], BOTS)
    assert last.endswith("Ann took 2 gold with the unused two-resources card as the game ended.")
    assert all("unused two-resources" not in describe(step, BOTS) for step in steps[:-1])


def test_the_hint_ring_is_drawn_on_the_frame_the_hint_is_ready(app):
    """H asks the Hard bot off the window's thread; the frame in which its hint is ready shows
    the ring (it used to wait for the pointer to move), thick and in its own bright colour."""
    from stoneage.ui import theme

    seats = [Seat("You", "red", "human"), Seat("Bo", "blue", "bot", "easy")]
    scene = TableScene(app, seats, seed=5, threaded=True)
    app.push(scene)
    for _ in range(400):
        app.step(block=False)
        if scene.hands.placing() is not None:
            break
    assert scene.hands.placing() is not None
    app.step(block=False)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    app.step(block=False)
    assert scene.hinting.asked is not None
    # The hint is worked out on another thread and may become ready at any moment, even while
    # a frame is drawn: wait until it is ready *before* a frame starts, then check that frame.
    deadline = time.monotonic() + 120  # the Hard bot thinks about a second on a quiet machine
    ready_before_the_frame = False
    while not ready_before_the_frame:
        assert time.monotonic() < deadline, "the hint never became ready"
        ready_before_the_frame = scene.hinting.current(scene.match) is not None
        if not ready_before_the_frame:
            time.sleep(0.01)
        app.step(block=False)  # the frame after the hint was seen ready
    ring = scene.painter.hint_ring()
    assert ring is not None
    screen = pygame.display.get_surface()
    edge = [screen.get_at((ring.left + 4, y))[:3] for y in range(ring.top, ring.bottom)]
    assert theme.HINT in edge  # drawn in this very frame, no pointer needed
