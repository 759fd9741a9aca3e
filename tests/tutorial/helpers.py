"""Walking the lesson script through the rules engine, independently of ``Tutorial``."""

from __future__ import annotations

from dataclasses import dataclass

from stoneage.rules import CHANCE, GameState, new_game
from stoneage.tutorial import PLAYERS, SEED, SETUP, STEPS, YOU, LessonStep

OPPONENT = 1


@dataclass(frozen=True)
class Visit:
    """A step of the script and the state it is shown in (``after``: once its action and the
    action's chance outcomes are applied; ``None`` for a step just read)."""

    index: int
    step: LessonStep
    state: GameState
    after: GameState | None


def apply_checked(state: GameState, text: str, *, by: set[int]) -> GameState:
    """Apply ``text`` after checking it is legal here and taken by one of the seats ``by``."""
    actor = state.current_player()
    assert actor in by, f"{text!r} would be taken by seat {actor}, not by {sorted(by)}"
    legal = [str(a) for a in state.legal_actions()]
    assert text in legal, f"{text!r} is not legal at {state!r}; legal: {legal[:20]}"
    return state.apply(text)


def walk() -> list[Visit]:
    """Every step with its state, checking the legality and the actor of every action."""
    state = new_game(PLAYERS, seed=SEED)
    for text in SETUP:
        state = apply_checked(state, text, by={CHANCE})
    visits = []
    for index, step in enumerate(STEPS):
        shown, after = state, None
        if step.action is not None:
            # The player's own decision, or at a chance node the roll the player's click makes.
            state = apply_checked(state, step.action, by={YOU, CHANCE})
            for text in step.outcome:
                state = apply_checked(state, text, by={CHANCE})
            after = state
        else:
            assert not step.outcome, step.id
        for text in step.then:
            # The script never decides for the player: only the opponent and chance.
            state = apply_checked(state, text, by={OPPONENT, CHANCE})
        visits.append(Visit(index, step, shown, after))
    return visits


def end_of_script() -> GameState:
    """The state after the last step."""
    state = new_game(PLAYERS, seed=SEED)
    for text in SETUP:
        state = state.apply(text)
    for step in STEPS:
        for text in ([step.action] if step.action else []) + [*step.outcome, *step.then]:
            state = state.apply(text)
    return state
