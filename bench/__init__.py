"""Benchmarks (scripts: ``python bench/NAME.py``) and the frozen reference bots (``bench.frozen``).

Nothing here is installed: a wheel, an sdist install and the frozen program hold only the
``stoneage`` package. A package only so that ``bench.frozen.hard1`` can be imported from a
checkout (by the tests, and by ``stoneage.ai.references`` for the headless runner).
"""
