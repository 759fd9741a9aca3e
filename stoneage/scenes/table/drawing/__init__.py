"""The table's pictures: the game's pieces (``pieces``), the main board (``board``), the player
boards (``panels``), the status bar (``status``), the whole table kept between frames
(``picture``), the first-game tips (``tips``), the tooltips' words (``tooltips``) and how each
step is animated (``motion``)."""
