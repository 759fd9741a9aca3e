"""What a table is and keeps: its kind (``mode``), bots playing alone (``autoplay``), who is at
the screen (``turns``), the autosave and the game's record (``keeper``) and the Hint
(``hinting``)."""
