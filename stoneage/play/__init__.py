"""The play layer, between the rules and the window, without pygame.

- ``match``: ``Match``, the one driver of every game the program plays, and its seed policy;
- ``seats``: who sits at the table;
- ``savefile``: the save and replay file (format, version, migration, reading, writing);
- ``story``: the story of a move as data (log lines, cues), and the words of the moment;
- ``cues``: which sounds a step makes;
- ``names``: the words for the engine's names;
- ``assist``: the Hint and the yield previews.
"""
