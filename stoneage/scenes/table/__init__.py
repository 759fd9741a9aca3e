"""The table during a game: one scene (``scene.TableScene``) for every kind of table, its parts, the controls, the drawing helpers, the animations, the lesson and the game log."""
