"""The menus around the table: title, pause, settings, rules, setup and the final scoring."""
