"""Frozen references: earlier Hard bots kept exactly as they played, to measure progress.

Each subpackage is a self-contained copy of the search, policy and values that bot used, so
that later changes to the live heuristic cannot change it. Never edit a frozen copy (only what
the rules' interface forces); when Hard improves again, freeze that one as the next ``hardN``.
``tests/ai/test_frozen.py`` checks each against decisions recorded from its commit.
"""
