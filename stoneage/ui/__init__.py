"""Drawing helpers the scenes share, with pygame: assets (images, fonts, text), the theme's
colours, widgets (buttons, text, panels, tooltips), the layouts of the table and the menus,
animation, and the sound manager (``audio``)."""
