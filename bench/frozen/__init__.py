"""Frozen references: earlier Hard bots kept exactly as they played, to measure progress.

Each subpackage is a self-contained copy of the search, policy and values that bot used, so
that later changes to the live heuristic cannot change it. Never edit a frozen copy (only what
the rules' interface forces); when Hard improves again, freeze that one as the next ``hardN``
and name it in ``stoneage.ai.references.REFERENCE_LEVELS``.
``tests/ai/test_frozen.py`` checks each against decisions recorded from its commit.

They live in the checkout, not in the installed game (no player meets them): the headless
runner (``python -m stoneage.sim --seats hard,hard1``) and the benchmarks find them through
``stoneage.ai.references`` when run from a checkout, and say so when they are not there.
"""
