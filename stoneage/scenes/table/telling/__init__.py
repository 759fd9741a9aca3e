"""What happened, told: in sounds and table events (``announcer``), in the table's short log
(``table_log``) and in the whole game log over the table (``log_scene``)."""
