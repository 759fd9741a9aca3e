"""The screens of the program, each a ``Scene`` on the ``App``'s stack, grouped by purpose:

- ``kit``: what every scene stands on: the scene interface and its host (``base``), menu
  panels (``menu``), the confirm dialog (``confirm``) and the toasts (``toasts``);
- ``table``: the table during a game (``scene``) and its parts, controls, drawing helpers and
  animations, the lesson, and the game log over it;
- ``menus``: the title, pause, settings, rules, setup and final scoring screens;
- ``files``: opening, loading and saving games;
- ``stats``: the statistics screen and one view per tab.

Scenes use ``stoneage.ui``, ``stoneage.records``, ``stoneage.play``, ``stoneage.ai`` and
``stoneage.rules``; none of those imports them, and no scene imports the app. Navigation goes
through the app, by name: a scene asks its host (``kit.base.SceneHost``, which the app
satisfies) for the next screen and puts it on the stack::

    self.app.push(self.app.make_scene("settings"))
    self.app.replace(self.app.make_scene("game", seats=seats, seed=seed))

so no scene imports the scene it leads to. The names live in ``catalog.SCENES``; adding a scene
is one line there. The screenshot mode's stacks are built by ``stoneage.staging``.
"""
