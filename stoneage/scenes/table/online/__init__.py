"""A seat at a table over the network: the network's words over the table (``notice``)."""
