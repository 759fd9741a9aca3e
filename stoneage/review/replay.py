"""Reading a replay for the review: the game's seats, seed and every step, or a clear error.

A replay is a save file with every action of the game (``stoneage.play.savefile``); reading it
replays the actions through the rules, so a damaged or hostile file never gives a position the
rules would not reach. What cannot be read becomes a ``ReplayError`` (a ``ReviewError``) whose
``message`` tells the player why, in the language of the moment; nothing else is raised.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from stoneage.i18n import N_, _
from stoneage.play.match import Step, replay_steps
from stoneage.play.practice import Practice
from stoneage.play.savefile import NOT_A_SAVE, LoadedGame, SaveError, load_game_file, parse_save
from stoneage.play.seats import Seat
from stoneage.rules import GameState

from .model import ReviewError

CANNOT_REVIEW: Final = N_("This replay cannot be reviewed: {reason}")
NOT_A_REPLAY: Final = N_("The file is not a Stone Age replay.")
NO_ACTIONS: Final = N_("The replay holds no moves.")


class ReplayError(ReviewError):
    """A replay that cannot be reviewed: damaged, cut off, of a newer version or unreadable.
    ``message`` gives the save reader's reason, in the language of the moment."""

    def __init__(self, problem: SaveError | str) -> None:
        self.problem = problem
        reason = problem if isinstance(problem, str) else str(problem)
        super().__init__(CANNOT_REVIEW, reason=reason)

    @property
    def message(self) -> str:
        """Why the replay cannot be reviewed, translated now."""
        problem = self.problem
        reason = _(problem) if isinstance(problem, str) else problem.message
        return _(CANNOT_REVIEW).format(reason=reason)


class NotAReplay(ReplayError):
    """A file that is no Stone Age replay at all (another program's file, not JSON...)."""

    def __init__(self) -> None:
        super().__init__(NOT_A_REPLAY)


@dataclass(frozen=True)
class Replay:
    """A recorded game as the review reads it: who sat where, the seed, every step (``steps[i]``
    is the i-th action with the state before and after it) and the position reached."""

    seats: tuple[Seat, ...]
    seed: int
    final: GameState
    steps: tuple[Step, ...]
    path: Path | None = None
    practice: Practice | None = None  # a practice game: where it began

    @property
    def first_step(self) -> int:
        """The first step played in this game: a practice game's start (the moves before it
        are the original game's), else 0."""
        return self.practice.step if self.practice is not None else 0

    @property
    def identity(self) -> str:
        """A digest of the game (seat count, seed, every action): the same game, the same
        identity, wherever its file lies."""
        return hashlib.sha256(self.final.to_json().encode("utf-8")).hexdigest()[:20]

    def humans(self) -> list[int]:
        """The seats people played."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def practice_from(self, step: int, source: str | None = None) -> Practice:
        """The mark of a practice game starting before move ``step`` of this game, whose
        replay file is ``source`` (its own path by default): whose decision it is there and
        the game's final scores (those reached, for a replay that ends before the game)."""
        if not 0 <= step < len(self.steps):
            raise ValueError(f"no move {step} in a game of {len(self.steps)}")
        final = self.final
        if final.is_terminal():
            scores = tuple(int(row["total"]) for row in final.final_scoring())
        else:
            scores = tuple(p.score for p in final.players)
        where = source if source is not None else str(self.path or "")
        return Practice(where, step, self.steps[step].actor, scores)


def load_replay(path: Path | str) -> Replay:
    """The replay in ``path``; ``ReplayError`` (``NotAReplay`` for a foreign file) says what is
    wrong otherwise. Never raises anything else."""
    try:
        game = load_game_file(path)
    except SaveError as error:
        raise _refusal(error) from None
    return replay_of(game, Path(path))


def parse_replay(data: bytes | str) -> Replay:
    """The replay in a file's content (see ``load_replay``)."""
    try:
        game = parse_save(data)
    except SaveError as error:
        raise _refusal(error) from None
    return replay_of(game)


def replay_of(game: LoadedGame, path: Path | None = None) -> Replay:
    """The replay of a game read from a save (its steps rebuilt by replaying its actions)."""
    steps = replay_steps(game.state)
    if not steps:
        raise ReplayError(NO_ACTIONS)
    return Replay(tuple(game.seats), game.seed, game.state, tuple(steps), path, game.practice)


def _refusal(error: SaveError) -> ReplayError:
    if error.template == NOT_A_SAVE:
        return NotAReplay()
    return ReplayError(error)
