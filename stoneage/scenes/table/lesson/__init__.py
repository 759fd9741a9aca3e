"""Learn to play on the real table: the lesson's part of the table (``lesson``), its bubble
(``coach``), its pictures over the table (``drawing``) and opening the lessons (``opening``)."""
