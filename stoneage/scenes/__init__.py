"""The screens of the program (title, setup, game, scoring, menus), each a ``Scene`` on the
``App``'s stack. Scenes may use ``stoneage.ai`` and ``stoneage.rules``; neither imports them."""
