"""Every scene the program can show, by the name scenes ask for it: ``app.make_scene("setup")``.

The app reads this table when it starts (``App(scenes=...)`` may give another); no scene imports
this module, so a scene never depends on the scene it leads to. A new scene is one line here:
its name and its class (or any callable taking the host and keyword options).

Only the title screen is imported with the catalog: every other scene's module is imported the
first time a scene of it is made (each entry below is a small function importing its scene), so
the program's start reads nothing of the table, network play (websockets, asyncio, zeroconf),
the review or the statistics until the player goes there. The imports stay written out, so the
import contracts and the type checker still see every scene the catalog names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stoneage.scenes.kit.base import Scene, SceneFactory, SceneHost
from stoneage.scenes.menus.title_scene import TitleScene

# Each maker takes the host and the scene's keyword options (listed beside its name below).
Options = Any


def _setup(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.menus.setup_scene import SetupScene

    return SetupScene(app, **options)


def _game(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.table.scene import game_table

    return game_table(app, **options)


def _scoring(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.menus.scoring_scene import ScoringScene

    return ScoringScene(app, **options)


def _pause(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.menus.pause_scene import PauseMenu

    return PauseMenu(app, **options)


def _settings(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.menus.settings_scene import SettingsScene

    return SettingsScene(app, **options)


def _rules(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.menus.rules_scene import RulesScene

    return RulesScene(app, **options)


def _log(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.table.telling.log_scene import LogScene

    return LogScene(app, **options)


def _load(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.files.load_scene import LoadScene

    return LoadScene(app, **options)


def _stats(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.stats.stats_scene import StatsScene

    return StatsScene(app, **options)


def _save(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.files.save_scene import SaveNameScene

    return SaveNameScene(app, **options)


def _save_elsewhere(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.files.save_elsewhere_scene import SaveElsewhereScene

    return SaveElsewhereScene(app, **options)


def _tutorial(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.table.lesson.guided import lesson_table

    return lesson_table(app, **options)


def _learn(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.table.lesson.opening import open_lessons

    return open_lessons(app, **options)


def _join(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.online.join_scene import JoinScene

    return JoinScene(app, **options)


def _lobby(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.online.lobby_scene import LobbyScene

    return LobbyScene(app, **options)


def _new_server_table(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.online.new_table import NewServerTableScene

    return NewServerTableScene(app, **options)


def _leaders(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.online.leaders_scene import LeadersScene

    return LeadersScene(app, **options)


def _host_table(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.online.hosting import host_table

    return host_table(app, **options)


def _reopen_table(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.online.hosting import reopen_table

    return reopen_table(app, **options)


def _online_game(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.table.online.seat import online_table

    return online_table(app, **options)


def _review(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.review.review_scene import ReviewScene

    return ReviewScene(app, **options)


def _practice(app: SceneHost, /, **options: Options) -> Scene:
    from stoneage.scenes.review.practice import practice_table

    return practice_table(app, **options)


SCENES: Mapping[str, SceneFactory] = {
    "title": TitleScene,  # the first screen: new game, continue, load, settings, rules, quit
    "setup": _setup,  # who plays
    # seats=, seed=, state=None, threaded=True, replay=False, autoplay=None, clock=None,
    # practice=None
    "game": _game,
    "scoring": _scoring,  # seats=, state=, seed=: the final scoring of a finished game
    "pause": _pause,  # the menu over a game (Esc)
    "settings": _settings,
    "rules": _rules,
    "log": _log,  # game=: the whole log of that game scene
    "load": _load,  # the saved games
    "stats": _stats,  # records=None, earned=None, tab="overview": the statistics screen
    "save": _save,  # on_saved=None: type a name and save the game below
    "save_elsewhere": _save_elsewhere,  # folder=None: save the game below into a folder
    "tutorial": _tutorial,  # tutorial=None (a fresh lesson), threaded=True: Learn to play
    "learn": _learn,  # the lessons, or the question to resume the one in progress
    # network play: finder=None, address="", code="", name="": join a table by address and code
    "join": _join,
    # name="", address=None (the remembered server): a dedicated server's lobby and quick match
    "lobby": _lobby,
    "new_server_table": _new_server_table,  # url=, where="", name="": a table of one's own there
    "leaders": _leaders,  # url=, name="": a server's best players
    "host_table": _host_table,  # seats=, joins=: host a table with these seats, its waiting room
    "reopen_table": _reopen_table,  # the hosted table kept, served again
    "online_game": _online_game,  # session=, view=: a seat at a table over the network
    # replay=, seat=None, analyse=None, budget=None, review=None: a finished game's review
    "review": _review,
    # practice=, threaded=True: a practice game from a decision of a recorded game
    "practice": _practice,
}
