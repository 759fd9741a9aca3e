"""Every scene the program can show, by the name scenes ask for it: ``app.make_scene("setup")``.

The app reads this table when it starts (``App(scenes=...)`` may give another); no scene imports
this module, so a scene never depends on the scene it leads to. A new scene is one line here:
its name and its class (or any callable taking the host and keyword options).
"""

from __future__ import annotations

from collections.abc import Mapping

from .base import SceneFactory
from .game import GameScene
from .log_view import LogScene
from .menus import PauseMenu, RulesScene, SettingsScene, TitleScene
from .save_elsewhere import SaveElsewhereScene
from .saves import LoadScene, SaveNameScene
from .scoring import ScoringScene
from .setup import SetupScene
from .stats_view import StatsScene
from .tutorial_scene import TutorialScene, open_lessons

SCENES: Mapping[str, SceneFactory] = {
    "title": TitleScene,  # the first screen: new game, continue, load, settings, rules, quit
    "setup": SetupScene,  # who plays
    "game": GameScene,  # seats=, seed=, state=None, threaded=True, replay=False
    "scoring": ScoringScene,  # seats=, state=, seed=: the final scoring of a finished game
    "pause": PauseMenu,  # the menu over a game (Esc)
    "settings": SettingsScene,
    "rules": RulesScene,
    "log": LogScene,  # game=: the whole log of that game scene
    "load": LoadScene,  # the saved games
    "stats": StatsScene,  # records=None, earned=None, tab="overview": the statistics screen
    "save": SaveNameScene,  # on_saved=None: type a name and save the game below
    "save_elsewhere": SaveElsewhereScene,  # folder=None: save the game below into a folder
    "tutorial": TutorialScene,  # tutorial=None (a fresh lesson), threaded=True: Learn to play
    "learn": open_lessons,  # the lessons, or the question to resume the one in progress
}
