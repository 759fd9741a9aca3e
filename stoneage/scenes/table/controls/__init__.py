"""The human's hands at the table: what every control offers (``base``), placing figures and
choosing the space to resolve (``placing``), the dialogs (``dialogs``, ``payment``), the
controls for the decision on screen (``hands``) and the table's own buttons (``toolbar``)."""
