"""A seat at a table over the network: the table of a remote seat and the network's layer over
it (``seat``), and the network's words drawn over the table (``notice``)."""
