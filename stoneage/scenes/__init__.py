"""The screens of the program (title, setup, game, scoring, menus), each a ``Scene`` on the
``App``'s stack. Scenes may use ``stoneage.ui``, ``stoneage.ai`` and ``stoneage.rules``; neither
imports them, and no scene imports the app.

Navigation goes through the app, by name: a scene asks its host (``base.SceneHost``, which the
app satisfies) for the next screen and puts it on the stack::

    self.app.push(self.app.make_scene("settings"))
    self.app.replace(self.app.make_scene("game", seats=seats, seed=seed))

so no scene imports the scene it leads to. The names live in ``catalog.SCENES``; adding a scene
is one line there, ``"statistics": StatisticsScene,`` (its ``__init__`` takes the host first,
then keyword options). ``positions`` builds the screenshot stacks (``--scene NAME``).
"""
