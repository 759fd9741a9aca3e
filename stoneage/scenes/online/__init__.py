"""Playing over the network, before and around the table: joining a table (by its address and
code, or from the tables found on the local network), hosting one from the setup screen, and
the waiting room where the seats fill until the game begins."""
