"""Every scene the program can show, by the name scenes ask for it: ``app.make_scene("setup")``.

The app reads this table when it starts (``App(scenes=...)`` may give another); no scene imports
this module, so a scene never depends on the scene it leads to. A new scene is one line here:
its name and its class (or any callable taking the host and keyword options).
"""

from __future__ import annotations

from collections.abc import Mapping

from stoneage.scenes.files.load_scene import LoadScene
from stoneage.scenes.files.save_elsewhere_scene import SaveElsewhereScene
from stoneage.scenes.files.save_scene import SaveNameScene
from stoneage.scenes.kit.base import SceneFactory
from stoneage.scenes.menus.pause_scene import PauseMenu
from stoneage.scenes.menus.rules_scene import RulesScene
from stoneage.scenes.menus.scoring_scene import ScoringScene
from stoneage.scenes.menus.settings_scene import SettingsScene
from stoneage.scenes.menus.setup_scene import SetupScene
from stoneage.scenes.menus.title_scene import TitleScene
from stoneage.scenes.online.hosting import host_table, reopen_table
from stoneage.scenes.online.join_scene import JoinScene
from stoneage.scenes.review.practice import practice_table
from stoneage.scenes.review.review_scene import ReviewScene
from stoneage.scenes.stats.stats_scene import StatsScene
from stoneage.scenes.table.lesson import open_lessons
from stoneage.scenes.table.log_scene import LogScene
from stoneage.scenes.table.scene import game_table, lesson_table, online_table

SCENES: Mapping[str, SceneFactory] = {
    "title": TitleScene,  # the first screen: new game, continue, load, settings, rules, quit
    "setup": SetupScene,  # who plays
    # seats=, seed=, state=None, threaded=True, replay=False, autoplay=None, clock=None,
    # practice=None
    "game": game_table,
    "scoring": ScoringScene,  # seats=, state=, seed=: the final scoring of a finished game
    "pause": PauseMenu,  # the menu over a game (Esc)
    "settings": SettingsScene,
    "rules": RulesScene,
    "log": LogScene,  # game=: the whole log of that game scene
    "load": LoadScene,  # the saved games
    "stats": StatsScene,  # records=None, earned=None, tab="overview": the statistics screen
    "save": SaveNameScene,  # on_saved=None: type a name and save the game below
    "save_elsewhere": SaveElsewhereScene,  # folder=None: save the game below into a folder
    "tutorial": lesson_table,  # tutorial=None (a fresh lesson), threaded=True: Learn to play
    "learn": open_lessons,  # the lessons, or the question to resume the one in progress
    # network play: finder=None, address="", code="", name="": join a table by address and code
    "join": JoinScene,
    "host_table": host_table,  # seats=, joins=: host a table with these seats, its waiting room
    "reopen_table": reopen_table,  # the hosted table kept, served again
    "online_game": online_table,  # session=, view=: a seat at a table over the network
    # replay=, seat=None, analyse=None, budget=None, review=None: a finished game's review
    "review": ReviewScene,
    # practice=, threaded=True: a practice game from a decision of a recorded game
    "practice": practice_table,
}
