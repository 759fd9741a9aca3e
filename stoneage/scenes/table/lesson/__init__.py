"""Learn to play on the real table: the lesson's layer over the table (``lesson``), its bubble
(``coach``), its pictures over the table (``drawing``), the lesson's table (``guided``) and
opening the lessons (``opening``)."""
