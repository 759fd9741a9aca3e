"""The table during a game: one scene (``scene.TableScene``) for every kind of table, drawn by
its ``painter``, fed by its ``table_input``, with what a kind of game puts over it (``layer``);
its parts by job in sub-packages: ``controls`` (the human's hands), ``drawing`` (the pictures
and the animations), ``session`` (what kind of table, who is at the screen, what is kept),
``telling`` (sounds, the short log, the log scene), ``lesson`` (learn to play) and ``online``
(a seat at a table over the network)."""
