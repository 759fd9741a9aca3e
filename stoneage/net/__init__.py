"""Network play, without pygame: a table one player hosts (or a dedicated server holds) and the
clients that join it. The host is the only authority; each client gets what its seat may know."""
